"""«ОДИНОЧНАЯ ИГРА»: the nameless chief's turn, blocked buildings, the solo end and result (spec
§1.19, E16-E20; rulings Q17-Q20)."""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.games.raiders_of_scythia.content import ChiefLevel
from arbiter.games.raiders_of_scythia.events import ChiefActed
from arbiter.games.raiders_of_scythia.moves import (
    DrawCard,
    PickUp,
    PlayCard,
    Skip,
    TakeProvisions,
    UseBuilding,
    Work,
)
from arbiter.games.raiders_of_scythia.options import RaidersOptions
from arbiter.games.raiders_of_scythia.state import Draw, RaidersState
from tests.raiders_of_scythia.helpers import (
    at_turn,
    begin,
    check,
    display,
    draw_any,
    game,
    hand,
    legal,
    of_type,
    play,
    raided,
    refused,
    set_space,
    space_index,
    tables,
    take_animal,
    village,
    village_quests,
)

State = RaidersState


def solo(level: ChiefLevel = "lookout", **changes: Any) -> State:
    return at_turn(1, 0, options=RaidersOptions(solo_chief=level), **changes)


def chief(s: State, **changes: Any) -> State:
    if "horses" in changes:
        for h in changes["horses"]:
            s = take_animal(s, h)
    assert s.chief is not None
    return msgspec.structs.replace(s, chief=msgspec.structs.replace(s.chief, **changes))


def player_turn(s: State) -> State:
    """The player goes to the first free building and picks up the first worker it may."""
    work = next(m for m in legal(s) if isinstance(m, Work))
    s, _ = play(s, work, Skip(seat=0))
    s, _ = play(s, legal(s)[0], Skip(seat=0))
    return s


def scheme(s: State, card: str) -> tuple[State, list[Any]]:
    """The player's turn, then the scheme card ``card`` turned up: the chief acts."""
    s = player_turn(s)
    task = s.pending[-1]
    assert isinstance(task, Draw) and task.deck == "schemes"
    if card in s.scheme_discard:  # the same card again: back into the deck first
        s = msgspec.structs.replace(
            s,
            scheme_discard=tuple(c for c in s.scheme_discard if c != card),
            scheme_deck=(*s.scheme_deck, card),
        )
    return play(s, DrawCard(deck="schemes", card=card))


def no_quests_on(s: State, *space_ids: str) -> State:
    """The face-up quests on these spaces go back to the pool (an arranged position)."""
    for sid in space_ids:
        q = s.spaces[space_index(s, sid)].quest
        if q is not None:
            s = set_space(s, sid, quest=None)
            s = msgspec.structs.replace(s, quest_pool=(*s.quest_pool, q))
    return s


PERSIA = ("persia-west-left", "persia-west-right", "persia-central-left", "persia-central-right")
CIMMERIA = (
    "cimmeria-west-left",
    "cimmeria-west-right",
    "cimmeria-centre-left",
    "cimmeria-centre-right",
    "cimmeria-east-left",
)


# ---------------------------------------------------------------------- the Persia card (E16)


def test_no_raidable_persian_space_the_chief_takes_a_quest_by_the_arrows() -> None:
    """E16 (a): scheme-01 (Persia; arrows top-down, left-most): the village's top quest."""
    s = no_quests_on(raided(solo(), *PERSIA), *PERSIA)
    s = village_quests(s, "quest-03", "quest-05")
    s, ev = scheme(s, "scheme-01")
    assert s.chief is not None and s.chief.quests == ("quest-03",)
    assert s.village_quests == (None, "quest-05")
    assert of_type(ev, ChiefActed)[0].action == "quest"
    assert s.current == 0 and s.turn.blocked == "market"


def test_too_few_provisions_the_chief_gains_provisions_and_nothing_else() -> None:
    """E16 (b): 2 provisions < 3: +2 (Lookout), +3 (Huntsman)."""
    for level, gain in (("lookout", 2), ("huntsman", 3)):
        s = chief(solo(level), provisions=2)  # type: ignore[arg-type]
        spaces, display_before = s.spaces, s.animal_display
        s, _ = scheme(s, "scheme-01")
        assert s.chief is not None and s.chief.provisions == 2 + gain
        assert s.chief.vp == 0 and s.chief.horses == () and s.chief.quests == ()
        assert s.spaces == spaces and s.animal_display == display_before


