"""Phase 7: fleets («Фаза 7: действия флота»): X1, X3, N18, N19, Q33-Q37."""

from __future__ import annotations

from math import comb, gcd

from arbiter.core import CHANCE
from arbiter.games.ancient_wargame.diplomacy_state import Deal
from arbiter.games.ancient_wargame.fleets import fleet_order
from arbiter.games.ancient_wargame.moves import (
    Done,
    HitsRolled,
    MoveShips,
    NoNaval,
    RollFace,
    StartNaval,
)
from arbiter.games.ancient_wargame.state import D6, Hits, MoveFleets, NavalChoice
from tests.ancient_wargame.helpers import (
    G,
    at_phase,
    edit,
    legal,
    outcomes,
    play,
    player,
    sea_ships,
    ships,
    start,
    top,
)


def _x1(rome_admiralty: bool = False, carthage_admiralty: bool = False) -> object:
    """Rome (seat 0) 2 ships and Carthage (seat 1) 5 in the Tyrrhenian (class 0: no storm); the
    movement is skipped; Rome (first in fleet order) starts the battle."""
    s = ships(ships(start(), "tyrrhenian", 0, 2), "tyrrhenian", 1, 5)
    if rome_admiralty:
        s = edit(player(s, 0, buildings=("admiralty",)), admiralty_order=(0,))
    if carthage_admiralty:
        s = edit(player(s, 1, buildings=("admiralty",)), admiralty_order=(1,))
    s = at_phase(s, 7)
    while isinstance(top(s), MoveFleets):
        s = play(s, Done(seat=top(s).seat))
    assert isinstance(top(s), NavalChoice)
    return s


