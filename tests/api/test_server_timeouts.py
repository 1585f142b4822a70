"""``arbiter serve`` as a real process: half-open, slow and idle connections are closed.

The server runs with a 0.5 s head timeout and a 0.5 s idle timeout, once with each HTTP parser.
Every wait below is a bounded poll with a generous deadline (8 times the timeouts), so the tests
show *that* the server closes a connection, never how fast to the millisecond.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import BinaryIO

import pytest

from arbiter.api.server import MAX_HEAD_BYTES, connection_cap
from tests.conftest import free_port

# Seconds a poll waits for the server to close: 8 times the timeouts configured here, yet shorter
# than their defaults (10 s for a head, 5 s idle), so a test passes only if the settings are used.
DEADLINE = 4.0
TIMEOUTS = {"ARBITER_HEADER_TIMEOUT": "0.5", "ARBITER_IDLE_TIMEOUT": "0.5"}


def start_serve(
    directory: Path, *args: str, env: Mapping[str, str] = {}
) -> tuple[subprocess.Popen[bytes], int]:
    """``arbiter serve`` on a free loopback port, in development mode, logging to ``stderr``."""
    port = free_port()
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "PROMETHEUS_"))}
    environ.update(ARBITER_ENV="development", ARBITER_LOG_LEVEL="warning")
    environ.update(env)
    process = subprocess.Popen(
        [sys.executable, "-m", "arbiter.cli", "serve", "--port", str(port), *args],
        env=environ,
        stdout=subprocess.DEVNULL,
        stderr=(directory / "stderr").open("wb"),
        cwd=directory,
    )
    return process, port


def wait_until_healthy(process: subprocess.Popen[bytes], port: int, directory: Path) -> None:
    deadline = time.monotonic() + 30
    while True:
        assert process.poll() is None, (directory / "stderr").read_text()
        try:
            status, _, _ = request(port, "GET", "/healthz")
            if status == 200:
                return
        except OSError:
            pass
        assert time.monotonic() < deadline, (directory / "stderr").read_text()
        time.sleep(0.1)


def request(
    port: int, method: str, path: str, body: object = None
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        payload = None if body is None else json.dumps(body).encode()
        connection.request(method, path, body=payload, headers={"content-type": "application/json"})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@pytest.fixture(scope="module", params=["httptools", "h11"])
def port(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A running ``arbiter serve --http <parser>`` with short timeouts."""
    directory = tmp_path_factory.mktemp(f"serve-{request.param}")
    process, number = start_serve(directory, "--http", request.param, env=TIMEOUTS)
    try:
        wait_until_healthy(process, number, directory)
        yield number
    finally:
        process.terminate()
        process.wait(timeout=30)


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5)


def read_until_closed(sock: socket.socket, seconds: float = DEADLINE) -> tuple[bool, bytes]:
    """Everything the server sends until it closes; (False, ...) if still open after ``seconds``."""
    received = b""
    deadline = time.monotonic() + seconds
    sock.settimeout(0.1)
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            continue
        except ConnectionResetError:
            return True, received
        if not chunk:
            return True, received
        received += chunk
    return False, received


def read_response(stream: BinaryIO) -> bytes:
    """One response with a content-length (the service always sends one here).

    ``stream`` is ``sock.makefile("rb")``: it keeps what follows the response for the next call.
    """
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        line = stream.readline(65536)
        assert line, head
        head += line
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    return head + stream.read(length)


def test_a_connection_that_sends_nothing_is_closed(port: int) -> None:
    with connect(port) as sock:
        closed, received = read_until_closed(sock)
    assert closed and received == b""


def test_half_a_request_head_is_answered_408_and_closed(port: int) -> None:
    with connect(port) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n")  # no blank line: unfinished
        closed, received = read_until_closed(sock)
    assert closed
    assert received.startswith(b"HTTP/1.1 408 "), received


def test_trickling_a_head_does_not_extend_its_deadline(port: int) -> None:
    """Slowloris: a header line every 50 ms would keep a per-read timeout from ever firing."""
    closed = False
    with connect(port) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n")
        deadline = time.monotonic() + DEADLINE
        while not closed and time.monotonic() < deadline:
            try:
                sock.sendall(b"x-slow: 1\r\n")
                closed, _ = read_until_closed(sock, seconds=0.05)
            except OSError:  # the server has closed: a broken pipe or a reset
                closed = True
    assert closed, "the server kept a slowloris connection open"


