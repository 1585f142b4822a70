"""Long tasks: the requests whose cost grows with what they ask (a replay, a hint's search).

One runs at a time per worker. The others wait in one queue per client (:mod:`arbiter.api.clients`)
and take turns **by client**, round robin (:class:`~arbiter.api.round_robin.RoundRobin`), slice
by slice: a running task passes the turn on at the end of each slice to the next client waiting,
and goes on when its client's turn comes back. One client's five hints of two seconds hold
another client's short replay neither behind all five nor behind the one running, only behind
one slice at a time; each client's own tasks run one after another.

Bounds: at most :data:`MAX_WAITING` tasks wait in one worker (past that a new one is refused with
``503 busy``), and one client at most its share of them (``ARBITER_CLIENT_SHARE``, at least one):
a client past its share is refused alone, ``429 quota_exceeded`` with ``used`` and ``allowed``
counted in tasks. A running task gives the event loop back at least every :data:`SLICE` seconds,
so health probes and short requests are answered meanwhile -- every :data:`BUSY_SLICE` while they
are (:class:`Slices`).
"""

from __future__ import annotations

import asyncio
import time

from arbiter.api.budget import share_of
from arbiter.api.clients import current_id, current_label
from arbiter.api.metrics import Metrics
from arbiter.api.problems import Problem, over_quota, retry_after
from arbiter.api.rates import Rates
from arbiter.api.round_robin import RoundRobin
from arbiter.core.texts import plural, text

#: A long task gives the event loop back at least this often, in seconds.
SLICE = 0.002
#: ... and this often while other requests are being answered (:class:`Slices`).
BUSY_SLICE = 0.00025
#: A pause of a long task that lasted longer than this (seconds) let other work run.
OTHERS_RAN = 0.00003


class Slices:
    """The slices of a running long task, entered by :meth:`LongTasks.turn`: when it gives the
    event loop back (:data:`SLICE` after its last pause while the worker has nothing else to do,
    :data:`BUSY_SLICE` while it answers other requests: the last pause came back later than
    :data:`OTHERS_RAN`), and its turn to the next client's task. A short request takes a few
    passes of the loop (its bytes read, its answer written), each behind one slice of the task:
    2 ms slices made a move wait some 6 ms behind a hint."""

    __slots__ = ("_turn", "deadline")

    def __init__(self, turn: _Turn) -> None:
        self._turn = turn
        self.deadline = time.perf_counter() + SLICE

    def due(self) -> bool:
        """The slice is over: pause."""
        return time.perf_counter() >= self.deadline

    async def pause(self) -> None:
        """Give the event loop back and the turn to the next client waiting for one, and start
        the next slice when the turn comes back."""
        before = time.perf_counter()
        await asyncio.sleep(0)
        await self._turn.pass_on()
        after = time.perf_counter()
        self.deadline = after + (BUSY_SLICE if after - before > OTHERS_RAN else SLICE)


#: Long tasks waiting for their turn in one worker before more are refused (``503 busy``).
MAX_WAITING = 16
#: What ``Retry-After`` says to a client refused a place in the queue, in seconds.
RETRY_AFTER = 2


class LongTasks:
    """The long-task turns of one worker: ``async with tasks.turn():`` runs a task in its turn
    (module docstring). ``share``: the fraction of :data:`MAX_WAITING` one client may fill;
    ``rates``: each task is a heavy operation of its client (:mod:`arbiter.api.rates`), counted
    before it queues."""

    def __init__(
        self, share: float = 1.0, *, rates: Rates | None = None, metrics: Metrics | None = None
    ) -> None:
        self.share = share
        self.rates = rates
        self.metrics = metrics
        self._turns = RoundRobin(1)

    @property
    def busy(self) -> bool:
        """Whether a long task is running now."""
        return self._turns.running > 0

    @property
    def waiting(self) -> int:
        """Tasks waiting for their turn now."""
        return self._turns.waiting

    def allowed(self) -> int:
        """Tasks one client may have waiting."""
        return share_of(MAX_WAITING, self.share)

    def turn(self) -> _Turn:
        """The turn of a new task of the current client, entered as ``async with tasks.turn() as
        slices:`` (its :class:`Slices`; over its heavy rate limit
        ``429 rate_limited``; ``503 busy`` when the worker's queue is full, ``429
        quota_exceeded`` when this client's part of it is)."""
        return _Turn(self, current_id())

    def _admit(self, client: str) -> None:
        try:
            self._check(client)
        except Problem as refused:
            if self.metrics is not None:
                self.metrics.long_task_refusals.labels(current_label(), refused.code).inc()
            raise

    def _check(self, client: str) -> None:
        if self.waiting >= MAX_WAITING:
            raise Problem(
                "busy",
                text("too many long requests are waiting; retry later"),
                headers=retry_after(RETRY_AFTER),
            )
        used, allowed = self._turns.waiting_of(client), self.allowed()
        if used >= allowed:
            raise over_quota(
                plural(
                    "your client has {count} long requests (replays, hints) waiting in this "
                    "worker, as many as one client may; send the next when one is answered",
                    "your client has {count} long requests (replays, hints) waiting in this "
                    "worker, as many as one client may; send the next when one is answered",
                    count=used,
                ),
                used,
                allowed,
                RETRY_AFTER,
            )


class _Turn:
    """Waits for the task's turn when entered, giving its :class:`Slices`; hands the turn on
    when left."""

    def __init__(self, tasks: LongTasks, client: str) -> None:
        self.tasks = tasks
        self.client = client
        self.holding = False

    async def __aenter__(self) -> Slices:
        tasks = self.tasks
        if tasks.rates is not None:
            await tasks.rates.heavy()
        tasks._admit(self.client)
        await tasks._turns.acquire(self.client)
        self.holding = True
        return Slices(self)

    async def pass_on(self) -> None:
        """Lets the next client's task run a slice, if one waits, and waits for the turn back."""
        try:
            await self.tasks._turns.pass_turn(self.client)
        except asyncio.CancelledError:
            self.holding = False  # cancelled while waiting: the turn went on without it
            raise

    async def __aexit__(self, *exc: object) -> None:
        if self.holding:
            self.holding = False
            self.tasks._turns.release(self.client)
