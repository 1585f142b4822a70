"""Settings, JSON logs, and ``arbiter serve`` as a real process.

What ``arbiter serve`` refuses to run: a weak ``ARBITER_STATE_KEY`` (under 256 bits, or not hex or
base64) and several workers without Redis (each worker would keep its own states, and most
``state_id`` lookups would miss). With Redis, two workers share states and one development key.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import arbiter
from arbiter import cli
from arbiter.api import server
from arbiter.api.logs import JsonFormatter
from arbiter.api.settings import Settings, SettingsError, key_bytes
from tests.api.conftest import new_game
from tests.api.test_server_timeouts import (
    connect,
    read_until_closed,
    start_serve,
    wait_until_healthy,
)
from tests.toy import Pig

NEW_KEY = "8f3a" * 16  # 64 hex digits: 256 bits
OLD_KEY = base64.urlsafe_b64encode(bytes(range(32))).decode().rstrip("=")  # 43 base64url chars


def test_settings_come_from_the_environment() -> None:
    settings = Settings.from_env(
        {
            "ARBITER_ENV": "production",
            "ARBITER_STATE_KEY": f"{NEW_KEY}, {OLD_KEY}",
            "ARBITER_REDIS_URL": "redis://cache:6379/0",
            "ARBITER_CACHE_TTL": "60",
            "ARBITER_CACHE_BYTES": "5000",
            "ARBITER_TABLE_BYTES": "6000",
            "ARBITER_CLIENT_SHARE": "0.5",
            "ARBITER_MAX_BODY": "2048",
            "ARBITER_LOG_LEVEL": "WARNING",
            "ARBITER_CACHE_RETRY": "2.5",
            "ARBITER_HEADER_TIMEOUT": "2.5",
            "ARBITER_IDLE_TIMEOUT": "30",
            "ARBITER_FAIR_SHARE_HOLD": "0.02",
        }
    )
    assert settings.fair_share_hold == 0.02
    assert settings.state_keys == (NEW_KEY, OLD_KEY)
    assert settings.secrets == (bytes.fromhex(NEW_KEY), bytes(range(32)))
    assert (settings.redis_url, settings.cache_ttl) == ("redis://cache:6379/0", 60)
    assert (settings.cache_bytes, settings.table_bytes, settings.client_share) == (5000, 6000, 0.5)
    assert (settings.max_body, settings.log_level, settings.cache_retry) == (2048, "warning", 2.5)
    assert (settings.header_timeout, settings.idle_timeout) == (2.5, 30.0)
    defaults = Settings.from_env({"ARBITER_ENV": "development"})
    assert defaults.state_keys == () and defaults.redis_url is None
    assert (defaults.cache_ttl, defaults.max_body) == (86_400, 1_048_576)
    assert (defaults.header_timeout, defaults.idle_timeout) == (10.0, 5.0)


@pytest.mark.parametrize(
    "key",
    [
        NEW_KEY,
        NEW_KEY.upper(),
        "00" * 48,  # longer is fine
        OLD_KEY,  # base64url without padding (secrets.token_urlsafe(32))
        base64.b64encode(b"\xfb" * 32).decode(),  # standard base64 with padding, '+' and '/'
    ],
)
def test_keys_of_256_bits_in_hex_or_base64_are_accepted(key: str) -> None:
    settings = Settings.from_env({"ARBITER_STATE_KEY": key})
    assert len(settings.secrets[0]) >= 32


WEAK = "at least 256 bits"
NOT_ENCODED = "must be hex or base64"


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({}, "ARBITER_STATE_KEY is required"),
        ({"ARBITER_ENV": "staging"}, "ARBITER_STATE_KEY is required"),
        ({"ARBITER_ENV": "test", "ARBITER_STATE_KEY": "short"}, NOT_ENCODED),
        # 16 characters passed the old rule; as base64 they carry 96 bits.
        ({"ARBITER_STATE_KEY": "0123456789abcdeF"}, WEAK),
        ({"ARBITER_STATE_KEY": "new-key-0123456789"}, WEAK),
        ({"ARBITER_STATE_KEY": "correct horse battery staple"}, NOT_ENCODED),
        ({"ARBITER_STATE_KEY": "0123456789abcdef" * 3}, WEAK),  # 48 hex digits: 192 bits
        ({"ARBITER_STATE_KEY": "ab" * 31}, WEAK),  # 62 hex digits: 248 bits
        ({"ARBITER_STATE_KEY": "g" * 63 + "!"}, NOT_ENCODED),  # neither hex nor base64
        ({"ARBITER_STATE_KEY": "zz" * 32 + "é"}, NOT_ENCODED),
        ({"ARBITER_STATE_KEY": f"{NEW_KEY},weak-old-passphrase"}, WEAK),  # every key counts
        ({"ARBITER_ENV": "qa"}, "ARBITER_ENV must be one of"),
        (
            {"ARBITER_ENV": "test", "ARBITER_CACHE_TTL": "soon"},
            "ARBITER_CACHE_TTL must be an integer",
        ),
        ({"ARBITER_ENV": "test", "ARBITER_MAX_BODY": "0"}, "ARBITER_MAX_BODY must be a positive"),
        ({"ARBITER_ENV": "test", "ARBITER_LOG_LEVEL": "loud"}, "ARBITER_LOG_LEVEL must be one of"),
        (
            {"ARBITER_ENV": "test", "ARBITER_HEADER_TIMEOUT": "0"},
            "ARBITER_HEADER_TIMEOUT must be a positive number of seconds",
        ),
        (
            {"ARBITER_ENV": "test", "ARBITER_IDLE_TIMEOUT": "forever"},
            "ARBITER_IDLE_TIMEOUT must be a number of seconds",
        ),
        (
            {"ARBITER_ENV": "test", "ARBITER_REDIS_CLUSTER": "true"},
            "ARBITER_REDIS_CLUSTER needs ARBITER_REDIS_URL",
        ),
        (
            {"ARBITER_ENV": "test", "ARBITER_REDIS_CLUSTER": "maybe"},
            "ARBITER_REDIS_CLUSTER must be true or false",
        ),
    ],
)
def test_bad_settings_are_refused(environ: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(environ)


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """A clean ``ARBITER_*`` environment, and ``server.run`` replaced by a recorder.

    ``cli.main(["serve"])`` runs in this process: should it accept what it must refuse, the test
    fails at once instead of serving forever. The list receives the state key uvicorn would get.
    The variables ``arbiter serve`` writes are restored afterwards.
    """
    for name in ("ARBITER_LOG_LEVEL", "ARBITER_STATE_KEY"):
        monkeypatch.setenv(name, "")  # recorded, so that what serve writes is undone
    for name in list(os.environ):
        if name.startswith(("ARBITER_", "PROMETHEUS_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
    keys: list[str] = []

    def run(*args: Any, **kwargs: Any) -> None:
        keys.append(os.environ.get("ARBITER_STATE_KEY", ""))

    monkeypatch.setattr(server, "run", run)
    return keys


def test_serve_refuses_to_start_without_a_key_in_production(
    no_server: list[str], capsys: Any
) -> None:
    assert cli.main(["serve"]) == 2
    assert "ARBITER_STATE_KEY is required" in capsys.readouterr().err
    assert no_server == []


@pytest.mark.parametrize("key", ["0123456789abcdef", "a passphrase of 28 characters"])
def test_serve_refuses_a_weak_key(
    key: str, no_server: list[str], monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    monkeypatch.setenv("ARBITER_STATE_KEY", key)
    assert cli.main(["serve"]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("arbiter: every ARBITER_STATE_KEY must")
    assert "secrets.token_hex(32)" in error or "at least 256 bits" in error
    assert no_server == []


def test_serve_with_a_strong_key_starts(
    no_server: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITER_STATE_KEY", NEW_KEY)
    assert cli.main(["serve"]) == 0
    assert no_server == [NEW_KEY]


def test_several_workers_share_a_random_256_bit_hex_key_in_development(
    no_server: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITER_ENV", "development")
    monkeypatch.setenv("ARBITER_REDIS_URL", "redis://127.0.0.1:1/0")  # never contacted here
    assert cli.main(["serve", "--workers", "2"]) == 0
    [key] = no_server
    assert re.fullmatch(r"[0-9a-f]{64}", key) and len(key_bytes(key)) == 32


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("ARBITER_CACHE_SIZE", "10000", "retired"),
        ("ARBITER_CLIENT_SHARE", "0", "a fraction"),
        ("ARBITER_CLIENT_SHARE", "1.5", "a fraction"),
        ("ARBITER_CLIENT_SHARE", "half", "a fraction"),
        ("ARBITER_CACHE_BYTES", "0", "positive"),
        ("ARBITER_MEMO_SIZE", "4096", "retired"),
        ("ARBITER_CONTENT_LIMIT", "64", "retired"),
        ("ARBITER_CONTENT_BYTES", "0", "positive"),
        ("ARBITER_MEMO_BYTES", "0", "positive"),
        ("ARBITER_GRAPHQL_DOCUMENT_BYTES", "-1", "positive"),
        ("ARBITER_RATE_LIMIT", "lots", "not a rate limit"),
        ("ARBITER_REDIS_DURABILITY", "always", "none, aof or replicas:N"),
        ("ARBITER_SHUTDOWN_GRACE", "0", "positive number of seconds"),
        ("ARBITER_FAIR_SHARE_HOLD", "-0.1", "0 \\(off\\) to 10 seconds"),
        ("ARBITER_FAIR_SHARE_HOLD", "60", "0 \\(off\\) to 10 seconds"),
        ("ARBITER_FAIR_SHARE_HOLD", "soon", "a number of seconds"),
    ],
)
def test_store_bounds_are_checked(name: str, value: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_env({"ARBITER_ENV": "development", name: value})


def test_the_metrics_folder_serve_makes_is_removed_when_it_stops(
    no_server: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITER_ENV", "development")
    monkeypatch.setenv("ARBITER_REDIS_URL", "redis://127.0.0.1:1/0")  # never contacted here
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR")
    folders: list[Path] = []
    monkeypatch.setattr(
        server, "run", lambda *a, **k: folders.append(Path(os.environ["PROMETHEUS_MULTIPROC_DIR"]))
    )
    assert cli.main(["serve", "--workers", "2"]) == 0
    [folder] = folders
    assert folder.name.startswith("arbiter-metrics-") and not folder.exists()
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR")  # what serve wrote


def test_workers_must_be_positive(no_server: list[str], capsys: Any) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["serve", "--workers", "0"])
    assert exit_.value.code == 2 and "must be at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("env", ["development", "production"])
def test_arbiter_serve_refuses_several_workers_without_redis(env: str, tmp_path: Path) -> None:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "PROMETHEUS_"))}
    environ.update(ARBITER_ENV=env, ARBITER_STATE_KEY=NEW_KEY)
    try:
        finished = subprocess.run(
            [sys.executable, "-m", "arbiter.cli", "serve", "--port", "1", "--workers", "2"],
            env=environ,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except subprocess.TimeoutExpired:  # pragma: no cover - it started instead of refusing
        pytest.fail("arbiter serve --workers 2 without Redis did not refuse to start")
    assert finished.returncode == 2, finished.stderr
    lines = finished.stderr.strip().splitlines()
    assert len(lines) == 1, finished.stderr
    assert lines[0].startswith("arbiter: --workers 2 without ARBITER_REDIS_URL")
    assert "set ARBITER_REDIS_URL" in lines[0] and "--workers 1" in lines[0]


def test_development_without_a_key_warns_loudly(make_client: Any, caplog: Any) -> None:
    with caplog.at_level(logging.WARNING, logger="arbiter"):
        client = make_client(state_keys=())
    assert any("not survive a restart" in r.getMessage() for r in caplog.records)
    assert new_game(client, sealed=True)["state_token"]


def test_logs_are_json_lines_with_the_request_id(make_client: Any, caplog: Any) -> None:
    client = make_client()
    with caplog.at_level(logging.INFO, logger="arbiter.access"):
        created = new_game(client, sealed=True, seed=424242424242)
        client.get("/v1/games", headers={"x-request-id": "trace-7"})
        opened = new_game(client, seed=434343434343)
    lines = [JsonFormatter().format(r) for r in caplog.records if r.name == "arbiter.access"]
    records = [json.loads(line) for line in lines]
    assert records[0]["route"] == "/v1/games/{game}/states" and records[0]["status"] == 201
    assert records[0]["game"] == "pig" and records[0]["level"] == "info"
    assert records[1]["request_id"] == "trace-7" and records[1]["route"] == "/v1/games"
    text = "\n".join(lines)
    assert "424242424242" not in text and created["state_token"] not in text
    assert "434343434343" not in text and opened["state_id"] not in text


def test_access_lines_name_the_rules_the_move_type_and_the_refusal(
    make_client: Any, caplog: Any
) -> None:
    """A move's line carries the game's rules version and the move's type, a refusal its code;
    never the move itself, the state or a handle."""
    client = make_client()
    opened = new_game(client, seed=7)
    with caplog.at_level(logging.INFO, logger="arbiter.access"):
        caplog.clear()  # the game's setup may have been logged already
        hold = {"type": "hold", "seat": 0}
        client.post("/v1/games/pig/moves", json={"state_id": opened["state_id"], "move": hold})
        wrong = {"type": "hold", "seat": 1}
        client.post("/v1/games/pig/moves", json={"state_id": opened["state_id"], "move": wrong})
        client.get("/v1/states/no-such-state")
    records = [
        json.loads(JsonFormatter().format(r)) for r in caplog.records if r.name == "arbiter.access"
    ]
    moved, refused, unknown = records
    assert moved["rules_version"] == Pig().rules_version and moved["move_type"] == "hold"
    assert "rule_code" not in moved
    assert refused["move_type"] == "hold" and refused["rule_code"] == "pig.not_your_turn"
    assert refused["status"] == 422
    assert unknown["rule_code"] == "unknown_state" and "move_type" not in unknown
    text = json.dumps(records)
    assert opened["state_id"] not in text and '"seat"' not in text


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


def _post(url: str, body: Any) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


@pytest.mark.slow
@pytest.mark.redis
def test_arbiter_serve_with_two_workers_and_redis_shares_states_and_one_key(
    tmp_path: Path, redis_url: str
) -> None:
    """Every new connection may land on either worker: all of them find the state and the key.

    The workers are spawned processes: they too close a connection that sends no request.
    """
    env = {
        "ARBITER_REDIS_URL": redis_url,
        "ARBITER_HEADER_TIMEOUT": "0.5",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics"),
    }
    process, port = start_serve(tmp_path, "--workers", "2", env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(process, port, tmp_path)
        games = _get(base + "/v1/games")["games"]
        assert games, "the service registers its games"
        game = games[0]["id"]
        opened = _post(f"{base}/v1/games/{game}/states", {"players": 2})
        sealed = _post(f"{base}/v1/games/{game}/states", {"players": 2, "sealed": True})
        assert opened["state_id"]
        for _ in range(20):  # urllib opens a new connection each time
            assert _get(f"{base}/v1/states/{opened['state_id']}")["state_id"] == opened["state_id"]
            listed = _post(
                f"{base}/v1/games/{game}/legal-moves",
                {"state_token": sealed["state_token"], "as_seat": 0},
            )
            assert "moves" in listed
        with urllib.request.urlopen(base + "/metrics", timeout=5) as response:
            metrics = response.read().decode()
        assert "arbiter_requests_total" in metrics
        assert 'route="/v1/games/{game}/legal-moves"' in metrics
        for _ in range(4):
            with connect(port) as sock:
                assert read_until_closed(sock) == (True, b"")
        stderr = (tmp_path / "stderr").read_text()
        warning = next(line for line in stderr.splitlines() if "workers share a random key" in line)
        assert json.loads(warning)["level"] == "warning"
    except urllib.error.HTTPError as error:
        pytest.fail(f"{error.code} {error.read()!r}\n{(tmp_path / 'stderr').read_text()}")
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_arbiter_version(capsys: Any) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == f"arbiter {arbiter.__version__}"


def test_the_package_metadata_installs_without_deprecation_warnings() -> None:
    """setuptools warns about a licence given as a table (``{text = ...}``): it is an SPDX
    expression, its text the checked-in LICENSE (which the image copies too)."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (root / "LICENSE").read_text().startswith("MIT License")
    assert "LICENSE" in (root / "deploy" / "Dockerfile").read_text()
