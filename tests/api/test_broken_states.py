"""A corrupted state is refused with a 422 problem, never a server error, for every real game.

Real states are taken along random games; one value at a time is changed (a count made negative
or huge, a card id replaced, a list shortened or lengthened, a member removed) and the state is
sent with a move that was legal before. The answer must be a 200 (the change was harmless) or a
422 problem with a stable code -- and a JSON pointer when the state itself is what is wrong --
raised by the game's own checks, never by the service's safety net that turns a crash of the rules
on client input into a problem.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.core import CHANCE
from arbiter.games import registry
from tests.api.conftest import settings

GAMES = list(registry())
MUTATIONS_PER_STATE = 60


def leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every value of a JSON document (containers included)."""
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += leaves(value, (*path, index))
    return found


def mutate(document: Any, rng: random.Random) -> Any:
    document = json.loads(json.dumps(document))
    path = rng.choice(leaves(document)[1:])
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    value = parent[key]
    if isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = rng.choice([-1, value + 1, value - 1, 10**6, 0])
    elif isinstance(value, str):
        parent[key] = rng.choice(["", value + "-x", "A01-granary", "r1c1", "nordic"])
    elif isinstance(value, list) and value:
        parent[key] = rng.choice([value[:-1], [*value, value[0]], []])
    elif isinstance(parent, dict) and key not in ("rules_version", "content_id"):
        del parent[key]
    return document


def sample_states(game: Any) -> list[Any]:
    rng = random.Random(5)
    state = game.new_state(game.min_players + 1, seed=5)
    kept = []
    # The first player decision at or after each of these steps (a game's setup may be a long run
    # of chance decisions).
    targets = [0, 40, 150, 399]
    for step in range(400):
        actors = game.to_act(state)
        if not actors:
            break
        if targets and step >= targets[0] and actors[0] != CHANCE:
            kept.append(state)
            while targets and step >= targets[0]:
                targets.pop(0)
        move = (
            game.sample_chance(state)
            if actors[0] == CHANCE
            else rng.choice(game.generate_moves(state, actors[0]))
        )
        state, _ = game.apply(state, move)
    return kept


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_corrupted_states_are_refused_with_a_problem(game: Any) -> None:
    import msgspec

    client = TestClient(create_app(settings(memo_bytes=1), registry()))
    rng = random.Random(game.id)
    refused = 0
    for state in sample_states(game):
        move = msgspec.to_builtins(game.all_legal_moves(state)[0])
        original = msgspec.to_builtins(state)
        for _ in range(MUTATIONS_PER_STATE):
            broken = mutate(original, rng)
            response = client.post(
                f"/v1/games/{game.id}/moves", json={"state": broken, "move": move}
            )
            assert response.status_code in (200, 422), (response.status_code, response.text)
            if response.status_code == 422:
                refused += 1
                problem = response.json()
                assert response.headers["content-type"].startswith("application/problem+json")
                assert problem["code"], problem
                # The game's own checks caught it, not the service's safety net for rule crashes.
                assert "cannot evaluate" not in problem["detail"], problem
                if problem["code"] in ("invalid_state", "invalid_request"):
                    assert problem.get("pointer", "").startswith("/state"), problem
    assert refused > 0
