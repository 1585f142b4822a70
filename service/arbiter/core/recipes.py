"""Table recipes: how a companion app at a real table says what happened there, as requests.

A game's reference (``docs/games/<game>.md``) shows its recipes (:meth:`arbiter.core.Game.
table_recipes`): the next card is one the table names, a die rolled at the table, a battle in
progress, anytime moves and ``as_seat`` -- each a short text and a script of HTTP requests with
the answers they get, written as the README writes its examples (:func:`script`). The README's
example test (``tests/test_readme.py``) runs every script of the references against a live
service, so a recipe cannot drift from what the service does.

The answers follow the README's convention: ``...`` for more items or members, ``{...}`` for any
object, ``"<NAME>"`` binds a string (``<NAME>`` any value) that later requests of the same recipe
use.
"""

from __future__ import annotations

import textwrap
from typing import Any

import msgspec

#: Where the scripts send their requests (the test rewrites it to the service it runs).
HOST = "localhost:8000"
#: How wide a script's lines are before they wrap (in an answer, a break is one space).
WIDTH = 100
#: What a body follows on its command's second line.
_LEAD = "     -d '"


class Call(msgspec.Struct, frozen=True, kw_only=True):
    """One request of a recipe: what it does (a comment), ``POST`` to ``path`` with ``body``
    (JSON, placeholders allowed), and the answer's status and pattern."""

    say: str = ""
    path: str
    body: str
    status: int
    answer: str


class Recipe(msgspec.Struct, frozen=True, kw_only=True):
    """A recipe of a real table: its title, what it is for and which rule it follows, and the
    requests that do it (none: the text says why the game needs none)."""

    title: str
    text: str
    calls: tuple[Call, ...] = ()


def body(value: Any) -> str:
    """A request body: ``value`` (structs, whose members at their defaults are left out, or plain
    values) as JSON; an object or array on one line when it fits, else one member or item a
    line. A string ``"<NAME>"`` in it is a placeholder."""
    return _pretty(_plain(value), len(_LEAD), 5)


def _plain(value: Any) -> Any:
    """Plain JSON values of ``value``, a struct's members at their defaults left out."""
    if isinstance(value, msgspec.Struct):
        config = value.__struct_config__
        out: dict[str, Any] = {}
        if config.tag_field is not None:
            out[config.tag_field] = config.tag
        for field in msgspec.structs.fields(value):
            member = getattr(value, field.name)
            default = field.default
            if default is msgspec.NODEFAULT and field.default_factory is not msgspec.NODEFAULT:
                default = field.default_factory()
            if field.required or member != default:
                out[field.encode_name] = _plain(member)
        return out
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return msgspec.to_builtins(value)


def _flat(value: Any) -> str:
    """One line of JSON, a space after each colon and comma."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flat(k)}: {_flat(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flat(v) for v in value) + "]"
    return msgspec.json.encode(value).decode()


def _pretty(value: Any, column: int, indent: int) -> str:
    """``value`` as JSON starting at ``column`` of a line indented by ``indent``: on one line if
    it fits, else one member or item a line, each two columns in from the line that opens it."""
    flat = _flat(value)
    if len(flat) + column <= WIDTH or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        parts = [
            f"{pad}{_flat(k)}: {_pretty(v, len(pad) + len(_flat(k)) + 2, len(pad))}"
            for k, v in value.items()
        ]
        opening, closing = "{", "}"
    else:
        parts = [pad + _pretty(v, len(pad), len(pad)) for v in value]
        opening, closing = "[", "]"
    return opening + "\n" + ",\n".join(parts) + "\n" + " " * indent + closing


def script(recipe: Recipe) -> list[str]:
    """The lines of the recipe's ``sh`` script: each request as a ``curl`` command, what it does
    above it and its answer under it (``# <status> <pattern>``)."""
    lines: list[str] = []
    for number, call in enumerate(recipe.calls):
        if number:
            lines.append("")
        lines += [f"# {line}" for line in textwrap.wrap(call.say, WIDTH - 2)]
        assert "'" not in call.body, "a body travels in single quotes"
        lines.append(f"curl -s {HOST}{call.path} -H 'content-type: application/json' \\")
        lines.append(f"{_LEAD}{call.body}'")
        answer = textwrap.wrap(
            f"{call.status} {call.answer}",
            WIDTH - 3,
            break_long_words=False,
            break_on_hyphens=False,
        )
        lines.append(f"# {answer[0]}")
        lines += [f"#  {line}" for line in answer[1:]]
    return lines
