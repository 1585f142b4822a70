"""Every request has a bounded cost: replays are capped in length, run one at a time per worker
in short slices (so health probes are answered meanwhile), and a queue of them is refused."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from arbiter.api import long_tasks
from arbiter.api.app import create_app
from arbiter.core import Registry
from tests.api.conftest import problem, settings
from tests.toy import Pig

#: Pig whose holds bank nothing never ends: a replay as long as one likes.
BODY = {
    "players": 2,
    "seed": 1,
    "options": {"target": 1000},
    "moves": [{"type": "hold", "seat": i % 2} for i in range(6000)],
}


async def _started(app: Any) -> None:
    """Wait until a replay holds the worker's long-task slot."""
    for _ in range(10_000):
        if app.service.long_tasks.busy:
            return
        await asyncio.sleep(0)
    raise AssertionError("the replay never started")


def test_a_health_probe_is_answered_while_a_long_replay_runs() -> None:
    async def run() -> None:
        app = create_app(settings(), Registry([Pig()]))
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://arbiter") as client:
            replay = asyncio.create_task(client.post("/v1/games/pig/replay", json=BODY))
            await _started(app)
            health = await client.get("/healthz")
            assert health.status_code == 200
            assert not replay.done(), "the probe waited for the whole replay"
            assert (await replay).status_code == 200

    asyncio.run(run())


def test_replays_wait_their_turn_and_a_long_queue_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(long_tasks, "MAX_WAITING", 1)

    async def run() -> None:
        app = create_app(settings(), Registry([Pig()]))
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://arbiter") as client:
            first = asyncio.create_task(client.post("/v1/games/pig/replay", json=BODY))
            await _started(app)
            second = asyncio.create_task(client.post("/v1/games/pig/replay", json=BODY))
            while app.service.long_tasks.waiting < 1:
                await asyncio.sleep(0)
            third = await client.post("/v1/games/pig/replay", json=BODY)
            problem(third, 503, "busy")
            assert (await first).status_code == 200
            assert (await second).status_code == 200

    asyncio.run(run())


def test_a_replay_longer_than_the_limit_is_refused(make_client: Any) -> None:
    client = make_client(max_replay=100)
    refused = client.post("/v1/games/pig/replay", json={**BODY, "moves": BODY["moves"][:101]})
    assert problem(refused, 422, "replay_too_long")["pointer"] == "/moves"
    allowed = client.post("/v1/games/pig/replay", json={**BODY, "moves": BODY["moves"][:100]})
    assert allowed.status_code == 200
