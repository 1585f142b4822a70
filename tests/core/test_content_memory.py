"""Registering pack after pack does not grow the process: memory levels off at ``content_limit``.

A security review saw 2,000 registered Scythe packs take a worker from 117 MB to 806 MB for good.
Here 200 distinct packs (only their names differ) are registered with a limit of 16, each used
once (tables built): the memory traced after the 200th is close to that after the 50th (about
3 MB both), where keeping every pack grows from about 9 MB to about 35 MB (0.17 MB a pack).
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from arbiter.games.scythe.content import ScytheContent, default_content
from arbiter.games.scythe.game import Scythe
from tests.tracing import alone, traced


def small_packs(count: int) -> Iterator[bytes]:
    """The default Scythe pack without its provenance, named ``pack <n>``: distinct ids."""
    base = msgspec.json.decode(msgspec.json.encode(default_content()))
    base["provenance"], base["doubts"] = [], []
    for n in range(count):
        base["name"] = f"pack {n}"
        yield msgspec.json.encode(base)


def memory_levels_off_however_many_packs_are_registered() -> None:
    game = Scythe()
    game.content_limit = 16
    before = traced()
    after: dict[int, int] = {}
    for n, data in enumerate(small_packs(200), start=1):
        cid = game.register_content(msgspec.json.decode(data, type=ScytheContent))
        game.tables(cid)
        if n in (50, 200):
            after[n] = traced() - before
    assert after[200] < after[50] * 1.5


def test_memory_levels_off_however_many_packs_are_registered() -> None:
    alone(memory_levels_off_however_many_packs_are_registered)
