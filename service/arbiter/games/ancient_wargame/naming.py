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

from arbiter.core.texts import Text, plural, term, text
from arbiter.games.ancient_wargame.state import Hero, WargameState
from arbiter.games.ancient_wargame.tables import Tables
from arbiter.games.ancient_wargame.view import WargameView

#: What the naming helpers read: the state, or a seat's view of it (the render's).
Table: TypeAlias = WargameState | WargameView

#: Table 2's buildings in English (the rules' Russian names in :mod:`.rules`).
BUILDING_NAMES: Final[dict[str, Text]] = {
    "range": term("Archery range"),
    "stable": term("Stable"),
    "shipyard": term("Shipyard"),
    "armoury": term("Armoury"),
    "archery_workshop": term("Archery workshop"),
    "admiralty": term("Admiralty"),
    "mill": term("Mill"),
    "treasury": term("Treasury"),
    "academy": term("Academy"),
    "spy_centre": term("Spy centre"),
}
#: The sciences of phase 5 in English.
SCIENCE_NAMES: Final[dict[str, Text]] = {
    "archery": term("Archery"),
    "riding": term("Riding"),
    "seafaring": term("Seafaring"),
    "pottery": term("Pottery"),
    "writing": term("Writing"),
    "longbow": term("Longbow"),
    "warfare": term("Warfare"),
    "navigation": term("Navigation"),
    "coinage": term("Coinage"),
    "espionage": term("Espionage"),
}
#: Flanks 0-2 (Q53: left as the attacker sees it, centre, right).
FLANKS: Final = (term("left"), term("centre"), term("right"))
#: The units of the rules («пехотинец», «лучник», «всадник»; ships, «корабль»), as the rules'
#: ids name them.
UNITS: Final = {
    "infantry": term("infantry"),
    "archers": term("archers"),
    "cavalry": term("cavalry"),
    "ships": term("ships"),
}
#: The kinds of heroes («администратор», «военачальник»).
KINDS: Final = {"administrator": term("administrator"), "general": term("general")}


#: Table 2's buildings by their ids, as the event sentences write them («seat 1 built the
#: spy_centre»): terms keyed by the id, which the catalogs say as the printed names.
BUILDING_IDS: Final[dict[str, Text]] = {
    "range": term("range"),
    "stable": term("stable"),
    "shipyard": term("shipyard"),
    "armoury": term("armoury"),
    "archery_workshop": term("archery_workshop"),
    "admiralty": term("admiralty"),
    "mill": term("mill"),
    "treasury": term("treasury"),
    "academy": term("academy"),
    "spy_centre": term("spy_centre"),
}
#: The sciences by their ids, as the event sentences write them («seat 0 learned archery»).
SCIENCE_IDS: Final[dict[str, Text]] = {
    "archery": term("archery"),
    "riding": term("riding"),
    "seafaring": term("seafaring"),
    "pottery": term("pottery"),
    "writing": term("writing"),
    "longbow": term("longbow"),
    "warfare": term("warfare"),
    "navigation": term("navigation"),
    "coinage": term("coinage"),
    "espionage": term("espionage"),
}


def id_term(pid: str) -> Text:
    """An id as the event sentences write it (a province ``latium``, a building ``mill``, a
    science ``archery``): a term keyed by the id, said in Russian and Polish as the printed name
    (the pack's provinces: entries added to the catalogs by hand; an unknown id as it is)."""
    return BUILDING_IDS.get(pid) or SCIENCE_IDS.get(pid) or term(pid)


def unit_term(unit: str) -> Text:
    """The rules' name of a unit (``infantry``), its id when the rules have no such unit."""
    return UNITS.get(unit) or term(unit)


def kind_term(kind: str) -> Text:
    """``general`` or ``administrator``, as the rules name the kinds of heroes."""
    return KINDS.get(kind) or term(kind)


def seat_text(s: Table, t: Tables, seat: int) -> Text:
    """``seat 2 (Carthage)``, or ``seat 2`` before its state is known."""
    state = s.players[seat].state
    if state in t.states:
        return text("seat {seat} ({state})", seat=seat, state=term(t.states[state].name))
    return text("seat {seat}", seat=seat)


def place(t: Tables, pid: str) -> str:
    """A province's or sea's printed name (a term of the pack; an unknown id as it is)."""
    if pid in t.province:
        return term(t.province[pid].name)
    return term(t.sea[pid].name) if pid in t.sea else pid


def sea_text(t: Tables, sid: str) -> Text:
    """``the Tyrrhenian Sea``."""
    name = t.sea[sid].name
    return term(name) if name.lower().startswith("the ") else text("the {sea}", sea=term(name))


def hero_text(h: Hero) -> Text:
    """``Scipio (general)``: the pack's name of a hero (a term) and his kind."""
    return text("{name} ({kind})", name=term(h.name), kind=kind_term(h.kind))


def trait_text(t: Tables, card: str | None) -> str:
    return term(t.traits[card].name) if card in t.traits else "-"


def hero_of(s: Table, hid: str) -> Hero:
    return next(h for h in s.heroes if h.id == hid)


def units_text(n: int, unit: str) -> Text:
    """``3 infantry``, ``1 ship``: a count of one unit."""
    if unit == "ships":
        return plural("{count} ship", "{count} ships", count=n)
    if unit == "infantry":
        return plural("{count} infantry", "{count} infantry", count=n)
    if unit == "archers":
        return plural("{count} archers", "{count} archers", count=n)
    if unit == "cavalry":
        return plural("{count} cavalry", "{count} cavalry", count=n)
    return text("{count} {unit}", count=n, unit=term(unit))


def count_text(n: int, unit: str) -> Text:
    """``3 infantry``, ``1 ships``: a count and the unit's id, as the draft lines write them."""
    if unit == "ships":
        return plural("{count} ships", "{count} ships", count=n)
    return units_text(n, unit)


def top_task(s: WargameState, kind: type) -> Any:
    task = s.pending[-1]
    if not isinstance(task, kind):
        raise LookupError(f"not a {kind.__name__}")
    return task


def turns_text(n: int) -> Text:
    return plural("{count} turn", "{count} turns", count=n)


def money_text(n: int) -> Text:
    """``5 money`` («5 $»)."""
    return text("{amount} money", amount=n)


def food_text(n: int) -> Text:
    """``5 food`` («5 ₣»)."""
    return text("{amount} food", amount=n)


def vp_text(n: int) -> Text:
    """``2 VP`` (victory point tokens, «фишки победных очков»)."""
    return plural("{count} VP", "{count} VP", count=n)


def resource_text(n: int, resource: str) -> Text:
    """An amount of ``food``, ``money`` or ``vp`` (``5 food``, ``2 VP``)."""
    if resource == "vp":
        return vp_text(n)
    return food_text(n) if resource == "food" else money_text(n)
