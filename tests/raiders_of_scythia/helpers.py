"""Positions for the rules tests: a real game set up, then changed with ``msgspec.structs.replace``.

Every card is moved (never copied) so that the positions stay ones :meth:`check_state` accepts:
a card put somewhere is first taken out of wherever it lay (deck, discard pile, hand, slot,
display...). Plunder given to a player comes out of the supply.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE, Event, IllegalMove
from arbiter.games.raiders_of_scythia.content import Building, Colour, RaidersContent
from arbiter.games.raiders_of_scythia.game import RaidersOfScythia
from arbiter.games.raiders_of_scythia.moves import DiscardDealt, DrawCard, RollDie, TakePair
from arbiter.games.raiders_of_scythia.options import RaidersOptions
from arbiter.games.raiders_of_scythia.state import (
    ChooseTurn,
    DeckName,
    Draw,
    EndTurn,
    Player,
    RaidersState,
    Roll,
    Slot,
    Space,
    Stock,
    Turn,
    Village,
)

State = RaidersState
GAME_ID = "raiders-of-scythia"


@cache
def game() -> RaidersOfScythia:
    return RaidersOfScythia()


def game_with(pack: RaidersContent) -> RaidersOfScythia:
    """A game whose default pack is ``pack`` (a test pack)."""
    return RaidersOfScythia(default=pack)


def pack() -> RaidersContent:
    return game().default_content()


def tables(g: RaidersOfScythia | None = None, s: State | None = None) -> Any:
    g = g or game()
    return g.tables(s.content_id if s is not None else g.default_content_id)


# --------------------------------------------------------------------------------- setup


def setup_to_play(
    players: int,
    seed: int = 1,
    options: RaidersOptions | None = None,
    g: RaidersOfScythia | None = None,
) -> State:
    """A game set up with chance from ``seed``, every seat taking the first pair offered and
    discarding its first two cards: the state at the first player's first ChooseTurn."""
    g = g or game()
    s = g.new_state(players, options, seed)
    while s.phase == "setup":
        s, _ = g.resolve_chance(s)
        if s.phase != "setup":
            break
        (seat,) = g.to_act(s)
        assert isinstance(seat, int)
        moves = g.legal_moves(s, seat)
        move = next(m for m in moves if isinstance(m, (TakePair, DiscardDealt)))
        s, _ = g.apply(s, move)
    return s


def at_turn(
    players: int = 2,
    seat: int = 0,
    seed: int = 1,
    options: RaidersOptions | None = None,
    g: RaidersOfScythia | None = None,
    **changes: Any,
) -> State:
    """A state in play at ``seat``'s ChooseTurn with a fresh turn record, ``changes`` applied to
    the state first (a ``village``, ``spaces``...)."""
    s = setup_to_play(players, seed, options, g)
    s = msgspec.structs.replace(s, **changes) if changes else s
    return begin(s, seat)


def begin(s: State, seat: int, blocked: Building | None = None) -> State:
    """``seat``'s turn begins now (the workers in the village are its pick-up choices)."""
    start = tuple(b for b in BUILDINGS if s.village.at(b) is not None)
    return msgspec.structs.replace(
        s,
        current=seat,
        turn=Turn(start_workers=start, blocked=blocked),
        pending=(EndTurn(seat=seat), ChooseTurn(seat=seat)),
        raid=None,
    )


BUILDINGS: tuple[Building, ...] = (
    "stables",
    "barracks",
    "silversmith",
    "farm",
    "chiefs_tent",
    "town_centre",
    "meeting_tent",
    "market",
)


#: Where :func:`village` puts the blue workers that make up the village's three.
FILL: tuple[Building, ...] = (
    "market",
    "meeting_tent",
    "town_centre",
    "silversmith",
    "farm",
    "barracks",
)


def village(free: tuple[Building, ...] = (), **workers: Colour | None) -> Village:
    """The village with the named buildings occupied and, as always, 3 workers in all: the
    others are blue, on the first buildings of :data:`FILL` neither named nor ``free``."""
    placed = {b: w for b, w in workers.items() if w is not None}
    for b in FILL:
        if len(placed) >= 3:
            break
        if b not in placed and b not in free and b not in workers:
            placed[b] = "blue"
    return Village(**{b: placed.get(b) for b in BUILDINGS})


# ------------------------------------------------------------------------------- cards


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(c for c in cards if c != card)


def take_crew(s: State, card: str) -> State:
    """``s`` with crew card ``card`` taken out of wherever it lies."""
    players = []
    for p in s.players:
        slots = tuple(
            msgspec.structs.replace(sl, crew=None, wounds=0) if sl.crew == card else sl
            for sl in p.slots
        )
        players.append(
            msgspec.structs.replace(
                p,
                hand=_without(p.hand, card),
                set_aside=_without(p.set_aside, card),
                slots=slots,
            )
        )
    return msgspec.structs.replace(
        s,
        players=tuple(players),
        crew_deck=_without(s.crew_deck, card),
        crew_discard=_without(s.crew_discard, card),
    )


