"""«Действия на игровом поле»: every board action, its decisions and its refusals."""

from __future__ import annotations

import msgspec
import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.games.the_ancient_world.moves import (
    Build,
    Decline,
    Disband,
    DrawCard,
    ExploreDeck,
    KeepProvince,
    NewArmy,
    Pass,
    PayExpand,
    Place,
    RebuildCard,
    Recruit,
    SetAsideDrawn,
    SetAsideFromRow,
    Starve,
)
from arbiter.games.the_ancient_world.state import Army, Deck

from .helpers import (
    armies,
    empire,
    game,
    give,
    pack,
    play,
    province_on_top,
    set_player,
    settle,
    start,
    to_army_row,
    to_row,
    with_round,
)


def refused(g, s, move) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as err:
        g.apply(s, move)
    return err.value.code.removeprefix("the-ancient-world.")


def test_work_gives_two_coins() -> None:
    g = game()
    s = start(g)
    s, _ = play(g, s, Place(seat=0, space="work", skill=1))
    assert s.players[0].coins == 8


def test_build_pays_the_price_and_does_not_refill_the_row() -> None:
    g = game(pack((empire("temple", coins=3, knowledge=1),)))
    s = start(g)
    s = to_row(s, "temple", "a1", "a2", "a3")
    s = set_player(s, 0, knowledge=1)
    s, _ = play(g, s, Place(seat=0, space="build", skill=1))
    assert {m.card for m in g.legal_moves(s, 0)} == {"temple", "a1", "a2", "a3"}  # type: ignore[attr-defined]
    s, _ = play(g, s, Build(seat=0, card="temple"))
    p = s.players[0]
    assert (p.coins, p.knowledge) == (3, 0) and p.empire[-1] == "temple"
    # «не обновляйте ряд карт империи до начала следующего раунда».
    assert s.empire_row == ("a1", "a2", "a3")


def test_build_from_the_set_aside_cards() -> None:
    g = game()
    s = start(g)
    s = to_row(s, "a1", "a2", "a3", "a5")
    s = give(s, 0, "b1", "set_aside")
    s, _ = play(g, s, Place(seat=0, space="build", skill=1), Build(seat=0, card="b1"))
    assert s.players[0].set_aside == () and s.players[0].empire[-1] == "b1"


def test_build_refusals() -> None:
    g = game(pack((empire("dear", coins=9), empire("wise", knowledge=2))))
    s = start(g)
    s = to_row(s, "a4", "dear", "wise", "a8")
    # No space: the capital's 4 spaces hold 4 empire cards (lost ones count too).
    full = give(give(s, 0, "a1"), 0, "a2", "lost")
    assert refused(g, full, Place(seat=0, space="build", skill=1)) == "build.no_space"
    s, _ = play(g, s, Place(seat=0, space="build", skill=1))
    assert refused(g, s, Build(seat=0, card="dear")) == "pay.not_enough_coins"
    assert refused(g, s, Build(seat=0, card="wise")) == "pay.not_enough_knowledge"
    assert refused(g, s, Build(seat=0, card="a1")) == "build.not_available"
    assert refused(g, s, Build(seat=0, card="a4", crane=True)) == "build.no_crane"
    # «У игрока не может быть одинаковых карт империи»: same name, other copy.
    g2 = game(pack((empire("a4-copy", name="a4"),)))
    s2 = start(g2)
    s2 = to_row(give(s2, 0, "a4"), "a4-copy", "a1", "a2", "a3")
    s2, _ = play(g2, s2, Place(seat=0, space="build", skill=1))
    assert refused(g2, s2, Build(seat=0, card="a4-copy")) == "build.duplicate_card"


def test_serve_in_the_army_gives_one_attack_symbol_per_citizen() -> None:
    from arbiter.games.the_ancient_world.titans import attack

    g = game()
    s = start(g)
    s, _ = play(g, s, Place(seat=0, space="serve", skill=1), Pass(seat=1))
    s, _ = play(g, s, Place(seat=0, space="serve", skill=2))
    t = g.tables(s.content_id)
    titan = s.titan_tops.titan_1
    assert titan is not None
    # City Guard (2 swords) + 2 serve symbols.
    assert attack(s, t, 0, (0,), titan) == 4


