"""Every cache of a worker is bounded in bytes: memory levels off however many large, distinct
requests arrive (traced with tracemalloc, which counts what Python holds, not what the allocator
keeps for reuse).

Each test sends 300 distinct requests that each leave something a cache could keep, with that
cache's bound set low, and compares the memory traced after the 60th request with that after the
300th: the growth in between stays under the bound (with room for tracing's own noise), where
keeping every entry would grow by 240 entries -- several times the bound. Each runs in a process
of its own (:func:`tests.tracing.alone`): a test worker's leftovers allocate too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.core import Registry
from tests.api.conftest import settings
from tests.toy import Pig
from tests.tracing import alone, traced

#: Requests after which memory is read first, and in all.
FIRST, LAST = 60, 300
KiB = 1024


def growth(client: TestClient, send: Callable[[TestClient, int], Any]) -> tuple[int, int]:
    """Bytes traced between the ``FIRST``th and the ``LAST``th request, and the bytes of the
    last request's body (what an unbounded cache would keep at least, per request)."""
    for n in range(FIRST):
        send(client, n)
    before = traced()
    for n in range(FIRST, LAST):
        size = send(client, n)
    return traced() - before, size


def graphql_documents_kept_level_off() -> None:
    bound = 256 * KiB
    client = TestClient(create_app(settings(graphql_document_bytes=bound), Registry([Pig()])))

    def send(client: TestClient, n: int) -> int:
        query = f"# {n} {'x' * 8_000}\n{{ games {{ id }} }}"
        assert client.post("/graphql", json={"query": query}).status_code == 200
        return len(query)

    grown, size = growth(client, send)
    assert (LAST - FIRST) * size > 6 * bound  # keeping them all would be unmistakable
    assert grown < 2 * bound, grown


def the_memo_and_the_store_level_off() -> None:
    """Distinct open states by the hundred, each a new memo entry and a new ``state_id``."""
    bound = 256 * KiB
    client = TestClient(
        create_app(
            settings(memo_bytes=bound, cache_bytes=bound, client_share=1.0), Registry([Pig()])
        )
    )
    long = [{"type": "hold", "seat": i % 2} for i in range(150)]  # each kept with its moves

    def send(client: TestClient, n: int) -> int:
        body = {"players": 2, "seed": n, "options": {"target": 1000}, "moves": long}
        answer = client.post("/v1/games/pig/replay", json=body)
        assert answer.status_code == 200 and answer.json()["state_id"], answer.text
        return len(answer.content)

    grown, size = growth(client, send)
    assert (LAST - FIRST) * size > 6 * bound
    assert grown < 3 * bound, grown  # the memo's and the store's bounds, and noise


def registered_packs_level_off() -> None:
    bound = 64 * KiB
    client = TestClient(create_app(settings(content_bytes=bound), Registry([Pig()])))

    def send(client: TestClient, n: int) -> int:
        faces = [n % 6 + 1] * 500 + [n // 6 % 6 + 1, n // 36 + 1]
        assert client.post("/v1/games/pig/content", json={"faces": faces}).status_code == 201
        return 2 * len(faces)

    grown, size = growth(client, send)
    assert (LAST - FIRST) * size > 3 * bound
    assert grown < bound, grown


def test_graphql_documents_kept_level_off() -> None:
    alone(graphql_documents_kept_level_off)


def test_the_memo_and_the_store_level_off() -> None:
    alone(the_memo_and_the_store_level_off)


def test_registered_packs_level_off() -> None:
    alone(registered_packs_level_off)


def grows_without_bound() -> None:
    kept = [bytes(1024) for _ in range(64)]
    assert not kept, "kept 64 KiB"


def test_what_a_check_alone_raises_fails_the_test() -> None:
    with pytest.raises(AssertionError, match="kept 64 KiB"):
        alone(grows_without_bound)
