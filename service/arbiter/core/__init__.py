"""The rules core: the game protocol and the types every game shares. No I/O here."""

from arbiter.core.errors import (
    ArbiterError,
    IllegalMove,
    InvalidState,
    RulesVersionMismatch,
    UnknownContent,
    UnknownGame,
)
from arbiter.core.game import Game
from arbiter.core.registry import Registry
from arbiter.core.types import (
    CHANCE,
    Actor,
    BaseState,
    ChanceOutcome,
    Event,
    GameInfo,
    Move,
    OptionInfo,
    Result,
    ScoreLine,
    rank,
)

__all__ = [
    "CHANCE",
    "Actor",
    "ArbiterError",
    "BaseState",
    "ChanceOutcome",
    "Event",
    "Game",
    "GameInfo",
    "IllegalMove",
    "InvalidState",
    "Move",
    "OptionInfo",
    "Registry",
    "Result",
    "RulesVersionMismatch",
    "ScoreLine",
    "UnknownContent",
    "UnknownGame",
    "rank",
]
