"""Phase 5: research («Фаза 5: изучение наук»).

Each seat, in seat order, rolls one die per province it controls with no enemy soldiers, plus one
(``research_dice`` modifiers: its state's and its administrators'); two sixes or more learn one
science (N13, N14). The dice are rolled in batches of at most 20 so that every outcome weight
stays exact in JSON (spec §4.4). The first five sciences are the basic ones, each drawn at random
among those not learned (N15); then the seat studies the advanced science it chose (face down,
private) and chooses the next when one is learned; with all ten learned, a success gives 1 VP
(N16). An Academy, when built, gives two successes (C4).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import CHANCE, ChanceOutcome, Event
from arbiter.core.texts import text
from arbiter.games.ancient_wargame import modifiers
from arbiter.games.ancient_wargame.common import (
    State,
    enemy_soldiers,
    pop,
    push,
    replace_top,
    seats_in_play,
    update,
)
from arbiter.games.ancient_wargame.events import DiceRolled, Happened
from arbiter.games.ancient_wargame.moves import BasicLearned, SixesRolled, StudyNext
from arbiter.games.ancient_wargame.naming import id_term
from arbiter.games.ancient_wargame.rules import ADVANCED, BASIC
from arbiter.games.ancient_wargame.state import DrawBasic, Research
from arbiter.games.ancient_wargame.state import StudyNext as StudyNextTask
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = (Research, DrawBasic, StudyNextTask)
BATCH = 20


def dice(s: State, t: Tables, seat: int) -> int:
    n = 1 + sum(
        1
        for x, p in zip(t.provinces, s.provinces, strict=True)
        if p.owner == seat and not enemy_soldiers(s, t, x.id, seat)
    )
    n += modifiers.of_state(s, t, seat, "research_dice")
    n += modifiers.of_seat_heroes(s, t, seat, "research_dice", "administrator")
    return max(0, n)


def begin(s: State, t: Tables, ev: list[Event]) -> State:
    seats = seats_in_play(s)
    return push(s, *(Research(seat=seat, dice=dice(s, t, seat)) for seat in reversed(seats)))


def sixes_weights(d: int) -> list[tuple[int, int]]:
    """(sixes: 0, 1, 2 = two or more; weight) for ``d`` dice."""
    none = 5**d
    one = d * 5 ** (d - 1) if d else 0
    return [(0, none), (1, one), (2, 6**d - none - one)]


def outcomes(s: State, t: Tables, task: Any) -> list[ChanceOutcome]:
    if isinstance(task, Research):
        batch = min(BATCH, task.dice)
        return [ChanceOutcome(SixesRolled(sixes=k), w) for k, w in sixes_weights(batch) if w]
    if isinstance(task, DrawBasic):
        learned = s.players[task.seat].sciences
        return [ChanceOutcome(BasicLearned(science=x), 1) for x in BASIC if x not in learned]
    return []


def actors(s: State, task: Any) -> tuple[Any, ...] | None:
    if isinstance(task, (Research, DrawBasic)):
        return (CHANCE,)
    return None


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    if isinstance(task, StudyNextTask):
        learned = s.players[task.seat].sciences
        return [StudyNext(seat=task.seat, science=x) for x in ADVANCED if x not in learned]
    return []


def success(s: State, t: Tables, seat: int, ev: list[Event]) -> State:
    """One science learned (or a VP with all ten)."""
    p = s.players[seat]
    if any(x not in p.sciences for x in BASIC):
        return push(s, DrawBasic(seat=seat))
    if p.studying is not None:
        s = update(s, seat, sciences=(*p.sciences, p.studying), studying=None)
        ev.append(
            Happened(
                what="science_learned",
                seat=seat,
                text=text("seat {seat} learned {science}", seat=seat, science=id_term(p.studying)),
            )
        )
        return _next(s, seat)
    if any(x not in p.sciences for x in ADVANCED):
        return _next(s, seat)  # pragma: no cover - a study is always chosen once basics are done
    ev.append(
        Happened(
            what="science_vp",
            seat=seat,
            text=text("seat {seat} gains a VP for research", seat=seat),
        )
    )
    return update(s, seat, vp=p.vp + 1)


def _next(s: State, seat: int) -> State:
    learned = s.players[seat].sciences
    if any(x not in learned for x in ADVANCED):
        return push(s, StudyNextTask(seat=seat))
    return s


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    if isinstance(task, Research):
        assert isinstance(move, SixesRolled)
        batch = min(BATCH, task.dice)
        ev.append(DiceRolled(purpose="research", seat=task.seat, dice=batch, hits=move.sixes))
        sixes = min(2, task.sixes + move.sixes)
        left = task.dice - batch
        if sixes >= 2:
            return success(pop(s), t, task.seat, ev)
        if left:
            return replace_top(s, msgspec.structs.replace(task, dice=left, sixes=sixes))
        return pop(s)
    if isinstance(task, DrawBasic):
        assert isinstance(move, BasicLearned)
        p = s.players[task.seat]
        s = update(pop(s), task.seat, sciences=(*p.sciences, move.science))
        ev.append(
            Happened(
                what="science_learned",
                seat=task.seat,
                text=text(
                    "seat {seat} learned {science}", seat=task.seat, science=id_term(move.science)
                ),
            )
        )
        if all(x in s.players[task.seat].sciences for x in BASIC):
            return _next(s, task.seat)
        return s
    assert isinstance(move, StudyNext)
    return update(pop(s), task.seat, studying=move.science)


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    if isinstance(task, Research):
        if task.academy:
            return success(pop(s), t, task.seat, ev)
        if task.dice < 2 and task.sixes + task.dice < 2:
            return pop(s)  # two sixes cannot come (N13: 1 die never succeeds)
    return None
