"""The economy: phase 1 buying troops, 2 upkeep, 4 construction, 6 income (N5-N12, N17; Q8-Q13,
Q20-Q25, Q30-Q32), and the sealed drafts of these phases."""

from __future__ import annotations

import pytest

from arbiter.core import IllegalMove
from arbiter.games.ancient_wargame import rules
from arbiter.games.ancient_wargame.events import Revealed
from arbiter.games.ancient_wargame.moves import (
    BasicLearned,
    BuildFortress,
    BuyVp,
    Commit,
    Disband,
    Hire,
    RollFace,
    StartBuilding,
)
from arbiter.games.ancient_wargame.state import D6, DrawBasic, Research, Sealed
from tests.ancient_wargame.helpers import (
    G,
    army,
    at_phase,
    commit_all,
    edit,
    hero_of,
    legal,
    play,
    player,
    prov,
    sea_ships,
    set_hero,
    set_prov,
    ships,
    start,
    top,
)


def refused(s: object, move: object) -> str:
    with pytest.raises(IllegalMove) as err:
        G.apply(s, move)  # type: ignore[arg-type]
    return err.value.code.removeprefix("ancient-wargame.")


def hires(s: object, seat: int = 0) -> set[tuple[str, str, bool]]:
    return {(m.at, m.unit, m.mercenary) for m in legal(s, seat) if isinstance(m, Hire)}  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ phase 1


def test_n5_capital_prices_and_buildings() -> None:
    """1 ₣ an infantryman or archer, 2 ₣ a horseman; archers need a range, cavalry a stable.
    With 5 ₣ and a stable, 2 cavalry + 1 infantry cost 5 ₣; a 3rd horseman is refused."""
    s = start()
    assert ("latium", "cavalry", False) not in hires(s)
    assert ("latium", "archers", False) not in hires(s)
    assert refused(s, Hire(seat=0, at="latium", unit="archers", count=1)) == "P1.hire"
    s = player(s, 0, buildings=("stable",))
    assert refused(s, Hire(seat=0, at="latium", unit="cavalry", count=3)) == "P1.hire"
    s = play(s, Hire(seat=0, at="latium", unit="cavalry", count=2))
    s = play(s, Hire(seat=0, at="latium", unit="infantry", count=1))
    assert refused(s, Hire(seat=0, at="latium", unit="cavalry", count=1)) == "P1.hire"
    s = commit_all(s)
    assert s.players[0].food == 0 and prov(s, "latium").army(0) == prov(s, "latium").army(0)
    assert (prov(s, "latium").army(0).cavalry, prov(s, "latium").army(0).infantry) == (2, 1)
    s2 = player(start(), 0, buildings=("range",))
    assert play(s2, Hire(seat=0, at="latium", unit="archers", count=5))


def test_q8_the_capital_must_be_held_to_buy_there() -> None:
    s = set_prov(start(), "latium", owner=1)
    assert not any(m.at == "latium" for m in legal(s, 0) if isinstance(m, Hire))


def test_n6_provinces_need_control_and_a_general_or_a_fortress() -> None:
    s = start()
    s = player(s, 0, money=20)
    assert ("etruria", "archers", True) not in hires(s)  # not controlled
    s = set_prov(s, "etruria", owner=0)
    assert ("etruria", "archers", True) not in hires(s)  # neither general nor fortress
    s_general = set_hero(s, hero_of(s, 0, "general").id, province="etruria")
    assert ("etruria", "archers", True) in hires(s_general)  # no range needed (the text)
    s_admin = set_hero(s, hero_of(s, 0, "administrator").id, province="etruria")
    assert ("etruria", "archers", True) not in hires(s_admin)
    s_fort = set_prov(s, "etruria", fortresses=1)
    assert ("etruria", "archers", True) in hires(s_fort)
    # Q9: the capital's own mercenaries, for $.
    assert ("latium", "infantry", True) in hires(s) and ("latium", "cavalry", True) in hires(s)


def test_n6_at_most_the_maps_count_a_turn_at_the_maps_price() -> None:
    s = player(set_prov(start(), "etruria", owner=0, fortresses=1), 0, money=20)
    assert refused(s, Hire(seat=0, at="etruria", unit="archers", count=3, mercenary=True))
    s = play(s, Hire(seat=0, at="etruria", unit="archers", count=2, mercenary=True))
    assert ("etruria", "archers", True) not in hires(s)
    s = commit_all(s)
    assert s.players[0].money == 16 and prov(s, "etruria").army(0).archers == 2
    # Next turn the count is there again.
    s = at_phase(edit(s, turn=2), 1)
    assert ("etruria", "archers", True) in hires(s)


