"""The checked-in OpenAPI document is accepted by client generators, and their output works.

* openapi-python-client (a ``dev`` dependency) generates a Python client without a warning (one
  would mean a dropped operation or response); the client passes ``mypy --strict`` (its modules
  that parse a union of every game's moves in the client of one game's document, where they are
  the same code a quarter the size: :func:`union_modules`); a small program, type-checked with
  it, sets up a game of each registered game on ``arbiter serve`` and applies its first legal
  move through the generated client.
* openapi-typescript generates TypeScript types, and ``tsc --noEmit --strict`` accepts a file that
  uses them: a request with only its required members (optional members are optional), an answer
  read, a move echoed back -- and refuses a request that lacks a required member.

The npm packages come from the lock in ``tests/api/codegen/`` (``npm ci``), installed once per lock
into ``~/.cache/arbiter-codegen/<lock digest>`` (or ``$ARBITER_CODEGEN_CACHE``); without npm or
the registry the test fails, it does not skip. The Python client is generated and type-checked in
``<cache>/python-client/`` with mypy's incremental cache beside it: a run whose document did not
change re-checks nothing (:func:`python_client_folder`).
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from arbiter.api.openapi import build_openapi, dumps
from arbiter.core import Registry
from arbiter.games import registry
from tests.api.test_server_timeouts import start_serve, wait_until_healthy

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "openapi" / "openapi.json"
PACKAGE = "arbiter_client"
#: The operations a client needs to play, by the module openapi-python-client makes of each.
CORE_OPERATIONS = (
    "new_state",
    "apply_move",
    "legal_moves",
    "validate_move",
    "replay_game",
    "current",
    "undo",
    "export_record",
)
#: The npm tools (openapi-typescript, tsc), locked: ``package.json`` and ``package-lock.json``.
NPM_LOCK = Path(__file__).resolve().parent / "codegen"
PIP_INSTALL = (sys.executable, "-m", "pip", "install", "-q")
MYPY = (sys.executable, "-m", "mypy", "--strict", "--no-error-summary")
#: mypy checks the generated client (about 1,750 attrs models with four games) in some 30 s of
#: one core with an empty cache (:func:`union_modules`), about a second with the cache of an
#: earlier run (:func:`python_client_folder`). The bound only stops a hung run.
MYPY_TIMEOUT = 600
#: The line a generated union parser falls through to the next type with; a module with more
#: than :data:`UNION_LIMIT` of them parses a union of every game's moves.
PARSE_FALLBACK = "except (TypeError, ValueError, AttributeError, KeyError)"
UNION_LIMIT = 40
#: The game with the most move types, whose own client holds every generated module whole.
ONE_GAME = "ancient-wargame"
TSC_OPTIONS = (
    "--noEmit", "--strict", "--target", "es2020", "--module", "es2020", "--moduleResolution", "node",
)  # fmt: skip


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> str:
    """Run a command; its output (stdout and stderr); fail with that output if it fails."""
    done = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(args)} exited with {done.returncode}:\n{output}"
    return output


# ------------------------------------------------------------------------------------ Python


def python_generator(cache: Path) -> tuple[list[str], dict[str, str]]:
    """The command that runs openapi-python-client, and its environment."""
    env = dict(os.environ)
    command = [sys.executable, "-c", "from openapi_python_client.cli import app; app()"]
    if importlib.util.find_spec("openapi_python_client") is None:
        target = cache / "openapi-python-client"
        if not (target / "openapi_python_client").is_dir():
            run(
                [*PIP_INSTALL, "--target", str(target), "openapi-python-client>=0.29,<0.30"],
                cwd=cache,
            )
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(target), env.get("PYTHONPATH")]))
    return command, env


PLAY = '''\
"""Set up a game and apply its first legal move, through the generated client."""

import json
import sys

from arbiter_client import Client
from arbiter_client.api.games import apply_move, new_state
from arbiter_client.models import (
    ApplyMoveGame,
    Envelope,
    MoveRequestByStateId,
    NewStateGame,
    NewStateRequest,
)


def main(base_url: str, game: str, players: int) -> None:
    client = Client(base_url=base_url, raise_on_unexpected_status=True)
    answer = new_state.sync_detailed(
        NewStateGame(game), client=client, body=NewStateRequest(players=players, seed=7)
    )
    created = answer.parsed
    assert answer.status_code == 201 and isinstance(created, Envelope), answer
    assert isinstance(created.state_id, str) and created.legal_moves, created
    first = created.legal_moves[0]
    sent = json.loads(answer.content)["legal_moves"][0]
    assert first.to_dict() == sent, (first, sent)  # the move survives the client's types
    moved = apply_move.sync(
        ApplyMoveGame(game),
        client=client,
        body=MoveRequestByStateId(state_id=created.state_id, move=first),
    )
    assert isinstance(moved, Envelope), moved
    print(json.dumps({"game": moved.game, "move": sent, "state_id": moved.state_id}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
'''


def codegen_cache() -> Path:
    """Where the codegen tests keep what outlives a run (``$ARBITER_CODEGEN_CACHE``)."""
    base = Path(os.environ.get("ARBITER_CODEGEN_CACHE", Path.home() / ".cache" / "arbiter-codegen"))
    base.mkdir(parents=True, exist_ok=True)
    return base


@contextmanager
def python_client_folder() -> Iterator[Path]:
    """The one folder the generated Python client is written to and type-checked in, held by
    this run alone (a file lock), with mypy's incremental cache beside it.

    The client is generated anew each run, always at the same paths, so mypy's own cache --
    which compares every module's contents with what it checked before -- answers in a second
    when the document did not change, and checks again whatever did. CI starts with an empty
    cache (``.ci/run`` points ``ARBITER_CODEGEN_CACHE`` at a fresh folder) and so checks it
    all.
    """
    base = codegen_cache()
    with (base / "python-client.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        folder = base / "python-client"
        shutil.rmtree(folder / PACKAGE, ignore_errors=True)
        folder.mkdir(exist_ok=True)
        yield folder


def test_a_generated_python_client_type_checks_and_plays(tmp_path: Path) -> None:
    with python_client_folder() as folder:
        generate_and_type_check(folder)
        play_every_game(folder, tmp_path)


def generate_and_type_check(folder: Path) -> None:
    """openapi-python-client makes the client of the checked-in document in ``folder``, with
    every operation a client plays with; mypy --strict accepts it (the modules that parse a
    union of every game's moves in the client of one game: :func:`union_modules`) and a script
    using it."""
    command, env = python_generator(folder)
    output = generate(command, env, folder, DOCUMENT)
    operations = folder / PACKAGE / "api" / "games"
    missing = [name for name in CORE_OPERATIONS if not (operations / f"{name}.py").is_file()]
    assert not missing, f"operations dropped by the generator: {missing}\n{output}"
    unions = union_modules(folder / PACKAGE)
    assert len(unions) >= 8, unions  # envelopes, requests, records, hints: if none, see below
    (folder / "mypy.ini").write_text(f"[mypy]\n[mypy-{','.join(unions)}]\nfollow_imports = skip\n")
    checked = [
        str(path.relative_to(folder))
        for path in sorted((folder / PACKAGE).rglob("*.py"))
        if module_of(path, folder) not in unions
    ]
    run(
        [*MYPY, "--config-file", "mypy.ini", "--cache-dir", str(folder / ".mypy"), *checked],
        cwd=folder,
        timeout=MYPY_TIMEOUT,
    )
    # the same generator over the document of one game: every module whole, the script too
    one = folder / "one-game"
    one.mkdir(exist_ok=True)
    shutil.rmtree(one / PACKAGE, ignore_errors=True)
    game = next(g for g in registry() if g.id == ONE_GAME)
    (one / "openapi.json").write_bytes(dumps(build_openapi(Registry([type(game)()]))))
    generate(command, env, one, one / "openapi.json")
    for place in (folder, one):
        (place / "play.py").write_text(PLAY)
    run(
        [*MYPY, "--cache-dir", str(one / ".mypy"), PACKAGE, "play.py"],
        cwd=one,
        timeout=MYPY_TIMEOUT,
    )


def generate(command: list[str], env: dict[str, str], folder: Path, document: Path) -> str:
    """The client of ``document`` in ``folder/arbiter_client``, without a warning."""
    config = folder / "config.json"
    config.write_text(
        json.dumps(
            {
                "project_name_override": "arbiter-client",
                "package_name_override": PACKAGE,
                "post_hooks": [],
            }
        )
    )
    output = run(
        [
            *command,
            "generate",
            "--path",
            str(document),
            "--config",
            str(config),
            "--meta",
            "none",
            "--output-path",
            str(folder / PACKAGE),
            "--fail-on-warning",
        ],
        cwd=folder,
        env=env,
    )
    assert "warning" not in output.lower() and "error" not in output.lower(), output
    return output


def module_of(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def union_modules(package: Path) -> list[str]:
    """The modules of the client that parse a union of more than :data:`UNION_LIMIT` types: a
    union of every game's moves (about 200 with four games), in envelopes, move requests,
    records and hints. mypy narrows such a union once per member, in time that grows with the
    square of its size: these ten modules took 396 of the 408 s of one core mypy spent on the
    whole client. The generator writes them from the same templates whatever the games, so
    they are checked where the union is one game's (:data:`ONE_GAME`, the most move types): the
    very code, a quarter of the size, 18 s for that whole client. What a union of four games adds
    -- names told apart across games -- is in the modules checked here and in the imports the
    script runs with every game (:func:`play_every_game`)."""
    return sorted(
        module_of(path, package.parent)
        for path in (package / "models").glob("*.py")
        if path.read_text().count(PARSE_FALLBACK) > UNION_LIMIT
    )


def play_every_game(folder: Path, tmp_path: Path) -> None:
    """The generated client sets up every game on a live ``arbiter serve`` and applies a move."""
    server = tmp_path / "server"
    server.mkdir()
    process, port = start_serve(server)
    try:
        wait_until_healthy(process, port, server)
        url = f"http://127.0.0.1:{port}"
        for game in registry():
            printed = run(
                [sys.executable, "play.py", url, game.id, str(game.min_players)],
                cwd=folder,
            )
            played = json.loads(printed.strip().splitlines()[-1])
            assert played["game"] == game.id and isinstance(played["state_id"], str), played
    finally:
        process.terminate()
        process.wait(timeout=10)


# -------------------------------------------------------------------------------- TypeScript


def npm_tools() -> Path:
    """``node_modules/.bin`` with openapi-typescript and tsc: ``npm ci`` from the lock in
    ``tests/api/codegen/`` (exact versions, integrity hashes), once per lock."""
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail(
            "npm is not on PATH: Node.js 20 and npm are needed to check the TypeScript types "
            "(make test installs them where apt-get can: scripts/system-deps.sh)"
        )
    lock = (NPM_LOCK / "package-lock.json").read_bytes()
    base = codegen_cache()
    home = base / hashlib.sha256(lock).hexdigest()[:16]
    bin_dir = home / "node_modules" / ".bin"
    if (bin_dir / "openapi-typescript").exists() and (bin_dir / "tsc").exists():
        return bin_dir
    staging = Path(tempfile.mkdtemp(prefix="npm-", dir=base))
    for name in ("package.json", "package-lock.json"):
        shutil.copy(NPM_LOCK / name, staging / name)
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
        cwd=staging,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        pytest.fail(
            "`npm ci` of tests/api/codegen/package-lock.json failed (is the npm registry "
            "reachable?):\n" + done.stdout + done.stderr
        )
    try:
        staging.rename(home)  # atomic: a concurrent run either wins or finds it installed
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
    return bin_dir


USE_TYPES = """\
import type { components, paths } from "./api";

type Schemas = components["schemas"];

// optional request members are optional: only `players` is required
const setup: Schemas["NewStateRequest"] = { players: 2 };
const body: paths["/v1/games/{game}/states"]["post"]["requestBody"]["content"]["application/json"] =
  { players: 3, seed: 7 };
// @ts-expect-error `players` is required
const incomplete: Schemas["NewStateRequest"] = { seed: 7 };

// an answer read, and its first legal move sent back
function next(answer: Schemas["Envelope"]): Schemas["MoveRequest"] | null {
  const move: Schemas["Move"] | undefined = answer.legal_moves[0];
  const id: string | null = answer.state_id;
  const finished: boolean = answer.finished;
  if (move === undefined || id === null || finished) {
    return null;
  }
  return { state_id: id, move };
}

export { setup, body, incomplete, next };
"""


def test_generated_typescript_types_type_check(tmp_path: Path) -> None:
    bin_dir = npm_tools()
    output = run(
        [str(bin_dir / "openapi-typescript"), str(DOCUMENT), "-o", str(tmp_path / "api.d.ts")],
        cwd=tmp_path,
    )
    assert "✘" not in output and "warn" not in output.lower(), output
    (tmp_path / "use.ts").write_text(USE_TYPES)
    run(
        [str(bin_dir / "tsc"), *TSC_OPTIONS, "use.ts"],
        cwd=tmp_path,
    )
