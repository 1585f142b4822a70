"""Checking a pack's sourced values against the files their labels cite.

A label's ``reference`` names a file of the team's ``shared/`` folder (beside the checkout, like
the rulebooks of :mod:`tests.rulebooks`) and, for a JSON file, a JSON pointer to the node that
gives the card. What a machine can check:

* a JSON reference: every sourced value that is a number, a boolean or a string must be found
  among the scalars of the node it points to -- a number or boolean equal to one (a number may
  also be written in a string there: "3rd from left"), the words of a string within one or
  among its words, ignoring case, accents and punctuation (``assyria`` in ``Assyria``, ``quest``
  in ``take a quest``, ``combat_stars`` in ``combat_victory_stars``). A value naming a kind of
  the pack's own vocabulary (a ``type`` or ``kind`` tag) is not a printed word and is left out;
* a text reference (a rulebook): every sourced name (``name``, ``name_ru``, ``character_ru``) must be
  found in the text by the stems of its words (a word less its last three letters, at least four:
  «Заговорщица» as «Заговорщицей», ``Podżegacz`` as ``Podzégacz``). Numbers and the pack's own
  vocabulary (``grey``, ``exchange``, card ids) are not words of the prose: they are left to the
  reader of the cited section.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

from msgspec import UnsetType

from arbiter.core.provenance import Card, Labels, origins, value_at

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


#: Members naming a kind of the pack's own vocabulary (a tagged union's tag), not printed words.
VOCABULARY_TAGS = ("type", "kind")


def plain(text: str) -> str:
    """``text`` lower-cased without accents (``Podżegacz`` -> ``podzegacz``)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@functools.cache
def _text(path: str) -> str:
    return plain((SHARED / path).read_text(encoding="utf-8"))


@functools.cache
def _json(path: str) -> object:
    return json.loads((SHARED / path).read_text(encoding="utf-8"))


def resolve(reference: str) -> object:
    """The node a JSON reference points to (``KeyError`` if none)."""
    path, _, pointer = reference.partition("#")
    node = _json(path)
    for raw in pointer.split("/")[1:] if pointer else ():
        step = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list) and step.isdigit() and int(step) < len(node):
            node = node[int(step)]
        else:
            raise KeyError(reference)
    return node


def scalars(node: object) -> Iterator[object]:
    """Every number, boolean and string under a JSON node, the keys of its objects included (a
    reference may key a value by what it is: ``{"NE": {...}}``)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from scalars(value)
    elif isinstance(node, list):
        for value in node:
            yield from scalars(value)
    elif node is not None:
        yield node


def found_in_json(value: object, node: object) -> bool:
    """Whether ``value`` is among the scalars of ``node`` (module docstring)."""
    for other in scalars(node):
        if isinstance(value, bool) or isinstance(other, bool):
            if value is other:
                return True
        elif isinstance(value, int | float) and isinstance(other, int | float):
            if value == other:
                return True
        elif isinstance(value, int | float) and isinstance(other, str):
            if re.search(rf"(?<![\d.]){value}(?![\d.])", other):
                return True
        elif isinstance(value, str) and isinstance(other, str) and _words_in(value, other):
            return True
    return False


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", plain(text).replace("'", ""))


def _words_in(value: str, other: str) -> bool:
    """Whether the words of ``value`` occur, in order, within ``other`` (``peoples_army`` in
    ``People's Army``, ``quest`` in ``take a quest``, ``>=`` in ``>=``)."""
    words = _words(value)
    if not words:
        return value.strip() == other.strip()
    found = " ".join(_words(other))
    return " ".join(words) in found or all(w in found.split() for w in words)


def printed_name(path: str) -> bool:
    """Whether a value is a name as printed (``name``, ``name_ru``, ``character_ru``)."""
    last = path.rsplit("/", 1)[-1]
    return last.startswith("name") or last.endswith(("_ru", "_pl"))


def stem(word: str) -> str:
    """A word less its ending: its last three letters, keeping at least four."""
    return word[: max(4, len(word) - 3)]


def found_in_text(value: str, path: str) -> bool:
    """Whether each word of ``value`` is found in the text by its stem."""
    text = _text(path)
    return all(plain(stem(word)) in text for word in re.findall(r"\w+", value))


def mismatches(cards: Iterable[Card], labels: Labels | UnsetType) -> Iterator[str]:
    """Every sourced value its reference does not bear out, as ``card path: why``."""
    by_key = dict(cards)
    for v in origins(by_key.items(), labels):
        if v.origin != "sourced" or not v.reference:
            continue
        where = f"{v.card} {v.path} ({v.reference})"
        file = v.reference.partition("#")[0]
        if not (SHARED / file).exists():
            yield f"{where}: no such file"
            continue
        value = value_at(by_key[v.card], v.path)
        if file.endswith(".json"):
            try:
                node = resolve(v.reference)
            except KeyError:
                yield f"{where}: the pointer leads nowhere"
                continue
            if v.path.rsplit("/", 1)[-1] in VOCABULARY_TAGS or value is None:
                continue
            if isinstance(value, bool | int | float | str) and not found_in_json(value, node):
                yield f"{where}: {value!r} is not there"
        elif printed_name(v.path) and isinstance(value, str) and not found_in_text(value, file):
            yield f"{where}: {value!r} is not in the text"
