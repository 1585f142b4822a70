"""What a game record says of itself besides its moves (:mod:`arbiter.core.record`), checked
by a replay of it (``POST /v1/games/{game}/replay``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbiter.api.codec import GameCodec, Payload
from arbiter.api.problems import Problem
from arbiter.core import RulesVersionMismatch
from arbiter.core.registry import AnyGame
from arbiter.core.texts import text


@dataclass(frozen=True, slots=True)
class Claims:
    """What a game record says of itself besides its moves, checked by a replay of it: its
    ``game`` (the path's), its ``rules_version`` (the server's) and its ``result`` (the one the
    replay reaches). ``None``: not claimed."""

    game: str | None = None
    rules_version: str | None = None
    result: Payload | None = None

    def check_before(self, game: AnyGame) -> None:
        """Refuse a record of another game, or of other rules, before playing it."""
        if self.game is not None and self.game != game.id:
            raise Problem(
                "game_mismatch",
                text(
                    "the record is of {record!r}, not of {game!r}: replay it at "
                    "/v1/games/{record}/replay",
                    record=self.game,
                    game=game.id,
                ),
                pointer="/game",
                game=game.id,
            )
        if self.rules_version is not None and self.rules_version != game.rules_version:
            error = RulesVersionMismatch(game.id, game.rules_version, self.rules_version)
            raise Problem(error.code, error.message, pointer="/rules_version", game=game.id)

    def check_result(self, game: AnyGame, codec: GameCodec, state: Any) -> None:
        """Refuse a replay whose end is not the result the record claims."""
        if self.result is None:
            return
        claimed = codec.result(self.result)
        reached = game.result(state)
        if reached is None or claimed.without_texts() != reached.without_texts():
            said = text("the game is not over") if reached is None else text("the result differs")
            raise Problem(
                "result_mismatch",
                text("the replay does not reach the record's result: {why}", why=said),
                pointer="/result",
                game=game.id,
            )
