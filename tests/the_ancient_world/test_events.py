"""Every answer explains itself: a client keeps its view current from the events alone.

After every decision, the spectator and every seat follow the events they are shown with the
reference client of :mod:`.client`; the view each one keeps must equal the view the game gives
it, but for the members the game names as silent. Every change is also checked against the
``explains`` of the events shown (:mod:`tests.conformance.explained`) on the JSON form of the
views, member by member. Random games (every table size, both Expand borders variants) and a few
scenarios meet every kind of event, so the client has handled each one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, get_args

import msgspec
import pytest

from arbiter.core import CHANCE, Event
from arbiter.games.the_ancient_world import TheAncientWorld
from arbiter.games.the_ancient_world.events import AncientWorldEvent
from arbiter.games.the_ancient_world.moves import Pass
from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.state import AncientWorldState, Deck
from tests.conformance.explained import Explained, parse

from .client import FOLLOW, follow, take_silent
from .helpers import game, give, start

GAME = TheAncientWorld()
TAGS = {str(kind.__struct_config__.tag) for kind in get_args(AncientWorldEvent)}
State = AncientWorldState


def _json(value: Any) -> Any:
    """The JSON form a client gets (arrays as lists: ``msgspec.to_builtins`` keeps tuples)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def _differences(kept: Any, actual: Any, at: str = "") -> list[str]:
    if isinstance(kept, dict) and isinstance(actual, dict):
        return [d for k in actual for d in _differences(kept.get(k), actual[k], f"{at}/{k}")]
    return [f"{at}: kept {kept!r}, view {actual!r}"] if kept != actual else []


def check_followed(
    explained: Explained, before: State, after: State, events: list[Event]
) -> set[str]:
    """Every viewer's client, following the events of one decision, keeps its view; returns the
    kinds of events shown."""
    g = explained.game
    silent = [parse(pointer) for pointer in g.silent_view_members]
    met: set[str] = set()
    for seat in [None, *range(before.n)]:
        kept = _json(g.view(before, seat))
        actual = _json(g.view(after, seat))
        shown = g.events_for(events, seat)
        explained.check(kept, actual, shown)
        for event in shown:
            as_json = _json(event)
            met.add(as_json["type"])
            follow(kept, as_json)
        for path in silent:
            kept = take_silent(kept, actual, path)
        assert kept == actual, f"seat {seat}: {_differences(kept, actual)}"
    return met


def play_followed(
    g: TheAncientWorld, s: State, choose: Callable[[State, list[Any]], Any]
) -> tuple[State, set[str]]:
    """Play to the end, ``choose`` picking each player move, checking every decision."""
    explained = Explained(g)
    met: set[str] = set()
    while actors := g.to_act(s):
        if actors[0] == CHANCE:
            move = g.sample_chance(s)
        else:
            move = choose(s, g.generate_moves(s, actors[0]))
        after, events = g.apply(s, move)
        met |= check_followed(explained, s, after, events)
        s = after
    return s, met


def random_game(players: int, seed: int, plus: bool) -> set[str]:
    rng = random.Random(seed)
    options = AncientWorldOptions(expand_borders_plus=plus)
    s = GAME.new_state(players, options, seed=seed)
    _, met = play_followed(GAME, s, lambda s, moves: rng.choice(moves))
    return met


def test_the_client_knows_every_kind_of_event() -> None:
    assert set(FOLLOW) == TAGS


@pytest.mark.parametrize("plus", [False, True], ids=["expand", "expand_plus"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_client_keeps_every_view_current_from_the_events(players: int, plus: bool) -> None:
    met: set[str] = set()
    for seed in range(1, 4):
        met |= random_game(players, seed, plus)
    assert {"round_started", "citizen_placed", "titan_revealed", "game_ended"} <= met


@pytest.mark.parametrize(
    ("players", "seed", "rare"),
    [(4, 8, "action_borrowed"), (4, 6, "army_coin_removed"), (2, 8, "army_discarded")],
)
def test_rare_events_are_followed_too(players: int, seed: int, rare: str) -> None:
    """Random games where a Bridge or Trade city, a Remote outpost, an army over the limit come
    up (Expand borders+ on)."""
    assert rare in random_game(players, seed, plus=True)


def test_a_reshuffled_deck_is_followed() -> None:
    g = game()
    s = start(g, 2)
    # Deck A is down to 1 card; 5 cards wait in its discard pile; everyone passes at once.
    keep, rest = s.empire_a.middle[:1], s.empire_a.middle[1:]
    s = msgspec.structs.replace(
        s, empire_a=Deck(middle=keep), empire_discard=tuple(sorted(rest[:5]))
    )
    for c in rest[5:]:
        s = give(s, 1, c, "set_aside")
    passes = iter(range(4))

    def choose(s: State, moves: list[Any]) -> Any:
        if next(passes, None) is None:
            return moves[0]
        return next(m for m in moves if isinstance(m, Pass))

    _, met = play_followed(g, s, choose)
    assert "deck_reshuffled" in met
