"""Who is asking (:mod:`arbiter.api.clients`): keys by their hash, addresses, trusted proxies."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hypothesis
import pytest
from hypothesis import strategies as st
from starlette.testclient import TestClient

from arbiter.api import clients
from arbiter.api.clients import Client, Key, KeyFileError, key_digest, load_keys
from arbiter.api.identify import Identify
from arbiter.api.settings import Settings, SettingsError
from tests.api.conftest import problem

ACME = "acme-secret-key-0123456789abcdefghijkl"
GONE = "revoked-secret-key-0123456789abcdefgh"


def key_file(tmp_path: Path, *keys: dict[str, Any]) -> str:
    path = tmp_path / "keys.json"
    path.write_text(json.dumps({"keys": list(keys)}))
    return str(path)


@pytest.fixture
def keys(tmp_path: Path) -> str:
    return key_file(
        tmp_path,
        {"name": "acme", "sha256": key_digest(ACME)},
        {"name": "gone", "sha256": key_digest(GONE), "revoked": True},
    )


# ------------------------------------------------------------------------------ the key file


def test_the_key_file_holds_digests_by_name(keys: str) -> None:
    found = load_keys(keys)
    assert found[key_digest(ACME)] == Key("acme", key_digest(ACME))
    assert found[key_digest(GONE)].revoked


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not JSON"),
        ('{"keys": [{"name": "acme"}]}', "not a key file"),
        ('{"keys": [], "extra": 1}', "not a key file"),
        ('{"keys": [{"name": "a b", "sha256": "' + "0" * 64 + '"}]}', "not a client name"),
        ('{"keys": [{"name": "acme", "sha256": "' + ACME + '"}]}', "not 64 hex digits"),
        (
            '{"keys": [{"name": "a", "sha256": "' + "0" * 64 + '"}, '
            '{"name": "b", "sha256": "' + "0" * 64 + '"}]}',
            "listed twice",
        ),
    ],
)
def test_a_malformed_key_file_is_refused(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "keys.json"
    path.write_text(content)
    with pytest.raises(KeyFileError, match=message):
        load_keys(str(path))


def test_a_missing_key_file_stops_the_service_from_starting(tmp_path: Path) -> None:
    with pytest.raises(KeyFileError, match="cannot read"):
        load_keys(str(tmp_path / "nowhere.json"))


def test_settings_read_the_key_file_and_the_trusted_proxies(keys: str) -> None:
    read = Settings.from_env(
        {
            "ARBITER_ENV": "development",
            "ARBITER_API_KEYS": keys,
            "ARBITER_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7",
        }
    )
    assert read.api_keys == keys
    assert read.trusted_proxies == ("10.0.0.0/8", "192.168.1.7")
    with pytest.raises(SettingsError, match="not an address or network"):
        Settings.from_env({"ARBITER_ENV": "development", "ARBITER_TRUSTED_PROXIES": "proxy"})


# ---------------------------------------------------------------------------- who is asking


def identify(
    keys: dict[str, Key] | None = None, **options: Any
) -> tuple[TestClient, list[Client | None]]:
    """A client of an app that notes who :data:`clients.current` says is asking."""
    seen: list[Client | None] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(clients.current.get())
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    return TestClient(Identify(app, keys, **options)), seen


def test_a_key_names_its_client(keys: str) -> None:
    client, seen = identify(load_keys(keys))
    assert client.get("/v1/games", headers={"Authorization": f"Bearer {ACME}"}).status_code == 204
    assert seen == [Client("key", "acme")]
    assert seen[0] is not None and seen[0].label == "acme"
    assert clients.current.get() is None  # only while the request is served


def test_without_a_key_a_client_is_its_address() -> None:
    client, seen = identify()
    client.get("/v1/games", headers={"Authorization": "Bearer anything"})  # no keys: ignored
    assert seen == [Client("address", "testclient")]
    assert seen[0] is not None and seen[0].label == "anonymous"


@pytest.mark.parametrize(
    ("authorization", "code"),
    [
        (f"Bearer {GONE}", "key_revoked"),
        ("Bearer not-a-key-of-the-service", "key_unknown"),
        (f"Basic {ACME}", "key_unknown"),
        ("Bearer ", "key_unknown"),
        ("Bearer " + "x" * 8000, "key_unknown"),
        (f"bearer {ACME}x", "key_unknown"),
    ],
)
def test_a_key_the_service_does_not_accept_is_refused(
    make_client: Callable[..., TestClient], keys: str, authorization: str, code: str
) -> None:
    client = make_client(api_keys=keys)
    answer = client.get("/v1/games", headers={"Authorization": authorization})
    problem(answer, 401, code)
    assert answer.headers["www-authenticate"] == "Bearer"
    assert "x-request-id" in answer.headers  # refused inside the observed stack
    refused = client.post("/graphql", json={"query": "{ games { id } }"})
    assert refused.status_code == 200  # no key: development counts it by address
    refused = client.post(
        "/graphql", json={"query": "{ games { id } }"}, headers={"Authorization": authorization}
    )
    problem(refused, 401, code)
    # the rest of the service is open to all and reads no key
    assert client.get("/healthz", headers={"Authorization": authorization}).status_code == 200


def test_outside_development_the_api_needs_a_key(
    make_client: Callable[..., TestClient], keys: str
) -> None:
    client = make_client(api_keys=keys, env="production")
    problem(client.get("/v1/games"), 401, "key_required")
    problem(client.post("/graphql", json={"query": "{ games { id } }"}), 401, "key_required")
    for open_path in ("/healthz", "/readyz", "/metrics", "/openapi.json", "/"):
        assert client.get(open_path).status_code == 200, open_path
    assert client.get("/v1/games", headers={"Authorization": f"Bearer {ACME}"}).status_code == 200
    played = client.post(
        "/v1/games/pig/states",
        json={"players": 2, "seed": 7},
        headers={"Authorization": f"Bearer {ACME}"},
    )
    assert played.status_code == 201, played.text


def test_in_development_a_client_without_a_key_is_served(
    make_client: Callable[..., TestClient], keys: str
) -> None:
    client = make_client(api_keys=keys)  # env "test"
    assert client.get("/v1/games").status_code == 200
    problem(client.get("/v1/games", headers={"Authorization": "Bearer nope"}), 401, "key_unknown")


# ------------------------------------------------------------------------- trusted proxies


def test_a_trusted_proxy_forwards_the_address_it_saw() -> None:
    client, seen = identify(trusted=clients.parse_networks("10.0.0.0/8"))
    headers = {"X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.0.0.5"}
    TestClient(client.app, client=("10.1.2.3", 443)).get("/v1/games", headers=headers)
    # the right-most hop that is not a trusted proxy: what the first proxy saw (6.6.6.6 is
    # whatever the client wrote itself)
    assert seen == [Client("address", "203.0.113.9")]


def test_a_forwarded_header_from_anywhere_else_is_ignored() -> None:
    client, seen = identify(trusted=clients.parse_networks("10.0.0.0/8"))
    direct = TestClient(client.app, client=("203.0.113.50", 5000))
    direct.get("/v1/games", headers={"X-Forwarded-For": "10.0.0.9"})
    direct.get("/v1/games", headers={"X-Forwarded-For": "1.2.3.4"})
    assert seen == [Client("address", "203.0.113.50")] * 2


def test_a_forwarded_header_that_is_not_an_address_counts_the_proxy() -> None:
    client, seen = identify(trusted=clients.parse_networks("10.0.0.0/8"))
    via_proxy = TestClient(client.app, client=("10.0.0.1", 5000))
    via_proxy.get("/v1/games", headers={"X-Forwarded-For": "not-an-address"})
    via_proxy.get("/v1/games")
    assert seen == [Client("address", "10.0.0.1")] * 2


# -------------------------------------------------------------------------------- hostile


@hypothesis.settings(max_examples=300, deadline=None)
@hypothesis.given(
    headers=st.lists(
        st.tuples(
            st.sampled_from([b"authorization", b"x-forwarded-for", b"host"]),
            st.binary(max_size=200),
        ),
        max_size=4,
    ),
    peer=st.sampled_from([("10.0.0.1", 1), ("203.0.113.5", 2), ("::1", 3), ("x", 4)]),
    path=st.sampled_from(["/v1/games", "/graphql", "/healthz"]),
)
def test_any_bytes_in_the_headers_name_a_client_or_a_401(
    headers: list[tuple[bytes, bytes]], peer: tuple[str, int], path: str
) -> None:
    """Whatever a client writes in its headers, it is counted as some client or refused with
    401 -- never an error -- and never as a key it does not hold."""
    keys = {key_digest(ACME): Key("acme", key_digest(ACME))}
    identify = Identify(
        lambda *_: None,  # type: ignore[arg-type,return-value]
        keys,
        trusted=clients.parse_networks("10.0.0.0/8"),
        require_key=True,
    )
    found = identify.client({"path": path, "headers": headers, "client": peer})
    if isinstance(found, Client):
        assert found != Client("key", "acme")
        assert found.kind == "address"
    else:
        assert found.status == 401 and path != "/healthz"


def test_arbiter_serve_refuses_a_malformed_key_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from arbiter import cli

    (tmp_path / "keys.json").write_text("{}")
    monkeypatch.setenv("ARBITER_ENV", "development")
    monkeypatch.setenv("ARBITER_API_KEYS", str(tmp_path / "keys.json"))
    assert cli.main(["serve"]) == 2
    assert "ARBITER_API_KEYS" in capsys.readouterr().err
