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
from arbiter.core.texts import Text, joined, text


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
    values = {"game": game.id, "version": version, "rules": game.rules_version}
    return Problem(
        "rules_version_mismatch",
        text(
            "this state was written under {game!r} rules {version}; this server plays {rules}, "
            "whose states are shaped differently. At {member}: {changes}. {route} upgrades it "
            "(the changes are listed in the game's reference, 'State shapes').",
            **values,
            member=member,
            changes=joined(map(_told, changed), "; "),
            route=route(game),
        )
        if changed
        else text(
            "this state was written under {game!r} rules {version}; this server plays {rules}, "
            "whose states are shaped differently. {route} upgrades it (the changes are listed in "
            "the game's reference, 'State shapes').",
            **values,
            route=route(game),
        ),
        pointer=refusal.pointer or f"{at}/rules_version",
        game=game.id,
    )


def _told(replaced: Replaced) -> Text:
    if replaced.new is None:
        return text("{old} was removed ({how})", old=replaced.old, how=replaced.how)
    return text("{old} is now {new} ({how})", old=replaced.old, new=replaced.new, how=replaced.how)
