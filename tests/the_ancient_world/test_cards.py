"""«Уточнения карт» (card clarifications): each special card in its own scenario."""

from __future__ import annotations

import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.games.the_ancient_world.moves import (
    Attack,
    Borrow,
    Build,
    BuyKnowledge,
    ChooseTitans,
    Decline,
    DrawCard,
    ExploreDeck,
    Fight,
    FightNow,
    Pass,
    Place,
    PlaceOnCard,
    PutOnTop,
    RemoveArmyCoin,
    SetAsideFromRow,
    TakeFromDeck,
    UseArmy,
)
from arbiter.games.the_ancient_world.state import Army, ChooseArmies

from .helpers import (
    AQUEDUCT,
    ARCHIVISTS,
    BRIDGE,
    CARAVAN,
    CRANE,
    FOREST,
    OUTPOST,
    SCRIBES,
    SHIP,
    TOWN_HALL,
    TRADE_CITY,
    ZORSK,
    armies,
    game,
    give,
    pass_all,
    play,
    set_player,
    settle,
    start,
    titan_on_top,
    to_row,
    with_round,
)


def refused(g, s, move) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as err:
        g.apply(s, move)
    return err.value.code.removeprefix("the-ancient-world.")


def test_aqueduct_gaining_a_citizen_gains_a_coin_per_food() -> None:
    g = game()
    s = with_round(start(g), 3)
    s = give(s, 0, AQUEDUCT.id)  # +1 food: 4 food in all
    s, _ = play(g, s, Place(seat=0, space="populate", skill=1))
    # 6 - 3 (Increase population) + 4 (one coin per food).
    assert s.players[0].coins == 7 and s.players[0].citizens == (1, 2, 3, 4)


def test_great_archivists_income_and_two_more_explore_cards() -> None:
    g = game()
    s = with_round(start(g), 2)
    s = give(s, 0, ARCHIVISTS.id)
    s, _ = play(g, s, Place(seat=0, space="explore", skill=1), ExploreDeck(seat=0))
    s, _ = settle(g, s)
    task = s.pending[-1]
    assert len(task.drawn) == 5 + 2  # type: ignore[union-attr]
    s, _ = play(g, s, g.legal_moves(s, 0)[0])
    coins = s.players[0].coins
    s = pass_all(g, s)
    # Income: the capital's 5 + 1 from the Great archivists.
    assert s.players[0].coins == coins + 6


def test_scribes_guild_when_the_left_neighbour_learns() -> None:
    g = game()
    s = start(g, 3)
    s = give(s, 1, SCRIBES.id)
    # Seat 0 learns: seat 0 is seat 1's right neighbour -- nothing for seat 1.
    s, _ = play(g, s, Place(seat=0, space="learn", skill=1))
    assert g.to_act(s) == (1,) and not s.pending
    s, _ = play(g, s, Pass(seat=1), Place(seat=2, space="learn", skill=2))
    # Seat 2 (seat 1's left neighbour) learned: seat 1 may buy 1 knowledge for 1 coin.
    assert g.to_act(s) == (1,)
    assert g.legal_moves(s, 1) == [BuyKnowledge(seat=1), Decline(seat=1)]
    s, _ = play(g, s, BuyKnowledge(seat=1))
    assert (s.players[1].coins, s.players[1].knowledge) == (6, 1)
    assert g.to_act(s) == (0,)


def test_remote_outpost_when_the_right_neighbour_learns() -> None:
    g = game()
    s = start(g, 3)
    s = give(s, 1, OUTPOST.id)
    s = armies(s, 1, Army(active="city-guard", scroll=1, picture=2), Army(active="militia"))
    s, _ = play(g, s, Place(seat=0, space="learn", skill=1))
    # Seat 0 is seat 1's right neighbour: seat 1 may remove a coin from an army card.
    assert g.to_act(s) == (1,)
    assert g.legal_moves(s, 1) == [
        RemoveArmyCoin(seat=1, army=0, spot="scroll"),
        RemoveArmyCoin(seat=1, army=0, spot="picture"),
        Decline(seat=1),
    ]
    assert refused(g, s, RemoveArmyCoin(seat=1, army=1, spot="scroll")) == "outpost.no_coin"
    s, _ = play(g, s, RemoveArmyCoin(seat=1, army=0, spot="scroll"))
    # The City guard has no coin on its scroll any more: it can be used again this round.
    assert s.players[1].armies[0] == Army(active="city-guard", picture=2)
    s, _ = play(g, s, Fight(seat=1, stars=1))
    assert UseArmy(seat=1, army=0) in g.legal_moves(s, 1)


