"""Positions of Raiders of Scythia (:mod:`arbiter.games.raiders_of_scythia.position`): the generic
checks of positions (:mod:`tests.conformance.positions`) run on the game directly, the worked
examples played on, and the refusals of impossible tables, each with a pointer into the
position."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core import CHANCE, InvalidState
from arbiter.games.raiders_of_scythia.game import RaidersOfScythia
from arbiter.games.raiders_of_scythia.moves import (
    DrawCard,
    PickUp,
    Raid,
    RollDie,
    SpendKumis,
    TakeProvisions,
    Work,
    Wound,
)
from arbiter.games.raiders_of_scythia.position import (
    ActionStep,
    HandPosition,
    PickUpStep,
    RaidersPosition,
    RaidPosition,
    SeatPosition,
    TurnRecord,
    TurnUpQuestStep,
    WoundsStep,
)
from arbiter.games.raiders_of_scythia.position_examples import GREEK_RAID, SOLO_CHIEF
from arbiter.games.raiders_of_scythia.state import Plunder, Slot, Spot
from tests.conformance.positions import (
    check_completed,
    check_mutated,
    check_reachable,
    check_round_trip,
    plain,
    play,
    position_mutations,
    resolves,
    unbounded,
)

SETTINGS = settings(
    deadline=None,
    derandomize=True,
    max_examples=12,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@cache
def game() -> RaidersOfScythia:
    return RaidersOfScythia()


def replace(value: Any, **changes: Any) -> Any:
    return msgspec.structs.replace(value, **changes)


def refused(position: RaidersPosition, code: str, pointer: str | None = None) -> InvalidState:
    """``state_of`` refuses ``position`` with ``code`` and a pointer into it."""
    with pytest.raises(InvalidState) as caught:
        game().state_of(position, 1)
    err = caught.value
    assert err.code == f"raiders-of-scythia.{code}", (err.code, err.message, err.pointer)
    assert resolves(plain(position), err.pointer), err.pointer
    if pointer is not None:
        assert err.pointer == pointer, (err.pointer, err.message)
    return err


def states(players: int, seed: int, every: int = 1) -> list[Any]:
    """The states of a random game after setup, one in ``every``."""
    g = game()
    s = g.new_state(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while g.to_act(s):
        actors = g.to_act(s)
        move = g.sample_chance(s) if actors[0] == CHANCE else rng.choice(g.all_legal_moves(s))
        s, _ = g.apply_unchecked(s, move)
        if s.phase != "setup" and rng.randrange(every) == 0:
            out.append(s)
    return out


# --------------------------------------------------------------------------- the generic checks


def test_the_position_type_is_bounded() -> None:
    assert unbounded(RaidersPosition) == []


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_state_of_a_whole_game_round_trips(players: int) -> None:
    """Each state after setup of a random game, its raids, village turns, chief's turns and its
    end, has a position; the state of it decides the same way."""
    g = game()
    seen: Counter[str] = Counter()
    for s in states(players, 100 + players):
        made = check_round_trip(g, s, 7)
        p = g.position_of(made)
        seen["raid" if p.raid else "steps" if p.steps else "start"] += 1
        seen["chief" if p.turn == "chief" else "seat"] += 1
        seen["over" if p.turns_left == 0 else "on"] += 1
    assert seen["raid"] and seen["steps"] and seen["start"] and seen["over"] == 1
    assert bool(seen["chief"]) == (players == 1)


def test_the_setup_has_no_position() -> None:
    g = game()
    s = g.new_state(2, seed=3)
    assert s.phase == "setup"
    with pytest.raises(InvalidState) as caught:
        g.position_of(s)
    assert caught.value.code == "raiders-of-scythia.position.unexpressible"


@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    decisions=st.integers(40, 500),
    again=st.integers(0, 2**63 - 1),
)
@SETTINGS
def test_positions_of_reachable_states_are_reachable(
    players: int, seed: int, decisions: int, again: int
) -> None:
    g = game()
    state = play(g, players, seed, decisions)
    if state.phase == "setup":
        return
    made = check_round_trip(g, state, again)
    check_reachable(g, made, random.Random(again))


@given(players=st.integers(1, 4), seed=st.integers(0, 2**32), decisions=st.integers(40, 500))
@SETTINGS
def test_mutated_positions_are_refused_with_a_pointer_or_reachable(
    players: int, seed: int, decisions: int
) -> None:
    g = game()
    state = play(g, players, seed, decisions)
    if state.phase == "setup":
        return
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for mutated in position_mutations(g, g.position_of(state), rng, 25):
        seen[check_mutated(g, mutated, seed, rng)] += 1
    assert seen["refused"] > 0, seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mutations_of_what_is_under_way_are_refused_or_reachable(seed: int) -> None:
    """Mutations of the raid, the steps, the turn record and the turn, in positions taken in the
    middle of turns (the generic sampling mostly changes the table)."""
    g = game()
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for players in (1, 2, 4):
        candidates = [
            s for s in states(players, seed * 10 + players) if g.position_of(s).steps or s.raid
        ]
        for s in rng.sample(candidates, 3):
            p = g.position_of(s)
            for m in position_mutations(g, p, rng, 10_000):
                if (m.raid, m.steps, m.this_turn, m.turn) != (p.raid, p.steps, p.this_turn, p.turn):
                    seen[check_mutated(g, m, seed, rng)] += 1
    assert seen["refused"] > 0 and seen["accepted"] > 0, seen


def test_the_worked_examples_are_accepted() -> None:
    g = game()
    titles = [title for title, _ in g.position_examples()]
    assert len(titles) >= 2
    for _, position in g.position_examples():
        decoder = msgspec.json.Decoder(RaidersPosition)
        assert decoder.decode(msgspec.json.encode(position)) == position
        for seed in (0, 7, 2**40 + 3):
            made = check_completed(g, position, seed)
            check_reachable(g, made, random.Random(seed))


# ------------------------------------------------------------------------- the hidden parts


def test_a_hand_given_as_a_count_is_dealt_by_the_seed() -> None:
    g = game()
    a, b = g.state_of(GREEK_RAID, 1), g.state_of(GREEK_RAID, 2)
    assert len(a.players[1].hand) == len(b.players[1].hand) == 4
    assert a.players[1].hand != b.players[1].hand
    assert a.players[0].hand == ("merchant-1", "veteran-1")
    assert len(a.crew_deck) == 56 and g.state_of(GREEK_RAID, 1) == a
    named = {*a.crew_discard, *a.players[0].hand, *a.players[1].hand, *a.crew_deck}
    named |= {s.crew for p in a.players for s in p.slots if s.crew is not None}
    assert len(named) == len(g.default_content().crew)


def test_solo_leaves_one_crew_card_in_the_box() -> None:
    s = game().state_of(SOLO_CHIEF, 5)
    assert len(s.crew_deck) == 68
    refused(replace(SOLO_CHIEF, crew_deck=69), "position.unknown_cards", "/crew_deck")
    refused(replace(SOLO_CHIEF, crew_deck=67), "position.unknown_cards", "/crew_deck")


# ---------------------------------------------------------------------- the worked examples


def test_the_greek_raid_of_the_rulebook() -> None:
    """«ПРИМЕР НАБЕГА»: 3 kumis + 8 on the dice + 16 crew and animals + 3 (the Tyrant in Greece)
    = 30 strength: 7 VP; 6 wounds less the Strongman's 2: 4 to place."""
    g = game()
    s = g.state_of(GREEK_RAID, 1)
    assert Raid(seat=0, settlement="greece-west") in g.legal_moves(s, 0)
    s, _ = g.apply(s, Raid(seat=0, settlement="greece-west"))
    me = s.players[0]
    assert (me.stock.provisions, me.stock.wagons, me.worker) == (0, 0, None)
    assert s.spots[9][-1] == Spot(seat=0, worker="grey")
    assert s.raid is not None
    assert [d.colour for d in s.raid.dice] == ["red", "red", "white", "white", "yellow"]
    p = g.position_of(s)
    assert p.raid == RaidPosition(settlement="greece-west", dice=s.raid.dice)
    s, _ = g.apply(s, SpendKumis(seat=0, kumis=3))
    faces = [("red", 3, 0), ("red", 1, 1), ("white", 0, 2), ("white", 1, 1), ("yellow", 3, 2)]
    for colour, strength, wounds in faces:
        s, _ = g.apply(s, RollDie(colour=colour, strength=strength, wounds=wounds))  # type: ignore[arg-type]
    assert s.raid is not None and s.raid.strength == 30 and s.raid.vp == 7
    assert (s.raid.crew_strength, s.raid.ability_strength) == (16, 3)
    assert s.players[0].vp == 9 + 7
    p = g.position_of(s)
    assert p.raid is not None and p.raid.score is not None and p.raid.score.wounds == 4
    assert g.position_of(g.state_of(p, 3)) == p
    for slot in (1, 1, 2, 3):
        s, _ = g.apply(s, Wound(seat=0, slot=slot))
    me = s.players[0]
    assert [x.wounds for x in me.slots] == [0, 2, 1, 0, 0]
    assert me.slots[3].crew is None and "gravedigger-1" in s.crew_discard
    assert me.stock.gold == 2 + 1 and me.worker == "red"  # the space's 2 gold, the Gravedigger's 1
    assert s.spaces[
        [sp.id for sp in g.tables(s.content_id).spaces].index("greece-west-right")
    ].raided


