"""Phase 3: heroes are born and die («Фаза 3: появление и смерть героев»; table 1, footnote 1):
N2-N4, X5, Q14-Q19."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter.core import CHANCE
from arbiter.games.ancient_wargame import rules
from arbiter.games.ancient_wargame.moves import (
    HeroGiven,
    HeroKindDrawn,
    PlaceHero,
    RollFace,
    TraitDrawn,
)
from arbiter.games.ancient_wargame.state import D6, NewHero
from tests.ancient_wargame.helpers import (
    G,
    at_phase,
    chance,
    edit,
    hero_of,
    outcomes,
    play,
    player,
    set_hero,
    set_prov,
    start,
    top,
)

#: Table 1 as the reading aid prints it (§2.2): faces giving 0, 1, 2, 3, 4 heroes.
BORN = {
    2: ("12", "345", "6", "", ""),
    3: ("12", "34", "56", "", ""),
    4: ("1", "23", "45", "6", ""),
    5: ("1", "2", "345", "6", ""),
    6: ("1", "2", "34", "5", "6"),
}
DIE = {
    2: ("1234", "56", ""),
    3: ("1234", "5", "6"),
    4: ("123", "45", "6"),
    5: ("12", "345", "6"),
    6: ("12", "34", "56"),
}
CASES = [(n, face) for n in range(2, 7) for face in range(1, 7)]


def _expected(table: dict[int, tuple[str, ...]], n: int, face: int) -> int:
    return next(k for k, faces in enumerate(table[n]) if str(face) in faces)


@pytest.mark.parametrize(("players", "face"), CASES)
def test_n2_table_1_births_and_deaths(players: int, face: int) -> None:
    assert rules.BIRTHS[players][face - 1] == _expected(BORN, players, face)
    assert rules.DEATHS[players][face - 1] == _expected(DIE, players, face)


def test_n2_the_text_examples() -> None:
    """6 players: a 6 gives 4 heroes born, a 5 two deaths."""
    assert rules.BIRTHS[6][5] == 4 and rules.DEATHS[6][4] == 2


@pytest.fixture(scope="module")
def phase3() -> dict[int, object]:
    return {n: at_phase(start(n), 3) for n in range(2, 7)}


@pytest.mark.parametrize(("players", "face"), CASES)
def test_n2_births_through_play(phase3: dict[int, object], players: int, face: int) -> None:
    s = phase3[players]
    assert isinstance(top(s), D6) and top(s).purpose == "births"  # type: ignore[attr-defined]
    assert outcomes(s) == [(RollFace(face=f), 1) for f in range(1, 7)]  # type: ignore[arg-type]
    after = play(s, RollFace(face=face))  # type: ignore[arg-type]
    born = sum(1 for x in after.pending if isinstance(x, NewHero))
    assert born == _expected(BORN, players, face)
    # The deaths roll waits under the births.
    assert any(isinstance(x, D6) and x.purpose == "deaths" for x in after.pending)


@pytest.mark.parametrize(("players", "face"), CASES)
def test_n2_deaths_through_play(phase3: dict[int, object], players: int, face: int) -> None:
    s = play(phase3[players], RollFace(face=1))  # type: ignore[arg-type]
    assert isinstance(top(s), D6) and top(s).purpose == "deaths"
    before = s.heroes
    s = play(s, RollFace(face=face))
    dead = _expected(DIE, players, face)
    assert s.heroes == before[dead:]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_x5_expected_rates_against_footnote_1(n: int) -> None:
    """Footnote 1: n/w heroes a turn, w = 3 for births and 6 for deaths. Deaths match n/6
    exactly; births match n/3 except 5/6 at 2 players and 3/2 at 4 (C5: the table rules)."""
    births = Fraction(sum(rules.BIRTHS[n]), 6)
    deaths = Fraction(sum(rules.DEATHS[n]), 6)
    assert deaths == Fraction(n, 6)
    expected = {2: Fraction(5, 6), 4: Fraction(3, 2)}.get(n, Fraction(n, 3))
    assert births == expected
    assert (births == Fraction(n, 3)) == (n not in (2, 4))


def _birth(s: object, kind: str = "general") -> object:
    """One hero born (face 3 at 3 players), its kind drawn."""
    s = play(s, RollFace(face=3))  # type: ignore[arg-type]
    assert isinstance(top(s), NewHero) and G.to_act(s) == (CHANCE,)
    assert outcomes(s) == [
        (HeroKindDrawn(kind="administrator"), 1),
        (HeroKindDrawn(kind="general"), 1),
    ]  # Q14: 1:1
    return play(s, HeroKindDrawn(kind=kind))  # type: ignore[arg-type]


def test_n3_the_seat_with_fewest_heroes_appeared_gets_the_new_one() -> None:
    s = at_phase(start(3), 3)
    s = player(player(s, 1, appeared=3), 2, appeared=3)
    s = _birth(s, "administrator")
    assert outcomes(s) == [(HeroGiven(owner=0), 1)]  # type: ignore[arg-type]
    count = len(s.heroes)  # type: ignore[attr-defined]
    s = chance(play(s, HeroGiven(owner=0)))  # type: ignore[arg-type]
    new = s.heroes[count] if s.phase == 3 else next(h for h in s.heroes if h.id == f"h{7}")
    assert new.id == "h7" and new.owner == 0 and new.kind == "administrator"
    assert new.province == "latium" and new.plus is not None and new.minus is not None
    assert s.players[0].appeared == 3


def test_n3_a_tie_is_broken_by_chance_among_the_tied() -> None:
    s = at_phase(start(3), 3)
    s = _birth(s)
    assert outcomes(s) == [(HeroGiven(owner=k), 1) for k in range(3)]  # type: ignore[arg-type]
    s2 = at_phase(start(3), 3)
    s2 = player(s2, 0, appeared=4)
    s2 = _birth(s2)
    assert outcomes(s2) == [(HeroGiven(owner=1), 1), (HeroGiven(owner=2), 1)]  # type: ignore[arg-type]


def test_n3_the_new_hero_is_written_last_in_the_list() -> None:
    s = at_phase(start(3), 3)
    s = _birth(s)
    s = play(s, HeroGiven(owner=2))  # type: ignore[arg-type]
    assert s.heroes[-1].owner == 2 and s.heroes[-1].province == "achaea"
    assert [h.owner for h in s.heroes[:-1]] == [0, 1, 2, 2, 1, 0]


def test_q16_without_the_capital_the_owner_places_the_new_hero() -> None:
    s = at_phase(start(3), 3)
    s = set_prov(s, "latium", owner=1)
    s = set_prov(s, "etruria", owner=0)
    s = player(player(s, 1, appeared=3), 2, appeared=3)
    s = _birth(s)
    s = chance(play(s, HeroGiven(owner=0)))  # type: ignore[arg-type]
    assert G.to_act(s) == (0,)
    assert G.legal_moves(s, 0) == [PlaceHero(seat=0, province="etruria")]
    s = play(s, PlaceHero(seat=0, province="etruria"))
    assert next(h for h in s.heroes if h.id == "h7").province == "etruria"


def test_q16_a_seat_holding_no_province_gets_no_hero() -> None:
    s = at_phase(start(3), 3)
    s = set_prov(s, "latium", owner=1)
    s = _birth(s)
    assert [m.owner for m, _ in outcomes(s)] == [1, 2]  # type: ignore[attr-defined]


def test_n4_the_oldest_die_prisoners_too() -> None:
    """With 2 deaths (3 players, a 6), the two heroes at the top of the list die, whoever owns
    them, the second a prisoner (Q18); their traits go to the discards (Q15)."""
    s = at_phase(start(3), 3)
    first, second = s.heroes[0], s.heroes[1]
    s = set_hero(s, second.id, captor=0, province=None)
    s = play(s, RollFace(face=1))  # no birth
    s = play(s, RollFace(face=6))
    assert [h.id for h in s.heroes] == [h.id for h in start(3).heroes[2:]]
    assert {first.plus, first.minus, second.plus, second.minus} <= set(s.traits.discards)


def test_q17_table_1_counts_the_players_still_in_the_game() -> None:
    s = at_phase(start(3), 3)
    s = player(s, 2, eliminated=1)
    s = edit(s, heroes=tuple(h for h in s.heroes if h.owner != 2))
    s = play(s, RollFace(face=6))  # 2 players: 2 born (3 players would be 2 too)
    assert sum(1 for x in s.pending if isinstance(x, NewHero)) == 2
    s = at_phase(start(3), 3)
    s = player(s, 2, eliminated=1)
    s = play(s, RollFace(face=5))  # 2 players: 1 born (3 players: 2)
    assert sum(1 for x in s.pending if isinstance(x, NewHero)) == 1


def test_q15_an_empty_trait_deck_is_reshuffled_from_the_discards() -> None:
    s = at_phase(start(2), 3)
    dead = hero_of(s, 1, "general")
    traits = edit(s).traits
    import msgspec

    traits = msgspec.structs.replace(
        traits, general_plus=(), general_minus=(), discards=(dead.plus, dead.minus)
    )
    s = edit(s, traits=traits)
    s = play(s, RollFace(face=6), HeroKindDrawn(kind="general"), HeroGiven(owner=0))
    assert [m.card for m, _ in outcomes(s)] == [dead.plus]  # type: ignore[attr-defined]
    s = play(s, TraitDrawn(card=dead.plus))
    assert [m.card for m, _ in outcomes(s)] == [dead.minus]  # type: ignore[attr-defined]
    s = play(s, TraitDrawn(card=dead.minus))
    assert s.traits.discards == () and s.traits.general_plus == ()
    # The deck is empty again, with no discard: the second hero gets no trait.
    assert next(h for h in s.heroes if h.id == "h5").plus == dead.plus