def test_an_idle_keep_alive_connection_is_closed(port: int) -> None:
    with connect(port) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n")
        with sock.makefile("rb") as stream:
            response = read_response(stream)
        assert response.startswith(b"HTTP/1.1 200 ")
        assert b"connection: close" not in response.lower()  # kept alive, then idle
        closed, received = read_until_closed(sock)
    assert closed and received == b""


def test_a_stalled_request_body_is_closed(port: int) -> None:
    with connect(port) as sock:
        sock.sendall(
            b"POST /v1/echo HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
            b"content-length: 1000\r\n\r\n" + b'{"half": "a body' + b" " * 10
        )
        closed, _ = read_until_closed(sock)
    assert closed


def test_an_oversized_request_head_is_refused(port: int) -> None:
    with connect(port) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nx-big: " + b"a" * (MAX_HEAD_BYTES + 1024))
        closed, received = read_until_closed(sock)
    assert closed
    # 431 from the httptools protocol, 400 from h11; the answer may be lost to a reset.
    assert received == b"" or received.split(b" ")[1] in (b"400", b"431"), received


def test_pipelined_requests_are_all_answered(port: int) -> None:
    with connect(port) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nhost: a\r\n\r\n" * 2)
        with sock.makefile("rb") as stream:
            assert read_response(stream).startswith(b"HTTP/1.1 200 ")
            assert read_response(stream).startswith(b"HTTP/1.1 200 ")


def test_normal_requests_still_work_on_one_kept_alive_connection(port: int) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        for _ in range(3):
            connection.request("GET", "/v1/games")
            response = connection.getresponse()
            assert response.status == 200
            assert json.loads(response.read())["games"]
        body = json.dumps({"hello": "world", "padding": "x" * 200_000}).encode()
        connection.request("POST", "/v1/echo", body, {"content-type": "application/json"})
        response = connection.getresponse()
        assert response.status == 200 and response.read() == body
    finally:
        connection.close()
    games = json.loads(request(port, "GET", "/v1/games")[2])["games"]
    status, _, created = request(port, "POST", f"/v1/games/{games[0]['id']}/states", {"players": 2})
    assert status == 201 and json.loads(created)["legal_moves"]


def test_the_connection_cap_stays_below_the_open_file_limit() -> None:
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    cap = connection_cap()
    assert 16 <= cap <= 1000
    assert soft == resource.RLIM_INFINITY or cap <= max(16, soft // 2)


def test_a_request_past_the_shutdown_grace_gets_a_problem_to_retry(tmp_path: Path) -> None:
    """SIGTERM lets running requests finish for ``ARBITER_SHUTDOWN_GRACE`` seconds; one still
    running then (here a hint thinking for 3 s, the grace 1 s) is answered ``503 shutting_down``
    with ``Retry-After`` -- never uvicorn's empty 500."""
    process, port = start_serve(
        tmp_path, env={"ARBITER_SHUTDOWN_GRACE": "1", "ARBITER_HINT_SECONDS": "3"}
    )
    try:
        wait_until_healthy(process, port, tmp_path)
        _, _, made = request(port, "POST", "/v1/games/scythe/states", {"players": 2, "seed": 1})
        state_id = json.loads(made)["state_id"]
        answers: list[tuple[int, dict[str, str], bytes]] = []
        hint = {"state_id": state_id, "seconds": 3, "playouts": 10**6}
        asking = threading.Thread(
            target=lambda: answers.append(request(port, "POST", "/v1/games/scythe/hints", hint))
        )
        asking.start()
        time.sleep(0.5)  # the hint is thinking
        process.send_signal(signal.SIGTERM)
        asking.join(timeout=10)
        status, headers, body = answers[0]
        assert status == 503, body
        assert headers["content-type"] == "application/problem+json"
        assert json.loads(body)["code"] == "shutting_down"
        assert int(headers["retry-after"]) >= 1
        # uvicorn ends by raising the signal it caught again, as a process stopped by it would
        assert process.wait(timeout=10) in (0, -signal.SIGTERM)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
