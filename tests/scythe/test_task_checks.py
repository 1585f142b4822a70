"""The task stack and the references of a submitted state are checked before any rule runs.

Real states (random play) always pass; a state with one value changed is either refused with
``InvalidState`` or followed by the rules without a crash (only ``arbiter.core`` errors).
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE, ArbiterError, InvalidState
from arbiter.games.scythe import checks
from arbiter.games.scythe.options import ScytheOptions
from arbiter.games.scythe.state import (
    AfterMove,
    Battle,
    MoveTask,
    ScytheState,
    SetupMat,
    StartPlay,
    Turn,
)
from arbiter.games.scythe.task_checks import check_tasks
from tests.scythe.helpers import GAME, T, player, started, turn

State = ScytheState


def check(s: State) -> None:
    checks.check_state(s, T)
    check_tasks(s, T)


def refused(s: State) -> InvalidState:
    with pytest.raises(InvalidState) as caught:
        check(s)
    return caught.value


def sampled(players: int, seed: int, every: int = 20) -> list[State]:
    """States along a random game: every ``every``-th decision and the end."""
    options = ScytheOptions(assignment="chosen") if seed % 3 == 0 else None
    rng = random.Random(seed)
    s = GAME.new_state(players, options, seed=seed)
    kept = [s]
    for decision in range(5000):
        actors = GAME.to_act(s)
        if not actors:
            break
        if decision % every == 0:
            kept.append(s)
        actor = actors[0]
        move = (
            GAME.sample_chance(s) if actor == CHANCE else rng.choice(GAME.generate_moves(s, actor))
        )
        s, _ = GAME.apply_unchecked(s, move)
    kept.append(s)
    return kept


# ------------------------------------------------------------------------ no false positives


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_states_of_random_games_pass(players: int) -> None:
    checked = 0
    for seed in range(6):
        for s in sampled(players, seed, every=7):
            check(s)
            checked += 1
    assert checked > 100


# ------------------------------------------------------------------------ the mutation fuzzer


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*path, index))
    return found


def mutate(document: Any, rng: random.Random) -> Any:
    """One value changed, as ``tests/api/test_broken_states.py`` does (plus home bases)."""
    document = json.loads(json.dumps(document))
    path = rng.choice(_paths(document)[1:])
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    value = parent[key]
    if isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = rng.choice([-1, value + 1, value - 1, 10**6, 0, 4, 5])
    elif isinstance(value, str):
        parent[key] = rng.choice(["", value + "-x", "A01-granary", "r1c1", "nordic", "base_saxony"])
    elif isinstance(value, list) and value:
        parent[key] = rng.choice([value[:-1], [*value, value[0]], [], value[::-1]])
    elif isinstance(parent, dict) and key not in ("rules_version", "content_id"):
        del parent[key]
    return document


def exercise(s: State) -> None:
    """What a server does with a state: the first legal moves of each actor, chance, views."""
    GAME.view(s, None)
    GAME.result(s)
    for actor in GAME.to_act(s):
        if actor != CHANCE:
            GAME.view(s, actor)
        for move in GAME.legal_moves(s, actor)[:3]:
            after, _ = GAME.apply(s, move)
            after, _ = GAME.resolve_chance(after)
            GAME.view(after, None)
            GAME.result(after)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_mutated_states_are_refused_or_harmless(players: int) -> None:
    rng = random.Random(players)
    mutations = refused_count = 0
    for seed in range(3):
        states = sampled(players, seed)
        for s in rng.sample(states, min(len(states), 8)):
            original = msgspec.to_builtins(s)
            for _ in range(25):
                broken = mutate(original, rng)
                try:
                    state = msgspec.convert(broken, ScytheState)
                except msgspec.ValidationError:
                    continue
                mutations += 1
                try:
                    check(state)
                except InvalidState as e:
                    refused_count += 1
                    assert e.code.startswith("scythe."), e
                    assert e.pointer.startswith("/"), e
                    continue
                with contextlib.suppress(ArbiterError):
                    exercise(state)
    assert mutations > 300
    assert refused_count > 0


# ------------------------------------------------------------------------ one per code


def test_a_task_naming_a_missing_seat_is_refused() -> None:
    s = started()
    s = msgspec.structs.replace(
        turn(s, 0, "bottom", section="bolster"), pending=(MoveTask(seat=2, units_left=2, steps=1),)
    )
    e = refused(s)
    assert (e.code, e.pointer) == ("scythe.state.task_seat", "/pending/0/seat")


def test_a_section_out_of_range_is_refused() -> None:
    # a section is a name now: one that is no section is refused by the state's type
    document = msgspec.to_builtins(turn(started(), 0, "bottom", section="bolster"))
    document["turn"]["section"] = "harvest"
    with pytest.raises(msgspec.ValidationError, match=r"\$\.turn\.section"):
        msgspec.convert(document, ScytheState)
    # and past the section stage, a section must have been chosen
    s = turn(started(), 0, "bottom", section=None)
    e = refused(s)
    assert (e.code, e.pointer) == ("scythe.state.section", "/turn/section")


def test_the_factory_section_needs_a_factory_card() -> None:
    s = turn(started(), 0, "bottom", section="factory")
    assert refused(s).code == "scythe.state.section"
    check(player(turn(started(), 0, "bottom", section="factory"), 0, factory_card=2))


def test_the_old_empty_encounter_is_refused_naming_what_replaced_it() -> None:
    """Rules 1.1.0 write no encounter as ``null``; the ``""`` of the shape before is refused,
    not taken quietly for none (issue #39)."""
    s = msgspec.structs.replace(turn(started(), 0, "bottom", section="bolster"), pending=())
    s = msgspec.structs.replace(
        s, turn=Turn(seat=0, stage="end", section="bolster", encounter_at="")
    )
    error = refused(s)
    assert error.code == "scythe.state.territory" and error.pointer == "/turn/encounter_at"
    assert "1.1.0" in str(error) and "null" in str(error)
    check(msgspec.structs.replace(s, turn=Turn(seat=0, stage="end", section="bolster")))


def test_a_home_base_where_a_territory_is_required_is_refused() -> None:
    s = msgspec.structs.replace(turn(started(), 0, "bottom", section="bolster"), pending=())
    s = msgspec.structs.replace(
        s, turn=Turn(seat=0, stage="end", section="bolster", encounter_at="x")
    )
    assert refused(s).code == "scythe.state.territory"
    battle = Battle(territory="base_saxony", attacker=0, defender=1, stage="choose")
    s = msgspec.structs.replace(
        s,
        turn=Turn(seat=0, stage="end", section="bolster"),
        pending=(
            AfterMove(seat=0, stage="factory"),
            AfterMove(seat=0, stage="encounter"),
            AfterMove(seat=0, stage="battles"),
            battle,
        ),
    )
    e = refused(s)
    assert (e.code, e.pointer) == ("scythe.state.territory", "/pending/3/territory")


def test_an_unknown_factory_card_is_refused() -> None:
    s = player(started(), 1, factory_card=99)
    e = refused(s)
    assert (e.code, e.pointer) == ("scythe.state.factory_card", "/players/1/factory_card")


def test_an_automatic_task_on_top_is_refused() -> None:
    s = msgspec.structs.replace(
        turn(started(), 0, "end", section="bolster"), pending=(StartPlay(),)
    )
    e = refused(s)
    assert (e.code, e.pointer) == ("scythe.state.task_stack", "/pending/0")
    s = msgspec.structs.replace(
        turn(started(), 0, "end", section="bolster"),
        pending=(AfterMove(seat=0, stage="factory"), AfterMove(seat=0, stage="battles")),
    )
    assert refused(s).code == "scythe.state.task_stack"


def test_factions_and_mats_must_match_the_setup_deals() -> None:
    s = GAME.new_state(3, seed=4)
    while not any(isinstance(x, SetupMat) for x in s.pending[-1:]):
        s, _ = GAME.apply_unchecked(s, GAME.sample_chance(s))
    check(s)
    broken = msgspec.structs.replace(s, mats=("industrial", "engineering", "patriotic"))
    assert refused(broken).code == "scythe.state.players"
    broken = msgspec.structs.replace(s, factions=s.factions[:-1])
    assert refused(broken).code == "scythe.state.players"
