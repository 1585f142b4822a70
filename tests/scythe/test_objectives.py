"""«Цели»: each of the 23 objective cards, revealed during one's own turn when met."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE
from arbiter.games.scythe.board import control_map
from arbiter.games.scythe.moves import RevealObjective
from arbiter.games.scythe.objectives import completed
from arbiter.games.scythe.state import Built, Cube, Recruit
from tests.scythe.helpers import (
    GAME,
    T,
    clear_board,
    hands,
    legal,
    play,
    player,
    refused,
    resources,
    started,
    turn,
)


def _w(*places: str) -> dict[str, Any]:
    return {"workers": places}


BUILT3 = tuple(
    Built(structure=x, territory=y)  # type: ignore[arg-type]
    for x, y in (("mill", "r1c4"), ("mine", "r2c4"), ("armory", "r2c5"))
)

#: For each card, the changes to seat 0 (and the board) that complete it.
SCENES: dict[int, Callable[[Any], Any]] = {
    1: lambda s: player(s, 0, **_w("r1c1", "r2c4", "r4c4")),
    2: lambda s: player(s, 0, **_w("r2c3", "r3c2", "r3c5")),
    3: lambda s: player(s, 0, **_w("r1c2", "r2c5", "r4c0")),
    4: lambda s: player(s, 0, **_w("r1c5", "r2c1", "r4c5")),
    5: lambda s: player(s, 0, power=10, **_w("r4c3")),
    6: lambda s: msgspec.structs.replace(
        player(s, 0, power=7), turn=msgspec.structs.replace(s.turn, forced_retreat=True)
    ),
    7: lambda s: player(
        s, 0, factory_card=1, mechs=("r1c5",), mech_abilities=("riverwalk",), **_w("r1c5", "r1c5")
    ),
    8: lambda s: player(s, 0, coins=2, popularity=7, **_w("r1c5", "r1c5", "r1c5", "r1c5")),
    9: lambda s: resources(player(s, 0, **_w("r1c5")), "r1c5", food=3, wood=2, metal=2, oil=2),
    10: lambda s: player(s, 0, **_w("r1c4", "r3c1", "r3c3")),
    11: lambda s: player(s, 0, **_w("r1c3", "r1c6", "r3c6")),
    12: lambda s: player(s, 0, coins=20),
    13: lambda s: player(
        s,
        0,
        character="r1c5",
        mechs=("r1c5",),
        mech_abilities=("riverwalk",),
        **_w("r1c5", "r1c5", "r1c5", "r1c5"),
    ),
    14: lambda s: resources(
        player(
            s,
            0,
            cubes=(Cube(action="bolster", option=0),),
            mechs=("r1c5",),
            mech_abilities=("riverwalk",),
            structures=BUILT3[:1],
            recruits=(Recruit(action="upgrade", bonus=0),),
            **_w("r1c5"),
        ),
        "r1c5",
        food=1,
        wood=1,
        metal=1,
        oil=1,
    ),
    15: lambda s: player(
        s, 0, recruits=(Recruit(action="upgrade", bonus=0), Recruit(action="deploy", bonus=1))
    ),
    16: lambda s: resources(
        player(
            s, 0, character="r1c5", mechs=("r1c5",), mech_abilities=("riverwalk",), **_w("r1c5")
        ),
        "r1c5",
        oil=5,
    ),
    17: lambda s: player(s, 0, **_w("r3c3", "r4c4")),
    18: lambda s: player(s, 0, power=0, popularity=13, **_w(*["r1c5"] * 5)),
    19: lambda s: player(s, 0, **_w("r2c3", "r2c4", "r3c5", "r4c4", "r3c3")),
    20: lambda s: player(s, 0, popularity=7, structures=BUILT3),
    21: lambda s: resources(player(s, 0, **_w("r1c5")), "r1c5", metal=9),
    22: lambda s: player(s, 0, factory_card=3),
    23: lambda s: hands(player(s, 0, stars=("combat",)), (2, 2, 2, 2, 3, 3, 3, 3)),
}


def holding(card: int, faction: str = "nordic") -> Any:
    s = clear_board(started((faction, "rusviet"), ("industrial", "engineering")))
    other = 23 if card != 23 else 22
    deck = tuple(c for c in T.objectives if c not in (card, other))
    s = player(s, 0, objectives=(card, other), popularity=5, coins=5, power=4)
    s = player(s, 1, objectives=(), power=4)
    return turn(msgspec.structs.replace(s, objective_deck=deck), 0)


def test_every_card_has_a_scene() -> None:
    assert sorted(SCENES) == sorted(T.objectives)


@pytest.mark.parametrize("card", sorted(T.objectives))
def test_a_met_objective_is_revealed_for_a_star(card: int) -> None:
    s = holding(card)
    assert not completed(s, T, 0, card, control_map(s, T))
    assert refused(s, RevealObjective(seat=0, card=card)) == "scythe.objective.not_met"
    s = SCENES[card](s)
    assert completed(s, T, 0, card, control_map(s, T))
    assert completed(s, T, 0, card), "the check without a control map agrees"
    assert RevealObjective(seat=0, card=card) in legal(s, 0)
    s = play(s, RevealObjective(seat=0, card=card))
    p = s.players[0]
    assert p.stars.count("objective") == 1 and p.revealed == (card,)
    assert p.objectives == (), "the other card is discarded too"


def test_only_during_ones_own_turn_and_saxony_completes_both() -> None:
    s = SCENES[12](holding(12))
    s = turn(s, 1)
    assert RevealObjective(seat=0, card=12) not in legal(s, 0)
    s = SCENES[12](holding(12, "saxony"))
    s = play(s, RevealObjective(seat=0, card=12))
    assert s.players[0].objectives == (23,)
    s = hands(player(s, 0, stars=("objective", "combat")), (2, 2, 2, 2, 3, 3, 3, 3))
    s = play(s, RevealObjective(seat=0, card=23))
    assert s.players[0].stars.count("objective") == 2


def test_the_check_without_a_control_map_agrees_with_the_map_over_random_games() -> None:
    """``completed`` first tries a card with every territory of the seat's units and structures
    controlled (a superset of its control) and stops if even that fails: never another answer."""
    game = GAME
    for seed in (1, 2):
        rng = random.Random(seed)
        s = game.new_state(3, seed=seed)
        decisions = 0
        while game.to_act(s) and decisions < 1500:
            if decisions % 5 == 0:
                cmap = control_map(s, T)
                for seat in range(len(s.players)):
                    for card in T.objectives:
                        assert completed(s, T, seat, card) == completed(s, T, seat, card, cmap)
            actor = game.to_act(s)[0]
            move = game.sample_chance(s) if actor == CHANCE else rng.choice(legal(s, actor))
            s, _ = game.apply(s, move)
            decisions += 1


def test_what_is_out_of_reach_follows_the_tokens_the_pieces_and_the_seat() -> None:
    """The check remembers which cards are out of reach with the seat's pieces and the tokens on
    the board as they stand; tokens brought, a piece moved, or another seat asking is a new
    question (card 21: 9 tokens of one type on controlled territories)."""
    s = player(holding(21), 0, **_w("r1c5"))
    assert not completed(s, T, 0, 21)
    with_tokens = resources(s, "r1c5", metal=9)
    assert with_tokens.players is s.players, "the same pieces, only the tokens changed"
    assert completed(with_tokens, T, 0, 21)
    assert not completed(s, T, 0, 21)
    moved_away = player(with_tokens, 0, **_w("r1c4"))
    assert not completed(moved_away, T, 0, 21)
    assert completed(with_tokens, T, 0, 21)
    assert not completed(with_tokens, T, 1, 21), "seat 0's worker holds the tokens, not seat 1's"
    assert completed(with_tokens, T, 0, 21)
