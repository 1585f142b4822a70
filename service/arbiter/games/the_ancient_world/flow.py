"""The flow engine: who acts, the legal moves of the pending decision, and applying a move.

After every move :func:`advance` runs the automatic tasks of the ``pending`` stack (draws that
need no chance, the end of a turn, of a round, the preparation of the next) and skips decisions
that have nothing to decide, until a player or chance must decide or the game is over.
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import CHANCE, Actor, ChanceOutcome, Event
from arbiter.core.chance import generator, pick_uniform
from arbiter.games.the_ancient_world import actions, cards, placement, rounds, titans
from arbiter.games.the_ancient_world.common import pop, replace_top, with_player
from arbiter.games.the_ancient_world.decks import (
    discard_pile,
    get_deck,
    refilled_deck,
    reshuffle,
    take_known,
    take_middle,
    titan_deck,
)
from arbiter.games.the_ancient_world.events import (
    CardDrawn,
    CardRevealed,
    CardSetAside,
    DeckReshuffled,
    TitanRevealed,
)
from arbiter.games.the_ancient_world.moves import (
    Attack,
    Borrow,
    Build,
    BuyKnowledge,
    ChooseTitans,
    Decline,
    Disband,
    DiscardArmy,
    DrawCard,
    ExploreDeck,
    Fight,
    FightNow,
    KeepProvince,
    LoseCard,
    NewArmy,
    Pass,
    PayExpand,
    Place,
    PlaceOnCard,
    PutOnTop,
    RebuildCard,
    Recruit,
    RemoveArmyCoin,
    RollDie,
    SetAsideDrawn,
    SetAsideFromRow,
    Starve,
    TakeFromDeck,
    UseArmy,
    Withdraw,
)
from arbiter.games.the_ancient_world.state import (
    AncientWorldState,
    BeginActions,
    ChooseArmies,
    ChooseBorrow,
    ChooseBuild,
    ChooseDiscardArmy,
    ChooseEnlist,
    ChooseExpandPay,
    ChooseExplore,
    ChooseForestFight,
    ChooseLoss,
    ChooseOutpost,
    ChooseProvince,
    ChooseRebuild,
    ChooseRecruit,
    ChooseScribes,
    ChooseSetAside,
    ChooseStarving,
    ChooseTitanDeck,
    ChooseTitanOrder,
    ChooseZorsk,
    Dice,
    DiscardPile,
    Draw,
    EndRound,
    EndTurn,
    NextRound,
    Pending,
    Prepare,
)
from arbiter.games.the_ancient_world.tables import Tables

State = AncientWorldState


def to_act(s: State) -> tuple[Actor, ...]:
    if s.phase == "over":
        return ()
    if not s.pending:
        return (s.current,)
    task = s.pending[-1]
    if isinstance(task, (Draw, Dice)):
        return (CHANCE,)
    seat: int = getattr(task, "seat", s.current)
    return (seat,)


# ------------------------------------------------------------------------------- moves


def decision_moves(s: State, t: Tables, task: Pending) -> list[Any]:
    """The legal moves answering the pending decision ``task``."""
    if isinstance(task, ChooseArmies):
        return titans.army_moves(s, t, task)
    if isinstance(task, ChooseBuild):
        return actions.build_moves(s, t, task.seat)
    if isinstance(task, ChooseExpandPay):
        return actions.expand_pay_moves(s, task.seat)
    if isinstance(task, ChooseProvince):
        return [KeepProvince(seat=task.seat, card=c) for c in task.options]
    if isinstance(task, ChooseRecruit):
        return actions.recruit_moves(s, t, task.seat)
    if isinstance(task, ChooseEnlist):
        return actions.enlist_moves(s, t, task)
    if isinstance(task, ChooseExplore):
        return actions.explore_moves(s, task.seat)
    if isinstance(task, ChooseSetAside):
        return [SetAsideDrawn(seat=task.seat, card=c) for c in task.drawn]
    if isinstance(task, ChooseRebuild):
        return actions.rebuild_moves(s, task)
    if isinstance(task, ChooseLoss):
        return titans.loss_moves(s, task)
    if isinstance(task, ChooseDiscardArmy):
        return titans.discard_moves(s, task)
    if isinstance(task, ChooseBorrow):
        p = s.players[task.seat]
        return cards.borrow_targets(s, t, task.seat, p.coins, p.knowledge)
    if isinstance(task, ChooseTitanDeck):
        return cards.forest_deck_moves(s, task)
    if isinstance(task, ChooseTitanOrder):
        return [PutOnTop(seat=task.seat, card=c) for c in task.cards]
    if isinstance(task, ChooseForestFight):
        return cards.forest_fight_moves(s, t, task)
    if isinstance(task, ChooseScribes):
        return cards.scribes_moves(s, task)
    if isinstance(task, ChooseOutpost):
        return cards.outpost_moves(s, task)
    if isinstance(task, ChooseZorsk):
        return cards.zorsk_moves(s, task)
    if isinstance(task, ChooseStarving):
        return rounds.starve_moves(s, task)
    return []


def generate_moves(s: State, t: Tables, actor: Actor) -> list[Any]:
    if actor == CHANCE or actor not in to_act(s):
        return []
    if not s.pending:
        return placement.turn_moves(s, t, s.current)
    return decision_moves(s, t, s.pending[-1])


def candidate_moves(s: State, t: Tables, actor: int, move: Any) -> list[Any]:
    """The part of :func:`generate_moves` a move of this type can be in."""
    if not s.pending:
        return placement.turn_candidates(s, t, s.current, move)
    return decision_moves(s, t, s.pending[-1])


def chance_outcomes(s: State, t: Tables) -> list[ChanceOutcome]:
    if s.phase == "over" or not s.pending:
        return []
    task = s.pending[-1]
    if isinstance(task, Draw):
        deck = task.deck
        return [ChanceOutcome(DrawCard(deck=deck, card=c), 1) for c in get_deck(s, deck).middle]
    if isinstance(task, Dice):
        return titans.dice_outcomes(t, task)
    return []


def drawn_card(s: State) -> DrawCard | None:
    """The card chance draws now when the pending decision is a card draw (what
    :func:`~arbiter.core.chance.pick` draws from :func:`chance_outcomes` with the decision's
    generator), without building an outcome for every card in the deck; ``None`` otherwise."""
    task = s.pending[-1] if s.phase != "over" and s.pending else None
    if not isinstance(task, Draw):
        return None
    card = pick_uniform(get_deck(s, task.deck).middle, generator(s.seed, s.step))
    return DrawCard(deck=task.deck, card=card)


# ------------------------------------------------------------------------------ advance


def deliver(s: State, t: Tables, task: Draw, card: str, ev: list[Event]) -> State:
    """Put a drawn card where the draw sends it, then count the draw done."""
    to = task.to
    if to == "empire_row":
        s = msgspec.structs.replace(s, empire_row=(*s.empire_row, card))
        ev.append(CardRevealed(deck=task.deck, card=card, to=to))
    elif to == "army_row":
        s = msgspec.structs.replace(s, army_row=(*s.army_row, card))
        ev.append(CardRevealed(deck=task.deck, card=card, to=to))
    elif to == "province_top":
        s = msgspec.structs.replace(s, province_top=card)
        ev.append(CardRevealed(deck=task.deck, card=card, to=to))
    elif to == "titan_top":
        stars = int(task.deck[-1])
        s = msgspec.structs.replace(s, titan_tops=s.titan_tops.showing(stars, card))
        ev.append(TitanRevealed(deck=titan_deck(stars), card=card))
    elif (seat := task.seat) is None:  # pragma: no cover - a private draw names its seat
        raise AssertionError(f"a draw to {to!r} needs a seat")
    elif to == "set_aside":
        # Zorsk playwrights: the top card of the deck, straight to the seat's set-aside cards.
        ev.append(CardDrawn(seat=seat, deck=task.deck, card=card, to=to, visible_to=(seat,)))
        p = s.players[seat]
        s = with_player(s, seat, msgspec.structs.replace(p, set_aside=(*p.set_aside, card)))
        ev.append(CardSetAside(seat=seat, card=card, source="deck", visible_to=(seat,)))
    else:
        below = s.pending[-2]
        if isinstance(below, ChooseSetAside):
            below = msgspec.structs.replace(below, drawn=(*below.drawn, card))
        elif isinstance(below, ChooseProvince):
            below = msgspec.structs.replace(below, options=(*below.options, card))
        elif isinstance(below, ChooseTitanOrder):
            below = msgspec.structs.replace(below, cards=(*below.cards, card))
        else:  # pragma: no cover - the draw is always pushed over its decision
            raise AssertionError(f"a draw to {to!r} needs its decision below it")
        s = msgspec.structs.replace(s, pending=(*s.pending[:-2], below, s.pending[-1]))
        ev.append(CardDrawn(seat=seat, deck=task.deck, card=card, to=to, visible_to=(seat,)))
    if task.count > 1:
        return replace_top(s, msgspec.structs.replace(task, count=task.count - 1))
    return pop(s)


def _auto_draw(s: State, t: Tables, task: Draw, ev: list[Event]) -> State | None:
    """Draw without chance if possible; ``None`` when chance must pick from the middle."""
    s2, card = take_known(s, task.deck)
    if card is not None:
        return deliver(s2, t, task, card, ev)
    if get_deck(s, task.deck).middle:
        return None
    refilled = refilled_deck(task.deck)
    pile = discard_pile(s, task.deck)
    if refilled is not None and pile:
        kind: DiscardPile = "army" if refilled == "army" else "empire"
        ev.append(DeckReshuffled(deck=refilled, pile=kind, cards=len(pile)))
        return reshuffle(s, refilled)
    # The deck is exhausted (titans, provinces) or both deck and discards are empty.
    return pop(s)


def _skip(s: State, t: Tables, task: Pending, ev: list[Event]) -> State | list[Any] | None:
    """Resolve a decision with nothing to decide. If the seat must decide: its moves, when
    they were listed to find that out, or ``None``."""
    if isinstance(task, ChooseDiscardArmy):
        return None if titans.over_limit(s, t, task.seat) else pop(s)
    if isinstance(task, ChooseRebuild):
        return None if task.remaining > 0 and s.players[task.seat].lost else pop(s)
    if isinstance(task, ChooseLoss):
        return None if task.count > 0 and s.players[task.seat].empire else pop(s)
    if isinstance(task, ChooseTitanOrder):
        return cards.finish_order(s, t, ev) if len(task.cards) <= 1 else None
    if isinstance(task, ChooseStarving):
        return None if task.count > 0 else pop(s)
    if isinstance(task, ChooseArmies):
        return None
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
            nxt = _auto_draw(s, t, task, ev)
            if nxt is None:
                return s, None
            s = nxt
        elif isinstance(task, Dice):
            if not titans.die_is_certain(t, task):
                return s, None
            face = t.die_weights[task.rolled % len(t.die_weights)][0][0]
            s = titans.do_roll(s, t, RollDie(face=face), ev)
        elif isinstance(task, EndTurn):
            s = rounds.end_turn(s, ev)
        elif isinstance(task, EndRound):
            s = rounds.end_round(s, t, ev)
        elif isinstance(task, NextRound):
            s = rounds.next_round(s, t, ev)
        elif isinstance(task, Prepare):
            s = rounds.prepare(s, t, ev)
        elif isinstance(task, BeginActions):
            s = rounds.begin_actions(s, ev)
        else:
            skipped = _skip(s, t, task, ev)
            if skipped is None or isinstance(skipped, list):
                return s, skipped
            s = skipped
    return s, None


# ------------------------------------------------------------------------------ perform


def perform(s: State, t: Tables, move: Any) -> tuple[State, list[Event], list[Any] | None]:
    """The state after ``move`` and what happened; and the legal moves of the decision it waits
    for, when :func:`settle` listed them."""
    ev: list[Event] = []
    s, listed = settle(_perform(s, t, move, ev), t, ev)
    return s, ev, listed


def _perform(s: State, t: Tables, move: Any, ev: list[Event]) -> State:
    if isinstance(move, DrawCard):
        task = s.pending[-1]
        assert isinstance(task, Draw)
        return deliver(take_middle(s, move.deck, move.card), t, task, move.card, ev)
    if isinstance(move, RollDie):
        return titans.do_roll(s, t, move, ev)
    if not s.pending:
        if isinstance(move, Place):
            return placement.do_place(s, t, move, ev)
        if isinstance(move, PlaceOnCard):
            return placement.do_place_on_card(s, t, move, ev)
        if isinstance(move, Fight):
            return placement.do_fight(s, move, ev)
        assert isinstance(move, Pass)
        return rounds.do_pass(s, t, move, ev)
    if isinstance(move, UseArmy):
        return titans.do_use_army(s, t, move, ev)
    if isinstance(move, Attack):
        return titans.do_attack(s, t, move, ev)
    if isinstance(move, Withdraw):
        return titans.do_withdraw(s, move, ev)
    if isinstance(move, Build):
        return actions.do_build(s, t, move, ev)
    if isinstance(move, PayExpand):
        return actions.do_pay_expand(s, t, move, ev)
    if isinstance(move, KeepProvince):
        return actions.do_keep_province(s, t, move, ev)
    if isinstance(move, Recruit):
        return actions.do_recruit(s, t, move, ev)
    if isinstance(move, (NewArmy, Disband)):
        return actions.do_enlist(s, t, move, ev)
    if isinstance(move, ExploreDeck):
        return actions.do_explore_deck(s, t, move, ev)
    if isinstance(move, SetAsideFromRow):
        return actions.do_set_aside_from_row(s, move, ev)
    if isinstance(move, SetAsideDrawn):
        return actions.do_set_aside_drawn(s, t, move, ev)
    if isinstance(move, RebuildCard):
        return actions.do_rebuild_card(s, move, ev)
    if isinstance(move, LoseCard):
        return titans.do_lose(s, move, ev)
    if isinstance(move, DiscardArmy):
        return titans.do_discard(s, t, move, ev)
    if isinstance(move, Borrow):
        return cards.do_borrow(s, t, move, ev)
    if isinstance(move, ChooseTitans):
        return cards.do_choose_titans(s, move, ev)
    if isinstance(move, PutOnTop):
        return cards.do_put_on_top(s, move, ev)
    if isinstance(move, FightNow):
        return cards.do_fight_now(s, move, ev)
    if isinstance(move, BuyKnowledge):
        return cards.do_buy_knowledge(s, move, ev)
    if isinstance(move, RemoveArmyCoin):
        return cards.do_remove_coin(s, move, ev)
    if isinstance(move, TakeFromDeck):
        return cards.do_take_from_deck(s, move)
    if isinstance(move, Starve):
        return rounds.do_starve(s, move, ev)
    assert isinstance(move, Decline)
    return pop(s)
