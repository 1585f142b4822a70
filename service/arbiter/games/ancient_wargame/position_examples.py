"""Worked positions of the ancient wargame (:mod:`.position`), for the reference and the tests.

Each is a 2-player table of the default scenario, the tables of :mod:`.examples` told as a
position: the game played from setup into turn 1's phase 8 by always taking the first legal move
(and the first chance outcome), then the battles of phase 9 set by hand.

* **Phase 8**: the heroes move, the oldest first («первым ходит самый старший герой»).
* **Phase 9, the deployment under way**: seat 1 chose to fight in its capital («укрыться в ней»
  declined); seat 1 has answered every question of its deployment and committed (its whole army
  in the centre), seat 0 has answered the first two (4 archers on its left flank, none in the
  centre's front row so far). Every flank's reserve is counted within its soldiers.
* **Phase 9, after the deployment**: both sides revealed, seat 0 spread over the three flanks;
  the fortresses fire next.
"""

from __future__ import annotations

import importlib.resources
from typing import Any

import msgspec

from arbiter.core import CHANCE
from arbiter.core.content import content_id as hash_content
from arbiter.games.ancient_wargame import examples, flow, positions, setup
from arbiter.games.ancient_wargame.battle_state import Muster
from arbiter.games.ancient_wargame.content import WargameContent
from arbiter.games.ancient_wargame.deployment import muster_q
from arbiter.games.ancient_wargame.moves import Fight
from arbiter.games.ancient_wargame.options import WargameOptions
from arbiter.games.ancient_wargame.position import WargamePosition
from arbiter.games.ancient_wargame.rules import SCIENCE_OF
from arbiter.games.ancient_wargame.state import WargameState
from arbiter.games.ancient_wargame.tables import Tables

PACK = ("arbiter.games.ancient_wargame", "data/default.json")
#: Seat 0's first answers in the deployment example: 4 archers left, 0 infantry left.
FIRST_ANSWERS = (4, 0)


def _tables() -> tuple[Tables, str]:
    raw = importlib.resources.files(PACK[0]).joinpath(PACK[1]).read_bytes()
    content = msgspec.json.decode(raw, type=WargameContent)
    return Tables(content), hash_content(content)


def _step(s: WargameState, t: Tables, move: Any) -> WargameState:
    s, _ = flow.perform(s, t, move)
    return msgspec.structs.replace(s, step=s.step + 1)


def _mustering(s: WargameState, t: Tables) -> WargameState:
    """From the battles: seat 1 fights, deploys all in the centre, and seat 0 answers
    :data:`FIRST_ANSWERS`."""
    s = _step(s, t, Fight(seat=1))
    answers = list(FIRST_ANSWERS)
    while isinstance(s.pending[-1], Muster):
        actors = flow.to_act(s)
        if 1 in actors:
            moves = flow.generate_moves(s, t, 1)
            task = s.pending[-1]
            assert isinstance(task, Muster)
            what, flank = muster_q(s, t, task, 1)[task.steps[1]]
            everything = flank == 1 and not what.startswith("reserve") and what != "attach"
            s = _step(s, t, moves[-1] if everything else moves[0])
        elif answers:
            s = _step(s, t, flow.generate_moves(s, t, 0)[answers.pop(0)])
        else:
            return s
    raise AssertionError("the deployment example ended early")


def _lawful(s: WargameState) -> WargameState:
    """The example tables without the Secret Service :mod:`.examples` gives both seats for phase
    11: a position is a table play could reach, and it needs the science of espionage first
    («позволяет строить»)."""
    players = tuple(
        msgspec.structs.replace(
            p, buildings=tuple(b for b in p.buildings if SCIENCE_OF[b] in p.sciences)
        )
        for p in s.players
    )
    spies = tuple(i for i in s.spy_order if "spy_centre" in players[i].buildings)
    return msgspec.structs.replace(s, players=players, spy_order=spies)


def position_examples() -> list[tuple[str, WargamePosition]]:
    t, cid = _tables()
    s = setup.initial_state(2, WargameOptions(), 1, cid, t, "example")
    s = examples.to_phase_8(flow.advance(s, t, []), t)
    assert CHANCE not in flow.to_act(s)
    battles = _lawful(examples.battles(s, t))
    return [
        (
            "2 players, turn 1, phase 8: the oldest hero moves first (default scenario, first "
            "moves played from the setup)",
            positions.position_of(s, t),
        ),
        (
            "2 players, phase 9: the deployment in seat 1's capital under way -- seat 1 "
            "committed, seat 0 answered two questions",
            positions.position_of(_mustering(battles, t), t),
        ),
        (
            "2 players, phase 9: both sides deployed, seat 1 in the centre and seat 0 on three "
            "flanks",
            positions.position_of(examples.deployed(battles, t), t),
        ),
    ]
