"""«Бой с титаном» (titan fights) and «Разрушения от титана» (destruction dice)."""

from __future__ import annotations

import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.games.the_ancient_world.moves import (
    Attack,
    DiscardArmy,
    Fight,
    LoseCard,
    Pass,
    Place,
    RebuildCard,
    RollDie,
    UseArmy,
    Withdraw,
)
from arbiter.games.the_ancient_world.state import Army, ChooseArmies
from arbiter.games.the_ancient_world.tables import stats

from .helpers import (
    SPECIALS,
    armies,
    empire,
    game,
    give,
    pack,
    play,
    set_player,
    start,
    titan_on_top,
)

BARRACKS = empire("barracks", symbols={"swords": 2})
WATCHTOWER = empire("watchtower", symbols={"swords": 1})
FORT = empire("fort", symbols={"army_limit": 1})


def fight_game():  # type: ignore[no-untyped-def]
    return game(pack((*SPECIALS, BARRACKS, WATCHTOWER, FORT)))


def code(err: pytest.ExceptionInfo[IllegalMove]) -> str:
    return err.value.code.removeprefix("the-ancient-world.")


def test_dmitry_fights_the_stone_creature() -> None:
    """«Пример боя с титаном», number for number."""
    g = fight_game()
    s = start(g)
    s = titan_on_top(s, 2, "stone-creature")
    # The Mercian army (3 arrows, 1 sword) was used last round: 1 coin on its picture; under it a
    # disbanded army whose experience is 1 sword. Empire cards give 3 more swords.
    s = armies(s, 0, Army(active="mercian-army", picture=1, retired=("spearmen",)))
    s = give(give(s, 0, "barracks"), 0, "watchtower")
    s = set_player(s, 0, coins=6)
    t = g.tables(s.content_id)
    titan = t.titans["stone-creature"]
    assert titan.defence == 8 and titan.arrows_count
    s, _ = play(g, s, Fight(seat=0, stars=2))
    # Paying 2 coins (1 more than the 1 on the picture), put on the scroll: 3 coins on the card.
    assert g.legal_moves(s, 0) == [UseArmy(seat=0, army=0)]
    s, _ = play(g, s, UseArmy(seat=0, army=0))
    army = s.players[0].armies[0]
    assert (army.scroll, army.picture, army.scroll + army.picture) == (2, 1, 3)
    assert s.players[0].coins == 4
    # Attack: the army's 3 arrows + 1 sword, its experience 1 sword = 5; 3 swords from cards = 8.
    from arbiter.games.the_ancient_world.titans import attack

    assert attack(s, t, 0, (0,), "stone-creature") == 8
    assert Attack(seat=0) in g.legal_moves(s, 0)
    s, _events = play(g, s, Attack(seat=0))
    assert s.players[0].titans == ("stone-creature",)
    # The next titan of the deck is revealed; 2 banners: 2 destruction dice.
    assert s.titan_tops.titan_2 == "wyrm"
    assert g.to_act(s) == (CHANCE,)
    weights = {o.move.face: o.weight for o in g.chance_outcomes(s)}  # type: ignore[attr-defined]
    assert weights == {"titan": 1, "coin": 2, "blank": 3}
    s, _ = play(g, s, RollDie(face="blank"), RollDie(face="coin"))
    # The coin face costs 1 coin; the blank does nothing.
    assert s.players[0].coins == 3
    assert s.players[0].empire == ("fishing-dock", "wheat-fields", "barracks", "watchtower")
    # One titan a turn: it is the other seat's turn now.
    assert g.to_act(s) == (1,)
    g.check_state(s)


def test_swords_only_titan_ignores_arrows_but_not_serve_in_the_army() -> None:
    g = fight_game()
    s = start(g)
    s = titan_on_top(s, 1, "troll")  # defence 4, swords only
    s = set_player(s, 0, coins=10)
    # Serve in the army: 1 attack symbol for the whole round, usable against any titan.
    s, _ = play(g, s, Place(seat=0, space="serve", skill=1), Pass(seat=1))
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=1))  # Militia: 1 sword 1 arrow
    # 1 sword + 1 serve = 2 < 4 (the arrow does not count): only more armies or withdrawing.
    assert g.legal_moves(s, 0) == [UseArmy(seat=0, army=0), Withdraw(seat=0)]
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Attack(seat=0))
    assert code(err) == "fight.attack_too_low"
    s, _ = play(g, s, UseArmy(seat=0, army=0))  # City guard: 2 swords -> 4
    assert g.legal_moves(s, 0)[-1] == Attack(seat=0)
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Withdraw(seat=0))
    assert code(err) == "fight.can_win"
    s, _ = play(g, s, Attack(seat=0))
    assert s.players[0].titans == ("troll",)