def test_n6_the_price_limits_the_count() -> None:
    s = player(start(), 0, money=5)  # infantry at 2 $: 2 at most
    counts = [
        m.count
        for m in legal(s, 0)
        if isinstance(m, Hire) and m.at == "latium" and m.mercenary and m.unit == "infantry"
    ]
    assert counts == [1, 2]
    assert refused(s, Hire(seat=0, at="latium", unit="cavalry", count=2, mercenary=True))


def test_n7_ships_need_a_shipyard_and_an_own_administrator_ashore() -> None:
    """2 ₣ + 2 $ a ship, in a sea beside an own province where an own administrator stands,
    never in a class-6 sea (Carthage touches the Syrtis, class 6)."""
    s = player(start(), 1, food=20, money=20)
    assert not any(m.unit == "ships" for m in legal(s, 1) if isinstance(m, Hire))
    s = player(s, 1, buildings=("shipyard",))
    seas = {m.at for m in legal(s, 1) if isinstance(m, Hire) and m.unit == "ships"}
    assert seas == {"tyrrhenian"}
    assert refused(s, Hire(seat=1, at="syrtis", unit="ships", count=1)) == "P1.hire"
    admin = hero_of(s, 1, "administrator")
    moved = set_hero(s, admin.id, province="numidia")
    assert not any(m.unit == "ships" for m in legal(moved, 1) if isinstance(m, Hire))
    moved = set_prov(moved, "numidia", owner=1)
    seas = {m.at for m in legal(moved, 1) if isinstance(m, Hire) and m.unit == "ships"}
    assert seas == {"africum"}
    # Another seat's administrator in my province does not count.
    foreign = set_hero(s, admin.id, province="numidia")
    foreign = set_hero(foreign, hero_of(s, 0, "administrator").id, province="carthago")
    assert not any(m.unit == "ships" for m in legal(foreign, 1) if isinstance(m, Hire))
    s = play(s, Hire(seat=1, at="tyrrhenian", unit="ships", count=3))
    s = commit_all(s)
    assert sea_ships(s, "tyrrhenian", 1) == 3
    assert (s.players[1].food, s.players[1].money) == (14, 14)


def test_q10_ships_per_state_caps_the_ships_on_the_board() -> None:
    s = player(start(), 1, food=30, money=30, buildings=("shipyard",))
    s = ships(s, "africum", 1, 5)  # 6 a state in this pack
    counts = [m.count for m in legal(s, 1) if isinstance(m, Hire) and m.unit == "ships"]
    assert counts == [1]
    assert refused(s, Hire(seat=1, at="tyrrhenian", unit="ships", count=2)) == "P1.hire"


def test_sealed_drafts_are_private_until_all_committed() -> None:
    s = start()
    s = play(s, Hire(seat=0, at="latium", unit="infantry", count=2))
    mine, theirs = G.view(s, 0), G.view(s, 1)
    assert mine.players[0].draft is not None and len(mine.players[0].draft.hire) == 1
    assert theirs.players[0].draft is None and not theirs.players[0].committed
    assert G.view(s, None).players[0].draft is None
    s, events = G.apply(s, Commit(seat=0))
    assert not any(isinstance(e, Revealed) for e in events)
    assert G.view(s, 1).players[0].committed and G.view(s, 1).players[0].draft is None
    assert prov(s, "latium").army(0).total() == 0  # not yet applied
    assert refused(s, Hire(seat=0, at="latium", unit="infantry", count=1)) == "not_your_turn"
    assert G.explain(s, Hire(seat=0, at="latium", unit="infantry", count=1)).code.endswith(
        "sealed.committed"
    )
    s, events = G.apply(s, Commit(seat=1))
    revealed = [e for e in events if isinstance(e, Revealed)]
    assert len(revealed) == 1 and revealed[0].step == "hire"
    assert revealed[0].drafts[0].hire[0].count == 2 and revealed[0].drafts[1].hire == ()
    assert revealed[0] in G.events_for(events, 1)
    assert prov(s, "latium").army(0).infantry == 2


# ------------------------------------------------------------------------------ phase 2


