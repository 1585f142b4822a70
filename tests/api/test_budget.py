"""The in-process store's map (:mod:`arbiter.api.budget`): bounded in bytes, fair among clients."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.api.budget import Budget, OverQuota, StoreFull
from arbiter.api.clients import key_digest
from arbiter.core import Registry
from tests.api.conftest import settings
from tests.toy import Pig


def budget(
    *, own_first: bool, share: float = 0.5, min_age: float = 300
) -> tuple[Budget[str, str], list[float]]:
    now = [0.0]
    return Budget(
        1000, share, ttl=3600, min_age=min_age, own_first=own_first, clock=lambda: now[0]
    ), now


def test_a_client_at_its_share_of_open_states_loses_its_own_oldest() -> None:
    store, _ = budget(own_first=True)
    store.put("other", "o", 300, "b")
    for i in range(10):
        store.put(f"a{i}", "x", 100, "a")
    assert store.used_by("a") == 500 and store.total == 800
    assert [store.get(f"a{i}") for i in range(10)] == [None] * 5 + ["x"] * 5
    assert store.get("other") == "o"  # never another client's


def test_a_client_at_its_share_of_games_is_refused_and_keeps_them() -> None:
    store, now = budget(own_first=False)
    for i in range(5):
        store.put(f"g{i}", "game", 100, "a")
    now[0] = 200  # all of them in play (used in the last min_age seconds)
    with pytest.raises(OverQuota) as refusal:
        store.put("g5", "game", 100, "a")
    assert (refusal.value.used, refusal.value.allowed) == (500, 500)
    assert refusal.value.retry_after == 3400  # the first game expires an hour after its write
    assert all(store.get(f"g{i}") == "game" for i in range(5))
    store.put("h0", "game", 100, "b")  # another client is admitted as usual


def test_an_entry_larger_than_a_share_is_never_admitted() -> None:
    store, _ = budget(own_first=True)
    with pytest.raises(OverQuota):
        store.put("big", "x", 501, "a")
    assert store.total == 0


def test_the_store_is_bounded_in_bytes_and_keeps_others_recent_entries() -> None:
    store, now = budget(own_first=True, share=1.0)
    store.put("a", "x", 600, "a")
    store.put("b", "y", 300, "b")
    with pytest.raises(StoreFull):  # a's entry is recent: not evicted for c's
        store.put("c", "z", 200, "c")
    now[0] = 301
    store.get("b")  # used again: b is the most recent, a the least
    store.put("c", "z", 200, "c")
    assert store.get("a") is None and store.get("b") == "y" and store.total == 500 <= 1000


def test_a_rewrite_keeps_its_owner_and_its_new_size() -> None:
    store, _ = budget(own_first=False)
    store.put("g", "v1", 100, "a")
    store.put("g", "v2", 400, "b")  # a move by another client of a's game
    assert store.get("g") == "v2"
    assert (store.used_by("a"), store.used_by("b"), store.total) == (400, 0, 400)
    store.put("g", "v3", 600, "a")  # a game under way is never refused a move
    assert store.used_by("a") == 600


def test_entries_expire_and_give_their_bytes_back() -> None:
    store, now = budget(own_first=True)
    store.put("a", "x", 100, "a")
    now[0] = 3600
    assert store.get("a") is None
    assert (store.total, store.used_by("a"), store.clients()) == (0, 0, 0)


def test_a_client_playing_games_one_after_another_is_never_refused() -> None:
    """Past its share, a client's new game replaces its own games that are over, then those it
    left idle for ``min_age`` -- never one in play."""
    store, now = budget(own_first=False)
    for i in range(100):  # each game played to its end before the next
        store.put(f"g{i}", "set up", 100, "a")
        now[0] += 1
        store.put(f"g{i}", "over", 120, "a", finished=True)
    assert store.used_by("a") <= 500 and store.get("g99") == "over"
    for i in range(5):  # left unfinished: in play for min_age seconds; they replace those over
        store.put(f"live{i}", "game", 100, "a")
    assert store.get("g99") is None
    with pytest.raises(OverQuota):
        store.put("live5", "game", 100, "a")
    now[0] += 300  # idle now: the next game may take the oldest one's room
    store.put("live5", "game", 100, "a")
    assert store.get("live0") is None and store.get("live5") == "game"


def test_every_change_of_what_a_client_holds_is_told() -> None:
    """``on_usage`` (the ``arbiter_client_bytes`` gauge) follows puts, rewrites, own evictions
    and expired entries dropped: its running sums are what each client holds."""
    now = [0.0]
    held: dict[str, int] = {}

    def told(client: str, delta: int) -> None:
        held[client] = held.get(client, 0) + delta

    store: Budget[str, str] = Budget(
        1000, 0.5, ttl=100, min_age=0, own_first=True, clock=lambda: now[0], on_usage=told
    )
    for i in range(8):
        store.put(f"a{i}", "x", 100, "a")  # past its share: its own oldest go
    store.put("b", "y", 200, "b")
    store.put("b", "y", 250, "b")  # rewritten, larger
    assert held == {"a": store.used_by("a"), "b": 250} and held["a"] == 500
    now[0] = 200  # everything expired: dropped when next looked at
    store.put("c", "z", 10, "c")
    assert [store.get(k) for k in ("b", "a7")] == [None, None]
    assert held["b"] == 0 and held["a"] == 400 and held["c"] == 10


def test_the_client_bytes_gauge_shows_each_key_and_every_address_as_anonymous(
    tmp_path: Path,
) -> None:
    path = tmp_path / "keys.json"
    path.write_text(json.dumps({"keys": [{"name": "acme", "sha256": key_digest("acme-key")}]}))
    app = create_app(settings(api_keys=str(path)), Registry([Pig()]))
    client = TestClient(app)
    keyed = {"Authorization": "Bearer acme-key"}
    assert client.post("/v1/games/pig/states", json={"players": 2, "seed": 1}).status_code == 201
    made = client.post(
        "/v1/games/pig/states", json={"players": 2, "seed": 2, "sealed": True}, headers=keyed
    )
    assert made.status_code == 201
    text = client.get("/metrics").text
    gauges = {
        line.split("{")[1].split("}")[0]: float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("arbiter_client_bytes{")
    }
    assert gauges['client="anonymous",store="states"'] > 0
    assert gauges['client="acme",store="tables"'] > 0
