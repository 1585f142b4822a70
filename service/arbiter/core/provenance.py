"""Provenance labels of a content pack: which source gives each value of each card.

A game's pack is a list of cards (components: a crew card, a settlement, a die, a territory), each
named by a key ``<part>/<id>`` (``crew/merchant-1``) or ``<part>`` for a component the pack holds
once (``capital``); :meth:`arbiter.core.Game.content_cards` lists them. A card's **values** are
the leaves of its JSON (``strength``, ``ability/gain/silver``, ``bands/2/vp``), ids and the old
``sourced`` flag excepted: the first name things, the second is a label.

A pack's ``labels`` (:data:`Labels`) give one :class:`CardLabel` per card: the values a source
gives (:class:`Sourced`: the citation and, where the source is machine-readable, a ``reference``
to check them against), and by omission the values that are the pack's own -- in a game's default
pack, the project's own approximation. Every value of a labelled pack thus has one
:data:`Origin`:

* ``sourced`` -- a cited source (a rulebook, a file of ``shared/reference/``) gives it;
* ``own`` -- the pack's authors chose it (in a default pack: the project's own default);
* ``edition`` -- the pack carries no labels: an owner's pack written before labels existed, or
  one that does not label, is taken as the owner's printed edition, as the owner transcribed it.

``labels`` is left out of a pack that has none (``msgspec.UNSET``), so a pack registered before
labels existed encodes as it did and keeps its content id. A pack that has labels labels every
card once, and names only values its cards have (:func:`check_labels`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Annotated, Literal, TypeAlias

import msgspec
from msgspec import UNSET, UnsetType

from arbiter.core.texts import plural, text

#: A card of a pack: its key (``<part>/<id>`` or ``<part>``) and its value (a struct, mostly).
Card: TypeAlias = tuple[str, object]

#: A card's key: its part of the pack, then its id if the part holds many.
CardKey: TypeAlias = Annotated[
    str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[a-z_]+(/[A-Za-z0-9_.-]+)?$")
]
#: A value of a card: the members leading to it, ``/``-separated (a list member by its index);
#: a path names every value under it; ``*`` names every value of the card.
ValuePath: TypeAlias = Annotated[
    str,
    msgspec.Meta(min_length=1, max_length=120, pattern=r"^(\*|[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*)$"),
]
#: Where a sourced value can be checked by a machine: a file under ``shared/`` and, for a JSON
#: file, a JSON pointer into it (``reference/scythe/factions.json#/factions/0``); empty if the
#: source is not at hand as a file.
Reference: TypeAlias = Annotated[
    str, msgspec.Meta(max_length=300, pattern=r"^$|^(rules|reference)/[A-Za-z0-9_./-]+(#.*)?$")
]
Citation: TypeAlias = Annotated[str, msgspec.Meta(min_length=1, max_length=400)]
Note: TypeAlias = Annotated[str, msgspec.Meta(max_length=400)]

#: Where a value of a pack comes from (module docstring).
Origin: TypeAlias = Literal["sourced", "own", "edition"]

#: The members of a card (or of a part of it: a raid space) that are not values: an id names
#: it, ``sourced`` is an old label.
NOT_VALUES: tuple[str, ...] = ("id", "sourced")


class Sourced(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """Values of one card that one source gives: the ``source`` as a citation (the rulebook and
    its section, a reference file and what it cites), the ``reference`` to check them against
    where the source is a file at hand, and the ``values`` (paths; ``*`` for all)."""

    source: Citation
    reference: Reference = ""
    values: Annotated[tuple[ValuePath, ...], msgspec.Meta(min_length=1, max_length=64)]


class CardLabel(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """The provenance of one card: the values each source gives (``sourced``); every other value
    is the pack's own. ``note`` says what a reader should know (a value only bounded by the
    source, a choice between sources)."""

    card: CardKey
    sourced: Annotated[tuple[Sourced, ...], msgspec.Meta(max_length=8)] = ()
    note: Note = ""


#: The labels of a pack: one per card (``UNSET``, left out of the JSON: an unlabelled pack).
Labels: TypeAlias = Annotated[
    tuple[CardLabel, ...],
    msgspec.Meta(
        max_length=2000,
        description="Provenance labels, one a card: the values each source gives; every other "
        "value is the pack's own. Left out, the pack is taken as the owner's edition, as "
        "transcribed; present, it labels every card once.",
    ),
]


class ValueOrigin(msgspec.Struct, frozen=True, kw_only=True):
    """Where one value of a pack comes from."""

    card: str
    path: str
    origin: Origin
    source: str = ""
    reference: str = ""


class PartShare(msgspec.Struct, frozen=True, kw_only=True):
    """How much of one part of a pack is sourced: ``cards`` cards, of which ``sourced_cards``
    have every value sourced and ``partly_sourced`` some; ``sourced_values`` of ``values``."""

    part: str
    cards: int
    sourced_cards: int
    partly_sourced: int
    values: int
    sourced_values: int


class LabelProblem(msgspec.Struct, frozen=True, kw_only=True):
    """Why a pack's labels are refused, and a JSON pointer into the pack."""

    message: str
    pointer: str


# ------------------------------------------------------------------------------------ values


