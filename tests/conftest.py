"""Shared fixtures: a real ``redis-server`` per test session (one per pytest-xdist worker), and a
real Redis Cluster of three masters (``redis-server --cluster-enabled yes`` and
``redis-cli --cluster create``) for the tests that run on both (:func:`store`).

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
from typing import Any

import pytest
import redis


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: Seconds the tests' apps allow one Redis command (:attr:`_Deployment.settings`).
REDIS_TIMEOUT = 2.0


class _Deployment:
    """What the app and a test need to reach a Redis deployment (:attr:`url`, :attr:`cluster`)."""

    url: str
    cluster = False

    @property
    def settings(self) -> dict[str, Any]:
        """The app settings that point at it. A command may take longer than the default 0.25 s
        on a machine busy with the rest of the suite, and a timeout opens the circuit (503
        ``cache_unavailable``, an answer without ``state_id``): :data:`REDIS_TIMEOUT` here. A test
        of timeouts sets its own (``{**store.settings, "redis_timeout": 0.2}``)."""
        return {
            "redis_url": self.url,
            "redis_cluster": self.cluster,
            "redis_timeout": REDIS_TIMEOUT,
        }

    @property
    def environment(self) -> dict[str, str]:
        """The ``ARBITER_*`` variables of ``arbiter serve`` that point at it."""
        return {"ARBITER_REDIS_URL": self.url, "ARBITER_REDIS_CLUSTER": str(self.cluster).lower()}

    def redis(self) -> Any:
        """A plain (synchronous) client of it, to look at what the service wrote."""
        if self.cluster:
            return redis.RedisCluster.from_url(self.url)
        return redis.Redis.from_url(self.url)


class RedisServer(_Deployment):
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
        #: a port picked here may be taken by another process before redis-server binds it (a
        #: client's ephemeral port, another worker's server): the first start then picks again
        self.picked = port is None
        self.started = False
        self.directory = tempfile.mkdtemp(prefix="arbiter-redis-")
        self.process: subprocess.Popen[bytes] | None = None
        #: more ``redis-server`` options (cluster mode), and the cluster bus port if any
        self.extra: list[str] = []
        self.cluster_port: int | None = None

    @property
    def url(self) -> str:  # type: ignore[override]
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        for _ in range(3):
            exited = self._launch()
            if exited is None:
                self.started = True
                return
            if self.started or not self.picked:
                break
            self.port = free_port()  # most likely taken meanwhile: try other ports
            if self.cluster_port is not None:
                self.cluster_port = free_port()
        pytest.fail(f"redis-server exited with {exited}", pytrace=False)

    def _launch(self) -> int | None:
        """Start redis-server; ``None`` once it answers, its exit code if it exits first."""
        bus = [] if self.cluster_port is None else ["--cluster-port", str(self.cluster_port)]
        self.process = subprocess.Popen(
            [
                self.executable,
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--save", "",
                "--appendonly", "no",
                "--dir", self.directory,
                *self.extra,
                *bus,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            code = self.process.poll()
            if code is not None:
                self.process = None
                return code
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return None
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
    yield from running(RedisServer())


@pytest.fixture(scope="session")
def redis_url(redis_server: RedisServer) -> str:
    """The URL of the session's redis-server."""
    return redis_server.url


