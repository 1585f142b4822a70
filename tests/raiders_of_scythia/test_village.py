"""«ХОД ИГРЫ», «ДЕРЕВНЯ» and the eight buildings (rulebook pp. 11-14; spec §1.4-§1.5, E3)."""

from __future__ import annotations

from arbiter.games.raiders_of_scythia.moves import (
    CompleteQuest,
    DiscardForQuest,
    DrawOneAndKumis,
    DrawTwo,
    Heal,
    HealWound,
    Hire,
    HireInto,
    PickUp,
    PutAnimal,
    SellCard,
    SellOne,
    SellTwo,
    Skip,
    TakeEagle,
    TakeHorse,
    TakeProvisions,
    TakeSilver,
    TakeWagon,
    TradeLivestock,
    Work,
    Wound,
)
from arbiter.games.raiders_of_scythia.state import (
    BuildingAction,
    ChoosePickUp,
    ChooseTurn,
    Draw,
    PlaceAnimal,
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
    legal_of,
    play,
    refused,
    set_player,
    setup_to_play,
    stock,
    village,
    village_quests,
)

State = RaidersState


def holding(worker: str, **changes: object) -> State:
    """Seat 0 at its ChooseTurn holding a ``worker`` worker, the village that of setup (blue on
    the Town Centre, Meeting Tent and Market) unless ``village`` is given."""
    s = at_turn(2, 0, **changes)  # type: ignore[arg-type]
    return begin(set_player(s, 0, worker=worker), 0)


# ---------------------------------------------------------------------------- the first turn


def test_first_turn_places_blue_only_on_the_three_free_buildings_that_take_it() -> None:
    """E3: Stables and the Chief's Tent take no blue worker; Town Centre, Meeting Tent and Market
    hold setup's blue workers."""
    s = setup_to_play(3)
    seat = s.current
    assert s.players[seat].worker == "blue"
    works = {m.building for m in legal(s) if isinstance(m, Work)}
    assert works == {"barracks", "silversmith", "farm"}
    assert refused(s, Work(seat=seat, building="stables")) == "work.worker"
    assert refused(s, Work(seat=seat, building="chiefs_tent")) == "work.worker"
    assert refused(s, Work(seat=seat, building="market")) == "work.occupied"


def test_first_turn_silversmith_then_market_ends_at_eight_silver() -> None:
    """E3 variant: blue on the Silversmith gives 3 silver; picking up the Market's blue worker
    sells a card for 2 silver: 3 + 3 + 2 = 8, which the limit allows."""
    s = setup_to_play(3)
    seat = s.current
    s, _ = play(s, Work(seat=seat, building="silversmith"))
    assert isinstance(s.pending[-1], BuildingAction)
    assert Skip(seat=seat) in legal(s)
    s, _ = play(s, TakeSilver(seat=seat))
    assert s.players[seat].stock.silver == 6
    assert isinstance(s.pending[-1], ChoosePickUp)
    pick_ups = {m.building for m in legal(s)}
    assert pick_ups == {"town_centre", "meeting_tent", "market"}
    assert Skip(seat=seat) not in legal(s)  # the pick-up is mandatory
    assert refused(s, PickUp(seat=seat, building="silversmith")) == "pick_up.not_there"
    assert refused(s, PickUp(seat=seat, building="farm")) == "pick_up.not_there"
    s, _ = play(s, PickUp(seat=seat, building="market"))
    card = s.players[seat].hand[0]
    s, _ = play(s, SellOne(seat=seat), SellCard(seat=seat, card=card))
    assert s.players[seat].stock.silver == 8
    assert s.players[seat].worker == "blue"
    assert s.village.market is None and s.village.silversmith == "blue"
    assert s.current != seat  # the turn ended; 8 silver kept
    assert s.players[seat].stock.silver == 8


def test_the_ninth_silver_goes_back_at_the_end_of_the_turn() -> None:
    s = holding("blue")
    s = stock(s, 0, silver=7)
    s, _ = play(s, Work(seat=0, building="silversmith"), TakeSilver(seat=0))
    assert s.players[0].stock.silver == 10  # during the turn there is no limit
    s, _ = play(s, PickUp(seat=0, building="town_centre"), Skip(seat=0))
    assert s.players[0].stock.silver == 8


