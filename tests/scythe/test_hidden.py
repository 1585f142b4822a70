"""Hidden information: hands, objectives, decks, Factory cards, events."""

from __future__ import annotations

import random

import msgspec

from arbiter.games.scythe.events import (
    CombatCardDrawn,
    CombatCardDrawnHidden,
    ObjectiveDealt,
    ObjectiveDealtHidden,
)
from arbiter.games.scythe.moves import ChooseSection, DrawCombatCard, StealCombatCard
from tests.scythe.helpers import GAME, hands, player, refused, started, turn


def test_views_show_counts_not_values() -> None:
    s = hands(started(), (2, 5), (3,))
    mine, theirs = GAME.view(s, 0), GAME.view(s, 1)
    assert mine.players[0].hand == (2, 5) and mine.players[1].hand == ()
    assert mine.players[1].combat_cards == 1
    assert theirs.players[0].objectives == () and theirs.players[0].objective_cards == 2
    assert mine.players[0].objectives == s.players[0].objectives
    spectator = GAME.view(s, None)
    assert all(p.hand == () and p.objectives == () for p in spectator.players)
    assert b"seed" not in msgspec.json.encode(spectator)


def test_hidden_variants_look_the_same_to_the_seat() -> None:
    s = started(("nordic", "rusviet", "crimea"), ("industrial", "engineering", "patriotic"))
    rng = random.Random(3)
    for seat in (None, 0, 1, 2):
        variant = GAME.hidden_variant(s, seat, rng)
        GAME.check_state(variant)
        assert GAME.view(variant, seat) == GAME.view(s, seat)
        if seat is not None:
            assert variant.players[seat].hand == s.players[seat].hand


def test_private_events_are_redacted() -> None:
    drawn = CombatCardDrawn(seat=0, value=4, visible_to=(0,))
    assert GAME.events_for([drawn], 0) == [drawn]
    assert GAME.events_for([drawn], 1) == [CombatCardDrawnHidden(seat=0)]
    dealt = ObjectiveDealt(seat=1, card=3, visible_to=(1,))
    assert GAME.events_for([dealt], 0) == [ObjectiveDealtHidden(seat=1)]


def test_chance_outcomes_cannot_be_played_by_hand() -> None:
    s = turn(started(), 0)
    assert refused(s, DrawCombatCard(value=2)) == "scythe.not_your_turn"
    s = GAME.new_state(2, seed=4)
    assert GAME.to_act(s) == ("chance",)
    assert refused(s, StealCombatCard(value=9)) == "scythe.chance.not_an_outcome"


def test_relentless_repeats_the_factory_card_too() -> None:
    s = player(started(("rusviet", "nordic")), 0, factory_card=2, last_section="factory")
    s = turn(s, 0)
    s, _ = GAME.apply(s, ChooseSection(seat=0, section="factory"))
    assert s.turn.section == "factory"
    t = player(started(("nordic", "rusviet")), 0, factory_card=2, last_section="factory")
    assert refused(turn(t, 0), ChooseSection(seat=0, section="factory")) == (
        "scythe.section.same_as_last_turn"
    )
