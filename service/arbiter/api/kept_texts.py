"""A step's events as a table's feed keeps them, their texts whole.

An event's text (the ancient wargame's ``happened.text``) is a :class:`~arbiter.core.texts.Text`:
its English, and the message a catalog says in another language. msgpack writes only the
English (the member is a ``str``), so the feed keeps each text's message beside the events
(:class:`Kept`), and the events read back from it -- by a stream, in this worker or another,
from memory or Redis -- are said in each holder's language like those of a fresh answer.

A parameter that is neither a text nor a plain value (a string, a number, a flag) is kept as
the string it writes (no game's event has one today).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

import msgspec

from arbiter.core.texts import JOINED, Text, made_again

E = TypeVar("E")

#: A parameter of a text as a feed keeps it.
Value = str | int | float | bool | None


class KeptText(msgspec.Struct, frozen=True, omit_defaults=True):
    """A :class:`~arbiter.core.texts.Text` as a feed keeps it: its English, its message's
    template, plural form and context, and its parameters -- ``texts`` those that are texts,
    ``values`` the others, ``parts`` a joined text's parts."""

    english: str
    template: str
    plural: str | None = None
    context: str | None = None
    texts: dict[str, KeptText] = {}
    values: dict[str, Value] = {}
    parts: tuple[KeptText | str, ...] = ()


class Kept(msgspec.Struct, Generic[E], frozen=True, omit_defaults=True):
    """A step's events and, for each of their members holding a text, where it is (the event's
    index, the member's name) and the text."""

    events: list[E]
    texts: tuple[tuple[int, str, KeptText], ...] = ()


def kept(events: list[Any]) -> Kept[Any]:
    """``events`` with their texts' messages, to be packed."""
    texts = tuple(
        (index, name, _keep(value))
        for index, event in enumerate(events)
        for name in text_members(type(event))
        if isinstance(value := getattr(event, name), Text)
    )
    return Kept(events, texts)


def restored(packed: Kept[Any]) -> list[Any]:
    """The events of ``packed`` with their texts made again."""
    events = list(packed.events)
    for index, name, value in packed.texts:
        events[index] = msgspec.structs.replace(events[index], **{name: _again(value)})
    return events


def _keep(value: Text) -> KeptText:
    template, plural, context, params = value.message
    if context == JOINED:
        parts = tuple(_keep(p) if isinstance(p, Text) else str(p) for p in params["parts"])  # type: ignore[attr-defined]
        return KeptText(str(value), template, plural, context, parts=parts)
    texts = {k: _keep(v) for k, v in params.items() if isinstance(v, Text)}
    values = {k: _plain(v) for k, v in params.items() if not isinstance(v, Text)}
    return KeptText(str(value), template, plural, context, texts, values)


def _plain(value: object) -> Value:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def _again(kept_text: KeptText) -> Text:
    params: Mapping[str, object]
    if kept_text.context == JOINED:
        parts = tuple(_again(p) if isinstance(p, KeptText) else p for p in kept_text.parts)
        params = {"parts": parts}
    else:
        params = {**kept_text.values, **{k: _again(v) for k, v in kept_text.texts.items()}}
    return made_again(
        kept_text.english, kept_text.template, kept_text.plural, kept_text.context, params
    )


#: The members of each event type that hold a string (where a text may be).
_TEXT_MEMBERS: dict[type, tuple[str, ...]] = {}


def text_members(kind: type) -> tuple[str, ...]:
    """The members of the struct type ``kind`` declared ``str`` (where a text may be)."""
    names = _TEXT_MEMBERS.get(kind)
    if names is None:
        fields = msgspec.structs.fields(kind)
        names = _TEXT_MEMBERS[kind] = tuple(f.name for f in fields if f.type is str)
    return names
