"""Phase 8: heroes move («Фаза 8: перемещение героев»), armies with their generals: Q37-Q44."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from arbiter.core import IllegalMove
from arbiter.games.ancient_wargame import movement
from arbiter.games.ancient_wargame.diplomacy_state import Deal
from arbiter.games.ancient_wargame.moves import (
    Annex,
    MoveHero,
    NoAnnex,
    RetreatTo,
    Stay,
    TakeSoldiers,
)
from arbiter.games.ancient_wargame.state import (
    AnnexChoice,
    DefenderChoice,
    HeroTurn,
    TakeArmy,
    WargameState,
)
from tests.ancient_wargame.helpers import (
    G,
    T,
    army,
    at_phase,
    edit,
    hero_of,
    legal,
    play,
    player,
    prov,
    set_hero,
    set_prov,
    ships,
    start,
    top,
)


def turn_of(s: WargameState, hid: str) -> WargameState:
    """Let every hero before ``hid`` stay."""
    while not (isinstance(top(s), HeroTurn) and top(s).hero == hid):
        s = play(s, Stay(seat=top(s).seat))
    return s


def dests(s: WargameState) -> set[str]:
    return {m.to for m in legal(s) if isinstance(m, MoveHero)}


def general(s: WargameState, seat: int = 0) -> str:
    return hero_of(s, seat, "general").id


def admin(s: WargameState, seat: int = 0) -> str:
    return hero_of(s, seat, "administrator").id


def test_heroes_move_oldest_first() -> None:
    s = at_phase(start(), 8)
    order = []
    while isinstance(top(s), HeroTurn):
        order.append(top(s).hero)
        s = play(s, Stay(seat=top(s).seat))
    assert order == [h.id for h in start().heroes]


def test_q39_land_and_a_chain_of_own_ships_are_one_step() -> None:
    s = start()
    g = general(s)
    assert dests(turn_of(at_phase(s, 8), g)) == {"etruria", "campania"}
    s1 = ships(s, "tyrrhenian", 0, 1)
    assert dests(turn_of(at_phase(s1, 8), g)) == {"etruria", "campania", "sicilia", "carthago"}
    s2 = ships(s1, "ionian", 0, 1)  # Tyrrhenian + Ionian: Achaea is one step away
    assert "achaea" in dests(turn_of(at_phase(s2, 8), g))
    # Q39: an ally's ships do not count; Q37: enemy ships do not block.
    s3 = ships(ships(s, "tyrrhenian", 1, 3), "ionian", 0, 1)
    assert "carthago" not in dests(turn_of(at_phase(s3, 8), g))
    s4 = ships(ships(ships(s, "tyrrhenian", 0, 1), "tyrrhenian", 1, 4), "ionian", 0, 1)
    assert "achaea" in dests(turn_of(at_phase(s4, 8), g))


def test_q38_administrators_enter_only_own_or_friendly_provinces() -> None:
    s = set_prov(start(), "campania", owner=0)
    s = ships(s, "tyrrhenian", 0, 1)
    a = admin(s)
    s8 = turn_of(at_phase(s, 8), a)
    assert dests(s8) == {"campania"}  # Etruria and Sicily are neutral; Carthage is not friendly
    with pytest.raises(IllegalMove) as err:
        G.apply(s8, MoveHero(seat=0, to="etruria"))
    assert err.value.code == "ancient-wargame.P8.move"
    granted = edit(s, deals=(Deal(a=0, b=1, passage_ba=True, expires=5),))
    assert dests(turn_of(at_phase(granted, 8), a)) == {"campania", "carthago"}
    at_war = edit(granted, wars=((0, 1),))
    assert dests(turn_of(at_phase(at_war, 8), a)) == {"campania"}
    # An administrator takes no soldiers.
    s9 = play(
        turn_of(at_phase(army(s, "latium", 0, infantry=3), 8), a), MoveHero(seat=0, to="campania")
    )
    assert prov(s9, "latium").army(0).infantry == 3 and not isinstance(top(s9), TakeArmy)


def test_soldiers_move_only_with_a_general_any_part_type_by_type() -> None:
    s = army(set_prov(start(), "campania", owner=0), "latium", 0, infantry=3, cavalry=2)
    s = turn_of(at_phase(s, 8), general(s))
    s = play(s, MoveHero(seat=0, to="campania"))
    assert top(s) == TakeArmy(seat=0, hero=general(s), origin="latium", to="campania")
    assert [m.count for m in legal(s)] == [0, 1, 2, 3] and legal(s)[0].unit == "infantry"
    s = play(s, TakeSoldiers(seat=0, unit="infantry", count=2))
    assert [m.count for m in legal(s)] == [0, 1, 2] and legal(s)[0].unit == "cavalry"
    s = play(s, TakeSoldiers(seat=0, unit="cavalry", count=2))
    assert prov(s, "latium").army(0).total() == 1
    assert (prov(s, "campania").army(0).infantry, prov(s, "campania").army(0).cavalry) == (2, 2)


def test_q44_entering_without_passage_declares_war() -> None:
    s = set_prov(start(), "etruria", owner=1)
    g = general(s)
    s = turn_of(at_phase(s, 8), g)
    assert "etruria" in dests(s)
    s = play(s, MoveHero(seat=0, to="etruria"))
    assert s.wars == ((0, 1),)


def test_q44_with_passage_no_war() -> None:
    s = set_prov(start(), "etruria", owner=1)
    s = edit(s, deals=(Deal(a=0, b=1, passage_ba=True, expires=5),))
    s = play(turn_of(at_phase(s, 8), general(s)), MoveHero(seat=0, to="etruria"))
    assert s.wars == ()


def test_q44_refused_with_an_active_deal() -> None:
    s = set_prov(start(), "etruria", owner=1)
    s = edit(s, deals=(Deal(a=0, b=1, passage_ab=True, expires=5),))  # passage the other way
    s = turn_of(at_phase(s, 8), general(s))
    assert dests(s) == {"campania"}
    with pytest.raises(IllegalMove) as err:
        G.apply(s, MoveHero(seat=0, to="etruria"))
    assert err.value.code == "ancient-wargame.P8.move"


def test_q43_the_defenders_generals_stay_or_retreat_and_move_no_more() -> None:
    s = start()
    s = set_prov(s, "etruria", owner=1)
    s = set_prov(s, "campania", owner=1)
    enemy = general(s, 1)
    s = set_hero(s, enemy, province="etruria")
    s = army(s, "etruria", 1, infantry=2, archers=1)
    s = edit(
        s,
        heroes=(
            *[h for h in s.heroes if h.id != enemy],
            next(h for h in s.heroes if h.id == enemy),
        ),
    )
    s = turn_of(at_phase(s, 8), general(s))
    s = play(s, MoveHero(seat=0, to="etruria"))
    assert top(s) == DefenderChoice(seat=1, hero=enemy, province="etruria")
    # Retreat to a friendly neighbour: Gallia is neutral, Latium is the enemy's.
    assert legal(s) == [Stay(seat=1)]
    s2 = set_prov(s, "gallia", owner=1)
    assert legal(s2) == [Stay(seat=1), RetreatTo(seat=1, province="gallia")]
    s2 = play(s2, RetreatTo(seat=1, province="gallia"))
    assert isinstance(top(s2), TakeArmy) and top(s2).retreat
    s2 = play(
        s2,
        TakeSoldiers(seat=1, unit="infantry", count=2),
        TakeSoldiers(seat=1, unit="archers", count=0),
    )
    assert prov(s2, "gallia").army(1).infantry == 2 and prov(s2, "etruria").army(1).archers == 1
    # His own later turn is gone: phase 8 is over and the clash waits for phase 9.
    assert not any(isinstance(x, HeroTurn) for x in s2.pending)
    s3 = play(s, Stay(seat=1))
    assert not any(isinstance(x, HeroTurn) for x in s3.pending)


def test_q41_annexing_a_neutral_province() -> None:
    s = player(start(), 0, money=5)
    s = play(turn_of(at_phase(s, 8), general(s)), MoveHero(seat=0, to="etruria"))
    assert top(s) == AnnexChoice(seat=0, hero=general(s), province="etruria")
    s = play(s, Annex(seat=0))
    assert prov(s, "etruria").owner == 0 and s.players[0].money == 0


def test_q41_annexing_needs_the_price_and_no_other_soldiers() -> None:
    poor = player(start(), 0, money=4)
    poor = play(turn_of(at_phase(poor, 8), general(poor)), MoveHero(seat=0, to="etruria"))
    assert not isinstance(top(poor), AnnexChoice)
    guarded = army(player(start(), 0, money=9), "etruria", 1, infantry=1)
    guarded = play(turn_of(at_phase(guarded, 8), general(guarded)), MoveHero(seat=0, to="etruria"))
    assert not isinstance(top(guarded), AnnexChoice) and prov(guarded, "etruria").owner is None


def test_q41_a_general_already_there_may_annex_when_he_stays() -> None:
    s = player(start(), 0, money=9)
    s = set_hero(s, general(s), province="etruria")
    s = turn_of(at_phase(s, 8), general(s))
    s = play(s, Stay(seat=0))
    assert isinstance(top(s), AnnexChoice)
    s = play(s, NoAnnex(seat=0))
    assert prov(s, "etruria").owner is None and s.players[0].money == 9


def test_clashes_are_recorded_for_phase_9() -> None:
    s = set_prov(start(), "etruria", owner=1)
    s = army(s, "latium", 0, infantry=2)
    s = army(s, "etruria", 1, infantry=1)
    s = turn_of(at_phase(s, 8), general(s))
    s = play(s, MoveHero(seat=0, to="etruria"), TakeSoldiers(seat=0, unit="infantry", count=2))
    assert movement.clashes(s, T) == ["etruria"]
    while isinstance(top(s), HeroTurn):
        s = play(s, Stay(seat=top(s).seat))
    assert s.phase == 9
    assert any(getattr(x, "province", None) == "etruria" for x in s.pending) or s.battle is not None


def test_the_destinations_are_listed_in_the_packs_order_in_every_process() -> None:
    """The legal moves are the same list whatever the interpreter's string hashing."""
    script = (
        "from tests.ancient_wargame.helpers import *\n"
        "from tests.ancient_wargame.test_movement import turn_of\n"
        "s = ships(start(), 'tyrrhenian', 0, 1)\n"
        "s = turn_of(at_phase(s, 8), hero_of(s, 0, 'general').id)\n"
        "print([m.to for m in legal(s)[1:]])\n"
    )
    seen = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        seen.add(out.stdout)
    assert seen == {"['etruria', 'campania', 'sicilia', 'carthago']\n"}