def test_expand_borders_for_a_knowledge_or_three_coins() -> None:
    g = game()
    s = start(g)
    s = province_on_top(s, "valley")
    s = set_player(s, 0, knowledge=1)
    s, _ = play(g, s, Place(seat=0, space="expand", skill=1))
    assert g.legal_moves(s, 0) == [
        PayExpand(seat=0, pay="knowledge"),
        PayExpand(seat=0, pay="coins"),
    ]
    s, _ = play(g, s, PayExpand(seat=0, pay="coins"))
    assert s.players[0].provinces == ("valley",) and s.players[0].coins == 3
    # «Игрок тут же открывает следующую карту колоды провинций» (a chance draw).
    assert g.to_act(s) == (CHANCE,)
    s, _ = play(g, s, DrawCard(deck="province", card="march"))
    assert s.province_top == "march"
    # The new province: +1 space (2 more from Valley).
    from arbiter.games.the_ancient_world.tables import stats

    assert stats(g.tables(s.content_id), s.players[0]).space == 6


def test_expand_refusals() -> None:
    g = game()
    s = start(g)
    s = set_player(s, 0, coins=2, knowledge=0)
    assert refused(g, s, Place(seat=0, space="expand", skill=1)) == "pay.not_enough_coins"
    s = set_player(s, 0, coins=9)
    s = msgspec.structs.replace(s, province_top=None, province=Deck())
    for c in ("valley", "delta", "march", "mine"):
        s = give(s, 1, c, "provinces")
    assert refused(g, s, Place(seat=0, space="expand", skill=1)) == "expand.no_province"


def test_expand_borders_plus_keeps_one_of_three() -> None:
    g = game()
    s = start(g, expand_borders_plus=True)
    s = province_on_top(s, "valley")
    s, _ = play(g, s, Place(seat=0, space="expand", skill=1), PayExpand(seat=0, pay="coins"))
    # The face-up province and 2 more (chance; private to the player).
    s, _ = play(
        g, s, DrawCard(deck="province", card="mine"), DrawCard(deck="province", card="delta")
    )
    assert g.legal_moves(s, 0) == [
        KeepProvince(seat=0, card="valley"),
        KeepProvince(seat=0, card="mine"),
        KeepProvince(seat=0, card="delta"),
    ]
    assert g.view(s, 1).pending[-1].hidden == 3 and g.view(s, 1).pending[-1].cards == ()
    assert g.view(s, 0).pending[-1].cards == ("valley", "mine", "delta")
    s, _ = play(g, s, KeepProvince(seat=0, card="mine"))
    # The others go under the deck, face down; the next card is revealed.
    assert s.players[0].provinces == ("mine",)
    assert s.province.bottom == ("valley", "delta") and s.province.bottom_by == (0, 0)
    assert s.province_top == "march"  # the only card left in the middle
    assert g.view(s, 0).decks.province.known_bottom == ("valley", "delta")
    assert g.view(s, 1).decks.province.known_bottom == (None, None)


def test_learn_three_coins_for_a_knowledge() -> None:
    g = game()
    s = start(g)
    s, _ = play(g, s, Place(seat=0, space="learn", skill=1))
    assert (s.players[0].coins, s.players[0].knowledge) == (3, 1)
    s = set_player(s, 1, coins=2)
    assert refused(g, s, Place(seat=1, space="learn", skill=2)) == "pay.not_enough_coins"