def _leaves(value: object, path: str) -> Iterator[str]:
    if isinstance(value, dict) and value:
        for key, inner in value.items():
            if key not in NOT_VALUES:
                yield from _leaves(inner, f"{path}/{key}" if path else str(key))
    elif isinstance(value, list | tuple) and value:
        for index, inner in enumerate(value):
            yield from _leaves(inner, f"{path}/{index}" if path else str(index))
    else:
        yield path


def values_of(card: object) -> tuple[str, ...]:
    """The paths of a card's values: the leaves of its JSON (an empty list or object, a
    ``null``, is one value), ids and the ``sourced`` flag left out (:data:`NOT_VALUES`)."""
    return tuple(_leaves(msgspec.to_builtins(card), ""))


def value_at(card: object, path: str) -> object:
    """The value of a card at ``path`` (``KeyError`` if it has none there)."""
    node: object = msgspec.to_builtins(card)
    for step in path.split("/") if path else ():
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list | tuple) and step.isdigit() and int(step) < len(node):
            node = node[int(step)]
        else:
            raise KeyError(path)
    return node


def _prefixes(path: str) -> Iterator[str]:
    """``a/b/c`` -> ``a``, ``a/b``, ``a/b/c``."""
    steps = path.split("/")
    for n in range(1, len(steps) + 1):
        yield "/".join(steps[:n])


def _covering(path: str, sourced: dict[str, Sourced]) -> Sourced | None:
    if "*" in sourced:
        return sourced["*"]
    for prefix in _prefixes(path):
        if prefix in sourced:
            return sourced[prefix]
    return None


def _by_path(label: CardLabel) -> dict[str, Sourced]:
    """Each path a label sources, with its source (the first source naming it)."""
    found: dict[str, Sourced] = {}
    for entry in label.sourced:
        for path in entry.values:
            found.setdefault(path, entry)
    return found


def origins(cards: Iterable[Card], labels: Labels | UnsetType) -> Iterator[ValueOrigin]:
    """Every value of every card with its origin (module docstring), card by card."""
    by_card = {} if labels is UNSET else {label.card: label for label in labels}
    for key, card in cards:
        label = by_card.get(key)
        sourced = {} if label is None else _by_path(label)
        for path in values_of(card):
            if labels is UNSET:
                yield ValueOrigin(card=key, path=path, origin="edition")
                continue
            entry = _covering(path, sourced)
            if entry is None:
                yield ValueOrigin(card=key, path=path, origin="own")
            else:
                yield ValueOrigin(
                    card=key,
                    path=path,
                    origin="sourced",
                    source=entry.source,
                    reference=entry.reference,
                )


def shares(cards: Iterable[Card], labels: Labels | UnsetType) -> tuple[PartShare, ...]:
    """How much of each part of a pack is sourced, parts in the order of their first card."""
    counts: dict[str, dict[str, tuple[int, int]]] = {}
    for value in origins(cards, labels):
        part = value.card.split("/", 1)[0]
        seen, sourced = counts.setdefault(part, {}).get(value.card, (0, 0))
        counts[part][value.card] = (seen + 1, sourced + (value.origin == "sourced"))
    return tuple(
        PartShare(
            part=part,
            cards=len(by_card),
            sourced_cards=sum(1 for n, s in by_card.values() if s == n),
            partly_sourced=sum(1 for n, s in by_card.values() if 0 < s < n),
            values=sum(n for n, _ in by_card.values()),
            sourced_values=sum(s for _, s in by_card.values()),
        )
        for part, by_card in counts.items()
    )


def derived_sourced(card: object, label: CardLabel | None) -> bool:
    """What the old per-card ``sourced`` flag means under labels: a source gives at least one of
    the card's values other than its names (a card of which only the name is printed is not
    sourced)."""
    if label is None:
        return False
    sourced = _by_path(label)
    return any(
        _covering(path, sourced) is not None and not path.startswith("name")
        for path in values_of(card)
    )


# ----------------------------------------------------------------------------------- checks


def check_labels(cards: Iterable[Card], labels: Labels | UnsetType) -> LabelProblem | None:
    """Why a pack's labels cannot stand, or ``None``: a labelled pack labels each of its cards
    exactly once, and every path a label names is a value of its card (or ``*``)."""
    if labels is UNSET:
        return None
    known: dict[str, set[str]] = {}
    for key, card in cards:
        known[key] = {prefix for path in values_of(card) for prefix in _prefixes(path)}
    labelled: set[str] = set()
    for i, label in enumerate(labels):
        where = f"/labels/{i}"
        if label.card in labelled:
            return LabelProblem(
                message=text("{card!r} is labelled twice", card=label.card), pointer=where
            )
        if label.card not in known:
            return LabelProblem(
                message=text("the pack has no card {card!r}", card=label.card), pointer=where
            )
        labelled.add(label.card)
        for j, entry in enumerate(label.sourced):
            for k, path in enumerate(entry.values):
                if path != "*" and path not in known[label.card]:
                    return LabelProblem(
                        message=text("{card!r} has no value {path!r}", card=label.card, path=path),
                        pointer=f"{where}/sourced/{j}/values/{k}",
                    )
    missing = [key for key in known if key not in labelled]
    if missing:
        return LabelProblem(
            message=plural(
                "a labelled pack labels every card: {count} have no label, the first {first!r}",
                "a labelled pack labels every card: {count} have no label, the first {first!r}",
                count=len(missing),
                first=missing[0],
            ),
            pointer="/labels",
        )
    return None
