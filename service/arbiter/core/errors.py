"""Errors of the rules core: every refusal carries a stable, namespaced code."""

from __future__ import annotations


class ArbiterError(Exception):
    """Base of every error the core raises on purpose."""

    code: str = "arbiter.error"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class IllegalMove(ArbiterError):
    """The move is not legal in this state; the state is unchanged.

    ``code`` is a stable rule id such as ``the-ancient-world.build.no_space``.
    """


class InvalidState(ArbiterError):
    """A submitted state breaks an invariant of its game.

    ``pointer`` is a JSON pointer (RFC 6901) to the offending field.
    """

    def __init__(self, code: str, message: str, pointer: str = "") -> None:
        super().__init__(code, message)
        self.pointer = pointer


class PositionsUnsupported(ArbiterError):
    """The game takes no positions from a table (it has no ``position_type``)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(
            "positions_unsupported", f"game {game_id!r} cannot set up a state from a position"
        )


class UnknownGame(ArbiterError):
    def __init__(self, game_id: str) -> None:
        super().__init__("unknown_game", f"no game is registered with id {game_id!r}")


class UnknownContent(ArbiterError):
    def __init__(self, game_id: str, content_id: str) -> None:
        super().__init__(
            "unknown_content", f"game {game_id!r} has no content pack with id {content_id!r}"
        )


class RulesVersionMismatch(ArbiterError):
    def __init__(self, game_id: str, have: str, got: str) -> None:
        super().__init__(
            "rules_version_mismatch",
            f"state was made under rules version {got!r} of {game_id!r}; this server has {have!r}",
        )
