"""Phase 5: research («Фаза 5: изучение наук»): N13-N16, Q27-Q29."""

from __future__ import annotations

import pytest

from arbiter.core import CHANCE
from arbiter.games.ancient_wargame import rules
from arbiter.games.ancient_wargame.moves import BasicLearned, SixesRolled, StudyNext
from arbiter.games.ancient_wargame.research import sixes_weights
from arbiter.games.ancient_wargame.state import DrawBasic, Research
from arbiter.games.ancient_wargame.state import StudyNext as StudyTask
from tests.ancient_wargame.helpers import (
    G,
    army,
    at_phase,
    edit,
    outcomes,
    play,
    player,
    set_prov,
    start,
    top,
)


def test_n13_dice_are_provinces_without_enemy_soldiers_plus_one() -> None:
    s = start()
    s = at_phase(s, 5)
    assert top(s) == Research(seat=0, dice=2) and s.pending[-2] == Research(seat=1, dice=2)
    # Weights for (0, 1, two or more sixes) with 2 dice: 25, 10, 1.
    assert outcomes(s) == [
        (SixesRolled(sixes=0), 25),
        (SixesRolled(sixes=1), 10),
        (SixesRolled(sixes=2), 1),
    ]
    s = start()
    for pid in ("etruria", "campania", "sicilia"):
        s = set_prov(s, pid, owner=0)
    s = army(s, "sicilia", 1, infantry=1)  # Q29: a besieged province gives no die
    s = edit(s, wars=((0, 1),))
    s = set_prov(s, "campania", sabotaged=True)  # Q30: sabotage does not touch research
    s = at_phase(s, 5)
    assert top(s).dice == 4


def test_n13_the_sixes_weights() -> None:
    for d in range(0, 12):
        weights = dict(sixes_weights(d))
        assert weights[0] == 5**d and weights[1] == d * 5 ** max(0, d - 1) * (d > 0)
        assert sum(weights.values()) == 6**d


def test_n13_one_six_learns_nothing() -> None:
    s = play(at_phase(start(), 5), SixesRolled(sixes=1))
    assert top(s) == Research(seat=1, dice=2) and s.players[0].sciences == ()


def test_q29_no_province_one_die_no_roll() -> None:
    s = set_prov(start(), "latium", owner=None)
    s = at_phase(s, 5)
    assert top(s) == Research(seat=1, dice=2)  # seat 0's single die is not rolled


def test_n14_many_sixes_are_one_science() -> None:
    """21 dice are rolled in batches (20, then 1); two sixes in the first batch end the roll
    with one science, however many sixes there were."""
    s = start()
    s = at_phase(s, 5)
    s = edit(s, pending=(*s.pending[:-1], Research(seat=0, dice=25)))
    assert sum(w for _, w in outcomes(s)) == 6**20
    s = play(s, SixesRolled(sixes=2))
    assert isinstance(top(s), DrawBasic) and not any(
        isinstance(x, Research) and x.seat == 0 for x in s.pending
    )
    s = play(s, BasicLearned(science="writing"))
    assert s.players[0].sciences == ("writing",)
    assert top(s) == Research(seat=1, dice=2)


def test_n14_sixes_add_up_across_batches() -> None:
    s = at_phase(start(), 5)
    s = edit(s, pending=(*s.pending[:-1], Research(seat=0, dice=21)))
    s = play(s, SixesRolled(sixes=1))
    assert top(s) == Research(seat=0, dice=1, sixes=1)
    assert outcomes(s) == [(SixesRolled(sixes=0), 5), (SixesRolled(sixes=1), 1)]
    s = play(s, SixesRolled(sixes=1))
    assert isinstance(top(s), DrawBasic)


def test_n15_basic_sciences_first_at_random_then_the_chosen_advanced() -> None:
    s = player(start(), 0, sciences=("archery", "riding", "seafaring"))
    s = play(at_phase(s, 5), SixesRolled(sixes=2))
    assert G.to_act(s) == (CHANCE,)
    assert outcomes(s) == [
        (BasicLearned(science="pottery"), 1),
        (BasicLearned(science="writing"), 1),
    ]
    s = play(s, BasicLearned(science="writing"))
    s = at_phase(s, 5)
    s = play(s, SixesRolled(sixes=2), BasicLearned(science="pottery"))
    # The last basic science: the seat chooses its advanced study (face down, private).
    assert isinstance(top(s), StudyTask) and G.to_act(s) == (0,)
    assert {m.science for m in G.legal_moves(s, 0)} == set(rules.ADVANCED)
    s = play(s, StudyNext(seat=0, science="navigation"))
    assert s.players[0].studying == "navigation"
    assert G.view(s, 1).players[0].studying is None and G.view(s, 1).players[0].studies
    assert G.view(s, 0).players[0].studying == "navigation"
    # The 6th science is the one studied; the next is chosen at once.
    s = play(at_phase(s, 5), SixesRolled(sixes=2))
    assert s.players[0].sciences[-1] == "navigation" and len(s.players[0].sciences) == 6
    assert isinstance(top(s), StudyTask)
    assert StudyNext(seat=0, science="navigation") not in G.legal_moves(s, 0)


def test_n16_with_all_ten_a_success_is_a_vp() -> None:
    s = player(start(), 0, sciences=rules.SCIENCES)
    s = play(at_phase(s, 5), SixesRolled(sixes=2))
    assert s.players[0].vp == 3 and top(s) == Research(seat=1, dice=2)


@pytest.mark.parametrize("learned", [0, 3, 5, 10])
def test_c4_the_academy_successes_follow_the_same_rules(learned: int) -> None:
    sciences = rules.SCIENCES[:learned]
    s = player(start(), 0, sciences=sciences, constructing=("academy",))
    s = player(s, 0, studying="longbow") if learned == 5 else s
    s = at_phase(s, 4)
    if learned < 5:
        assert isinstance(top(s), DrawBasic)
    elif learned == 5:
        assert s.players[0].sciences[-1] == "longbow" and isinstance(top(s), StudyTask)
    else:
        assert s.players[0].vp == 4  # two successes, two VP
