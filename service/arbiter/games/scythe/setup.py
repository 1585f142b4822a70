"""Setup («Подготовка к игре»).

Chance decides, in this order: the structure bonus tile; the factions and the player mats
(``assignment: random``; with ``chosen`` each seat picks in seat order); each player's combat
cards and objective cards (private); the Factory cards set out face down (players + 1). The
pieces are placed by the rulebook: the character on the home base, a worker on each of the two
territories next to the base by land, power and combat cards from the faction mat, popularity,
coins and objectives from the player mat, encounter tokens on the 11 encounter spaces. The seat
with the lowest player-mat number starts.
"""

from __future__ import annotations

import itertools

import msgspec

from arbiter.core import ChanceOutcome, Event, IllegalMove
from arbiter.core.texts import text
from arbiter.games.scythe.board import pop, push, refuse
from arbiter.games.scythe.content import FACTIONS, FactionId, MatId
from arbiter.games.scythe.events import (
    CombatCardDrawn,
    FactoryCardsSetOut,
    ObjectiveDealt,
)
from arbiter.games.scythe.moves import (
    ChooseFaction,
    DealFactions,
    DealFactoryCard,
    DealMat,
    DealObjective,
    DealStructureTile,
    DrawCombatCard,
)
from arbiter.games.scythe.options import ScytheOptions
from arbiter.games.scythe.state import (
    CARD_VALUES,
    NO_CARDS,
    ChooseFactionTask,
    DealFactory,
    DealObjectives,
    DrawCombat,
    Pending,
    PlaceStart,
    PlayerState,
    ScytheState,
    SetupFactions,
    SetupMat,
    SetupTile,
    StartPlay,
    Turn,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState


def initial_state(
    players: int,
    options: ScytheOptions,
    seed: int,
    content_id: str,
    t: Tables,
    rules_version: str,
) -> State:
    tasks: list[Pending] = [StartPlay(), DealFactory(count=players + 1), PlaceStart()]
    if options.assignment == "random":
        tasks += [SetupMat(player=i) for i in reversed(range(players))]
        tasks.append(SetupFactions())
    else:
        tasks += [ChooseFactionTask(seat=i) for i in reversed(range(players))]
    tasks.append(SetupTile())
    return ScytheState(
        rules_version=rules_version,
        content_id=content_id,
        seed=seed,
        options=options,
        players_count=players,
        pending=tuple(tasks),
    )


# ------------------------------------------------------------------------ chance


def _seated(factions: tuple[FactionId, ...], t: Tables) -> tuple[FactionId, ...]:
    """The recommended clockwise seating «Нордик, Русвет, Кримея, Саксония, Полания»."""
    return tuple(sorted(factions, key=lambda f: t.factions[f].seat))


def draw_weights(s: State) -> list[ChanceOutcome]:
    """A combat card from the deck (reshuffled from the discard pile when empty)."""
    deck = s.combat_deck if any(s.combat_deck) else s.combat_discard
    return [
        ChanceOutcome(DrawCombatCard(value=v), n)
        for v, n in zip(CARD_VALUES, deck, strict=True)
        if n
    ]


def outcomes(s: State, t: Tables, task: Pending) -> list[ChanceOutcome]:
    if isinstance(task, SetupTile):
        return [ChanceOutcome(DealStructureTile(tile=k), 1) for k in t.tiles]
    if isinstance(task, SetupFactions):
        ids = [f for f in FACTIONS if f in t.factions]
        return [
            ChanceOutcome(DealFactions(factions=_seated(combo, t)), 1)
            for combo in itertools.combinations(ids, s.players_count)
        ]
    if isinstance(task, SetupMat):
        taken = set(s.mats)
        return [
            ChanceOutcome(DealMat(player=task.player, mat=m), 1) for m in t.mats if m not in taken
        ]
    if isinstance(task, DrawCombat):
        return draw_weights(s)
    if isinstance(task, DealObjectives):
        return [ChanceOutcome(DealObjective(card=c), 1) for c in s.objective_deck]
    if isinstance(task, DealFactory):
        out = set(s.factory_cards)
        return [ChanceOutcome(DealFactoryCard(card=c), 1) for c in t.factory_cards if c not in out]
    return []


def apply_chance(s: State, t: Tables, task: Pending, move: object, events: list[Event]) -> State:
    if isinstance(move, DealStructureTile):
        return pop(msgspec.structs.replace(s, structure_tile=move.tile))
    if isinstance(move, DealFactions):
        return pop(msgspec.structs.replace(s, factions=move.factions))
    if isinstance(move, DealMat):
        return pop(msgspec.structs.replace(s, mats=(*s.mats, move.mat)))
    if isinstance(move, DrawCombatCard):
        assert isinstance(task, DrawCombat)
        return draw_card(s, task, move.value, events)
    if isinstance(move, DealObjective):
        assert isinstance(task, DealObjectives)
        p = s.players[task.seat]
        s = _set_player(s, task.seat, objectives=(*p.objectives, move.card))
        s = msgspec.structs.replace(
            s, objective_deck=tuple(c for c in s.objective_deck if c != move.card)
        )
        events.append(ObjectiveDealt(seat=task.seat, card=move.card, visible_to=(task.seat,)))
        return _count_down(s, task)
    assert isinstance(move, DealFactoryCard) and isinstance(task, DealFactory)
    s = msgspec.structs.replace(s, factory_cards=tuple(sorted((*s.factory_cards, move.card))))
    events.append(FactoryCardsSetOut())
    return _count_down(s, task)


def _set_player(s: State, seat: int, **changes: object) -> State:
    from arbiter.games.scythe.board import update_player

    return update_player(s, seat, **changes)


def _count_down(s: State, task: DrawCombat | DealObjectives | DealFactory) -> State:
    from arbiter.games.scythe.board import replace_top

    if task.count > 1:
        return replace_top(s, msgspec.structs.replace(task, count=task.count - 1))
    return pop(s)


def draw_card(s: State, task: DrawCombat, value: int, events: list[Event]) -> State:
    """«Если колода карт битвы опустеет, замешайте сброс и сформируйте новую колоду»."""
    if not any(s.combat_deck):
        s = msgspec.structs.replace(s, combat_deck=s.combat_discard, combat_discard=NO_CARDS)
    i = CARD_VALUES.index(value)
    deck = list(s.combat_deck)
    deck[i] -= 1
    s = msgspec.structs.replace(s, combat_deck=(deck[0], deck[1], deck[2], deck[3]))
    p = s.players[task.seat]
    s = _set_player(s, task.seat, hand=tuple(sorted((*p.hand, value))))
    events.append(CombatCardDrawn(seat=task.seat, value=value, visible_to=(task.seat,)))
    return _count_down(s, task)


# ------------------------------------------------------------------------ chosen factions


def choose_refusal(s: State, t: Tables, m: ChooseFaction) -> IllegalMove | None:
    if m.faction not in t.factions or m.faction in s.factions:
        return refuse(
            "setup.faction_taken", text("faction {faction!r} is not available", faction=m.faction)
        )
    if m.mat not in t.mats or m.mat in s.mats:
        return refuse("setup.mat_taken", text("player mat {mat!r} is not available", mat=m.mat))
    return None


def choose_moves(s: State, t: Tables, task: ChooseFactionTask) -> list[ChooseFaction]:
    return [
        ChooseFaction(seat=task.seat, faction=f, mat=m)
        for f in t.factions
        if f not in s.factions
        for m in t.mats
        if m not in s.mats
    ]


def apply_choose(s: State, m: ChooseFaction) -> State:
    return pop(msgspec.structs.replace(s, factions=(*s.factions, m.faction), mats=(*s.mats, m.mat)))


# ------------------------------------------------------------------------ placing


def place_start(s: State, t: Tables) -> State:
    players = []
    for faction_id, mat_id in zip(s.factions, s.mats, strict=True):
        faction = t.factions[faction_id]
        mat = t.mats[mat_id]
        players.append(
            PlayerState(
                faction=faction_id,
                mat=mat_id,
                power=faction.power,
                popularity=mat.popularity,
                coins=mat.coins,
                character=t.base_of[faction_id],
                workers=t.starting_workers[faction_id],
            )
        )
    s = msgspec.structs.replace(
        s,
        players=tuple(players),
        resources={},
        encounter_tokens=t.encounter_spaces,
        encounter_deck=tuple(sorted(t.encounters)),
        objective_deck=tuple(sorted(t.objectives)),
        combat_deck=t.combat_counts,
    )
    s = pop(s)
    draws: list[Pending] = []
    for seat, (faction_id, mat_id) in enumerate(zip(s.factions, s.mats, strict=True)):
        n_cards = t.factions[faction_id].combat_cards
        n_obj = t.mats[mat_id].objective_cards
        if n_cards:
            draws.append(DrawCombat(seat=seat, count=n_cards))
        if n_obj:
            draws.append(DealObjectives(seat=seat, count=n_obj))
    return push(s, *reversed(draws))


def start_play(s: State, t: Tables) -> State:
    """«Игрок с наименьшим значением в этой ячейке планшета начинает первым»."""
    first = min(range(s.players_count), key=lambda i: t.mats[s.players[i].mat].number)
    return msgspec.structs.replace(pop(s), phase="play", turn=Turn(seat=first))


def mat_of(s: State, seat: int) -> MatId:
    return s.players[seat].mat