def test_the_chief_raids_assyria() -> None:
    """The Lookout (1) pays the 2 strength it lacks with its 2-strength horse only; scheme card 2
    takes Assyria's 3rd raid space from the left."""
    g = game()
    s = g.state_of(SOLO_CHIEF, 1)
    assert g.to_act(s) == (CHANCE,)
    s, _ = g.apply(s, DrawCard(deck="schemes", card="scheme-02"))
    assert s.chief is not None
    assert (s.chief.vp, s.chief.provisions, s.chief.horses) == (16, 1, ("animal-01", "animal-24"))
    assert "animal-04" in s.animal_discard and s.turn.blocked == "stables"
    t = g.tables(s.content_id)
    space = s.spaces[t.space_index["assyria-centre-left"]]
    assert space.raided and space.worker is None
    assert s.supply == Plunder(gold=4, equipment=9, wagons=10, livestock=15)
    p = g.position_of(s)
    assert p.turn == "chief" and p.steps == (TurnUpQuestStep(space="assyria-centre-left"),)
    assert p.chief is not None and p.chief.blocked == "stables"


def test_a_turn_in_the_village_is_a_position_at_each_step() -> None:
    """Placing on the Farm: its action waits over the pick-up; then the pick-up alone; then the
    action of the building picked up from. Each is a position that round-trips."""
    g = game()
    s = g.state_of(GREEK_RAID, 1)
    s, _ = g.apply(s, Work(seat=0, building="farm"))
    p = g.position_of(s)
    assert p.this_turn == TurnRecord(placed="farm")
    assert p.steps == (ActionStep(building="farm", worker="grey", source="placed"), PickUpStep())
    check_round_trip(g, s, 4)
    s, _ = g.apply(s, TakeProvisions(seat=0))
    assert g.position_of(s).steps == (PickUpStep(),)
    check_round_trip(g, s, 4)
    s, _ = g.apply(s, PickUp(seat=0, building="silversmith"))
    p = g.position_of(s)
    assert p.steps == (ActionStep(building="silversmith", worker="red", source="picked_up"),)
    assert p.players[0].worker == "red"
    check_round_trip(g, s, 4)


