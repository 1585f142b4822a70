"""Setup («Подготовка к игре», «Выбор государств», «Выбор героев»): N1, X4, Q2-Q7, trimming."""

from __future__ import annotations

import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.games.ancient_wargame.content_checks import provinces_in_play, seas_in_play
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.games.ancient_wargame.moves import PickState, StateDealt, UpperHero
from arbiter.games.ancient_wargame.state import Sealed
from tests.ancient_wargame.helpers import (
    ORDER,
    PACK,
    G,
    T,
    chance,
    opts,
    outcomes,
    play,
    prov,
    start,
    top,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_n1_every_seat_gets_its_starting_kit(players: int) -> None:
    """5 ₣, 5 $, 2 VP, the capital with 1 fortress, an administrator and a general there with
    one positive and one negative trait each; no soldiers, no ships, no building or science."""
    s = start(players)
    assert s.stage == "play" and (s.turn, s.phase) == (1, 1)
    assert isinstance(top(s), Sealed) and top(s).step == "hire"
    for seat, state in enumerate(ORDER[:players]):
        p = s.players[seat]
        assert (p.state, p.food, p.money, p.vp) == (state, 5, 5, 2)
        assert (p.buildings, p.sciences, p.constructing, p.appeared) == ((), (), (), 2)
        capital = T.capital_of[state]
        assert prov(s, capital).owner == seat and prov(s, capital).fortresses == 1
        mine = [h for h in s.heroes if h.owner == seat]
        assert sorted(h.kind for h in mine) == ["administrator", "general"]
        for h in mine:
            assert h.province == capital and h.captor is None
            prefix = "admin" if h.kind == "administrator" else "general"
            assert h.plus is not None and T.traits[h.plus].deck == f"{prefix}_plus"
            assert h.minus is not None and T.traits[h.minus].deck == f"{prefix}_minus"
    owned = [p for p in s.provinces if p.owner is not None]
    assert len(owned) == players
    assert all(not p.armies for p in s.provinces) and all(not x.fleets for x in s.seas)
    # The traits were taken out of their decks: 8 cards each, one per hero of the kind.
    assert len(s.traits.admin_plus) == 8 - players and len(s.traits.general_minus) == 8 - players


def test_n1_default_pack_features_apply_at_the_start() -> None:
    """The default pack's Rome starts with 2 infantry (a ``start_units`` feature) and Carthage
    with a shipyard (``start_building``, its science with it, first in the shipyard order)."""
    g = AncientWargame()
    s = g.new_state(2)
    s = g.apply(s, StateDealt(state="rome"))[0]
    s = g.apply(s, StateDealt(state="carthage"))[0]
    s = g.resolve_chance(s)[0]
    t = g.tables(s.content_id)
    latium = s.provinces[t.province_index["latium"]]
    assert latium.army(0).infantry == 2 and latium.fortresses == 1
    assert s.players[1].buildings == ("shipyard",) and "seafaring" in s.players[1].sciences
    assert s.shipyard_order == (1,)


def _upper_first(s: object, seat: int, kind: str) -> object:
    hero = next(h for h in s.heroes if h.owner == seat and h.kind == kind)  # type: ignore[attr-defined]
    return chance(play(s, UpperHero(seat=seat, hero=hero.id)))  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3])
def test_x4_the_hero_list_is_a_snake(players: int) -> None:
    """«герои первого игрока были на первом и последнем месте, второго – на втором и
    предпоследнем»: [P1a, P2a, P3a, P3b, P2b, P1b]; each seat chose its ``a`` (Q2), in seat
    order; seat 0 puts its general higher, the others their administrator."""
    s = G.new_state(players, opts(), 0)
    for state in ORDER[:players]:
        s = play(s, StateDealt(state=state))
    s = chance(s)
    for seat in range(players):
        assert G.to_act(s) == (seat,)
        choices = G.legal_moves(s, seat)
        mine = {h.id for h in s.heroes if h.owner == seat}
        assert {m.hero for m in choices} == mine and len(choices) == 2
        s = _upper_first(s, seat, "general" if seat == 0 else "administrator")  # type: ignore[assignment]
    owners = [h.owner for h in s.heroes]
    assert owners == [*range(players), *reversed(range(players))]
    kinds = [h.kind for h in s.heroes]
    assert kinds[0] == "general" and kinds[-1] == "administrator"
    assert kinds[1:players] == ["administrator"] * (players - 1)
    assert kinds[players:-1] == ["general"] * (players - 1)


