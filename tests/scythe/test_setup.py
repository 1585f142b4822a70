"""«Подготовка к игре»: setup for 2-5 players."""

from __future__ import annotations

import pytest

from arbiter.games.scythe.options import ScytheOptions
from arbiter.games.scythe.state import PlayerState
from tests.scythe.helpers import GAME, T, started


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_setup_places_everything_by_the_rulebook(players: int) -> None:
    s, _ = GAME.resolve_chance(GAME.new_state(players, seed=players))
    assert s.phase == "play" and len(s.players) == players
    seats = [T.factions[p.faction].seat for p in s.players]
    assert seats == sorted(seats), "seated Nordic, Rusviet, Crimea, Saxony, Polania clockwise"
    assert len({p.mat for p in s.players}) == players
    for p in s.players:
        f, m = T.factions[p.faction], T.mats[p.mat]
        assert p.power == f.power and len(p.hand) == f.combat_cards
        assert p.popularity == m.popularity and p.coins == m.coins
        assert len(p.objectives) == 2
        assert p.character == T.base_of[p.faction]
        assert p.workers == T.starting_workers[p.faction]
        assert p.mechs == () and p.structures == () and p.stars == ()
    assert len(s.factory_cards) == players + 1
    assert len(s.encounter_tokens) == 11
    assert s.structure_tile in T.tiles
    first = min(range(players), key=lambda i: T.mats[s.players[i].mat].number)
    assert s.turn.seat == first and s.turn.stage == "section"
    assert sum(s.combat_deck) + sum(len(p.hand) for p in s.players) == 42
    GAME.check_state(s)


def test_chosen_factions_keep_the_seat_order() -> None:
    s = started(("saxony", "nordic", "polania"), ("agricultural", "patriotic", "mechanical"))
    assert [p.faction for p in s.players] == ["saxony", "nordic", "polania"]
    # «Игрок с наименьшим значением в этой ячейке планшета начинает первым»: Patriotic is 3
    assert s.turn.seat == 1


def test_starting_workers_stand_next_to_the_home_base_by_land() -> None:
    s = started(("rusviet", "crimea"), ("industrial", "engineering"))
    p: PlayerState = s.players[0]
    # Rusviet's base touches r2c6 only across a river
    assert sorted(p.workers) == ["r3c6", "r4c6"]


def test_options_are_documented() -> None:
    names = [o.name for o in GAME.info().options]
    assert names == ["assignment", "tournament"]
    assert ScytheOptions().assignment == "random"
