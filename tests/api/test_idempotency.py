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
    a, b = (make_client(**store.settings, redis_timeout=2.0) for _ in range(2))
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
