"""The flow engine: who acts, the legal moves of the pending decision, applying a move.

Each phase's module owns its task types (``TASKS``) and answers four questions about them:
``moves`` (the legal moves of a decision), ``perform`` (a move applied to it), ``run`` (an
automatic task done, or ``None`` if it waits for a decision) and, for chance, ``outcomes``. A
module may say who acts (``actors``) where it is not the task's ``seat`` (sealed steps: every
seat not yet committed). After every move :func:`advance` runs automatic tasks and skips
decisions with nothing to decide.

The two chance tasks shared by several phases -- a D6 (:class:`~.state.D6`) and a pool of dice
counted by hits (:class:`~.state.Hits`) -- have their outcomes here, and are applied by the module
of their ``purpose``.
"""

from __future__ import annotations

from math import comb, gcd
from types import ModuleType
from typing import Any

from arbiter.core import CHANCE, Actor, ChanceOutcome, Event
from arbiter.core.chance import generator, pick_uniform
from arbiter.core.lastcall import last_answer
from arbiter.core.types import tag_of
from arbiter.games.ancient_wargame import (
    battles,
    diplomacy,
    economy,
    espionage,
    fleets,
    heroes,
    movement,
    research,
    sealed,
    setup,
    turns,
)
from arbiter.games.ancient_wargame.common import State, pop
from arbiter.games.ancient_wargame.events import ledger
from arbiter.games.ancient_wargame.moves import HitsRolled, RollFace
from arbiter.games.ancient_wargame.state import D6, DealStates, DrawTrait, Hits, Sealed, Task
from arbiter.games.ancient_wargame.tables import Tables

MODULES: tuple[ModuleType, ...] = (
    setup,
    turns,
    sealed,
    economy,
    heroes,
    research,
    fleets,
    movement,
    battles,
    diplomacy,
    espionage,
)
OWNER: dict[type, ModuleType] = {task: m for m in MODULES for task in m.TASKS}
#: Decisions that always offer a move when they are on top (a pass, a "stay", a commit): the
#: engine need not list their moves to know they wait for a decision.
DECIDES: frozenset[type] = frozenset(t for m in MODULES for t in getattr(m, "DECIDES", ()))
#: The module that applies a D6 or a pool of hits, by its purpose.
PURPOSE: dict[str, ModuleType] = {
    "births": heroes,
    "deaths": heroes,
    "storm": fleets,
    "naval": fleets,
    "fortress": battles,
    "archery": battles,
    "melee": battles,
    "fate": battles,
    "assassinate": espionage,
    "sabotage": espionage,
}


def _module(task: Task) -> ModuleType:
    module = OWNER.get(type(task))
    if module is None:  # a D6 or a pool of hits: no module owns it
        assert isinstance(task, (D6, Hits))
        return PURPOSE[task.purpose]
    return module


@last_answer  # a decision asks it several times of one state
def to_act(s: State) -> tuple[Actor, ...]:
    if s.stage == "over" or not s.pending:
        return ()
    task = s.pending[-1]
    if isinstance(task, (D6, Hits)):
        return (CHANCE,)
    module = OWNER[type(task)]
    actors = getattr(module, "actors", None)
    if actors is not None:
        found: tuple[Actor, ...] | None = actors(s, task)
        if found is not None:
            return found
    seat: int = getattr(task, "seat")  # noqa: B009 - every other decision names its seat
    return (seat,)


def generate_moves(s: State, t: Tables, actor: Actor) -> list[Any]:
    if actor == CHANCE or actor not in to_act(s):
        return []
    task = s.pending[-1]
    moves: list[Any] = _module(task).moves(s, t, task, actor)
    return moves


def candidate_moves(s: State, t: Tables, actor: Actor, move: Any) -> list[Any]:
    """The part of :func:`generate_moves` that holds ``move`` if it is legal at all
    (``Game.candidate_moves``; ``actor`` is a seat to act): in a sealed step, only the commit or
    the lines like ``move`` (:func:`.sealed.candidates`); every move of any other decision."""
    task = s.pending[-1]
    if isinstance(task, Sealed):
        return sealed.candidates(s, t, task, actor, move)
    return generate_moves(s, t, actor)


def hit_weights(dice: int, threshold: int) -> list[tuple[int, int]]:
    """(hits, weight) of ``dice`` D6 hitting on ``threshold`` or more, in lowest terms."""
    common = gcd(7 - threshold, threshold - 1)
    good = (7 - threshold) // common
    bad = (threshold - 1) // common
    return [(k, comb(dice, k) * good**k * bad ** (dice - k)) for k in range(dice + 1)]


#: The faces of a D6, in the order of its outcomes.
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


def chance_outcomes(s: State, t: Tables) -> list[ChanceOutcome]:
    if s.stage == "over" or not s.pending:
        return []
    task = s.pending[-1]
    if isinstance(task, D6):
        return [ChanceOutcome(RollFace(face=f), 1) for f in FACES]
    if isinstance(task, Hits):
        return [
            ChanceOutcome(HitsRolled(hits=k), w)
            for k, w in hit_weights(task.dice, task.threshold)
            if w
        ]
    outcomes = getattr(OWNER[type(task)], "outcomes", None)
    return list(outcomes(s, t, task)) if outcomes is not None else []


def drawn(s: State, t: Tables) -> Any | None:
    """The outcome chance draws now when every outcome of the pending decision weighs 1 (a D6, a
    state card dealt, a trait card drawn): what :func:`~arbiter.core.chance.pick` draws from
    :func:`chance_outcomes` with the decision's generator, without building every outcome.
    ``None`` for any other decision (a pool of hits: its outcomes are weighted)."""
    if s.stage == "over" or not s.pending:
        return None
    task = s.pending[-1]
    if isinstance(task, D6):
        return RollFace(face=pick_uniform(FACES, generator(s.seed, s.step)))
    if isinstance(task, (DealStates, DrawTrait)):
        return setup.drawn(s, t, task, generator(s.seed, s.step))
    return None


def advance(s: State, t: Tables, ev: list[Event]) -> State:
    while s.stage != "over" and s.pending:
        task = s.pending[-1]
        module = _module(task)
        done: State | None = module.run(s, t, task, ev)
        if done is None:
            if type(task) in DECIDES:
                return s
            if CHANCE in to_act(s) or any(module.moves(s, t, task, a) for a in to_act(s)):
                return s
            s = pop(s)  # a decision with nothing to decide
        else:
            s = done
    return s


def perform(s: State, t: Tables, move: Any) -> tuple[State, list[Event]]:
    ev: list[Event] = []
    before = s
    task = s.pending[-1]
    s = _module(task).perform(s, t, task, move, ev)
    s = advance(s, t, ev)
    ev.extend(ledger(before, s, tag_of(type(move)), t))
    return s, ev
