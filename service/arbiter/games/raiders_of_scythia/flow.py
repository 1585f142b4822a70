"""The flow engine: who acts, the legal moves of the pending decision, and applying a move.

After every move :func:`advance` runs the automatic tasks on top of the ``pending`` stack (the
raid's scoring and aftermath, the end of a turn, the chief's turn, a deck reshuffled) and skips
decisions with nothing to decide, until a player or chance must decide or the game is over. Every
change the move made is then told by the events of :func:`.events.ledger`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import CHANCE, Actor, ChanceOutcome, Event
from arbiter.core.chance import generator, pick_uniform
from arbiter.core.types import tag_of
from arbiter.games.raiders_of_scythia import buildings, raid, setup, solo, turns
from arbiter.games.raiders_of_scythia.common import State, pop, replace_top, update
from arbiter.games.raiders_of_scythia.events import DeckReshuffled, QuestTurnedUp, ledger
from arbiter.games.raiders_of_scythia.moves import (
    DiscardCard,
    DiscardDealt,
    DrawCard,
    KeepDice,
    PickUp,
    PlacePlunder,
    Raid,
    Reroll,
    RollDie,
    Skip,
    SpendKumis,
    StartPlayer,
    TakePair,
    TakeSpace,
    Work,
    Wound,
)
from arbiter.games.raiders_of_scythia.state import (
    AssignWounds,
    BuildingAction,
    ChiefTurn,
    ChooseKumis,
    ChoosePair,
    ChoosePickUp,
    ChooseReroll,
    ChooseSpace,
    ChooseTurn,
    DeckName,
    DiscardToLimit,
    Draw,
    DrawPlunder,
    EndChiefTurn,
    EndTurn,
    FirstPlayer,
    RaidAftermath,
    RevealSetAside,
    Roll,
    ScoreRaid,
    SetAside,
    Task,
)
from arbiter.games.raiders_of_scythia.tables import Tables

_DECKS: dict[DeckName, tuple[str, str | None]] = {
    # deck -> (state member, its discard pile; None: never refilled)
    "crew": ("crew_deck", "crew_discard"),
    "animals": ("animal_deck", "animal_discard"),
    "heroes": ("hero_deck", None),
    "quests": ("quest_pool", None),
    "schemes": ("scheme_deck", "scheme_discard"),
}


def to_act(s: State) -> tuple[Actor, ...]:
    if s.phase == "over" or not s.pending:
        return ()
    task = s.pending[-1]
    if isinstance(task, (Draw, DrawPlunder, FirstPlayer, Roll)):
        return (CHANCE,)
    seat: int = getattr(task, "seat", s.current)
    return (seat,)


# ------------------------------------------------------------------------------- moves


def decision_moves(s: State, t: Tables, task: Task) -> list[Any]:
    """The legal moves answering the pending decision ``task``."""
    if isinstance(task, ChooseTurn):
        return [*turns.work_moves(s, task.seat), *raid.raid_moves(s, t, task.seat)]
    if isinstance(task, BuildingAction):
        return buildings.action_moves(s, t, task)
    if isinstance(task, ChoosePickUp):
        return turns.pick_up_moves(s, task.seat)
    if isinstance(task, ChooseKumis):
        return raid.kumis_moves(s, task.seat)
    if isinstance(task, ChooseReroll):
        return raid.reroll_moves(s, task.seat)
    if isinstance(task, AssignWounds):
        return raid.wound_moves(s, task.seat)
    if isinstance(task, ChooseSpace):
        return raid.space_moves(s, t, task.seat)
    if isinstance(task, DiscardToLimit):
        return turns.discard_moves(s, task.seat)
    if isinstance(task, ChoosePair):
        return [TakePair(seat=task.seat, hero=p.hero) for p in s.pairs]
    if isinstance(task, SetAside):
        hand = s.players[task.seat].hand
        return [DiscardDealt(seat=task.seat, card=c) for c in dict.fromkeys(hand)]
    moves = buildings.sub_moves(s, t, task)
    return moves if moves is not None else []


def generate_moves(s: State, t: Tables, actor: Actor) -> list[Any]:
    if actor == CHANCE or actor not in to_act(s):
        return []
    return decision_moves(s, t, s.pending[-1])


def _deck(s: State, deck: DeckName) -> tuple[str, ...]:
    cards: tuple[str, ...] = getattr(s, _DECKS[deck][0])
    return cards


def chance_outcomes(s: State, t: Tables) -> list[ChanceOutcome]:
    if s.phase == "over" or not s.pending:
        return []
    task = s.pending[-1]
    if isinstance(task, Draw):
        return [
            ChanceOutcome(DrawCard(deck=task.deck, card=c), 1)
            for c in dict.fromkeys(_deck(s, task.deck))
        ]
    if isinstance(task, DrawPlunder):
        return [
            ChanceOutcome(PlacePlunder(kind=k), s.bag.of(k))
            for k in ("gold", "equipment", "wagons", "livestock")
            if s.bag.of(k)  # type: ignore[arg-type]
        ]
    if isinstance(task, FirstPlayer):
        return [ChanceOutcome(StartPlayer(first=i), 1) for i in range(len(s.players))]
    if isinstance(task, Roll):
        assert s.raid is not None
        colour = s.raid.dice[task.die].colour
        return [ChanceOutcome(m, n) for m, n in raid.die_outcomes(t, colour)]
    return []


def drawn_card(s: State) -> DrawCard | None:
    """The card chance draws now when the pending decision is a card draw (what
    :func:`~arbiter.core.chance.pick` draws from :func:`chance_outcomes` with the decision's
    generator), without building an outcome for every card in the deck; ``None`` otherwise."""
    task = s.pending[-1] if s.phase != "over" and s.pending else None
    if not isinstance(task, Draw):
        return None
    cards = list(dict.fromkeys(_deck(s, task.deck)))
    return DrawCard(deck=task.deck, card=pick_uniform(cards, generator(s.seed, s.step)))


# ------------------------------------------------------------------------------ advance


def _deliver(s: State, t: Tables, task: Draw, card: str, ev: list[Event]) -> State:
    """Take ``card`` out of its deck and put it where the draw sends it."""
    member = _DECKS[task.deck][0]
    deck = list(getattr(s, member))
    deck.remove(card)
    s = msgspec.structs.replace(s, **{member: tuple(deck)})
    to, i = task.to, task.index
    if to == "village_quest":
        vq = list(s.village_quests)
        vq[i] = card
        s = msgspec.structs.replace(s, village_quests=tuple(vq))
    elif to == "space_quest":
        spaces = list(s.spaces)
        spaces[i] = msgspec.structs.replace(spaces[i], quest=card)
        s = msgspec.structs.replace(s, spaces=tuple(spaces))
        ev.append(QuestTurnedUp(space=t.spaces[i].id, quest=card))
    elif to == "display":
        shown = list(s.animal_display)
        shown[i] = card
        s = msgspec.structs.replace(s, animal_display=tuple(shown))
    elif to == "pair_hero":
        s = setup.add_pair_hero(s, card)
    elif to == "pair_crew":
        s = setup.add_pair_crew(s, i, card)
    elif to == "hand":
        assert task.seat is not None
        s = update(s, task.seat, hand=(*s.players[task.seat].hand, card))
    else:
        assert to == "scheme"
        s = msgspec.structs.replace(s, scheme_discard=(*s.scheme_discard, card))
    if task.count > 1:
        return replace_top(s, msgspec.structs.replace(task, count=task.count - 1))
    return pop(s)


def _empty_deck(s: State, task: Draw, ev: list[Event]) -> State:
    """A draw from an empty deck: its discard pile becomes the deck (Q11; «Если в колоде
    кончились карты, перемешайте сброс»), or, with none, nothing is drawn."""
    member, pile = _DECKS[task.deck]
    cards: tuple[str, ...] = getattr(s, pile) if pile is not None else ()
    if not cards:
        return pop(s)
    ev.append(DeckReshuffled(deck=task.deck, cards=len(cards)))
    assert pile is not None
    return msgspec.structs.replace(s, **{member: tuple(sorted(cards)), pile: ()})


def _skip(s: State, t: Tables, task: Task) -> State | list[Any] | None:
    """Resolve a decision with nothing (or only one thing) to decide. If it must wait: its
    moves, when they were listed to find that out, or ``None``."""
    if isinstance(task, ChooseKumis):
        if s.players[task.seat].stock.kumis:
            return None
        return raid.spend_kumis(s, SpendKumis(seat=task.seat, kumis=0))
    moves = decision_moves(s, t, task)
    return moves if moves else pop(s)


def advance(s: State, t: Tables, ev: list[Event]) -> State:
    """Run the automatic tasks and skip the decisions with nothing to decide, up to the next
    decision (a seat's or chance's) or the end."""
    return settle(s, t, ev)[0]


def settle(s: State, t: Tables, ev: list[Event]) -> tuple[State, list[Any] | None]:
    """:func:`advance`, and the legal moves of the decision it stops at when it listed them
    (to find out that it waits); ``None`` when it did not."""
    while s.phase != "over" and s.pending:
        task = s.pending[-1]
        if isinstance(task, Draw):
            if _deck(s, task.deck):
                return s, None
            s = _empty_deck(s, task, ev)
        elif isinstance(task, (DrawPlunder, FirstPlayer, Roll)):
            if isinstance(task, DrawPlunder) and not s.bag.total():
                s = pop(s)
                continue
            return s, None
        elif isinstance(task, ScoreRaid):
            s = raid.score(s, t, ev)
        elif isinstance(task, RaidAftermath):
            s = raid.aftermath(s, t, ev)
        elif isinstance(task, EndTurn):
            s = turns.end_turn(s, t, task, ev)
        elif isinstance(task, ChiefTurn):
            s = solo.chief_turn(s, t, ev)
        elif isinstance(task, EndChiefTurn):
            s = solo.end_chief_turn(s, ev)
        elif isinstance(task, RevealSetAside):
            s = setup.reveal_set_aside(s, ev)
        else:
            skipped = _skip(s, t, task)
            if skipped is None or isinstance(skipped, list):
                return s, skipped
            s = skipped
    return s, None


# ------------------------------------------------------------------------------ perform


def perform(s: State, t: Tables, move: Any) -> tuple[State, list[Event], list[Any] | None]:
    """The state after ``move`` and what happened; and the legal moves of the decision it waits
    for, when :func:`settle` listed them."""
    ev: list[Event] = []
    before = s
    s, listed = settle(_perform(s, t, move, ev), t, ev)
    ev.extend(ledger(before, s, tag_of(type(move)), t))
    return s, ev, listed


def _perform(s: State, t: Tables, move: Any, ev: list[Event]) -> State:
    task = s.pending[-1]
    if isinstance(move, DrawCard):
        assert isinstance(task, Draw)
        return _deliver(s, t, task, move.card, ev)
    if isinstance(move, PlacePlunder):
        assert isinstance(task, DrawPlunder)
        spaces = list(s.spaces)
        space = spaces[task.space]
        spaces[task.space] = msgspec.structs.replace(
            space, plunder=space.plunder.plus(move.kind, 1)
        )
        s = msgspec.structs.replace(s, spaces=tuple(spaces), bag=s.bag.plus(move.kind, -1))
        if task.count > 1:
            return replace_top(s, msgspec.structs.replace(task, count=task.count - 1))
        return pop(s)
    if isinstance(move, StartPlayer):
        return setup.first_player(s, move.first)
    if isinstance(move, RollDie):
        return raid.roll(s, t, move, ev)
    if isinstance(move, TakePair):
        return setup.take_pair(s, move.seat, move.hero)
    if isinstance(move, DiscardDealt):
        assert isinstance(task, SetAside)
        p = s.players[move.seat]
        hand = list(p.hand)
        hand.remove(move.card)
        s = update(s, move.seat, hand=tuple(hand), set_aside=(*p.set_aside, move.card))
        if task.left > 1:
            return replace_top(s, msgspec.structs.replace(task, left=task.left - 1))
        return pop(s)
    if isinstance(move, Work):
        return turns.work(s, move, ev)
    if isinstance(move, Raid):
        return raid.start(s, t, move, ev)
    if isinstance(move, PickUp):
        return turns.pick_up(s, move, ev)
    if isinstance(move, Skip):
        return pop(s)
    if isinstance(move, SpendKumis):
        return raid.spend_kumis(s, move)
    if isinstance(move, (Reroll, KeepDice)):
        return raid.reroll(s, move)
    if isinstance(move, Wound):
        return raid.wound(s, t, move, ev)
    if isinstance(move, TakeSpace):
        return raid.take_space(s, t, move, ev)
    if isinstance(move, DiscardCard):
        return turns.discard(s, move)
    done = buildings.perform(s, t, move, ev)
    assert done is not None, f"no rule applies {move!r}"
    return done
