"""«НАБЕГ», «БРОСОК КУБИКОВ», «СИЛА», «РАНЕНИЯ» and «ПРИМЕР НАБЕГА» (spec §1.7-§1.11, E4-E10)."""

from __future__ import annotations

from typing import Any

from arbiter.games.raiders_of_scythia.events import (
    AbilityUsed,
    CrewKilled,
    QuestTurnedUp,
    RaidScored,
)
from arbiter.games.raiders_of_scythia.moves import (
    DrawCard,
    KeepDice,
    Raid,
    Reroll,
    RollDie,
    SpendKumis,
    TakeSpace,
    Wound,
)
from arbiter.games.raiders_of_scythia.state import (
    AssignWounds,
    ChooseKumis,
    ChooseReroll,
    ChooseSpace,
    Draw,
    Plunder,
    RaidersState,
    Roll,
    Spot,
)
from tests.raiders_of_scythia.helpers import (
    at_turn,
    begin,
    check,
    crew_only,
    draw,
    hire,
    legal,
    of_type,
    play,
    raided,
    refused,
    roll,
    set_player,
    set_space,
    space_index,
    stock,
    tables,
)

State = RaidersState
NO_GOLD = Plunder(livestock=1, wagons=1)


def raider(worker: str, *crew: str, players: int = 2, **amounts: int) -> State:
    """Seat 0 at its ChooseTurn with a ``worker`` worker, exactly ``crew`` hired and ``amounts``
    in stock."""
    s = at_turn(players, 0)
    s = set_player(s, 0, worker=worker)
    s = crew_only(s, 0, *crew)
    s = stock(s, 0, **amounts)
    return begin(s, 0)


def no_gold(s: State, *space_ids: str) -> State:
    for sid in space_ids:
        s = set_space(s, sid, plunder=NO_GOLD)
    return s


def settlement_of(s: State, sid: str) -> int:
    index: int = tables(s=s).settlement_index[sid]
    return index


# --------------------------------------------------------------------------- requirements


PERSIA = ("tyrant-1", "strongman-1", "adventurer-1", "merchant-1")


def test_raid_requirements_persian_satraps_seat() -> None:
    """E4: Persia's central settlement takes grey or red, 4 crew, 2 provisions and 1 wagon."""
    move = Raid(seat=0, settlement="persia-central")
    s = raider("grey", *PERSIA, provisions=2, wagons=1)
    assert move in legal(s)
    assert refused(raider("blue", *PERSIA, provisions=2, wagons=1), move) == "raid.worker"
    assert refused(raider("grey", *PERSIA[:3], provisions=2, wagons=1), move) == "raid.crew"
    assert refused(raider("grey", *PERSIA, provisions=1, wagons=1), move) == "raid.provisions"
    assert refused(raider("grey", *PERSIA, provisions=2, wagons=0), move) == "raid.wagons"


def test_raid_pays_and_leaves_the_worker_on_the_next_spot() -> None:
    s = raider("grey", *PERSIA, provisions=2, wagons=1)
    s, _ = play(s, Raid(seat=0, settlement="persia-central"))
    p = s.players[0]
    assert p.stock.provisions == 0 and p.stock.wagons == 0 and p.worker is None
    assert s.spots[settlement_of(s, "persia-central")] == (Spot(seat=0, worker="grey"),)


def test_the_minimum_crew_counts_hired_cards_whatever_their_wounds_not_the_hero() -> None:
    """Q6."""
    s = raider("grey", *PERSIA, provisions=2, wagons=1)
    s = hire(s, 0, 3, "merchant-1", wounds=1)  # at strength 0, still hired
    assert s.players[0].hero is not None
    assert Raid(seat=0, settlement="persia-central") in legal(s)


def test_raid_unknown_settlement_and_one_fully_raided() -> None:
    s = raider("grey", *PERSIA, provisions=3, wagons=1)
    assert refused(s, Raid(seat=0, settlement="atlantis")) == "raid.unknown"
    s = raided(s, "persia-central-left", "persia-central-right")
    assert refused(s, Raid(seat=0, settlement="persia-central")) == "raid.no_space"


def test_spaces_for_4_players_only_cannot_be_raided_by_fewer() -> None:
    """Persia's east settlement has only 4-player spaces: unused with 2 players."""
    s = raider("red", *PERSIA, provisions=3, wagons=1)
    assert refused(s, Raid(seat=0, settlement="persia-east")) == "raid.no_space"
    four = raider("red", *PERSIA, players=4, provisions=3, wagons=1)
    assert Raid(seat=0, settlement="persia-east") in legal(four)


