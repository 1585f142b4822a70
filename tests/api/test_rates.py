"""Rate limits per client (:mod:`arbiter.api.rates`): off by default; over a limit a client alone
gets ``429 rate_limited`` with ``Retry-After`` and the IETF rate-limit headers; a key may carry its
own; heavy operations (hints, replays, content packs, large GraphQL documents) have their own
limit over REST and GraphQL alike; with Redis the count is shared by every worker."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.api.clients import key_digest
from arbiter.api.rates import LARGE_DOCUMENT, Limit
from arbiter.api.settings import Settings, SettingsError
from arbiter.core import Registry
from tests.api.conftest import problem, settings
from tests.toy import Pig

NEW = {"players": 2, "seed": 1}
REPLAY = {"players": 2, "seed": 1, "moves": [{"type": "hold", "seat": 0}]}


def client_at(address: str, **changes: Any) -> Callable[[str], TestClient]:
    """A function giving a client of one app (with ``changes``) from any address."""
    app = create_app(settings(**changes), Registry([Pig()]))
    return lambda at: TestClient(app, client=(at, 50000))


def test_no_limit_is_set_by_default_and_no_request_is_counted() -> None:
    app = create_app(settings(), Registry([Pig()]))
    assert not isinstance(app.app.app, Limit)  # Guard -> Identify -> Starlette, no Limit
    client = TestClient(app)
    for _ in range(50):
        answer = client.post("/v1/games/pig/states", json=NEW)
        assert answer.status_code == 201 and "ratelimit" not in answer.headers


def test_a_client_over_its_request_limit_is_refused_alone() -> None:
    at = client_at("", rate_limit="3/minute")
    first, second = at("10.0.0.1"), at("10.0.0.2")
    remaining = []
    for _ in range(3):
        answer = first.post("/v1/games/pig/states", json=NEW)
        assert answer.status_code == 201
        assert answer.headers["ratelimit-policy"] == '"requests-60s";q=3;w=60'
        remaining.append(answer.headers["ratelimit"].split(";")[1])
    assert remaining == ["r=2", "r=1", "r=0"]
    refused = first.post("/v1/games/pig/states", json=NEW)
    body = problem(refused, 429, "rate_limited")
    assert "3 per 60 s of requests to the API" in body["detail"]
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert refused.headers["ratelimit"].startswith('"requests-60s";r=0;t=')
    assert refused.headers["ratelimit-policy"] == '"requests-60s";q=3;w=60'
    # another client is served as usual; probes, metrics and documents are never counted
    assert second.post("/v1/games/pig/states", json=NEW).status_code == 201
    assert first.get("/healthz").status_code == 200
    assert first.get("/openapi.json").status_code == 200
    metrics = first.get("/metrics").text
    assert 'arbiter_rate_limited_total{client="anonymous",limit="requests"} 1.0' in metrics


def test_graphql_requests_count_as_requests() -> None:
    at = client_at("", rate_limit="2/minute")
    client = at("10.0.0.3")
    for _ in range(2):
        assert client.post("/graphql", json={"query": "{ games { id } }"}).status_code == 200
    problem(client.post("/graphql", json={"query": "{ games { id } }"}), 429, "rate_limited")


def test_every_window_of_a_limit_holds() -> None:
    at = client_at("", rate_limit="100/second;2/minute")
    client = at("10.0.0.4")
    for _ in range(2):
        answer = client.post("/v1/games/pig/states", json=NEW)
        assert answer.headers["ratelimit-policy"] == (
            '"requests-1s";q=100;w=1, "requests-60s";q=2;w=60'
        )
    refused = client.post("/v1/games/pig/states", json=NEW)
    problem(refused, 429, "rate_limited")
    assert refused.headers["ratelimit"].startswith('"requests-60s";r=0')


# ------------------------------------------------------------------------- keys' own limits


@pytest.fixture
def keyed(tmp_path: Path) -> Callable[[str], TestClient]:
    path = tmp_path / "keys.json"
    path.write_text(
        json.dumps(
            {
                "keys": [
                    {"name": "audit", "sha256": key_digest("audit-key"), "rate": "unlimited"},
                    {"name": "small", "sha256": key_digest("small-key"), "rate": "1/minute"},
                    {"name": "plain", "sha256": key_digest("plain-key")},
                ]
            }
        )
    )
    app = create_app(settings(rate_limit="2/minute", api_keys=str(path)), Registry([Pig()]))
    return lambda key: TestClient(app, headers={"Authorization": f"Bearer {key}"})


def test_a_key_may_carry_its_own_limit(keyed: Callable[[str], TestClient]) -> None:
    audit, small, plain = keyed("audit-key"), keyed("small-key"), keyed("plain-key")
    for _ in range(10):  # unlimited: no count, no headers
        answer = audit.post("/v1/games/pig/states", json=NEW)
        assert answer.status_code == 201 and "ratelimit" not in answer.headers
    assert small.post("/v1/games/pig/states", json=NEW).status_code == 201
    problem(small.post("/v1/games/pig/states", json=NEW), 429, "rate_limited")
    for _ in range(2):  # the service's limit
        assert plain.post("/v1/games/pig/states", json=NEW).status_code == 201
    refused = plain.post("/v1/games/pig/states", json=NEW)
    problem(refused, 429, "rate_limited")
    metrics = plain.get("/metrics").text
    assert 'arbiter_rate_limited_total{client="plain",limit="requests"} 1.0' in metrics


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rate_limit": "fast"}, "ARBITER_RATE_LIMIT: 'fast' is not a rate limit"),
        ({"heavy_rate_limit": "0/second"}, "ARBITER_HEAVY_RATE_LIMIT"),
    ],
)
def test_a_limit_that_does_not_parse_stops_the_service(
    changes: dict[str, str], message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings(env="test", **changes)


def test_a_key_with_a_limit_that_does_not_parse_stops_the_service(tmp_path: Path) -> None:
    path = tmp_path / "keys.json"
    path.write_text(json.dumps({"keys": [{"name": "a", "sha256": "0" * 64, "heavy_rate": "x"}]}))
    with pytest.raises(SettingsError, match="a limit of a: 'x' is not a rate limit"):
        Settings(env="test", api_keys=str(path))


# ------------------------------------------------------------------------ heavy operations


def test_heavy_operations_have_their_own_limit_over_rest_and_graphql() -> None:
    at = client_at("", heavy_rate_limit="3/minute")
    client, other = at("10.0.1.1"), at("10.0.1.2")
    assert client.post("/v1/games/pig/replay", json=REPLAY).status_code == 200
    made = client.post("/v1/games/pig/states", json=NEW).json()  # not heavy
    hint = client.post("/v1/games/pig/hints", json={"state_id": made["state_id"], "playouts": 10})
    assert hint.status_code == 200
    graphql = {
        "query": 'query($m: [JSON!]) { replay(game: "pig", players: 2, seed: 1, moves: $m) '
        "{ stateId } }",
        "variables": {"m": REPLAY["moves"]},
    }
    answered = client.post("/graphql", json=graphql).json()
    assert "errors" not in answered, answered
    refused = client.post("/v1/games/pig/replay", json=REPLAY)
    body = problem(refused, 429, "rate_limited")
    assert "hints, replays" in body["detail"]
    assert refused.headers["ratelimit-policy"] == '"heavy-60s";q=3;w=60'
    over_graphql = client.post("/graphql", json=graphql).json()
    assert over_graphql["errors"][0]["extensions"]["code"] == "rate_limited"
    # short requests are not heavy; another client's heavy ones are its own
    assert client.post("/v1/games/pig/states", json=NEW).status_code == 201
    assert other.post("/v1/games/pig/replay", json=REPLAY).status_code == 200


def test_a_large_graphql_document_parsed_anew_is_heavy() -> None:
    at = client_at("", heavy_rate_limit="1/minute")
    client = at("10.0.1.3")
    padding = "#" + "x" * LARGE_DOCUMENT + "\n"
    large = {"query": padding + "{ games { id } }"}
    assert client.post("/graphql", json=large).status_code == 200
    refused = client.post("/graphql", json={"query": padding + "{ games { title } }"})
    problem(refused, 429, "rate_limited")
    # a document it keeps costs nothing to parse again, and a short one is never heavy
    assert client.post("/graphql", json={"query": "{ games { id } }"}).status_code == 200


def test_content_registration_is_heavy(make_client: Callable[..., TestClient]) -> None:
    client = make_client(heavy_rate_limit="1/minute")
    pack = {"faces": [1, 6, 6]}
    assert client.post("/v1/games/pig/content", json=pack).status_code == 201
    problem(client.post("/v1/games/pig/content", json=pack), 429, "rate_limited")


# ------------------------------------------------------------------------------------ Redis


def test_with_redis_every_worker_counts_together(redis_url: str) -> None:
    """Two apps on one Redis stand for two workers (or replicas): a client's requests count in
    one window whichever serves them."""
    name = f"10.9.{secrets.randbelow(250)}.{secrets.randbelow(250)}"
    apps = [
        create_app(
            settings(rate_limit="3/minute", redis_url=redis_url, redis_timeout=2.0),
            Registry([Pig()]),
        )
        for _ in range(2)
    ]
    one, two = (TestClient(app, client=(name, 1)) for app in apps)
    with one, two:
        for client in (one, two, one):
            assert client.post("/v1/games/pig/states", json=NEW).status_code == 201
        problem(two.post("/v1/games/pig/states", json=NEW), 429, "rate_limited")
        problem(one.post("/v1/games/pig/states", json=NEW), 429, "rate_limited")


def test_while_redis_is_away_each_worker_counts_alone() -> None:
    """A limit fails open to the worker's own count: never a 5xx, never every client refused."""
    app = create_app(
        settings(rate_limit="2/minute", redis_url="redis://127.0.0.1:1/0", redis_timeout=0.05),
        Registry([Pig()]),
    )
    with TestClient(app, client=("10.0.2.1", 1)) as client:
        statuses = [client.get("/v1/games").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
