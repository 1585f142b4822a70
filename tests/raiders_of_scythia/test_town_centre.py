"""«ЦЕНТР» and the Play effects of the card vocabulary («ИГРОВЫЕ ТЕРМИНЫ»; spec §1.16, E11,
E14, E15; rulings Q14, Q21, Q22)."""

from __future__ import annotations

import msgspec

from arbiter.games.raiders_of_scythia.moves import (
    EagleAbility,
    HealWound,
    HeroAbility,
    PickUp,
    PlayCard,
    PutAnimal,
    ReturnEagle,
    SellCard,
    Skip,
    SwapCrew,
    TakeEagle,
    TakeSilver,
    TakeSwapHorse,
    UseBuilding,
    Work,
)
from arbiter.games.raiders_of_scythia.state import (
    BuildingAction,
    Chief,
    ChooseBuilding,
    ChoosePickUp,
    Draw,
    RaidersState,
)
from tests.raiders_of_scythia.helpers import (
    at_turn,
    begin,
    check,
    crew_only,
    display,
    draw,
    hand,
    hire,
    legal,
    play,
    refused,
    set_player,
    stock,
    village,
)

State = RaidersState


def centre(worker: str = "blue", *cards: str, hero: str = "skilurus", **amounts: int) -> State:
    """Seat 0 placed a ``worker`` worker on the Town Centre, ``cards`` in hand."""
    s = at_turn(2, 0, village=village(free=("town_centre",)))
    s = set_player(s, 0, worker=worker, hero=hero)
    s = hand(s, 0, *cards)
    s = stock(s, 0, **amounts)
    s, _ = play(begin(s, 0), Work(seat=0, building="town_centre"))
    assert isinstance(s.pending[-1], BuildingAction)
    return s


def test_a_played_card_is_discarded_then_its_gain_done() -> None:
    """`gain`: the Merchant's Play gives 2 silver; the card goes to the discard pile."""
    s = centre("blue", "merchant-1")
    s, _ = play(s, PlayCard(seat=0, card="merchant-1"))
    assert s.players[0].stock.silver == 2 and s.players[0].hand == ()
    assert s.crew_discard[-1] == "merchant-1"
    assert isinstance(s.pending[-1], ChoosePickUp)


def test_a_gain_of_cards_draws_them() -> None:
    s = centre("blue", "conspirator-1")
    s, _ = play(s, PlayCard(seat=0, card="conspirator-1"))
    s, _ = draw(s, "crew", "tyrant-1", "merchant-1")
    assert s.players[0].hand == ("tyrant-1", "merchant-1")


def test_town_centre_refuses_a_card_not_in_hand() -> None:
    s = centre("blue", "merchant-1")
    assert refused(s, PlayCard(seat=0, card="tyrant-1")) == "town_centre.not_in_hand"


def test_an_exchange_pays_then_gains_and_is_unplayable_without_what_it_pays() -> None:
    """«Потратьте (одно), чтобы взять (другое)»: the Vigilante's 1 kumis for 3 silver."""
    s = centre("blue", "vigilante-1", kumis=1)
    s, _ = play(s, PlayCard(seat=0, card="vigilante-1"))
    assert (s.players[0].stock.kumis, s.players[0].stock.silver) == (0, 3)
    poor = centre("blue", "vigilante-1")
    assert refused(poor, PlayCard(seat=0, card="vigilante-1")) == "town_centre.unplayable"


def test_mercenary_is_not_playable_at_0_vp() -> None:
    """E15: VP never go below 0; a card paying VP one does not have is not playable (Q21)."""
    s = centre("blue", "mercenary-1")
    assert PlayCard(seat=0, card="mercenary-1") not in legal(s)
    assert refused(s, PlayCard(seat=0, card="mercenary-1")) == "town_centre.unplayable"
    rich = set_player(s, 0, vp=2)
    rich, _ = play(rich, PlayCard(seat=0, card="mercenary-1"))
    assert (rich.players[0].vp, rich.players[0].stock.silver) == (0, 4)


def test_an_exchange_paying_cards_discards_them_by_choice() -> None:
    """Vadasz (hero): discard 1 card for 3 silver; without a card it is not playable."""
    s = centre("blue", "tyrant-1", "merchant-1", hero="vadasz")
    s, _ = play(s, HeroAbility(seat=0))
    assert set(legal(s)) == {
        SellCard(seat=0, card="tyrant-1"),
        SellCard(seat=0, card="merchant-1"),
    }
    s, _ = play(s, SellCard(seat=0, card="tyrant-1"))
    assert s.players[0].stock.silver == 3 and s.players[0].hand == ("merchant-1",)
    empty = centre("blue", hero="vadasz")
    assert refused(empty, HeroAbility(seat=0)) == "town_centre.unplayable"


