"""Readable moves: every legal move of Scythe gets its own one-line English description."""

from __future__ import annotations

import random
import typing
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE
from arbiter.core.describe import MAX_LENGTH, describe_generic
from arbiter.games import registry
from arbiter.games.scythe.describe import DESCRIBERS
from arbiter.games.scythe.moves import (
    AddCombatCard,
    ChooseBattle,
    ChooseFaction,
    ChooseSection,
    CommitPower,
    DealStructureTile,
    Deploy,
    DiscardCombatCard,
    DrawEncounterCard,
    EndMove,
    Enlist,
    GiveCoins,
    PayResource,
    Retreat,
    SelectUnit,
    StealCombatCard,
    Step,
    TakeCoins,
    TakeTopAction,
    Upgrade,
    UseArtillery,
)
from arbiter.games.scythe.options import ScytheOptions
from arbiter.games.scythe.state import BottomTask, Section, TargetTask, Turn
from tests.scythe.helpers import GAME, State, clear_board, hands, play, player, started, turn


def check_description(text: str, move: Any) -> None:
    assert text, f"{move!r} has an empty description"
    assert "\n" not in text and len(text) <= MAX_LENGTH < 160, text
    assert not text.endswith("…"), f"cut: {text}"
    assert text != describe_generic(move), f"{move!r} has only the generic description"


def walk(state: State, seed: int, decisions: int) -> set[type[Any]]:
    """Play randomly, describing every legal move of every actor (and comparing each seat's
    descriptions with those of a state differing only in what that seat cannot know)."""
    rng = random.Random(seed)
    seen: set[type[Any]] = set()
    for step in range(decisions):
        actors = GAME.to_act(state)
        if not actors:
            break
        for actor in actors:
            moves = GAME.legal_moves(state, actor)
            described = {m: GAME.describe(state, m) for m in moves}
            for move, text in described.items():
                check_description(text, move)
                seen.add(type(move))
            if actor != CHANCE and step % 5 == 0:
                variant = GAME.hidden_variant(state, actor, rng)
                for move in GAME.legal_moves(variant, actor):
                    if move in described:
                        assert GAME.describe(variant, move) == described[move], "a leak"
        actor = actors[0]
        move = (
            GAME.sample_chance(state)
            if actor == CHANCE
            else rng.choice(GAME.legal_moves(state, actor))
        )
        state, _ = GAME.apply(state, move)
    return seen


def test_every_move_type_has_its_own_describer() -> None:
    assert set(DESCRIBERS) == set(typing.get_args(GAME.move_type))