def test_rebuild_up_to_two_a_coin_and_the_first_player_token() -> None:
    g = game()
    s = start(g, 3)
    s = set_player(s, 1, empire=(), lost=("fishing-dock", "wheat-fields"))
    s = give(s, 1, "a1", "lost")
    s, _ = play(g, s, Pass(seat=0), Place(seat=1, space="rebuild", skill=1))
    assert s.players[1].coins == 8
    assert (s.first_player, s.token_hand_up) == (1, True)
    s, _ = play(g, s, RebuildCard(seat=1, card="a1"), RebuildCard(seat=1, card="fishing-dock"))
    assert s.players[1].lost == ("wheat-fields",) and g.to_act(s) == (2,)
    # Nobody else can take the token this round.
    s, _ = play(g, s, Place(seat=2, space="rebuild", skill=1))
    assert (s.first_player, s.token_hand_up) == (1, True) and s.players[2].coins == 9
    s, _ = play(g, s, Pass(seat=1), Pass(seat=2))
    # Wheat fields is still lost: 2 food for 3 citizens, seat 1 chooses who starves.
    s, _ = play(g, s, Starve(seat=1, skill=1))
    s, _ = settle(g, s)
    # The new holder starts round 2; the token was turned hand side down.
    assert s.round == 2 and g.to_act(s) == (1,) and not s.token_hand_up


def test_rebuild_may_stop_early() -> None:
    g = game()
    s = start(g)
    s = set_player(s, 0, empire=(), lost=("fishing-dock", "wheat-fields"))
    s, _ = play(g, s, Place(seat=0, space="rebuild", skill=1))
    assert g.legal_moves(s, 0) == [
        RebuildCard(seat=0, card="fishing-dock"),
        RebuildCard(seat=0, card="wheat-fields"),
        Decline(seat=0),
    ]
    s, _ = play(g, s, Decline(seat=0))
    assert g.to_act(s) == (1,)


def test_recruit_price_new_army_and_disband() -> None:
    g = game(pack((empire("barracks", symbols={"army_limit": 1}),)))
    s = start(g)
    s = to_army_row(s, "raiders", "spies")
    s = give(s, 0, "barracks")
    s, _ = play(g, s, Place(seat=0, space="recruit", skill=1), Recruit(seat=0, card="raiders"))
    assert s.players[0].coins == 4  # the price printed under the name
    # Below the limit (3): a new army, or over an unused one.
    assert g.legal_moves(s, 0) == [
        NewArmy(seat=0),
        Disband(seat=0, army=0),
        Disband(seat=0, army=1),
    ]
    s, _ = play(g, s, Disband(seat=0, army=0))
    assert s.players[0].armies[0] == Army(active="raiders", retired=("city-guard",))
    assert s.army_row == ("spies",)  # not refilled before the next round


def test_recruit_at_the_limit_needs_an_unused_army() -> None:
    g = game()
    s = start(g)
    s = to_army_row(s, "spearmen", "archers")
    s = armies(
        s, 0, Army(active="city-guard", scroll=1), Army(active="militia", scroll=2, picture=1)
    )
    assert refused(g, s, Place(seat=0, space="recruit", skill=1)) == "recruit.no_unused_army"
    s = armies(s, 0, Army(active="city-guard", scroll=1), Army(active="militia", picture=3))
    s, _ = play(g, s, Place(seat=0, space="recruit", skill=1), Recruit(seat=0, card="spearmen"))
    assert g.legal_moves(s, 0) == [Disband(seat=0, army=1)]
    assert refused(g, s, Disband(seat=0, army=0)) == "recruit.army_used"
    assert refused(g, s, NewArmy(seat=0)) == "recruit.army_limit"
    s, _ = play(g, s, Disband(seat=0, army=1))
    # The disbanded army's coins go back to the supply.
    assert s.players[0].armies[1] == Army(active="spearmen", retired=("militia",))
    s = start(g)
    s = to_army_row(s, "raiders")
    s = set_player(s, 0, coins=1)
    assert refused(g, s, Place(seat=0, space="recruit", skill=1)) == "pay.not_enough_coins"
    s = to_army_row(s)
    assert refused(g, s, Place(seat=0, space="recruit", skill=1)) == "recruit.no_card"


