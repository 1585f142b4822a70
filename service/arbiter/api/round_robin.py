"""Turns taken by client: :class:`RoundRobin`, the queue of long tasks (:mod:`.long_tasks`).

At most ``slots`` holders at once. Who waits, waits in one queue per client
(:mod:`arbiter.api.clients`), and a freed slot goes to the oldest waiter of the client that waited
longest for a turn -- the client whose holder just left goes last -- not to the oldest waiter
overall: a client with many requests in flight holds the others back by one turn, not by all of
its requests.

A holder may also pass its slot on for a moment (:meth:`RoundRobin.pass_turn`): to the next client
in line, its own client going last, itself first among its client's waiters -- so that the
clients' long tasks take turns slice by slice, each client's own tasks one after another.
"""

from __future__ import annotations

import asyncio
from collections import deque


class RoundRobin:
    """Slots handed out round robin by client (module docstring)."""

    def __init__(self, slots: int = 1) -> None:
        self.slots = slots
        self.running = 0
        #: the waiters of each client, the clients in the order their turns come
        self._queues: dict[str, deque[asyncio.Future[None]]] = {}
        #: the waiters that are holders who passed their slot on (not counted as waiting)
        self._passed: set[asyncio.Future[None]] = set()

    @property
    def waiting(self) -> int:
        """Waiters now, of every client (not holders who passed their slot on)."""
        return sum(len(queue) for queue in self._queues.values()) - len(self._passed)

    def waiting_of(self, client: str) -> int:
        """Waiters of ``client`` now (not holders who passed their slot on)."""
        queue = self._queues.get(client, ())
        return len(queue) - (1 if queue and queue[0] in self._passed else 0)

    async def pass_turn(self, client: str) -> None:
        """``client``'s holder lets another client's waiter have the slot, and waits for it to
        come back, first of its client's waiters; with no other client waiting, it keeps it."""
        if not any(other != client for other in self._queues):
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._queues.pop(client, None) or deque()
        queue.appendleft(waiter)
        self._queues[client] = queue  # last in line
        self._passed.add(waiter)
        self.release(client)
        try:
            await self._wait(client, waiter)
        finally:
            self._passed.discard(waiter)

    async def acquire(self, client: str) -> None:
        """A slot for ``client``: at once when one is free and nobody waits, else in turn."""
        if self.running < self.slots and not self._queues:
            self.running += 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queues.setdefault(client, deque()).append(waiter)
        await self._wait(client, waiter)

    async def _wait(self, client: str, waiter: asyncio.Future[None]) -> None:
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed a slot, then cancelled
                self.release(client)
            else:
                self._forget(client, waiter)
            raise

    def release(self, ended: str) -> None:
        """``ended``'s holder leaves: its slot goes to the next client in line (``ended``
        last), whose first waiter takes it; that client goes to the back of the line."""
        queue = self._queues.get(ended)
        if queue is not None and len(self._queues) > 1:  # others wait: their turn first
            self._queues[ended] = self._queues.pop(ended)
        while self._queues:
            client = next(iter(self._queues))
            queue = self._queues.pop(client)
            waiter = queue.popleft()
            if queue:
                self._queues[client] = queue
            if not waiter.done():
                waiter.set_result(None)  # the slot passes on: ``running`` stays
                return
        self.running -= 1

    def _forget(self, client: str, waiter: asyncio.Future[None]) -> None:
        queue = self._queues.get(client)
        if queue is not None and waiter in queue:
            queue.remove(waiter)
            if not queue:
                del self._queues[client]
