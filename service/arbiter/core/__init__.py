"""The rules core: the game protocol and the types every game shares. No I/O here."""

from arbiter.core.errors import (
    MAX_GAPS,
    ArbiterError,
    IllegalMove,
    InvalidState,
    PositionsUnsupported,
    RulesVersionMismatch,
    UnknownContent,
    UnknownGame,
    every_gap,
)
from arbiter.core.game import Game, seat_count
from arbiter.core.packs import DEFAULT_CONTENT_LIMIT, ContentPacks
from arbiter.core.ranges import MoveRange, compact, expand
from arbiter.core.registry import Registry
from arbiter.core.types import (
    CHANCE,
    Actor,
    BaseState,
    ChanceOutcome,
    Event,
    GameInfo,
    Move,
    Opponent,
    OpponentLine,
    OptionInfo,
    Result,
    RuleCode,
    RuleCodes,
    ScoreLine,
    rank,
)

__all__ = [
    "CHANCE",
    "DEFAULT_CONTENT_LIMIT",
    "MAX_GAPS",
    "Actor",
    "ArbiterError",
    "BaseState",
    "ChanceOutcome",
    "ContentPacks",
    "Event",
    "Game",
    "GameInfo",
    "IllegalMove",
    "InvalidState",
    "Move",
    "MoveRange",
    "Opponent",
    "OpponentLine",
    "OptionInfo",
    "PositionsUnsupported",
    "Registry",
    "Result",
    "RuleCode",
    "RuleCodes",
    "RulesVersionMismatch",
    "ScoreLine",
    "UnknownContent",
    "UnknownGame",
    "compact",
    "every_gap",
    "expand",
    "rank",
    "seat_count",
]
