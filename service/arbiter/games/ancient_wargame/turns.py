"""The turn: its 11 phases in order («Описание хода»: «сначала все игроки выполняют первую фазу,
затем переходят ко второй и т.д.»), and its end (victory conditions, conquest, the 25th turn).

Each phase begins with an automatic :class:`~.state.Phase` task, which asks the phase's module to
push its steps (``begin(s, t, ev)``); the next phase's task waits below them. The end of the turn
is :class:`~.state.EndTurn` (:mod:`.ending`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.games.ancient_wargame import (
    battles,
    diplomacy,
    economy,
    ending,
    espionage,
    fleets,
    heroes,
    movement,
    research,
)
from arbiter.games.ancient_wargame.common import State, pop
from arbiter.games.ancient_wargame.state import EndTurn, Phase
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = (Phase, EndTurn)


#: What each phase pushes when it begins, by its number.
BEGINS: dict[int, Any] = {
    1: economy.begin_hire,
    2: economy.begin_upkeep,
    3: heroes.begin,
    4: economy.begin_build,
    5: research.begin,
    6: economy.begin_income,
    7: fleets.begin,
    8: movement.begin,
    9: battles.begin,
    10: diplomacy.begin,
    11: espionage.begin,
}


def _begin_phase(s: State, t: Tables, number: int, ev: list[Event]) -> State:
    s = msgspec.structs.replace(pop(s), phase=number)
    result: State = BEGINS[number](s, t, ev)
    return result


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    if isinstance(task, Phase):
        return _begin_phase(s, t, task.number, ev)
    return ending.end_turn(pop(s), t, ev)


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    return []


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    raise AssertionError(f"no decision in {task!r}")
