"""The board of the default Scythe pack: a consistent hex graph with the rulebook's features."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from arbiter.games.scythe.content import (
    AXIAL_STEPS,
    FACTIONS,
    OPPOSITE,
    PRODUCES,
    HomeBase,
    ScytheContent,
    Territory,
)


def nodes(pack: ScytheContent) -> dict[str, Territory | HomeBase]:
    everything: dict[str, Territory | HomeBase] = {t.id: t for t in pack.board.territories}
    everything.update({b.id: b for b in pack.board.home_bases})
    return everything


def test_47_territories_with_unique_ids(pack: ScytheContent) -> None:
    ids = [t.id for t in pack.board.territories]
    assert len(ids) == 47
    assert len(set(ids)) == 47
    for t in pack.board.territories:
        assert t.id == f"r{t.row}c{t.col}"
        assert 1 <= t.row <= 8 and 0 <= t.col <= 7


def test_terrain_counts(pack: ScytheContent) -> None:
    counts = Counter(t.terrain for t in pack.board.territories)
    assert counts == {
        "mountain": 8,
        "farm": 7,
        "village": 9,
        "forest": 7,
        "tundra": 8,
        "lake": 7,
        "factory": 1,
    }


def test_the_factory_is_in_the_middle(pack: ScytheContent) -> None:
    (factory,) = [t for t in pack.board.territories if t.factory]
    assert factory.id == "r4c3"
    assert len(factory.neighbours) == 6
    assert factory.produces is None


def test_six_tunnels(pack: ScytheContent) -> None:
    tunnels = {t.id for t in pack.board.territories if t.tunnel}
    assert tunnels == {"r2c3", "r3c2", "r3c5", "r5c2", "r5c5", "r6c3"}


def test_eleven_encounter_spaces(pack: ScytheContent) -> None:
    # «Положите по 1 жетону на каждую территорию с символом случайной встречи (всего 11 жетонов)»
    encounters = {t.id for t in pack.board.territories if t.encounter}
    assert len(encounters) == 11
    assert "r4c1" in encounters  # the doubt: ScytheBot missed it


def test_lakes_and_the_factory_carry_no_symbol(pack: ScytheContent) -> None:
    for t in pack.board.territories:
        if t.lake or t.factory:
            assert not t.tunnel and not t.encounter, t.id


def test_production_follows_the_terrain_table(pack: ScytheContent) -> None:
    # «Производство»: горы — металл, ферма — еда, тундра — нефть, лес — дерево, деревня — рабочий
    assert PRODUCES == {
        "mountain": "metal",
        "farm": "food",
        "tundra": "oil",
        "forest": "wood",
        "village": "worker",
        "lake": None,
        "factory": None,
    }
    assert pack.board.territory("r6c4").produces == "wood"  # forest, the doubt


def test_seven_home_bases(pack: ScytheContent) -> None:
    bases = pack.board.home_bases
    assert len(bases) == 7
    assert {b.owner for b in bases if not b.expansion} == set(FACTIONS)
    # «На игровом поле есть две домашние базы без соответствующих символов»
    assert {b.owner for b in bases if b.expansion} == {"albion", "togawa"}
    for base in bases:
        assert base.id == f"base_{base.owner}"


def test_every_neighbour_exists(pack: ScytheContent) -> None:
    everything = nodes(pack)
    for node in everything.values():
        targets = [edge.to for edge in node.neighbours]
        assert len(targets) == len(set(targets)), node.id
        directions = [edge.direction for edge in node.neighbours]
        assert len(directions) == len(set(directions)), node.id
        for target in targets:
            assert target in everything, f"{node.id} -> {target}"
            assert target != node.id


def test_neighbours_agree_both_ways(pack: ScytheContent) -> None:
    everything = nodes(pack)
    for node in everything.values():
        for edge in node.neighbours:
            back = [e for e in everything[edge.to].neighbours if e.to == node.id]
            assert len(back) == 1, f"{edge.to} does not list {node.id}"
            assert back[0].direction == OPPOSITE[edge.direction]
            assert back[0].river == edge.river, f"river {node.id}-{edge.to} one way only"


def test_directions_match_the_coordinates(pack: ScytheContent) -> None:
    everything = nodes(pack)
    for node in everything.values():
        q, r = node.axial
        for edge in node.neighbours:
            tq, tr = everything[edge.to].axial
            assert (tq - q, tr - r) == AXIAL_STEPS[edge.direction], f"{node.id} {edge.direction}"


def test_no_touching_hexes_are_missing(pack: ScytheContent) -> None:
    by_axial = {n.axial: n.id for n in nodes(pack).values()}
    assert len(by_axial) == 47 + 7
    for node in nodes(pack).values():
        q, r = node.axial
        listed = {edge.to for edge in node.neighbours}
        touching = {
            by_axial[q + dq, r + dr]
            for dq, dr in AXIAL_STEPS.values()
            if (q + dq, r + dr) in by_axial
        }
        # home bases only touch territories: two bases never share an edge
        assert listed == touching, node.id


def test_home_bases_do_not_touch_each_other(pack: ScytheContent) -> None:
    bases = {b.id for b in pack.board.home_bases}
    for base in pack.board.home_bases:
        assert not bases & {edge.to for edge in base.neighbours}


def test_rivers(pack: ScytheContent) -> None:
    rivers = pack.board.rivers()
    assert len(rivers) == 32
    base_rivers = {pair for pair in rivers if any(x.startswith("base_") for x in pair)}
    assert base_rivers == {frozenset({"base_rusviet", "r2c6"})}


def test_rivers_run_between_land_territories(pack: ScytheContent) -> None:
    # «Река - это вода на границе двух территорий суши»
    everything = nodes(pack)
    for pair in pack.board.rivers():
        for space in pair:
            node = everything[space]
            if isinstance(node, Territory):
                assert not node.lake and not node.factory, space


def test_rivers_only_between_adjacent_spaces(pack: ScytheContent) -> None:
    everything = nodes(pack)
    for pair in pack.board.rivers():
        a, b = sorted(pair)
        assert b in {edge.to for edge in everything[a].neighbours}


def test_the_board_is_connected(pack: ScytheContent) -> None:
    everything = nodes(pack)
    seen = {"r4c3"}
    queue = deque(seen)
    while queue:
        for edge in everything[queue.popleft()].neighbours:
            if edge.to not in seen:
                seen.add(edge.to)
                queue.append(edge.to)
    assert seen == set(everything)


STARTING_TERRAINS = {
    "nordic": {"forest", "tundra"},
    "rusviet": {"village", "mountain"},
    "crimea": {"farm", "village"},
    "saxony": {"mountain", "tundra"},
    "polania": {"forest", "farm"},
    "albion": {"mountain", "farm"},
    "togawa": {"tundra", "farm"},
}


@pytest.mark.parametrize("owner", sorted(STARTING_TERRAINS))
def test_starting_workers_are_the_land_neighbours(pack: ScytheContent, owner: str) -> None:
    # «по 1 рабочему на каждую территорию, примыкающую к Вашей домашней базе по земле (всего 2)»
    base = next(b for b in pack.board.home_bases if b.owner == owner)
    by_land = {
        edge.to
        for edge in base.neighbours
        if not edge.river and not pack.board.territory(edge.to).lake
    }
    assert len(base.starting_workers) == 2
    assert set(base.starting_workers) == by_land
    assert {pack.board.territory(t).terrain for t in base.starting_workers} == STARTING_TERRAINS[
        owner
    ]


def test_rusviet_base_is_cut_from_its_farm_by_a_river(pack: ScytheContent) -> None:
    base = pack.board.home_base("rusviet")
    assert "r2c6" in {edge.to for edge in base.neighbours}
    assert "r2c6" not in base.starting_workers


def test_home_bases_next_to(pack: ScytheContent) -> None:
    assert [b.owner for b in pack.board.home_bases_next_to("r2c6")] == ["rusviet"]
    assert [b.owner for b in pack.board.home_bases_next_to("r2c0")] == ["polania"]  # a lake
    assert pack.board.home_bases_next_to("r4c3") == ()


def test_lookups_fail_loudly(pack: ScytheContent) -> None:
    with pytest.raises(KeyError):
        pack.board.territory("r0c0")