def test_explore_is_closed_in_round_one() -> None:
    g = game()
    s = start(g)
    assert refused(g, s, Place(seat=0, space="explore", skill=1)) == "place.action_closed"


def test_explore_draws_five_and_sets_one_aside() -> None:
    g = game()
    s = with_round(start(g), 2)
    s = to_row(s, "a4", "a7", "a8", "aqueduct")
    s, _ = play(g, s, Place(seat=0, space="explore", skill=1))
    assert g.legal_moves(s, 0)[0] == ExploreDeck(seat=0)
    s, _ = play(g, s, ExploreDeck(seat=0))
    drawn = ("a1", "a2", "a3", "a5", "a6")
    for card in drawn:
        assert g.to_act(s) == (CHANCE,)
        s, events = g.apply(s, DrawCard(deck="empire_a", card=card))
        # Which card was drawn is visible only to the explorer.
        assert events[0].visible_to == (0,)
        assert g.redact_event(events[0], 1).card is None  # type: ignore[union-attr]
    assert g.legal_moves(s, 0) == [SetAsideDrawn(seat=0, card=c) for c in drawn]
    assert g.view(s, 1).pending[-1].hidden == 5
    s, _ = play(g, s, SetAsideDrawn(seat=0, card="a3"))
    assert s.players[0].set_aside == ("a3",)
    # «Карты, взятые из колоды империи и не отложенные, кладутся в стопку сброса».
    assert s.empire_discard == ("a1", "a2", "a5", "a6")
    # The set-aside cards are face down: the others see how many.
    assert g.view(s, 1).players[0].set_aside is None
    assert g.view(s, 1).players[0].set_aside_count == 1
    assert g.view(s, 0).players[0].set_aside == ("a3",)


def test_explore_or_set_aside_a_card_of_the_row() -> None:
    g = game()
    s = with_round(start(g), 2)
    s = to_row(s, "a1", "a2", "a3", "a4")
    s, _ = play(g, s, Place(seat=0, space="explore", skill=1), SetAsideFromRow(seat=0, card="a2"))
    assert s.players[0].set_aside == ("a2",) and s.empire_row == ("a1", "a3", "a4")


def test_increase_population() -> None:
    g = game()
    s = start(g)
    assert refused(g, with_round(s, 2), Place(seat=0, space="populate", skill=1)) == (
        "place.action_closed"
    )
    s = with_round(s, 3)
    s, _ = play(g, s, Place(seat=0, space="populate", skill=1))
    p = s.players[0]
    # 3 coins; the lowest free token (4) goes to the starving space until next round.
    assert p.coins == 3 and p.citizens == (1, 2, 3, 4) and p.starving == (4,) and p.ready == (2, 3)
    s = set_player(s, 1, citizens=(1, 2, 3, 4, 5), ready=(1, 2, 3, 4, 5))
    assert refused(g, s, Place(seat=1, space="populate", skill=5)) == "populate.no_citizen_left"


def test_more_refusals_build_explore_populate() -> None:
    g = game()
    s = with_round(start(g), 3)
    s = to_row(s)
    assert refused(g, s, Place(seat=0, space="build", skill=1)) == "build.no_card"
    # Every deck A card is set aside by seat 1: no row, no deck, no discard pile.
    for c in g.tables(s.content_id).deck_a:
        s = give(s, 1, c, "set_aside")
    g.check_state(s)
    assert refused(g, s, Place(seat=0, space="explore", skill=1)) == "explore.no_card"
    s = set_player(s, 0, coins=2)
    assert refused(g, s, Place(seat=0, space="populate", skill=1)) == "pay.not_enough_coins"
    s = to_row(with_round(start(g), 2), "a1", "a2", "a3", "a4")
    s, _ = play(g, s, Place(seat=0, space="explore", skill=1))
    assert refused(g, s, SetAsideFromRow(seat=0, card="a5")) == "explore.not_in_row"
    assert refused(g, s, SetAsideDrawn(seat=0, card="a1")) == "decision.expected"