# ------------------------------------------------------------------------------- kumis, dice


def test_kumis_any_number_one_strength_each() -> None:
    s = raider("blue", "merchant-1", provisions=1, kumis=3)
    s = no_gold(s, "cimmeria-west-left", "cimmeria-west-right")
    s, _ = play(s, Raid(seat=0, settlement="cimmeria-west"))
    assert isinstance(s.pending[-1], ChooseKumis)
    assert legal(s) == [SpendKumis(seat=0, kumis=n) for n in range(4)]
    s, _ = play(s, SpendKumis(seat=0, kumis=2))
    s, ev = roll(s, (0, 0))
    (scored,) = of_type(ev, RaidScored)
    assert scored.kumis == 2 and scored.strength == 2 + 1  # kumis + Merchant
    assert s.players[0].stock.kumis == 1


def test_yellow_dice_one_per_raid_space_still_holding_gold() -> None:
    """E6: 2 spaces with gold: 1 red, 1 white, 2 yellow; the next raider after one is taken
    rolls 1 yellow."""
    crew = ("tyrant-1", "strongman-1", "adventurer-1")
    s = raider("grey", *crew, provisions=4, kumis=0)
    s = set_space(s, "assyria-centre-left", plunder=Plunder(gold=1, livestock=1))
    s = set_space(s, "assyria-centre-right", plunder=Plunder(gold=2))
    s, _ = play(s, Raid(seat=0, settlement="assyria-centre"))
    assert s.raid is not None
    assert [d.colour for d in s.raid.dice] == ["red", "white", "yellow", "yellow"]
    s, _ = roll(s, (3, 0), (1, 0), (4, 0), (4, 0))  # 9 + 12 = 21: no wounds
    s, _ = play(s, TakeSpace(seat=0, space="assyria-centre-right"))
    gold = s.players[0].stock.gold
    assert gold == 2

    s = set_player(s, 0, worker="grey")
    s = stock(s, 0, provisions=2, gold=gold)
    s, _ = play(begin(s, 0), Raid(seat=0, settlement="assyria-centre"))
    assert s.raid is not None
    assert [d.colour for d in s.raid.dice] == ["red", "white", "yellow"]


def test_a_space_without_gold_adds_no_yellow_die() -> None:
    s = raider("grey", "tyrant-1", "strongman-1", "adventurer-1", provisions=2)
    s = set_space(s, "assyria-centre-left", plunder=NO_GOLD)
    s = set_space(s, "assyria-centre-right", plunder=Plunder(gold=1))
    s, _ = play(s, Raid(seat=0, settlement="assyria-centre"))
    assert s.raid is not None
    assert [d.colour for d in s.raid.dice] == ["red", "white", "yellow"]


def test_a_die_face_that_is_not_on_the_die_is_refused() -> None:
    s = raider("blue", "merchant-1", provisions=1)
    s = no_gold(s, "cimmeria-west-left", "cimmeria-west-right")
    s, _ = play(s, Raid(seat=0, settlement="cimmeria-west"))
    assert isinstance(s.pending[-1], Roll)
    assert refused(s, RollDie(colour="red", strength=6, wounds=0)) == "chance.outcome"


# ------------------------------------------------------------------------------ the bands

BANDLESS = ("healer-1", "healer-2", "chronicler-1")  # strength 0, no crew ability


def assyrian_raid(kumis: int, dice: tuple[tuple[int, int], ...] = ((0, 0), (0, 0))) -> list[Any]:
    s = raider("grey", *BANDLESS, provisions=2, kumis=kumis)
    s = no_gold(s, "assyria-centre-left", "assyria-centre-right")
    s, _ = play(s, Raid(seat=0, settlement="assyria-centre"), SpendKumis(seat=0, kumis=kumis))
    s, ev = roll(s, *dice)
    return [s, of_type(ev, RaidScored)[0]]


def test_strength_bands_of_the_assyrian_walled_town() -> None:
    """E7: bands 0 (0 VP, 2 wounds), 10 (2 VP), 16 (4 VP)."""
    for strength, vp, wounds in ((14, 2, 0), (16, 4, 0), (9, 0, 2), (10, 2, 0), (15, 2, 0)):
        s, scored = assyrian_raid(strength)
        assert (scored.strength, scored.vp, scored.wounds) == (strength, vp, wounds)
        assert s.players[0].vp == vp