def test_fight_refusals() -> None:
    g = fight_game()
    s = start(g)
    # «Игрок не может вступить в бой с титаном, не выложив монеты хотя бы на одну карту войска».
    s = set_player(s, 0, coins=0)
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Fight(seat=0, stars=1))
    assert code(err) == "pay.not_enough_coins"
    s = set_player(s, 0, coins=5)
    s, _ = play(g, s, Fight(seat=0, stars=3))
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Attack(seat=0))
    assert code(err) == "fight.no_army_paid"
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Pass(seat=0))
    assert code(err) == "decision.expected"
    s, _ = play(g, s, UseArmy(seat=0, army=0))
    with pytest.raises(IllegalMove) as err:
        g.apply(s, UseArmy(seat=0, army=0))
    assert code(err) == "fight.army_used"
    s, _ = play(g, s, UseArmy(seat=0, army=1), Withdraw(seat=0))
    # Both armies were used this round (coins on their scrolls): no more fights.
    assert s.players[0].armies[0].scroll == 1 and s.players[0].armies[1].scroll == 1
    s, _ = play(g, s, Pass(seat=1))
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Fight(seat=0, stars=1))
    assert code(err) == "fight.no_unused_army"
    s = set_player(s, 0, armies=(Army(active="city-guard"),))
    s = titan_on_top(s, 1, "imp")
    import msgspec

    s = msgspec.structs.replace(s, titan_tops=s.titan_tops.showing(1, None))
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Fight(seat=0, stars=1))
    assert code(err) == "fight.no_titan"


def test_can_keep_fighting_on_later_turns_with_unused_armies() -> None:
    g = fight_game()
    s = start(g)
    s = titan_on_top(titan_on_top(s, 1, "imp"), 2, "wyrm")
    s = set_player(s, 0, coins=10)
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=0), Attack(seat=0))
    s, _ = g.resolve_chance(s)
    if g.to_act(s) == (0,):  # a titan face: lose a card
        s, _ = play(g, s, LoseCard(seat=0, card=s.players[0].empire[0]))
    s, _ = play(g, s, Pass(seat=1))
    # The militia is still unused: another fight on this later turn.
    assert Fight(seat=0, stars=1) in g.legal_moves(s, 0)
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=1))
    assert [type(m) for m in g.legal_moves(s, 0)] in ([Attack], [Withdraw])