def test_use_any_building_with_a_blue_worker_uses_blue_rates() -> None:
    """E14 / Q14: the Adventurer with blue at the Town Centre: no Stables or Chief's Tent; the
    Silversmith gives 3 silver, the blue rate."""
    s = centre("blue", "adventurer-1")
    s, _ = play(s, PlayCard(seat=0, card="adventurer-1"))
    assert isinstance(s.pending[-1], ChooseBuilding)
    offered = {m.building for m in legal(s)}
    assert "stables" not in offered and "chiefs_tent" not in offered
    assert "market" in offered  # occupied, but no worker is placed
    s, _ = play(s, UseBuilding(seat=0, building="silversmith"), TakeSilver(seat=0))
    assert s.players[0].stock.silver == 3


def test_use_any_building_with_a_grey_worker_offers_the_stables() -> None:
    s = centre("grey", "adventurer-1", silver=2)
    s = display(s, "animal-03", "animal-04", "animal-06")
    s, _ = play(s, PlayCard(seat=0, card="adventurer-1"))
    assert UseBuilding(seat=0, building="stables") in legal(s)
    s, _ = play(s, UseBuilding(seat=0, building="stables"), TakeEagle(seat=0, card="animal-03"))
    s, _ = draw(s, "animals", "animal-07")
    s, _ = play(s, PutAnimal(seat=0, slot=2))
    assert s.players[0].slots[2].eagle == "animal-03"
    assert isinstance(s.pending[-1], ChoosePickUp)


def test_another_town_centre_action_but_the_hero_once_a_turn() -> None:
    """The Envoy: one more Town Centre action; a hero's ability at most once a turn."""
    s = centre("blue", "envoy-1", "merchant-1")
    s, _ = play(s, HeroAbility(seat=0))  # Skilurus: 2 provisions
    assert s.players[0].stock.provisions == 2
    s = begin_again_at_centre(s)
    s, _ = play(s, PlayCard(seat=0, card="envoy-1"))
    assert isinstance(s.pending[-1], BuildingAction) and s.pending[-1].source == "effect"
    assert HeroAbility(seat=0) not in legal(s)
    assert refused(s, HeroAbility(seat=0)) == "town_centre.used"
    s, _ = play(s, PlayCard(seat=0, card="merchant-1"))
    assert s.players[0].stock.silver == 2


def begin_again_at_centre(s: State) -> State:
    """Undo the pick-up step the first Town Centre action led to, so the test can play an Envoy
    in the same turn: the Envoy's play is tested right after a hero use."""
    import msgspec

    from arbiter.games.raiders_of_scythia.state import BuildingAction as Task

    assert isinstance(s.pending[-1], ChoosePickUp)
    return msgspec.structs.replace(
        s,
        pending=(
            *s.pending,
            Task(seat=0, building="town_centre", worker="blue", source="placed"),
        ),
    )


def test_the_envoy_then_the_hero() -> None:
    s = centre("blue", "envoy-1")
    s, _ = play(s, PlayCard(seat=0, card="envoy-1"), HeroAbility(seat=0))
    assert s.players[0].stock.provisions == 2
    assert isinstance(s.pending[-1], ChoosePickUp)


def enabled(eagle: str = "animal-02") -> State:
    s = at_turn(2, 0, village=village(free=("town_centre",)))
    s = crew_only(s, 0, "merchant-1", "antagonist-1")
    s = hire(s, 0, 1, "antagonist-1", eagle=eagle)
    s = hand(s, 0, "envoy-1")
    s = stock(s, 0)
    s, _ = play(begin(s, 0), Work(seat=0, building="town_centre"))
    return s


def test_an_enabling_eagle_makes_the_antagonists_play_a_town_centre_action() -> None:
    """E11: +1 card and +1 provision; the Antagonist stays hired; not twice a turn."""
    s = enabled()
    assert EagleAbility(seat=0, slot=1) in legal(s)
    s, _ = play(s, PlayCard(seat=0, card="envoy-1"), EagleAbility(seat=0, slot=1))
    s, _ = draw(s, "crew", "tyrant-1")
    p = s.players[0]
    assert p.hand == ("tyrant-1",) and p.stock.provisions == 1
    assert p.slots[1].crew == "antagonist-1"
    again = begin_again_at_centre(s)
    assert refused(again, EagleAbility(seat=0, slot=1)) == "town_centre.used"


def test_only_an_enabling_eagle_above_a_card_with_a_play_ability() -> None:
    plain = enabled("animal-03")  # a plain eagle
    assert refused(plain, EagleAbility(seat=0, slot=1)) == "town_centre.no_eagle"
    none = enabled()
    assert refused(none, EagleAbility(seat=0, slot=0)) == "town_centre.no_eagle"


