"""The ``arbiter`` command.

* ``arbiter serve [--host H] [--port P] [--workers N] [--http auto|httptools|h11]`` -- run the
  service with uvicorn, with the connection deadlines and limits of :mod:`arbiter.api.server`.
  Settings come from the environment (see :mod:`arbiter.api.settings`); malformed settings exit 2
  before anything starts. Several workers need ``ARBITER_REDIS_URL``: without it each worker would
  keep its own state store and a ``state_id`` made by one would be unknown to the others (most
  lookups answering 404), so ``--workers N`` with N > 1 and no Redis exits 2 with a message
  instead of running broken. With several workers and no ``ARBITER_STATE_KEY`` (development only)
  one random 256-bit key is drawn here and shared by every worker, and a fresh
  ``PROMETHEUS_MULTIPROC_DIR`` is made unless one is set (and removed when the service stops).
* ``arbiter export-schemas [--check] [--root DIR]`` -- write ``openapi/openapi.json``,
  ``schema/<game>/*.json``, ``schema/schema.graphql`` and each game's reference
  ``docs/games/<game>.md`` (:mod:`arbiter.docs`) under ``DIR`` (default: the current directory);
  with ``--check`` write nothing and exit 1 with a summary when the files on disk differ from what
  the code generates.
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import arbiter

WORKERS_NEED_REDIS = (
    "arbiter: --workers {workers} without ARBITER_REDIS_URL would give each worker its own state "
    "store, so a state_id made by one worker is unknown to the others: set ARBITER_REDIS_URL to a "
    "shared Redis, or run --workers 1 (scale out with one worker per process behind a load "
    "balancer, all sharing Redis)"
)


def worker_count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _serve(args: argparse.Namespace) -> int:
    from arbiter.api import logs, server
    from arbiter.api.settings import Settings, SettingsError

    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"arbiter: {error}", file=sys.stderr)
        return 2
    if args.workers > 1 and settings.redis_url is None:
        print(WORKERS_NEED_REDIS.format(workers=args.workers), file=sys.stderr)
        return 2
    level = args.log_level or settings.log_level
    os.environ["ARBITER_LOG_LEVEL"] = level
    logs.configure(level)
    log = logging.getLogger("arbiter.cli")
    made = None  # the metrics folder made here, removed when the service stops
    if args.workers > 1:
        if not settings.state_keys:
            os.environ["ARBITER_STATE_KEY"] = secrets.token_hex(32)
            log.warning(
                "ARBITER_STATE_KEY is not set: the workers share a random key drawn now. State "
                "tokens and state ids will not survive a restart. Never run like this in production."
            )
        directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
        if directory:
            shutil.rmtree(directory, ignore_errors=True)
            os.makedirs(directory, exist_ok=True)
        else:
            made = os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(
                prefix="arbiter-metrics-"
            )
    try:
        server.run(
            settings,
            host=args.host,
            port=args.port,
            workers=args.workers,
            log_level=level,
            proxy_headers=args.proxy_headers,
            http=args.http,
        )
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
    return 0


def _export(args: argparse.Namespace) -> int:
    from arbiter import docs
    from arbiter.api.graphql import schema
    from arbiter.api.openapi import differences, generate, write
    from arbiter.games import registry

    root = Path(args.root)
    games = registry()
    files = {**generate(games, schema.as_str()), **docs.generate(games)}
    if args.check:
        lines = differences(root, files) + [f"stale: {p}" for p in docs.stale(root, files)]
        if lines:
            print("the checked-in contracts differ from the code:", file=sys.stderr)
            for line in lines:
                print(f"  {line}", file=sys.stderr)
            print(
                "run `make schemas` (arbiter export-schemas) and commit the result", file=sys.stderr
            )
            return 1
        print(f"{len(files)} contract files are up to date")
        return 0
    changed = write(root, files)
    for path in docs.stale(root, files):
        (root / path).unlink()
        changed.append(f"stale: {path}")
    for line in changed:
        print(line)
    print(f"wrote {len(files)} contract files under {root.resolve()} ({len(changed)} changed)")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="arbiter", description="Rules as a service.")
    top.add_argument("--version", action="version", version=f"arbiter {arbiter.__version__}")
    commands = top.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the HTTP service")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--workers",
        type=worker_count,
        default=1,
        help="worker processes (default 1); more than one needs ARBITER_REDIS_URL",
    )
    serve.add_argument("--log-level", choices=["debug", "info", "warning", "error", "critical"])
    serve.add_argument(
        "--proxy-headers",
        action="store_true",
        help="trust X-Forwarded-* headers (only behind a proxy you control)",
    )
    serve.add_argument(
        "--http",
        choices=["auto", "httptools", "h11"],
        default="auto",
        help="the HTTP/1.1 parser (default auto: httptools when installed)",
    )
    serve.set_defaults(run=_serve)
    export = commands.add_parser("export-schemas", help="write the generated contracts")
    export.add_argument("--check", action="store_true", help="compare instead of writing")
    export.add_argument("--root", default=".", help="the repository root (default: .)")
    export.set_defaults(run=_export)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
