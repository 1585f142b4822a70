"""The core protocol, shown on the test game Pig: legality both ways, chance, pinning, ranking."""

from __future__ import annotations

import enum
from typing import Annotated, Any, ClassVar, Literal

import msgspec
import pytest

from arbiter.core import (
    CHANCE,
    ChanceOutcome,
    IllegalMove,
    Opponent,
    OpponentLine,
    Result,
    RulesVersionMismatch,
    ScoreLine,
    UnknownContent,
    rank,
)
from arbiter.core.chance import generator, pick, pick_uniform
from arbiter.core.content import content_id
from arbiter.core.game import option_infos
from arbiter.core.playout import random_playout
from arbiter.core.tuples import remove_at, remove_first, replace_at
from tests.toy import DieFace, Hold, Pig, PigContent, Roll


@pytest.fixture
def pig() -> Pig:
    return Pig()


def test_new_game_waits_for_the_first_seat(pig: Pig) -> None:
    state = pig.new_state(2, seed=5)
    assert pig.to_act(state) == (0,)
    assert pig.legal_moves(state, 0) == [Roll(seat=0), Hold(seat=0)]
    assert pig.legal_moves(state, 1) == []


def test_a_listing_is_kept_for_the_same_state_and_handed_out_as_a_new_list(pig: Pig) -> None:
    """``legal_moves`` then ``apply`` on one state lists its moves once; each caller gets its own
    list, and another state (equal or not) its own moves."""
    state = pig.new_state(2, seed=5)
    calls: list[object] = []
    listed = pig.generate_moves

    def counted(s: object, actor: object) -> list[object]:
        calls.append(s)
        return listed(s, actor)  # type: ignore[arg-type]

    pig.generate_moves = counted  # type: ignore[method-assign]
    first = pig.legal_moves(state, 0)
    first.clear()
    assert pig.legal_moves(state, 0) == [Roll(seat=0), Hold(seat=0)]
    after, _ = pig.apply(state, Roll(seat=0))
    assert calls == [state]
    assert pig.legal_moves(after, 0) == [] and pig.legal_moves(after, "chance")
    copy = msgspec.json.decode(msgspec.json.encode(state), type=type(state))
    assert pig.legal_moves(copy, 0) == [Roll(seat=0), Hold(seat=0)]
    assert calls == [state, copy]


def test_moves_listed_while_performing_are_kept_for_the_state_apply_makes() -> None:
    """A game that lists the next decision's moves inside ``perform`` keeps them
    (``keep_listing``): the state ``apply_unchecked`` answers (one step on) lists them, checks a
    move and hands them to a playout without listing again."""
    calls: list[object] = []

    class Ahead(Pig):
        def generate_moves(self, state: Any, actor: Any) -> list[Any]:
            calls.append(state)
            return super().generate_moves(state, actor)

        def perform(self, state: Any, move: Any) -> tuple[Any, list[Any]]:
            after, events = super().perform(state, move)
            if not after.rolling and not after.over:
                self.keep_listing(after, after.current, self.generate_moves(after, after.current))
            return after, events

    game = Ahead()
    state, _ = game.apply(game.new_state(2, seed=5), Roll(seat=0))
    state, _ = game.apply_unchecked(state, DieFace(face=4))
    listed = len(calls)
    assert game.listed_moves(state, 0) == (Roll(seat=0), Hold(seat=0))
    assert game.legal_moves(state, 0) == [Roll(seat=0), Hold(seat=0)]
    game.check_move(state, Hold(seat=0))
    assert len(calls) == listed  # all three from the kept listing
    assert game.legal_moves(state, 1) == []  # kept for its actor only
    other, _ = game.apply(state, Hold(seat=0))
    assert game.listed_moves(other, 1) == (Roll(seat=1), Hold(seat=1))
    fresh = Pig()
    assert fresh.listed_moves(state, 0) == [Roll(seat=0), Hold(seat=0)]  # nothing kept: listed


def test_apply_returns_a_new_state_and_leaves_the_old_one(pig: Pig) -> None:
    state = pig.new_state(2, seed=5)
    before = msgspec.json.encode(state)
    after, events = pig.apply(state, Roll(seat=0))
    assert msgspec.json.encode(state) == before
    assert after.rolling and after.step == 1
    assert events == []


def test_a_move_out_of_turn_is_refused_with_a_code(pig: Pig) -> None:
    state = pig.new_state(2, seed=5)
    with pytest.raises(IllegalMove) as refusal:
        pig.apply(state, Roll(seat=1))
    assert refusal.value.code == "pig.not_your_turn"
    assert "seat 1" in refusal.value.message


