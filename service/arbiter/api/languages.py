"""The language of a request's answer: ``Accept-Language`` in, ``Content-Language`` out.

Every request is answered in one of :data:`~arbiter.languages.LANGUAGES`: the one its
``Accept-Language`` header (RFC 9110 §12.5.4: language ranges with q-values; ``ru-RU`` asks for
``ru``, ``*`` for any) prefers most, English when it names none of them or sends no header.
GraphQL reads the same header, and its fields take a ``language`` argument that overrides it.
Only texts change with the language -- problem titles and details, move descriptions, the
rendered table, hint explanations, option descriptions -- never a code, a JSON member, a move or
a state; so memo entries, state ids and handles are the same in every language.
"""

from __future__ import annotations

import contextvars
from typing import Any

import msgspec

from arbiter.api.kept_texts import text_members
from arbiter.core import GameInfo, Result
from arbiter.core.texts import Text, text
from arbiter.languages import DEFAULT, LANGUAGES, SERVICE, domain_of, say

#: The language of the current request's answer.
language: contextvars.ContextVar[str] = contextvars.ContextVar("language", default=DEFAULT)

#: At most this many bytes of a header and ranges in it are read (a request's bounded cost).
MAX_HEADER = 1024
MAX_RANGES = 32


def negotiate(header: str | None) -> str:
    """The language of :data:`LANGUAGES` an ``Accept-Language`` header prefers (highest q, the
    first named of equal q; ``q=0`` refuses a language), else :data:`DEFAULT`."""
    if not header:
        return DEFAULT
    best, best_q = DEFAULT, 0.0
    for item in header[:MAX_HEADER].split(",")[:MAX_RANGES]:
        tag, _, rest = item.strip().partition(";")
        q = 1.0
        rest = rest.strip()
        if rest.startswith(("q=", "Q=")):
            try:
                q = float(rest[2:])
            except ValueError:
                continue
            if not 0.0 <= q <= 1.0:
                continue
        primary = tag.strip().split("-", 1)[0].lower()
        chosen = DEFAULT if primary == "*" else primary
        if chosen in LANGUAGES and q > best_q:
            best, best_q = chosen, q
    return best


def said(value: str, domain: str = SERVICE) -> str:
    """``value`` said in the current request's language (:func:`arbiter.languages.say`)."""
    return say(value, language.get(), domain)


def said_info(info: GameInfo) -> GameInfo:
    """A game's fact sheet with its description and its options' in the request's language."""
    if language.get() == DEFAULT:
        return info
    domain = domain_of(info.id)
    options = tuple(
        msgspec.structs.replace(o, description=said(text(o.description), domain))
        for o in info.options
    )
    return msgspec.structs.replace(
        info, description=said(text(info.description), domain), options=options
    )


def said_events(events: list[Any], domain: str) -> list[Any]:
    """``events`` with their texts (a ``str`` member holding a
    :class:`~arbiter.core.texts.Text`, such as the ancient wargame's ``Happened.text``) said in the
    current request's language -- in English too, as plain strings: an answer never carries a
    :class:`~arbiter.core.texts.Text` past here (events read back from a table's feed have their
    texts made again: :mod:`arbiter.api.kept_texts`)."""
    if not events:
        return events
    spoken = language.get()
    out = events
    for index, event in enumerate(events):
        changes = {
            name: say(value, spoken, domain)
            for name in text_members(type(event))
            if isinstance(value := getattr(event, name), Text)
        }
        if changes:
            if out is events:
                out = list(events)
            out[index] = msgspec.structs.replace(event, **changes)
    return out


def said_result(result: Result | None, domain: str) -> Result | None:
    """``result`` with its texts (each scoring line's, each tie-breaker's, each automated
    opponent's name) said in the current request's language; its keys (``label``,
    ``tie_breakers``, ``name``) stay as they are."""
    if result is None:
        return None
    spoken = language.get()
    return result.with_texts(lambda value: say(value, spoken, domain))
