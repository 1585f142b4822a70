"""Texts of views for people: the generic form, and the pieces games share.

A game renders a view with a function of the view and its content tables, called through
:func:`render_by`: a view the game's text cannot be made of (a client's odd pack or state that its
checks let through) gets the generic form -- a text never breaks an answer. Both read the view
only, so a seat's text shows no more than that seat's view.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import msgspec

from arbiter.core.texts import plural, text

V = TypeVar("V")
T = TypeVar("T")
P = TypeVar("P")

#: The steps waiting under the current one that :func:`now_lines` names (the rest are counted).
SHOWN_UNDER: Final = 3


def render_generic(view: Any) -> str:
    """The view's JSON, formatted: the text of a game that has no text of its own."""
    return msgspec.json.format(msgspec.json.encode(view)).decode()


def render_by(text: Callable[[V, T], str], view: V, tables: T) -> str:
    """The game's ``text`` of ``view``, or the generic form if it cannot be made."""
    try:
        return text(view, tables)
    except (LookupError, AssertionError, AttributeError, TypeError, ValueError):
        return render_generic(view)


def per_pack(make: Callable[[T], P]) -> Callable[[T], P]:
    """``make(tables)`` made once per content tables object and kept as long as that object
    lives: the texts every view of a pack repeats (names, a board's fixed rows)."""
    kept: weakref.WeakKeyDictionary[T, P] = weakref.WeakKeyDictionary()

    def of(tables: T) -> P:
        value = kept.get(tables)
        if value is None:
            value = kept[tables] = make(tables)
        return value

    return of


def now_lines(now: str, under: Sequence[str]) -> list[str]:
    """``Now: <what is decided>``, then what waits under it (nearest first), the first
    :data:`SHOWN_UNDER` of them named and the rest counted."""
    lines: list[str] = [text("Now: {step}", step=now)]
    lines += [text("  then: {step}", step=step) for step in under[:SHOWN_UNDER]]
    if len(under) > SHOWN_UNDER:
        more = len(under) - SHOWN_UNDER
        lines.append(plural("  and {count} more step", "  and {count} more steps", count=more))
    return lines