def test_chance_waits_after_a_roll_and_refuses_impossible_faces(pig: Pig) -> None:
    state, _ = pig.apply(pig.new_state(2, seed=5), Roll(seat=0))
    assert pig.to_act(state) == (CHANCE,)
    assert pig.legal_moves(state, CHANCE) == [DieFace(face=f) for f in range(1, 7)]
    with pytest.raises(IllegalMove) as refusal:
        pig.apply(state, DieFace(face=7))
    assert refusal.value.code == "pig.die.face"
    rolled, events = pig.apply(state, DieFace(face=4))
    assert rolled.turn_points == 4 and events[0].face == 4  # type: ignore[attr-defined]


def test_chance_is_resolved_from_seed_and_step(pig: Pig) -> None:
    state, _ = pig.apply(pig.new_state(2, seed=5), Roll(seat=0))
    assert pig.sample_chance(state) == pig.sample_chance(state)
    resolved, events = pig.resolve_chance(state)
    assert pig.to_act(resolved) != (CHANCE,)
    assert len(events) == 1
    draws = {pick([o for o in pig.chance_outcomes(state)], generator(9, s)) for s in range(60)}
    assert len(draws) == 6  # every face comes up over many steps


def test_a_uniform_draw_is_the_draw_of_outcomes_of_weight_one() -> None:
    cards = [f"card-{i}" for i in range(23)]
    outcomes = [ChanceOutcome(card, 1) for card in cards]
    for step in range(200):
        assert pick_uniform(cards, generator(7, step)) == pick(outcomes, generator(7, step))
    with pytest.raises(ValueError, match="at least one outcome"):
        pick_uniform([], generator(7, 0))


def test_the_game_ends_and_refuses_further_moves(pig: Pig) -> None:
    state, _ = random_playout(pig, 2, seed=3)
    assert pig.to_act(state) == ()
    with pytest.raises(IllegalMove) as refusal:
        pig.apply(state, Hold(seat=0))
    assert refusal.value.code == "pig.game_over"
    result = pig.result(state)
    assert result is not None and max(result.scores) >= 20


def test_a_state_is_pinned_to_its_rules_version_and_content(pig: Pig) -> None:
    state = pig.new_state(2, seed=5)
    with pytest.raises(RulesVersionMismatch) as mismatch:
        pig.apply(msgspec.structs.replace(state, rules_version="0"), Roll(seat=0))
    assert mismatch.value.code == "rules_version_mismatch"
    with pytest.raises(UnknownContent) as unknown:
        pig.apply(msgspec.structs.replace(state, content_id="feedfacefeedface"), Roll(seat=0))
    assert unknown.value.code == "unknown_content"


def test_content_packs_are_named_by_their_hash(pig: Pig) -> None:
    loaded = PigContent(faces=(1, 1, 6))
    cid = pig.register_content(loaded)
    assert cid == content_id(PigContent(faces=(1, 1, 6))) != pig.default_content_id
    state, _ = pig.apply(pig.new_state(2, seed=1, content_id=cid), Roll(seat=0))
    assert [o.move for o in pig.chance_outcomes(state)] == [DieFace(face=1), DieFace(face=6)]


def test_ranking_applies_tie_breakers_in_order() -> None:
    result = rank(
        [10, 12, 10, 10],
        tie_breakers=("coins", "cards"),
        tie_break_values=[(3, 1), (0, 0), (3, 2), (1, 9)],
        breakdown=[ScoreLine(0, "banners", 10)],
    )
    assert result.ranking == (1, 2, 0, 3)
    assert result.places == (3, 1, 2, 4)
    assert result.winners == (1,)


def test_seats_tied_after_every_breaker_share_a_place() -> None:
    result = rank([5, 5, 3], tie_breakers=("coins",), tie_break_values=[(1,), (1,), (0,)])
    assert result.places == (1, 1, 3)
    assert result.winners == (0, 1)


def chief(score: int, *values: int) -> Opponent:
    return Opponent(name="the nameless chief", score=score, place=0, tie_break_values=values)


def test_an_opponent_alone_first_leaves_no_winner() -> None:
    result = rank([12], opponents=[chief(15)])
    assert result.places == (2,)
    assert result.ranking == (0,)
    assert result.winners == ()
    assert result.opponents == (msgspec.structs.replace(chief(15), place=1),)


def test_a_seat_tied_with_an_opponent_after_every_breaker_wins_with_it() -> None:
    result = rank([10, 8], ("coins",), [(3,), (9,)], opponents=[chief(10, 3)])
    assert result.places == (1, 3)
    assert [o.place for o in result.opponents] == [1]
    assert result.winners == (0,)


