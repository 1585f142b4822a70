"""Referee audit: rulebook statements pinned by short scenarios, edge cases first.

Each test quotes the rulebook («Древний мир», ../shared/rules/the-ancient-world.ru.txt) and
checks the legal-move lists exactly where a decision is offered.
"""

from __future__ import annotations

import msgspec
import pytest

from arbiter.core import IllegalMove
from arbiter.games.the_ancient_world import TheAncientWorld
from arbiter.games.the_ancient_world.content import CardAction
from arbiter.games.the_ancient_world.moves import (
    Attack,
    Borrow,
    Build,
    Decline,
    Disband,
    DiscardArmy,
    Fight,
    LoseCard,
    Pass,
    Place,
    PlaceOnCard,
    RebuildCard,
    Recruit,
    RollDie,
    Starve,
    UseArmy,
    Withdraw,
)
from arbiter.games.the_ancient_world.state import Army

from .helpers import (
    SPECIALS,
    TOWN_HALL,
    armies,
    empire,
    game,
    give,
    pack,
    pass_all,
    play,
    set_player,
    settle,
    start,
    titan_on_top,
    to_army_row,
    to_row,
    with_round,
)

FORT = empire("fort", symbols={"army_limit": 1})
ARMOURY = empire("armoury", symbols={"swords": 3})
LODGE = empire("lodge", action=CardAction(gain_coins=1))


def refused(g, s, move) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as err:
        g.apply(s, move)
    return err.value.code.removeprefix("the-ancient-world.")


def g_all() -> TheAncientWorld:
    return game(pack((*SPECIALS, FORT, ARMOURY, LODGE)))


# ------------------------------------------------------------------------------- setup


def test_covered_spaces_and_round_track() -> None:
    """«Положите 2 наклейки поверх ячеек действий»: Explore opens in round 2, Increase
    population in round 3; deck B from round 4."""
    g = game()
    s = start(g, 4)
    assert tuple(p.coins for p in s.players) == (6, 7, 8, 8)
    assert refused(g, s, Place(seat=0, space="explore", skill=1)) == "place.action_closed"
    assert refused(g, s, Place(seat=0, space="populate", skill=1)) == "place.action_closed"
    spaces = {m.space for m in g.legal_moves(s, 0) if isinstance(m, Place)}
    assert "explore" not in spaces and "populate" not in spaces
    s = settle(g, pass_all(g, s))[0]
    assert s.round == 2
    spaces = {m.space for m in g.legal_moves(s, 0) if isinstance(m, Place)}
    assert "explore" in spaces and "populate" not in spaces
    s = settle(g, pass_all(g, s))[0]
    spaces = {m.space for m in g.legal_moves(s, 0) if isinstance(m, Place)}
    assert "populate" in spaces
    s = settle(g, pass_all(g, s))[0]
    t = g.tables(s.content_id)
    assert s.round == 4 and len(s.empire_row) == 6
    assert all(t.letter(c) == "B" for c in s.empire_row)


def test_army_row_is_topped_up_not_discarded() -> None:
    """«Не сбрасывайте оставшиеся на игровом поле карты войск... пока их общее число на игровом
    поле не сравняется с количеством игроков»."""
    g = game()
    s = start(g, 3)
    s = to_army_row(s, "spearmen", "archers", "mercian-army")
    s, _ = play(g, s, Place(seat=0, space="recruit", skill=1), Recruit(seat=0, card="archers"))
    s, _ = play(g, s, Disband(seat=0, army=0))
    assert s.army_row == ("spearmen", "mercian-army")
    s = settle(g, pass_all(g, s))[0]
    assert s.army_row[:2] == ("spearmen", "mercian-army") and len(s.army_row) == 3


# ---------------------------------------------------------------------------- placement