def test_n8_troops_bought_this_turn_are_fed() -> None:
    """5 ₣, 2 infantry bought (3 ₣ left), upkeep 2 ₣: 1 ₣ left."""
    s = start()
    s = play(s, Hire(seat=0, at="latium", unit="infantry", count=2))
    s = commit_all(s)
    assert isinstance(top(s), D6) and s.phase == 3  # phase 2 asked nothing
    assert s.players[0].food == 1 and s.players[1].food == 5


def test_n9_a_seat_that_cannot_pay_disbands_until_it_can() -> None:
    """3 ₣ and 5 soldiers: disband at least 2 of its choice, then pay."""
    s = start()
    s = army(s, "latium", 0, infantry=3, archers=1)
    s = army(s, "campania", 0, cavalry=1)
    s = ships(s, "tyrrhenian", 0, 4)  # Q12: ships cost no upkeep
    s = player(s, 0, food=3)
    s = army(s, "carthago", 1, infantry=2)
    s = at_phase(s, 2)
    assert isinstance(top(s), Sealed) and top(s).seats == (0,)
    assert s.players[1].food == 3  # seat 1 paid at once
    assert refused(s, Commit(seat=0)) == "sealed.commit"
    assert Disband(seat=0, at="campania", unit="cavalry", count=1) in legal(s, 0)
    s = play(s, Disband(seat=0, at="campania", unit="cavalry", count=1))
    assert refused(s, Commit(seat=0)) == "sealed.commit"
    s = play(s, Disband(seat=0, at="latium", unit="infantry", count=1))
    assert Commit(seat=0) in legal(s, 0)
    assert not any(isinstance(m, Disband) for m in legal(s, 0))  # no voluntary disbanding
    s = play(s, Commit(seat=0))
    assert s.players[0].food == 0
    assert prov(s, "latium").army(0).infantry == 2 and prov(s, "campania").army(0).total() == 0


# ------------------------------------------------------------------------------ phase 4

ALL_SCIENCES = rules.SCIENCES


def test_n10_building_costs() -> None:
    assert rules.BUILDING_COST == {
        "range": 5,
        "stable": 5,
        "shipyard": 5,
        "armoury": 20,
        "archery_workshop": 20,
        "admiralty": 20,
        "mill": 15,
        "treasury": 15,
        "academy": 10,
        "spy_centre": 10,
    }
    assert (rules.FORTRESS_FOOD, rules.FORTRESS_MONEY, rules.MAX_FORTRESSES) == (5, 5, 3)


@pytest.mark.parametrize("building", rules.BUILDINGS)
def test_n10_a_building_costs_its_price_in_money(building: str) -> None:
    cost = rules.BUILDING_COST[building]  # type: ignore[index]
    s = player(start(), 0, sciences=ALL_SCIENCES, money=cost, food=0)
    s = at_phase(s, 4)
    assert StartBuilding(seat=0, building=building) in legal(s, 0)  # type: ignore[arg-type]
    poor = at_phase(player(start(), 0, sciences=ALL_SCIENCES, money=cost - 1), 4)
    assert refused(poor, StartBuilding(seat=0, building=building)) == "P4.build"  # type: ignore[arg-type]
    s = commit_all(play(s, StartBuilding(seat=0, building=building)))  # type: ignore[arg-type]
    assert s.players[0].money == 0 and s.players[0].constructing == (building,)


def test_q20_a_building_needs_its_science_and_the_capital() -> None:
    s = at_phase(player(start(), 0, money=50, sciences=("archery",)), 4)
    starts = {m.building for m in legal(s, 0) if isinstance(m, StartBuilding)}
    assert starts == {"range"}
    assert refused(s, StartBuilding(seat=0, building="stable")) == "P4.build"
    lost = at_phase(
        set_prov(player(start(), 0, money=50, sciences=("archery",)), "latium", owner=1), 4
    )
    assert not any(isinstance(m, StartBuilding) for m in legal(lost, 0))


