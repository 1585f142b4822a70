"""Every game that takes positions (and the core's test game) passes the generic checks of
positions (:mod:`tests.conformance.positions`): a property test over states random play reaches,
mutated positions refused with a pointer or accepted only as reachable-looking states, the worked
examples, and bounded position types. A game gets these for free by setting ``position_type``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from arbiter.core import Game, InvalidState
from arbiter.games import registry
from tests.conformance.positions import (
    check_completed,
    check_mutated,
    check_reachable,
    check_round_trip,
    play,
    position_mutations,
    resolves,
    unbounded,
)
from tests.toy import Pig, PigPosition, PigSeat

AnyGame = Game[Any, Any, Any, Any]
GAMES: list[AnyGame] = [g for g in [Pig(), *registry()] if g.position_type is not None]
#: Random decisions played, at most, before a position is taken (long games get more).
DECISIONS = {"scythe": 600, "the-ancient-world": 400}
#: Hypothesis examples of each property per game (long games get fewer: each costs more).
EXAMPLES = {"pig": 60}
DEFAULT_EXAMPLES = 15
#: Mutations of one position tried per example.
MUTATIONS = {"pig": 40}
DEFAULT_MUTATIONS = 20

BOUNDED = settings(
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def games() -> Any:
    """Parametrize over :data:`GAMES`."""
    return pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)


def expressible(game: AnyGame, state: Any) -> bool:
    """Whether the game can say ``state`` as a position: a game may refuse a few (its setup
    before the table is laid out) with ``InvalidState``; Hypothesis fails the test as
    unsatisfiable if too few states random play reaches are expressible."""
    try:
        game.position_of(state)
    except InvalidState:
        return False
    return True


def reached(game: AnyGame) -> Any:
    """A strategy of (state random play reached, a seed to set its position up with)."""
    return st.builds(
        lambda players, seed, decisions, again: (play(game, players, seed, decisions), again),
        st.integers(game.min_players, game.max_players),
        st.integers(0, 2**32),
        st.integers(0, DECISIONS.get(game.id, 200)),
        st.integers(0, 2**63 - 1),
    )


@games()
def test_positions_of_reachable_states_are_accepted_and_round_trip(game: AnyGame) -> None:
    @given(case=reached(game))
    @settings(BOUNDED, max_examples=EXAMPLES.get(game.id, DEFAULT_EXAMPLES))
    def holds(case: tuple[Any, int]) -> None:
        state, seed = case
        assume(expressible(game, state))
        made = check_round_trip(game, state, seed)
        check_reachable(game, made, random.Random(seed))

    holds()


@games()
def test_mutated_positions_are_refused_with_a_pointer_or_reachable(game: AnyGame) -> None:
    seen: Counter[str] = Counter()

    @given(case=reached(game))
    @settings(BOUNDED, max_examples=EXAMPLES.get(game.id, DEFAULT_EXAMPLES))
    def holds(case: tuple[Any, int]) -> None:
        state, seed = case
        assume(expressible(game, state))
        rng = random.Random(seed)
        position = game.position_of(state)
        limit = MUTATIONS.get(game.id, DEFAULT_MUTATIONS)
        for mutated in position_mutations(game, position, rng, limit):
            seen[check_mutated(game, mutated, seed, rng)] += 1

    holds()
    assert seen["refused"] > 0, f"no mutation of a {game.id} position was refused: {seen}"


@games()
def test_the_worked_examples_are_accepted(game: AnyGame) -> None:
    """Each example the game's reference shows sets up a reachable-looking state, whatever the
    seed, and what the game completes round-trips."""
    for title, position in game.position_examples():
        decoder = msgspec.json.Decoder(game.position_type)
        assert decoder.decode(msgspec.json.encode(position)) == position, title
        for seed in (0, 7, 2**40 + 3):
            made = check_completed(game, position, seed)
            check_reachable(game, made, random.Random(seed))


@games()
def test_a_position_type_is_bounded(game: AnyGame) -> None:
    """Every count, string and number of a position has an upper bound (in its msgspec
    ``Meta``): with the body limit, what ``state_of`` is asked to do is bounded."""
    assert unbounded(game.position_type) == []


@games()
def test_a_content_pack_is_named_or_the_default(game: AnyGame) -> None:
    # The first expressible state from 30 decisions on (a setup may be a long run of chance).
    state = next(
        s
        for s in (play(game, game.min_players, 5, n) for n in range(30, 3000, 30))
        if expressible(game, s)
    )
    position = game.position_of(state)
    made = game.state_of(position, 1)
    assert made.content_id == game.default_content_id
    assert game.state_of(position, 1, game.default_content_id) == made


# ------------------------------------------------------------------------- the harness


def test_unbounded_members_are_found() -> None:
    class Loose(msgspec.Struct):
        names: list[str]
        count: int
        seats: tuple[PigSeat, ...] = ()

    found = unbounded(Loose)
    assert "Loose.names: items" in found and "Loose.names[]: characters" in found
    assert "Loose.count: no upper bound" in found and "Loose.seats: items" in found
    assert unbounded(PigPosition) == []


def test_mutations_reach_nested_members_and_stay_within_the_type() -> None:
    game = Pig()
    position = PigPosition(seats=(PigSeat(banked=4, rolls=2, lucky=3), PigSeat()), turn_points=2)
    found = position_mutations(game, position, random.Random(1), 10_000)
    assert PigPosition(seats=(PigSeat(banked=4, rolls=2), PigSeat()), turn_points=2) in found
    assert PigPosition(seats=(position.seats[0], PigSeat(lucky=1)), turn_points=2) in found
    assert msgspec.structs.replace(position, decision="over") in found
    assert msgspec.structs.replace(position, seats=position.seats[:1]) in found
    assert all(0 <= p.current <= 15 and p.seats for p in found)  # the type's bounds hold
    assert position not in found and len(found) == len(set(map(msgspec.json.encode, found)))


def test_pointers_resolve_only_into_the_document() -> None:
    document = {"seats": [{"banked": 1}], "a/b": {"~": 2}}
    for pointer in ("", "/seats", "/seats/0/banked", "/a~1b/~0"):
        assert resolves(document, pointer), pointer
    for pointer in ("/seats/1", "/seats/0/rolls", "seats", "/nope", "/seats/x"):
        assert not resolves(document, pointer), pointer


class PointlessPig(Pig):
    """Pig whose refusals point at no member of the position."""

    def state_of(self, position: Any, seed: int, content_id: str | None = None) -> Any:
        if position.current == 1:
            raise InvalidState("pig.position.current", "refused", "/no/such/member")
        return super().state_of(position, seed, content_id)


class ForgetfulPig(Pig):
    """Pig whose states forget whose turn the position says it is."""

    def state_of(self, position: Any, seed: int, content_id: str | None = None) -> Any:
        return super().state_of(msgspec.structs.replace(position, current=0), seed, content_id)


def test_the_checks_catch_a_game_that_breaks_them() -> None:
    position = PigPosition(seats=(PigSeat(), PigSeat()), current=1)
    with pytest.raises(AssertionError, match="not into the position"):
        check_mutated(PointlessPig(), position, 1, random.Random(1))
    state = Pig().state_of(position, 1)
    with pytest.raises(AssertionError, match="position_of"):
        check_round_trip(ForgetfulPig(), state, 1)