def test_dice_wounds_are_added_to_the_bands() -> None:
    s, scored = assyrian_raid(7, ((1, 1), (0, 2)))  # strength 8, 3 dice wounds
    assert (scored.strength, scored.vp, scored.wounds) == (8, 0, 2 + 3)
    assert s.pending[-1] == AssignWounds(seat=0, left=5)
    # 3 crew members at strength 0: each wound kills one; the last 2 wounds are lost (Q7)
    s, _ = play(s, Wound(seat=0, slot=0), Wound(seat=0, slot=1), Wound(seat=0, slot=2))
    assert not any(isinstance(t, AssignWounds) for t in s.pending)
    assert all(sl.crew is None for sl in s.players[0].slots)


# ----------------------------------------------------------------------------------- wounds


def test_vigilante_takes_2_silver_before_wounds_and_keeps_them_when_killed() -> None:
    """E5: the Vigilante at strength 0 raids Assyria: +2 silver first, then a wound kills it."""
    s = raider("blue", "vigilante-1", "healer-1", provisions=2)
    s = hire(s, 0, 0, "vigilante-1", wounds=2)
    s = no_gold(s, "assyria-west-left", "assyria-west-right")
    s, _ = play(s, Raid(seat=0, settlement="assyria-west"))
    s, ev = roll(s, (0, 0), (0, 0))
    assert isinstance(s.pending[-1], AssignWounds)
    assert s.players[0].stock.silver == 2  # before the wounds
    assert of_type(ev, AbilityUsed)[0].ability == "raid_gain"
    s, ev = play(s, Wound(seat=0, slot=0))
    assert of_type(ev, CrewKilled) == [CrewKilled(seat=0, slot=0, card="vigilante-1")]
    assert s.players[0].slots[0].crew is None and s.players[0].slots[0].wounds == 0
    assert s.crew_discard[-1] == "vigilante-1"
    assert s.players[0].stock.silver == 2


def test_vigilante_gives_nothing_outside_assyria() -> None:
    s = raider("blue", "vigilante-1", "healer-1", provisions=2)
    s = no_gold(s, "cimmeria-centre-left", "cimmeria-centre-right")
    s, _ = play(s, Raid(seat=0, settlement="cimmeria-centre"))
    s, _ = roll(s, (0, 0))
    assert s.players[0].stock.silver == 0


def cimmerian_raid(s: State, settlement: str, face: tuple[int, int] = (0, 0)) -> State:
    s = no_gold(s, f"{settlement}-left", f"{settlement}-right")
    s, _ = play(s, Raid(seat=0, settlement=settlement))
    s, _ = roll(s, face)
    return s


def test_conspirator_draws_one_card_once_for_two_wounds() -> None:
    """E8: 2 wounds on the Conspirator (strength 2): alive at 0, «При ранении» draws 1 card."""
    s = raider("blue", "conspirator-1", "healer-1", provisions=2)
    s = cimmerian_raid(s, "cimmeria-centre")  # strength 2: band 0, 2 wounds
    assert s.pending[-1] == AssignWounds(seat=0, left=2)
    s, _ = play(s, Wound(seat=0, slot=0), Wound(seat=0, slot=0))
    assert s.players[0].slots[0].crew == "conspirator-1"
    assert s.players[0].slots[0].wounds == 2
    task = s.pending[-1]
    assert isinstance(task, Draw) and task.to == "hand" and task.count == 1
    hand = s.players[0].hand
    s, _ = draw(s, "crew", "tyrant-1")
    assert s.players[0].hand == (*hand, "tyrant-1")
    assert isinstance(s.pending[-1], ChooseSpace)  # and no second card


def test_conspirator_killed_later_draws_nothing() -> None:
    """E8 follow-up: a wound on the Conspirator at 0 kills it; «При ранении» does not apply."""
    s = raider("blue", "conspirator-1", provisions=1)
    s = hire(s, 0, 0, "conspirator-1", wounds=2)
    s = cimmerian_raid(s, "cimmeria-west")  # strength 0: band 0, 1 wound
    hand = s.players[0].hand
    s, ev = play(s, Wound(seat=0, slot=0))
    assert of_type(ev, CrewKilled)
    assert not any(isinstance(t, Draw) and t.deck == "crew" for t in s.pending)
    assert s.players[0].hand == hand
    assert s.crew_discard[-1] == "conspirator-1"


