"""The shapes of the ancient wargame's states, rules version by version
(:mod:`arbiter.core.shapes`).

* **1.1.0** -- the layout since the game was first served.
* **1.2.0** -- the deployment's answers name what they answer: a ``deploy`` move carries its
  ``flank`` and ``troops`` (a reserve's ``reserve_infantry`` or ``reserve_cavalry``), an
  ``attach`` its ``general``, a ``reserve_timing`` its ``flank``, where they were a bare count in
  the order of the questions. The state's layout is the same: a 1.1.0 state is taken as it is;
  a 1.1.0 record's deployment moves are not (its ``rules_version`` says so).
"""

from __future__ import annotations

from arbiter.core.shapes import ContentOf, JsonObject, StateShape


def _same_layout(state: JsonObject, _: ContentOf) -> JsonObject:
    """1.1.0 to 1.2.0: the layout did not change (only moves did)."""
    return state


SHAPES = (
    StateShape("1.1.0", "the layout since the game was first served"),
    StateShape(
        "1.2.0",
        "the deployment's moves name their flank and troops (the state's layout is the same)",
        upgrade=_same_layout,
    ),
)
