"""The shapes of Scythe's states, rules version by version (:mod:`arbiter.core.shapes`).

* **1.0.0** -- the first shape: layouts by index (resources by territory index, sections and
  bottom actions by number) and sentinels (``-1``, ``""``) for "none".
* **1.1.0** -- named layouts, ``null`` for none. A 1.0.0 state is refused, not upgraded (no
  upgrade is written for it): the refusal names every member that was replaced and how it is
  written now.
* **1.2.0** -- how many options an encounter takes is the faction's (Polania's Meander,
  «Изворотливость»), no longer a member of the task: a 1.1.0 state's ``max_options`` is dropped.
"""

from __future__ import annotations

from arbiter.core.shapes import Json, JsonObject, Replaced, StateShape

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
    Replaced("/players/*/factory_card", "/players/*/factory_card", f"{_NONE} -1"),
    Replaced("/players/*/cubes/*/section", "/players/*/cubes/*/action", "the top-row action"),
    Replaced("/players/*/recruits/*/section", "/players/*/recruits/*/action", "the bottom action"),
    Replaced("/pending/*/section", None, "a bottom task names its action only"),
    Replaced("/pending/*/card", "/pending/*/card", f"{_NONE} -1 (an encounter not yet drawn)"),
    Replaced("/pending/*/place", "/pending/*/place", f'{_NONE} ""'),
    Replaced("/pending/*/actions_at", "/pending/*/actions_at", f'{_NONE} ""'),
    Replaced("/pending/*/mill", "/pending/*/mill", f'{_NONE} ""'),
    Replaced("/pending/*/current/cargo", "/pending/*/current/cargo", "an object {food, wood, ...}"),
)


def _drop_max_options(state: JsonObject) -> JsonObject:
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
    StateShape("1.1.0", "named layouts, null for none", NAMED_LAYOUTS, upgrade=None),
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
