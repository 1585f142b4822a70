"""State shapes (:mod:`arbiter.core.shapes`): every layout of a game's state has its own rules
version, a state of an earlier shape is brought to today's (``POST /v1/games/{game}/migrate``,
and states the service stored itself as they are read), and one that cannot be is refused
naming its version and what replaced what.

The states of earlier shapes in this folder were written by the releases that had them (each
says which: commit, players, seed; random moves), not by hand.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from arbiter.core.shapes import (
    NotUpgradable,
    Replaced,
    StateShape,
    UnknownShape,
    migrate,
    replaced_at,
)
from arbiter.games import registry

HERE = Path(__file__).parent
GAMES = registry()
#: The fingerprint of each game's state layout under each rules version (``fingerprint``).
FINGERPRINTS = json.loads((HERE / "fingerprints.json").read_text())
#: What a layout is: names, types, required members -- not texts, bounds or defaults.
NOT_LAYOUT = {"description", "title", "examples", "default", "pattern"}
NOT_LAYOUT |= {"maxLength", "minLength", "maximum", "minimum", "exclusiveMinimum"}
NOT_LAYOUT |= {"maxItems", "minItems", "maxProperties"}


def earlier(game_id: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((HERE / f"{game_id}.json").read_text())
    return found


def states_of(game_id: str, version: str) -> list[dict[str, Any]]:
    return [json.loads(json.dumps(s)) for s in earlier(game_id)[version]["states"]]


def _layout(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _layout(v) for k, v in sorted(schema.items()) if k not in NOT_LAYOUT}
    if isinstance(schema, list):
        return [_layout(v) for v in schema]
    return schema


def fingerprint(game_id: str) -> str:
    schema = msgspec.json.schema(GAMES.get(game_id).state_type)
    text = json.dumps(_layout(schema), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("game_id", GAMES.ids())
def test_a_layout_changes_only_with_the_rules_version(game_id: str) -> None:
    game = GAMES.get(game_id)
    recorded = FINGERPRINTS.get(game_id, {}).get(game.rules_version)
    assert recorded == fingerprint(game_id), (
        f"{game_id}'s state layout under rules {game.rules_version} is {fingerprint(game_id)}, "
        f"recorded {recorded}: a layout that changed needs a new rules_version and a StateShape "
        "that upgrades the one before (arbiter.core.shapes); then record the new fingerprint "
        "in tests/shapes/fingerprints.json"
    )


@pytest.mark.parametrize("game_id", GAMES.ids())
def test_the_last_shape_is_todays_and_versions_only_grow(game_id: str) -> None:
    game = GAMES.get(game_id)
    shapes = game.shapes()
    assert shapes[-1].version == game.rules_version
    numbers = [tuple(map(int, shape.version.split("."))) for shape in shapes]
    assert numbers == sorted(set(numbers))
    assert not shapes[0].replaced and shapes[0].upgrade is None
    for shape in shapes[1:]:
        assert shape.replaced or shape.upgrade is not None, f"{shape.version}: what replaced what"
        assert all(r.old.startswith("/") for r in shape.replaced)


@pytest.mark.parametrize(
    ("game_id", "version"),
    [
        ("the-ancient-world", "1.0.0"),
        ("the-ancient-world", "1.1.0"),
        ("scythe", "1.0.0"),
        ("scythe", "1.1.0"),
    ],
)
def test_a_state_of_an_earlier_shape_plays_on_in_todays(game_id: str, version: str) -> None:
    game = GAMES.get(game_id)
    for old in states_of(game_id, version):
        migrated = migrate(game_id, game.shapes(), json.loads(json.dumps(old)), game.content)
        assert migrated.from_version == version and migrated.to_version == game.rules_version
        state = msgspec.convert(migrated.state, game.state_type)
        game.check_pinned(state)
        game.check_state(state)
        actors = game.to_act(state)
        if actors:
            state, _ = game.apply(state, game.legal_moves(state, actors[0])[0])


def test_the_ancient_world_names_its_board_and_titans_from_1_1_0() -> None:
    game = GAMES.get("the-ancient-world")
    for old in states_of("the-ancient-world", "1.0.0"):
        state = migrate(game.id, game.shapes(), json.loads(json.dumps(old)), game.content).state
        board = state["board"]
        assert isinstance(board, dict)
        assert sum(map(len, old["board"])) == sum(len(spot) for spot in board.values())  # type: ignore[arg-type]
        assert (
            board.get("work", []) == old["board"][0] and board.get("learn", []) == old["board"][4]
        )
        assert state["titan_tops"] == dict(
            zip(("titan_1", "titan_2", "titan_3"), old["titan_tops"], strict=True)
        )
        assert state.get("first_passer") == (
            None if old.get("first_passer", -1) == -1 else old["first_passer"]
        )


def test_the_ancient_world_keeps_one_empire_discard_pile_from_1_2_0() -> None:
    game = GAMES.get("the-ancient-world")
    for old in states_of("the-ancient-world", "1.1.0"):
        piles = old.get("empire_discard_a", []) + old.get("empire_discard_b", [])
        assert piles, "the fixtures hold discarded empire cards"
        state = migrate(game.id, game.shapes(), json.loads(json.dumps(old)), game.content).state
        assert state["empire_discard"] == sorted(piles)
        assert "empire_discard_a" not in state and "empire_discard_b" not in state


def test_scythe_encounters_lose_max_options_from_1_2_0() -> None:
    game = GAMES.get("scythe")
    for old in states_of("scythe", "1.1.0"):
        assert "max_options" in json.dumps(old)
        state = migrate(game.id, game.shapes(), json.loads(json.dumps(old)), game.content).state
        assert "max_options" not in json.dumps(state)
        kept = {k: v for k, v in state.items() if k not in ("pending", "rules_version")}
        assert kept == {k: v for k, v in old.items() if k not in ("pending", "rules_version")}


def test_scythe_names_what_1_0_0_counted_by_index_from_its_pack() -> None:
    """Territories in the board's order, sections left to right on the player's mat, mechs in
    the faction mat's order: the state's own content pack says which is which."""
    game = GAMES.get("scythe")
    for old in states_of("scythe", "1.0.0"):
        content = game.content(old["content_id"])
        state = migrate(game.id, game.shapes(), json.loads(json.dumps(old)), game.content)
        new = state.state
        territories = [t.id for t in content.board.territories]
        held = {
            tid: dict(zip(("food", "wood", "metal", "oil"), counts, strict=True))
            for tid, counts in zip(territories, old.get("resources", []), strict=False)
            if any(counts)
        }
        assert new.get("resources", {}) == held
        for was, now in zip(old["players"], new["players"], strict=True):  # type: ignore[arg-type]
            mat = next(m for m in content.player_mats if m.id == was["mat"])
            faction = next(f for f in content.factions if f.id == was["faction"])
            abilities = [faction.mech_abilities[k] for k in sorted(was.get("mech_slots", []))]
            assert now.get("mech_abilities", []) == abilities and "mech_slots" not in now
            tops = [section.top.name for section in mat.sections]
            bottoms = [section.bottom.name for section in mat.sections]
            assert [c["action"] for c in now.get("cubes", [])] == [
                tops[c["section"]] for c in was.get("cubes", [])
            ]
            assert [r["action"] for r in now.get("recruits", [])] == [
                bottoms[r["section"]] for r in was.get("recruits", [])
            ]
            assert now.get("covered") == dict(zip(bottoms, was.get("covered"), strict=True))
            last = was.get("last_section", -1)
            assert now.get("last_section") == (None if last == -1 else tops[last])
    assert any(
        p.get(member)
        for old in states_of("scythe", "1.0.0")
        for p in old["players"]
        for member in ("cubes", "recruits", "mech_slots")
    ), "the fixtures hold cubes, recruits and mechs"


def test_a_shape_that_cannot_be_upgraded_is_refused_naming_what_replaced_what() -> None:
    shapes = (
        StateShape("1", "first"),
        StateShape("2", "renamed", (Replaced("/a/*/b", "/a/*/c", "b is c now"),), upgrade=None),
    )
    with pytest.raises(NotUpgradable) as refused:
        migrate("g", shapes, {"rules_version": "1"}, lambda _: None)
    assert "'g' rules 1, which cannot be upgraded to 2 (renamed)" in str(refused.value)
    assert "/a/*/b: now /a/*/c (b is c now)" in str(refused.value)
    assert [r.new for r in replaced_at(shapes, "1", "/a/3/b/0")] == ["/a/*/c"]
    assert replaced_at(shapes, "1", "/a/3/d") == [] and replaced_at(shapes, "2", "/a/3/b") == []


def test_a_version_the_game_never_had_is_refused() -> None:
    game = GAMES.get("scythe")
    with pytest.raises(UnknownShape, match="never had"):
        migrate(game.id, game.shapes(), {"rules_version": "0.9"}, game.content)