def test_higher_skill_rule_counts_own_citizens() -> None:
    """«только если ... навык его жителя выше навыков любых уже размещённых на ячейке жителей
    (включая его собственных)»."""
    g = game()
    s = start(g, 2)
    s, _ = play(g, s, Place(seat=0, space="learn", skill=2), Pass(seat=1))
    assert refused(g, s, Place(seat=0, space="learn", skill=1)) == "place.skill_too_low"
    s, _ = play(g, s, Place(seat=0, space="learn", skill=3))
    assert s.players[0].knowledge == 2


def test_build_fee_higher_unmatched_skill_costs_a_coin() -> None:
    """«если игрок помещает жетон жителя, навык которого не совпадает ни с одним из навыков других
    уже размещённых жителей (не важно, кому принадлежащих), он обязан заплатить 1 монету»."""
    g = game()
    s = start(g, 2)
    s = to_row(s, "a4", "a8", "a1", "a5")  # a4, a8 cost 0
    s, _ = play(g, s, Place(seat=0, space="build", skill=1), Build(seat=0, card="a4"))
    assert s.players[0].coins == 6
    s, _ = play(g, s, Place(seat=1, space="build", skill=3))
    assert s.players[1].coins == 7 - 1


def test_rebuild_ignores_even_higher_citizens() -> None:
    g = game()
    s = start(g, 2)
    s, _ = play(g, s, Place(seat=0, space="rebuild", skill=3))  # nothing lost: no decision
    s, _ = play(g, s, Place(seat=1, space="rebuild", skill=1))
    assert s.players[1].coins == 7 + 1
    # Token hand side up with seat 0: seat 1 does not get it.
    assert (s.first_player, s.token_hand_up) == (0, True)


def test_card_action_once_a_round_and_only_own_card() -> None:
    """«действия карт империи могут выполняться только один раз за раунд и только владельцами»."""
    g = g_all()
    s = give(start(g, 2), 0, "lodge")
    assert refused(g, s, PlaceOnCard(seat=0, card="fishing-dock", skill=1)) == "card.no_action"
    s, _ = play(g, s, PlaceOnCard(seat=0, card="lodge", skill=1))
    assert s.players[0].coins == 7
    assert refused(g, s, PlaceOnCard(seat=1, card="lodge", skill=1)) == "card.not_owner"
    s, _ = play(g, s, Pass(seat=1))
    assert refused(g, s, PlaceOnCard(seat=0, card="lodge", skill=2)) == "card.used_this_round"
    assert not any(isinstance(m, PlaceOnCard) for m in g.legal_moves(s, 0))
    # Next round the card is free again.
    s = settle(g, pass_all(g, s))[0]
    assert PlaceOnCard(seat=0, card="lodge", skill=1) in g.legal_moves(s, 0)


# -------------------------------------------------------------------------------- fights


def test_one_titan_per_turn_and_the_turn_passes() -> None:
    """«За один ход игрок может биться только с одним титаном»."""
    g = g_all()
    s = start(g, 2)
    s = titan_on_top(titan_on_top(s, 1, "imp"), 2, "stone-creature")
    s = set_player(s, 0, coins=10)
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=0), Attack(seat=0))
    s, _ = settle(g, s)
    while g.to_act(s) == (0,):
        s, _ = play(g, s, g.legal_moves(s, 0)[0])
        s, _ = settle(g, s)
    assert g.to_act(s) == (1,)


def test_cannot_attack_without_paying_an_army() -> None:
    """«Игрок не может вступить в бой с титаном, не выложив монеты хотя бы на одну карту»."""
    g = g_all()
    s = start(g, 2)
    s = titan_on_top(s, 1, "imp")
    s = give(s, 0, "armoury")  # 3 swords from a card: more than the imp's defence 2
    s, _ = play(g, s, Fight(seat=0, stars=1))
    assert g.legal_moves(s, 0) == [UseArmy(seat=0, army=0), UseArmy(seat=0, army=1)]
    assert refused(g, s, Attack(seat=0)) == "fight.no_army_paid"
    assert refused(g, s, Withdraw(seat=0)) == "fight.no_army_paid"


