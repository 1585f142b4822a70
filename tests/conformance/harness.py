"""The generic conformance checks every game must pass (OpenSpiel's random-simulation test).

``check_random_game`` plays one seeded game with random moves and checks, along the way:

* setup and every reached state pass ``check_state`` and survive a JSON round trip;
* ``to_act`` and ``legal_moves`` agree: whoever must act has moves, each move names its actor;
  the moves are those ``generate_moves`` lists afresh (a listing kept from the move that made
  the state, ``Game.keep_listing``, is exact);
* every listed move applies through the checked ``apply`` (not only the one that is played);
* the compact listing (moves differing only in an amount, :mod:`arbiter.core.ranges`) stands
  for exactly the legal moves;
* anytime moves (coins changing hands) apply for every seat without changing who must act, and
  their mutations are refused;
* mutated moves that are not listed are refused with an ``IllegalMove`` carrying a code, and the
  state is left as it was;
* chance decisions list positive weights, and their outcomes are exactly chance's legal moves;
  ``sample_chance`` draws what ``pick`` draws from those outcomes with the decision's generator
  (a game may draw without listing them), at every chance decision;
* views, moves and events round-trip through JSON; no view carries a ``seed``;
* a state that differs only in what a seat cannot know gives that seat the same view (and so
  the same text: a text is made from the view alone);
* views render (``render_view``) to a text that is not empty and, for a game with a text of its
  own, never the generic one: on deep checks one viewer in rotation, at the end every viewer;
* ``result`` is ``None`` until the end, and the game ends with a well-formed result;
* every change of a view is accounted for by an event shown to that viewer
  (:mod:`tests.conformance.explained`): the spectator's after every decision, every seat's on the
  deep checks;
* a move the game lets a backend take back (``can_take_back``) revealed nothing hidden, checked
  with more samples of hidden variants than the default rule draws.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

import msgspec

from arbiter.core import (
    CHANCE,
    Game,
    IllegalMove,
    Move,
    Result,
    compact,
    expand,
    seat_count,
)
from arbiter.core.chance import generator, pick
from arbiter.core.render import render_generic
from arbiter.core.takeback import reveals_hidden
from arbiter.core.texts import english, is_text
from tests.conformance.explained import Explained

AnyGame = Game[Any, Any, Any, Any]


@functools.cache
def field_names(kind: type[Move]) -> tuple[str, ...]:
    return tuple(field.name for field in msgspec.structs.fields(kind))


def mutations(move: Move) -> Iterator[Move]:
    """Variants of ``move`` with one field changed: flipped, shifted, emptied or made unknown."""
    for name in field_names(type(move)):
        value = getattr(move, name)
        candidates: list[Any]
        if isinstance(value, bool):
            candidates = [not value]
        elif isinstance(value, int):
            candidates = [value + 1, value - 1, -1, 97]
        elif isinstance(value, str):
            candidates = [value + "-x", ""]
        elif isinstance(value, tuple):
            candidates = [(), value + value[:1]] if value else []
        else:
            candidates = []
        for candidate in candidates:
            yield msgspec.structs.replace(move, **{name: candidate})


#: How msgspec writes the key ``seed`` of an object (it never puts a space before the colon): a
#: view that shows a seed anywhere, at any depth, has these bytes; a string value cannot (its
#: quotes would be escaped and a colon never follows a value).
SEED_KEY = b'"seed":'


class Checker:
    """The codecs of one game, built once."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.state_decoder = msgspec.json.Decoder(game.state_type)
        self.move_decoder = msgspec.json.Decoder(game.move_type)
        self.view_decoder = msgspec.json.Decoder(game.view_type)
        self.events_decoder = msgspec.json.Decoder(list[game.event_type])  # type: ignore[name-defined]
        self.encoder = msgspec.json.Encoder(enc_hook=english)
        #: Moves listed at earlier states (probes of :meth:`check_candidates`).
        self.earlier: list[Any] = []
        #: Hidden variants drawn so far (every few are played on: :func:`playable`).
        self.variants = 0
        #: The game has a text of its own (it overrides the generic JSON one).
        self.renders = type(game).render_view is not Game.render_view

    def round_trip_state(self, state: Any) -> None:
        assert self.state_decoder.decode(self.encoder.encode(state)) == state

    def check_views(
        self, state: Any, players: int, rng: random.Random, texts: int | None = None
    ) -> None:
        """Every viewer's view round-trips, shows no seed and is the same in a hidden variant
        of the state (so its text is too: a text is made from the view alone). The views
        rendered are every viewer's, or (``texts``) the one viewer whose turn it is in rotation:
        a rendered table costs a millisecond and more, and each viewer's comes round often."""
        game = self.game
        viewers = [None, *range(players)]
        for index, seat in enumerate(viewers):
            view = game.view(state, seat)
            data = self.encoder.encode(view)
            assert self.view_decoder.decode(data) == view
            assert SEED_KEY not in data, "a view shows the seed"
            if texts is None or texts % len(viewers) == index:
                self.check_text(view)
            variant = game.hidden_variant(state, seat, rng)
            game.check_state(variant)
            self.variants += 1
            if self.variants % PLAY_VARIANT_EVERY == 0:
                playable(game, variant, random.Random(self.variants))
            assert game.view(variant, seat) == view, f"seat {seat} sees hidden information"

    def check_text(self, view: Any) -> str:
        """The text of a view: not empty, and made by the game (a game with a text of its own
        never falls back to the generic one on a reachable state)."""
        text = self.game.render_view(view)
        assert text.strip(), "a view renders as an empty text"
        if self.renders:
            assert text != render_generic(view), f"the text of {view!r} fell back to JSON"
        return text

    def check_moves(self, state: Any, rng: random.Random, sample: int) -> list[Any]:
        game = self.game
        actors = game.to_act(state)
        before = self.encoder.encode(state)
        all_moves: list[Any] = []
        for actor in actors:
            moves = game.legal_moves(state, actor)
            assert moves, f"{actor} must act but has no legal move"
            if actor != CHANCE:  # a listing kept from the move that made the state is exact
                assert moves == game.generate_moves(state, actor), "kept listing differs"
            assert len(set(moves)) == len(moves), "legal moves are listed twice"
            for move in moves:
                assert game.actor_of(move) == actor
            if actor == CHANCE:
                outcomes = game.chance_outcomes(state)
                assert all(o.weight > 0 for o in outcomes)
                assert [o.move for o in outcomes] == moves
            all_moves.extend(moves)
        listed = set(all_moves)
        for actor in actors:  # the compact listing stands for exactly the legal moves
            own = game.legal_moves(state, actor)
            compacted, ranges = compact(own)
            assert sorted(map(repr, expand(compacted, ranges))) == sorted(map(repr, own)), (
                f"{actor}'s compact listing does not stand for its legal moves"
            )
        for move in rng.sample(all_moves, min(sample, len(all_moves))):
            assert self.move_decoder.decode(self.encoder.encode(move)) == move
            game.apply(state, move)  # every listed move applies
            for mutated in mutations(move):
                if mutated in listed:
                    continue
                try:
                    game.apply(state, mutated)
                except IllegalMove as refusal:
                    assert refusal.code.startswith(f"{game.id}."), refusal.code
                    assert refusal.message
                else:
                    raise AssertionError(f"unlisted move {mutated!r} was accepted")
        self.check_candidates(state, rng, sample)
        assert self.encoder.encode(state) == before, "apply changed its input"
        self.earlier = [*self.earlier, *rng.sample(all_moves, min(sample, len(all_moves)))][-64:]
        return all_moves

    def check_candidates(self, state: Any, rng: random.Random, sample: int) -> None:
        """``candidate_moves`` (where ``check_move`` looks a move up) holds a move exactly when
        the listing does: for listed moves, their mutations and moves of earlier states."""
        game = self.game
        for actor in game.to_act(state):
            if actor == CHANCE:
                continue
            own = game.generate_moves(state, actor)
            listed = set(own)
            probes = [*rng.sample(own, min(sample, len(own))), *self.earlier]
            probes += [m for p in probes[:sample] for m in mutations(p)]
            for move in probes:
                if game.actor_of(move) != actor:
                    continue
                part = game.candidate_moves(state, actor, move)
                assert set(part) <= listed, f"{actor}'s candidates hold unlisted moves"
                assert (move in part) == (move in listed), (
                    f"candidate_moves and the listing disagree on {move!r}"
                )

    def check_anytime(
        self, state: Any, players: int, rng: random.Random, sample: int, explained: Explained
    ) -> None:
        """Every seat's anytime moves apply without changing who must act, their events account
        for what they change, and their mutations are refused with a code."""
        game = self.game
        for seat in range(players):
            offers = game.anytime_moves(state, seat)
            for move in rng.sample(offers, min(sample, len(offers))):
                assert type(move).anytime and game.actor_of(move) == seat
                assert move not in game.all_legal_moves(state), "an anytime move is listed"
                after, events = game.apply(state, move)
                assert game.to_act(after) == game.to_act(state), "an anytime move took a turn"
                explained.check(game.view(state, None), game.view(after, None), events)
                for mutated in mutations(move):
                    actor = game.actor_of(mutated)
                    if actor != CHANCE and mutated in game.anytime_moves(state, actor):
                        continue  # another seat's (or amount's) gift, legal in its own right
                    try:
                        game.apply(state, mutated)
                    except IllegalMove as refusal:
                        assert refusal.code.startswith(f"{game.id}."), refusal.code
                    else:
                        raise AssertionError(f"unlisted anytime move {mutated!r} was accepted")


