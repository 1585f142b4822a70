"""Game records in the core: the record type, its schema-visible shape, and the chance it lists."""

from __future__ import annotations

import msgspec
import pytest

from arbiter.core.record import RECORD_FORMAT, GameRecord, RecordedMove, draw_chance, record_type
from arbiter.games import registry
from tests.toy import DieFace, Pig, PigOptions, Roll


@pytest.mark.parametrize("game", [Pig(), *registry()], ids=lambda g: g.id)
def test_draw_chance_is_resolve_chance_with_the_outcomes_it_drew(game: object) -> None:
    from arbiter.core import Game

    assert isinstance(game, Game)
    state = game.new_state(game.min_players, seed=11)
    resolved, events = game.resolve_chance(state)
    drawn_state, drawn_events, drawn = draw_chance(game, state)
    assert drawn_state == resolved and drawn_events == events
    assert len(drawn) == resolved.step - state.step
    again = state
    for outcome in drawn:  # the outcomes, applied as moves, lead to the same state
        again, _ = game.apply(again, outcome)
    assert again == resolved


def test_a_record_round_trips_through_json_with_the_games_own_types() -> None:
    record = GameRecord(
        format=RECORD_FORMAT,
        game="pig",
        rules_version="1",
        content_id="c",
        players=2,
        seed=3,
        options=PigOptions(target=5),
        moves=[RecordedMove(step=0, move=Roll(seat=0)), RecordedMove(step=1, move=DieFace(face=4))],
    )
    data = msgspec.json.encode(record)
    assert b'"result"' not in data  # absent while the game goes on
    assert msgspec.json.decode(data, type=record_type(Pig())) == record
    with pytest.raises(msgspec.ValidationError, match="format"):
        msgspec.json.decode(data.replace(b"record/1", b"record/9"), type=record_type(Pig()))
    with pytest.raises(msgspec.ValidationError, match="unknown field"):
        msgspec.json.decode(data[:-1] + b',"extra":1}', type=record_type(Pig()))
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(data.replace(b'"step":1', b'"step":-1'), type=record_type(Pig()))