def test_used_army_price_and_no_reuse_this_round() -> None:
    """Price = coins on the picture + 1, paid onto the scroll; a used army waits for next round."""
    g = g_all()
    s = start(g, 2)
    s = titan_on_top(titan_on_top(s, 1, "imp"), 3, "leviathan")
    s = armies(s, 0, Army(active="city-guard", picture=2), Army(active="militia"))
    s = set_player(s, 0, coins=3)
    s, _ = play(g, s, Fight(seat=0, stars=3), UseArmy(seat=0, army=0))
    assert s.players[0].coins == 0 and s.players[0].armies[0].scroll == 3
    # Militia costs 1: no coins left, so only Withdraw.
    assert g.legal_moves(s, 0) == [Withdraw(seat=0)]
    s, _ = play(g, s, Withdraw(seat=0), Pass(seat=1))
    s = set_player(s, 0, coins=5)
    s, _ = play(g, s, Fight(seat=0, stars=1))
    assert g.legal_moves(s, 0) == [UseArmy(seat=0, army=1)]
    assert refused(g, s, UseArmy(seat=0, army=0)) == "fight.army_used"


def test_fight_refused_when_every_army_is_used() -> None:
    g = g_all()
    s = start(g, 2)
    s = armies(s, 0, Army(active="city-guard", scroll=1), Army(active="militia", scroll=1))
    assert refused(g, s, Fight(seat=0, stars=1)) == "fight.no_unused_army"
    assert not any(isinstance(m, Fight) for m in g.legal_moves(s, 0))
    s = armies(s, 0, Army(active="city-guard", picture=9), Army(active="militia", scroll=1))
    assert refused(g, s, Fight(seat=0, stars=1)) == "pay.not_enough_coins"


def test_experience_counts_only_for_the_used_army() -> None:
    """«Заплатив, игрок получает временный доступ к символам атаки ... а также к опыту
    распущенных войск» -- of that army only, for one fight."""
    from arbiter.games.the_ancient_world.titans import attack

    g = g_all()
    s = start(g, 2)
    s = armies(s, 0, Army(active="city-guard"), Army(active="militia", retired=("spearmen",)))
    t = g.tables(s.content_id)
    assert attack(s, t, 0, (0,), "troll") == 2
    assert attack(s, t, 0, (1,), "troll") == 2  # 1 sword + 1 sword of experience; arrows ignored
    assert attack(s, t, 0, (1,), "imp") == 3


def test_losing_limit_card_discards_even_a_used_army() -> None:
    """«обязан немедленно сбросить все карты войск, превышающие допустимый лимит»."""
    g = g_all()
    s = start(g, 2)
    s = titan_on_top(s, 1, "imp")
    s = give(s, 0, "fort")
    s = set_player(s, 0, empire=("fort",), lost=("fishing-dock", "wheat-fields"))
    s = armies(
        s, 0, Army(active="city-guard"), Army(active="militia"), Army(active="spearmen", scroll=1)
    )
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=0), Attack(seat=0))
    s, _ = play(g, s, RollDie(face="titan"))
    # The only face-up card is lost without a choice -> straight to the discard.
    assert g.legal_moves(s, 0) == [LoseCard(seat=0, card="fort")]
    s, _ = play(g, s, LoseCard(seat=0, card="fort"))
    assert g.legal_moves(s, 0) == [DiscardArmy(seat=0, army=i) for i in range(3)]
    s, _ = play(g, s, DiscardArmy(seat=0, army=2))
    assert len(s.players[0].armies) == 2 and "spearmen" in s.army_discard


def test_coin_face_with_no_coins_does_nothing() -> None:
    g = g_all()
    s = start(g, 2)
    s = titan_on_top(s, 1, "imp")
    s = set_player(s, 0, coins=1)
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=0), Attack(seat=0))
    assert s.players[0].coins == 0
    s, _ = play(g, s, RollDie(face="coin"))
    assert s.players[0].coins == 0 and g.to_act(s) == (1,)


