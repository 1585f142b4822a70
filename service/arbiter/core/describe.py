"""Describing moves in one line of English: the generic form, and the dispatch games share.

A game describes its moves with a table of describers, one per move class
(``DESCRIBERS: dict[type, Callable[[state, tables, move], str]]``), and :func:`describe_by`:
a move the table lacks, or one the state does not fit, gets the generic form -- a description
never breaks an answer -- and a text longer than :data:`MAX_LENGTH` (only a client's pack with
long names makes one) is cut.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

#: The longest description.
MAX_LENGTH: Final = 159


def describe_by(
    describers: Mapping[type, Callable[[Any, Any, Any], str]], state: Any, tables: Any, move: Any
) -> str:
    """What ``move`` does in ``state``, in one line, by the game's table of ``describers``."""
    describer = describers.get(type(move))
    if describer is None:
        return describe_generic(move)
    try:
        text = describer(state, tables, move)
    except (LookupError, AssertionError, AttributeError, TypeError, ValueError):
        return describe_generic(move)
    return text if len(text) <= MAX_LENGTH else text[: MAX_LENGTH - 1] + "…"


def describe_generic(move: Any) -> str:
    """A move as its type tag and fields, the seat left out: ``place: space=work, skill=1``."""

    def plain(value: Any) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, tuple | list):
            return "[" + ", ".join(plain(v) for v in value) + "]"
        return str(value)

    config = getattr(type(move), "__struct_config__", None)
    tag = getattr(config, "tag", None) or type(move).__name__
    names = getattr(move, "__struct_fields__", ())
    fields = ", ".join(f"{n}={plain(getattr(move, n))}" for n in names if n != "seat")
    return f"{tag}: {fields}" if fields else str(tag)