def test_the_registered_game_describes_with_the_rules_words() -> None:
    game = registry().get("scythe")
    state, _ = game.resolve_chance(game.new_state(2, seed=1))
    assert game.describe(state, ChooseSection(seat=0, section="produce")) == (
        "Choose the section Produce / Deploy of the Industrial mat"
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_legal_move_of_random_games_is_described(players: int) -> None:
    seen = walk(GAME.new_state(players, seed=players), players, 100_000)
    assert {ChooseSection, Step, DrawEncounterCard} <= seen


def test_the_chosen_assignment_and_its_choices_are_described() -> None:
    state = GAME.new_state(3, ScytheOptions(assignment="chosen"), seed=4)
    seen = walk(state, 4, 600)
    assert ChooseFaction in seen and DealStructureTile in seen


def test_the_first_moves_after_setup() -> None:
    s, _ = GAME.resolve_chance(GAME.new_state(2, seed=1))
    text = {m: GAME.describe(s, m) for m in (*GAME.legal_moves(s, 0), *GAME.anytime_moves(s, 0))}
    assert text[ChooseSection(seat=0, section="bolster")] == (
        "Choose the section Bolster / Upgrade of the Industrial mat"
    )
    assert text[ChooseSection(seat=0, section="trade")] == (
        "Choose the section Trade / Enlist of the Industrial mat"
    )
    assert text[GiveCoins(seat=0, to=1, amount=3)] == "Give 3 coins to seat 1 (Saxony)"
    s = play(s, ChooseSection(seat=0, section="move_gain"))
    assert GAME.describe(s, TakeTopAction(seat=0, choice=0)) == (
        "Move up to 2 different units one territory each"
    )
    assert GAME.describe(s, TakeTopAction(seat=0, choice=1)) == "Gain 1 coin"
    s = play(s, TakeTopAction(seat=0, choice=0))
    assert GAME.describe(s, SelectUnit(seat=0, kind="worker", at="r4c6")) == (
        "Select a worker on r4c6 (mountain) to move (up to 1 territory)"
    )
    s = play(s, SelectUnit(seat=0, kind="character", at="base_rusviet"))
    assert GAME.describe(s, Step(seat=0, to="r3c6")) == (
        "Move the character from the Rusviet home base to r3c6 (village)"
    )


def test_the_choice_of_a_faction_names_the_faction_mat_and_player_mat() -> None:
    s = GAME.new_state(2, ScytheOptions(assignment="chosen"), seed=1)
    s = play(s, DealStructureTile(tile="adjacent_lakes"))
    assert GAME.describe(s, ChooseFaction(seat=0, faction="polania", mat="agricultural")) == (
        "Play the Republic of Polania (Anna & Wojtek) on the Agricultural mat (number 5)"
    )
    assert GAME.describe(s, DealStructureTile(tile="in_a_row")) == (
        "Deal the structure bonus tile: your structures in a row"
    )


def test_a_battle_is_described_to_each_side() -> None:
    s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r1c6", mechs=("r1c4",), mech_abilities=("riverwalk",), power=5)
    s = player(s, 1, character="r2c5", mechs=("r1c5",), mech_abilities=("riverwalk",), power=5)
    s = hands(s, (4, 2), (3,))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"))
    assert GAME.describe(s, Step(seat=0, to="r2c5")) == (
        "Move the character from r1c6 (village) to r2c5 (farm): a battle with seat 1 (Rusviet)"
    )
    s = play(s, Step(seat=0, to="r2c5"))
    s = play(s, SelectUnit(seat=0, kind="mech", at="r1c4"), Step(seat=0, to="r1c5"))
    assert GAME.describe(s, ChooseBattle(seat=0, territory="r2c5")) == (
        "Fight the battle on r2c5 (farm) against seat 1 (Rusviet) next"
    )
    s = play(s, ChooseBattle(seat=0, territory="r2c5"))
    assert GAME.describe(s, AddCombatCard(seat=0, value=4)) == (
        "Add a combat card of power 4 to the dial"
    )
    s = play(s, AddCombatCard(seat=0, value=4))
    assert GAME.describe(s, CommitPower(seat=0, power=3)) == (
        "Set the power dial to 3 and commit with the combat card 4: total 7 against seat 1 "
        "(Rusviet)"
    )
    # The defender's description names none of the attacker's secret cards.
    assert GAME.describe(s, CommitPower(seat=1, power=2)) == (
        "Set the power dial to 2 and commit: total 2 against seat 0 (Nordic)"
    )


def test_combat_abilities_and_retreats_are_described() -> None:
    s = clear_board(started(("nordic", "saxony"), ("industrial", "engineering")))
    s = player(
        s, 0, character="r3c4", mechs=("r1c5",), mech_abilities=("seaworthy", "artillery"), power=6
    )
    s = player(s, 1, character="r3c5", mechs=("r6c0",), mech_abilities=("disarm",), power=6)
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c4"), Step(seat=0, to="r3c5"))
    s = play(s, EndMove(seat=0))
    assert GAME.describe(s, UseArtillery(seat=0, use=True)) == (
        "Use Artillery: pay 1 power so that seat 1 (Saxony) loses 2 power"
    )
    assert GAME.describe(s, UseArtillery(seat=0, use=False)) == (
        "Do not use Artillery against seat 1 (Saxony)"
    )
    s = clear_board(started(("crimea", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r1c6", mechs=("r8c3",), mech_abilities=("scout",), power=3)
    s = player(s, 1, character="r2c5", power=3)
    s = hands(s, (), (5,))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"), Step(seat=0, to="r2c5"))
    s, _ = GAME.apply(s, EndMove(seat=0))
    assert GAME.legal_moves(s, CHANCE) == [StealCombatCard(value=5)]
    assert GAME.describe(s, StealCombatCard(value=5)) == (
        "Scout: seat 0 (Crimea) takes a combat card of power 5 from seat 1 (Rusviet)"
    )
    s = clear_board(started(("rusviet", "nordic"), ("industrial", "engineering")))
    s = player(s, 0, character="r3c2", power=5)
    s = player(
        s, 1, character="r3c3", mechs=("r3c3",), mech_abilities=("seaworthy",), workers=("r3c3",)
    )
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c2"), Step(seat=0, to="r3c3"))
    s = play(s, EndMove(seat=0), CommitPower(seat=0, power=1), CommitPower(seat=1, power=0))
    assert Retreat(seat=1, to="r3c4") in GAME.legal_moves(s, 1)
    assert GAME.describe(s, Retreat(seat=1, to="r3c4")) == "Retreat the beaten units to r3c4 (lake)"
    assert GAME.describe(s, Retreat(seat=1, to="base_nordic")) == (
        "Retreat the beaten units to the Nordic home base"
    )


def with_task(s: State, section: Section, task: Any) -> State:
    """``s`` with ``task`` the pending decision of seat 0's bottom-row action of ``section``."""
    return msgspec.structs.replace(
        s, turn=Turn(seat=0, stage="bottom", section=section), pending=(task,)
    )


def test_the_bottom_row_names_sections_costs_and_bonuses() -> None:
    s = started(("nordic", "rusviet"), ("industrial", "engineering"))
    s = with_task(s, "bolster", TargetTask(seat=0, action="upgrade"))
    assert GAME.describe(s, Upgrade(seat=0, action="bolster", option=0, to="deploy")) == (
        "Upgrade: raise Bolster's power from 2 to 3; lower Deploy's cost from 3 to 2 metal"
    )
    s = with_task(s, "produce", TargetTask(seat=0, action="deploy"))
    assert GAME.describe(s, Deploy(seat=0, mech="riverwalk", territory="r1c5")) == (
        "Deploy the Riverwalk mech on r1c5 (tundra)"
    )
    s = with_task(s, "trade", TargetTask(seat=0, action="enlist"))
    assert GAME.describe(s, Enlist(seat=0, action="enlist", bonus=1)) == (
        "Enlist the recruit of Enlist (ongoing: 1 combat card) on one-time bonus 1 (2 coins)"
    )
    s = with_task(s, "bolster", BottomTask(seat=0, action="upgrade", left=3))
    assert GAME.describe(s, PayResource(seat=0, territory="r2c5")) == (
        "Pay 1 oil from r2c5 (farm) for Upgrade (2 more after this)"
    )
    s = with_task(s, "bolster", BottomTask(seat=0, action="upgrade", stage="coins"))
    assert GAME.describe(s, TakeCoins(seat=0, take=False)) == "Refuse the 3 coins of Upgrade"


def test_a_cost_in_combat_cards_is_described() -> None:
    s = started(("nordic", "rusviet"), ("industrial", "engineering"))
    s = player(s, 0, factory_card=1, coins=3)
    s = hands(s, (2, 5), ())
    assert GAME.describe(turn(s, 0, "section"), ChooseSection(seat=0, section="factory")) == (
        "Choose the Factory card 1: pay 1 coin, 1 combat card, gain Produce on 2 territories; "
        "Move 1 unit 2 territories"
    )
    s = play(turn(s, 0, "section"), ChooseSection(seat=0, section="factory"))
    assert GAME.describe(s, TakeTopAction(seat=0, choice=0)) == (
        "Factory card 1: pay 1 coin, 1 combat card, gain Produce on 2 territories"
    )
    s = play(s, TakeTopAction(seat=0, choice=0))
    assert DiscardCombatCard(seat=0, value=5) in GAME.legal_moves(s, 0)
    assert GAME.describe(s, DiscardCombatCard(seat=0, value=5)) == (
        "Discard a combat card of power 5 to pay the cost"
    )