def test_actions_are_optional_both_when_placing_and_when_picking_up() -> None:
    s = holding("blue")
    before = s.players[0].stock
    s, _ = play(
        s,
        Work(seat=0, building="silversmith"),
        Skip(seat=0),
        PickUp(seat=0, building="meeting_tent"),
        Skip(seat=0),
    )
    assert s.players[0].stock == before
    assert s.players[0].worker == "blue" and s.current == 1


def test_the_worker_picked_up_is_the_one_held_next() -> None:
    s = holding("blue", village=village(town_centre="blue", farm="red"))
    s, _ = play(s, Work(seat=0, building="silversmith"), Skip(seat=0))
    s, _ = play(s, PickUp(seat=0, building="farm"))
    # the red worker's Farm action: 3 provisions
    s, _ = play(s, TakeProvisions(seat=0))
    assert s.players[0].worker == "red"
    assert s.players[0].stock.provisions == 1 + 3


def test_a_worker_put_down_this_turn_cannot_be_picked_up() -> None:
    s = holding("grey", village=village(market="blue"))
    s, _ = play(s, Work(seat=0, building="farm"), Skip(seat=0))
    assert {m.building for m in legal(s)} == {"market", "meeting_tent", "town_centre"}
    assert refused(s, PickUp(seat=0, building="farm")) == "pick_up.not_there"


def test_moves_of_another_decision_are_refused_as_such() -> None:
    s = holding("blue")
    assert isinstance(s.pending[-1], ChooseTurn)
    assert refused(s, Wound(seat=0, slot=0)) == "decision"
    assert refused(s, Work(seat=0, building="castle")) == "illegal"  # type: ignore[arg-type]


def test_a_building_action_refuses_the_moves_of_another_building() -> None:
    s = holding("grey", village=village(market="blue"))
    s = stock(s, 0, silver=5)
    s, _ = play(s, Work(seat=0, building="silversmith"))
    shown = s.animal_display[0]
    assert shown is not None
    assert refused(s, TakeEagle(seat=0, card=shown)) == "action.other_building"
    assert refused(s, SellOne(seat=0)) == "action.other_building"


# ------------------------------------------------------------------------------- Stables


def stables_position(worker: str = "grey") -> State:
    s = holding(worker, village=village(market="blue"))
    s = display(s, "animal-01", "animal-02", "animal-03")
    return s


def test_stables_take_no_blue_worker() -> None:
    assert refused(stables_position("blue"), Work(seat=0, building="stables")) == "work.worker"


def test_stables_an_eagle_for_2_silver_slid_above_a_slot_and_the_display_refilled() -> None:
    for worker in ("grey", "red"):
        s = stock(stables_position(worker), 0, silver=2)
        s, _ = play(s, Work(seat=0, building="stables"), TakeEagle(seat=0, card="animal-03"))
        assert s.players[0].stock.silver == 0
        task = s.pending[-1]
        assert isinstance(task, Draw) and task.to == "display" and task.index == 2
        s, _ = draw(s, "animals", "animal-04")
        assert s.animal_display == ("animal-01", "animal-02", "animal-04")
        assert isinstance(s.pending[-1], PlaceAnimal)
        s, _ = play(s, PutAnimal(seat=0, slot=3))
        assert s.players[0].slots[3].eagle == "animal-03"
        assert s.players[0].slots[3].horse is None
        check(s)


def test_stables_a_horse_for_1_equipment_replacing_the_horse_in_that_slot() -> None:
    """Q5: a new horse may replace the horse of its slot; the old card is discarded."""
    s = stables_position()
    s = hire(s, 0, 1, "tyrant-1", horse="animal-10")
    s = stock(s, 0, equipment=1)
    supply = s.supply.equipment
    s, _ = play(s, Work(seat=0, building="stables"), TakeHorse(seat=0, card="animal-02"))
    s, _ = draw(s, "animals", "animal-05")
    s, _ = play(s, PutAnimal(seat=0, slot=1))
    slot = s.players[0].slots[1]
    assert slot.horse == "animal-02" and slot.crew == "tyrant-1"
    assert s.animal_discard[-1] == "animal-10"
    assert s.players[0].stock.equipment == 0 and s.supply.equipment == supply + 1
    check(s)


