"""The example tables the reference plays from (``AncientWargame.example_states``): two battles
about to be fought in phase 9, and the same a few decisions on with a lopsided deployment."""

from __future__ import annotations

import random

from arbiter.core import CHANCE
from arbiter.games.ancient_wargame.battle_state import SiegeChoice, Volley
from arbiter.games.ancient_wargame.examples import SPREAD
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.games.ancient_wargame.moves import Fight, Hide, SpillTo
from arbiter.games.ancient_wargame.state import Troops

GAME = AncientWargame()
(FIRST_TITLE, FIRST), (SECOND_TITLE, SECOND) = GAME.example_states()
T = GAME.tables(FIRST.content_id)


def test_the_first_table_is_phase_9_with_two_battles_set() -> None:
    GAME.check_state(FIRST)
    assert (FIRST.turn, FIRST.phase, FIRST.wars) == (1, 9, ((0, 1),))
    capital = T.capital_of[str(FIRST.players[1].state)]
    held = FIRST.provinces[T.province_index[capital]]
    assert held.owner == 1 and held.fortresses == 2
    assert held.army(1) == Troops(infantry=6, archers=3, cavalry=2)
    assert held.army(0) == Troops(infantry=10, archers=4, cavalry=4)
    neutral = [p for p in FIRST.provinces if p.owner is None and len(p.armies) == 2]
    assert len(neutral) == 1
    # the defender at its fortresses decides first: shelter or fight
    assert FIRST.pending[-1] == SiegeChoice(seat=1, province=capital, step="hide", opponent=0)
    assert GAME.legal_moves(FIRST, 1) == [Hide(seat=1), Fight(seat=1)]
    for p in FIRST.players:
        assert "spy_centre" in p.buildings and p.money >= 30
    assert sorted(FIRST.spy_order) == [0, 1]  # both announce counter-intelligence in phase 11


def test_the_second_table_has_seat_1_in_the_centre_and_seat_0_spread() -> None:
    GAME.check_state(SECOND)
    assert SECOND.battle is not None
    defender, attacker = SECOND.battle.sides
    assert [f.fielded for f in defender.flanks] == [False, True, False]
    assert (defender.flanks[1].infantry, defender.flanks[1].archers) == (6, 3)
    spread = [(f.infantry, f.cavalry) for f in attacker.flanks]
    assert spread[:2] == [(SPREAD[("infantry", 0)], 2), (SPREAD[("infantry", 1)], 0)]
    assert isinstance(SECOND.pending[-1], Volley)  # the fortresses fire first


def test_from_the_second_table_surplus_hits_spill_over_q54() -> None:
    """Seat 0's wings, with no one in front, strike seat 1's centre; the centre's surplus hits go
    to the wing its seat chooses -- the decision random play from new games almost never meets."""
    reached = 0
    for seed in range(10):
        rng, s = random.Random(seed), SECOND
        while s.battle is not None and GAME.to_act(s):
            actor = GAME.to_act(s)[0]
            if actor == CHANCE:
                s, _ = GAME.apply(s, GAME.sample_chance(s))
                continue
            moves = GAME.legal_moves(s, actor)
            if any(isinstance(m, SpillTo) for m in moves):
                reached += 1
                break
            s, _ = GAME.apply(s, rng.choice(moves))
    assert reached >= 3
