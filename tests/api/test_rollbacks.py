"""A store that went back is reported, never taken for a stale handle nor acted on.

A handle names a sealed game's step by its version and the state it held then
(:attr:`arbiter.api.sealing.Ticket.head`). When the store holds an earlier step than a handle was
given for -- a snapshot restored, a replica that lagged -- or another state at the handle's step
(it went back, then on along another path), the handle acts on nothing: ``409
table_rolled_back``, counted in ``arbiter_rollbacks_total``. ``current`` answers the game as the
store holds it, the way back in. Run on the in-process store and on Redis (one node, a cluster).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.api.conftest import new_game, problem
from tests.conftest import Store

Rewind = Callable[[], None]


def play(client: TestClient, answer: dict[str, Any], kind: str) -> dict[str, Any]:
    """The master applies the first legal move of ``kind``."""
    move = next(m for m in answer["legal_moves"] if m["type"] == kind)
    moved = client.post(
        "/v1/games/pig/moves", json={"state_token": answer["state_token"], "move": move}
    )
    assert moved.status_code == 200, moved.text
    return moved.json()  # type: ignore[no-any-return]


def embedded_snapshot(client: TestClient, token: str) -> Rewind:
    """Keep what the in-process store holds of the game now; the function puts it back."""
    store = client.app.service.store  # type: ignore[attr-defined]
    table_id = store.sealer.open(token).table
    budget = store.cache._tables
    saved = budget.get(table_id)  # a table and its move log, both immutable

    def rewind() -> None:
        budget.put(table_id, saved, saved[0].size, "")

    return rewind


def redis_snapshot(store: Store, client: TestClient, token: str) -> Rewind:
    """Keep the game's record in Redis now; the function writes it back (a restored snapshot)."""
    from arbiter.api.cache import RedisCache

    table_id = client.app.service.store.sealer.open(token).table  # type: ignore[attr-defined]
    key = RedisCache._table_key(table_id)
    redis = store.redis()
    saved = redis.hgetall(key)

    def rewind() -> None:
        redis.hset(key, mapping=saved)

    return rewind


@pytest.mark.parametrize("where", ["embedded", "redis"])
def test_a_handle_of_a_step_the_store_lost_is_refused_as_rolled_back(
    where: str, make_client: Any, request: pytest.FixtureRequest
) -> None:
    if where == "redis":
        store: Store = request.getfixturevalue("redis_server")
        client = make_client(**store.settings)
    else:
        client = make_client()
    game = new_game(client, seed=7, sealed=True)
    first = play(client, game, "hold")  # step 1
    rewind = (
        redis_snapshot(store, client, first["state_token"])
        if where == "redis"
        else embedded_snapshot(client, first["state_token"])
    )
    second = play(client, first, "hold")  # step 2, answered: then the store goes back to step 1
    rewind()
    refused = client.post(
        "/v1/games/pig/moves",
        json={"state_token": second["state_token"], "move": second["legal_moves"][0]},
    )
    body = problem(refused, 409, "table_rolled_back")
    assert "holds step 1" in body["detail"] and "step 2" in body["detail"]
    # the way back in: the game as the store holds it, with handles of that step
    back = client.post("/v1/games/pig/current", json={"state_token": second["state_token"]})
    assert back.status_code == 200 and back.json()["view"] == first["view"]
    # on along another path: the old handle of step 2 names another state, still refused
    other = play(client, back.json(), "roll")
    again = client.post("/v1/games/pig/legal-moves", json={"state_token": second["state_token"]})
    problem(again, 409, "table_rolled_back")
    assert (
        client.post(
            "/v1/games/pig/legal-moves", json={"state_token": other["state_token"]}
        ).status_code
        == 200
    )
    # a handle that is merely old is stale, as before
    problem(
        client.post("/v1/games/pig/legal-moves", json={"state_token": game["state_token"]}),
        409,
        "stale_state",
    )
    assert "arbiter_rollbacks_total 3.0" in client.get("/metrics").text
