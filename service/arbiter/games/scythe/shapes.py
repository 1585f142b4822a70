"""The shapes of Scythe's states, rules version by version (:mod:`arbiter.core.shapes`).

* **1.0.0** -- the first shape: layouts by index (resources by territory index, sections and
  bottom actions by number) and sentinels (``-1``, ``""``) for "none".
* **1.1.0** -- named layouts, ``null`` for none. A 1.0.0 state's indices follow its content
  pack (territories in the board's order, sections left to right on the player's mat, mechs in
  the faction mat's order), so its upgrade reads the pack.
* **1.2.0** -- how many options an encounter takes is the faction's (Polania's Meander,
  «Изворотливость»), no longer a member of the task: a 1.1.0 state's ``max_options`` is dropped.
"""

from __future__ import annotations

from typing import Any

from arbiter.core.shapes import ContentOf, Json, JsonObject, Replaced, StateShape

_SECTION = "a section's top-row action name (bolster, factory, move_gain, produce, trade)"
_NONE = "null instead of the sentinel"

NAMED_LAYOUTS = (
    Replaced("/resources", "/resources", "an object by territory id of {food, wood, metal, oil}"),
    Replaced("/structure_tile", "/structure_tile", f'{_NONE} ""'),
    Replaced("/turn/section", "/turn/section", f"{_SECTION}, or null"),
    Replaced("/turn/encounter_at", "/turn/encounter_at", f'{_NONE} ""'),
    Replaced(
        "/players/*/covered", "/players/*/covered", "an object by bottom action (upgrade, ...)"
    ),
    Replaced(
        "/players/*/mech_slots", "/players/*/mech_abilities", "the deployed mechs' ability names"
    ),
    Replaced("/players/*/last_section", "/players/*/last_section", f"{_SECTION}, or null"),
    Replaced("/players/*/factory_card", "/players/*/factory_card", f"{_NONE} 0"),
    Replaced("/players/*/cubes/*/section", "/players/*/cubes/*/action", "the top-row action"),
    Replaced("/players/*/recruits/*/section", "/players/*/recruits/*/action", "the bottom action"),
    Replaced("/pending/*/section", None, "a bottom task names its action only"),
    Replaced("/pending/*/card", "/pending/*/card", f"{_NONE} 0 (an encounter not yet drawn)"),
    Replaced("/pending/*/place", "/pending/*/place", f'{_NONE} ""'),
    Replaced("/pending/*/actions_at", "/pending/*/actions_at", f'{_NONE} ""'),
    Replaced("/pending/*/mill", "/pending/*/mill", f'{_NONE} ""'),
    Replaced("/pending/*/current/cargo", "/pending/*/current/cargo", "an object {food, wood, ...}"),
)


#: The Factory card's section in 1.0.0 (after the mat's four: «пятой секцией планшета игрока»).
FACTORY_SECTION_1_0 = 4
#: The resource types in the order of 1.0.0's counts.
RESOURCES_1_0 = ("food", "wood", "metal", "oil")
#: The tasks whose "" meant none, by member.
EMPTY_IS_NONE = {"gain": ("place", "actions_at"), "produce": ("mill",), "target": ("place",)}


def _named_layouts(state: JsonObject, content_of: ContentOf) -> JsonObject:
    """1.0.0 to 1.1.0: indices to names (read from the state's content pack), sentinels to
    ``null``."""
    content = content_of(str(state.get("content_id")))
    mats = {mat.id: mat for mat in content.player_mats}
    factions = {faction.id: faction for faction in content.factions}
    territories = [t.id for t in content.board.territories]
    players = state.get("players")
    if not isinstance(players, list):
        return state
    upgraded = [_player(p, mats, factions) for p in players]
    state["players"] = list[Json](upgraded)
    resources = state.get("resources")
    if isinstance(resources, list):
        state["resources"] = {
            tid: dict(zip(RESOURCES_1_0, counts, strict=True))
            for tid, counts in zip(territories, resources, strict=False)
            if isinstance(counts, list) and any(counts)
        }
    if state.get("structure_tile") == "":
        state["structure_tile"] = None
    turn = state.get("turn")
    if isinstance(turn, dict):
        turn = dict(turn)
        seat = turn.get("seat")
        mat = _mat_of(players, seat, mats)
        turn["section"] = _section(turn.get("section", -1), mat)
        if turn.get("encounter_at") == "":
            turn["encounter_at"] = None
        state["turn"] = turn
    pending = state.get("pending")
    if isinstance(pending, list):
        state["pending"] = [_task(task) for task in pending]
    return state


