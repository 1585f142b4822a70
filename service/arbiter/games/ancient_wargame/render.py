"""A seat's view of the ancient wargame as text, for a person to follow the game.

Read from the :class:`~.view.WargameView` only (and its pack), so a seat's text shows exactly what
it may know. Top to bottom: the turn and phase and what is decided now; each seat (state, ₣, $,
VP, buildings, sciences); the provinces held and contested with their armies and fortresses; the
fleets; the hero list; wars and deals.
"""

from __future__ import annotations

from arbiter.core.render import now_lines
from arbiter.games.ancient_wargame.state import Troops
from arbiter.games.ancient_wargame.tables import Tables
from arbiter.games.ancient_wargame.view import WargameView

PHASES = {
    0: "setup",
    1: "1 buying troops",
    2: "2 upkeep",
    3: "3 heroes born and dying",
    4: "4 construction",
    5: "5 research",
    6: "6 income",
    7: "7 fleets",
    8: "8 hero movement",
    9: "9 land battles",
    10: "10 diplomacy",
    11: "11 espionage",
}


def _troops(x: Troops) -> str:
    parts = [
        f"{n} {k}"
        for k, n in (("infantry", x.infantry), ("archers", x.archers), ("cavalry", x.cavalry))
        if n
    ]
    return ", ".join(parts) or "none"


def render_view(v: WargameView, t: Tables) -> str:
    who = "spectator" if v.seat is None else f"seat {v.seat}"
    lines = [
        f"Ancient wargame -- {who}'s view; turn {v.turn}, phase {PHASES.get(v.phase, v.phase)} ({v.stage})"
    ]
    if v.pending:
        top = v.pending[-1]
        seat = getattr(top, "seat", None)
        now = str(top.__struct_config__.tag) + (f" (seat {seat})" if seat is not None else "")
        lines.extend(
            now_lines(now, [str(x.__struct_config__.tag) for x in reversed(v.pending[:-1])])
        )
    for i, p in enumerate(v.players):
        name = t.states[p.state].name if p.state else "no state yet"
        you = " (you)" if i == v.seat else ""
        out = " -- eliminated" if p.eliminated is not None else ""
        lines.append(f"Seat {i}{you}: {name}{out}; {p.food} food, {p.money} money, {p.vp} VP")
        lines.append(
            f"  buildings: {', '.join(p.buildings) or '-'}; sciences: {', '.join(p.sciences) or '-'}"
        )
        if p.constructing is not None and p.constructing:
            lines.append(f"  under construction: {', '.join(p.constructing)}")
        elif p.constructing_count:
            lines.append(f"  {p.constructing_count} building(s) under construction")
        if p.studying is not None:
            lines.append(f"  studying {p.studying}")
        if p.committed:
            lines.append("  has committed this step")
    lines.append("Provinces:")
    for pid, x in v.provinces.items():
        if not x.in_play or (x.owner is None and not x.armies):
            continue
        owner = f"seat {x.owner}" if x.owner is not None else "neutral"
        forts = f", {x.fortresses} fortress(es)" if x.fortresses else ""
        armies = "; ".join(f"seat {a.seat}: {_troops(a.troops)}" for a in x.armies)
        heroes = ", ".join(
            f"{h.name} ({h.kind}, seat {h.owner})" for h in v.heroes if h.province == pid
        )
        lines.append(
            f"  {t.province[pid].name}: {owner}{forts}"
            + (f"; {armies}" if armies else "")
            + (f"; heroes {heroes}" if heroes else "")
        )
    fleets = [
        f"  {t.sea[sid].name}: " + ", ".join(f"seat {f.seat} {f.ships} ship(s)" for f in x.fleets)
        for sid, x in v.seas.items()
        if x.fleets
    ]
    if fleets:
        lines.append("Fleets:")
        lines.extend(fleets)
    lines.append(
        "Hero list: "
        + ", ".join(
            f"{h.name} ({h.kind[0]}, seat {h.owner}{', prisoner of seat ' + str(h.captor) if h.captor is not None else ''})"
            for h in v.heroes
        )
    )
    if v.wars:
        lines.append("Wars: " + ", ".join(f"{a}-{b}" for a, b in v.wars))
    if v.deals:
        lines.append("Deals: " + ", ".join(f"{d.a}-{d.b} until turn {d.expires}" for d in v.deals))
    return "\n".join(lines)
