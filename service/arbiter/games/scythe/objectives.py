"""Objectives («Цели»).

«Вы можете раскрыть завершённую карту цели в любой момент Вашего хода ... Вы должны суметь
выполнить все требования карты в тот момент, когда решите ее открыть». The star goes on the
objective space; the other card is discarded too, except for Saxony («Подавление»), which may
complete both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import text
from arbiter.games.scythe.board import control_map, refuse, update_player
from arbiter.games.scythe.content import (
    ControlCount,
    ControlledResources,
    ForcedWorkerRetreat,
    HighestPower,
    LakeShore,
    ObjectiveCondition,
    Stat,
    StatCondition,
    StatsEqual,
    TerritoryWith,
)
from arbiter.games.scythe.events import ObjectiveRevealed
from arbiter.games.scythe.moves import RevealObjective
from arbiter.games.scythe.stars import max_objective_stars, place_star
from arbiter.games.scythe.state import NO_RESOURCES, PlayerState, ScytheState
from arbiter.games.scythe.tables import Tables

State = ScytheState


#: How each player quantity is read off a player (workers on the board: every worker off the mat).
STATS: dict[Stat, Callable[[PlayerState], int]] = {
    "power": lambda p: p.power,
    "popularity": lambda p: p.popularity,
    "coins": lambda p: p.coins,
    "factory_cards": lambda p: 0 if p.factory_card is None else 1,
    "mechs_on_board": lambda p: len(p.mechs),
    "workers_on_board": lambda p: len(p.workers),
    "structures_built": lambda p: len(p.structures),
    "recruits_enlisted": lambda p: len(p.recruits),
    "upgrades_done": lambda p: len(p.cubes),
    "combat_cards": lambda p: len(p.hand),
    "combat_stars": lambda p: p.stars.count("combat"),
}


def stat(s: State, seat: int, name: Stat) -> int:
    """A player quantity (workers on the board: every worker off the mat)."""
    return STATS[name](s.players[seat])


def holds(s: State, t: Tables, seat: int, c: ObjectiveCondition, cmap: dict[str, int]) -> bool:
    """Whether one requirement of an objective card holds for ``seat`` now."""
    p = s.players[seat]
    if isinstance(c, StatCondition):
        return c.compare.holds(stat(s, seat, c.stat))
    if isinstance(c, StatsEqual):
        return stat(s, seat, c.left) == stat(s, seat, c.right)
    mine = [x for x, owner in cmap.items() if owner == seat]
    if isinstance(c, ControlCount):
        n = 0
        for x in mine:
            if c.terrain is not None and t.terrain[x] != c.terrain:
                continue
            if c.tunnel and x not in t.tunnel:
                continue
            if c.adjacent_to is not None and not any(
                t.terrain[y] == c.adjacent_to for y in t.touching[x]
            ):
                continue
            n += 1
        return c.compare.holds(n)
    if isinstance(c, HighestPower):
        others = [q.power for i, q in enumerate(s.players) if i != seat]
        best = max(others, default=-1)
        return p.power >= best if c.ties else p.power > best
    if isinstance(c, ForcedWorkerRetreat):
        return s.turn.seat == seat and s.turn.forced_retreat
    if isinstance(c, ControlledResources):
        total = NO_RESOURCES
        for x in mine:
            total = total.add(s.resources.get(x, NO_RESOURCES))
        counts = total.counts()
        return min(counts) >= c.each_type and max(counts) >= c.one_type
    if isinstance(c, LakeShore):
        return any(
            sum(1 for y in t.touching[lake] if cmap.get(y) == seat) >= c.territories
            for lake in t.lakes
        )
    assert isinstance(c, TerritoryWith)
    places = mine if c.controlled else list(t.territories)
    for x in places:
        r = s.resources.get(x, NO_RESOURCES)
        if c.character and p.character != x:
            continue
        if c.mechs is not None and not c.mechs.holds(p.mechs.count(x)):
            continue
        if c.workers is not None and not c.workers.holds(p.workers.count(x)):
            continue
        if c.resources is not None and not c.resources.holds(r.total()):
            continue
        if c.each_resource and min(r.counts()) < c.each_resource:
            continue
        if c.own_pieces is not None:
            pieces = (
                (p.character == x)
                + p.mechs.count(x)
                + p.workers.count(x)
                + sum(1 for b in p.structures if b.territory == x)
            )
            if not c.own_pieces.holds(pieces):
                continue
        return True
    return False


#: Requirements that need no control map (checked first, so most checks stop early).
CHEAP = (StatCondition, StatsEqual, HighestPower, ForcedWorkerRetreat)


class _Card(NamedTuple):
    """An objective card's requirements, split for checking."""

    #: those read off the players alone (:data:`CHEAP`), checked first
    cheap: tuple[ObjectiveCondition, ...]
    #: those that need the board: who controls what, and the tokens there
    board: tuple[ObjectiveCondition, ...]
    #: whether every one of ``board`` can only fail for fewer controlled territories, so that it
    #: fails outright if it fails with every territory where the seat has a piece controlled
    bounded: bool


#: The tables the split cards were made for, and the cards by number: the last tables only (a
#: playout uses one pack; a server that switches packs splits a deck's cards again). Read and
#: replaced as one object, so threads sharing it at worst redo it.
_cards: tuple[Tables, dict[int, _Card]] | None = None


