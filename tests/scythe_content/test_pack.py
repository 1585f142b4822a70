"""The default Scythe pack as a whole: it decodes strictly, it is complete, it says where it comes from.

The counts are the rulebook's «Компоненты» (../shared/rules/scythe.ru.txt).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

import msgspec
import pytest

from arbiter.core.content import content_id
from arbiter.core.provenance import origins
from arbiter.games.scythe import content as content_module
from arbiter.games.scythe.content import (
    DATA_FILES,
    BoardFile,
    ContentPart,
    ScytheContent,
    assemble,
    default_content,
)
from arbiter.games.scythe.content_cards import cards

DATA = Path(content_module.__file__).parent / "data"


def test_default_content_is_a_cached_pack(pack: ScytheContent) -> None:
    assert isinstance(pack, ScytheContent)
    assert default_content() is pack
    assert pack.name == "Scythe (Stonemaier Games 2016), base game"


@pytest.mark.parametrize("name", sorted(DATA_FILES))
def test_every_data_file_decodes_strictly(name: str) -> None:
    decoded = msgspec.json.decode((DATA / name).read_bytes(), type=DATA_FILES[name])
    assert decoded.provenance, f"{name} says nothing of its sources"


def test_the_data_directory_holds_only_the_pack_files() -> None:
    assert {p.name for p in DATA.glob("*.json")} == set(DATA_FILES)


def test_unknown_fields_are_rejected() -> None:
    raw = json.loads((DATA / "board.json").read_text())
    raw["board"]["territories"][0]["mill"] = True
    with pytest.raises(msgspec.ValidationError, match="unknown field"):
        msgspec.json.decode(json.dumps(raw).encode(), type=BoardFile)


def test_a_bad_name_is_rejected() -> None:
    raw = json.loads((DATA / "board.json").read_text())
    raw["board"]["territories"][0]["terrain"] = "desert"
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(json.dumps(raw).encode(), type=BoardFile)


def test_the_pack_round_trips(pack: ScytheContent) -> None:
    encoded = msgspec.json.encode(pack)
    assert msgspec.json.decode(encoded, type=ScytheContent) == pack


def test_assemble_matches_the_loader(pack: ScytheContent) -> None:
    files = {name: (DATA / name).read_bytes() for name in DATA_FILES}
    assert assemble(files) == pack


def test_content_id_is_stable(pack: ScytheContent) -> None:
    cid = content_id(pack)
    assert re.fullmatch(r"[0-9a-f]{16}", cid)
    assert content_id(default_content()) == cid


def test_component_counts_are_the_rulebooks(pack: ScytheContent) -> None:
    c = pack.components
    # «Общие компоненты игры»
    assert c.combat_cards == 42
    assert c.player_mats == 5
    assert c.objective_cards == 23
    assert c.encounter_cards == 28
    assert c.factory_cards == 12
    assert c.structure_bonus_tiles == 6
    assert c.encounter_tokens == 12
    assert c.resource_tokens_per_type == 20
    assert c.coins == 80
    assert c.multiplier_tokens == 12
    assert c.power_dials == 2
    assert c.riverwalk_cards == 5
    assert c.player_aids == 5
    assert c.factory_cards_extra == 1  # «число игроков + 1»
    # «Компоненты фракций»
    assert c.factions == 5
    assert c.mechs_per_faction == 4
    assert c.workers_per_faction == 8
    assert c.structures_per_faction == 4
    assert c.recruits_per_faction == 4
    assert c.stars_per_faction == 6
    assert c.technology_cubes_per_faction == 6


def test_the_data_has_as_many_components_as_the_box(pack: ScytheContent) -> None:
    c = pack.components
    assert len(pack.player_mats) == c.player_mats
    assert len(pack.factions) == c.factions
    assert len(pack.encounters) == c.encounter_cards
    assert len(pack.objectives) == c.objective_cards
    assert len(pack.factory_cards) == c.factory_cards
    assert len(pack.structure_bonus_tiles) == c.structure_bonus_tiles
    assert sum(cards.count for cards in pack.combat_cards) == c.combat_cards
    assert sum(1 for t in pack.board.territories if t.encounter) == c.encounter_tokens - 1


def test_every_part_has_provenance(pack: ScytheContent) -> None:
    parts = {entry.part for entry in pack.provenance}
    assert parts == set(get_args(ContentPart))
    for entry in pack.provenance:
        assert entry.sources
        assert any("scythe.ru.txt" in source for source in entry.sources), entry.part


def test_parts_resting_on_one_transcription_say_so(pack: ScytheContent) -> None:
    confidence = {entry.part: entry.confidence for entry in pack.provenance}
    assert confidence["encounters"] == "medium"
    assert confidence["objectives"] == "medium"
    assert confidence["factory_cards"] == "low"
    assert confidence["board"] == confidence["player_mats"] == "high"


def test_doubts_are_explained(pack: ScytheContent) -> None:
    items = [d.item for d in pack.doubts]
    assert len(items) == len(set(items))
    for doubt in pack.doubts:
        assert doubt.values and doubt.resolution, doubt.item
        assert doubt.item.split(".")[0] in {doubt.part, "board", "structure_bonus_tiles"}
        if doubt.basis == "rulebook":
            assert "«" in doubt.rulebook, f"{doubt.item}: a rulebook resolution must quote it"


#: Every doubt the reference transcription flagged (shared/reference/scythe README and notes).
FLAGGED = {
    "board.r6c4.terrain",
    "board.r4c1.encounter",
    "board.r3c5.tunnel",
    "board.r7c1",
    "player_mats.agricultural.upgrade.coins",
    "player_mats.patriotic.enlist.coins",
    "player_mats.patriotic.top_row_order",
    "player_mats.move_gain.coins.upgraded",
    "player_mats.industrial.ishchenko_gv",
    "factions.crimea.combat_cards",
    "factions.rusviet.relentless.factory_card",
    "factions.saxony.disarm.mine",
    "encounters.12.option3",
    "objectives.timing",
    "objectives.2.mine",
    "objectives.6.scope",
    "objectives.workers",
    "objectives.13.control",
    "factory_cards.4.coins",
    "factory_cards.1.mill",
    "factory_cards.1.produce_cost",
    "factory_cards.ids",
    "structure_bonus_tiles.in_a_row.1",
    "structure_bonus_tiles.above_top_row",
    "scoring.tiers.18",
}


def test_every_flagged_doubt_is_settled(pack: ScytheContent) -> None:
    assert {d.item for d in pack.doubts} == FLAGGED


def test_rules_conflicts_follow_the_rulebook(pack: ScytheContent) -> None:
    doubts = {d.item: d for d in pack.doubts}
    relentless = doubts["factions.rusviet.relentless.factory_card"]
    assert relentless.basis == "rulebook"
    assert "применяется и к картам Фактории" in relentless.rulebook
    assert relentless.resolution.startswith("applies")
    disarm = doubts["factions.saxony.disarm.mine"]
    assert disarm.basis == "rulebook"
    assert "на территории с туннелем" in disarm.rulebook
    assert "printed tunnel only" in disarm.resolution
    timing = doubts["objectives.timing"]
    assert timing.basis == "rulebook"
    assert "в любой момент Вашего хода" in timing.rulebook


def test_the_projects_own_choices_are_marked(pack: ScytheContent) -> None:
    own = {d.item for d in pack.doubts if d.basis in ("project", "open")}
    assert own == {
        "encounters.12.option3",
        "objectives.2.mine",
        "objectives.6.scope",
        "objectives.workers",
        "factory_cards.4.coins",
        "factory_cards.1.produce_cost",
        "structure_bonus_tiles.above_top_row",
    }


def test_every_value_is_sourced_but_the_two_the_project_chose(pack: ScytheContent) -> None:
    # The reference leaves Factory card 4's coins open ($3 in a label, $2 in code) and does not
    # say objective 13's territory must be controlled: those two are the project's own.
    own = {(v.card, v.path) for v in origins(cards(pack), pack.labels) if v.origin != "sourced"}
    assert own == {
        ("factory_cards/4", "top/choices/0/coins"),
        ("objectives/13", "conditions/0/controlled"),
    }