def test_stables_refusals() -> None:
    s = stock(stables_position(), 0, silver=1, equipment=0)
    s, _ = play(s, Work(seat=0, building="stables"))
    assert refused(s, TakeEagle(seat=0, card="animal-01")) == "stables.silver"
    assert refused(s, TakeHorse(seat=0, card="animal-01")) == "stables.equipment"
    s = stock(s, 0, silver=2)
    assert refused(s, TakeEagle(seat=0, card="animal-20")) == "stables.not_shown"


# ------------------------------------------------------------------------------ Barracks


def test_barracks_hire_from_hand_paying_the_cost_into_a_free_slot() -> None:
    for worker in ("blue", "grey", "red"):
        s = holding(worker, village=village(market="blue"))
        s = hand(s, 0, "tyrant-1", "merchant-1")
        s = stock(s, 0, silver=4)
        s, _ = play(s, Work(seat=0, building="barracks"))
        assert Hire(seat=0, card="tyrant-1") in legal(s)
        s, _ = play(s, Hire(seat=0, card="tyrant-1"), HireInto(seat=0, slot=2))
        p = s.players[0]
        assert p.slots[2].crew == "tyrant-1" and p.stock.silver == 0
        assert p.hand == ("merchant-1",)


def test_barracks_hire_into_an_occupied_slot_discards_the_old_crew_its_animals_stay() -> None:
    """Q4: the old crew member goes with its wounds; the eagle and horse stay with the slot."""
    s = holding("blue", village=village(market="blue"))
    s = hire(s, 0, 0, "tyrant-1", wounds=2, eagle="animal-03", horse="animal-07")
    s = hand(s, 0, "merchant-1")
    s = stock(s, 0, silver=1)
    s, _ = play(s, Work(seat=0, building="barracks"), Hire(seat=0, card="merchant-1"))
    s, _ = play(s, HireInto(seat=0, slot=0))
    slot = s.players[0].slots[0]
    assert (slot.crew, slot.wounds, slot.eagle, slot.horse) == (
        "merchant-1",
        0,
        "animal-03",
        "animal-07",
    )
    assert s.crew_discard[-1] == "tyrant-1"
    check(s)


def test_barracks_refusals() -> None:
    s = holding("blue", village=village(market="blue"))
    s = hand(s, 0, "tyrant-1")
    s = stock(s, 0, silver=3)
    s, _ = play(s, Work(seat=0, building="barracks"))
    assert refused(s, Hire(seat=0, card="tyrant-1")) == "barracks.silver"
    assert refused(s, Hire(seat=0, card="merchant-1")) == "barracks.not_in_hand"
    assert refused(s, Heal(seat=0)) == "barracks.heal"  # no kumis, no wound


def test_barracks_heal_one_kumis_removes_up_to_two_wounds_even_a_single_one() -> None:
    """Q3 (PL «do 2»): 1 kumis removes 2 wounds, the player choosing whose; with 1 wound it
    removes that one."""
    s = holding("blue", village=village(market="blue"))
    s = crew_only(s, 0, "tyrant-1", "strongman-1")
    s = hire(s, 0, 0, "tyrant-1", wounds=2)
    s = hire(s, 0, 1, "strongman-1", wounds=1)
    s = stock(s, 0, kumis=1)
    s, _ = play(s, Work(seat=0, building="barracks"), Heal(seat=0))
    assert s.players[0].stock.kumis == 0
    assert set(legal(s)) == {HealWound(seat=0, slot=0), HealWound(seat=0, slot=1)}
    s, _ = play(s, HealWound(seat=0, slot=1), HealWound(seat=0, slot=0))
    assert [sl.wounds for sl in s.players[0].slots[:2]] == [1, 0]
    assert isinstance(s.pending[-1], ChoosePickUp)

    one = holding("blue", village=village(market="blue"))
    one = hire(one, 0, 0, "tyrant-1", wounds=1)
    one = stock(one, 0, kumis=1)
    one, _ = play(one, Work(seat=0, building="barracks"), Heal(seat=0), HealWound(seat=0, slot=0))
    assert one.players[0].slots[0].wounds == 0
    assert isinstance(one.pending[-1], ChoosePickUp)


# --------------------------------------------------------------------------- Silversmith


def test_silversmith_gives_3_silver_to_blue_2_to_grey_or_red() -> None:
    for worker, silver in (("blue", 3), ("grey", 2), ("red", 2)):
        s = stock(holding(worker, village=village(market="blue")), 0, silver=0)
        s, _ = play(s, Work(seat=0, building="silversmith"), TakeSilver(seat=0))
        assert s.players[0].stock.silver == silver, worker


