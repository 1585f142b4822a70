"""Long tasks: the requests whose cost grows with what they ask (a replay, a hint's search).

One runs at a time per worker; the others wait their turn, and past :data:`MAX_WAITING` waiting
a new one is refused with ``503 busy``. A running task gives the event loop back at least every
:data:`SLICE` seconds, so health probes and short requests are answered meanwhile.
"""

from __future__ import annotations

import asyncio

from arbiter.api.problems import Problem

#: A long task gives the event loop back at least this often, in seconds.
SLICE = 0.002
#: Long tasks waiting for their turn in one worker before more are refused (``503 busy``).
MAX_WAITING = 16


class LongTasks:
    """The long-task turn of one worker: ``async with tasks.turn():`` runs a task in its turn."""

    def __init__(self) -> None:
        self._running = asyncio.Semaphore(1)
        #: tasks waiting for their turn now
        self.waiting = 0

    @property
    def busy(self) -> bool:
        """Whether a long task is running now."""
        return self._running.locked()

    def turn(self) -> _Turn:
        """The turn of a new task; ``503 busy`` when too many are waiting already."""
        if self.waiting >= MAX_WAITING:
            raise Problem("busy", "too many long requests are waiting; retry later")
        return _Turn(self)


class _Turn:
    """Waits for the running task to end when entered; lets the next one run when left."""

    def __init__(self, tasks: LongTasks) -> None:
        self.tasks = tasks

    async def __aenter__(self) -> None:
        tasks = self.tasks
        tasks.waiting += 1
        try:
            await tasks._running.acquire()
        finally:
            tasks.waiting -= 1

    async def __aexit__(self, *exc: object) -> None:
        self.tasks._running.release()