def test_zorsk_playwrights_first_to_pass_sets_a_card_aside() -> None:
    g = game()
    s = start(g, 2)
    s = to_row(s, "a1", "a2", "a3", "a4")
    s = give(s, 0, ZORSK.id)
    s, _ = play(g, s, Pass(seat=0))
    assert g.to_act(s) == (0,)
    assert g.legal_moves(s, 0) == [
        *(SetAsideFromRow(seat=0, card=c) for c in ("a1", "a2", "a3", "a4")),
        TakeFromDeck(seat=0),
        Decline(seat=0),
    ]
    s, _ = play(g, s, TakeFromDeck(seat=0))
    assert g.to_act(s) == (CHANCE,)
    s, events = g.apply(s, DrawCard(deck="empire_a", card="a5"))
    assert s.players[0].set_aside == ("a5",) and events[0].visible_to == (0,)
    assert g.to_act(s) == (1,)


def test_zorsk_playwrights_only_for_the_first_to_pass() -> None:
    g = game()
    s = start(g, 2)
    s = give(s, 1, ZORSK.id)
    s, _ = play(g, s, Pass(seat=0), Pass(seat=1))
    # Seat 1 passed second: no Zorsk decision, the round ended (next round's draws pending).
    assert g.to_act(s) == (CHANCE,) and s.round == 2
    assert s.players[1].set_aside == ()


def test_desert_caravan_a_coin_per_food() -> None:
    g = game()
    s = start(g)
    s = give(s, 0, CARAVAN.id)
    s, _ = play(g, s, PlaceOnCard(seat=0, card=CARAVAN.id, skill=1))
    assert s.players[0].coins == 6 + 3


def test_crane_builds_for_free_and_is_discarded() -> None:
    g = game()
    s = start(g)
    s = to_row(s, "a3", "a1", "a2", "a4")  # a3 costs 3 coins
    # 4 empire cards fill the capital's 4 spaces; no coins.
    s = give(give(s, 0, CRANE.id), 0, "a5")
    s = set_player(s, 0, coins=0)
    s, _ = play(g, s, Place(seat=0, space="build", skill=1))
    # Without the Crane nothing can be paid (and there is no space): only the Crane way.
    assert g.legal_moves(s, 0) == [
        Build(seat=0, card=c, crane=True) for c in ("a3", "a1", "a2", "a4")
    ]
    assert refused(g, s, Build(seat=0, card="a1")) == "build.no_space"
    s, _ = play(g, s, Build(seat=0, card="a3", crane=True))
    p = s.players[0]
    assert p.empire == ("fishing-dock", "wheat-fields", "a5", "a3") and p.coins == 0
    assert s.empire_discard == (CRANE.id,)
    g.check_state(s)


def test_cryptic_ship_explores_and_gains_two_coins() -> None:
    g = game()
    s = start(g)  # round 1: the Explore space is closed, the ship still explores
    s = to_row(s, "a1", "a2", "a3", "a4")
    s = give(s, 0, SHIP.id)
    s, _ = play(g, s, PlaceOnCard(seat=0, card=SHIP.id, skill=1))
    assert s.players[0].coins == 8
    assert g.legal_moves(s, 0)[0] == ExploreDeck(seat=0)
    s, _ = play(g, s, SetAsideFromRow(seat=0, card="a2"))
    assert s.players[0].set_aside == ("a2",)