def test_tie_breakers_rank_seats_and_opponents_alike() -> None:
    result = rank([10], ("coins",), [(3,)], opponents=[chief(10, 4)])
    assert result.places == (2,) and result.winners == ()
    assert result.opponents[0].place == 1


def test_an_opponent_between_seats_shifts_their_places() -> None:
    result = rank([20, 5, 9], opponents=[chief(9), chief(30)])
    assert result.ranking == (0, 2, 1)
    assert result.places == (2, 5, 3)
    assert [o.place for o in result.opponents] == [3, 1]
    assert result.winners == ()
    result = rank([20, 5], opponents=[chief(9)])
    assert result.places == (1, 3) and result.winners == (0,)
    assert result.opponents[0].place == 2


def test_an_opponent_needs_a_value_for_every_tie_breaker() -> None:
    with pytest.raises(ValueError, match="tie-break values"):
        rank([10], ("coins",), [(3,)], opponents=[chief(10)])


def test_a_result_with_opponents_survives_json() -> None:
    lines = (OpponentLine("raids", 12, "raids"), OpponentLine("plunder", 3, "plunder"))
    opponent = Opponent(
        name="the nameless chief", score=15, place=0, breakdown=lines, text="the nameless chief"
    )
    result = rank([12], breakdown=[ScoreLine(0, "glory", 12)], opponents=[opponent])
    encoded = msgspec.json.encode(result)
    assert msgspec.json.decode(encoded, type=Result) == result
    assert msgspec.json.decode(encoded)["opponents"] == [
        {
            "name": "the nameless chief",
            "score": 15,
            "place": 1,
            "tie_break_values": [],
            "breakdown": [
                {"label": "raids", "points": 12, "text": "raids"},
                {"label": "plunder", "points": 3, "text": "plunder"},
            ],
            "text": "the nameless chief",
        }
    ]
    # A result written before opponents existed still reads, with none; one written before
    # texts, with empty ones, and equal to today's without its texts.
    older = {k: v for k, v in msgspec.json.decode(encoded).items() if k != "opponents"}
    assert msgspec.json.decode(msgspec.json.encode(older), type=Result).opponents == ()
    untold = msgspec.json.decode(encoded.replace(b',"text":"the nameless chief"', b""), type=Result)
    assert untold.opponents[0].text == "" and untold.without_texts() == result.without_texts()


def test_tuple_helpers() -> None:
    assert replace_at((1, 2, 3), 1, 9) == (1, 9, 3)
    assert remove_at((1, 2, 3), 0) == (2, 3)
    assert remove_first((1, 2, 1), 1) == (2, 1)


def test_fact_sheet_lists_typed_options(pig: Pig) -> None:
    info = pig.info()
    assert info.id == "pig" and info.min_players == 2 and info.max_players == 4
    (target,) = info.options
    assert (target.name, target.type, target.default) == ("target", "integer", 20)


class _Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class _Options(msgspec.Struct, frozen=True, kw_only=True):
    mode: Literal["random", "chosen"] = "random"
    colour: _Colour = _Colour.BLUE
    rounds: Annotated[int, msgspec.Meta(ge=1, le=25)] = 25
    solo: Literal["easy", "hard"] | None = None

    __option_players__: ClassVar[dict[str, tuple[int, int]]] = {"solo": (1, 1)}


def test_fact_sheet_options_carry_choices_bounds_and_player_counts() -> None:
    """A form built from the fact sheet offers only valid values: a ``Literal``'s or an enum's
    choices in declared order, an integer's bounds, the player counts an option applies to."""
    mode, colour, rounds, solo = option_infos(_Options)
    assert (mode.type, mode.choices, mode.default) == ("string", ("random", "chosen"), "random")
    assert (colour.choices, colour.default) == (("red", "blue"), "blue")
    assert (rounds.type, rounds.minimum, rounds.maximum, rounds.choices) == (
        "integer", 1, 25, msgspec.UNSET,
    )  # fmt: skip
    assert (solo.choices, solo.min_players, solo.max_players) == (("easy", "hard"), 1, 1)
    assert mode.min_players is msgspec.UNSET and mode.max_players is msgspec.UNSET
    fact = msgspec.json.decode(msgspec.json.encode(rounds))
    assert fact == {
        "name": "rounds", "type": "integer", "default": 25, "description": "",
        "minimum": 1, "maximum": 25,
    }  # fmt: skip