def test_wounds_go_on_any_living_crew_member_and_the_rest_are_lost() -> None:
    """Q7: killing is allowed though others have room; with no crew left the wounds are lost
    and the raid completes."""
    s = raider("blue", "merchant-1", "tyrant-1", provisions=2)
    s = cimmerian_raid(s, "cimmeria-centre", (1, 1))  # strength 6: band 5, 1 + 1 wound
    assert s.pending[-1] == AssignWounds(seat=0, left=2)
    assert set(legal(s)) == {Wound(seat=0, slot=0), Wound(seat=0, slot=1)}
    assert refused(s, Wound(seat=0, slot=2)) == "illegal"
    s, _ = play(s, Wound(seat=0, slot=0), Wound(seat=0, slot=0))  # wounded, then killed
    assert s.players[0].slots[0].crew is None
    assert s.players[0].slots[1].wounds == 0

    alone = raider("blue", "merchant-1", provisions=1)
    alone = cimmerian_raid(alone, "cimmeria-west", (1, 1))  # 2: band 0 (1) + 1 = 2 wounds
    alone, _ = play(alone, Wound(seat=0, slot=0))
    alone, _ = play(alone, Wound(seat=0, slot=0))  # killed; nothing left to wound
    assert alone.players[0].slots[0].crew is None
    assert isinstance(alone.pending[-1], ChooseSpace)


def test_rerolls_after_the_roll() -> None:
    """The Brawler (raid_reroll 1): after the dice one die may be rolled again."""
    s = raider("blue", "brawler-1", provisions=1)
    s = no_gold(s, "cimmeria-west-left", "cimmeria-west-right")
    s, _ = play(s, Raid(seat=0, settlement="cimmeria-west"))
    s, _ = roll(s, (0, 0))
    assert isinstance(s.pending[-1], ChooseReroll)
    assert set(legal(s)) == {Reroll(seat=0, die=0), KeepDice(seat=0)}
    s, _ = play(s, Reroll(seat=0, die=0))
    s, ev = roll(s, (3, 0))
    (scored,) = of_type(ev, RaidScored)
    assert scored.dice == 3 and scored.strength == 3 + 2
    kept = raider("blue", "brawler-1", provisions=1)
    kept = no_gold(kept, "cimmeria-west-left", "cimmeria-west-right")
    kept, _ = play(kept, Raid(seat=0, settlement="cimmeria-west"))
    kept, _ = roll(kept, (2, 0))
    kept, ev = play(kept, KeepDice(seat=0))
    assert of_type(ev, RaidScored)[0].dice == 2


def test_raid_strength_with_a_worker_colour_and_in_any_region() -> None:
    """The Antagonist: +2 when a grey worker raids, not a red one; the Spearman +1 anywhere."""
    for worker, extra in (("grey", 2 + 1), ("red", 1)):
        s = raider(worker, "antagonist-1", "spearman-1", "healer-1", provisions=2)
        s = no_gold(s, "assyria-centre-left", "assyria-centre-right")
        s, _ = play(s, Raid(seat=0, settlement="assyria-centre"))
        s, ev = roll(s, (0, 0), (0, 0))
        (scored,) = of_type(ev, RaidScored)
        assert scored.abilities == extra, worker
        assert scored.crew_and_animals == 4


def test_raid_strength_of_another_region_does_not_count() -> None:
    s = raider("grey", "siegebreaker-1", "healer-1", "healer-2", provisions=2)
    s = no_gold(s, "assyria-centre-left", "assyria-centre-right")
    s, _ = play(s, Raid(seat=0, settlement="assyria-centre"))
    s, ev = roll(s, (0, 0), (0, 0))
    assert of_type(ev, RaidScored)[0].abilities == 0


def test_fewer_wounds_in_any_region() -> None:
    """The Veteran: 1 fewer wound wherever it raids."""
    s = raider("blue", "veteran-1", "healer-1", provisions=2)
    s = no_gold(s, "cimmeria-centre-left", "cimmeria-centre-right")
    s, _ = play(s, Raid(seat=0, settlement="cimmeria-centre"))
    s, ev = roll(s, (0, 0))  # strength 4: band 0, 2 wounds - 1
    assert of_type(ev, RaidScored)[0].wounds == 1