# ---------------------------------------------------------------------------- impossible tables


def seat(p: RaidersPosition, i: int, **changes: Any) -> Any:
    players = list(p.players)
    players[i] = replace(players[i], **changes)
    return replace(p, players=tuple(players))


def slots(p: RaidersPosition, i: int, k: int, slot: Slot) -> Any:
    row = list(p.players[i].slots)
    row[k] = slot
    return seat(p, i, slots=tuple(row))


def space(p: RaidersPosition, k: int, **changes: Any) -> Any:
    spaces = list(p.spaces)
    spaces[k] = replace(spaces[k], **changes)
    return replace(p, spaces=tuple(spaces))


def test_two_copies_of_one_card_are_refused() -> None:
    p = seat(GREEK_RAID, 0, hand=HandPosition(cards=("merchant-1", "merchant-1")))
    p = replace(p, crew_deck=57)  # veteran-1 is in the deck now
    refused(p, "state.card_twice", "/players/0/hand/cards/1")
    p = replace(GREEK_RAID, animal_discard=("animal-05", "animal-07"))
    refused(p, "state.card_twice")


def test_plunder_beyond_the_bag_is_refused() -> None:
    refused(
        replace(GREEK_RAID, supply=replace(GREEK_RAID.supply, gold=4)), "state.plunder", "/supply"
    )
    p = seat(GREEK_RAID, 1, stock=replace(GREEK_RAID.players[1].stock, gold=2))
    refused(p, "state.plunder", "/supply")


