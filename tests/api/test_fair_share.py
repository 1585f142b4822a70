"""Fair shares of a worker's time (:mod:`arbiter.api.fair_share`): a client past its share waits
while another asks; a client alone, and what is not the API, never waits."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx

from arbiter.api import fair_share
from arbiter.api.app import create_app
from arbiter.api.clients import Client, key_digest
from arbiter.api.fair_share import FairShare
from arbiter.api.identify import Identify
from arbiter.api.metrics import Metrics
from arbiter.core import Registry
from arbiter.games import registry
from tests.api.conftest import settings
from tests.toy import Pig

Message = dict[str, Any]
KEYS = ("flood", "honest")


def _app(cost: float, ran: list[str]) -> Any:
    """An app whose requests each hold the worker for ``cost`` seconds (as a rules call does)."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        if "until" in scope:  # a request that is being answered until the event is set
            await scope["until"].wait()
        ran.append(scope["client_id"])
        time.sleep(cost)

    return app


async def _request(
    share: FairShare,
    who: str,
    path: str = "/v1/games/pig/moves",
    until: asyncio.Event | None = None,
) -> float:
    """One request of ``who`` through ``share`` (answered once ``until`` is set, when given);
    how long it took, in seconds."""
    scope: dict[str, Any] = {"type": "http", "path": path, "client_id": who}
    if until is not None:
        scope["until"] = until
    start = time.perf_counter()
    await share.serve(Client("key", who), share_app[share], scope, _receive, _send)
    return time.perf_counter() - start


share_app: dict[FairShare, Any] = {}


def _share(app: Any, hold: float, metrics: Metrics | None = None) -> FairShare:
    share = FairShare(hold, metrics)
    share_app[share] = app
    return share


async def _receive() -> Message:
    return {"type": "http.request", "body": b""}


async def _send(message: Message) -> None:
    return None


def test_a_client_alone_is_never_held() -> None:
    async def run() -> None:
        ran: list[str] = []
        metrics = Metrics()
        share = _share(_app(0.001, ran), 0.05, metrics)
        for _ in range(100):  # 100 ms of the worker, all its own
            assert await _request(share, "audit") < 0.02
        assert ran == ["audit"] * 100
        assert metrics.held_requests.labels("audit")._value.get() == 0

    asyncio.run(run())


def test_past_its_share_while_another_keeps_the_worker_busy_a_client_waits() -> None:
    """flood has used the worker; honest has a request being answered: flood's next request waits
    until honest's is answered (at most the hold); honest's next runs at once."""

    async def run() -> None:
        ran: list[str] = []
        metrics = Metrics()
        share = _share(_app(0.0, ran), 5.0, metrics)
        for _ in range(10):
            await _request(share, "flood")
        share.used["key:flood"] += 0.05 * share._scale(time.perf_counter())  # 50 ms of the worker
        share.total += 0.05 * share._scale(time.perf_counter())
        answered = asyncio.Event()
        honest = asyncio.create_task(_request(share, "honest", until=answered))
        await asyncio.sleep(0)
        assert share.over_share("key:flood") and not share.over_share("key:honest")

        flood = asyncio.create_task(_request(share, "flood"))
        await asyncio.sleep(0.03)
        assert not flood.done() and ran[-1] == "flood"  # held: the last that ran is an earlier
        assert await _request(share, "honest") < 1.0  # another of honest's runs meanwhile
        assert ran[-1] == "honest"
        answered.set()
        await honest
        assert 0.03 <= await flood < 5.0  # flood's goes on once honest's are answered
        assert ran[-1] == "flood"
        assert metrics.held_requests.labels("flood")._value.get() == 1

    asyncio.run(run())


def test_with_nobody_else_to_serve_a_client_past_its_share_is_not_held() -> None:
    """Clients taking turns at a light load: the other asked lately but has no request now, nor
    sent one in the last :data:`~arbiter.api.fair_share.BUSY` seconds: a hold would leave the
    worker idle."""

    async def run() -> None:
        ran: list[str] = []
        share = _share(_app(0.0, ran), 0.2)
        await _request(share, "flood")
        await _request(share, "honest")
        share.used["key:flood"] = share.total = 10.0 * share._scale(time.perf_counter())
        await asyncio.sleep(fair_share.BUSY * 2)
        assert share.over_share("key:flood")  # honest still asks (ACTIVE) ...
        assert await _request(share, "flood") < 0.01  # ... but is not busy: no hold

    asyncio.run(run())