# ------------------------------------------------------------------------- board actions


def test_recruit_new_card_goes_on_top_and_disbanded_coins_go() -> None:
    """«Игрок убирает в запас все монеты с этой карты... Новую активную карту войска игрок кладёт
    поверх стопки перевёрнутых карт»; the experience already there stays."""
    g = g_all()
    s = start(g, 2)
    s = to_army_row(s, "spearmen", "archers")
    s = armies(
        s, 0, Army(active="city-guard", picture=3, retired=("spies",)), Army(active="militia")
    )
    s, _ = play(g, s, Place(seat=0, space="recruit", skill=1), Recruit(seat=0, card="archers"))
    assert g.legal_moves(s, 0) == [Disband(seat=0, army=0), Disband(seat=0, army=1)]
    s, _ = play(g, s, Disband(seat=0, army=0))
    assert s.players[0].armies[0] == Army(active="archers", retired=("spies", "city-guard"))


def test_expand_pays_with_knowledge_and_reveals_next() -> None:
    g = game()
    s = start(g, 2)
    s = set_player(s, 0, coins=0, knowledge=1)
    s, _ = play(g, s, Place(seat=0, space="expand", skill=1))
    from arbiter.games.the_ancient_world.moves import PayExpand

    assert g.legal_moves(s, 0) == [PayExpand(seat=0, pay="knowledge")]
    assert refused(g, s, PayExpand(seat=0, pay="coins")) == "pay.not_enough_coins"
    top = s.province_top
    s, _ = play(g, s, PayExpand(seat=0, pay="knowledge"))
    s, _ = settle(g, s)
    assert s.players[0].provinces == (top,) and s.players[0].knowledge == 0
    assert s.province_top is not None and s.province_top != top


def test_populate_gives_next_skill_and_is_fed_next_round() -> None:
    """«берёт жетон с навыком 4... кладётся на ячейку «Голодающие»... недоступен игроку до начала
    следующего раунда»; 3 food for 4 citizens then starves one."""
    g = game()
    s = with_round(start(g, 2), 3)
    s, _ = play(g, s, Place(seat=0, space="populate", skill=2))
    p = s.players[0]
    assert p.citizens == (1, 2, 3, 4) and p.starving == (4,)
    s, _ = play(g, s, Pass(seat=1))
    assert refused(g, s, Place(seat=0, space="work", skill=4)) == "place.citizen_starving"
    s, _ = play(g, s, Pass(seat=0))
    # Feeding: 3 food, 4 citizens -> seat 0 picks one of all four.
    assert g.legal_moves(s, 0) == [Starve(seat=0, skill=k) for k in (1, 2, 3, 4)]


# ------------------------------------------------------------------------- end of round


def test_income_from_provinces_and_titans_not_lost_cards() -> None:
    g = game(pack((empire("market", symbols={"income_coins": 2}),)))
    s = start(g, 2)
    s = give(s, 0, "market", "lost")
    s = pass_all(g, s)
    s, _ = settle(g, s)
    assert s.players[0].coins == 6 + 5


def test_town_hall_gives_the_next_round_start() -> None:
    """«Ратуша. ... жетон первого игрока (если он лежит стороной с рукой вниз)»."""
    g = game(pack((TOWN_HALL,)))
    s = start(g, 3)
    s = give(s, 2, "town-hall")
    s, _ = play(g, s, Pass(seat=0), Pass(seat=1), PlaceOnCard(seat=2, card="town-hall", skill=1))
    assert s.first_player == 2 and not s.token_hand_up and s.players[2].knowledge == 1
    s, _ = play(g, s, Pass(seat=2))
    s, _ = settle(g, s)
    assert s.round == 2 and g.to_act(s) == (2,)


# ------------------------------------------------------------------------------- scoring