def take_animal(s: State, card: str) -> State:
    players = []
    for p in s.players:
        slots = tuple(
            msgspec.structs.replace(
                sl,
                eagle=None if sl.eagle == card else sl.eagle,
                horse=None if sl.horse == card else sl.horse,
            )
            for sl in p.slots
        )
        players.append(msgspec.structs.replace(p, slots=slots))
    chief = s.chief
    if chief is not None:
        chief = msgspec.structs.replace(chief, horses=_without(chief.horses, card))
    return msgspec.structs.replace(
        s,
        players=tuple(players),
        chief=chief,
        animal_deck=_without(s.animal_deck, card),
        animal_discard=_without(s.animal_discard, card),
        animal_display=tuple(None if c == card else c for c in s.animal_display),
    )


def take_quest(s: State, quest: str) -> State:
    players = tuple(msgspec.structs.replace(p, quests=_without(p.quests, quest)) for p in s.players)
    chief = s.chief
    if chief is not None:
        chief = msgspec.structs.replace(chief, quests=_without(chief.quests, quest))
    return msgspec.structs.replace(
        s,
        players=players,
        chief=chief,
        quest_pool=_without(s.quest_pool, quest),
        village_quests=tuple(None if q == quest else q for q in s.village_quests),
        spaces=tuple(
            msgspec.structs.replace(sp, quest=None) if sp.quest == quest else sp for sp in s.spaces
        ),
    )


def player(s: State, seat: int) -> Player:
    return s.players[seat]


def set_player(s: State, seat: int, **changes: Any) -> State:
    players = list(s.players)
    players[seat] = msgspec.structs.replace(players[seat], **changes)
    return msgspec.structs.replace(s, players=tuple(players))


def hire(
    s: State,
    seat: int,
    slot: int,
    card: str | None,
    wounds: int = 0,
    eagle: str | None = None,
    horse: str | None = None,
) -> State:
    """Put ``card`` (or no crew) into ``seat``'s ``slot`` with its wounds and animals."""
    if card is not None:
        s = take_crew(s, card)
    for animal in (eagle, horse):
        if animal is not None:
            s = take_animal(s, animal)
    p = s.players[seat]
    old = p.slots[slot]
    if old.crew is not None:
        s = msgspec.structs.replace(s, crew_deck=(*s.crew_deck, old.crew))
    back = tuple(a for a in (old.eagle, old.horse) if a is not None)
    s = msgspec.structs.replace(s, animal_deck=(*s.animal_deck, *back))
    slots = list(s.players[seat].slots)
    slots[slot] = Slot(crew=card, wounds=wounds, eagle=eagle, horse=horse)
    return set_player(s, seat, slots=tuple(slots))


def crew_only(s: State, seat: int, *cards: str) -> State:
    """``seat``'s slots hold exactly ``cards`` (from slot 0), no wounds, no animals."""
    for i in range(5):
        s = hire(s, seat, i, None)
    for i, card in enumerate(cards):
        s = hire(s, seat, i, card)
    return s


def hand(s: State, seat: int, *cards: str) -> State:
    """``seat``'s hand is exactly ``cards`` (the old hand goes back to the deck)."""
    old = s.players[seat].hand
    s = set_player(s, seat, hand=())
    s = msgspec.structs.replace(s, crew_deck=(*s.crew_deck, *old))
    for c in cards:
        s = take_crew(s, c)
    return set_player(s, seat, hand=tuple(cards))


def display(s: State, *cards: str) -> State:
    """The animal display shows ``cards`` (the old ones go back to the deck)."""
    old = tuple(c for c in s.animal_display if c is not None)
    s = msgspec.structs.replace(
        s, animal_display=(None, None, None), animal_deck=(*s.animal_deck, *old)
    )
    for c in cards:
        s = take_animal(s, c)
    return msgspec.structs.replace(s, animal_display=tuple(cards))


def village_quests(s: State, first: str | None, second: str | None) -> State:
    old = tuple(q for q in s.village_quests if q is not None)
    s = msgspec.structs.replace(s, village_quests=(None, None), quest_pool=(*s.quest_pool, *old))
    for q in (first, second):
        if q is not None:
            s = take_quest(s, q)
    return msgspec.structs.replace(s, village_quests=(first, second))