def test_a_blue_worker_on_the_stables_is_refused() -> None:
    p = replace(GREEK_RAID, village=replace(GREEK_RAID.village, silversmith=None, stables="blue"))
    refused(p, "state.village", "/village/stables")


def test_wounds_beyond_a_crew_members_strength_are_refused() -> None:
    p = slots(GREEK_RAID, 0, 2, Slot(crew="adventurer-1", wounds=3, horse="animal-03"))
    refused(p, "state.wounds", "/players/0/slots/2/wounds")
    refused(slots(GREEK_RAID, 0, 0, Slot(wounds=1)), "state.wounds", "/players/0/slots/0/wounds")


def test_more_workers_on_a_settlement_than_raids_are_refused() -> None:
    spots = dict(GREEK_RAID.spots)
    spots["greece-west"] = (Spot(seat=1, worker="red"), Spot(seat=0, worker="grey"))
    refused(replace(GREEK_RAID, spots=spots), "state.spots", "/spots/greece-west")
    spots["greece-west"] = (Spot(seat=1, worker="red"),) * 3
    refused(replace(GREEK_RAID, spots=spots), "state.spots", "/spots/greece-west")
    refused(replace(GREEK_RAID, spots={**GREEK_RAID.spots, "atlantis": ()}), "position.spots")


def test_a_raided_space_keeps_nothing() -> None:
    k = [sp.id for sp in GREEK_RAID.spaces].index("greece-west-left")
    p = space(GREEK_RAID, k, plunder=Plunder(gold=1))
    p = replace(p, supply=replace(p.supply, gold=2))
    refused(p, "state.raided", f"/spaces/{k}")
    refused(space(GREEK_RAID, k, worker="grey"), "state.raided", f"/spaces/{k}")


def test_a_space_not_raided_shows_its_worker_plunder_and_quest() -> None:
    k = [sp.id for sp in GREEK_RAID.spaces].index("greece-west-right")
    refused(space(GREEK_RAID, k, worker="grey"), "state.space_worker", f"/spaces/{k}/worker")
    p = space(GREEK_RAID, k, plunder=Plunder(gold=1))
    p = replace(p, supply=replace(p.supply, gold=4))
    refused(p, "state.space_plunder", f"/spaces/{k}/plunder")
    refused(space(GREEK_RAID, k, face_down_quest=True), "position.quest")
    refused(space(GREEK_RAID, 0, face_down_quest=False), "position.quest")
    refused(replace(GREEK_RAID, spaces=GREEK_RAID.spaces[:-1]), "position.spaces", "/spaces")


