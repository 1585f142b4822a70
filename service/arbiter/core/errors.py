"""Errors of the rules core: every refusal carries a stable, namespaced code."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from arbiter.core.texts import text

_T = TypeVar("_T")

#: How many gaps of one refused state or position are listed at most; the rest are counted.
MAX_GAPS = 20


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

    ``pointer`` is a JSON pointer (RFC 6901) to the offending field. A refusal that found several
    gaps at once (every deck a position leaves short) is the first of them, and ``gaps`` lists
    them all, the first included, at most :data:`MAX_GAPS`; ``gaps_left_out`` counts the others.
    Build one with :func:`every_gap`.
    """

    def __init__(
        self,
        code: str,
        message: str,
        pointer: str = "",
        *,
        gaps: tuple[InvalidState, ...] = (),
        gaps_left_out: int = 0,
    ) -> None:
        super().__init__(code, message)
        self.pointer = pointer
        self.gaps = gaps
        self.gaps_left_out = gaps_left_out


def every_gap(gaps: Sequence[InvalidState], more: int = 0) -> InvalidState:
    """One refusal of every gap found (at least one), and of ``more`` found but not given: the
    first is its code, message and pointer; they are all listed in its ``gaps`` (at most
    :data:`MAX_GAPS`, the rest counted)."""
    first = gaps[0]
    listed = tuple(gaps[:MAX_GAPS])
    return InvalidState(
        first.code,
        first.message,
        first.pointer,
        gaps=listed if len(gaps) > 1 else (),
        gaps_left_out=len(gaps) - len(listed) + more,
    )


class Gaps:
    """The gaps of one state or position found so far, to be said together.

    Independent checks each add theirs -- a check may stop at its own first gap, when what follows
    in it needs that gap closed -- and :meth:`refuse` raises them as one refusal
    (:func:`every_gap`): at most :data:`MAX_GAPS` listed, the rest counted."""

    def __init__(self) -> None:
        self.found: list[InvalidState] = []
        self.more = 0

    def add(self, gap: InvalidState) -> None:
        """Add ``gap``, or every gap it lists (and counts)."""
        for one in gap.gaps or (gap,):
            if len(self.found) < MAX_GAPS:
                self.found.append(one)
            else:
                self.more += 1
        self.more += gap.gaps_left_out

    def check(self, run: Callable[[], _T]) -> _T | None:
        """The answer of the check ``run``; or, when it refuses, None and its gaps added."""
        try:
            return run()
        except InvalidState as err:
            self.add(err)
            return None

    @property
    def full(self) -> bool:
        return len(self.found) >= MAX_GAPS

    def refuse(self) -> None:
        """Raise the gaps found, if any, as one refusal."""
        if self.found:
            raise every_gap(self.found, self.more)


class PositionsUnsupported(ArbiterError):
    """The game takes no positions from a table (it has no ``position_type``)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(
            "positions_unsupported",
            text("game {game!r} cannot set up a state from a position", game=game_id),
        )


class UnknownGame(ArbiterError):
    def __init__(self, game_id: str) -> None:
        super().__init__(
            "unknown_game", text("no game is registered with id {game!r}", game=game_id)
        )


class UnknownContent(ArbiterError):
    def __init__(self, game_id: str, content_id: str) -> None:
        super().__init__(
            "unknown_content",
            text(
                "game {game!r} has no content pack with id {content!r}",
                game=game_id,
                content=content_id,
            ),
        )


class RulesVersionMismatch(ArbiterError):
    def __init__(self, game_id: str, have: str, got: str) -> None:
        super().__init__(
            "rules_version_mismatch",
            text(
                "state was made under rules version {got!r} of {game!r}; this server has {have!r}",
                got=got,
                game=game_id,
                have=have,
            ),
        )
