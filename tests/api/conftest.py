"""Fixtures of the API tests: the app over the Pig test game, with the embedded or Redis cache."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from arbiter.api.app import ArbiterApp, create_app
from arbiter.api.settings import Settings
from arbiter.core import Registry
from tests.toy import Pig, PigContent, PigOptions, PigState

KEY = "00112233445566778899aabbccddeeff" * 2  # 256 bits, hex


class SecretPig(Pig):
    """Pig whose secret ``lucky`` numbers are 9 digits long, so a leak shows in raw bytes."""

    def setup(
        self, players: int, options: PigOptions, seed: int, content_id: str, content: PigContent
    ) -> PigState:
        state = super().setup(players, options, seed, content_id, content)
        rng = random.Random(seed)
        lucky = tuple(rng.randrange(100_000_000, 999_999_999) for _ in range(players))
        return msgspec.structs.replace(state, lucky=lucky)


class NeverEndingPig(Pig):
    """Pig to 10,000 points: a game as long as a test likes."""

    def setup(
        self, players: int, options: PigOptions, seed: int, content_id: str, content: PigContent
    ) -> PigState:
        state = super().setup(players, options, seed, content_id, content)
        return msgspec.structs.replace(state, target=10_000)


class OtherPig(Pig):
    """A second game with the very same types, to test registries of several games."""

    id = "other-pig"
    title = "Other Pig (test game)"


def settings(**changes: Any) -> Settings:
    values: dict[str, Any] = {"env": "test", "state_keys": (KEY,), "log_level": "warning"}
    values["hint_seconds"] = 0.1  # hints think briefly in tests (hostile bodies ask for more)
    values.update(changes)
    return Settings(**values)


@pytest.fixture
def make_client() -> Iterator[Callable[..., TestClient]]:
    """Build clients over apps with the given settings and registry; closes them at the end."""
    clients: list[TestClient] = []

    def make(registry: Registry | None = None, **changes: Any) -> TestClient:
        app = create_app(settings(**changes), Registry([Pig()]) if registry is None else registry)
        client = TestClient(app, raise_server_exceptions=True)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    """A client over a fresh app: Pig, embedded cache, a fixed key."""
    return make_client()


def app_of(client: TestClient) -> ArbiterApp:
    app = client.app
    assert isinstance(app, ArbiterApp)
    return app


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("players", 2)
    body.setdefault("seed", 7)
    response = client.post("/v1/games/pig/states", json=body)
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


def move(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/v1/games/pig/moves", json=body)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def problem(response: Any, status: int, code: str) -> dict[str, Any]:
    """Assert ``response`` is an RFC 9457 problem with this status and code; its document."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    document: dict[str, Any] = response.json()
    assert document["status"] == status
    assert document["code"] == code
    assert document["type"] == f"/problems/{code}"
    assert document["title"] and document["detail"]
    return document
