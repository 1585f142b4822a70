"""Phase 11: espionage («Фаза 11: шпионаж»): N29, Q75-Q82."""

from __future__ import annotations

import pytest

from arbiter.games.ancient_wargame.moves import (
    Commit,
    Mission,
    NoCounterIntel,
    PayCounterIntel,
    RollFace,
)
from arbiter.games.ancient_wargame.state import D6, CounterIntel, Sealed, WargameState
from tests.ancient_wargame.helpers import (
    G,
    at_phase,
    edit,
    hero_of,
    legal,
    play,
    player,
    prov,
    set_hero,
    start,
    top,
)


def spies(*seats: int, money: int = 20, players: int = 2) -> WargameState:
    s = start(players)
    for seat in seats:
        s = player(s, seat, buildings=("spy_centre",), money=money)
    return edit(s, spy_order=seats)


def test_n29_no_spy_centre_no_decision() -> None:
    s = at_phase(player(start(), 0, money=50), 11)
    assert (s.turn, s.phase) == (2, 1)  # the turn ended at once


def test_n29_counter_intelligence_costs_1_a_free_hero() -> None:
    s = spies(1, 0)
    s = set_hero(s, hero_of(s, 0, "general").id, captor=1, province=None)  # Q76: no prisoner
    from arbiter.games.ancient_wargame.setup import new_hero

    extra = new_hero(edit(s, pending=()), G.tables(s.content_id), 0, "general", "latium")[0]
    s = edit(s, heroes=extra.heroes, created=extra.created)
    s = at_phase(s, 11)
    assert top(s) == CounterIntel(seat=1)  # the older spy centre announces first
    s = play(s, NoCounterIntel(seat=1))
    assert top(s) == CounterIntel(seat=0)
    s = play(s, PayCounterIntel(seat=0))
    assert s.players[0].money == 18 and s.counter_intel == (0,)
    # Only the seat that did not pay may order a mission.
    assert isinstance(top(s), Sealed) and top(s).seats == (1,)


def test_n29_counter_intelligence_needs_the_money() -> None:
    s = at_phase(spies(0, money=1), 11)
    assert legal(s) == [NoCounterIntel(seat=0)]


def _mission(s: WargameState, seat: int, kind: str, target: str) -> WargameState:
    while isinstance(top(s), CounterIntel):
        s = play(s, NoCounterIntel(seat=top(s).seat))
    s = play(s, Mission(seat=seat, kind=kind, target=target))  # type: ignore[arg-type]
    for other in G.to_act(s):
        s = play(s, Commit(seat=other))
    return s


@pytest.mark.parametrize(
    ("target_spy", "counter", "face", "dies"),
    [
        (False, False, 1, False),
        (False, False, 2, True),
        (True, False, 3, False),
        (True, False, 4, True),
        (True, True, 5, False),
        (True, True, 6, True),
    ],
)
def test_n29_assassination(target_spy: bool, counter: bool, face: int, dies: bool) -> None:
    """10 $; succeeds on 2-6, 4-6 against a seat with a spy centre, 6 if it paid for
    counter-intelligence this turn."""
    s = spies(0, 1) if target_spy else spies(0)
    s = at_phase(s, 11)
    general = hero_of(s, 1, "general")
    victim = general.id
    s = play(s, NoCounterIntel(seat=0))
    if target_spy:
        s = play(s, PayCounterIntel(seat=1) if counter else NoCounterIntel(seat=1))
    s = play(s, Mission(seat=0, kind="assassinate", target=victim))
    for other in G.to_act(s):
        s = play(s, Commit(seat=other))
    assert top(s) == D6(purpose="assassinate", seat=0, at=victim)
    assert s.players[0].money == 10  # paid whatever the result
    s = play(s, RollFace(face=face))
    assert (victim not in {h.id for h in s.heroes}) == dies
    traits = {c for c in (general.plus, general.minus) if c is not None}
    # Q15: a dead hero's traits go to the discards.
    assert (traits <= set(s.traits.discards)) == (dies and bool(traits))


def test_n29_only_free_generals_of_other_seats_are_targets() -> None:
    s = at_phase(spies(0), 11)
    s = play(s, NoCounterIntel(seat=0))
    targets = {m.target for m in legal(s, 0) if isinstance(m, Mission) and m.kind == "assassinate"}
    assert targets == {hero_of(s, 1, "general").id}
    sabotage = {m.target for m in legal(s, 0) if isinstance(m, Mission) and m.kind == "sabotage"}
    assert sabotage == {"carthago"}


@pytest.mark.parametrize(
    ("admin_there", "face", "blocked"),
    [(False, 1, False), (False, 2, True), (True, 3, False), (True, 4, True)],
)
def test_n29_sabotage_blocks_the_next_income_only(
    admin_there: bool, face: int, blocked: bool
) -> None:
    s = spies(0)
    if not admin_there:
        s = set_hero(s, hero_of(s, 1, "administrator").id, province="numidia")
    s = _mission(at_phase(s, 11), 0, "sabotage", "carthago")
    s = play(s, RollFace(face=face))
    assert prov(s, "carthago").sabotaged == blocked
    s = player(edit(s, turn=2), 1, food=0, money=0)
    s = at_phase(s, 6)
    assert (s.players[1].food, s.players[1].money) == ((0, 0) if blocked else (3, 3))
    assert not prov(s, "carthago").sabotaged
    s = at_phase(player(edit(s, turn=3), 1, food=0, money=0), 6)
    assert (s.players[1].food, s.players[1].money) == (3, 3)


def test_q79_counter_intelligence_does_not_help_against_sabotage() -> None:
    s = spies(0, 1)
    s = at_phase(s, 11)
    s = play(s, NoCounterIntel(seat=0), PayCounterIntel(seat=1))
    s = play(s, Mission(seat=0, kind="sabotage", target="carthago"), Commit(seat=0))
    s = play(s, RollFace(face=4))  # the administrator is home: 4-6
    assert prov(s, "carthago").sabotaged


def test_q82_missions_need_10_money() -> None:
    s = at_phase(spies(0, money=9), 11)
    s = play(s, NoCounterIntel(seat=0))
    assert (s.turn, s.phase) == (2, 1) and s.players[0].money == 9
