"""Settings, JSON logs, and ``arbiter serve`` as a real process (two workers sharing one key)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from arbiter import cli
from arbiter.api.logs import JsonFormatter
from arbiter.api.settings import Settings, SettingsError
from tests.api.conftest import new_game
from tests.conftest import free_port


def test_settings_come_from_the_environment() -> None:
    settings = Settings.from_env(
        {
            "ARBITER_ENV": "production",
            "ARBITER_STATE_KEY": "new-key-0123456789, old-key-0123456789",
            "ARBITER_REDIS_URL": "redis://cache:6379/0",
            "ARBITER_CACHE_TTL": "60",
            "ARBITER_CACHE_SIZE": "5",
            "ARBITER_MAX_BODY": "2048",
            "ARBITER_LOG_LEVEL": "WARNING",
            "ARBITER_CACHE_RETRY": "2.5",
        }
    )
    assert settings.state_keys == ("new-key-0123456789", "old-key-0123456789")
    assert (settings.redis_url, settings.cache_ttl, settings.cache_size) == (
        "redis://cache:6379/0",
        60,
        5,
    )
    assert (settings.max_body, settings.log_level, settings.cache_retry) == (2048, "warning", 2.5)
    defaults = Settings.from_env({"ARBITER_ENV": "development"})
    assert defaults.state_keys == () and defaults.redis_url is None
    assert (defaults.cache_ttl, defaults.max_body) == (86_400, 1_048_576)


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({}, "ARBITER_STATE_KEY is required"),
        ({"ARBITER_ENV": "staging"}, "ARBITER_STATE_KEY is required"),
        ({"ARBITER_ENV": "test", "ARBITER_STATE_KEY": "short"}, "at least 16"),
        ({"ARBITER_ENV": "qa"}, "ARBITER_ENV must be one of"),
        (
            {"ARBITER_ENV": "test", "ARBITER_CACHE_TTL": "soon"},
            "ARBITER_CACHE_TTL must be an integer",
        ),
        ({"ARBITER_ENV": "test", "ARBITER_MAX_BODY": "0"}, "ARBITER_MAX_BODY must be a positive"),
        ({"ARBITER_ENV": "test", "ARBITER_LOG_LEVEL": "loud"}, "ARBITER_LOG_LEVEL must be one of"),
    ],
)
def test_bad_settings_are_refused(environ: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(environ)


def test_serve_refuses_to_start_without_a_key_in_production(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    for name in list(os.environ):
        if name.startswith("ARBITER_"):
            monkeypatch.delenv(name)
    assert cli.main(["serve"]) == 2
    assert "ARBITER_STATE_KEY is required" in capsys.readouterr().err


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
    lines = [JsonFormatter().format(r) for r in caplog.records if r.name == "arbiter.access"]
    records = [json.loads(line) for line in lines]
    assert records[0]["route"] == "/v1/games/{game}/states" and records[0]["status"] == 201
    assert records[0]["game"] == "pig" and records[0]["level"] == "info"
    assert records[1]["request_id"] == "trace-7" and records[1]["route"] == "/v1/games"
    text = "\n".join(lines)
    assert "424242424242" not in text and created["state_token"] not in text
    assert created["state_id"] not in text


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
def test_arbiter_serve_with_two_workers_shares_one_development_key(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "PROMETHEUS_"))}
    env.update(ARBITER_ENV="development", ARBITER_LOG_LEVEL="warning")
    server = subprocess.Popen(
        [sys.executable, "-m", "arbiter.cli", "serve", "--port", str(port), "--workers", "2"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "stderr").open("wb"),
        cwd=tmp_path,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                assert _get(base + "/healthz")["status"] == "ok"
                break
            except (OSError, urllib.error.URLError):
                assert time.monotonic() < deadline, (tmp_path / "stderr").read_text()
                time.sleep(0.1)
        games = _get(base + "/v1/games")["games"]
        assert games, "the service registers its games"
        game = games[0]["id"]
        envelope = _post(f"{base}/v1/games/{game}/states", {"players": 2, "sealed": True})
        for _ in range(12):  # new connections land on either worker: both open the token
            listed = _post(
                f"{base}/v1/games/{game}/legal-moves",
                {"state_token": envelope["state_token"], "as_seat": 0},
            )
            assert "moves" in listed
        with urllib.request.urlopen(base + "/metrics", timeout=5) as response:
            metrics = response.read().decode()
        assert "arbiter_requests_total" in metrics
        assert 'route="/v1/games/{game}/legal-moves"' in metrics
        stderr = (tmp_path / "stderr").read_text()
        warning = next(line for line in stderr.splitlines() if "ARBITER_STATE_KEY" in line)
        assert json.loads(warning)["level"] == "warning"
    finally:
        server.terminate()
        server.wait(timeout=15)