def test_silversmith_by_pick_up_uses_the_picked_up_workers_colour() -> None:
    s = holding("grey", village=village(silversmith="blue"))
    s = stock(s, 0, silver=0)
    s, _ = play(s, Work(seat=0, building="farm"), Skip(seat=0))
    s, _ = play(s, PickUp(seat=0, building="silversmith"), TakeSilver(seat=0))
    assert s.players[0].stock.silver == 3


# ---------------------------------------------------------------------------------- Farm


def test_farm_gives_2_provisions_to_blue_or_grey_3_to_red() -> None:
    for worker, provisions in (("blue", 2), ("grey", 2), ("red", 3)):
        s = stock(holding(worker, village=village(market="blue")), 0)
        s, _ = play(s, Work(seat=0, building="farm"))
        assert (TakeWagon(seat=0) in legal(s)) == (worker == "red")
        s, _ = play(s, TakeProvisions(seat=0))
        assert s.players[0].stock.provisions == provisions, worker


def test_farm_red_may_take_a_wagon_instead_grey_may_not() -> None:
    s = stock(holding("red", village=village(market="blue")), 0)
    s, _ = play(s, Work(seat=0, building="farm"), TakeWagon(seat=0))
    assert s.players[0].stock.wagons == 1 and s.players[0].stock.provisions == 0
    g = stock(holding("grey", village=village(market="blue")), 0)
    g, _ = play(g, Work(seat=0, building="farm"))
    assert refused(g, TakeWagon(seat=0)) == "farm.wagon"


# --------------------------------------------------------------------------- Chief's Tent


def tent(worker: str = "grey", **amounts: int) -> State:
    s = holding(worker, village=village(market="blue"))
    s = village_quests(s, "quest-01", "quest-02")
    return stock(s, 0, **amounts)


def test_chiefs_tent_takes_no_blue_worker() -> None:
    assert refused(tent("blue"), Work(seat=0, building="chiefs_tent")) == "work.worker"


def test_chiefs_tent_trades_1_livestock_for_2_provisions_and_1_kumis() -> None:
    s = tent(livestock=1)
    s, _ = play(s, Work(seat=0, building="chiefs_tent"), TradeLivestock(seat=0))
    st = s.players[0].stock
    assert (st.livestock, st.provisions, st.kumis) == (0, 2, 1)
    empty = tent()
    empty, _ = play(empty, Work(seat=0, building="chiefs_tent"))
    assert refused(empty, TradeLivestock(seat=0)) == "chiefs_tent.livestock"


def test_quest_1_wagon_and_3_livestock_scores_5_vp() -> None:
    """E12 (Chief's Tent caption 1)."""
    s = tent(wagons=1, livestock=3)
    s, _ = play(s, Work(seat=0, building="chiefs_tent"))
    assert CompleteQuest(seat=0, quest="quest-01") in legal(s)
    s, _ = play(s, CompleteQuest(seat=0, quest="quest-01"))
    p = s.players[0]
    assert p.stock.wagons == 0 and p.stock.livestock == 0
    assert p.quests == ("quest-01",)
    assert s.village_quests == (None, "quest-02")
    check(s)


def test_quest_1_with_2_livestock_is_not_offered() -> None:
    s = tent(wagons=1, livestock=2)
    s, _ = play(s, Work(seat=0, building="chiefs_tent"))
    assert CompleteQuest(seat=0, quest="quest-01") not in legal(s)
    assert refused(s, CompleteQuest(seat=0, quest="quest-01")) == "chiefs_tent.cannot_pay"


def test_only_face_up_quests_can_be_completed() -> None:
    s = tent(gold=5)
    s, _ = play(s, Work(seat=0, building="chiefs_tent"))
    assert "quest-04" not in s.village_quests
    assert refused(s, CompleteQuest(seat=0, quest="quest-04")) == "chiefs_tent.not_face_up"


