"""A random whole game of every game, said in every language (issue #40): every move's
description, every seat's and the spectator's rendered table, every refusal of a move a step away
from a legal one, the game's and its options' descriptions, the final scoring's lines and
tie-breakers -- each from the catalog (no English
fallback: :func:`arbiter.languages.say` with ``strict``), no placeholder left unfilled."""

from __future__ import annotations

import random
import re

import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.core.texts import text
from arbiter.games import registry
from arbiter.languages import LANGUAGES, domain_of, say
from tests.conformance.harness import mutations

GAMES = registry()
#: The longest game played (every decision of it is looked at), and moves described per decision.
DECISIONS = 20_000
DESCRIBED = 12
#: Every seat's and the spectator's table is rendered at every this many decisions (and at the
#: end): a table repeats most of its lines from one decision to the next.
RENDERED_EVERY = 5
UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def check(said: str, what: str) -> None:
    assert said.strip(), f"{what}: an empty text"
    assert not UNFILLED.search(said), f"{what}: a placeholder left unfilled: {said!r}"


@pytest.mark.parametrize("game_id", GAMES.ids())
def test_a_random_game_is_said_whole_in_every_language(game_id: str) -> None:
    game = GAMES.get(game_id)
    domain = domain_of(game_id)

    def say_it(value: str, what: str) -> None:
        for language in LANGUAGES:
            check(say(value, language, domain, strict=language != "en"), f"{language}: {what}")

    info = game.info()
    say_it(text(info.description), "the game's description")
    for option in info.options:
        if option.description:
            say_it(text(option.description), f"option {option.name}")
    rng = random.Random(4000 + len(game_id))
    players = max(2, info.min_players)
    state = game.new_state(players, seed=rng.randrange(1 << 30))
    for decision in range(DECISIONS):
        actors = game.to_act(state)
        if not actors:
            break
        if decision % RENDERED_EVERY == 0:
            for seat in [None, *range(players)]:
                said = game.render_view(game.view(state, seat))
                say_it(said, f"decision {decision}, seat {seat}")
        moves = game.all_legal_moves(state)
        for move in rng.sample(moves, min(DESCRIBED, len(moves))):
            say_it(game.describe(state, move), f"describe {move!r}")
        if actors[0] != CHANCE:
            for wrong in list(mutations(rng.choice(moves)))[:4]:
                try:
                    game.check_move(state, wrong)
                except IllegalMove as refusal:
                    say_it(refusal.message, f"refusal {refusal.code}")
                except Exception:  # a mutation the move type cannot hold: not a refusal
                    continue
        move = game.sample_chance(state) if actors[0] == CHANCE else rng.choice(moves)
        state, _ = game.apply(state, move)
    assert not game.to_act(state), f"no end after {DECISIONS} decisions"
    for seat in [None, *range(players)]:
        say_it(game.render_view(game.view(state, seat)), f"the end, seat {seat}")
    result = game.result(state)
    assert result is not None
    for line in result.breakdown:
        say_it(line.text, f"scoring line {line.label}")
    for tie_breaker, said in zip(result.tie_breakers, result.tie_breaker_texts, strict=True):
        say_it(said, f"tie-breaker {tie_breaker}")
