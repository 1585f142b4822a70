"""Shared helpers: refusals, the task stack, players, and control of territories.

«Контроль»: «Вы контролируете территорию, если хотя бы один юнит (Герой, рабочий или Механизм)
размещен на ней ИЛИ если здесь стоит Ваше сооружение без вражеских Героев, Механизмов или
рабочих». While a battle waits, the defender keeps control («Соперник все еще временно
контролирует территорию»).
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from arbiter.core import IllegalMove
from arbiter.core.texts import Text, term
from arbiter.core.tuples import remove_first, replace_at
from arbiter.games.scythe.content import FactoryCard, MechAbility
from arbiter.games.scythe.state import (
    CARD_VALUES,
    NO_RESOURCES,
    Battle,
    Pending,
    PlayerState,
    Resources,
    ScytheState,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState
NS = "scythe"


@functools.cache
def named(name: str) -> Text:
    """:func:`~arbiter.core.texts.term` of an id the pack or the state names (``oil``,
    ``upgrade``), made once per id: the move generation's refusals name them often."""
    return term(name)


def refuse(code: str, message: str) -> IllegalMove:
    """A refusal with the game's namespaced rule code."""
    return IllegalMove(f"{NS}.{code}", message)


def with_player(s: State, seat: int, p: PlayerState) -> State:
    return msgspec.structs.replace(s, players=replace_at(s.players, seat, p))


def update_player(s: State, seat: int, **changes: Any) -> State:
    return with_player(s, seat, msgspec.structs.replace(s.players[seat], **changes))


def gain_track(s: State, t: Tables, seat: int, *, power: int = 0, popularity: int = 0) -> State:
    """Gain power and popularity up to the tracks' ends (16 and 18)."""
    p = s.players[seat]
    tracks = t.content.tracks
    return update_player(
        s,
        seat,
        power=max(0, min(tracks.power_max, p.power + power)),
        popularity=max(0, min(tracks.popularity_max, p.popularity + popularity)),
    )


def discard_card(s: State, seat: int, value: int) -> State:
    """A combat card leaves the hand for the discard pile (face up)."""
    p = s.players[seat]
    s = update_player(s, seat, hand=remove_first(p.hand, value))
    i = CARD_VALUES.index(value)
    d = list(s.combat_discard)
    d[i] += 1
    return msgspec.structs.replace(s, combat_discard=(d[0], d[1], d[2], d[3]))


def push(s: State, *tasks: Pending) -> State:
    """Push tasks; the last one pushed runs first."""
    return msgspec.structs.replace(s, pending=(*s.pending, *tasks))


def pop(s: State) -> State:
    return msgspec.structs.replace(s, pending=s.pending[:-1])


def replace_top(s: State, task: Pending) -> State:
    return msgspec.structs.replace(s, pending=(*s.pending[:-1], task))


def top(s: State) -> Pending | None:
    return s.pending[-1] if s.pending else None


def add_resources(s: State, t: Tables, territory: str, delta: Resources) -> State:
    """Put tokens on (or, negative, take them off) a territory. ``resources`` keeps the territories
    with tokens only, in board order, so equal tables encode alike."""
    new = s.resources.get(territory, NO_RESOURCES).add(delta)
    if territory in s.resources and new.total():
        return msgspec.structs.replace(s, resources={**s.resources, territory: new})
    # a territory gains its first tokens or loses its last: rebuilt in board order
    resources: dict[str, Resources] = {}
    for x in t.territories:
        r = new if x == territory else s.resources.get(x)
        if r is not None and r.total():
            resources[x] = r
    return msgspec.structs.replace(s, resources=resources)


def unit_seats(s: State) -> dict[str, list[int]]:
    """The seats with units on each space (a seat once per space)."""
    where: dict[str, list[int]] = {}
    for seat, p in enumerate(s.players):
        for loc in (p.character, *p.mechs, *p.workers):
            seats = where.setdefault(loc, [])
            if seat not in seats:
                seats.append(seat)
    return where


#: The last control map computed: the (immutable) players tuple it was computed from, the active
#: seat if the map depends on it (``None``: no space holds two seats' units), the tables (the
#: board), and the map. Holding the tuple keeps its identity and its members' from being reused.
#: Read and replaced as one object, so threads sharing it at worst recompute.
_last: tuple[tuple[PlayerState, ...], int | None, Tables, dict[str, int]] | None = None


