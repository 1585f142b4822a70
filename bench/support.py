"""What the HTTP benches share: servers on free loopback ports, small HTTP clients, ``wrk``.

Every process started here is a context manager that ends it (and waits for it) on the way out,
failure or not; every client call has a timeout; every ``wrk`` run is bounded in time.
"""

from __future__ import annotations

import contextlib
import dataclasses
import http.client
import json
import math
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def post(url: str, body: Any, timeout: float = 30) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read())


def get(url: str, timeout: float = 30) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return json.loads(response.read())


def status_of(url: str, body: bytes | None = None, timeout: float = 10) -> tuple[int, float]:
    """The HTTP status of one request (a GET, or a POST of ``body``) and its seconds."""
    headers = {} if body is None else {"content-type": "application/json"}
    request = urllib.request.Request(url, data=body, headers=headers)
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read()
            status = int(response.status)
    except urllib.error.HTTPError as error:
        error.read()
        status = int(error.code)
    return status, time.perf_counter() - start


def wait_ready(base: str, deadline: float, process: subprocess.Popen[bytes] | None = None) -> None:
    while time.time() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def stop(process: subprocess.Popen[bytes], timeout: float = 10) -> None:
    """End a process we started: SIGCONT first (a stopped process ignores SIGTERM), then
    SIGTERM, then SIGKILL if it lingers."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(process.pid, signal.SIGCONT)
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=timeout)


def rss_kib(pid: int) -> int:
    """The resident set size of a process in KiB (``VmRSS`` of ``/proc/<pid>/status``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def serving_pid(pid: int) -> int:
    """The process that serves: ``pid`` itself, or its last child if it spawned workers."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return int(children[-1]) if children else pid


@dataclass
class Server:
    """A running ``arbiter serve`` (one worker) on a free loopback port."""

    process: subprocess.Popen[bytes]
    port: int

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid


@contextlib.contextmanager
def arbiter_server(*, workers: int = 1, **settings: str) -> Iterator[Server]:
    """``arbiter serve --workers N`` (1 by default; more need ``redis_url``) in development mode
    with extra ``ARBITER_*`` settings (``memo_bytes="1"`` sets ``ARBITER_MEMO_BYTES``), ready when
    entered, ended when left."""
    port = free_port()
    # Only the settings the bench asks for: none of the caller's ARBITER_* variables.
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARBITER_")}
    env.update({"ARBITER_ENV": "development", "ARBITER_LOG_LEVEL": "warning"})
    env.update({f"ARBITER_{name.upper()}": value for name, value in settings.items()})
    arbiter = str(Path(sys.executable).with_name("arbiter"))
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [arbiter, "serve", "--host", HOST, "--port", str(port), "--workers", str(workers)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        try:
            server = Server(process, port)
            try:
                wait_ready(server.base, time.time() + 30, process)
            except RuntimeError as error:
                log.seek(0)
                tail = log.read().decode(errors="replace").splitlines()[-15:]
                raise RuntimeError(f"{error}; its last words:\n" + "\n".join(tail)) from None
            yield server
        finally:
            stop(process)


@contextlib.contextmanager
def redis_server() -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """A private ``redis-server`` on a free loopback port, no persistence; ended when left."""
    if shutil.which("redis-server") is None:
        raise SystemExit("redis-server is not installed: apt-get install -y redis-server")
    port = free_port()
    with tempfile.TemporaryDirectory() as workdir:
        process = subprocess.Popen(
            ["redis-server", "--bind", HOST, "--port", str(port), "--save", "",
             "--appendonly", "no", "--dir", workdir, "--daemonize", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            deadline = time.time() + 10
            while True:
                if process.poll() is not None:
                    raise RuntimeError(f"redis-server exited with status {process.returncode}")
                try:
                    with socket.create_connection((HOST, port), timeout=0.5) as sock:
                        sock.sendall(b"PING\r\n")
                        if sock.recv(16).startswith(b"+PONG"):
                            break
                except OSError:
                    pass
                if time.time() > deadline:
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)
            yield process, port
        finally:
            stop(process)


class Connection:
    """One keep-alive HTTP/1.1 connection for many small requests in a row."""

    def __init__(
        self, port: int, timeout: float = 30, headers: dict[str, str] | None = None
    ) -> None:
        self._port = port
        self._timeout = timeout
        self._headers = headers or {}
        self._conn = http.client.HTTPConnection(HOST, port, timeout=timeout)

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
        headers = dict(self._headers)
        if body is not None:
            headers["content-type"] = "application/json"
        for attempt in (1, 2):
            try:
                self._conn.request(method, path, body=body, headers=headers)
                response = self._conn.getresponse()
                return response.status, response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self._conn.close()  # the server closed an idle keep-alive connection: reopen
                self._conn = http.client.HTTPConnection(HOST, self._port, timeout=self._timeout)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self._conn.close()


# ------------------------------------------------------------------------------------- wrk


@dataclass
class WrkResult:
    """What one ``wrk --latency`` run measured (latencies in milliseconds)."""

    rps: float
    requests: int
    p50: float
    p90: float
    p99: float
    max: float
    errors: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    #: responses, and seconds from the thread's start to the last one (the rate of a ``once`` run,
    #: which stops before wrk's duration is over)
    window: tuple[int, float] = (0, 0.0)

    def status_text(self) -> str:
        parts = [f"{code}x{count}" for code, count in sorted(self.statuses.items())]
        if self.errors:
            parts.append(f"errors x{self.errors}")
        return " ".join(parts) or "-"


_UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}
_DURATION = re.compile(r"^([0-9.]+)(us|ms|s|m)$")


def _ms(text: str) -> float:
    match = _DURATION.match(text)
    if match is None:
        raise ValueError(f"not a wrk duration: {text!r}")
    return float(match.group(1)) * _UNITS_MS[match.group(2)]


_SCRIPT_TAIL = """
local ffi = require("ffi")  -- wrk runs LuaJIT: a monotonic clock for the rate of a ``once`` run
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *now);
]]
local clock = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, clock)  -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) + tonumber(clock.tv_nsec) * 1e-9
end
local i = 0
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {}; answered = 0; started = now(); ended = started end
function request()
  i = i % #bodies + 1
  return wrk.format(method, nil, headers, bodies[i])
