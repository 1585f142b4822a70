"""Shared fixtures: a real ``redis-server`` per test session (one per pytest-xdist worker).

``redis-server`` must be on the PATH (CI installs it: ``apt-get install redis-server``); without
it the fixture fails loudly instead of skipping, so the cache tests can never silently vanish.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator

import pytest


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisServer:
    """A throwaway ``redis-server`` on a free loopback port that tests may stop and restart."""

    def __init__(self, port: int | None = None) -> None:
        executable = shutil.which("redis-server")
        if executable is None:
            pytest.fail(
                "redis-server is not on the PATH: install it (apt-get install -y redis-server); "
                "the cache tests need a real Redis",
                pytrace=False,
            )
        self.executable = executable
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.directory = tempfile.mkdtemp(prefix="arbiter-redis-")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.executable,
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--save", "",
                "--appendonly", "no",
                "--dir", self.directory,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"redis-server exited with {self.process.returncode}", pytrace=False)
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.02)
        self.stop()
        pytest.fail(f"redis-server did not answer on port {self.port}", pytrace=False)

    def freeze(self) -> None:
        """SIGSTOP: the server keeps its port (connections are accepted) but never answers."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """The session's redis-server (each xdist worker starts its own)."""
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="session")
def redis_url(redis_server: RedisServer) -> str:
    """The URL of the session's redis-server."""
    return redis_server.url


#: Tests that run for minutes (mypy over a generated client of some 1,600 modules): collected
#: first, so that under ``pytest -n 2`` one worker starts them at once while the other takes the
#: rest, instead of a minutes-long tail at the end (pytest-xdist hands tests out in this order).
LONG_FIRST = ("tests/api/test_codegen.py::test_a_generated_python_client_type_checks_and_plays",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.nodeid not in LONG_FIRST)  # stable: the rest keep order