def test_n11_face_down_until_next_turns_phase_4() -> None:
    """A range paid in turn 1 is face down (private) until phase 4 of turn 2; archers can be
    bought in the capital from phase 1 of turn 3."""
    s = at_phase(player(start(), 0, money=20, sciences=("archery",)), 4)
    s = commit_all(play(s, StartBuilding(seat=0, building="range")))
    assert s.players[0].constructing == ("range",) and s.players[0].buildings == ()
    assert G.view(s, 1).players[0].constructing is None
    assert G.view(s, 1).players[0].constructing_count == 1
    assert G.view(s, 0).players[0].constructing == ("range",)
    s = refused_again = at_phase(edit(s, turn=2), 1)
    assert ("latium", "archers", False) not in hires(refused_again)
    assert StartBuilding(seat=0, building="range") not in legal(at_phase(s, 4), 0)  # once each
    s = at_phase(s, 4)
    assert s.players[0].buildings == ("range",) and s.players[0].constructing == ()
    s = at_phase(edit(s, turn=3), 1)
    assert ("latium", "archers", False) in hires(s)


def test_n12_a_fortress_needs_a_fortress_or_an_own_administrator() -> None:
    s = player(start(), 0, food=30, money=30)
    s = set_prov(s, "campania", owner=0)
    s = at_phase(s, 4)
    forts = {m.province for m in legal(s, 0) if isinstance(m, BuildFortress)}
    assert forts == {"latium"}  # the capital has its fortress; campania has nothing
    assert refused(s, BuildFortress(seat=0, province="campania")) == "P4.fortress"
    s2 = set_hero(s, hero_of(s, 0, "administrator").id, province="campania")
    s2 = at_phase(s2, 4)
    assert BuildFortress(seat=0, province="campania") in legal(s2, 0)
    s3 = set_hero(s, hero_of(s, 1, "administrator").id, province="campania")
    assert BuildFortress(seat=0, province="campania") not in legal(at_phase(s3, 4), 0)


def test_n12_at_most_three_built_at_once_and_paid() -> None:
    s = at_phase(player(start(), 0, food=30, money=30), 4)
    s = play(s, BuildFortress(seat=0, province="latium"), BuildFortress(seat=0, province="latium"))
    assert refused(s, BuildFortress(seat=0, province="latium")) == "P4.fortress"
    s = commit_all(s)
    assert prov(s, "latium").fortresses == 3  # at once (instant)
    assert (s.players[0].food, s.players[0].money) == (20, 20)
    s = at_phase(s, 4)
    assert refused(s, BuildFortress(seat=0, province="latium")) == "P4.fortress"


def test_q23_no_fortress_under_siege() -> None:
    s = player(start(), 0, food=30, money=30)
    s = army(s, "latium", 1, infantry=1)
    s = edit(s, wars=((0, 1),))
    assert refused(at_phase(s, 4), BuildFortress(seat=0, province="latium")) == "P4.fortress"
    peace = edit(s, wars=())
    assert BuildFortress(seat=0, province="latium") in legal(at_phase(peace, 4), 0)


def test_c4_an_academy_gives_two_research_successes_when_built() -> None:
    s = player(start(), 0, constructing=("academy",))
    s = at_phase(s, 4)
    assert isinstance(top(s), DrawBasic) and top(s).seat == 0
    assert sum(1 for x in s.pending if isinstance(x, Research) and x.academy) == 1
    s = play(s, BasicLearned(science="pottery"))
    assert isinstance(top(s), DrawBasic)
    s = play(s, BasicLearned(science="riding"))
    assert s.players[0].sciences == ("pottery", "riding")
    assert s.players[0].buildings == ("academy",)
    assert isinstance(top(s), Sealed) and top(s).step == "build"


def test_q25_building_ages_order_the_fleets() -> None:
    """Completed in different turns: the older first; in the same turn: by seat."""
    s = player(player(start(3), 2, constructing=("shipyard",)), 1, constructing=("shipyard",))
    s = at_phase(s, 4)
    assert s.shipyard_order == (1, 2)
    s = commit_all(s)
    s = player(s, 0, constructing=("shipyard",))
    s = at_phase(edit(s, turn=2), 4)
    assert s.shipyard_order == (1, 2, 0)


# ------------------------------------------------------------------------------ phase 6


def test_n17_income_of_provinces_with_mill_and_treasury() -> None:
    """Fertility and tribute of every own province without enemy soldiers and not sabotaged,
    +3 ₣ with a Mill and +3 $ with a Treasury."""
    s = start()
    for pid in ("campania", "etruria", "sicilia"):
        s = set_prov(s, pid, owner=0)
    s = army(s, "etruria", 1, infantry=1)  # at war: no income from Etruria
    s = edit(s, wars=((0, 1),))
    s = set_prov(s, "sicilia", sabotaged=True)
    s = player(s, 0, food=0, money=0, buildings=("mill", "treasury"))
    s = player(s, 1, food=0, money=0)
    s = at_phase(s, 6)
    # latium 3/3 + campania 3/2 + mill 3 ₣ + treasury 3 $
    assert (s.players[0].food, s.players[0].money) == (9, 8)
    assert (s.players[1].food, s.players[1].money) == (3, 3)
    assert not prov(s, "sicilia").sabotaged  # Q30: the next income only


