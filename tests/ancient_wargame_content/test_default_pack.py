"""The default pack: it decodes, passes the checks and has the size and shape the brief asks for
(reading aid §2.8, §2.9)."""

from __future__ import annotations

from typing import get_args

import msgspec
import pytest

from arbiter.core.provenance import origins
from arbiter.games.ancient_wargame.content import (
    TRAIT_DECKS,
    ModifierKind,
    WargameContent,
    cards,
)
from arbiter.games.ancient_wargame.content_checks import (
    CONTENT_CODES,
    PLAYER_COUNTS,
    SIGN,
    check_content,
    provinces_in_play,
    seas_in_play,
    threshold,
)
from tests.ancient_wargame_content.helpers import PACK, load, province, sea, state

#: Players -> (provinces in play: least, most; seas in play) (reading aid §2.9).
SIZES = {2: (14, 16, 6), 3: (21, 24, 8), 4: (28, 30, 10), 5: (35, 36, 12), 6: (42, 42, 14)}


def test_decodes_strictly_and_passes_the_checks() -> None:
    c = msgspec.json.decode(PACK.read_bytes(), type=WargameContent)
    check_content(c)
    assert c.name == "Arbiter's default Mediterranean scenario"
    assert c.ships_per_state == 8


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_map_size_by_player_count(players: int) -> None:
    c = load()
    least, most, seas = SIZES[players]
    assert least <= len(provinces_in_play(c, players)) <= most
    assert len(seas_in_play(c, players)) == seas


def test_exact_sizes() -> None:
    c = load()
    assert [len(provinces_in_play(c, n)) for n in PLAYER_COUNTS] == [15, 22, 29, 36, 42]
    assert [len(seas_in_play(c, n)) for n in PLAYER_COUNTS] == [6, 8, 10, 12, 14]


def test_tyrrhenian_sea_touches_rome_and_carthage() -> None:
    """The naval example of «Морские сражения»: Rome and Carthage meet in the Tyrrhenian Sea."""
    c = load()
    tyrrhenian = sea(c, "tyrrhenian")
    assert tyrrhenian.name == "Tyrrhenian Sea"
    assert tyrrhenian.name_ru == "Тирренское море"
    assert tyrrhenian.min_players == 2
    for sid in ("rome", "carthage"):
        assert "tyrrhenian" in province(c, state(c, sid).capital).coast
    assert state(c, "rome").capital == "latium"
    assert state(c, "carthage").capital == "carthago"


def test_storm_classes() -> None:
    c = load()
    classes = [s.storm for s in c.seas]
    assert 0 in classes
    assert 6 in classes
    assert sum(1 <= k <= 3 for k in classes) > len(classes) / 2
    assert all(0 <= k <= 6 for k in classes)


def test_states_and_capitals() -> None:
    c = load()
    assert [s.id for s in c.states] == ["rome", "carthage", "macedon", "egypt", "persia", "gaul"]
    for s in c.states:
        capital = province(c, s.capital)
        assert capital.min_players == 2
        assert capital.coast
        assert (capital.fertility, capital.tribute) == (3, 3)
        assert 1 <= len(s.features) <= 2
        assert 1 <= len(s.victory) <= 2
        assert s.name_ru and s.text


def test_every_victory_is_a_number_at_every_player_count() -> None:
    c = load()
    for s in c.states:
        for cond in s.victory:
            for n in PLAYER_COUNTS:
                assert threshold(cond, n) >= 0


def test_rome_holds_italy_whatever_the_player_count() -> None:
    c = load()
    italy = state(c, "rome").victory[0]
    assert (italy.kind, italy.region) == ("hold_count", "italia")
    for n in PLAYER_COUNTS:
        in_italy = [p for p in provinces_in_play(c, n) if p.region == "italia"]
        assert threshold(italy, n) == len(in_italy)


def test_province_economy_ranges() -> None:
    c = load()
    for p in c.provinces:
        assert 1 <= p.fertility <= 3, p.id
        assert 0 <= p.tribute <= 3, p.id
        assert 2 <= p.annex_cost <= 8, p.id
        assert len(p.mercenaries) <= 2, p.id
        assert sum(m.count for m in p.mercenaries) <= 3, p.id
        assert all(1 <= m.price <= 4 for m in p.mercenaries), p.id
        assert p.name_ru and p.region


def test_islands_reach_others_only_by_sea() -> None:
    c = load()
    for pid in ("sicilia", "sardinia", "corsica", "creta", "cyprus"):
        assert province(c, pid).land == ()
        assert province(c, pid).coast


def test_land_and_sea_adjacency_are_symmetric() -> None:
    c = load()
    land = {p.id: set(p.land) for p in c.provinces}
    assert all(a in land[b] for a, ns in land.items() for b in ns)
    seas = {s.id: set(s.neighbours) for s in c.seas}
    assert all(a in seas[b] for a, ns in seas.items() for b in ns)


def test_trait_decks() -> None:
    c = load()
    for deck in TRAIT_DECKS:
        cards = [t for t in c.traits if t.deck == deck]
        assert len(cards) == 20, deck
        kinds = {m.kind for t in cards for m in t.modifiers}
        assert 8 <= len(kinds) <= 12, deck
        assert all(t.name_ru for t in cards)


def test_hero_names() -> None:
    c = load()
    assert 75 <= len(c.hero_names) <= 100
    assert len(set(c.hero_names)) == len(c.hero_names)


def test_provenance_labels_arbiters_own() -> None:
    c = load()
    sources = [p.source for p in c.provenance]
    assert "Arbiter's own" in sources
    assert any("ancient-wargame.ru.txt" in s for s in sources)


def test_sign_table_covers_every_modifier_kind() -> None:
    assert set(SIGN) == set(get_args(ModifierKind))


def test_content_codes_are_namespaced_and_sourced() -> None:
    codes = [c.code for c in CONTENT_CODES]
    assert len(set(codes)) == len(codes)
    for rc in CONTENT_CODES:
        assert rc.code.startswith("ancient-wargame.content.")
        assert rc.kind == "content"
        assert rc.section and rc.description


def test_readme_labels_the_pack_as_arbiters_own() -> None:
    text = (PACK.parent / "README.md").read_text(encoding="utf-8")
    assert "Arbiter's own" in text
    assert "## Sourced values" in text
    for s in load().states:
        assert f"`{s.capital}`" in text
    for x in load().seas:
        assert f"`{x.id}`" in text


def test_only_the_names_of_the_naval_example_are_sourced() -> None:
    # «Морские сражения»: «у Рима 2 корабля в Тирренском море, а у Карфагена – 5»; the rest is
    # the project's own scenario.
    c = load()
    sourced = {(v.card, v.path) for v in origins(cards(c), c.labels) if v.origin == "sourced"}
    assert sourced == {
        ("states/rome", "name_ru"),
        ("states/carthage", "name_ru"),
        ("seas/tyrrhenian", "name_ru"),
    }
