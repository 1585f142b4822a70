"""The ancient wargame's names in English, shared by the move sentences and the table's text.

:mod:`.describe` (one sentence a move) and :mod:`.render` (the readable table) name things the
same way through these helpers: seats by their state («seat 2 (Carthage)»), provinces and seas
by the pack's printed names, heroes by name and kind, trait cards by name, buildings and sciences
by the English names of table 2 (:data:`BUILDING_NAMES`, :data:`SCIENCE_NAMES`), flanks left,
centre and right (Q53, :data:`FLANKS`); and the small wording helpers (counts, money, turns, the
task on top of the stack a describer reads). No ruling is applied here.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from arbiter.games.ancient_wargame.state import Hero, WargameState
from arbiter.games.ancient_wargame.tables import Tables
from arbiter.games.ancient_wargame.view import WargameView

#: What the naming helpers read: the state, or a seat's view of it (the render's).
Table: TypeAlias = WargameState | WargameView

#: Table 2's buildings in English (the rules' Russian names in :mod:`.rules`).
BUILDING_NAMES: Final[dict[str, str]] = {
    "range": "Archery range",
    "stable": "Stable",
    "shipyard": "Shipyard",
    "armoury": "Armoury",
    "archery_workshop": "Archery workshop",
    "admiralty": "Admiralty",
    "mill": "Mill",
    "treasury": "Treasury",
    "academy": "Academy",
    "spy_centre": "Spy centre",
}
#: The sciences of phase 5 in English.
SCIENCE_NAMES: Final[dict[str, str]] = {
    "archery": "Archery",
    "riding": "Riding",
    "seafaring": "Seafaring",
    "pottery": "Pottery",
    "writing": "Writing",
    "longbow": "Longbow",
    "warfare": "Warfare",
    "navigation": "Navigation",
    "coinage": "Coinage",
    "espionage": "Espionage",
}
#: Flanks 0-2 (Q53: left as the attacker sees it, centre, right).
FLANKS: Final = ("left", "centre", "right")


def seat_text(s: Table, t: Tables, seat: int) -> str:
    """``seat 2 (Carthage)``, or ``seat 2`` before its state is known."""
    state = s.players[seat].state
    return f"seat {seat} ({t.states[state].name})" if state in t.states else f"seat {seat}"


def place(t: Tables, pid: str) -> str:
    """A province's or sea's printed name."""
    if pid in t.province:
        return t.province[pid].name
    return t.sea[pid].name if pid in t.sea else pid


def sea_text(t: Tables, sid: str) -> str:
    """``the Tyrrhenian Sea``."""
    name = t.sea[sid].name
    return name if name.lower().startswith("the ") else f"the {name}"


def hero_text(h: Hero) -> str:
    """``Scipio (general)``."""
    return f"{h.name} ({h.kind})"


def trait_text(t: Tables, card: str | None) -> str:
    return t.traits[card].name if card in t.traits else "-"


def hero_of(s: Table, hid: str) -> Hero:
    return next(h for h in s.heroes if h.id == hid)


def units_text(n: int, unit: str) -> str:
    return f"{n} {unit}" if unit != "ships" else f"{n} ship{'' if n == 1 else 's'}"


def top_task(s: WargameState, kind: type) -> Any:
    task = s.pending[-1]
    if not isinstance(task, kind):
        raise LookupError(f"not a {kind.__name__}")
    return task


def turns_text(n: int) -> str:
    return f"{n} turn{'' if n == 1 else 's'}"


def money_text(n: int) -> str:
    return f"{n} money"
