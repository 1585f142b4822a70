"""A game's values sent as plain Python values (GraphQL's JSON scalar) decode exactly as
:func:`msgspec.convert` makes them -- the codec takes a faster road through JSON, and these tests
hold it to convert's results and refusals, for every game."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from arbiter.api.codec import GameCodec
from arbiter.api.jsonguard import decode_error
from arbiter.api.problems import Problem
from arbiter.core import CHANCE
from arbiter.core.registry import AnyGame
from arbiter.games import registry
from tests.toy import Pig

GAMES: list[AnyGame] = [Pig(), *registry()]


def _played(game: AnyGame, decisions: int = 120) -> tuple[list[Any], list[Any]]:
    """The moves and states of the first ``decisions`` of a seeded random game."""
    rng = random.Random(7)
    state = game.new_state(game.min_players, seed=7)
    moves, states = [], [state]
    for _ in range(decisions):
        actors = game.to_act(state)
        if not actors:
            break
        actor = CHANCE if CHANCE in actors else actors[0]
        move = rng.choice(game.legal_moves(state, actor))
        state, _ = game.apply(state, move)
        moves.append(move)
        states.append(state)
    return moves, states


def _outcome(decode: Any, value: Any) -> tuple[str, Any]:
    try:
        return "decoded", decode(value)
    except Problem as problem:
        return "refused", problem.extensions()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_plain_moves_and_states_decode_as_convert_makes_them(game: AnyGame) -> None:
    codec = GameCodec(game)
    moves, states = _played(game)
    for move in moves:
        plain = msgspec.to_builtins(move)
        assert codec.move(plain) == msgspec.convert(plain, type=game.move_type) == move
    for state in states[:: max(1, len(states) // 8)]:
        plain = msgspec.to_builtins(state)
        assert codec.state(plain) == msgspec.convert(plain, type=game.state_type) == state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_plain_moves_are_refused_with_converts_own_messages(game: AnyGame) -> None:
    """Every member of a move changed to a value of another JSON type, removed, or made a
    number JSON cannot hold: refused (or accepted) exactly as convert does, with its message and
    pointer."""
    codec = GameCodec(game)
    moves, _ = _played(game, decisions=40)
    compared = 0
    for move in moves:
        plain = msgspec.to_builtins(move)
        for member in plain:
            for bad in (None, "x", 1.5, [1], {"a": 1}, -1, 2**70, True, ...):
                changed = dict(plain)
                if bad is ...:
                    del changed[member]
                else:
                    changed[member] = bad

                def convert(value: Any) -> Any:
                    try:
                        return msgspec.convert(value, type=game.move_type)
                    except msgspec.ValidationError as error:
                        raise decode_error(error, "/move") from None

                assert _outcome(codec.move, changed) == _outcome(convert, changed)
                compared += 1
    assert compared > 100


def test_a_refusal_inside_a_dictionary_points_at_the_entry_and_its_member() -> None:
    """msgspec's error path stops at a dictionary (``$.resources[...]``); the problem's pointer
    names the entry and its member, as bytes (REST) and as plain values (GraphQL) (#39)."""
    game = registry().get("scythe")
    codec = GameCodec(game)
    state = msgspec.to_builtins(game.new_state(2, seed=3))
    for resources, pointer in (
        ({"r1c1": {"food": 1}, "r2c2": {"gold": 1}}, "/state/resources/r2c2/gold"),
        ({"r1c1": {"food": "x"}}, "/state/resources/r1c1/food"),
        ({"a/b~": {"gold": 2}}, "/state/resources/a~1b~0/gold"),
    ):
        sent = {**state, "resources": resources}
        for value in (msgspec.json.encode(sent), sent):
            with pytest.raises(Problem) as refused:
                codec.state(value)
            assert refused.value.pointer == pointer, (value, refused.value.detail)
            assert refused.value.detail.endswith(f"at {pointer}")