def control_map(s: State, t: Tables) -> dict[str, int]:
    """The controller of each controlled territory (home bases are not territories). The result
    is shared: callers must not change it."""
    global _last
    last = _last
    if (
        last is not None
        and last[2] is t
        and (last[1] is None or last[1] == s.turn.seat)
        and _same_places(last[0], s.players)
    ):
        if last[0] is not s.players:  # compared by identity next time
            _last = (s.players, last[1], t, last[3])
        return last[3]
    result, contested = _control_map(s, t)
    _last = (s.players, s.turn.seat if contested else None, t, result)
    return result


def _same_places(a: tuple[PlayerState, ...], b: tuple[PlayerState, ...]) -> bool:
    """Whether every unit and structure stands where it stood: all that control reads but the
    active seat. A step that leaves a player's pieces alone shares their tuples with the player
    it replaced, so most players compare by identity."""
    if a is b:
        return True
    if len(a) != len(b):
        return False
    for p, q in zip(a, b, strict=True):
        if p is q:
            continue
        if (
            p.character != q.character
            or (p.mechs is not q.mechs and p.mechs != q.mechs)
            or (p.workers is not q.workers and p.workers != q.workers)
            or (p.structures is not q.structures and p.structures != q.structures)
        ):
            return False
    return True


def _control_map(s: State, t: Tables) -> tuple[dict[str, int], bool]:
    """The control map, and whether some territory holds units of two seats (then its
    controller depends on the active seat)."""
    result: dict[str, int] = {}
    contested = False
    units = unit_seats(s)
    for loc, seats in units.items():
        if loc not in t.index:
            continue
        if len(seats) == 1:
            result[loc] = seats[0]
        else:
            contested = True
            others = [x for x in seats if x != s.turn.seat]
            result[loc] = others[0] if others else seats[0]
    for seat, p in enumerate(s.players):
        for b in p.structures:
            if b.territory not in units:
                result[b.territory] = seat
    return result, contested


def controlled(s: State, t: Tables, seat: int) -> list[str]:
    """The territories ``seat`` controls, in board order."""
    cmap = control_map(s, t)
    return [tid for tid in t.territories if cmap.get(tid) == seat]


def factory_card(t: Tables, p: PlayerState) -> FactoryCard:
    """The Factory card a player kept (only asked once it has one)."""
    assert p.factory_card is not None
    return t.factory_cards[p.factory_card]


def combat_cards_shown(s: State, seat: int) -> int:
    """How many combat cards the table sees a seat hold: those in its hand, and those it put
    under its power dial in a battle not yet revealed («Количество карт битвы у Вас на руках -
    это открытая информация, но во время битвы Вы можете скрыть, пользовались ли Вы картами или
    нет»)."""
    n = len(s.players[seat].hand)
    for task in s.pending:
        if isinstance(task, Battle):
            if task.attacker == seat:
                n += len(task.attacker_side.cards)
            elif task.defender == seat:
                n += len(task.defender_side.cards)
    return n


def fighters(p: PlayerState, location: str) -> int:
    """The character and mechs of a player on a space."""
    return (p.character == location) + p.mechs.count(location)


def has_units(p: PlayerState, location: str) -> bool:
    return p.character == location or location in p.mechs or location in p.workers


def structure_at(s: State, territory: str) -> tuple[int, str] | None:
    """(owner, structure) of the structure on a territory, if any."""
    for seat, p in enumerate(s.players):
        for b in p.structures:
            if b.territory == territory:
                return seat, b.structure
    return None


def has_ability(p: PlayerState, ability: MechAbility) -> bool:
    """A mech ability is unlocked for the character and the mechs once its mech is deployed."""
    return ability in p.mech_abilities


def workers_on_mat(p: PlayerState) -> int:
    from arbiter.games.scythe.state import WORKERS

    return WORKERS - len(p.workers)


def neighbours_of(s: State, seat: int) -> tuple[int, ...]:
    """The seats whose bottom-row actions trigger ``seat``'s recruits: itself, then left, then
    right («Порядок хода»); in a 2-player game the opponent once («Правила для игры вдвоем»)."""
    n = s.players_count
    order = [seat, (seat + 1) % n, (seat - 1) % n]
    out: list[int] = []
    for x in order:
        if x not in out:
            out.append(x)
    return tuple(out)
