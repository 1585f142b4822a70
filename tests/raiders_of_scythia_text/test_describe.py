"""Readable moves: every legal move of Raiders of Scythia gets its own sentence."""

from __future__ import annotations

import random
import typing
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE
from arbiter.core.describe import MAX_LENGTH, describe_generic
from arbiter.games.raiders_of_scythia.describe import DESCRIBERS
from arbiter.games.raiders_of_scythia.moves import (
    DrawCard,
    Hire,
    Raid,
    RaidersMove,
    RollDie,
    SpendKumis,
    Work,
    Wound,
)
from arbiter.games.raiders_of_scythia.state import (
    AssignWounds,
    ChooseTurn,
    Draw,
    Plunder,
    RaidersState,
    Slot,
)

from .helpers import game, playout

MOVE_TYPES = set(typing.get_args(RaidersMove))


def check(text: str, move: Any) -> None:
    assert text, f"{move!r} has an empty description"
    assert "\n" not in text and len(text) <= MAX_LENGTH, text
    assert not text.endswith("…"), f"cut: {text}"
    assert text != describe_generic(move), f"{move!r} has only the generic description"


def walk(players: int, seed: int) -> set[type[Any]]:
    """Describe every legal move and chance outcome of a random game; a seat's sentences must
    not change on a state differing only in what that seat cannot know."""
    g = game()
    rng = random.Random(seed)
    seen: set[type[Any]] = set()
    for step, state in enumerate(playout(players, seed)):
        for actor in g.to_act(state):
            if actor == CHANCE:
                moves = [o.move for o in g.chance_outcomes(state)]
            else:
                moves = g.legal_moves(state, actor)
            described = {m: g.describe(state, m) for m in moves}
            for move, text in described.items():
                check(text, move)
                seen.add(type(move))
            if actor != CHANCE and step % 5 == 0:
                variant = g.hidden_variant(state, actor, rng)
                for move in g.legal_moves(variant, actor):
                    if move in described:
                        assert g.describe(variant, move) == described[move], "a leak"
    return seen


def test_every_move_type_has_its_own_describer() -> None:
    assert set(DESCRIBERS) == MOVE_TYPES
    assert len(MOVE_TYPES) == 41


def test_every_legal_move_of_random_games_is_described() -> None:
    seen: set[type[Any]] = set()
    for players in (1, 2, 3, 4):
        for seed in (0, 1, 2):
            seen |= walk(players, seed)
    assert seen == MOVE_TYPES


def first_turn(players: int = 2, seed: int = 1) -> RaidersState:
    for state in playout(players, seed):
        if state.pending and isinstance(state.pending[-1], ChooseTurn):
            return state
    raise AssertionError("no turn")


def test_village_and_raid_sentences() -> None:
    g = game()
    s = first_turn()
    seat = s.pending[-1].seat  # type: ignore[union-attr]
    assert g.describe(s, Work(seat=seat, building="silversmith")) == (
        "Place your blue worker on the Silversmith (3 silver for a blue worker)"
    )
    t = g.tables(s.content_id)
    spaces = list(s.spaces)
    left, right = t.settlement_spaces[t.settlement_index["greece-west"]]
    spaces[left] = msgspec.structs.replace(spaces[left], plunder=Plunder(gold=1))
    spaces[right] = msgspec.structs.replace(spaces[right], plunder=Plunder(wagons=2))
    s = msgspec.structs.replace(s, spaces=tuple(spaces))
    assert g.describe(s, Raid(seat=seat, settlement="greece-west")) == (
        "Raid Greece's greece-west settlement: pay 2 provisions and 2 wagons; "
        "roll 2 red, 2 white and 1 yellow die"
    )
    assert g.describe(s, Raid(seat=seat, settlement="cimmeria-west")).startswith(
        "Raid Cimmeria's cimmeria-west settlement: pay 1 provision; roll 1 red"
    )
    assert g.describe(s, SpendKumis(seat=seat, kumis=3)) == "Spend 3 kumis: +3 strength"
    assert g.describe(s, Hire(seat=seat, card="conspirator-1")) == (
        "Hire Conspirator (strength 2) for 2 silver"
    )


def test_chance_and_wound_sentences() -> None:
    g = game()
    s = first_turn()
    assert g.describe(s, RollDie(colour="red", strength=1, wounds=1)) == (
        "Chance: the red die shows 1 strength and 1 wound"
    )
    assert g.describe(s, RollDie(colour="white")) == "Chance: the white die shows a blank face"
    drawing = msgspec.structs.replace(s, pending=(*s.pending, Draw(deck="crew", to="hand", seat=1)))
    assert g.describe(drawing, DrawCard(deck="crew", card="vigilante-1")) == (
        "Draw Vigilante into seat 1's hand"
    )
    p = s.players[0]
    slots = list(p.slots)
    slots[3] = Slot(crew="gravedigger-1")
    slots[0] = Slot(crew="conspirator-1", wounds=0)
    players = (msgspec.structs.replace(p, slots=tuple(slots)), *s.players[1:])
    wounded = msgspec.structs.replace(
        s, players=players, pending=(*s.pending, AssignWounds(seat=0, left=1))
    )
    assert g.describe(wounded, Wound(seat=0, slot=3)) == (
        "Put the wound on Gravedigger in slot 4: it dies (strength 0); gain 1 gold"
    )
    two = msgspec.structs.replace(wounded, pending=(*s.pending, AssignWounds(seat=0, left=2)))
    assert g.describe(two, Wound(seat=0, slot=0)) == (
        "Put a wound on Conspirator in slot 1: strength 2 to 1 (1 more to place)"
    )


@pytest.mark.parametrize("players", [1, 4])
def test_descriptions_of_the_setup(players: int) -> None:
    g = game()
    s = g.new_state(players, seed=5)
    texts = [g.describe(s, o.move) for o in g.chance_outcomes(s)]
    assert texts and all(text.startswith("Turn up quest-") for text in texts)
