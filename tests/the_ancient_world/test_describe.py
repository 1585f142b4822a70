"""Readable moves: every legal move of The Ancient World gets its own one-line description."""

from __future__ import annotations

import random
import typing
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE
from arbiter.core.describe import MAX_LENGTH, describe_generic
from arbiter.games import registry
from arbiter.games.the_ancient_world import TheAncientWorld
from arbiter.games.the_ancient_world.describe import DESCRIBERS
from arbiter.games.the_ancient_world.moves import (
    Attack,
    Borrow,
    BuyKnowledge,
    ChooseTitans,
    Decline,
    DiscardArmy,
    DrawCard,
    Fight,
    FightNow,
    KeepProvince,
    Pass,
    PayExpand,
    Place,
    PlaceOnCard,
    PutOnTop,
    RemoveArmyCoin,
    RollDie,
    SetAsideFromRow,
    TakeFromDeck,
    UseArmy,
    Withdraw,
)
from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.state import (
    AncientWorldState,
    Army,
    ChooseDiscardArmy,
    Dice,
)

from .helpers import (
    BRIDGE,
    CARAVAN,
    FOREST,
    OUTPOST,
    SCRIBES,
    ZORSK,
    armies,
    game,
    give,
    play,
    province_on_top,
    start,
    titan_on_top,
    to_row,
)

GAME: TheAncientWorld = registry().get("the-ancient-world")  # type: ignore[assignment]


def check_description(text: str, move: Any) -> None:
    assert text, f"{move!r} has an empty description"
    assert "\n" not in text and len(text) <= MAX_LENGTH < 160, text
    assert not text.endswith("…"), f"cut: {text}"
    assert text != describe_generic(move), f"{move!r} has only the generic description"


def walk(g: TheAncientWorld, state: AncientWorldState, seed: int) -> set[type[Any]]:
    """Play a whole random game, describing every legal move of every actor (and comparing each
    seat's descriptions with those of a state differing only in what that seat cannot know)."""
    rng = random.Random(seed)
    seen: set[type[Any]] = set()
    step = 0
    while g.to_act(state):
        actors = g.to_act(state)
        for actor in actors:
            moves = g.legal_moves(state, actor)
            described = {m: g.describe(state, m) for m in moves}
            for move, text in described.items():
                check_description(text, move)
                seen.add(type(move))
            if actor != CHANCE and step % 3 == 0:
                variant = g.hidden_variant(state, actor, rng)
                for move in g.legal_moves(variant, actor):
                    if move in described:
                        assert g.describe(variant, move) == described[move], "a leak"
        actor = actors[0]
        move = (
            g.sample_chance(state) if actor == CHANCE else rng.choice(g.legal_moves(state, actor))
        )
        state, _ = g.apply(state, move)
        step += 1
    return seen


def test_every_move_type_has_its_own_describer() -> None:
    assert set(DESCRIBERS) == set(typing.get_args(GAME.move_type))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_legal_move_of_random_games_is_described(players: int, seed: int) -> None:
    seen = walk(GAME, GAME.new_state(players, seed=seed), seed)
    assert {Place, Fight, Pass, DrawCard} <= seen


def test_every_move_type_is_met_in_random_games_with_the_special_cards() -> None:
    g = game()  # the tests' pack: every special card of «Уточнения карт» in a small deck
    seen: set[type[Any]] = set()
    for seed in range(1, 9):
        options = AncientWorldOptions(expand_borders_plus=seed % 2 == 0)
        for players in (2, 3, 4):
            seen |= walk(g, g.new_state(players, options, seed=seed), seed)
    # Discarding an army over the limit is rare: test_the_destruction_dice_and_the_army_limit.
    assert set(typing.get_args(g.move_type)) - seen == {DiscardArmy}


def test_the_first_moves_after_setup() -> None:
    s, _ = GAME.resolve_chance(GAME.new_state(2, seed=7))
    text = {m: GAME.describe(s, m) for m in GAME.legal_moves(s, 0)}
    assert text[Place(seat=0, space="work", skill=1)] == "Send citizen 1 to Work (gain 2 coins)"
    assert text[Place(seat=0, space="expand", skill=2)] == (
        "Send citizen 2 to Expand borders (take the province Highland Pass for 1 knowledge or "
        "3 coins)"
    )
    assert text[Place(seat=0, space="learn", skill=3)] == (
        "Send citizen 3 to Learn (pay 3 coins, gain 1 knowledge)"
    )
    assert text[Fight(seat=0, stars=2)] == (
        "Fight the 2-star titan Sea Leviathan (defence 7, swords and arrows)"
    )
    assert text[Pass(seat=0)] == "Pass for the rest of round 1 (first to pass)"
    s, _ = GAME.apply(s, Place(seat=0, space="build", skill=2))
    assert GAME.describe(s, GAME.legal_moves(s, 0)[0]) == (
        "Build Orchard from the empire row for 6 coins"
    )
    # Build charges 1 coin to a citizen whose skill is not there yet.
    assert GAME.describe(s, Place(seat=1, space="build", skill=1)) == (
        "Send citizen 1 to Build (buy an empire card of the row or a set-aside one), "
        "paying 1 coin to place"
    )