def test_the_turn_and_its_steps_must_fit_the_table() -> None:
    refused(replace(GREEK_RAID, turn=2), "position.turn", "/turn")
    refused(replace(GREEK_RAID, turn="chief"), "position.turn", "/turn")
    refused(replace(GREEK_RAID, steps=(PickUpStep(),)), "state.village", "/village")
    refused(replace(GREEK_RAID, steps=(WoundsStep(left=1),)), "position.steps", "/steps/0")
    refused(replace(GREEK_RAID, turns_left=1), "position.end", "/turns_left")
    refused(replace(GREEK_RAID, this_turn=TurnRecord(hero_used=True)), "position.this_turn")
    refused(replace(GREEK_RAID, raid=RaidPosition(settlement="greece-west")), "state.spots")
    refused(replace(GREEK_RAID, raid=RaidPosition(settlement="olympus")), "position.raid")


def test_a_seat_not_taking_its_turn_keeps_the_limits() -> None:
    p = seat(GREEK_RAID, 1, stock=replace(GREEK_RAID.players[1].stock, silver=9))
    refused(p, "state.limits", "/players/1/stock/silver")
    p = seat(GREEK_RAID, 1, hand=HandPosition(unknown=9))
    p = replace(p, crew_deck=51)
    refused(p, "state.limits", "/players/1/hand")


def test_the_chief_plays_in_solo_only_and_blocks_its_schemes_building() -> None:
    refused(replace(GREEK_RAID, chief=SOLO_CHIEF.chief), "state.chief", "/chief")
    assert SOLO_CHIEF.chief is not None
    chief = replace(SOLO_CHIEF.chief, blocked="market")
    refused(replace(SOLO_CHIEF, chief=chief), "position.blocked", "/chief/blocked")
    chief = replace(SOLO_CHIEF.chief, schemes=("scheme-05", "scheme-05"))
    refused(replace(SOLO_CHIEF, chief=chief), "state.card_twice", "/chief/schemes/1")


def test_every_position_code_is_documented_and_raised() -> None:
    """The codes :mod:`.positions` and :mod:`.checks` refuse with are the documented ones."""
    import re
    from pathlib import Path

    from arbiter.games.raiders_of_scythia import (
        checks,
        position_checks,
        position_steps,
        positions,
    )
    from arbiter.games.raiders_of_scythia.rule_codes import RULE_CODES

    documented = {c.code.removeprefix("raiders-of-scythia.") for c in RULE_CODES}
    raised: set[str] = set()
    for module in (positions, position_checks, position_steps, checks):
        text = Path(str(module.__file__)).read_text(encoding="utf-8")
        raised.update(re.findall(r'"((?:position|state)\.[a-z_]+)"', text))
    assert raised <= documented
    assert {c for c in documented if c.startswith("position.")} <= raised


def test_a_table_of_only_turn_and_players_is_refused_with_every_gap() -> None:
    """Issue #39: a position naming the heroes and whose turn it is, and nothing else, is refused
    with both things a table always shows and it leaves out («Подготовка к игре»): the raid
    spaces in use and the crew cards (deck and hands)."""
    bare = RaidersPosition(players=(SeatPosition(hero="tomyris"), SeatPosition(hero="anacharsis")))
    err = refused(bare, "position.spaces", "/spaces")
    assert [(gap.code, gap.pointer) for gap in err.gaps] == [
        ("raiders-of-scythia.position.spaces", "/spaces"),
        ("raiders-of-scythia.position.unknown_cards", "/crew_deck"),
    ]
    assert "crew cards of the pack are nowhere in the position" in err.gaps[1].message
    # every raid space out of place is named
    spaces = tuple(replace(space, id="nowhere") for space in GREEK_RAID.spaces[:3])
    err = refused(replace(GREEK_RAID, spaces=spaces), "position.spaces", "/spaces/0/id")
    assert [gap.pointer for gap in err.gaps] == ["/spaces/0/id", "/spaces/1/id", "/spaces/2/id"]
