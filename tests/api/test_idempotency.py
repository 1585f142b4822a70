"""Requests safe to retry with an ``Idempotency-Key`` (:mod:`arbiter.api.idempotency`): the same
key and body get the same answer without applying twice -- on the in-process store and across
workers through Redis --; the key with another body is refused; keys are per client."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.core import Registry
from tests.api.conftest import NeverEndingPig, problem, settings
from tests.conftest import Store

SEALED = {"players": 2, "seed": 3, "sealed": True}


def key(name: str) -> dict[str, str]:
    return {"Idempotency-Key": name}


def test_a_retried_move_is_applied_once_and_answered_alike(make_client: Any) -> None:
    client = make_client()
    game = client.post("/v1/games/pig/states", json=SEALED, headers=key("g1")).json()
    move = {"state_token": game["state_token"], "move": game["legal_moves"][0]}
    first = client.post("/v1/games/pig/moves", json=move, headers=key("m1"))
    again = client.post("/v1/games/pig/moves", json=move, headers=key("m1"))
    assert first.status_code == again.status_code == 200
    assert again.content == first.content  # the very answer: the same handles
    assert again.headers["idempotency-replayed"] == "true"
    assert "idempotency-replayed" not in first.headers
    # applied once: the handle of the first answer is the current one
    current = client.post("/v1/games/pig/current", json={"state_token": game["state_token"]})
    assert current.json()["view"] == first.json()["view"]
    # without a key the same move is stale now: it was applied
    problem(client.post("/v1/games/pig/moves", json=move), 409, "stale_state")


def test_a_retried_new_game_makes_one_game(make_client: Any) -> None:
    client = make_client()
    first = client.post("/v1/games/pig/states", json=SEALED, headers=key("new-1"))
    again = client.post("/v1/games/pig/states", json=SEALED, headers=key("new-1"))
    assert first.status_code == again.status_code == 201
    assert again.json()["state_token"] == first.json()["state_token"]
    other = client.post("/v1/games/pig/states", json=SEALED, headers=key("new-2"))
    assert other.json()["state_token"] != first.json()["state_token"]


def test_a_refusal_is_answered_alike_too(make_client: Any) -> None:
    client = make_client()
    bad = {"players": 9}
    first = client.post("/v1/games/pig/states", json=bad, headers=key("bad"))
    again = client.post("/v1/games/pig/states", json=bad, headers=key("bad"))
    assert first.status_code == again.status_code == 422 and again.content == first.content


def test_the_key_with_another_request_is_refused(make_client: Any) -> None:
    client = make_client()
    client.post("/v1/games/pig/states", json=SEALED, headers=key("k"))
    reused = client.post("/v1/games/pig/states", json={**SEALED, "seed": 4}, headers=key("k"))
    problem(reused, 422, "idempotency_key_reused")
    elsewhere = client.post("/v1/games/pig/content", json={"faces": [1, 2]}, headers=key("k"))
    problem(elsewhere, 422, "idempotency_key_reused")


def test_keys_are_per_client() -> None:
    app = create_app(settings(), Registry([NeverEndingPig()]))
    one, two = (TestClient(app, client=(a, 1)) for a in ("10.0.5.1", "10.0.5.2"))
    a = one.post("/v1/games/pig/states", json=SEALED, headers=key("same"))
    b = two.post("/v1/games/pig/states", json=SEALED, headers=key("same"))
    assert a.status_code == b.status_code == 201
    assert a.json()["state_token"] != b.json()["state_token"]


@pytest.mark.parametrize("bad", ["", "a" * 256, "é", "two words"])
def test_a_malformed_key_is_refused(make_client: Any, bad: str) -> None:
    client = make_client()
    answer = client.post(
        "/v1/games/pig/states",
        json=SEALED,
        headers={"Idempotency-Key": bad.encode()},
    )
    problem(answer, 422, "invalid_request")


def test_while_the_first_runs_a_retry_is_told_to_wait() -> None:
    """A retry while the first request still runs (a content registration held in flight)
    is told to retry soon; once the first is answered, a retry gets its answer."""

    async def run() -> None:
        app = create_app(settings(), Registry([NeverEndingPig()]))
        started, release = asyncio.Event(), asyncio.Event()
        original = app.service.register_content

        async def slow(game_id: str, content: Any) -> Any:
            started.set()
            await release.wait()
            return await original(game_id, content)

        app.service.register_content = slow  # type: ignore[method-assign]
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://a") as client:
            body, headers = {"faces": [1, 2, 3]}, key("slow")
            first = asyncio.create_task(
                client.post("/v1/games/pig/content", json=body, headers=headers)
            )
            await started.wait()
            waiting = await client.post("/v1/games/pig/content", json=body, headers=headers)
            problem(waiting, 409, "idempotency_in_progress")
            assert waiting.headers["retry-after"] == "1"
            release.set()
            assert (await first).status_code == 201
            again = await client.post("/v1/games/pig/content", json=body, headers=headers)
            assert again.status_code == 201 and again.headers["idempotency-replayed"] == "true"

    asyncio.run(run())


@pytest.mark.redis
def test_across_workers_a_retry_gets_the_first_answer(make_client: Any, store: Store) -> None:
    a, b = (make_client(**store.settings) for _ in range(2))
    game = a.post("/v1/games/pig/states", json=SEALED, headers=key("r-new")).json()
    move = {"state_token": game["state_token"], "move": game["legal_moves"][0]}
    first = a.post("/v1/games/pig/moves", json=move, headers=key("r-move"))
    again = b.post("/v1/games/pig/moves", json=move, headers=key("r-move"))
    assert first.status_code == 200 and again.content == first.content
    assert again.headers["idempotency-replayed"] == "true"
    problem(
        b.post("/v1/games/pig/moves", json=move, headers=key("r-new")),
        422,
        "idempotency_key_reused",
    )


# ------------------------------------------------------------------ GraphQL's argument

KEYED_NEW = """
mutation($seed: Seed, $key: String) {
  newGame(game: "pig", players: 2, seed: $seed, sealed: true, idempotencyKey: $key) {
    stateToken seatTokens legalMoves
  }
}
"""
KEYED_MOVE = """
mutation($token: String!, $move: JSON!, $key: String) {
  applyMove(game: "pig", stateToken: $token, move: $move, idempotencyKey: $key) {
    stateToken view toAct
  }
}
"""
KEYED_UNDO = """
mutation($token: String!, $key: String) {
  undo(game: "pig", stateToken: $token, idempotencyKey: $key) { stateToken toAct }
}
"""
KEYED_CONTENT = """
mutation($content: JSON!, $key: String) {
  registerContent(game: "pig", content: $content, idempotencyKey: $key) { contentId }
}
"""


def gql(client: TestClient, query: str, **variables: Any) -> dict[str, Any]:
    answer = client.post("/graphql", json={"query": query, "variables": variables})
    assert answer.status_code == 200, answer.text
    payload: dict[str, Any] = answer.json()
    return payload


def test_a_mutation_with_a_key_is_applied_once(make_client: Any) -> None:
    client = make_client()
    made = [gql(client, KEYED_NEW, seed=3, key="g-new")["data"]["newGame"] for _ in range(2)]
    assert made[0] == made[1]  # one game: the very same handles
    game = made[0]
    hold = next(m for m in game["legalMoves"] if m["type"] == "hold")  # may be taken back
    moved = [
        gql(client, KEYED_MOVE, token=game["stateToken"], move=hold, key="g-m") for _ in range(2)
    ]
    assert "errors" not in moved[0] and moved[0] == moved[1]
    # applied once: the game's step is the first answer's; without the key the move is stale
    stale = gql(client, KEYED_MOVE, token=game["stateToken"], move=hold)
    assert stale["errors"][0]["extensions"]["code"] == "stale_state"
    boss = moved[0]["data"]["applyMove"]["stateToken"]
    undone = [gql(client, KEYED_UNDO, token=boss, key="g-u") for _ in range(2)]
    assert "errors" not in undone[0] and undone[0] == undone[1]
    packs = [gql(client, KEYED_CONTENT, content={"faces": [2, 3]}, key="g-c") for _ in range(2)]
    assert "errors" not in packs[0] and packs[0] == packs[1]


def test_a_mutation_keeps_its_refusal_and_refuses_the_key_with_other_arguments(
    make_client: Any,
) -> None:
    client = make_client()
    game = gql(client, KEYED_NEW, seed=3)["data"]["newGame"]
    illegal = {"type": "hold", "seat": 1}
    refused = [
        gql(client, KEYED_MOVE, token=game["stateToken"], move=illegal, key="bad") for _ in range(2)
    ]
    assert refused[0] == refused[1] and refused[0]["errors"][0]["extensions"]["status"] == 422
    other = gql(client, KEYED_MOVE, token=game["stateToken"], move=game["legalMoves"][0], key="bad")
    assert other["errors"][0]["extensions"]["code"] == "idempotency_key_reused"
    malformed = gql(client, KEYED_NEW, seed=3, key="two words")
    assert malformed["errors"][0]["extensions"]["code"] == "invalid_request"
    assert malformed["errors"][0]["extensions"]["pointer"] == "/idempotencyKey"


@pytest.mark.redis
def test_across_workers_a_mutation_retried_gets_the_first_answer(
    make_client: Any, store: Store
) -> None:
    a, b = (make_client(**store.settings) for _ in range(2))
    game = gql(a, KEYED_NEW, seed=5, key="x-new")["data"]["newGame"]
    assert gql(b, KEYED_NEW, seed=5, key="x-new")["data"]["newGame"] == game
    move = {"token": game["stateToken"], "move": game["legalMoves"][0]}
    first = gql(a, KEYED_MOVE, **move, key="x-move")
    assert "errors" not in first and gql(b, KEYED_MOVE, **move, key="x-move") == first