def test_quest_discard_hand_strength_8_all_three_cards_of_4_3_2() -> None:
    """E13 / Q25: cards are discarded one at a time until their printed strengths reach 8; with
    4 + 3 = 7 the third must go too."""
    s = tent()
    s = hand(s, 0, "tyrant-1", "mercenary-1", "antagonist-1")  # strengths 4, 3, 2
    s = crew_only(s, 0, "veteran-1", "veteran-2", "tyrant-2", "strongman-1")
    s = stock(s, 0, kumis=5)
    s, _ = play(s, Work(seat=0, building="chiefs_tent"), CompleteQuest(seat=0, quest="quest-02"))
    s, _ = play(s, DiscardForQuest(seat=0, card="tyrant-1"))
    s, _ = play(s, DiscardForQuest(seat=0, card="mercenary-1"))
    assert s.players[0].quests == ()
    assert legal(s) == [DiscardForQuest(seat=0, card="antagonist-1")]
    s, _ = play(s, DiscardForQuest(seat=0, card="antagonist-1"))
    assert s.players[0].quests == ("quest-02",) and s.players[0].hand == ()
    assert s.crew_discard[-3:] == ("tyrant-1", "mercenary-1", "antagonist-1")


def test_quest_discard_hand_strength_8_not_offered_with_4_and_3() -> None:
    """E13: the hand's strength alone counts, not the hired crew, animals or kumis."""
    s = tent(kumis=5)
    s = hand(s, 0, "tyrant-1", "mercenary-1")
    s = crew_only(s, 0, "veteran-1", "veteran-2", "tyrant-2", "strongman-1")
    s = hire(s, 0, 0, "veteran-1", eagle="animal-03", horse="animal-07")
    s, _ = play(s, Work(seat=0, building="chiefs_tent"))
    assert legal_of(s, CompleteQuest) == []


# ---------------------------------------------------------------------------- Meeting Tent


def test_meeting_tent_draw_2_cards_or_1_card_and_2_kumis_any_colour() -> None:
    for worker in ("blue", "grey", "red"):
        s = stock(holding(worker, village=village(free=("meeting_tent",))), 0)
        s = hand(s, 0)
        s, _ = play(s, Work(seat=0, building="meeting_tent"), DrawTwo(seat=0))
        s, _ = draw(s, "crew", "tyrant-1", "merchant-1")
        assert s.players[0].hand == ("tyrant-1", "merchant-1")
        t = stock(holding(worker, village=village(free=("meeting_tent",))), 0)
        t = hand(t, 0)
        t, _ = play(t, Work(seat=0, building="meeting_tent"), DrawOneAndKumis(seat=0))
        t, _ = draw(t, "crew", "tyrant-1")
        assert t.players[0].hand == ("tyrant-1",) and t.players[0].stock.kumis == 2


# -------------------------------------------------------------------------------- Market


def test_market_sells_1_card_for_2_silver_or_2_cards_for_a_wagon_or_an_equipment() -> None:
    s = holding("blue", village=village(free=("market",)))
    s = stock(hand(s, 0, "tyrant-1", "merchant-1", "mercenary-1"), 0)
    s, _ = play(s, Work(seat=0, building="market"))
    assert {type(m) for m in legal(s)} == {SellOne, SellTwo, Skip}
    s, _ = play(
        s,
        SellTwo(seat=0, reward="wagons"),
        SellCard(seat=0, card="tyrant-1"),
        SellCard(seat=0, card="mercenary-1"),
    )
    p = s.players[0]
    assert p.stock.wagons == 1 and p.hand == ("merchant-1",)
    assert s.crew_discard[-2:] == ("tyrant-1", "mercenary-1")


def test_market_refusals() -> None:
    s = holding("blue", village=village(free=("market",)))
    s = hand(s, 0, "tyrant-1")
    s, _ = play(s, Work(seat=0, building="market"))
    assert refused(s, SellTwo(seat=0, reward="equipment")) == "market.hand"
    none = msgspec_replace_supply(hand(s, 0, "tyrant-1", "merchant-1"), equipment=0)
    assert refused(none, SellTwo(seat=0, reward="equipment")) == "market.supply"
    empty = hand(s, 0)
    assert refused(empty, SellOne(seat=0)) == "market.hand"


def msgspec_replace_supply(s: State, **kinds: int) -> State:
    """The supply with ``kinds`` set (the tokens go back to the bag so plunder is conserved)."""
    import msgspec

    supply = msgspec.structs.replace(s.supply, **kinds)
    bag = s.bag
    for kind, n in kinds.items():
        bag = bag.plus(kind, getattr(s.supply, kind) - n)  # type: ignore[arg-type]
    return msgspec.structs.replace(s, supply=supply, bag=bag)
