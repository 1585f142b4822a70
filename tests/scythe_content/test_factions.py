"""The factions of the default Scythe pack against the rulebook («Компоненты фракций», «Ввод в строй»,
«Особенности фракций», «Мобилизация», «Герои»)."""

from __future__ import annotations

from collections import Counter
from typing import get_args

from arbiter.games.scythe.content import (
    FACTIONS,
    FactionAbility,
    MechAbility,
    Reward,
    ScytheContent,
)


def test_five_base_factions_in_seating_order(pack: ScytheContent) -> None:
    # «порядок рассадки такой: Нордик, Русвет, Кримея, Саксония, Полания»
    assert tuple(f.id for f in sorted(pack.factions, key=lambda f: f.seat)) == FACTIONS
    assert sorted(f.seat for f in pack.factions) == [1, 2, 3, 4, 5]


def test_colours_and_names(pack: ScytheContent) -> None:
    got = {f.id: (f.color, f.name_ru, f.character_ru) for f in pack.factions}
    assert got == {
        "nordic": ("blue", "Королевство Нордик", "Бьорн и Мокс"),
        "rusviet": ("red", "Союз Русвет", "Ольга Романова и Чанга"),
        "crimea": ("yellow", "Ханство Кримея", "Зера и Кар"),
        "saxony": ("black", "Саксонская империя", "Гюнтер фон Дуйсбург и «Ночь и День»"),
        "polania": ("white", "Республика Полания", "Анна и Войтек"),
    }


def test_starting_power_and_combat_cards(pack: ScytheContent) -> None:
    got = {f.id: (f.power, f.combat_cards) for f in pack.factions}
    assert got == {
        "nordic": (4, 1),
        "rusviet": (3, 2),
        "crimea": (5, 0),  # the doubt: ScytheBot says 5 cards
        "saxony": (1, 4),
        "polania": (2, 3),
    }


def test_home_bases(pack: ScytheContent) -> None:
    for faction in pack.factions:
        base = pack.board.home_base(faction.id)
        assert faction.home_base == base.id
        assert not base.expansion


def test_faction_abilities(pack: ScytheContent) -> None:
    got = {f.id: f.ability for f in pack.factions}
    assert got == {
        "nordic": "swim",
        "rusviet": "relentless",
        "crimea": "coercion",
        "saxony": "dominate",
        "polania": "meander",
    }
    assert set(got.values()) == set(get_args(FactionAbility))


def test_riverwalk_terrains(pack: ScytheContent) -> None:
    # each faction's «БРОД: Ваш Герой и Механизмы, пересекая реки, могут передвигаться в ...»
    got = {f.id: set(f.riverwalk) for f in pack.factions}
    assert got == {
        "saxony": {"forest", "mountain"},
        "rusviet": {"village", "farm"},
        "nordic": {"forest", "mountain"},
        "crimea": {"farm", "tundra"},
        "polania": {"village", "mountain"},
    }


def test_mech_abilities(pack: ScytheContent) -> None:
    got = {f.id: f.mech_abilities for f in pack.factions}
    assert got == {
        "saxony": ("riverwalk", "underpass", "disarm", "speed"),
        "rusviet": ("riverwalk", "township", "peoples_army", "speed"),
        "nordic": ("riverwalk", "seaworthy", "artillery", "speed"),
        "crimea": ("riverwalk", "wayfare", "scout", "speed"),
        "polania": ("riverwalk", "submerge", "camaraderie", "speed"),
    }
    counts = Counter(a for f in pack.factions for a in f.mech_abilities)
    assert set(counts) == set(get_args(MechAbility))
    assert counts["riverwalk"] == counts["speed"] == 5
    assert all(n == 1 for a, n in counts.items() if a not in ("riverwalk", "speed"))


def test_one_mech_per_ability(pack: ScytheContent) -> None:
    for faction in pack.factions:
        assert len(faction.mech_abilities) == pack.components.mechs_per_faction


def test_recruit_one_time_bonuses(pack: ScytheContent) -> None:
    # «Получить 2 силы», «Получить 2 монеты», «Получить 2 популярности», «Взять 2 карты битвы»
    expected = (
        Reward(power=2),
        Reward(coins=2),
        Reward(popularity=2),
        Reward(combat_cards=2),
    )
    for faction in pack.factions:
        assert faction.recruit_bonuses == expected
        assert len(faction.recruit_bonuses) == pack.components.recruits_per_faction


def test_lookup(pack: ScytheContent) -> None:
    assert pack.faction("polania").ability == "meander"
