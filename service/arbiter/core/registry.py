"""The registry of games the service offers."""

from __future__ import annotations

from typing import Any

from arbiter.core.errors import UnknownGame
from arbiter.core.game import Game

AnyGame = Game[Any, Any, Any, Any]


class Registry:
    """Games by id, in the order they were registered."""

    def __init__(self, games: list[AnyGame] | None = None) -> None:
        self._games: dict[str, AnyGame] = {}
        for game in games or []:
            self.register(game)

    def register(self, game: AnyGame) -> None:
        if game.id in self._games:
            raise ValueError(f"game {game.id!r} is already registered")
        self._games[game.id] = game

    def get(self, game_id: str) -> AnyGame:
        try:
            return self._games[game_id]
        except KeyError:
            raise UnknownGame(game_id) from None

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._games.values())

    def __len__(self) -> int:
        return len(self._games)

    def ids(self) -> list[str]:
        return list(self._games)
