"""Long tasks take turns by client (:mod:`arbiter.api.long_tasks`), slice by slice: one client's
queue of hints does not hold another client's replay behind it, nor does the hint running, and
one client may fill only its share of the worker's queue."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from arbiter.api import long_tasks
from arbiter.api.app import create_app
from arbiter.api.clients import Client, current
from arbiter.api.long_tasks import MAX_WAITING, LongTasks
from arbiter.api.problems import Problem
from arbiter.core import Registry
from tests.api.conftest import problem, settings
from tests.toy import Pig


async def _task(tasks: LongTasks, client: str, ran: list[str], gate: asyncio.Event) -> None:
    current.set(Client("key", client))
    async with tasks.turn():
        ran.append(client)
        await gate.wait()


async def _queued(tasks: LongTasks, count: int) -> None:
    for _ in range(1000):
        if tasks.waiting >= count:
            return
        await asyncio.sleep(0)
    raise AssertionError(f"{count} tasks never queued")


def test_turns_go_round_the_clients_not_first_come_first_served() -> None:
    """a's five hints, then b's replay, then c's: b waits for the one hint running, not five."""

    async def run() -> list[str]:
        tasks, ran, gate = LongTasks(), [], asyncio.Event()
        started = [asyncio.create_task(_task(tasks, "a", ran, gate)) for _ in range(5)]
        await _queued(tasks, 4)
        started.append(asyncio.create_task(_task(tasks, "b", ran, gate)))
        started.append(asyncio.create_task(_task(tasks, "c", ran, gate)))
        await _queued(tasks, 6)
        gate.set()
        await asyncio.gather(*started)
        return ran

    assert asyncio.run(run()) == ["a", "b", "c", "a", "a", "a", "a"]


async def _sliced(
    tasks: LongTasks, client: str, slices: int, ran: list[str], name: str = ""
) -> None:
    """A task of ``slices`` slices, each noted in ``ran`` (as ``name``, else ``client``) as it
    runs."""
    current.set(Client("key", client))
    async with tasks.turn() as turn:
        for _ in range(slices):
            ran.append(name or client)
            await turn.pause()


def test_tasks_of_two_clients_take_turns_slice_by_slice() -> None:
    """a's long hint (6 slices) and b's short replay (2), sent while it runs: b's slices come
    between a's, b does not wait for the end of a's; a's next task waits for its first."""

    async def run() -> list[str]:
        tasks, ran, gate = LongTasks(), [], asyncio.Event()
        first = asyncio.create_task(_task(tasks, "a", ran, gate))  # a's hint, its first slice
        await asyncio.sleep(0)
        hint = asyncio.create_task(_sliced(tasks, "a", 6, ran, "hint"))
        second = asyncio.create_task(_sliced(tasks, "a", 1, ran, "next"))
        replay = asyncio.create_task(_sliced(tasks, "b", 2, ran, "replay"))
        await _queued(tasks, 3)
        gate.set()
        await asyncio.gather(first, hint, second, replay)
        assert not tasks.busy and tasks.waiting == 0
        return ran

    assert asyncio.run(run()) == [
        *("a", "replay", "hint", "replay"),
        *("hint",) * 5,
        "next",
    ]


def test_a_task_alone_keeps_its_turn_and_is_not_counted_waiting() -> None:
    async def run() -> None:
        tasks, ran = LongTasks(), []
        await _sliced(tasks, "a", 3, ran)
        assert ran == ["a", "a", "a"] and not tasks.busy

        gate = asyncio.Event()
        other = asyncio.create_task(_task(tasks, "b", ran, gate))
        await asyncio.sleep(0)
        sliced = asyncio.create_task(_sliced(tasks, "a", 2, ran))
        await _queued(tasks, 1)
        gate.set()
        await asyncio.gather(other, sliced)

    asyncio.run(run())