def test_end_scoring_starving_and_tie_break_on_coins() -> None:
    g = game()
    s = start(g, 2)
    s = set_player(s, 0, coins=3, starving=(3,), ready=(1, 2))
    s = set_player(s, 1, coins=4)
    s = msgspec.structs.replace(s, phase="over")
    r = g.result(s)
    assert r is not None
    # Both: 1 blue + 1 green banner = 2 VP; seat 0 -2 for the starving citizen.
    assert r.scores == (0, 2)
    s = set_player(s, 0, starving=(), ready=(1, 2, 3))
    r = g.result(s)
    assert r is not None and r.scores == (2, 2) and r.winners == (1,)


def test_borrow_only_face_up_cards_of_others() -> None:
    """«Мост. ... выполнить действие карты империи другого игрока»: a lost card's properties do
    not work."""
    g = g_all()
    s = start(g, 2)
    s = give(give(s, 0, "bridge"), 1, "lodge", "lost")
    assert refused(g, s, PlaceOnCard(seat=0, card="bridge", skill=1)) == "card.no_target"
    s = give(s, 1, "lodge")
    s, _ = play(g, s, PlaceOnCard(seat=0, card="bridge", skill=1))
    assert g.legal_moves(s, 0) == [Borrow(seat=0, owner=1, card="lodge")]
    s, _ = play(g, s, Borrow(seat=0, owner=1, card="lodge"))
    assert s.players[0].coins == 7


# ---------------------------------------------------------------- card clarifications, edges


def test_zorsk_in_round_four_takes_from_deck_b() -> None:
    """«Зорские драматурги. Если вы первый спасовавший игрок, можете отложить карту империи: либо
    из открытого ряда карт империи, либо с верха колоды империи» (deck B from round 4)."""
    from arbiter.games.the_ancient_world.moves import TakeFromDeck

    g = g_all()
    s = with_round(start(g, 2), 4)
    s = give(s, 0, "zorsk")
    s, _ = play(g, s, Pass(seat=0), TakeFromDeck(seat=0))
    s, _ = settle(g, s)
    t = g.tables(s.content_id)
    assert len(s.players[0].set_aside) == 1
    assert t.letter(s.players[0].set_aside[0]) == "B"


def test_crane_frees_its_space_and_build_still_checks_duplicates() -> None:
    """«Кран. Выполняя действие «Строить», вы можете сбросить эту карту, чтобы купить карту
    империи, не тратя монет или знаний»."""
    g = g_all()
    s = start(g, 2)
    s = give(give(s, 0, "crane"), 0, "a1")  # 4 cards in 4 spaces: full
    s = to_row(s, "a2", "a3", "a5", "a6")
    s = set_player(s, 0, coins=0)
    s, _ = play(g, s, Place(seat=0, space="build", skill=1))
    assert g.legal_moves(s, 0) == [
        Build(seat=0, card=c, crane=True) for c in ("a2", "a3", "a5", "a6")
    ]
    assert refused(g, s, Build(seat=0, card="a2")) == "build.no_space"
    s, _ = play(g, s, Build(seat=0, card="a3", crane=True))
    p = s.players[0]
    assert "crane" not in p.empire and "a3" in p.empire and p.coins == 0
    assert "crane" in s.empire_discard


def test_bridge_borrows_a_rebuild_action() -> None:
    g = game(pack((*SPECIALS, empire("masons", action=CardAction(rebuild=1)))))
    s = start(g, 2)
    s = give(give(s, 0, "bridge"), 1, "masons")
    s = set_player(s, 0, empire=("bridge", "wheat-fields"), lost=("fishing-dock",))
    s, _ = play(g, s, PlaceOnCard(seat=0, card="bridge", skill=2))
    s, _ = play(g, s, Borrow(seat=0, owner=1, card="masons"))
    # Mandatory («восстанавливает 1 потерянную карту»): no Decline.
    assert g.legal_moves(s, 0) == [RebuildCard(seat=0, card="fishing-dock")]
    assert refused(g, s, Decline(seat=0)) == "rebuild.mandatory"