def _mat_of(players: list[Json], seat: Json, mats: dict[str, Any]) -> Any:
    if isinstance(seat, int) and 0 <= seat < len(players):
        player = players[seat]
        if isinstance(player, dict):
            return mats.get(str(player.get("mat")))
    return None


def _section(index: Json, mat: Any) -> Json:
    """A 1.0.0 section number as 1.1.0 names it: the top-row action of that section of the mat,
    ``factory`` for the Factory card, ``null`` for none (-1)."""
    if index == FACTORY_SECTION_1_0:
        return "factory"
    if isinstance(index, int) and 0 <= index < FACTORY_SECTION_1_0 and mat is not None:
        return str(mat.sections[index].top.name)
    return None if index == -1 else index


def _player(player: Json, mats: dict[str, Any], factions: dict[str, Any]) -> Json:
    if not isinstance(player, dict):
        return player
    p = dict(player)
    mat = mats.get(str(p.get("mat")))
    faction = factions.get(str(p.get("faction")))
    if mat is None or faction is None:
        return p  # the decoding of the result refuses it
    p["last_section"] = _section(p.get("last_section", -1), mat)
    if p.get("factory_card", 0) == 0:
        p.pop("factory_card", None)
    slots = p.pop("mech_slots", [])
    if isinstance(slots, list):
        p["mech_abilities"] = [
            faction.mech_abilities[k] for k in sorted(k for k in slots if isinstance(k, int))
        ]
    covered = p.get("covered")
    if isinstance(covered, list):
        p["covered"] = {
            section.bottom.name: count
            for section, count in zip(mat.sections, covered, strict=False)
        }
    p["cubes"] = [_renamed(c, mat, "top") for c in _listed(p.get("cubes"))]
    p["recruits"] = [_renamed(r, mat, "bottom") for r in _listed(p.get("recruits"))]
    return p


def _listed(value: Json) -> list[Json]:
    return value if isinstance(value, list) else []


def _renamed(item: Json, mat: Any, row: str) -> Json:
    """A cube (``top``) or a recruit (``bottom``) of 1.0.0: its section as its action's name."""
    if not isinstance(item, dict):
        return item
    k = item.get("section")
    if not isinstance(k, int) or not 0 <= k < len(mat.sections):
        return item
    named: dict[str, Json] = {"action": str(getattr(mat.sections[k], row).name)}
    named.update((key, value) for key, value in item.items() if key != "section")
    return named


def _task(task: Json) -> Json:
    if not isinstance(task, dict):
        return task
    t = dict(task)
    kind = t.get("task")
    if kind == "encounter" and t.get("card") == 0:
        t.pop("card")
    if kind == "bottom":
        t.pop("section", None)
    for member in EMPTY_IS_NONE.get(str(kind), ()):
        if t.get(member) == "":
            t.pop(member)
    current = t.get("current")
    if kind == "move" and isinstance(current, dict):
        cargo = current.get("cargo")
        if isinstance(cargo, list):
            t["current"] = {**current, "cargo": dict(zip(RESOURCES_1_0, cargo, strict=False))}
    return t


def _drop_max_options(state: JsonObject, _: ContentOf) -> JsonObject:
    """1.1.0 to 1.2.0: encounter tasks lose ``max_options`` (the faction decides)."""
    pending = state.get("pending")
    if isinstance(pending, list):
        state["pending"] = [_without_max_options(task) for task in pending]
    return state


def _without_max_options(task: Json) -> Json:
    if isinstance(task, dict) and task.get("task") == "encounter":
        return {name: value for name, value in task.items() if name != "max_options"}
    return task


SHAPES = (
    StateShape("1.0.0", "layouts by index, sentinels for none"),
    StateShape("1.1.0", "named layouts, null for none", NAMED_LAYOUTS, upgrade=_named_layouts),
    StateShape(
        "1.2.0",
        "an encounter's number of options is its faction's",
        (
            Replaced(
                "/pending/*/max_options",
                None,
                "the faction decides (Polania's Meander, «Изворотливость», takes up to two)",
            ),
        ),
        upgrade=_drop_max_options,
    ),
)