#: Every this many hidden variants, one is played on at random (:func:`playable`).
PLAY_VARIANT_EVERY = 6
#: The decisions :func:`playable` plays at most.
VARIANT_PLAYOUT = 40


def playable(game: AnyGame, state: Any, rng: random.Random) -> None:
    """A hidden variant is a state play could reach: a random playout from it never meets an
    actor with no move (a hint's search plays out such variants; issue #39 found a wargame
    variant whose committed upkeep draft left its seat unable to pay, a dead end)."""
    for _ in range(VARIANT_PLAYOUT):
        actors = game.to_act(state)
        if not actors:
            return
        for actor in actors:
            assert game.legal_moves(state, actor), f"a hidden variant left {actor} no move"
        actor = actors[0]
        move = (
            game.sample_chance(state)
            if actor == CHANCE
            else rng.choice(game.legal_moves(state, actor))
        )
        state, _ = game.apply_unchecked(state, move)


def check_random_game(
    game: AnyGame,
    players: int,
    seed: int,
    *,
    deep_every: int = 7,
    sample: int = 4,
    take_back_every: int = 5,
    max_decisions: int = 100_000,
) -> tuple[Any, int]:
    """Play one random game with every check on; returns the final state and its length."""
    checker = Checker(game)
    explained = Explained(game)
    rng = random.Random(seed)
    state = game.new_state(players, seed=seed)
    decisions = 0
    while game.to_act(state):
        assert decisions < max_decisions, f"no end after {max_decisions} decisions"
        deep = decisions % deep_every == 0
        if deep:
            game.check_state(state)
            checker.round_trip_state(state)
            checker.check_views(state, players, rng, texts=decisions // deep_every)
            assert game.result(state) is None
            moves = checker.check_moves(state, rng, sample)
            checker.check_anytime(state, players, rng, sample, explained)
        else:
            moves = game.all_legal_moves(state)
        if game.to_act(state)[0] == CHANCE:
            move = game.sample_chance(state)
            outcomes = game.chance_outcomes(state)
            assert move == pick(outcomes, generator(state.seed, state.step)), (
                "sample_chance does not draw what pick draws from chance_outcomes"
            )
        else:
            move = rng.choice(moves)
        before = state
        state, events = game.apply(state, move)
        seats = [None, *range(players)] if deep else [None]
        for seat in seats:
            explained.check(
                game.view(before, seat), game.view(state, seat), game.events_for(events, seat)
            )
        if (
            deep
            and decisions % (deep_every * take_back_every) == 0
            and game.actor_of(move) != CHANCE
        ):
            seats = seat_count(before)
            assert seats is not None
            if game.can_take_back(before, move, state):
                assert not reveals_hidden(game, before, move, state, seats, samples=6), (
                    f"{move!r} may be taken back but revealed something hidden"
                )
        assert checker.events_decoder.decode(checker.encoder.encode(events)) == events
        for seat in [None, *range(players)]:
            game.events_for(events, seat)
        decisions += 1
    game.check_state(state)
    checker.round_trip_state(state)
    checker.check_views(state, players, rng)
    result = game.result(state)
    assert result is not None, "the game stopped without a result"
    check_result(result, players)
    return state, decisions


def check_result(result: Result, players: int) -> None:
    """A final result is whole and agrees with itself: a score, a place and a rank for every
    seat; places follow scores then tie-breakers, seats and automated opponents alike (ties share
    a place); the winners are the seats in first place, none only when an opponent is first;
    every scoring line, tie-breaker and opponent has a text to say."""
    assert len(result.scores) == len(result.places) == players
    assert sorted(result.ranking) == list(range(players))
    assert set(result.winners) <= set(range(players))
    assert all(result.places[w] == 1 for w in result.winners)
    assert set(result.winners) == {seat for seat in range(players) if result.places[seat] == 1}
    if not result.winners:
        assert any(o.place == 1 for o in result.opponents), "nobody is first"
    values = result.tie_break_values or ((),) * players
    assert len(values) == players
    seats = [(result.scores[seat], *values[seat]) for seat in range(players)]
    opponents = [(o.score, *o.tie_break_values) for o in result.opponents]
    assert all(len(key) == len(seats[0]) for key in opponents), "opponents' tie-break values"
    everyone = seats + opponents
    places = [*result.places, *(o.place for o in result.opponents)]
    for key, place in zip(everyone, places, strict=True):
        assert place == 1 + sum(1 for other in everyone if other > key), (key, place, everyone)
    assert [result.places[s] for s in result.ranking] == sorted(result.places)
    # what a person reads: every line, tie-breaker and opponent has its text
    assert len(result.tie_breaker_texts) == len(result.tie_breakers), "a tie-breaker's text"
    lines = [*result.breakdown, *(line for o in result.opponents for line in o.breakdown)]
    texts = [*result.tie_breaker_texts, *(line.text for line in lines)]
    texts += [o.text for o in result.opponents]
    assert all(is_text(t) and t.strip() for t in texts), f"a result's line without a text: {texts}"