def test_q27_soldiers_of_a_seat_not_at_war_do_not_block_income() -> None:
    s = player(army(start(), "latium", 1, infantry=3), 0, food=0, money=0)
    s = at_phase(s, 6)
    assert (s.players[0].food, s.players[0].money) == (3, 3)


def test_q31_mill_and_treasury_pay_without_the_capital() -> None:
    s = player(start(), 0, food=0, money=0, buildings=("mill", "treasury"))
    s = set_prov(s, "latium", owner=1)
    s = at_phase(s, 6)
    assert (s.players[0].food, s.players[0].money) == (3, 3)


def test_n17_one_vp_a_turn_for_10_food_and_10_money() -> None:
    s = player(start(), 0, food=17, money=17)
    s = at_phase(s, 6)
    assert isinstance(top(s), Sealed) and top(s).seats == (0,)  # seat 1 cannot afford it
    s = play(s, BuyVp(seat=0))
    assert refused(s, BuyVp(seat=0)) == "P6.vp"
    s = play(s, Commit(seat=0))
    assert (s.players[0].food, s.players[0].money, s.players[0].vp) == (10, 10, 3)
    assert s.players[0].vp_bought and s.phase > 6


def test_n17_vp_refused_without_the_price() -> None:
    s = at_phase(player(start(), 0, food=17, money=17), 6)
    s = player(s, 0, money=9)
    assert refused(s, BuyVp(seat=0)) == "P6.vp"


def test_roll_face_is_refused_during_a_sealed_step() -> None:
    assert refused(start(), RollFace(face=1)) == "not_your_turn"


def test_n11_the_building_started_stays_face_down_in_the_reveal() -> None:
    """«Фаза 4»: the card is laid face down: when the sealed construction is revealed, the
    others learn the fortresses built and what was paid, not which building was started."""
    s = at_phase(player(start(), 0, money=20, food=10, sciences=("archery",)), 4)
    s = play(s, StartBuilding(seat=0, building="range"), BuildFortress(seat=0, province="latium"))
    s = play(s, Commit(seat=0))
    s, events = G.apply(s, Commit(seat=1))
    for seat in (1, None):
        shown = [e for e in G.events_for(events, seat) if isinstance(e, Revealed)]
        assert len(shown) == 1 and shown[0].drafts[0].buildings == ()
        assert shown[0].drafts[0].fortresses == ("latium",)
        assert "range" not in str(G.events_for(events, seat))
    assert "range" in str(G.events_for(events, 0))
    assert s.players[0].constructing == ("range",) and s.players[0].money == 10


def test_a_hire_line_or_a_commit_is_checked_against_its_own_part_of_the_step() -> None:
    """``check_move`` looks a hire line up among the lines of its own place and unit (capital,
    mercenaries, ships), a commit alone: each part is the listing's lines of that kind."""
    s = player(set_prov(start(), "etruria", owner=0, fortresses=1), 0, money=20)
    s = player(s, 0, buildings=("stable", "shipyard"))
    listed = legal(s, 0)
    lines = [m for m in listed if isinstance(m, Hire)]
    assert {m.mercenary for m in lines} == {False, True}
    for line in lines:
        same = [
            m for m in lines if (m.at, m.unit, m.mercenary) == (line.at, line.unit, line.mercenary)
        ]
        assert G.candidate_moves(s, 0, line) == same
    assert G.candidate_moves(s, 0, Commit(seat=0)) == [Commit(seat=0)]
    stranger = Hire(seat=0, at="etruria", unit="infantry", count=1, mercenary=False)
    assert stranger not in listed and G.candidate_moves(s, 0, stranger) == []


def test_a_commit_short_of_food_has_nothing_to_be_checked_against() -> None:
    s = army(start(), "latium", 0, infantry=5)
    s = at_phase(player(s, 0, food=1), 2)
    assert Commit(seat=0) not in legal(s, 0)
    assert G.candidate_moves(s, 0, Commit(seat=0)) == []
