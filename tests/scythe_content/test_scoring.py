"""Scoring, structure bonus tiles, combat cards, Triumph track and tracks of the default Scythe pack."""

from __future__ import annotations

from typing import get_args

import pytest

from arbiter.games.scythe.content import ScytheContent, StructureBonusKind, TriumphGoal


def test_popularity_tiers_cover_the_track(pack: ScytheContent) -> None:
    tiers = pack.scoring.tiers
    assert [(t.min, t.max) for t in tiers] == [(0, 6), (7, 12), (13, 18)]
    assert tiers[-1].max == pack.tracks.popularity_max
    assert [(t.star, t.territory, t.resources) for t in tiers] == [(3, 2, 1), (4, 3, 2), (5, 4, 3)]


def test_the_rulebook_scoring_examples(pack: ScytheContent) -> None:
    # «Если у Вас 10 популярности, Вы получите по $4 за каждую размещенную звезду, $3 за каждую
    # контролируемую территорию и $2 за каждые 2 фишки ресурса»
    tier = pack.scoring.tier(10)
    assert (tier.star, tier.territory, tier.resources) == (4, 3, 2)
    # «если у Вас 13 фишек ресурсов и 10 популярности, Вы получите в сумме 12 монет»
    assert 13 // pack.scoring.resources_per_payout * tier.resources == 12
    # 18 popularity scores in the top tier
    assert pack.scoring.tier(18) == pack.scoring.tiers[-1]
    with pytest.raises(ValueError):
        pack.scoring.tier(19)


def test_scoring_constants(pack: ScytheContent) -> None:
    assert pack.scoring.factory_territories == 3  # «Фактория считается как 3 территории»
    assert pack.scoring.resources_per_payout == 2
    assert pack.scoring.tie_breakers == (
        "workers_mechs_structures",
        "power",
        "popularity",
        "resources",
        "territories",
        "stars",
    )


def test_six_structure_bonus_tiles(pack: ScytheContent) -> None:
    assert {t.id for t in pack.structure_bonus_tiles} == set(get_args(StructureBonusKind))
    assert len(pack.structure_bonus_tiles) == 6


def test_structure_bonus_payouts_are_contiguous_and_rising(pack: ScytheContent) -> None:
    for tile in pack.structure_bonus_tiles:
        assert tile.payouts[0].min == 1
        for before, after in zip(tile.payouts, tile.payouts[1:], strict=False):
            assert after.min == before.max + 1, tile.id
            assert after.coins > before.coins, tile.id


def test_structure_bonus_tables(pack: ScytheContent) -> None:
    tables = {
        t.id: [(p.min, p.max, p.coins) for p in t.payouts] for t in pack.structure_bonus_tiles
    }
    assert tables == {
        "adjacent_tunnels": [(1, 1, 2), (2, 3, 4), (4, 5, 6), (6, 6, 9)],
        "adjacent_lakes": [(1, 1, 2), (2, 3, 4), (4, 5, 6), (6, 7, 9)],
        "adjacent_encounters": [(1, 1, 2), (2, 3, 4), (4, 5, 6), (6, 7, 9)],
        "on_tunnels": [(1, 1, 2), (2, 2, 4), (3, 4, 6)],
        "in_a_row": [(1, 1, 2), (2, 2, 4), (3, 3, 6), (4, 4, 9)],
        "on_farms_or_tundras": [(1, 1, 2), (2, 2, 4), (3, 3, 6), (4, 4, 9)],
    }


def test_the_rulebook_structure_bonus_example(pack: ScytheContent) -> None:
    # «Вы получите монеты за 4 озера (всего $6)»
    lakes = next(t for t in pack.structure_bonus_tiles if t.id == "adjacent_lakes")
    assert lakes.coins_for(4) == 6
    assert lakes.coins_for(0) == 0
    encounters = next(t for t in pack.structure_bonus_tiles if t.id == "adjacent_encounters")
    assert encounters.coins_for(9) == 9  # above the top row: the project's reading


def test_tiles_reach_the_board(pack: ScytheContent) -> None:
    tunnels = sum(t.tunnel for t in pack.board.territories)
    lakes = sum(t.lake for t in pack.board.territories)
    by_id = {t.id: t.payouts[-1].max for t in pack.structure_bonus_tiles}
    assert by_id["adjacent_tunnels"] == tunnels
    assert by_id["adjacent_lakes"] == lakes
    assert by_id["on_tunnels"] == by_id["in_a_row"] == pack.components.structures_per_faction


def test_combat_cards(pack: ScytheContent) -> None:
    # «СИЛА — КОЛИЧЕСТВО: 2 — 16, 3 — 12, 4 — 8, 5 — 6»
    assert {c.value: c.count for c in pack.combat_cards} == {2: 16, 3: 12, 4: 8, 5: 6}
    assert sum(c.count for c in pack.combat_cards) == 42


def test_triumph_track(pack: ScytheContent) -> None:
    track = pack.triumph_track
    assert len(track.slots) == 10
    assert [s.goal for s in track.slots].count("combat") == track.combat_stars == 2
    assert {s.goal for s in track.slots} == set(get_args(TriumphGoal))
    counts = {s.goal: s.count for s in track.slots}
    c = pack.components
    assert counts == {
        "upgrades": c.technology_cubes_per_faction,
        "mechs": c.mechs_per_faction,
        "structures": c.structures_per_faction,
        "recruits": c.recruits_per_faction,
        "workers": c.workers_per_faction,
        "objective": 1,
        "combat": 1,
        "popularity": pack.tracks.popularity_max,
        "power": pack.tracks.power_max,
    }
    assert track.stars == c.stars_per_faction == 6
    assert track.objective_stars == 1


def test_tracks(pack: ScytheContent) -> None:
    # «Трек может обеспечивать Вас 16 единицами, но потратить на Круге Силы можете не более 7»
    assert (pack.tracks.popularity_max, pack.tracks.power_max, pack.tracks.power_dial_max) == (
        18,
        16,
        7,
    )