def test_if_killed_doubled_by_a_doubling_eagle() -> None:
    s = raider("blue", "fanatic-1", provisions=1)
    s = hire(s, 0, 0, "fanatic-1", wounds=1, eagle="animal-05")  # double eagle
    s = cimmerian_raid(s, "cimmeria-west")
    s, ev = play(s, Wound(seat=0, slot=0))
    (used,) = of_type(ev, AbilityUsed)
    assert used.ability == "if_killed" and used.doubled
    assert s.players[0].vp == 4


def test_if_wounded_doubled_and_only_for_the_living() -> None:
    s = raider("blue", "berserker-1", "healer-1", provisions=2)
    s = hire(s, 0, 0, "berserker-1", eagle="animal-18")  # double eagle
    s = cimmerian_raid(s, "cimmeria-centre")  # strength 4: band 0, 2 wounds
    s, _ = play(s, Wound(seat=0, slot=0), Wound(seat=0, slot=1))  # the Healer dies
    assert s.players[0].vp == 2  # the Berserker's 1 VP doubled, once


# ---------------------------------------------------------------------------------- spaces


def test_of_two_raid_spaces_the_raider_chooses_and_a_quest_under_it_is_turned_up() -> None:
    s = raider("blue", "tyrant-1", "merchant-1", provisions=2)
    s = set_space(s, "cimmeria-centre-left", plunder=Plunder(livestock=2))
    s = set_space(s, "cimmeria-centre-right", plunder=Plunder(equipment=1, wagons=1))
    right = space_index(s, "cimmeria-centre-right")
    assert s.spaces[right].hidden_quest and s.spaces[right].worker == "red"
    s = cimmerian_raid_keep(s)
    assert set(legal(s)) == {
        TakeSpace(seat=0, space="cimmeria-centre-left"),
        TakeSpace(seat=0, space="cimmeria-centre-right"),
    }
    s, _ = play(s, TakeSpace(seat=0, space="cimmeria-centre-right"))
    assert s.players[0].worker == "red"
    assert (s.players[0].stock.equipment, s.players[0].stock.wagons) == (1, 1)
    task = s.pending[-1]
    assert isinstance(task, Draw) and task.deck == "quests" and task.to == "space_quest"
    quest = s.quest_pool[0]
    s, ev = play(s, DrawCard(deck="quests", card=quest))
    assert of_type(ev, QuestTurnedUp) == [QuestTurnedUp(space="cimmeria-centre-right", quest=quest)]
    assert s.spaces[right].quest == quest and s.spaces[right].raided
    check(s)


def cimmerian_raid_keep(s: State) -> State:
    s, _ = play(s, Raid(seat=0, settlement="cimmeria-centre"))
    s, _ = roll(s, (3, 0))  # 4 + 1 + 3 = 8: 2 VP, no wounds
    assert isinstance(s.pending[-1], ChooseSpace)
    return s


# ---------------------------------------------------------------------------- the example


def greek_raid() -> State:
    """E9's position: a grey worker, 2 provisions, 2 wagons, 3 kumis; slot 0 an eagle and no
    crew; the Tyrant, the Adventurer, the Gravedigger (at 0) and the Strongman with animals of 7
    strength (crew and animals 16); the Greek colony's left space raided, its right one with 2
    gold and a red worker."""
    s = at_turn(2, 0)
    s = set_player(s, 0, worker="grey")
    s = crew_only(s, 0)
    s = hire(s, 0, 0, None, eagle="animal-07")  # eagle of strength 1, no crew: not counted
    s = hire(s, 0, 1, "tyrant-1", horse="animal-10")  # 4 + 3
    s = hire(s, 0, 2, "adventurer-1", eagle="animal-22")  # 2 + 1
    s = hire(s, 0, 3, "gravedigger-1")  # 0
    s = hire(s, 0, 4, "strongman-1", horse="animal-20")  # 3 + 3
    s = stock(s, 0, provisions=2, wagons=2, kumis=3)
    s = raided(s, "greece-west-left")
    s = set_space(s, "greece-west-right", plunder=Plunder(gold=2), worker="red")
    spots = list(s.spots)
    spots[settlement_of(s, "greece-west")] = (Spot(seat=1, worker="red"),)
    s = msgspec_replace(s, spots=tuple(spots))
    return check(begin(s, 0))


