"""States of an older shape (:mod:`arbiter.core.shapes`) over the API.

* ``POST /v1/games/{game}/migrate`` brings a state of any of the game's earlier shapes to
  today's: upgraded one shape at a time, then decoded and checked as any state a client sends,
  and answered in today's canonical JSON with what was replaced.
* A state of an older shape sent anywhere else (``state`` of a move, a legal-moves or a
  position request) is refused with ``422 rules_version_mismatch``: the detail names the rules
  version the state was written under, the members that replaced the one that failed, and the
  route that upgrades it -- never only the decoder's "unknown field".
* A state the service stored itself under an earlier release (a sealed table's step, a cached
  state in Redis) is upgraded as it is read (:func:`upgraded`): a deploy does not end the games
  in play.
"""

from __future__ import annotations

import msgspec

from arbiter.api.codec import GameCodec, Payload
from arbiter.api.envelope import MigratedState, ReplacedMember
from arbiter.api.handles import StateStore, untrusted
from arbiter.api.jsonguard import decode_json
from arbiter.api.problems import Problem, from_core
from arbiter.core import ArbiterError
from arbiter.core.registry import AnyGame
from arbiter.core.shapes import migrate
from arbiter.core.texts import text


async def migrate_state(
    store: StateStore, game: AnyGame, codec: GameCodec, value: Payload
) -> MigratedState:
    """``POST /v1/games/{game}/migrate``: the state ``value`` (any of the game's shapes) in
    today's shape, decoded and checked as any state a client sends, with what was replaced."""
    plain = decode_json(value, "/state") if isinstance(value, msgspec.Raw | bytes) else value
    if not isinstance(plain, dict):
        raise Problem("invalid_request", text("a state is a JSON object"), pointer="/state")
    content_id = plain.get("content_id")
    if isinstance(content_id, str):  # an upgrade may read the pack (a layout by index)
        await store.ensure_content(game, codec, content_id)
    try:
        migrated = migrate(game.id, game.shapes(), plain, game.content)
    except ArbiterError as error:
        problem = from_core(error, game=game.id)
        unknown_pack = error.code == "unknown_content"
        problem.pointer = "/state/content_id" if unknown_pack else "/state/rules_version"
        raise problem from None
    state = codec.state(msgspec.json.encode(migrated.state))
    with untrusted(True, game.id):
        game.check_pinned(state)
        game.check_state(state)
    return MigratedState(
        game=game.id,
        from_version=migrated.from_version,
        rules_version=migrated.to_version,
        state=msgspec.Raw(codec.state_json(state)),
        replaced=[
            ReplacedMember(version=shape.version, old=r.old, new=r.new, how=r.how)
            for shape in migrated.steps
            for r in shape.replaced
        ],
    )