def test_forest_refuge_reorders_four_titans_and_may_fight_the_top() -> None:
    g = game()
    s = start(g)
    s = give(s, 0, FOREST.id)
    s = titan_on_top(s, 1, "troll")
    s, _ = play(g, s, PlaceOnCard(seat=0, card=FOREST.id, skill=1), ChooseTitans(seat=0, stars=1))
    # The face-up titan and the ones under it (this small deck has only 2 one-star titans).
    assert g.legal_moves(s, 0) == [PutOnTop(seat=0, card=c) for c in ("troll", "imp")]
    assert g.view(s, 1).pending[-1].hidden == 2
    s, _events = play(g, s, PutOnTop(seat=0, card="imp"))
    assert s.titan_tops.titan_1 == "imp"
    assert s.titan_1.top == ("troll",) and s.titan_1.top_known == (0,)
    # Only the reorderer knows what lies under the face-up titan.
    assert g.view(s, 0).decks.titan_1.known_top == ("troll",)
    assert g.view(s, 1).decks.titan_1.known_top == ()
    assert g.legal_moves(s, 0) == [FightNow(seat=0), Decline(seat=0)]
    s, _ = play(g, s, FightNow(seat=0))
    assert isinstance(s.pending[-1], ChooseArmies)
    s, _ = play(g, s, UseArmy(seat=0, army=0), Attack(seat=0))
    # The next titan comes from the known top: no chance needed.
    assert s.titan_tops.titan_1 == "troll" and s.titan_1.top == ()


def test_bridge_uses_another_players_card_action_even_if_occupied() -> None:
    g = game()
    s = start(g)
    s = give(give(s, 0, CARAVAN.id), 1, BRIDGE.id)
    s, _ = play(g, s, PlaceOnCard(seat=0, card=CARAVAN.id, skill=1))
    assert s.players[0].coins == 9
    # No Bridge target without another player's action card ...
    s2 = set_player(s, 0, empire=("fishing-dock", "wheat-fields"))
    s2 = give(s2, 1, CARAVAN.id, "set_aside")
    assert refused(g, s2, PlaceOnCard(seat=1, card=BRIDGE.id, skill=1)) == "card.no_target"
    s, _ = play(g, s, PlaceOnCard(seat=1, card=BRIDGE.id, skill=1))
    assert g.legal_moves(s, 1) == [Borrow(seat=1, owner=0, card=CARAVAN.id)]
    s, _ = play(g, s, Borrow(seat=1, owner=0, card=CARAVAN.id))
    # The Caravan counts the user's food: 7 + 3.
    assert s.players[1].coins == 10


def test_town_hall_knowledge_and_the_token_if_hand_side_down() -> None:
    g = game()
    s = start(g, 3)
    s = give(s, 1, TOWN_HALL.id)
    s, _ = play(g, s, Pass(seat=0), PlaceOnCard(seat=1, card=TOWN_HALL.id, skill=1))
    assert s.players[1].knowledge == 1 and s.first_player == 1 and not s.token_hand_up
    # A Rebuild still takes it (hand side up) ...
    s, _ = play(g, s, Place(seat=2, space="rebuild", skill=1))
    assert (s.first_player, s.token_hand_up) == (2, True)


def test_town_hall_cannot_take_the_token_after_a_rebuild() -> None:
    g = game()
    s = start(g, 3)
    s = give(s, 2, TOWN_HALL.id)
    s, _ = play(g, s, Pass(seat=0), Place(seat=1, space="rebuild", skill=1))
    s, _ = play(g, s, PlaceOnCard(seat=2, card=TOWN_HALL.id, skill=1))
    assert s.players[2].knowledge == 1 and (s.first_player, s.token_hand_up) == (1, True)


def test_trade_city_borrows_town_hall_for_its_user() -> None:
    g = game()
    s = start(g, 2)
    s = give(give(s, 0, TOWN_HALL.id), 1, TRADE_CITY.id)
    s, _ = play(g, s, Pass(seat=0), PlaceOnCard(seat=1, card=TRADE_CITY.id, skill=1))
    s, _ = play(g, s, Borrow(seat=1, owner=0, card=TOWN_HALL.id))
    assert s.players[1].knowledge == 1 and s.first_player == 1
    assert s.players[0].knowledge == 0