def _normalised(weights: list[tuple[object, int]]) -> list[int]:
    g = 0
    for _, w in weights:
        g = gcd(g, w)
    return [w // g for _, w in weights]


def test_x1_rome_rolls_2_dice_and_carthage_8() -> None:
    s = _x1()
    assert top(s) == NavalChoice(seat=0, sea="tyrrhenian", opponent=1)
    s = play(s, StartNaval(seat=0))
    assert s.wars == ((0, 1),)  # Q35: no deal between them, the battle declares war
    assert top(s) == Hits(purpose="naval", seat=0, dice=2, threshold=5, at="tyrrhenian")
    assert _normalised(outcomes(s)) == [4, 4, 1]
    s = play(s, HitsRolled(hits=1))
    assert top(s) == Hits(purpose="naval", seat=1, dice=8, threshold=5, at="tyrrhenian")
    weights = _normalised(outcomes(s))
    assert weights == [comb(8, k) * 2 ** (8 - k) for k in range(9)]
    assert weights == [256, 1024, 1792, 1792, 1120, 448, 112, 16, 1] and sum(weights) == 6561
    # Losses are removed together; hits beyond the enemy's ships are lost.
    s = play(s, HitsRolled(hits=7))
    assert sea_ships(s, "tyrrhenian", 0) == 0 and sea_ships(s, "tyrrhenian", 1) == 4


def test_x1_hit_weights_are_in_lowest_terms() -> None:
    """Spec §4.4: Carthage's 8 dice hitting on 5-6 total 3^8 = 6561, not 6^8."""
    s = play(_x1(), StartNaval(seat=0), HitsRolled(hits=0))
    assert [w for _, w in outcomes(s)] == [comb(8, k) * 2 ** (8 - k) for k in range(9)]


def test_n19_with_an_admiralty_a_4_hits() -> None:
    s = _x1(carthage_admiralty=True)
    # Carthage has the Admiralty: it is first in fleet order and decides first.
    assert top(s) == NavalChoice(seat=1, sea="tyrrhenian", opponent=0)
    s = play(s, StartNaval(seat=1))
    assert top(s) == Hits(purpose="naval", seat=1, dice=8, threshold=4, at="tyrrhenian")
    assert _normalised(outcomes(s)) == [comb(8, k) for k in range(9)]
    s = play(s, HitsRolled(hits=2))
    assert top(s).threshold == 5 and top(s).dice == 2
    s = play(s, HitsRolled(hits=2))
    assert sea_ships(s, "tyrrhenian", 0) == 0 and sea_ships(s, "tyrrhenian", 1) == 3


def test_q35_either_side_may_start_the_battle_once() -> None:
    s = play(_x1(), NoNaval(seat=0))
    assert top(s) == NavalChoice(seat=1, sea="tyrrhenian", opponent=0, second=True)
    s = play(s, NoNaval(seat=1))
    assert not any(isinstance(x, NavalChoice) for x in s.pending) and s.wars == ()


def test_q35_no_battle_against_a_seat_bound_by_a_deal() -> None:
    s = ships(ships(start(), "tyrrhenian", 0, 2), "tyrrhenian", 1, 5)
    s = edit(s, deals=(Deal(a=0, b=1, expires=5),))
    s = at_phase(s, 7)
    while isinstance(top(s), MoveFleets):
        s = play(s, Done(seat=top(s).seat))
    assert not any(isinstance(x, NavalChoice) for x in s.pending)


def test_x3_fleet_order() -> None:
    """A: Admiralty turn 6; B: Admiralty turn 8; C: only a Shipyard (turn 3); D: only a Shipyard
    (turn 5): A, B, C, D -- D, with no Admiralty and the newest Shipyard, moves last."""
    s = start(4)
    a, b, c, d = 2, 0, 3, 1
    s = edit(s, shipyard_order=(c, a, d, b), admiralty_order=(a, b))
    for seat, built in (
        (a, ("shipyard", "admiralty")),
        (b, ("shipyard", "admiralty")),
        (c, ("shipyard",)),
        (d, ("shipyard",)),
    ):
        s = player(s, seat, buildings=built)
    assert fleet_order(s) == [a, b, c, d]
    s = ships(
        ships(ships(ships(s, "tyrrhenian", 0, 1), "ionian", 1, 1), "aegean", 2, 1),
        "levantine",
        3,
        1,
    )
    s = at_phase(s, 7)
    order = []
    while isinstance(top(s), MoveFleets):
        order.append(top(s).seat)
        s = play(s, Done(seat=top(s).seat))
    assert order == [a, b, c, d]


def test_q33_each_ship_moves_one_step_never_into_class_6() -> None:
    s = at_phase(ships(start(), "tyrrhenian", 0, 3), 7)
    assert G.to_act(s) == (0,)
    targets = {m.to for m in legal(s, 0) if isinstance(m, MoveShips)}
    assert targets == {"ionian", "ligurian", "africum"}  # the Syrtis is class 6
    s = play(s, MoveShips(seat=0, origin="tyrrhenian", to="ionian", count=2))
    # The two that arrived move no more; one is left to move.
    moves = [m for m in legal(s, 0) if isinstance(m, MoveShips)]
    assert {m.origin for m in moves} == {"tyrrhenian"} and {m.count for m in moves} == {1}
    s = play(s, MoveShips(seat=0, origin="tyrrhenian", to="ligurian", count=1))
    assert legal(s, 0) == [Done(seat=0)]
    s = play(s, Done(seat=0))
    # Ionian (class 3) then Ligurian (class 1): storms in pack order.
    assert top(s) == D6(purpose="storm", at="ionian") and G.to_act(s) == (CHANCE,)


def _storm(admiralty: bool) -> object:
    s = ships(ships(start(), "ionian", 0, 2), "ionian", 1, 3)
    if admiralty:
        s = edit(player(s, 1, buildings=("admiralty",)), admiralty_order=(1,))
    s = edit(s, deals=(Deal(a=0, b=1, expires=5),))  # no naval battle afterwards
    s = at_phase(s, 7)
    while isinstance(top(s), MoveFleets):
        s = play(s, Done(seat=top(s).seat))
    return s


def test_n18_class_0_never_storms() -> None:
    s = at_phase(ships(start(), "tyrrhenian", 0, 2), 7)
    s = play(s, Done(seat=0))
    assert not any(isinstance(x, D6) for x in s.pending) and sea_ships(s, "tyrrhenian", 0) == 2


def test_n18_class_3_a_roll_of_3_sinks_all_but_admiralty_ships() -> None:
    s = _storm(admiralty=True)
    assert top(s) == D6(purpose="storm", at="ionian")
    s = play(s, RollFace(face=3))
    assert sea_ships(s, "ionian", 0) == 0 and sea_ships(s, "ionian", 1) == 3


def test_n18_class_3_a_roll_of_2_sinks_both() -> None:
    s = play(_storm(admiralty=True), RollFace(face=2))
    assert sea_ships(s, "ionian", 0) == 0 and sea_ships(s, "ionian", 1) == 0


def test_n18_class_3_a_roll_of_4_sinks_none() -> None:
    s = play(_storm(admiralty=False), RollFace(face=4))
    assert sea_ships(s, "ionian", 0) == 2 and sea_ships(s, "ionian", 1) == 3