def test_a_task_cancelled_while_it_passed_its_turn_hands_nothing_back() -> None:
    """Cancelled while another client's slice runs: the other goes on, nothing is freed twice."""

    async def run() -> list[str]:
        tasks, ran, gate = LongTasks(), [], asyncio.Event()
        long = asyncio.create_task(_sliced(tasks, "a", 100, ran))
        await asyncio.sleep(0)
        other = asyncio.create_task(_task(tasks, "b", ran, gate))
        while "b" not in ran:  # a passed its turn to b, and waits for it back
            await asyncio.sleep(0)
        assert tasks.waiting == 0 and tasks._turns.waiting_of("a") == 0
        long.cancel()
        await asyncio.sleep(0)
        gate.set()
        await other
        with pytest.raises(asyncio.CancelledError):
            await long
        assert not tasks.busy and tasks.waiting == 0
        third = asyncio.create_task(_task(tasks, "c", ran, gate))
        await third
        return ran

    assert asyncio.run(run())[-1] == "c"


def test_a_waiting_task_cancelled_leaves_the_queue_and_the_rest_run() -> None:
    async def run() -> list[str]:
        tasks, ran, gate = LongTasks(), [], asyncio.Event()
        first = asyncio.create_task(_task(tasks, "a", ran, gate))
        await asyncio.sleep(0)
        gone = asyncio.create_task(_task(tasks, "b", ran, gate))
        kept = asyncio.create_task(_task(tasks, "c", ran, gate))
        await _queued(tasks, 2)
        gone.cancel()
        await asyncio.sleep(0)
        assert tasks.waiting == 1
        gate.set()
        await asyncio.gather(first, kept)
        assert not tasks.busy and tasks.waiting == 0
        return ran

    assert asyncio.run(run()) == ["a", "c"]


def test_one_client_fills_only_its_share_of_the_queue() -> None:
    async def run() -> None:
        tasks, ran, gate = LongTasks(share=0.25), [], asyncio.Event()
        allowed = MAX_WAITING // 4
        assert tasks.allowed() == allowed
        started = [asyncio.create_task(_task(tasks, "a", ran, gate)) for _ in range(allowed + 1)]
        await _queued(tasks, allowed)
        current.set(Client("key", "a"))
        with pytest.raises(Problem) as refused:
            async with tasks.turn():
                raise AssertionError("admitted past its share")
        assert refused.value.code == "quota_exceeded" and refused.value.status == 429
        assert (refused.value.used, refused.value.allowed) == (allowed, allowed)
        assert refused.value.headers["Retry-After"] == str(long_tasks.RETRY_AFTER)
        started.append(asyncio.create_task(_task(tasks, "b", ran, gate)))  # another: admitted
        await _queued(tasks, allowed + 1)
        gate.set()
        await asyncio.gather(*started)
        assert ran.count("b") == 1 and ran[1] == "b"

    asyncio.run(run())


BODY = {
    "players": 2,
    "seed": 1,
    "options": {"target": 1000},
    "moves": [{"type": "hold", "seat": i % 2} for i in range(3000)],
}


def test_over_http_a_client_past_its_share_gets_its_own_429(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(long_tasks, "MAX_WAITING", 4)  # a quarter: one waiting replay each

    async def run() -> None:
        app = create_app(settings(), Registry([Pig()]))
        flood = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app, client=("10.0.0.1", 1)), base_url="http://a"
        )
        honest = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app, client=("10.0.0.2", 1)), base_url="http://a"
        )
        async with flood, honest:
            running = asyncio.create_task(flood.post("/v1/games/pig/replay", json=BODY))
            while not app.service.long_tasks.busy:
                await asyncio.sleep(0)
            waiting = asyncio.create_task(flood.post("/v1/games/pig/replay", json=BODY))
            while app.service.long_tasks.waiting < 1:
                await asyncio.sleep(0)
            refused = await flood.post("/v1/games/pig/replay", json=BODY)
            body: Any = problem(refused, 429, "quota_exceeded")
            assert (body["used"], body["allowed"]) == (1, 1)
            assert refused.headers["retry-after"] == str(long_tasks.RETRY_AFTER)
            served = await honest.post("/v1/games/pig/replay", json=BODY)
            assert served.status_code == 200
            assert (await running).status_code == 200 and (await waiting).status_code == 200
            metrics = (await honest.get("/metrics")).text
            assert (
                'arbiter_long_task_refusals_total{client="anonymous",code="quota_exceeded"} 1.0'
                in metrics
            )

    asyncio.run(run())
