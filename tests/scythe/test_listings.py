"""Listings built legal as made: a reward's gains and the Move action's unit choices are listed
without asking their refusals of each candidate, so over random games every candidate is listed
exactly when its refusal accepts it («Награда», «Движение»)."""

from __future__ import annotations

from arbiter.games.scythe import movement, rewards
from arbiter.games.scythe.board import top
from arbiter.games.scythe.moves import CARGO_ITEMS, GainOne, Load, SelectUnit, Unload
from arbiter.games.scythe.state import GainTask, MoveTask
from tests.scythe.helpers import GAME, T
from tests.walks import random_states

ITEMS = (*rewards.SIMPLE_ITEMS, *rewards.RESOURCE_ITEMS, *rewards.ACTION_ITEMS)
UNITS = ("character", "mech", "worker")


GAMES = ((2, 3), (3, 4), (4, 5))


def test_a_reward_lists_exactly_the_gains_its_refusal_accepts() -> None:
    spaces = (None, *T.territories)
    checked = placed = 0
    for s in random_states(GAME, GAMES):
        task = top(s)
        if not isinstance(task, GainTask):
            continue
        seat = task.seat
        listed = {m for m in rewards.gain_moves(s, T, task) if isinstance(m, GainOne)}
        accepted = {
            m
            for item in ITEMS
            for x in spaces
            if rewards.gain_refusal(s, T, task, m := GainOne(seat=seat, item=item, territory=x))
            is None
        }
        assert listed == accepted, (s.step, task)
        checked += 1
        placed += any(m.territory is not None for m in listed)
    assert checked >= 50 and placed >= 5, (checked, placed)


def test_the_move_action_lists_exactly_the_units_its_refusal_accepts() -> None:
    checked = refused = 0
    for s in random_states(GAME, GAMES):
        task = top(s)
        if not isinstance(task, MoveTask) or task.current is not None:
            continue
        seat = task.seat
        listed = {m for m in movement.moves(s, T, task) if isinstance(m, SelectUnit)}
        p = s.players[seat]
        spaces = {p.character, *p.mechs, *p.workers, *T.territories[:5]}
        candidates = [SelectUnit(seat=seat, kind=k, at=x) for k in UNITS for x in spaces]
        accepted = {m for m in candidates if movement.select_refusal(s, T, task, m) is None}
        assert listed == accepted, (s.step, task)
        checked += 1
        refused += len(candidates) - len(accepted)
    assert checked >= 50 and refused, (checked, refused)


def test_the_moving_unit_lists_exactly_the_loads_and_unloads_their_refusals_accept() -> None:
    """What the moving unit may pick up and drop is listed from the names of the reasons
    (``_load_blocked``, ``_unload_blocked``), with no refusal made: over random games each Load
    and Unload is listed exactly when its refusal accepts it, and each refusal keeps its code."""
    checked = 0
    codes: set[str] = set()
    for s in random_states(GAME, GAMES):
        task = top(s)
        if not isinstance(task, MoveTask) or task.current is None:
            continue
        seat = task.seat
        listed = {m for m in movement.moves(s, T, task) if isinstance(m, Load | Unload)}
        accepted: set[Load | Unload] = set()
        for item in CARGO_ITEMS:
            load, unload = Load(seat=seat, item=item), Unload(seat=seat, item=item)
            for move, why in (
                (load, movement.load_refusal(s, T, task, load)),
                (unload, movement.unload_refusal(s, T, task, unload)),
            ):
                if why is None:
                    accepted.add(move)
                else:
                    codes.add(why.code.removeprefix("scythe."))
        assert listed == accepted, (s.step, task)
        checked += 1
    assert checked >= 50, checked
    assert {"move.nothing_to_load", "move.nothing_to_unload", "move.carry_workers"} <= codes, codes