class RedisClusterServers(_Deployment):
    """Three ``redis-server`` masters in cluster mode on free loopback ports, slots spread by
    ``redis-cli --cluster create``. ``cluster-require-full-coverage no``: while a master is down,
    the slots of the others keep serving (as a deployment should be configured)."""

    cluster = True

    def __init__(self) -> None:
        self.nodes = [RedisServer() for _ in range(3)]
        self.created = False
        for node in self.nodes:
            node.extra = [
                "--cluster-enabled", "yes",
                "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", "1000",
                "--cluster-require-full-coverage", "no",
            ]  # fmt: skip
            node.cluster_port = free_port()  # not port + 10000: that may pass 65535

    @property
    def url(self) -> str:  # type: ignore[override]
        return self.nodes[0].url

    def start(self) -> None:
        """Every master started; the first time, the cluster is created. Restarted, each reads
        its cluster config back (slots and peers; no data: no persistence) and rejoins."""
        for node in self.nodes:
            node.start()
        if self.created:
            self.wait_ok()
            return
        cli = shutil.which("redis-cli")
        if cli is None:
            pytest.fail("redis-cli is not on the PATH (it comes with redis-server)", pytrace=False)
        addresses = [f"127.0.0.1:{node.port}" for node in self.nodes]
        subprocess.run(
            [cli, "--cluster", "create", *addresses, "--cluster-replicas", "0", "--cluster-yes"],
            check=True,
            stdout=subprocess.DEVNULL,
            timeout=60,
        )
        self.created = True
        self.wait_ok()

    def stop(self) -> None:
        """Every master killed: the whole cluster is down."""
        for node in self.nodes:
            node.stop()

    def freeze(self) -> None:
        """Every master stopped (SIGSTOP): connections hang, no answer."""
        for node in self.nodes:
            node.freeze()

    def thaw(self) -> None:
        for node in self.nodes:
            node.thaw()

    def wait_ok(self) -> None:
        """Until every running master says ``cluster_state:ok``."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            states = [
                _ask(node.port, b"CLUSTER INFO") for node in self.nodes if node.process is not None
            ]
            if all(b"cluster_state:ok" in state for state in states):
                return
            time.sleep(0.05)
        pytest.fail("the Redis cluster did not become ready", pytrace=False)

    def close(self) -> None:
        for node in self.nodes:
            node.close()


def _ask(port: int, command: bytes) -> bytes:
    """One inline command to a Redis on loopback; its raw answer (empty when unreachable)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
            conn.sendall(command + b"\r\n")
            return conn.recv(65536)
    except OSError:
        return b""


def running(server: RedisServer | RedisClusterServers) -> Iterator[Any]:
    """``server`` started, then closed (with its files) when the caller is done."""
    try:
        server.start()
        yield server
    finally:
        server.close()


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisClusterServers]:
    """The session's Redis Cluster of three masters (each xdist worker starts its own)."""
    yield from running(RedisClusterServers())


@pytest.fixture
def private_cluster() -> Iterator[RedisClusterServers]:
    """A Redis Cluster of one test alone, so stopping a master disturbs nobody else."""
    yield from running(RedisClusterServers())


@pytest.fixture
def private_redis() -> Iterator[RedisServer]:
    """A redis-server of one test alone, so stopping it disturbs nobody else."""
    yield from running(RedisServer())


#: A Redis deployment the cache tests run on: a single node or a cluster.
Store = RedisServer | RedisClusterServers


@pytest.fixture(params=["single", "cluster"])
def private_store(request: pytest.FixtureRequest) -> Iterator[Store]:
    """Each Redis deployment in turn, of one test alone (stopped, frozen or restarted whole): a
    redis-server, then a cluster of three masters."""
    yield from running(RedisClusterServers() if request.param == "cluster" else RedisServer())


@pytest.fixture(params=["single", "cluster"])
def store(request: pytest.FixtureRequest) -> Store:
    """Each Redis deployment in turn: the session's redis-server, then its Redis Cluster."""
    server: Store = request.getfixturevalue(
        "redis_cluster" if request.param == "cluster" else "redis_server"
    )
    return server


#: Tests that may run for minutes (mypy over a generated client of some 1,660 modules, with an
#: empty cache): collected first, so that under ``pytest -n 2`` one worker starts them at once
#: while the other takes the rest, instead of a minutes-long tail at the end (pytest-xdist hands
#: tests out in this order; ``make test`` runs ``--dist worksteal``, so an idle worker takes half
#: of the other's queue rather than wait while the other works through it alone).
LONG_FIRST = ("tests/api/test_codegen.py::test_a_generated_python_client_type_checks_and_plays",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.nodeid not in LONG_FIRST)  # stable: the rest keep order
