"""The refusal of a state written under an earlier rules version of its game
(:mod:`arbiter.core.shapes`): ``422 rules_version_mismatch`` naming that version, what replaced
the member that failed, and the route that upgrades it (:mod:`arbiter.api.migrations`) -- never
only the decoder's "unknown field" or "expected object"."""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.api.codec import Payload
from arbiter.api.problems import Problem
from arbiter.core.registry import AnyGame
from arbiter.core.shapes import Replaced, replaced_at, versions


class _Header(msgspec.Struct):
    """The member that names a state's shape; every other member is skipped."""

    rules_version: Any = None


_header = msgspec.json.Decoder(_Header)


def route(game: AnyGame) -> str:
    return f"POST /v1/games/{game.id}/migrate"


def version_of(value: Payload) -> Any:
    """The ``rules_version`` a state sent by a client names (``None`` if it names none)."""
    if isinstance(value, msgspec.Raw | bytes):
        try:
            return _header.decode(value).rules_version
        except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
            return None
    return value.get("rules_version") if isinstance(value, dict) else None


def outdated(game: AnyGame, value: Payload, refusal: Problem, at: str = "/state") -> Problem:
    """``refusal`` (of a state that would not decode, or of its rules version), told in terms of
    shapes when the state names an earlier rules version of the game: that version, what
    replaced the member that failed, and the route that upgrades it. Otherwise ``refusal``."""
    version = version_of(value)
    shapes = game.shapes()
    if version == game.rules_version or version not in versions(shapes):
        return refusal
    member = refusal.pointer or ""
    inside = member[len(at) :] if member.startswith(at) else ""
    changed = replaced_at(shapes, version, inside) if inside else []
    told = f" At {member}: {'; '.join(map(_told, changed))}." if changed else ""
    return Problem(
        "rules_version_mismatch",
        f"this state was written under {game.id!r} rules {version}; this server plays "
        f"{game.rules_version}, whose states are shaped differently.{told} {route(game)} "
        "upgrades it (the changes are listed in the game's reference, 'State shapes').",
        pointer=refusal.pointer or f"{at}/rules_version",
        game=game.id,
    )


def _told(replaced: Replaced) -> str:
    if replaced.new is None:
        return f"{replaced.old} was removed ({replaced.how})"
    return f"{replaced.old} is now {replaced.new} ({replaced.how})"