def test_a_client_held_runs_its_requests_one_at_a_time_and_at_most_the_hold() -> None:
    async def run() -> None:
        ran: list[str] = []
        share = _share(_app(0.0, ran), 0.03)
        await _request(share, "flood")
        share.used["key:flood"] = share.total = 10.0 * share._scale(time.perf_counter())
        answered = asyncio.Event()  # honest's request is being answered all along
        honest = asyncio.create_task(_request(share, "honest", until=answered))
        await asyncio.sleep(0)
        start = time.perf_counter()
        waits = await asyncio.gather(*(_request(share, "flood") for _ in range(3)))
        elapsed = time.perf_counter() - start
        answered.set()
        await honest
        assert all(w >= 0.03 for w in waits)  # each held its full hold ...
        assert elapsed >= 3 * 0.03  # ... one after another, not all at once
        assert not share._lines  # the line is gone with the last

    asyncio.run(run())


def test_what_is_not_the_api_is_never_held_nor_counted() -> None:
    async def run() -> None:
        ran: list[str] = []
        share = _share(_app(0.0, ran), 0.05)
        await _request(share, "flood")
        await _request(share, "honest")
        share.used["key:flood"] = share.total = 10.0 * share._scale(time.perf_counter())
        before = dict(share.used)
        for path in ("/healthz", "/readyz", "/metrics", "/openapi.json", "/"):
            assert await _request(share, "flood", path) < 0.02
        assert share.used == before

    asyncio.run(run())


def test_on_by_default_and_off_when_the_hold_is_zero() -> None:
    identify = create_app(settings(), Registry([Pig()])).app.app
    assert isinstance(identify, Identify) and identify.share is not None
    assert identify.share.hold == 0.05
    identify = create_app(settings(fair_share_hold=0), Registry([Pig()])).app.app
    assert isinstance(identify, Identify) and identify.share is None


def test_sums_decay_and_idle_clients_are_forgotten() -> None:
    async def run() -> None:
        ran: list[str] = []
        share = _share(_app(0.0, ran), 0.05)
        for who in ("a", "b", "c"):
            await _request(share, who)
        share.since -= fair_share.RESCALE * fair_share.HALF_LIFE * 2  # long ago
        share._recent.clear()
        share._asking.clear()
        share._scale(time.perf_counter())
        assert share.used == {} and share.total == 0.0

    asyncio.run(run())


def test_over_http_a_flood_is_held_and_the_client_beside_it_never(tmp_path: Path) -> None:
    """Two keys on one app: ``flood`` sets up sealed games back to back on two connections while
    ``honest`` plays moves by ``state_id``; the flood's requests are held, the honest ones far less
    (only when the honest client has just used more of the worker than the flood), and every
    honest answer has its ``state_id``."""
    path = tmp_path / "keys.json"
    path.write_text(
        json.dumps({"keys": [{"name": n, "sha256": key_digest(f"{n}-key")} for n in KEYS]})
    )
    app = create_app(settings(api_keys=str(path)), registry())
    game = "/v1/games/the-ancient-world"

    async def run() -> list[int]:
        transport = httpx.ASGITransport(app=app)
        clients = {
            n: httpx.AsyncClient(
                transport=transport,
                base_url="http://arbiter",
                headers={"Authorization": f"Bearer {n}-key"},
            )
            for n in KEYS
        }
        deadline = time.perf_counter() + 1.0
        statuses: list[int] = []

        async def flood(seed: int) -> None:
            while time.perf_counter() < deadline:
                await asyncio.sleep(0)  # the network between requests: the others' turn
                body = {"players": 3, "seed": seed, "sealed": True}
                await clients["flood"].post(f"{game}/states", json=body)

        async def honest() -> None:
            new = {"players": 3}
            answer = (await clients["honest"].post(f"{game}/states", json=new)).json()
            while time.perf_counter() < deadline:
                await asyncio.sleep(0)
                move = {"state_id": answer["state_id"], "move": answer["legal_moves"][0]}
                reply = await clients["honest"].post(f"{game}/moves", json=move)
                statuses.append(reply.status_code)
                answer = reply.json()
                assert answer["state_id"] is not None
                if not answer["legal_moves"]:
                    answer = (await clients["honest"].post(f"{game}/states", json=new)).json()

        await asyncio.gather(flood(1), flood(2), honest())
        for client in clients.values():
            await client.aclose()
        return statuses

    statuses = asyncio.run(run())
    assert statuses and set(statuses) == {200}
    held = app.service.metrics.held_requests
    flood, honest = held.labels("flood")._value.get(), held.labels("honest")._value.get()
    assert flood > 3 * max(honest, 1), (flood, honest)