def test_too_weak_the_chief_takes_the_centre_animal_as_a_horse() -> None:
    """E16 (c) / E18: 3 provisions, strength 1 + 1 = 2 < 3: the middle display card, whose
    horse half alone counts; the display refills."""
    s = chief(solo(), provisions=3, horses=("animal-01",))
    s = display(s, "animal-03", "animal-04", "animal-06")
    s, _ = scheme(s, "scheme-01")
    assert s.chief is not None and s.chief.horses == ("animal-01", "animal-04")
    assert s.chief.provisions == 3
    task = s.pending[-1]
    assert isinstance(task, Draw) and task.to == "display" and task.index == 1
    s = draw_any(s)
    assert all(c is not None for c in s.animal_display)
    check(s)


def test_strong_enough_the_chief_raids_the_target_space() -> None:
    """E16 (d): the 2nd Persian space: its plunder to the supply, its worker to the box, its
    quest face up; provisions -3; horses paid; +8 VP."""
    s = chief(solo(), provisions=4, horses=("animal-02",))  # 1 + 2 = 3
    target = space_index(s, "persia-west-right")
    plunder = s.spaces[target].plunder
    supply = s.supply
    s, ev = scheme(s, "scheme-01")
    assert of_type(ev, ChiefActed)[0].detail == "persia-west-right"
    space = s.spaces[target]
    assert space.raided and space.worker is None and space.plunder.total() == 0
    assert s.supply.total() == supply.total() + plunder.total()
    assert s.chief is not None
    assert (s.chief.provisions, s.chief.vp, s.chief.horses) == (1, 8, ())
    assert s.animal_discard[-1] == "animal-02"
    assert s.spots[tables().settlement_index["persia-west"]] == ()  # no worker spot used
    task = s.pending[-1]
    assert isinstance(task, Draw) and task.to == "space_quest" and task.index == target
    s = draw_any(s)
    assert s.spaces[target].quest is not None
    check(s)


# -------------------------------------------------------------------------- arrows (E17)


def test_quest_arrows_top_row_first_then_the_left_most_then_a_horse() -> None:
    """E17: scheme-03 (Cimmeria, top-down, left-most, horse left), every Cimmerian space raided:
    the village's second row, then Assyria's first space, then a horse."""
    s = no_quests_on(raided(solo(), *CIMMERIA), *CIMMERIA)
    s = village_quests(s, None, "quest-05")
    s = raided(s, "assyria-west-left", "assyria-centre-left")
    a1, a3 = (
        s.spaces[space_index(s, sid)].quest for sid in ("assyria-west-left", "assyria-centre-left")
    )
    assert a1 is not None and a3 is not None
    s = display(s, "animal-03", "animal-04", "animal-06")
    s, _ = scheme(s, "scheme-03")
    assert s.chief is not None and s.chief.quests == ("quest-05",)
    s, _ = scheme(s, "scheme-03")
    assert s.chief is not None and s.chief.quests == ("quest-05", a1)
    s = no_quests_on(s, "assyria-centre-left")
    s, ev = scheme(s, "scheme-03")
    assert s.chief is not None and s.chief.horses == ("animal-03",)  # the left position
    assert of_type(ev, ChiefActed)[0].action == "horse"


# ------------------------------------------------------------------- the Assyria raid (E19)


def test_solo_raid_assyria_the_lookout_pays_the_2_strength_horse() -> None:
    """E19: scheme-02 (Assyria, 3rd space, 3 provisions, strength 3, 7 VP); Lookout (1) with
    horses {2, 1, 1}: 3 - 1 = 2 is paid with the 2-strength horse alone."""
    s = chief(solo(), provisions=3, horses=("animal-01", "animal-02", "animal-05"))
    target = space_index(s, "assyria-centre-left")  # the 3rd in-use space from the left
    s, _ = scheme(s, "scheme-02")
    assert s.spaces[target].raided
    assert s.chief is not None
    assert s.chief.horses == ("animal-01", "animal-05") and s.chief.provisions == 0
    assert s.chief.vp == 7


def test_solo_raid_a_raided_target_passes_right_wrapping_to_the_left_most() -> None:
    s = chief(solo(), provisions=6, horses=("animal-02",))
    s = raided(s, "assyria-centre-left")
    s, _ = scheme(s, "scheme-02")
    assert s.spaces[space_index(s, "assyria-centre-right")].raided
    # scheme-08 targets the 5th in-use Assyrian space (the right-most with 1 player)
    w = chief(solo(), provisions=6, horses=("animal-02",))
    w = raided(w, "assyria-east-left")
    w, _ = scheme(w, "scheme-08")
    assert w.spaces[space_index(w, "assyria-west-left")].raided


