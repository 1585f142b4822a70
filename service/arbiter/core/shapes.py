"""A game's state shapes: the JSON layout of its state under each rules version, and how a state
of an older shape is brought to today's.

A game's ``rules_version`` names the shape of its states (and the rules that play them): every
change of the state's layout -- a member renamed, removed, or written another way -- comes with
a new rules version and a :class:`StateShape` that says what replaced what and upgrades a state
of the shape before (``tests/core/test_state_shapes.py`` fails when the layout changes and the
version does not). :func:`migrate` walks a stored state from its version to today's, one shape
at a time; a shape that cannot be reached from the one before (``upgrade`` is ``None``) is
refused with every replaced member named, so a client knows what to write instead.

States arrive here as plain JSON values (:data:`Json`): an older shape has no struct of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from arbiter.core.errors import ArbiterError
from arbiter.core.texts import Text, joined, text

#: A JSON value, as decoded into Python's plain types.
Json: TypeAlias = "bool | int | float | str | list[Json] | dict[str, Json] | None"
#: A JSON object (a state).
JsonObject: TypeAlias = dict[str, Json]
#: The content pack of a content id, for upgrades that read one (a layout by index follows the
#: pack's order); raises :class:`~arbiter.core.errors.UnknownContent` for a pack not loaded.
ContentOf: TypeAlias = Callable[[str], Any]
#: Turns a state of the shape before into this shape.
Upgrade: TypeAlias = Callable[[JsonObject, ContentOf], JsonObject]


@dataclass(frozen=True)
class Replaced:
    """A member of the shape before and what took its place.

    ``old`` and ``new`` are JSON pointers into a state (``*`` stands for any one key or index);
    ``new`` is ``None`` for a member removed with nothing in its place. ``how`` says in one
    sentence how the value is written now.
    """

    old: str
    new: str | None
    how: str

    def covers(self, pointer: str) -> bool:
        """Whether a pointer into a state of the shape before is this member or inside it."""
        return _matches(self.old.split("/")[1:], pointer.split("/")[1:])


@dataclass(frozen=True)
class StateShape:
    """The shape of a game's states from rules ``version`` on: what changed from the shape
    before (``replaced``), and ``upgrade``, which turns a state of the shape before into this
    one (``None``: it cannot; such states are refused, naming what replaced what). The first
    shape of a game has nothing before it."""

    version: str
    summary: str
    replaced: tuple[Replaced, ...] = ()
    upgrade: Upgrade | None = None


@dataclass(frozen=True)
class Migrated:
    """A state brought to today's shape: the shapes it went through (``steps``, oldest first,
    the one it had excluded) and every member they replaced."""

    state: JsonObject
    from_version: str
    to_version: str
    steps: tuple[StateShape, ...]


class UnknownShape(ArbiterError):
    """A state whose ``rules_version`` is none of the game's shapes."""

    def __init__(self, game_id: str, version: Json, known: Sequence[str]) -> None:
        super().__init__(
            "rules_version_mismatch",
            text(
                "this state names rules version {version!r}, which {game!r} never had "
                "(its versions: {versions})",
                version=version,
                game=game_id,
                versions=", ".join(known),
            ),
        )


class NotUpgradable(ArbiterError):
    """A state of an older shape that cannot be brought to today's: ``shape`` is the first
    shape it cannot reach."""

    def __init__(self, game_id: str, have: str, shape: StateShape) -> None:
        self.shape = shape
        super().__init__(
            "rules_version_mismatch",
            text(
                "this state has the shape of {game!r} rules {have}, which cannot be upgraded to "
                "{version} ({summary}): write it again in today's shape -- {replaced}",
                game=game_id,
                have=have,
                version=shape.version,
                summary=shape.summary,
                replaced=joined((_told(r) for r in shape.replaced), "; "),
            ),
        )


def _told(replaced: Replaced) -> Text:
    if replaced.new is None:
        return text("{old}: removed ({how})", old=replaced.old, how=replaced.how)
    return text("{old}: now {new} ({how})", old=replaced.old, new=replaced.new, how=replaced.how)


def _matches(pattern: list[str], parts: list[str]) -> bool:
    if len(parts) < len(pattern):
        return False
    return all(p in ("*", q) for p, q in zip(pattern, parts, strict=False))


def versions(shapes: Sequence[StateShape]) -> list[str]:
    """The rules versions of a game's shapes, oldest first."""
    return [shape.version for shape in shapes]


def shapes_after(game_id: str, shapes: Sequence[StateShape], version: Json) -> list[StateShape]:
    """The shapes a state of rules ``version`` has yet to go through, oldest first (none for
    today's); :class:`UnknownShape` for a version the game never had."""
    known = versions(shapes)
    if not isinstance(version, str) or version not in known:
        raise UnknownShape(game_id, version, known)
    return list(shapes[known.index(version) + 1 :])


def migrate(
    game_id: str, shapes: Sequence[StateShape], state: JsonObject, content_of: ContentOf
) -> Migrated:
    """``state`` (plain JSON of any of the game's shapes) in today's shape: each later shape's
    ``upgrade`` applied in turn, its ``rules_version`` moved with each. The result is only
    rewritten, not checked: the caller decodes it and checks it as any state it is given."""
    have = state.get("rules_version")
    steps = shapes_after(game_id, shapes, have)
    assert isinstance(have, str)  # shapes_after refused any other
    for shape in steps:
        if shape.upgrade is None:
            raise NotUpgradable(game_id, str(state["rules_version"]), shape)
        state = shape.upgrade(dict(state), content_of)
        state["rules_version"] = shape.version
    return Migrated(state, have, shapes[-1].version, tuple(steps))


def replaced_at(shapes: Sequence[StateShape], version: str, pointer: str) -> list[Replaced]:
    """What replaced the member ``pointer`` names in a state of rules ``version``: the entries
    of the later shapes that cover it (empty when the member did not change)."""
    known = versions(shapes)
    if version not in known:
        return []
    later = shapes[known.index(version) + 1 :]
    return [r for shape in later for r in shape.replaced if r.covers(pointer)]