def msgspec_replace(s: State, **changes: object) -> State:
    import msgspec

    return msgspec.structs.replace(s, **changes)


def test_the_greek_colony_scores_7_vp_at_strength_30() -> None:
    """The default pack's `greece-west` has the band the example needs."""
    st = tables().settlements[tables().settlement_index["greece-west"]]
    assert [b for b in st.bands if b.min_strength <= 30][-1].vp == 7
    assert (st.min_crew, st.provisions, st.wagons, st.workers) == (4, 2, 2, ("grey", "red"))


def test_the_raid_example_strength_30_seven_vp_four_wounds_gravedigger_killed() -> None:
    """E9 («ПРИМЕР НАБЕГА»): 3 kumis + 8 dice + 16 crew and equipped animals + 3 (Tyrant, Greece)
    = 30 → 7 VP; 6 wounds - 2 (Strongman, Greece) = 4, placed Tyrant ×2, Adventurer,
    Gravedigger; the Gravedigger dies (+1 gold, card discarded); the right space gives 2 gold
    and its red worker."""
    s = greek_raid()
    p0 = s.players[0]
    assert Raid(seat=0, settlement="greece-west") in legal(s)
    s, _ = play(s, Raid(seat=0, settlement="greece-west"))
    index = settlement_of(s, "greece-west")
    assert s.spots[index] == (Spot(seat=1, worker="red"), Spot(seat=0, worker="grey"))
    assert (s.players[0].stock.provisions, s.players[0].stock.wagons) == (0, 0)
    assert s.raid is not None
    assert [d.colour for d in s.raid.dice] == ["red", "red", "white", "white", "yellow"]
    s, _ = play(s, SpendKumis(seat=0, kumis=3))
    # 5 dice: 8 strength, 6 wounds
    s, ev = roll(s, (3, 0), (1, 1), (0, 2), (1, 1), (3, 2))
    (scored,) = of_type(ev, RaidScored)
    assert (scored.kumis, scored.dice, scored.crew_and_animals, scored.abilities) == (3, 8, 16, 3)
    assert scored.strength == 30 and scored.vp == 7 and scored.wounds == 4
    assert s.players[0].vp == p0.vp + 7
    decisions = 0
    for slot in (1, 1, 2, 3):
        assert s.pending[-1] == AssignWounds(seat=0, left=4 - decisions)
        s, ev = play(s, Wound(seat=0, slot=slot))
        decisions += 1
    assert decisions == 4
    assert of_type(ev, CrewKilled) == [CrewKilled(seat=0, slot=3, card="gravedigger-1")]
    p = s.players[0]
    assert [sl.wounds for sl in p.slots] == [0, 2, 1, 0, 0]
    assert p.slots[3].crew is None and s.crew_discard[-1] == "gravedigger-1"
    assert p.stock.gold == 1 + 2
    assert p.worker == "red"
    assert (p.stock.provisions, p.stock.wagons, p.stock.kumis) == (0, 0, 0)
    right = space_index(s, "greece-west-right")
    assert s.spaces[right].raided and s.spaces[right].quest is None
    assert not any(isinstance(t, Draw) and t.deck == "quests" for t in s.pending)
    assert s.spots[index][-1] == Spot(seat=0, worker="grey")
    assert s.current == 1  # the turn is over
    check(s)


# ------------------------------------------------------------------------- doubling eagles


def warmonger(eagle: str | None) -> RaidScored:
    s = raider("blue", "warmonger-1", provisions=1)
    s = hire(s, 0, 0, "warmonger-1", eagle=eagle)
    s = no_gold(s, "cimmeria-west-left", "cimmeria-west-right")
    s, _ = play(s, Raid(seat=0, settlement="cimmeria-west"))
    s, ev = roll(s, (3, 0))  # 3 + 1 = 4: band 4, 1 VP, no wounds
    (scored,) = of_type(ev, RaidScored)
    assert s.players[0].vp == scored.vp + (2 if eagle else 1)
    assert isinstance(scored, RaidScored)
    return scored


def test_a_doubling_eagle_doubles_the_warmongers_vp_not_its_strength() -> None:
    """E10: +2 VP (not +1) on top of the band's; the Warmonger's strength counts once."""
    doubled = warmonger("animal-01")
    plain = warmonger(None)
    assert doubled.strength == plain.strength == 4
    assert doubled.vp == plain.vp == 1
