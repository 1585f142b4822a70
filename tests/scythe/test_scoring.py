"""«Подсчет очков в конце игры» and «Объявление победителя», with the rulebook's examples."""

from __future__ import annotations

import msgspec

from arbiter.games.scythe.scoring import final_result, structure_count
from arbiter.games.scythe.state import Built
from tests.scythe.helpers import T, clear_board, player, resources, started


def test_the_structure_bonus_example_four_lakes_pay_6() -> None:
    """«Если Ваши два сооружения стоят так ... Вы получите монеты за 4 озера (всего $6)»."""
    s = clear_board(started(tile="adjacent_lakes"))
    s = player(
        s,
        0,
        structures=(
            Built(structure="mill", territory="r3c3"),
            Built(structure="mine", territory="r4c4"),
        ),
    )
    assert structure_count(s, T, 0, "adjacent_lakes") == 4
    assert T.tiles["adjacent_lakes"].coins_for(4) == 6


def test_structures_in_a_row_count_the_longest_line() -> None:
    s = clear_board(started(tile="in_a_row"))
    line = ("r5c1", "r5c2", "r5c3")
    s = player(
        s,
        0,
        structures=tuple(
            Built(structure=x, territory=y)  # type: ignore[arg-type]
            for x, y in zip(("mill", "mine", "armory"), line, strict=True)
        ),
    )
    assert structure_count(s, T, 0, "in_a_row") == 3


def test_the_scoring_example_popularity_10_and_13_resources() -> None:
    """10 popularity: $4 a star, $3 a territory, $2 for each 2 resources; 13 tokens give $12."""
    s = clear_board(started(tile="on_tunnels"))
    s = player(s, 0, popularity=10, coins=5, stars=("combat",), workers=("r1c5",))
    s = player(s, 1, popularity=0, coins=0, workers=("base_rusviet",) * 2)
    s = resources(s, "r1c5", food=13)
    s = msgspec.structs.replace(s, phase="over")
    r = final_result(s, T)
    lines = {x.label: x.points for x in r.breakdown if x.seat == 0}
    assert lines == {
        "coins": 5,
        "stars": 4,
        "territories": 3,
        "resources": 12,
        "structure bonus": 0,
    }
    assert r.scores[0] == 24 and r.winners == (0,)


def test_the_factory_counts_as_three_territories_and_18_popularity_is_the_top_tier() -> None:
    s = clear_board(started())
    s = player(s, 0, popularity=18, coins=0, workers=(T.factory,))
    s = player(s, 1, coins=0, workers=("base_rusviet",) * 2)
    r = final_result(msgspec.structs.replace(s, phase="over"), T)
    assert r.scores[0] == 3 * 4


def test_the_six_tie_breakers_in_order() -> None:
    s = clear_board(started())
    s = player(s, 0, coins=10, workers=("r1c5",), power=3)
    s = player(s, 1, coins=10, workers=("r6c6",), power=4)
    r = final_result(msgspec.structs.replace(s, phase="over"), T)
    assert r.tie_breakers == (
        "workers_mechs_structures",
        "power",
        "popularity",
        "resources",
        "territories",
        "stars",
    )
    assert r.scores[0] == r.scores[1]
    assert r.winners == (1,), "more power breaks the tie"
