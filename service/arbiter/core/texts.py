"""Texts a person reads -- refusal reasons, move descriptions, the rendered table, option
descriptions -- written in English by the rules and said in another language by the API.

A :class:`Text` *is* its English string (so every caller, test and log that reads a message as
a ``str`` reads English, as before), and keeps what made it: the message ``template`` -- the
catalogs' key, English with ``{named}`` placeholders, as gettext's msgid -- its ``plural`` form
when the text has plural forms, and its ``params``. :mod:`arbiter.languages` says it in Russian or
Polish from the game's catalog (``ru``/``pl``: three plural forms, «1 монета, 2 монеты, 5 монет»),
the parameters said first where they are texts themselves.

Make texts with the three functions, never by formatting a template yourself::

    text("{faction} has no worker on {hex}", faction=term("Polania"), hex="r2c3")
    plural("{count} coin short", "{count} coins short", count=3)
    term("Polania")          # a name the rulebook prints: a faction, a card, a resource
    joined(lines, "\n")      # texts one after another (a rendered table's lines)

A parameter that is itself a :class:`Text` (a :func:`term`, a sub-phrase) is said in the same
language; any other parameter (a number, a hex, a seat) is written as it is. The core never loads
catalogs: this module only records what was said (no I/O).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

#: The gettext context of the names a rulebook prints (``msgctxt "term"`` in the catalogs).
TERM = "term"
#: The context of a text made of others (:func:`joined`): said part by part, no catalog entry.
JOINED = "joined"


class Text(str):
    """An English text that keeps its message: ``template`` (the catalog key), ``plural`` (the
    English plural template, or ``None``), ``context`` (the catalog's ``msgctxt``, or ``None``)
    and ``params``; the count of a plural text is its ``count`` parameter."""

    # one member holding the four (a str subclass cannot have slots; one attribute is made
    # faster than four, and a rendered table makes hundreds of texts)
    message: tuple[str, str | None, str | None, Mapping[str, object]]

    @property
    def template(self) -> str:
        return self.message[0]

    @property
    def plural(self) -> str | None:
        return self.message[1]

    @property
    def context(self) -> str | None:
        return self.message[2]

    @property
    def params(self) -> Mapping[str, object]:
        return self.message[3]

    def __reduce__(self) -> tuple[object, ...]:  # pickled (multiprocessing) as what it says
        return (str, (str(self),))


def _make(
    english: str, template: str, plural: str | None, context: str | None, params: dict[str, object]
) -> Text:
    made = Text(english)
    made.message = (template, plural, context, params)
    return made


def text(template: str, /, **params: object) -> Text:
    """The text of ``template`` with ``params`` filled in (``str.format`` placeholders)."""
    if not params:
        return _constant(template)
    return _make(template.format(**params), template, None, None, params)


@functools.lru_cache(maxsize=4096)
def _constant(template: str) -> Text:
    """A text with no parameters: made once (texts are never changed once made)."""
    return _make(template, template, None, None, {})


def plural(singular: str, plural_: str, /, *, count: int, **params: object) -> Text:
    """A text with plural forms, chosen by ``count`` (also a placeholder: ``{count}``): English
    has two (``singular`` for 1), Russian and Polish three, from the catalog."""
    template = singular if count == 1 else plural_
    values = {"count": count, **params}
    return _make(template.format(**values), singular, plural_, None, values)


@functools.lru_cache(maxsize=4096)
def term(name: str, /) -> Text:
    """A name as the rulebook prints it (a faction, a card, an action, a resource): said from
    the catalog's ``term`` entries, else as it is (a name a content pack brings). Made once a name
    (the most recent 4,096 kept: an owner's packs may bring any names)."""
    return _make(name, name, None, TERM, {})


def joined(parts: Iterable[str], separator: str = "\n", /) -> Text:
    """``parts`` one after another with ``separator`` between them (a rendered table's lines):
    each part is said on its own, the separator is written as it is."""
    kept = tuple(parts)
    return _make(separator.join(kept), separator, None, JOINED, {"parts": kept})


def made_again(
    english: str,
    template: str,
    plural: str | None,
    context: str | None,
    params: Mapping[str, object],
) -> Text:
    """A text made again from what it kept (a store writes its English and its message apart:
    :mod:`arbiter.api.kept_texts`)."""
    return _make(english, template, plural, context, dict(params))


def is_text(value: object) -> bool:
    """Whether ``value`` keeps its message (a :class:`Text`), not only its English."""
    return isinstance(value, Text)


def english(value: object) -> str:
    """msgspec's ``enc_hook`` for encoders a :class:`Text` may reach unsaid (the API's answers,
    the generated documents): it is written as its English -- msgspec encodes no str subclass by
    itself."""
    if isinstance(value, Text):
        return str(value)
    raise NotImplementedError(f"cannot encode {type(value).__name__}")