end
function response(status, hdrs, body)
  statuses[status] = (statuses[status] or 0) + 1
  answered = answered + 1
  ended = now()
  if stop_after > 0 and answered >= stop_after then wrk.thread:stop() end
end
function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("bench-errors %d\\n",
    errors.connect + errors.read + errors.write + errors.timeout))
  for _, thread in ipairs(threads) do
    for code, count in pairs(thread:get("statuses")) do
      io.write(string.format("bench-status %d %d\\n", code, count))
    end
    io.write(string.format("bench-window %d %.6f\\n",
      thread:get("answered"), thread:get("ended") - thread:get("started")))
  end
end
"""


def wrk(
    url: str,
    bodies: Sequence[str],
    seconds: float,
    connections: int,
    *,
    method: str = "POST",
    timeout: float = 2.0,
    once: bool = False,
    headers: dict[str, str] | None = None,
) -> WrkResult:
    """``wrk -t1 --latency`` sending ``bodies`` to ``url`` in turn, for ``seconds`` (at least 1).

    ``once``: no body is sent twice (requests that change what they name, such as a sealed game's
    move, which makes its handle stale): wrk stops when all but ``connections`` bodies are
    answered (the rest may be in flight then), or at ``seconds``; the rate is the answers over
    the time from the start to the last one (wrk's own is over its whole duration). ``headers``
    go with every request (a key's ``Authorization``).
    """
    if once and len(bodies) <= 2 * connections:
        raise ValueError(f"once needs more than {2 * connections} bodies, not {len(bodies)}")
    stop_after = len(bodies) - connections if once else 0
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    listing = ",\n".join("[==[" + body + "]==]" for body in bodies)
    with tempfile.TemporaryDirectory() as workdir:
        script = Path(workdir) / "bodies.lua"
        script.write_text(
            f"local bodies = {{\n{listing}\n}}\n"
            f"local method = '{method}'\n"
            f"local stop_after = {stop_after}\n"
            "local headers = {['content-type'] = 'application/json'"
            + "".join(f", ['{k}'] = '{v}'" for k, v in (headers or {}).items())
            + "}\n"
            + _SCRIPT_TAIL
        )
        duration = max(1, round(seconds))
        out = subprocess.run(
            ["wrk", "-t1", f"-c{connections}", f"-d{duration}s", f"--timeout={timeout:g}s",
             "--latency", "-s", str(script), url],
            capture_output=True,
            text=True,
            check=True,
            timeout=duration + 30,
        ).stdout  # fmt: skip
    result = parse_wrk(out)
    answered, elapsed = result.window
    if once and elapsed > 0:  # wrk's own rate is over its whole duration
        result = dataclasses.replace(result, rps=answered / elapsed)
    return result


def parse_wrk(out: str) -> WrkResult:
    rps = 0.0
    requests = errors = 0
    latency: dict[str, float] = {}
    statuses: dict[int, int] = {}
    peak = 0.0
    window = (0, 0.0)
    in_distribution = False
    for line in out.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "Requests/sec:":
            rps = float(words[1])
        elif len(words) > 2 and words[1] == "requests" and words[2] == "in":
            requests = int(words[0])
        elif words[0] == "Latency" and len(words) >= 4 and not in_distribution:
            peak = _ms(words[3])
        elif words[0] == "Latency" and words[1:2] == ["Distribution"]:
            in_distribution = True
        elif in_distribution and words[0].endswith("%") and len(words) == 2:
            latency[words[0]] = _ms(words[1])
        elif words[0] == "bench-errors":
            errors = int(words[1])
        elif words[0] == "bench-status":
            statuses[int(words[1])] = int(words[2])
        elif words[0] == "bench-window":
            window = (int(words[1]), float(words[2]))
    if not rps and not requests:
        raise RuntimeError(f"wrk printed no rate:\n{out}")
    return WrkResult(
        rps=float(rps),
        requests=requests,
        p50=latency.get("50%", float("nan")),
        p90=latency.get("90%", float("nan")),
        p99=latency.get("99%", float("nan")),
        max=peak,
        errors=errors,
        statuses=statuses,
        window=window,
    )


# ---------------------------------------------------------------------------------- tables


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank), ``nan`` when there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1))
    return ordered[rank]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def table(
    title: str, header: Sequence[str], rows: Sequence[Sequence[Any]], *, left: int = 1
) -> None:
    """Print a titled table; the first ``left`` columns left-aligned, the others right-aligned."""
    cells = [[str(c) for c in header], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    print(f"\n{title}")
    for n, row in enumerate(cells):
        line = "  ".join(
            cell.ljust(widths[i]) if i < left else cell.rjust(widths[i])
            for i, cell in enumerate(row)
        )
        print(line.rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))
    sys.stdout.flush()