# --------------------------------------------------------------------- blocked buildings (E20)


def test_the_scheme_blocks_a_building_on_the_players_next_turn() -> None:
    """E20: scheme-05 blocks the Farm: no placing there, no picking up from there; the
    Adventurer's «Выполнить действие здания» may still use it."""
    s = solo(village=village(free=("farm",)))
    assert s.turn.blocked is None
    s = chief(s, provisions=0)
    s, _ = scheme(s, "scheme-05")
    assert s.turn.blocked == "farm" and s.current == 0
    assert refused(s, Work(seat=0, building="farm")) == "work.blocked"

    red = solo(village=village(farm="red"))
    red = begin(red, 0, blocked="farm")
    red = hand(red, 0, "adventurer-1")
    free = next(m for m in legal(red) if isinstance(m, Work) and m.building == "silversmith")
    red, _ = play(red, free, Skip(seat=0))
    assert refused(red, PickUp(seat=0, building="farm")) == "pick_up.blocked"

    tc = solo(village=village(free=("town_centre", "farm")))
    tc = hand(begin(tc, 0, blocked="farm"), 0, "adventurer-1")
    tc, _ = play(tc, Work(seat=0, building="town_centre"), PlayCard(seat=0, card="adventurer-1"))
    assert UseBuilding(seat=0, building="farm") in legal(tc)
    tc, _ = play(tc, UseBuilding(seat=0, building="farm"), TakeProvisions(seat=0))
    assert tc.players[0].stock.provisions == 1 + 2


# ------------------------------------------------------------------------- end and result


def test_solo_end_triggered_on_the_players_turn_chief_then_player() -> None:
    s = solo()
    t = tables()
    open_ids = [sp.id for i, sp in enumerate(t.spaces) if s.spaces[i].open()]
    s = begin(raided(s, *open_ids[:-2]), 0)
    s = chief(s, provisions=0)
    s = player_turn(s)
    assert s.final_turns == 2
    s, _ = play(s, DrawCard(deck="schemes", card="scheme-01"))
    s = draw_any(s)
    assert s.phase == "play" and s.current == 0 and s.final_turns == 1
    s = player_turn(s)
    assert s.phase == "over"


def test_solo_end_triggered_on_the_chiefs_turn_player_then_chief() -> None:
    s = solo()
    t = tables()
    open_ids = [sp.id for i, sp in enumerate(t.spaces) if s.spaces[i].open()]
    keep = ("persia-west-left", "persia-west-right", "greece-west-left")
    s = begin(raided(s, *[sid for sid in open_ids if sid not in keep]), 0)
    s = chief(s, provisions=3, horses=("animal-02",))
    s, _ = scheme(s, "scheme-01")  # the chief raids: 2 spaces left
    s = draw_any(s)
    assert s.final_turns == 2 and s.current == 0
    s = player_turn(s)
    assert s.phase == "play"
    s, _ = play(s, DrawCard(deck="schemes", card="scheme-03"))
    s = draw_any(s)
    assert s.phase == "over"


def test_a_chief_first_alone_wins_the_result_has_no_winner_seat() -> None:
    s = chief(solo(), vp=20, quests=("quest-04",))
    s = msgspec.structs.replace(s, quest_pool=tuple(q for q in s.quest_pool if q != "quest-04"))
    s = msgspec.structs.replace(s, phase="over", pending=())
    result = game().result(s)
    assert result is not None
    assert result.winners == ()
    (opponent,) = result.opponents
    assert opponent.place == 1 and opponent.score == 20 + 6
    assert result.places == (2,)
    assert {line.label: line.points for line in opponent.breakdown} == {
        "raids": 20,
        "quests": 6,
        "horses": 0,
    }


def test_the_player_ahead_of_the_chief_wins() -> None:
    s = solo()
    s = msgspec.structs.replace(s, phase="over", pending=())
    s = msgspec.structs.replace(s, players=(msgspec.structs.replace(s.players[0], vp=3),))
    result = game().result(s)
    assert result is not None and result.winners == (0,)
    assert result.opponents[0].place == 2