def test_swap_an_eagle_for_a_horse_of_the_display() -> None:
    """The Falconer: the eagle goes back to the display, another display card becomes a horse."""
    s = at_turn(2, 0, village=village(free=("town_centre",)))
    s = crew_only(s, 0, "tyrant-1")
    s = hire(s, 0, 0, "tyrant-1", eagle="animal-03")
    s = display(s, "animal-04", "animal-06", "animal-07")
    s = hand(s, 0, "falconer-1")
    s, _ = play(begin(s, 0), Work(seat=0, building="town_centre"))
    s, _ = play(s, PlayCard(seat=0, card="falconer-1"), ReturnEagle(seat=0, slot=0))
    assert s.players[0].slots[0].eagle is None
    assert set(legal(s)) == {
        TakeSwapHorse(seat=0, card=c) for c in s.animal_display if c is not None
    }
    s, _ = play(s, TakeSwapHorse(seat=0, card="animal-07"), PutAnimal(seat=0, slot=0))
    assert s.animal_display == ("animal-04", "animal-06", "animal-03")
    assert s.players[0].slots[0].horse == "animal-07"
    check(s)
    bare = centre("blue", "falconer-1")
    assert refused(bare, PlayCard(seat=0, card="falconer-1")) == "town_centre.unplayable"


def test_heal_removes_up_to_its_wounds() -> None:
    """The Healer: 2 wounds, one at a time on the crew members the player picks."""
    s = at_turn(2, 0, village=village(free=("town_centre",)))
    s = crew_only(s, 0, "tyrant-1", "strongman-1")
    s = hire(s, 0, 0, "tyrant-1", wounds=1)
    s = hire(s, 0, 1, "strongman-1", wounds=2)
    s = hand(s, 0, "healer-1")
    s, _ = play(begin(s, 0), Work(seat=0, building="town_centre"))
    s, _ = play(s, PlayCard(seat=0, card="healer-1"))
    s, _ = play(s, HealWound(seat=0, slot=1), HealWound(seat=0, slot=0))
    assert [sl.wounds for sl in s.players[0].slots[:2]] == [0, 1]
    assert isinstance(s.pending[-1], ChoosePickUp)


def test_swap_a_hired_crew_member_with_a_card_of_the_hand() -> None:
    """The Recruiter: the hired card goes to the hand with its wounds removed."""
    s = at_turn(2, 0, village=village(free=("town_centre",)))
    s = crew_only(s, 0, "tyrant-1")
    s = hire(s, 0, 0, "tyrant-1", wounds=3, horse="animal-07")
    s = hand(s, 0, "recruiter-1", "strongman-1")
    s, _ = play(begin(s, 0), Work(seat=0, building="town_centre"))
    s, _ = play(s, PlayCard(seat=0, card="recruiter-1"))
    assert legal(s) == [SwapCrew(seat=0, slot=0, card="strongman-1")]
    s, _ = play(s, SwapCrew(seat=0, slot=0, card="strongman-1"))
    slot = s.players[0].slots[0]
    assert (slot.crew, slot.wounds, slot.horse) == ("strongman-1", 0, "animal-07")
    assert s.players[0].hand == ("tyrant-1",)


def test_gain_if_fewest_is_strict() -> None:
    """The Outcast (fewest VP): 2 silver and 2 kumis with fewer VP than every other; a tie
    gives nothing (Q22)."""
    s = centre("blue", "outcast-1")
    s = set_player(s, 1, vp=1)
    won, _ = play(s, PlayCard(seat=0, card="outcast-1"))
    assert (won.players[0].stock.silver, won.players[0].stock.kumis) == (2, 2)
    tie = set_player(s, 1, vp=0)
    tie, _ = play(tie, PlayCard(seat=0, card="outcast-1"))
    assert (tie.players[0].stock.silver, tie.players[0].stock.kumis) == (0, 0)
    assert tie.crew_discard[-1] == "outcast-1"  # played all the same


def test_town_centre_by_pick_up_then_skip() -> None:
    s = at_turn(2, 0)  # setup's blue workers on Town Centre, Meeting Tent, Market
    s = hand(s, 0, "merchant-1")
    s, _ = play(s, Work(seat=0, building="farm"), Skip(seat=0))
    s, _ = play(s, PickUp(seat=0, building="town_centre"), PlayCard(seat=0, card="merchant-1"))
    assert s.players[0].stock.silver == 3 + 2
    assert not any(isinstance(t, Draw) for t in s.pending)


def test_a_card_without_a_play_ability_cannot_be_played() -> None:
    """«Разыграть карту»: only a card with a Play ability (bottom right) is played."""
    s = centre("blue", "strongman-1")
    assert PlayCard(seat=0, card="strongman-1") not in legal(s)
    assert refused(s, PlayCard(seat=0, card="strongman-1")) == "town_centre.no_play"


def test_in_solo_play_the_fewest_compares_with_the_chief() -> None:
    """«Больше, чем у вас»: in solo play the chief is the other player; ties do not count."""
    s = centre("blue", "outcast-1")
    s = msgspec.structs.replace(s, players=s.players[:1], chief=Chief(level="lookout", vp=3))
    won, _ = play(s, PlayCard(seat=0, card="outcast-1"))
    assert (won.players[0].stock.silver, won.players[0].stock.kumis) == (2, 2)
    assert s.chief is not None
    tie = msgspec.structs.replace(s, chief=msgspec.structs.replace(s.chief, vp=0))
    tie, _ = play(tie, PlayCard(seat=0, card="outcast-1"))
    assert (tie.players[0].stock.silver, tie.players[0].stock.kumis) == (0, 0)
