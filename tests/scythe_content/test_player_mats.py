"""The player mats of the default Scythe pack against the rulebook's «Планшет игрока» and the photo.

The rulebook fixes the shape (identical top row in different orders, bottom row in a fixed order,
6 technology cubes, 6 workers on the Produce slots); the per-mat numbers were read from the photo of
the five mats and agree with three code sources.
"""

from __future__ import annotations

import pytest

from arbiter.games.scythe.content import (
    BOTTOM_ACTIONS,
    Cost,
    PlayerMat,
    Reward,
    ScytheContent,
    TopAction,
)

#: mat -> (number, popularity, coins, top row left to right,
#:         (cost, upgrade slots, coins) for upgrade, deploy, build, enlist)
MATS: dict[str, tuple[int, int, int, tuple[str, ...], tuple[tuple[int, int, int], ...]]] = {
    "industrial": (
        1,
        2,
        4,
        ("bolster", "produce", "move_gain", "trade"),
        ((3, 1, 3), (3, 2, 2), (3, 1, 1), (4, 2, 0)),
    ),
    "engineering": (
        2,
        2,
        5,
        ("produce", "trade", "bolster", "move_gain"),
        ((3, 1, 2), (4, 2, 0), (3, 2, 3), (3, 1, 1)),
    ),
    "patriotic": (
        3,
        2,
        6,
        ("move_gain", "bolster", "trade", "produce"),
        ((2, 0, 1), (4, 3, 3), (4, 2, 0), (3, 1, 2)),
    ),
    "mechanical": (
        4,
        3,
        6,
        ("trade", "bolster", "move_gain", "produce"),
        ((3, 1, 0), (3, 2, 2), (3, 1, 2), (4, 2, 2)),
    ),
    "agricultural": (
        5,
        4,
        7,
        ("move_gain", "trade", "produce", "bolster"),
        ((2, 0, 1), (4, 2, 0), (4, 2, 2), (3, 2, 3)),
    ),
}


def test_five_mats_numbered_for_turn_order(pack: ScytheContent) -> None:
    assert [m.id for m in pack.player_mats] == list(MATS)
    assert sorted(m.number for m in pack.player_mats) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("mat_id", list(MATS))
def test_mat_values(pack: ScytheContent, mat_id: str) -> None:
    number, popularity, coins, top_row, bottom_row = MATS[mat_id]
    mat = next(m for m in pack.player_mats if m.id == mat_id)
    assert (mat.number, mat.popularity, mat.coins) == (number, popularity, coins)
    assert mat.objective_cards == 2
    assert tuple(s.top.name for s in mat.sections) == top_row
    assert tuple((s.bottom.cost, s.bottom.upgrade_slots, s.bottom.coins) for s in mat.sections) == (
        bottom_row
    )


def test_each_mat_has_four_sections_with_every_action_once(pack: ScytheContent) -> None:
    for mat in pack.player_mats:
        assert len(mat.sections) == 4
        assert sorted(s.top.name for s in mat.sections) == sorted(
            ["move_gain", "trade", "bolster", "produce"]
        )
        # «Действия нижнего ряда расположены в том же порядке на всех планшетах»
        assert tuple(s.bottom.name for s in mat.sections) == BOTTOM_ACTIONS


def test_top_actions_are_identical_on_every_mat(pack: ScytheContent) -> None:
    # «Действия верхнего ряда на всех планшетах одинаковые, но расположены в разном порядке»
    seen: dict[str, TopAction] = {}
    for mat in pack.player_mats:
        for section in mat.sections:
            assert seen.setdefault(section.top.name, section.top) == section.top


def top(mat: PlayerMat, name: str) -> TopAction:
    return mat.sections[mat.section_of(name)].top  # type: ignore[arg-type]


def test_top_actions_start_as_the_rulebook_says(pack: ScytheContent) -> None:
    mat = pack.player_mats[0]
    options = {
        name: (
            top(mat, name).cost,
            [(o.name, o.amount, o.upgraded) for o in top(mat, name).options],
        )
        for name in ("move_gain", "trade", "bolster", "produce")
    }
    # «Передвиньте 1-2 различных юнита» / «Получите $1»
    assert options["move_gain"] == (Cost(), [("move", 2, 3), ("coins", 1, 2)])
    # «Заплатите стоимость ($1)»: «любые 2 ресурса» / «Популярность на 1»
    assert options["trade"] == (Cost(coins=1), [("resources", 2, 2), ("popularity", 1, 2)])
    # «Заплатите стоимость ($1)»: «Силу на 2» / «Возьмите 1 карту битвы»
    assert options["bolster"] == (Cost(coins=1), [("power", 2, 3), ("combat_cards", 1, 2)])
    # «выберите 1-2 различные территории»; the cost is the uncovered slots
    assert options["produce"] == (Cost(), [("produce", 2, 3)])


def test_structures_sit_under_their_actions(pack: ScytheContent) -> None:
    # «Монумент: Выполняя действие Усиления», «Мельница: ... Производства», «Шахта ... туннель»
    # (movement), «Оружейный склад: Выполняя действие Торговли»
    for mat in pack.player_mats:
        assert {s.top.name: s.top.structure for s in mat.sections} == {
            "bolster": "monument",
            "produce": "mill",
            "move_gain": "mine",
            "trade": "armory",
        }


def test_bottom_actions_cost_their_resources(pack: ScytheContent) -> None:
    # «Для улучшения требуется нефть», «... металл», «... дерево», «... еда»
    for mat in pack.player_mats:
        assert [s.bottom.resource for s in mat.sections] == ["oil", "metal", "wood", "food"]


def test_six_technology_cubes_and_six_bracketed_squares(pack: ScytheContent) -> None:
    cubes = pack.components.technology_cubes_per_faction
    for mat in pack.player_mats:
        assert sum(o.has_cube for s in mat.sections for o in s.top.options) == cubes
        assert sum(s.bottom.upgrade_slots for s in mat.sections) == cubes


def test_bottom_coins_sum_to_six(pack: ScytheContent) -> None:
    for mat in pack.player_mats:
        assert sum(s.bottom.coins for s in mat.sections) == 6, mat.id


def test_upgrades_never_make_an_action_free(pack: ScytheContent) -> None:
    for mat in pack.player_mats:
        for section in mat.sections:
            assert 1 <= section.bottom.min_cost <= section.bottom.cost


def test_recruit_ongoing_bonuses(pack: ScytheContent) -> None:
    expected = {
        "upgrade": Reward(power=1),
        "deploy": Reward(coins=1),
        # the rulebook's example: the Nordic player gains 1 popularity for a Build
        "build": Reward(popularity=1),
        "enlist": Reward(combat_cards=1),
    }
    for mat in pack.player_mats:
        assert {s.bottom.name: s.bottom.recruit_bonus for s in mat.sections} == expected


def test_produce_cost_slots(pack: ScytheContent) -> None:
    on_mat = pack.components.workers_per_faction - 2  # «Ваши оставшиеся 6 рабочих»
    for mat in pack.player_mats:
        assert len(mat.produce_cost_slots) == on_mat
        assert mat.produce_cost_slots == (
            Cost(),
            Cost(power=1),
            Cost(),
            Cost(popularity=1),
            Cost(),
            Cost(coins=1),
        )


def test_section_lookup(pack: ScytheContent) -> None:
    industrial = pack.player_mat("industrial")
    assert industrial.section_of("trade") == 3
    assert industrial.section_of("enlist") == 3
    with pytest.raises(KeyError):
        pack.player_mat("militant")  # type: ignore[arg-type]