def test_titan_face_loses_a_card_of_your_choice_and_coin_face_a_coin() -> None:
    g = fight_game()
    s = start(g)
    s = titan_on_top(s, 3, "colossus")  # defence 11, 3 banners, 1 citizen
    s = armies(s, 0, Army(active="archers"), Army(active="mercian-army"))
    s = give(give(s, 0, "barracks"), 0, "watchtower")
    s = set_player(s, 0, coins=2)
    s, _ = play(g, s, Fight(seat=0, stars=3), UseArmy(seat=0, army=0), UseArmy(seat=0, army=1))
    # 3 arrows + (3 arrows + 1 sword) + 3 swords from cards = 10 < 11: withdraw only.
    assert g.legal_moves(s, 0) == [Withdraw(seat=0)]
    s = start(g)
    s = titan_on_top(s, 3, "colossus")
    # Now with a disbanded Spearmen under the archers: its experience is 1 more sword = 11.
    s = armies(s, 0, Army(active="archers", retired=("spearmen",)), Army(active="mercian-army"))
    s = give(give(give(s, 0, "barracks"), 0, "watchtower"), 0, "fort")
    s = set_player(s, 0, coins=3)
    s, _ = play(g, s, Fight(seat=0, stars=3), UseArmy(seat=0, army=0), UseArmy(seat=0, army=1))
    s, _ = play(g, s, Attack(seat=0))
    # The titan's citizen symbol: citizen 4 at once.
    assert s.players[0].citizens == (1, 2, 3, 4)
    s, _ = play(g, s, RollDie(face="titan"), RollDie(face="coin"), RollDie(face="titan"))
    assert s.players[0].coins == 0
    # Two titan faces: two losses, each the fighter's choice among face-up empire cards.
    assert g.to_act(s) == (0,)
    assert {m.card for m in g.legal_moves(s, 0)} == {  # type: ignore[attr-defined]
        "fishing-dock",
        "wheat-fields",
        "barracks",
        "watchtower",
        "fort",
    }
    with pytest.raises(IllegalMove) as err:
        g.apply(s, LoseCard(seat=0, card="imp"))
    assert code(err) == "lose.not_owned"
    s, _ = play(g, s, LoseCard(seat=0, card="fort"))
    # The fort gave the third army: 2 armies, limit back to 2 -- no discard needed.
    s, _ = play(g, s, LoseCard(seat=0, card="fishing-dock"))
    p = s.players[0]
    assert p.lost == ("fort", "fishing-dock")
    # A lost card's properties do not work: food 1 + wheat fields 1.
    assert stats(g.tables(s.content_id), p).food == 2
    assert g.to_act(s) == (1,)


def test_losing_an_army_limit_card_discards_armies_over_the_limit_at_once() -> None:
    g = fight_game()
    s = start(g)
    s = titan_on_top(s, 1, "imp")
    s = give(s, 0, "fort")
    s = armies(
        s,
        0,
        Army(active="city-guard"),
        Army(active="militia", retired=("spies",)),
        Army(active="spearmen"),
    )
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=2), Attack(seat=0))
    s, _ = play(g, s, RollDie(face="titan"))
    s, _ = play(g, s, LoseCard(seat=0, card="fort"))
    # 3 armies, limit 2: the fighter chooses a whole army to discard (disbanded cards too).
    assert g.legal_moves(s, 0) == [DiscardArmy(seat=0, army=i) for i in range(3)]
    s, _ = play(g, s, DiscardArmy(seat=0, army=1))
    assert [a.active for a in s.players[0].armies] == ["city-guard", "spearmen"]
    # The starting Militia goes back to the box, the disbanded Spies to the army discard pile.
    assert s.army_discard == ("spies",)
    assert g.to_act(s) == (1,)
    g.check_state(s)


def test_no_face_up_card_means_a_titan_face_does_nothing() -> None:
    g = fight_game()
    s = start(g)
    s = titan_on_top(s, 1, "imp")
    s = set_player(s, 0, empire=(), lost=("fishing-dock", "wheat-fields"))
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=0), Attack(seat=0))
    s, _ = play(g, s, RollDie(face="titan"))
    assert g.to_act(s) == (1,)


def test_trophy_espionage_and_rebuild_icons() -> None:
    g = fight_game()
    s = start(g)
    s = titan_on_top(s, 1, "imp")  # defence 2, 1 banner
    s = armies(s, 0, Army(active="raiders"), Army(active="engineers", retired=("spies",)))
    s = set_player(s, 0, coins=2, empire=("wheat-fields",), lost=("fishing-dock",))
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=1))
    # «Шпионаж»: the disbanded Spies' experience gives 1 knowledge when the army is used.
    assert s.players[0].knowledge == 1
    s, _ = play(g, s, UseArmy(seat=0, army=0), Attack(seat=0))
    # «Трофей»: 1 coin after the victory (2 paid, 0 left, +1).
    assert s.players[0].coins == 1
    # «Восстановление»: before the dice, rebuild 1 lost card.
    assert g.to_act(s) == (0,)
    assert g.legal_moves(s, 0) == [RebuildCard(seat=0, card="fishing-dock")]
    s, _ = play(g, s, RebuildCard(seat=0, card="fishing-dock"))
    assert s.players[0].lost == ()
    assert g.to_act(s) == (CHANCE,)
    assert isinstance(s.pending[-1], type(s.pending[-1])) and not isinstance(
        s.pending[-1], ChooseArmies
    )
