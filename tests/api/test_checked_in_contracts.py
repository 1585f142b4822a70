"""The contracts checked in under ``openapi/``, ``schema/`` and ``docs/games/`` are exactly what
the code generates, whatever the machine.

When a type or a route changes on purpose, run ``make schemas`` and commit the regenerated files.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from arbiter import docs
from arbiter.api.graphql import schema as graphql_schema
from arbiter.api.openapi import differences, generate
from arbiter.games import registry

ROOT = Path(__file__).resolve().parents[2]


def contracts() -> dict[str, bytes]:
    """Every generated contract file, as ``arbiter export-schemas`` writes them."""
    games = registry()
    return {**generate(games, graphql_schema.as_str()), **docs.generate(games)}


def test_checked_in_contracts_match_the_code() -> None:
    drift = differences(ROOT, contracts())
    assert not drift, "contracts out of date, run `make schemas`:\n" + "\n".join(drift)


def indented(text: str) -> str:
    """A docstring as Python 3.11 and 3.12 keep it, and as msgspec 0.19-0.22 passed it on: every
    line after the first indented (here by four spaces more)."""
    first, *rest = text.split("\n")
    return "\n".join([first, *(f"    {line}" if line else line for line in rest)])


def _structs() -> Iterator[type[msgspec.Struct]]:
    seen: set[type] = set()
    todo: list[type] = [msgspec.Struct]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
                if sub.__module__.startswith("arbiter.") and isinstance(
                    sub.__dict__.get("__doc__"), str
                ):
                    yield sub


def _described(node: Any, form: Callable[[str], str]) -> Any:
    if isinstance(node, dict):
        return {
            k: form(v) if k == "description" and isinstance(v, str) else _described(v, form)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_described(v, form) for v in node]
    return node


@pytest.mark.parametrize("form", [indented, inspect.cleandoc], ids=["indented", "dedented"])
def test_an_indented_and_a_dedented_docstring_give_the_same_contracts(
    monkeypatch: pytest.MonkeyPatch, form: Callable[[str], str]
) -> None:
    """Every docstring of the project's types, and every description msgspec makes of one, in
    the other form: the contracts do not change by a byte (Python 3.13 and msgspec 0.23 dedent
    docstrings, earlier ones do not)."""
    registry()  # every game's types imported, whatever ran before in this process
    structs = list(_structs())
    assert len(structs) > 100  # the API's and the four games' types
    for cls in structs:
        monkeypatch.setattr(cls, "__doc__", form(cls.__dict__["__doc__"]))
    components, one = msgspec.json.schema_components, msgspec.json.schema

    def schema_components(*args: Any, **kwargs: Any) -> Any:
        refs, found = components(*args, **kwargs)
        return refs, _described(found, form)

    monkeypatch.setattr(msgspec.json, "schema_components", schema_components)
    monkeypatch.setattr(msgspec.json, "schema", lambda *a, **k: _described(one(*a, **k), form))
    drift = differences(ROOT, contracts())
    assert not drift, "\n".join(drift)
