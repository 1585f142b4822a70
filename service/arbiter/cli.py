"""The ``arbiter`` command.

* ``arbiter serve [--host H] [--port P] [--workers N]`` -- run the service with uvicorn. Settings
  come from the environment (see :mod:`arbiter.api.settings`). With several workers and no
  ``ARBITER_STATE_KEY`` (development only) one random key is drawn here and shared by every
  worker, and a fresh ``PROMETHEUS_MULTIPROC_DIR`` is made unless one is set.
* ``arbiter export-schemas [--check] [--root DIR]`` -- write ``openapi/openapi.json``,
  ``schema/<game>/*.json`` and ``schema/schema.graphql`` under ``DIR`` (default: the current
  directory); with ``--check`` write nothing and exit 1 with a summary when the files on disk
  differ from what the code generates.
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


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from arbiter.api import logs
    from arbiter.api.settings import Settings, SettingsError

    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"arbiter: {error}", file=sys.stderr)
        return 2
    level = args.log_level or settings.log_level
    os.environ["ARBITER_LOG_LEVEL"] = level
    logs.configure(level)
    log = logging.getLogger("arbiter.cli")
    if args.workers > 1:
        if not settings.state_keys:
            os.environ["ARBITER_STATE_KEY"] = secrets.token_urlsafe(32)
            log.warning(
                "ARBITER_STATE_KEY is not set: the workers share a random key drawn now. State "
                "tokens and state ids will not survive a restart. Never run like this in production."
            )
        directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
        if directory:
            shutil.rmtree(directory, ignore_errors=True)
            os.makedirs(directory, exist_ok=True)
        else:
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="arbiter-metrics-")
    uvicorn.run(
        "arbiter.api.app:app_from_env",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_config=None,
        log_level=level,
        access_log=False,
        server_header=False,
        proxy_headers=args.proxy_headers,
    )
    return 0


def _export(args: argparse.Namespace) -> int:
    from arbiter.api.graphql import schema
    from arbiter.api.openapi import differences, generate, write
    from arbiter.games import registry

    root = Path(args.root)
    files = generate(registry(), schema.as_str())
    if args.check:
        lines = differences(root, files)
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
    for line in changed:
        print(line)
    print(f"wrote {len(files)} contract files under {root.resolve()} ({len(changed)} changed)")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="arbiter", description="Rules as a service.")
    commands = top.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the HTTP service")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)
    serve.add_argument("--log-level", choices=["debug", "info", "warning", "error", "critical"])
    serve.add_argument(
        "--proxy-headers",
        action="store_true",
        help="trust X-Forwarded-* headers (only behind a proxy you control)",
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