def stock(s: State, seat: int, **amounts: int) -> State:
    """Set ``seat``'s stock; plunder comes from (or goes back to) the supply."""
    p = s.players[seat]
    supply = s.supply
    for kind in ("gold", "equipment", "wagons", "livestock"):
        if kind in amounts:
            delta = amounts[kind] - getattr(p.stock, kind)
            assert getattr(supply, kind) >= delta, f"the supply has too few {kind}"
            supply = supply.plus(kind, -delta)
    values = {k: amounts.get(k, 0) for k in Stock.__struct_fields__}
    return set_player(msgspec.structs.replace(s, supply=supply), seat, stock=Stock(**values))


def space_index(s: State, space_id: str, g: RaidersOfScythia | None = None) -> int:
    index: int = tables(g, s).space_index[space_id]
    return index


def set_space(s: State, space_id: str, g: RaidersOfScythia | None = None, **changes: Any) -> State:
    """Change raid space ``space_id``; plunder put there comes from (or goes to) the supply."""
    i = space_index(s, space_id, g)
    spaces = list(s.spaces)
    old: Space = spaces[i]
    new = msgspec.structs.replace(old, **changes)
    supply = s.supply
    for kind in ("gold", "equipment", "wagons", "livestock"):
        delta = new.plunder.of(kind) - old.plunder.of(kind)
        supply = supply.plus(kind, -delta)
    spaces[i] = new
    return msgspec.structs.replace(s, spaces=tuple(spaces), supply=supply)


def raided(s: State, *space_ids: str, g: RaidersOfScythia | None = None) -> State:
    """Mark spaces raided: their plunder to the supply, no worker; a face-down quest under one is
    turned face up (the first of the quest pool), as a raid would."""
    from arbiter.games.raiders_of_scythia.state import Plunder

    for sid in space_ids:
        space = s.spaces[space_index(s, sid, g)]
        quest = space.quest
        if space.hidden_quest:
            quest = s.quest_pool[0]
            s = take_quest(s, quest)
        s = set_space(
            s, sid, g, raided=True, plunder=Plunder(), worker=None, hidden_quest=False, quest=quest
        )
    return s


# ------------------------------------------------------------------------------ playing


def play(s: State, *moves: Any, g: RaidersOfScythia | None = None) -> tuple[State, list[Event]]:
    """Apply ``moves`` through :meth:`Game.apply` (legality checked); the events of all."""
    g = g or game()
    events: list[Event] = []
    for move in moves:
        s, more = g.apply(s, move)
        events.extend(more)
    return s, events


def refused(s: State, move: Any, g: RaidersOfScythia | None = None) -> str:
    """The rule code (without the game's prefix) ``move`` is refused with; it must be absent from
    the legal moves."""
    g = g or game()
    with pytest.raises(IllegalMove) as info:
        g.apply(s, move)
    actor = g.actor_of(move)
    assert move not in g.legal_moves(s, actor)
    code = info.value.code
    assert code.startswith(GAME_ID + ".")
    return code[len(GAME_ID) + 1 :]


def legal(s: State, seat: int | None = None, g: RaidersOfScythia | None = None) -> list[Any]:
    g = g or game()
    actor: Any = s.current if seat is None else seat
    if g.to_act(s) == (CHANCE,):
        actor = CHANCE
    return g.legal_moves(s, actor)


def legal_of(s: State, kind: type, g: RaidersOfScythia | None = None) -> list[Any]:
    return [m for m in legal(s, g=g) if isinstance(m, kind)]


def roll(
    s: State, *faces: tuple[int, int], g: RaidersOfScythia | None = None
) -> tuple[State, list[Event]]:
    """Force the raid's dice, in order: each ``(strength, wounds)`` face on the next die."""
    g = g or game()
    events: list[Event] = []
    for strength, wounds in faces:
        task = s.pending[-1]
        assert isinstance(task, Roll), task
        assert s.raid is not None
        colour = s.raid.dice[task.die].colour
        s, more = g.apply(s, RollDie(colour=colour, strength=strength, wounds=wounds))
        events.extend(more)
    return s, events


def draw(
    s: State, deck: DeckName, *cards: str, g: RaidersOfScythia | None = None
) -> tuple[State, list[Event]]:
    """Force the pending draws from ``deck`` to be ``cards``."""
    g = g or game()
    events: list[Event] = []
    for card in cards:
        task = s.pending[-1]
        assert isinstance(task, Draw) and task.deck == deck, task
        s, more = g.apply(s, DrawCard(deck=deck, card=card))
        events.extend(more)
    return s, events


def draw_any(s: State, g: RaidersOfScythia | None = None) -> State:
    """Resolve whatever chance decisions wait, from the seed."""
    g = g or game()
    s, _ = g.resolve_chance(s)
    return s


def of_type(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def check(s: State, g: RaidersOfScythia | None = None) -> State:
    """``s`` passes the game's invariants (positions built here stay reachable-looking)."""
    (g or game()).check_state(s)
    return s
