"""Pig: a tiny dice game used only to test the core and the API layer. Never registered by the service.

Players take turns. On your turn you either roll the die (a chance decision) or hold. A roll of 1
loses the points of this turn and passes the turn; any other face adds to the turn's points. Holding
banks them. The first to ``target`` banked points wins; ties cannot happen. Each seat also holds a
secret ``lucky`` number (hidden information) that scores 1 bonus point at the end if it equals the
number of rolls that seat made.

Pig takes **positions** (:class:`PigPosition`): what its table shows -- each seat's banked points,
rolls and lucky number (known, or face down: drawn from the seed), whose turn it is with its points
this turn, and which decision is pending (roll or hold, the die in the air, or the game over).
"""

from __future__ import annotations

import random
from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta

from arbiter.core import (
    CHANCE,
    Actor,
    BaseState,
    ChanceOutcome,
    Event,
    Game,
    IllegalMove,
    InvalidState,
    Move,
    Result,
    ScoreLine,
    rank,
)
from arbiter.core.texts import text
from arbiter.core.tuples import replace_at


class PigOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    target: int = 20
    __option_docs__ = {"target": "points to win"}


class PigContent(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


class PigState(BaseState, frozen=True, kw_only=True, forbid_unknown_fields=True):
    players: int
    target: int
    banked: tuple[int, ...]
    rolls: tuple[int, ...]
    lucky: tuple[int, ...]
    current: int = 0
    turn_points: int = 0
    rolling: bool = False
    over: bool = False


class PigView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int | None
    target: int
    banked: tuple[int, ...]
    current: int
    turn_points: int
    rolling: bool
    over: bool
    my_lucky: int | None


class Roll(Move, frozen=True, kw_only=True, tag="roll"):
    seat: int


class Hold(Move, frozen=True, kw_only=True, tag="hold"):
    seat: int


class DieFace(Move, frozen=True, kw_only=True, tag="die"):
    face: int


PigMove = Roll | Hold | DieFace


class Rolled(Event, frozen=True, kw_only=True, tag="rolled"):
    """``seat`` rolled ``face``: added to the turn's points, or (a 1) lost them."""

    explains = ("/turn_points",)

    seat: int
    face: int


class Banked(Event, frozen=True, kw_only=True, tag="banked"):
    """``seat`` held: it has ``points`` banked now (the game is over once they reach the
    target)."""

    explains = ("/banked/{seat}", "/turn_points", "/over")

    seat: int
    points: int


class TurnPassed(Event, frozen=True, kw_only=True, tag="turn_passed"):
    """``seat`` plays now."""

    explains = ("/current",)

    seat: int


PigEvent = Rolled | Banked | TurnPassed


class PigSeat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat at the table: its banked points, how many times it rolled the die (its lucky
    number scores when it equals them), and its lucky number -- ``null`` while it lies face down
    (a state then draws it from the seed)."""

    banked: Annotated[int, Meta(ge=0, le=100_000)] = 0
    rolls: Annotated[int, Meta(ge=0, le=1_000_000)] = 0
    lucky: Annotated[int, Meta(ge=1, le=5)] | None = None


class PigPosition(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a Pig table shows: the target, every seat (in order of play), whose turn it is and
    its points this turn, and the decision pending -- ``roll_or_hold`` (the seat on turn
    decides), ``die`` (the die is rolling: chance decides), or ``over`` (the seat on turn held
    past the target)."""

    target: Annotated[int, Meta(ge=1, le=10_000)] = 20
    seats: Annotated[tuple[PigSeat, ...], Meta(min_length=1, max_length=16)]
    current: Annotated[int, Meta(ge=0, le=15)] = 0
    turn_points: Annotated[int, Meta(ge=0, le=100_000)] = 0
    decision: Literal["roll_or_hold", "die", "over"] = "roll_or_hold"


class Pig(Game[PigState, PigContent, PigOptions, PigView]):
    id = "pig"
    title = "Pig (test game)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    silent_view_members: ClassVar[dict[str, str]] = {
        "/step": "counts every decision applied",
        "/rolling": "a roll waits for the die: to_act says chance",
    }
    state_type = PigState
    options_type = PigOptions
    view_type = PigView
    content_type = PigContent
    move_type = PigMove
    event_type = PigEvent
    position_type = PigPosition

    def default_content(self) -> PigContent:
        return PigContent()

    def setup(
        self, players: int, options: PigOptions, seed: int, content_id: str, content: PigContent
    ) -> PigState:
        rng = random.Random(seed)
        return PigState(
            rules_version=self.rules_version,
            content_id=content_id,
            seed=seed,
            players=players,
            target=options.target,
            banked=(0,) * players,
            rolls=(0,) * players,
            lucky=tuple(rng.randint(1, 5) for _ in range(players)),
        )

    def to_act(self, state: PigState) -> tuple[Actor, ...]:
        if state.over:
            return ()
        return (CHANCE,) if state.rolling else (state.current,)

    def generate_moves(self, state: PigState, actor: Actor) -> list[Roll | Hold]:
        assert isinstance(actor, int)
        return [Roll(seat=actor), Hold(seat=actor)]

    def chance_outcomes(self, state: PigState) -> list[ChanceOutcome]:
        if not state.rolling:
            return []
        faces = self.content_of(state).faces
        return [ChanceOutcome(DieFace(face=f), 1) for f in sorted(set(faces))]

    def explain(self, state: PigState, move: Move) -> IllegalMove:
        if isinstance(move, DieFace):
            return IllegalMove("pig.die.face", f"the die has no face {move.face}")
        return IllegalMove("pig.move.not_legal", "that move is not legal now")

    def perform(self, state: PigState, move: Move) -> tuple[PigState, list[Event]]:
        s = state
        if isinstance(move, Roll):
            return msgspec.structs.replace(s, rolling=True), []
        if isinstance(move, DieFace):
            seat = s.current
            s = msgspec.structs.replace(
                s, rolling=False, rolls=replace_at(s.rolls, seat, s.rolls[seat] + 1)
            )
            events: list[Event] = [Rolled(seat=seat, face=move.face)]
            if move.face == 1:
                s = self._next(msgspec.structs.replace(s, turn_points=0))
                return s, [*events, TurnPassed(seat=s.current)]
            return msgspec.structs.replace(s, turn_points=s.turn_points + move.face), events
        assert isinstance(move, Hold)
        seat = s.current
        total = s.banked[seat] + s.turn_points
        s = msgspec.structs.replace(s, banked=replace_at(s.banked, seat, total), turn_points=0)
        events = [Banked(seat=seat, points=total)]
        if total >= s.target:
            return msgspec.structs.replace(s, over=True), events
        s = self._next(s)
        return s, [*events, TurnPassed(seat=s.current)]

    def can_take_back(self, before: PigState, move: Move, after: PigState) -> bool:
        """A hold reveals nothing until the game ends (the result shows the lucky numbers); a
        roll is followed by chance, which the service never takes back."""
        return not after.over

    def _next(self, s: PigState) -> PigState:
        return msgspec.structs.replace(s, current=(s.current + 1) % s.players)

    def view(self, state: PigState, seat: int | None) -> PigView:
        return PigView(
            seat=seat,
            target=state.target,
            banked=state.banked,
            current=state.current,
            turn_points=state.turn_points,
            rolling=state.rolling,
            over=state.over,
            my_lucky=None if seat is None else state.lucky[seat],
        )

    def render_view(self, view: PigView) -> str:
        """``Pig -- first to 20 banked points``, a line per seat, the viewer's lucky number."""
        lines = [f"Pig -- first to {view.target} banked points"]
        for seat, points in enumerate(view.banked):
            marks = " (you)" if seat == view.seat else ""
            if seat == view.current and not view.over:
                doing = "rolling the die" if view.rolling else "to roll or hold"
                marks += f" <- {doing}, {view.turn_points} points this turn"
            lines.append(f"seat {seat}: {points} banked{marks}")
        if view.my_lucky is not None:
            lines.append(f"your lucky number: {view.my_lucky} (1 bonus point for that many rolls)")
        if view.over:
            lines.append("the game is over")
        return "\n".join(lines)

    def result(self, state: PigState) -> Result | None:
        if not state.over:
            return None
        bonus = [1 if state.lucky[s] == state.rolls[s] else 0 for s in range(state.players)]
        scores = [state.banked[s] + bonus[s] for s in range(state.players)]
        lines = [
            ScoreLine(s, "banked", state.banked[s], text("points banked"))
            for s in range(state.players)
        ]
        lines += [ScoreLine(s, "lucky", bonus[s], text("luck bonus")) for s in range(state.players)]
        return rank(scores, breakdown=lines)

    def check_state(self, state: PigState) -> None:
        for name in ("banked", "rolls", "lucky"):
            values = getattr(state, name)
            if len(values) != state.players:
                raise InvalidState(
                    "pig.state.players", f"{name} needs one entry a seat", f"/{name}"
                )
            for i, v in enumerate(values):
                if v < 0:
                    raise InvalidState(
                        "pig.state.negative", f"{name} cannot be negative", f"/{name}/{i}"
                    )
        if not 0 <= state.current < state.players:
            raise InvalidState("pig.state.current", "current seat out of range", "/current")

    # ------------------------------------------------------------------------- positions

    def state_of(self, position: PigPosition, seed: int, content_id: str | None = None) -> PigState:
        """The state of a Pig table: lucky numbers face down are drawn from ``seed``; every
        total must be one the die can make (``<game>.position.*``)."""
        cid = content_id or self.default_content_id
        faces = self.content(cid).faces
        self._check_position(position, faces)
        rng = random.Random(seed)
        lucky = tuple(
            seat.lucky if seat.lucky is not None else rng.randint(1, 5) for seat in position.seats
        )
        state = PigState(
            rules_version=self.rules_version,
            content_id=cid,
            seed=seed,
            players=len(position.seats),
            target=position.target,
            banked=tuple(seat.banked for seat in position.seats),
            rolls=tuple(seat.rolls for seat in position.seats),
            lucky=lucky,
            current=position.current,
            turn_points=position.turn_points,
            rolling=position.decision == "die",
            over=position.decision == "over",
        )
        self.check_state(state)
        return state

    def _check_position(self, position: PigPosition, faces: tuple[int, ...]) -> None:
        def refuse(rule: str, message: str, pointer: str) -> InvalidState:
            return InvalidState(f"{self.id}.position.{rule}", message, pointer)

        seats = position.seats
        if not self.min_players <= len(seats) <= self.max_players:
            raise refuse(
                "players",
                f"Pig is played by {self.min_players} to {self.max_players} seats, "
                f"not {len(seats)}",
                "/seats",
            )
        if position.current >= len(seats):
            raise refuse("current", f"seat {position.current} is not at the table", "/current")
        scoring = sorted(f for f in set(faces) if f != 1) or [0]
        top = scoring[-1]
        for k, seat in enumerate(seats):
            if seat.banked > top * seat.rolls or 0 < seat.banked < scoring[0]:
                raise refuse(
                    "banked",
                    f"{seat.banked} points cannot be banked with {seat.rolls} rolls of the die",
                    f"/seats/{k}/banked",
                )
        on_turn = seats[position.current]
        points = position.turn_points
        if points and (points < scoring[0] or on_turn.banked + points > top * on_turn.rolls):
            raise refuse(
                "turn_points",
                f"{points} points this turn cannot come from seat {position.current}'s "
                f"{on_turn.rolls} rolls",
                "/turn_points",
            )
        over = position.decision == "over"
        if over and points:
            raise refuse(
                "turn_points", "the game ended with a hold: no points wait", "/turn_points"
            )
        for k, seat in enumerate(seats):
            won = seat.banked >= position.target
            if won and not (over and k == position.current):
                why = "another seat won first" if over else "the game would be over"
                raise refuse(
                    "won",
                    f"seat {k} has banked the target ({position.target}): {why}",
                    f"/seats/{k}/banked",
                )
        if over and on_turn.banked < position.target:
            raise refuse(
                "won",
                f"the game is over, but seat {position.current} has not banked the target",
                f"/seats/{position.current}/banked",
            )

    def position_of(self, state: PigState) -> PigPosition:
        decision: Literal["roll_or_hold", "die", "over"] = (
            "over" if state.over else "die" if state.rolling else "roll_or_hold"
        )
        return PigPosition(
            target=state.target,
            seats=tuple(
                PigSeat(banked=b, rolls=r, lucky=k)
                for b, r, k in zip(state.banked, state.rolls, state.lucky, strict=True)
            ),
            current=state.current,
            turn_points=state.turn_points,
            decision=decision,
        )

    def position_examples(self) -> list[tuple[str, PigPosition]]:
        face_down = PigPosition(seats=(PigSeat(), PigSeat()))
        mid_turn = PigPosition(
            seats=(
                PigSeat(banked=9, rolls=4, lucky=4),
                PigSeat(banked=12, rolls=5),
                PigSeat(banked=0, rolls=2),
            ),
            current=1,
            turn_points=7,
            decision="die",
        )
        return [
            ("A new two-seat game, both lucky numbers face down", face_down),
            (
                "Seat 1 has 7 points this turn and the die is rolling; "
                "seat 0's lucky number is known",
                mid_turn,
            ),
        ]

    def hidden_variant(self, state: PigState, seat: int | None, rng: random.Random) -> PigState:
        lucky = tuple(v if s == seat else rng.randint(1, 5) for s, v in enumerate(state.lucky))
        return msgspec.structs.replace(state, lucky=lucky, seed=rng.randrange(2**31))
