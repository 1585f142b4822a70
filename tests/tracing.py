"""Memory as Python holds it, for the tests that show a cache levels off: ``tracing`` (a fixture
that traces allocations while a test runs) and :func:`traced` (the bytes traced now)."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Iterator

import pytest


def traced() -> int:
    """The bytes Python holds now (after a collection), of what was allocated while tracing."""
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


@pytest.fixture
def tracing() -> Iterator[None]:
    tracemalloc.start()
    try:
        yield
    finally:
        tracemalloc.stop()