def test_a_titan_fight() -> None:
    g = game()
    s = start(g)
    s = titan_on_top(titan_on_top(s, 1, "imp"), 2, "stone-creature")
    lost, _ = play(g, s, Fight(seat=0, stars=2))
    assert g.describe(lost, UseArmy(seat=0, army=1)) == (
        "Use army 1 (Militia) for 1 coin: attack 2 against Stone creature's defence 8"
    )
    lost, _ = play(g, lost, UseArmy(seat=0, army=1))
    assert g.describe(lost, Withdraw(seat=0)) == (
        "Withdraw from the fight with Stone creature (attack 2 below defence 8); "
        "the paid armies stay used"
    )
    won, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=0))
    assert g.describe(won, Attack(seat=0)) == (
        "Defeat Imp (attack 2 against defence 2), then roll 1 destruction die"
    )


def test_the_destruction_dice_and_the_army_limit() -> None:
    g = game()
    s = start(g)
    s = msgspec.structs.replace(s, pending=(Dice(seat=0, remaining=2),))
    assert g.describe(s, RollDie(face="titan")) == (
        "The destruction die shows a titan: seat 0 loses an empire card"
    )
    assert g.describe(s, RollDie(face="blank")) == (
        "The destruction die shows a blank: no destruction"
    )
    s = armies(s, 0, Army(active="city-guard"), Army(active="militia", retired=("spearmen",)))
    s = msgspec.structs.replace(s, pending=(ChooseDiscardArmy(seat=0),))
    assert g.describe(s, DiscardArmy(seat=0, army=1)) == (
        "Discard army 1 (Militia) and 1 disbanded card under it (over the army limit)"
    )


def test_the_special_cards_decisions() -> None:
    g = game()
    s = start(g, 3)
    s = give(s, 1, SCRIBES.id)
    s, _ = play(g, s, Place(seat=0, space="learn", skill=1), Pass(seat=1))
    s, _ = play(g, s, Place(seat=2, space="learn", skill=2))
    assert g.describe(s, BuyKnowledge(seat=1)) == "Buy 1 knowledge for 1 coin (Scribes' guild)"
    assert g.describe(s, Decline(seat=1)) == "Do not buy knowledge with the Scribes' guild"

    s = start(g, 3)
    s = give(s, 1, OUTPOST.id)
    s = armies(s, 1, Army(active="city-guard", scroll=1, picture=2), Army(active="militia"))
    s, _ = play(g, s, Place(seat=0, space="learn", skill=1))
    assert g.describe(s, RemoveArmyCoin(seat=1, army=0, spot="scroll")) == (
        "Remove a coin from the scroll of army 0 (City Guard) (Remote outpost): "
        "it may be used again"
    )

    s = start(g, 2)
    s = to_row(s, "a1", "a2", "a3", "a4")
    s = give(s, 0, ZORSK.id)
    s, _ = play(g, s, Pass(seat=0))
    assert g.describe(s, SetAsideFromRow(seat=0, card="a2")) == (
        "Set aside a2 from the empire row (Zorsk playwrights)"
    )
    assert g.describe(s, TakeFromDeck(seat=0)) == (
        "Set aside the top card of empire deck A (Zorsk playwrights)"
    )
    s, _ = play(g, s, TakeFromDeck(seat=0))
    assert g.describe(s, DrawCard(deck="empire_a", card="a5")) == (
        "Draw a5 from empire deck A for seat 0 to set aside (Zorsk playwrights)"
    )

    s = start(g)
    s = give(give(s, 0, CARAVAN.id), 1, BRIDGE.id)
    assert g.describe(s, PlaceOnCard(seat=0, card=CARAVAN.id, skill=1)) == (
        "Send citizen 1 to the action of caravan (gain 1 coin per food (3 coins))"
    )
    s, _ = play(g, s, PlaceOnCard(seat=0, card=CARAVAN.id, skill=1))
    s, _ = play(g, s, PlaceOnCard(seat=1, card=BRIDGE.id, skill=1))
    assert g.describe(s, Borrow(seat=1, owner=0, card=CARAVAN.id)) == (
        "Use the action of seat 0's caravan (gain 1 coin per food (3 coins))"
    )

    s = start(g)
    s = give(s, 0, FOREST.id)
    s = titan_on_top(s, 1, "troll")
    s, _ = play(g, s, PlaceOnCard(seat=0, card=FOREST.id, skill=1))
    assert g.describe(s, ChooseTitans(seat=0, stars=1)) == (
        "Forest refuge: take Troll and the 3 cards under it from the 1-star titan deck to "
        "reorder them"
    )
    s, _ = play(g, s, ChooseTitans(seat=0, stars=1))
    assert g.describe(s, PutOnTop(seat=0, card="imp")) == (
        "Put Imp back face up on top of the titan deck"
    )
    s, _ = play(g, s, PutOnTop(seat=0, card="imp"))
    assert g.describe(s, FightNow(seat=0)) == (
        "Fight the 1-star titan Imp (defence 2, swords and arrows) now (Forest refuge)"
    )
    assert g.describe(s, Decline(seat=0)) == (
        "Do not fight the 1-star titan Imp (defence 2, swords and arrows) now"
    )


def test_expand_borders_plus_names_the_provinces() -> None:
    g = game()
    s = start(g, 2, expand_borders_plus=True)
    s = province_on_top(s, "valley")
    s, _ = play(g, s, Place(seat=0, space="expand", skill=1))
    assert g.describe(s, PayExpand(seat=0, pay="coins")) == (
        "Pay 3 coins for Expand borders+ (Valley and 2 more, keep 1)"
    )
    s, _ = g.resolve_chance(g.apply(s, PayExpand(seat=0, pay="coins"))[0])
    assert g.describe(s, KeepProvince(seat=0, card="valley")) == (
        "Keep the province Valley; the others go under the province deck"
    )
