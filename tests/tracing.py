"""Memory as Python holds it, for the tests that show a cache levels off: :func:`alone` (run a
check in a new process of its own, allocations traced) and :func:`traced` (the bytes traced
now)."""

from __future__ import annotations

import gc
import multiprocessing
import tracemalloc
from collections.abc import Callable


def traced() -> int:
    """The bytes Python holds now (after a collection), of what was allocated while tracing."""
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def alone(check: Callable[[], None]) -> None:
    """Run ``check`` (a function of a module, so a new process can import it) in a new process,
    with allocations traced; what it raises is raised here.

    A test worker that ran other tests first may hold their leftovers -- a server's thread, a
    stream, a client's pool -- and tracing counts what every thread allocates: a check of a
    bound read there once grew by 3.8 MB of someone else's memory. A process of its own holds
    only what the check made."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        pool.apply(_traced, (check,))


def _traced(check: Callable[[], None]) -> None:
    tracemalloc.start()
    try:
        check()
    finally:
        tracemalloc.stop()
