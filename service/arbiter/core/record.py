"""Game records: a whole game as one portable JSON document.

A record says which game was played and how: the game, the rules version and content pack it was
played under, its options, seed and number of players, and every decision in order -- players'
moves and chance outcomes alike -- each with the ``step`` it was made at. It is the format the
service exports (``POST /v1/games/{game}/record``), the body ``POST /v1/games/{game}/replay``
accepts as it is, and the format of the golden playthroughs (``tests/playthroughs/files``)::

    {"format": "arbiter.record/1", "game": "pig", "rules_version": "1",
     "content_id": "6d8c42037bbe9bea", "players": 2, "seed": 1, "options": {"target": 20},
     "resolve_chance": true,
     "moves": [{"step": 0, "move": {"type": "roll", "seat": 0}},
               {"step": 1, "move": {"type": "die", "face": 3}}, ...],
     "result": {"scores": [21, 12], ...}}

**Steps.** A state's ``step`` counts the decisions applied since setup, chance outcomes included
(:class:`~arbiter.core.BaseState`), so in a record that lists every chance outcome the steps are
0, 1, 2, ... Listing them anyway makes a record check itself: a replay refuses a move whose step
is not the step it reaches that move at (a record cut, spliced or reordered by mistake). A record
may leave chance outcomes out (a replay draws a pending chance decision from the seed, as play
does); its steps then skip them and still agree.

**Seeds and chance.** Chance outcomes are listed, so a record replays without relying on how the
seed is drawn from; the seed is kept all the same, for chance still pending after the last move
(``resolve_chance``: drawn from the seed after the last move, as during play, or left to the
table). A record of a sealed game holds its seed and every hidden move: only the game's master
handle may export it.

**Versions.** ``format`` names the layout of the document (:data:`RECORD_FORMAT`); a later layout
gets a new name, and readers refuse names they do not know. The moves and options are the game's
own types at ``rules_version``.

Everything here is pure: the service stores and serves records (:mod:`arbiter.api.service`).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Generic, Literal, TypeVar

import msgspec
from msgspec import UNSET, Meta, UnsetType

from arbiter.core.game import Game
from arbiter.core.types import CHANCE, BaseState, Event, Move, Result

#: The layout of a record document, as its ``format`` member names it.
RECORD_FORMAT: Final = "arbiter.record/1"

MoveT = TypeVar("MoveT")
OptionsT = TypeVar("OptionsT")
StateT = TypeVar("StateT", bound=BaseState)

Step = Annotated[int, Meta(ge=0, description="The step the move was applied at.")]


class RecordedMove(
    msgspec.Struct, Generic[MoveT], frozen=True, kw_only=True, forbid_unknown_fields=True
):
    """One decision of a game record: a player's move or a chance outcome, and its step.

    * ``step`` -- the ``step`` of the state the move was applied to: how many decisions (chance
      outcomes included) came before it since setup. The first decision is at step 0.
    * ``move`` -- the move, exactly as the game's ``legal_moves`` list it.
    """

    step: Step
    move: MoveT


class GameRecord(
    msgspec.Struct, Generic[OptionsT, MoveT], frozen=True, kw_only=True, forbid_unknown_fields=True
):
    """A whole game as one document: what a replay needs to play it again, and what it led to.

    * ``format`` -- the layout of this document: ``arbiter.record/1``;
    * ``game`` -- the game's id;
    * ``rules_version`` -- the rules the game was played under (a server running other rules
      refuses the record: ``rules_version_mismatch``);
    * ``content_id`` -- the content pack (cards, boards) it was played with;
    * ``players`` -- the number of seats;
    * ``seed`` -- the secret seed of the game's chance decisions;
    * ``options`` -- the game's options, every one of them;
    * ``resolve_chance`` -- whether chance still pending after the last move is drawn from the seed
      (the default) or waits for the table to supply it, as in the game recorded;
    * ``moves`` -- every decision in order, each with the step it was applied at: players' moves
      and chance outcomes (setup's own draws come first);
    * ``result`` -- once the game is over, its result (absent while it goes on). A replay checks
      it against the result it reaches.
    """

    format: Literal["arbiter.record/1"]
    game: str
    rules_version: str
    content_id: str
    players: Annotated[int, Meta(ge=1)]
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1)]
    options: OptionsT
    resolve_chance: bool = True
    moves: list[RecordedMove[MoveT]]
    result: Result | UnsetType | None = UNSET


def record_type(game: Game[Any, Any, Any, Any]) -> Any:
    """The record type of one game: :class:`GameRecord` over its options and moves."""
    return GameRecord[game.options_type, game.move_type]  # type: ignore[name-defined]


def draw_chance(
    game: Game[StateT, Any, Any, Any], state: StateT
) -> tuple[StateT, list[Event], list[Move]]:
    """:meth:`Game.resolve_chance`, also answering the outcomes it drew, in order: a record lists
    them, so that it replays without the seed."""
    events: list[Event] = []
    drawn: list[Move] = []
    while CHANCE in game.to_act(state):
        outcome = game.sample_chance(state)
        state, more = game.apply_unchecked(state, outcome)
        events.extend(more)
        drawn.append(outcome)
    return state, events, drawn