def _card(t: Tables, card: int) -> _Card:
    global _cards
    cards = _cards
    if cards is None or cards[0] is not t:
        split = {}
        for number, objective in t.objectives.items():
            conditions = objective.conditions
            board = tuple(c for c in conditions if not isinstance(c, CHEAP))
            split[number] = _Card(
                cheap=tuple(c for c in conditions if isinstance(c, CHEAP)),
                board=board,
                bounded=all(_grows_with_control(c) for c in board),
            )
        cards = _cards = (t, split)
    return cards[1][card]


def completed(
    s: State,
    t: Tables,
    seat: int,
    card: int,
    cmap: dict[str, int] | None = None,
    ceiling: dict[str, int] | None = None,
) -> bool:
    """Whether ``seat`` meets every requirement of objective ``card`` now. ``cmap`` is the
    control map and ``ceiling`` :func:`_own_territories`, if the caller has them."""
    split = _card(t, card)
    for c in split.cheap:
        if not holds(s, t, seat, c, {}):
            return False
    if not split.board:
        return True
    if cmap is None:
        if split.bounded:
            # a seat controls only territories where it has a unit or a structure, so these
            # requirements fail outright if they fail even with all of those controlled
            if ceiling is None:
                ceiling = _own_territories(s, t, seat)
            for c in split.board:
                if not holds(s, t, seat, c, ceiling):
                    return False
        cmap = control_map(s, t)
    return all(holds(s, t, seat, c, cmap) for c in split.board)


def _grows_with_control(c: ObjectiveCondition) -> bool:
    """Whether a requirement that holds for some controlled territories holds for more of them:
    any of them but a count with an upper bound (``==``, ``<=``)."""
    return not isinstance(c, ControlCount) or c.compare.op == ">="


def _own_territories(s: State, t: Tables, seat: int) -> dict[str, int]:
    """Every territory where ``seat`` has a unit or a structure, as a control map: a superset of
    what it controls."""
    p = s.players[seat]
    places = {p.character, *p.mechs, *p.workers, *(b.territory for b in p.structures)}
    return {x: seat for x in places if x in t.index}


def may_reveal(s: State, t: Tables, seat: int) -> bool:
    p = s.players[seat]
    return (
        s.phase == "play"
        and s.turn.seat == seat
        and bool(p.objectives)
        and p.stars.count("objective") < max_objective_stars(p, t)
    )


def refusal(s: State, t: Tables, m: RevealObjective) -> IllegalMove | None:
    p = s.players[m.seat]
    if s.turn.seat != m.seat:
        return refuse(
            "objective.not_your_turn", text("objectives are revealed during your own turn")
        )
    if m.card not in p.objectives:
        return refuse("objective.not_held", text("you hold no objective card {card}", card=m.card))
    if p.stars.count("objective") >= max_objective_stars(p, t):
        return refuse("objective.star_taken", text("you already have your objective star («Цели»)"))
    if not completed(s, t, m.seat, m.card):
        return refuse(
            "objective.not_met", text("«Вы должны суметь выполнить все требования карты» now")
        )
    return None


#: What :func:`completed` reads of a state: the players, the resources on the board, whose turn
#: it is and whether a worker was forced to retreat this turn (and the tables).
_Key = tuple[Tables, tuple[object, ...], object, int, bool]
#: The last answer of :func:`moves`, keyed by the identity of what it read (states are immutable
#: and share untouched members, so most decisions -- a choice within a turn that moves nothing --
#: find it); holding the members keeps their identities from being reused. Read and replaced as
#: one object, so threads sharing it at worst recompute.
_last: tuple[_Key, tuple[RevealObjective, ...]] | None = None


def moves(s: State, t: Tables, seat: int) -> list[RevealObjective]:
    """The objective cards ``seat`` may reveal now (during its own turn, star still free)."""
    global _last
    if not may_reveal(s, t, seat):
        return []
    last = _last
    if (
        last is not None
        and last[0][0] is t
        and last[0][1] is s.players
        and last[0][2] is s.resources
        and last[0][3] == seat
        and last[0][4] == s.turn.forced_retreat
    ):
        return list(last[1])
    ceiling = _own_territories(s, t, seat)  # shared by the cards
    found = tuple(
        RevealObjective(seat=seat, card=card)
        for card in s.players[seat].objectives
        if completed(s, t, seat, card, ceiling=ceiling)
    )
    _last = ((t, s.players, s.resources, seat, s.turn.forced_retreat), found)
    return list(found)


def apply(s: State, t: Tables, m: RevealObjective, events: list[Event]) -> State:
    p = s.players[m.seat]
    saxony = t.factions[p.faction].ability == "dominate"
    kept = tuple(c for c in p.objectives if c != m.card) if saxony else ()
    discarded = tuple(c for c in p.objectives if c != m.card and c not in kept)
    s = update_player(s, m.seat, objectives=kept, revealed=(*p.revealed, m.card))
    # discarded cards go under the objective deck (never dealt again in a game)
    s = msgspec.structs.replace(s, objective_deck=tuple(sorted((*s.objective_deck, *discarded))))
    events.append(ObjectiveRevealed(seat=m.seat, card=m.card))
    return place_star(s, t, m.seat, "objective", events)
