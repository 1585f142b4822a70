"""The lock under ``requirements/`` (``make lock``) is what every install uses, and it is whole.

* ``dev.txt`` (``make test``) and ``runtime.txt`` (``make serve``, the image) pin every package,
  direct and transitive, to one exact version with hashes for each Python (a package may be
  pinned once per range of Pythons, by markers) (``uv pip compile --generate-hashes``;
  ``uv pip sync --require-hashes`` and ``pip --require-hashes`` refuse anything else).
* Each direct dependency of ``pyproject.toml`` is pinned, to a version its range allows; the
  runtime set is the dev set's runtime part, at the same versions; the build backend is pinned as
  ``[build-system]`` asks.
* The Makefile, CI and the image install from it and from nothing else.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker, default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
#: ``name==version [; marker]`` then its hashes, as ``uv pip compile`` writes a pin.
PIN = re.compile(
    r"^(?P<name>[A-Za-z0-9._-]+)==(?P<version>\S+)(?: ; (?P<marker>[^\\]+?))? \\\n"
    r"(?P<hashes>(?:    --hash=sha256:[0-9a-f]{64}(?: \\)?\n)+)",
    re.MULTILINE,
)


def pins(name: str) -> dict[str, str]:
    """The exact version of each package ``requirements/<name>`` pins (by canonical name)."""
    text = (LOCK / name).read_text()
    found: dict[str, str] = {}
    read = 0
    here = default_environment()
    for pin in PIN.finditer(text):
        assert pin["hashes"].count("--hash=") >= 1
        read += 1
        # a universal lock may pin a package twice, for Pythons its markers tell apart
        if pin["marker"] is None or Marker(pin["marker"]).evaluate(here):
            assert canonicalize_name(pin["name"]) not in found, f"{name}: {pin['name']} twice"
            found[canonicalize_name(pin["name"])] = pin["version"]
    # every line that is not a comment, a hash or blank belongs to a pin the pattern read
    names = re.findall(r"^([A-Za-z0-9._-]+)==", text, re.MULTILINE)
    assert len(names) == read, f"{name}: a pin without hashes or of an unknown form"
    return found


def direct(extra: str | None = None) -> list[Requirement]:
    wanted = PROJECT["project"]["dependencies"]
    if extra is not None:
        wanted = PROJECT["project"]["optional-dependencies"][extra]
    return [Requirement(r) for r in wanted]


@pytest.mark.parametrize(
    ("lock", "requirements"),
    [
        ("runtime.txt", direct()),
        ("dev.txt", direct() + direct("dev")),
        ("runtime.txt", [Requirement(r) for r in PROJECT["build-system"]["requires"]]),
        ("dev.txt", [Requirement(r) for r in PROJECT["build-system"]["requires"]]),
    ],
    ids=["runtime", "dev", "build backend in runtime", "build backend in dev"],
)
def test_every_direct_dependency_is_pinned_within_its_range(
    lock: str, requirements: list[Requirement]
) -> None:
    pinned = pins(lock)
    here = default_environment()
    for requirement in requirements:
        if requirement.marker is not None and not requirement.marker.evaluate(here):
            continue
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement} is not in requirements/{lock}: run `make lock`"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"requirements/{lock} pins {name}=={pinned[name]}, outside {requirement}: "
            "run `make lock`"
        )


def test_the_runtime_set_is_the_dev_sets_runtime_part_at_the_same_versions() -> None:
    runtime, dev = pins("runtime.txt"), pins("dev.txt")
    assert runtime.keys() < dev.keys()
    assert {name: dev[name] for name in runtime} == runtime
    for tool in ("pytest", "mypy", "ruff", "playwright", "hypothesis", "schemathesis"):
        assert tool not in runtime, f"{tool} is a dev tool: `make serve` must not install it"


def test_the_build_backend_input_is_the_one_pyproject_names() -> None:
    lines = (LOCK / "build.in").read_text().splitlines()
    said = [line for line in lines if line.strip() and not line.startswith("#")]
    assert said == PROJECT["build-system"]["requires"]


def test_the_lock_tool_itself_is_pinned_by_hash() -> None:
    (version,) = pins("uv.txt").values()
    assert f"uv=={version}" in (LOCK / "uv.in").read_text()


def test_every_install_comes_from_the_lock() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"pip install [^\n]*--require-hashes [^\n]*-r requirements/uv\.txt", makefile)
    assert re.search(r"pip sync .*--require-hashes \$\(1\)", makefile)
    synced = re.findall(r"\$\(call sync,([^\n]*)\)\n", makefile)
    assert synced and all(s.startswith("requirements/") for s in synced), synced
    assert any("runtime" in s for s in synced) and "requirements/dev.txt" in synced
    # every other install of the project adds nothing: no dependencies, no build isolation
    for line in re.findall(r"pip install[^\n]*", makefile):
        assert "--require-hashes" in line or (
            "--no-deps" in line and "--no-build-isolation" in line
        )
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text().replace("\\\n", " ")
    installs = re.findall(r"pip install[^\n]*", dockerfile)
    assert installs, "the image installs nothing?"
    for line in installs:
        assert ("--require-hashes" in line and "requirements/runtime.txt" in line) or (
            "--no-deps" in line and "--no-build-isolation" in line
        ), line
    ignore = (ROOT / "deploy" / "Dockerfile.dockerignore").read_text().splitlines()
    assert "!requirements/runtime.txt" in ignore
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci and "rm -rf .venv" in ci