def test_x4_another_seat_may_not_choose_the_upper_hero() -> None:
    s = G.new_state(2, opts(), 0)
    s = chance(play(s, StateDealt(state="rome"), StateDealt(state="carthage")))
    other = next(h for h in s.heroes if h.owner == 1)
    with pytest.raises(IllegalMove) as err:
        G.apply(s, UpperHero(seat=1, hero=other.id))
    assert err.value.code == "ancient-wargame.not_your_turn"
    with pytest.raises(IllegalMove):
        G.apply(s, UpperHero(seat=0, hero=other.id))


def test_q3_random_states_are_dealt_by_chance_among_those_left() -> None:
    s = G.new_state(3, opts(state_assignment="random"), 0)
    assert G.to_act(s) == (CHANCE,)
    assert {m.state for m, w in outcomes(s)} == set(ORDER) and {w for _, w in outcomes(s)} == {1}
    s = play(s, StateDealt(state="gaul"))
    assert s.players[0].state == "gaul"
    assert "gaul" not in {m.state for m, _ in outcomes(s)}
    s = chance(s)
    states = [p.state for p in s.players if p.state is not None]
    assert len(set(states)) == 3 and states[0] == "gaul"


def test_q3_drafted_states_are_picked_in_seat_order() -> None:
    s = G.new_state(3, opts(state_assignment="draft"), 0)
    assert G.to_act(s) == (0,)
    assert {m.state for m in G.legal_moves(s, 0)} == set(ORDER)
    s = play(s, PickState(seat=0, state="egypt"))
    assert G.to_act(s) == (1,)
    with pytest.raises(IllegalMove):
        G.apply(s, PickState(seat=1, state="egypt"))  # taken
    s = play(s, PickState(seat=1, state="rome"), PickState(seat=2, state="persia"))
    assert [p.state for p in s.players] == ["egypt", "rome", "persia"]
    s = chance(s)
    assert prov(s, "aegyptus").owner == 0 and prov(s, "latium").owner == 1
    assert prov(s, "persis").owner == 2 and prov(s, "carthago").owner is None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_min_players_trims_the_map(players: int) -> None:
    """Provinces and seas are in play from their ``min_players`` up; the capitals of states not
    in play are neutral provinces."""
    s = start(players)
    for x, p in zip(T.provinces, s.provinces, strict=True):
        assert p.in_play == (x.min_players <= players), x.id
    for y, sea in zip(T.seas, s.seas, strict=True):
        assert sea.in_play == (y.min_players <= players), y.id
    assert [p.id for p in provinces_in_play(PACK, players)] == [
        x.id for x, p in zip(T.provinces, s.provinces, strict=True) if p.in_play
    ]
    assert len(seas_in_play(PACK, players)) == sum(1 for x in s.seas if x.in_play)
    for state in ORDER[players:]:
        assert prov(s, T.capital_of[state]).owner is None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_default_pack_provinces_in_play_grow_with_players(players: int) -> None:
    g = AncientWargame()
    t = g.tables(g.default_content_id)
    s = g.resolve_chance(g.new_state(players, seed=players))[0]
    in_play = sum(1 for p in s.provinces if p.in_play)
    assert in_play == sum(1 for p in t.provinces if p.min_players <= players)
    fewer = sum(1 for p in t.provinces if p.min_players <= players - 1) if players > 2 else 0
    assert in_play > fewer
