"""Example tables for the reference (:meth:`arbiter.core.Game.example_states`): phase 9 about to
begin with battles set, which random play reaches only now and then (a general must march into a
province of a seat it is at war with).

Each table is a 2-player game of the default scenario, played from setup into turn 1's phase 8 by
always taking the first legal move (and the first chance outcome), and then set by hand:

* **A battle at a fortress**: seat 0's general with 10 infantry, 4 archers and 4 cavalry has
  entered seat 1's capital, held by seat 1's general with 6 infantry, 3 archers, 2 cavalry and
  two fortresses (siege or battle, fortress fire, archery, melee, flank attacks, the losses).
* **A battle on neutral ground**: both seats' armies entered a neutral province (a winner on
  points may take it for 1 $, or decline).

A second table is the first one a few decisions on: seat 1 fights, stands its whole army in the
centre and seat 0 spreads over the three flanks (:data:`SPREAD`), so seat 0's wings strike the
centre and seat 1's surplus hits spill over to one of them (Q54).

Both seats are at war and own a Secret Service and 30 $ (phase 11's missions); seat 0 holds
seat 1's second general, if it has one, prisoner (phase 10's ransom deals). Every value is ours,
for the examples only; :meth:`~arbiter.games.ancient_wargame.game.AncientWargame.check_state`
accepts the tables.
"""

from __future__ import annotations

import msgspec

from arbiter.core import CHANCE
from arbiter.games.ancient_wargame import flow
from arbiter.games.ancient_wargame.battle_state import Muster
from arbiter.games.ancient_wargame.common import (
    State,
    capital,
    completed,
    province,
    set_province,
    update,
)
from arbiter.games.ancient_wargame.deployment import muster_q
from arbiter.games.ancient_wargame.moves import Fight
from arbiter.games.ancient_wargame.state import (
    Army,
    EndTurn,
    Hero,
    Phase,
    Troops,
)
from arbiter.games.ancient_wargame.tables import Tables

#: Seat 0's deployment in the second table: (unit, flank) -> count; flank 2 gets the rest.
SPREAD: dict[tuple[str, int], int] = {("infantry", 0): 4, ("cavalry", 0): 2, ("infantry", 1): 2}
#: Decisions the first-move play may take to reach phase 8 of turn 1, at most.
LIMIT = 5_000


def to_phase_8(s: State, t: Tables) -> State:
    """Play the first legal move (the first chance outcome) until phase 8 of turn 1."""
    for _ in range(LIMIT):
        if s.stage == "play" and s.phase == 8:
            return s
        actor = flow.to_act(s)[0]
        if actor == CHANCE:
            move = flow.chance_outcomes(s, t)[0].move
        else:
            move = flow.generate_moves(s, t, actor)[0]
        s, _ = flow.perform(s, t, move)
        s = msgspec.structs.replace(s, step=s.step + 1)
    raise AssertionError("the first-move play did not reach phase 8")


def _generals(s: State, seat: int) -> list[Hero]:
    return [h for h in s.heroes if h.owner == seat and h.kind == "general" and h.captor is None]


def battles(s: State, t: Tables) -> State:
    """Both battles of the module docstring, phase 9 begun (the first decision on top)."""
    c = capital(s, t, 1)
    assert c is not None
    gate = sorted(t.land[c])[0]
    neutral = next(
        x.id
        for x, p in zip(t.provinces, s.provinces, strict=True)
        if p.owner is None and p.in_play and not p.armies and t.land[x.id]
    )
    held = msgspec.structs.replace(
        province(s, t, c),
        owner=1,
        fortresses=2,
        armies=(
            Army(seat=1, troops=Troops(infantry=6, archers=3, cavalry=2)),
            Army(seat=0, troops=Troops(infantry=10, archers=4, cavalry=4), entered_from=(gate,)),
        ),
    )
    around = sorted(t.land[neutral])
    contested = msgspec.structs.replace(
        province(s, t, neutral),
        armies=(
            Army(
                seat=0, troops=Troops(infantry=5, archers=2, cavalry=1), entered_from=(around[0],)
            ),
            Army(
                seat=1, troops=Troops(infantry=4, archers=2, cavalry=2), entered_from=(around[-1],)
            ),
        ),
    )
    s = set_province(set_province(s, t, c, held), t, neutral, contested)
    placed = {_generals(s, 0)[0].id: c, _generals(s, 1)[0].id: c}
    prisoner = next((h.id for h in _generals(s, 1)[1:]), None)
    heroes = tuple(
        msgspec.structs.replace(h, province=None, captor=0)
        if h.id == prisoner
        else msgspec.structs.replace(h, province=placed.get(h.id, h.province))
        for h in s.heroes
    )
    for seat, p in enumerate(s.players):
        s = update(s, seat, money=max(p.money, 30))
        if "spy_centre" not in p.buildings:
            s = update(s, seat, buildings=(*p.buildings, "spy_centre"))
            s = completed(s, seat, "spy_centre")
    s = msgspec.structs.replace(
        s,
        heroes=heroes,
        wars=((0, 1),),
        deals=(),
        clashes=(c, neutral),
        battle=None,
        pending=(EndTurn(), Phase(number=11), Phase(number=10), Phase(number=9)),
    )
    return flow.advance(s, t, [])


def deployed(s: State, t: Tables) -> State:
    """The first table with seat 1 fighting in the centre and seat 0 spread (module docstring),
    up to the first decision after the deployment (the reserves have none)."""
    for _ in range(LIMIT):
        task = s.pending[-1]
        actor = flow.to_act(s)[0]
        moves = flow.generate_moves(s, t, actor)
        if Fight(seat=1) in moves:
            move = Fight(seat=1)
        elif isinstance(task, Muster):
            i = task.seats.index(actor)
            what, flank = muster_q(s, t, task, i)[task.steps[i]]
            hi = len(moves) - 1
            if what == "attach":
                count = 0
            elif actor == 1:
                count = hi if flank == 1 and not what.startswith("reserve") else 0
            else:
                count = min(hi, SPREAD.get((what, flank), 0))
            move = moves[count]
        else:
            return s
        s, _ = flow.perform(s, t, move)
        s = msgspec.structs.replace(s, step=s.step + 1)
    raise AssertionError("the deployment did not end")
