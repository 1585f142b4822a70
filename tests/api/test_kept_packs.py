"""The content packs a process keeps (:mod:`arbiter.api.kept_packs`): bounded in bytes, one client
at most its share, its own oldest packs first out; another client's recent pack is never pushed
out by a flood of new ones."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.api.kept_packs import FACTOR, KeptPacks
from arbiter.api.problems import Problem
from arbiter.core import Registry
from tests.api.conftest import problem, settings
from tests.toy import Pig, PigContent


def register(game: Pig, faces: list[int]) -> tuple[str, int]:
    """A pack registered with the game: its id and its JSON's size."""
    pack = PigContent(faces=tuple(faces))
    return game.register_content(pack), len(msgspec.json.encode(pack))


def test_a_client_past_its_share_loses_its_own_oldest_packs() -> None:
    game = Pig()
    _, size = register(game, [1, 2, 3])
    packs = KeptPacks(8 * FACTOR * size, share=0.5, ttl=3600, min_age=300)
    other, _ = register(game, [6, 5, 4])
    packs.keep(game, other, size, "key:other")
    mine = []
    for n in range(1, 7):
        cid, _ = register(game, [n, n, n])
        packs.keep(game, cid, size, "key:flood")
        mine.append(cid)
    assert packs.total <= 8 * FACTOR * size
    kept = [game.has_content(cid) for cid in mine]
    assert kept == [False, False, True, True, True, True]  # a half: four of the flood's own
    assert game.has_content(other)  # the other client's pack stays
    assert game.has_content(game.default_content_id)


def test_when_every_pack_is_another_clients_recent_one_a_new_pack_is_refused() -> None:
    game = Pig()
    _, size = register(game, [1, 2, 3])
    packs = KeptPacks(2 * FACTOR * size, share=0.5, ttl=3600, min_age=300)
    for n, client in ((1, "key:a"), (2, "key:b")):
        cid, _ = register(game, [n, n, n])
        packs.keep(game, cid, size, client)
    third, _ = register(game, [3, 3, 3])
    with pytest.raises(Problem) as refused:
        packs.keep(game, third, size, "key:c")
    assert refused.value.code == "store_full" and refused.value.status == 503
    assert int(refused.value.headers["Retry-After"]) >= 1
    assert not game.has_content(third)  # dropped from the game too


def test_a_pack_larger_than_a_clients_share_is_refused_to_it() -> None:
    game = Pig()
    cid, size = register(game, [1, 2, 3])
    packs = KeptPacks(FACTOR * size, share=0.5, ttl=3600, min_age=300)
    with pytest.raises(Problem) as refused:
        packs.keep(game, cid, size, "key:a")
    assert refused.value.code == "quota_exceeded" and refused.value.status == 429
    assert refused.value.allowed == FACTOR * size // 2
    assert not game.has_content(cid)


def test_the_default_pack_is_never_counted() -> None:
    game = Pig()
    packs = KeptPacks(1, share=1.0, ttl=3600, min_age=0)
    packs.keep(game, game.default_content_id, 10**9, "key:a")
    assert packs.total == 0 and game.has_content(game.default_content_id)


def test_over_http_a_flood_of_packs_leaves_another_clients_game_playable() -> None:
    app = create_app(settings(content_bytes=60_000), Registry([Pig()]))
    honest, flood = (TestClient(app, client=(a, 1)) for a in ("10.0.3.1", "10.0.3.2"))
    made = honest.post("/v1/games/pig/content", json={"faces": [2, 4, 6]})
    assert made.status_code == 201
    content_id = made.json()["content_id"]
    game: Any = honest.post(
        "/v1/games/pig/states", json={"players": 2, "seed": 1, "content_id": content_id}
    ).json()
    flooded = []
    for n in range(200):
        answer = flood.post("/v1/games/pig/content", json={"faces": [n % 6 + 1] * (n // 6 + 1)})
        assert answer.status_code == 201, answer.text
        flooded.append(answer.json()["content_id"])
    assert app.service.store.packs.total <= 60_000
    moved = honest.post(
        "/v1/games/pig/moves", json={"state": game["state"], "move": game["legal_moves"][0]}
    )
    assert moved.status_code == 200, moved.text
    assert honest.get(f"/v1/games/pig/content/{content_id}").status_code == 200
    # the flood's first packs are gone: its own, pushed out by its own; its last are kept
    problem(flood.get(f"/v1/games/pig/content/{flooded[0]}"), 404, "unknown_content")
    assert flood.get(f"/v1/games/pig/content/{flooded[-1]}").status_code == 200


def test_a_pack_refused_for_the_process_is_a_503_with_retry_after() -> None:
    size = FACTOR * len(msgspec.json.encode(PigContent(faces=(1, 2))))
    app = create_app(
        settings(content_bytes=2 * size + size // 2, client_share=0.5), Registry([Pig()])
    )
    clients = [TestClient(app, client=(f"10.0.4.{n}", 1)) for n in range(3)]
    statuses = [
        c.post("/v1/games/pig/content", json={"faces": [n + 1, 2]}).status_code
        for n, c in enumerate(clients[:2])
    ]
    assert statuses[:2] == [201, 201], statuses
    refused = clients[2].post("/v1/games/pig/content", json={"faces": [3, 2]})
    problem(refused, 503, "store_full")
    assert int(refused.headers["retry-after"]) >= 1
