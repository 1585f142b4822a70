"""A seat's view of a game of Raiders of Scythia as text, for a person to follow the game.

Read from the :class:`~.view.RaidersView` only (and the pack it names), so a seat's text shows
exactly what that seat may know. Top to bottom: the turn and what is decided now; the village;
the raid area settlement by settlement; the cards on the table; a block per seat; the chief.
"""

from __future__ import annotations

from arbiter.core.render import now_lines
from arbiter.games.raiders_of_scythia.content import BUILDINGS
from arbiter.games.raiders_of_scythia.state import Plunder, Stock
from arbiter.games.raiders_of_scythia.tables import Tables
from arbiter.games.raiders_of_scythia.view import PlayerView, RaidersView

BUILDING_NAMES = {
    "stables": "Stables",
    "barracks": "Barracks",
    "silversmith": "Silversmith",
    "farm": "Farm",
    "chiefs_tent": "Chief's Tent",
    "town_centre": "Town Centre",
    "meeting_tent": "Meeting Tent",
    "market": "Market",
}


def _plunder(p: Plunder) -> str:
    parts = [
        f"{n} {k}"
        for k, n in (
            ("gold", p.gold),
            ("equipment", p.equipment),
            ("wagons", p.wagons),
            ("livestock", p.livestock),
        )
        if n
    ]
    return ", ".join(parts) or "none"


def _stock(s: Stock) -> str:
    return (
        f"silver {s.silver}, provisions {s.provisions}, kumis {s.kumis}; plunder: gold {s.gold}, "
        f"equipment {s.equipment}, wagons {s.wagons}, livestock {s.livestock}"
    )


def _crew(t: Tables, card: str) -> str:
    c = t.crew[card]
    return f"{c.name} (strength {c.strength}, cost {c.cost})"


def _player(v: RaidersView, t: Tables, seat: int, p: PlayerView) -> list[str]:
    you = " (you)" if seat == v.seat else ""
    hero = t.heroes[p.hero].name if p.hero else "-"
    lines = [
        f"Seat {seat}{you}: {p.vp} VP; worker {p.worker or 'placed'}; hero {hero}",
        f"  {_stock(p.stock)}",
    ]
    for i, slot in enumerate(p.slots):
        if slot.crew is None and slot.eagle is None and slot.horse is None:
            continue
        crew = _crew(t, slot.crew) if slot.crew else "no crew"
        wounds = f", {slot.wounds} wound(s)" if slot.wounds else ""
        eagle = f"; eagle {slot.eagle}" if slot.eagle else ""
        horse = f"; horse {slot.horse}" if slot.horse else ""
        lines.append(f"  slot {i + 1}: {crew}{wounds}{eagle}{horse}")
    if p.hand is not None:
        hand = ", ".join(_crew(t, c) for c in p.hand) or "empty"
        lines.append(f"  hand: {hand}")
    else:
        lines.append(f"  hand: {p.hand_size} card(s)")
    if p.quests:
        lines.append(f"  quests: {', '.join(p.quests)}")
    if p.set_aside_size:
        shown = ", ".join(p.set_aside) if p.set_aside is not None else f"{p.set_aside_size} card(s)"
        lines.append(f"  set aside: {shown}")
    return lines


def render_view(v: RaidersView, t: Tables) -> str:
    who = "spectator" if v.seat is None else f"seat {v.seat}"
    lines = [f"Raiders of Scythia -- {who}'s view; turn {v.turns + 1}, phase {v.phase}"]
    if v.final_turns is not None:
        lines.append(f"The end is triggered: {v.final_turns} turn(s) left")
    if v.pending:
        top = v.pending[-1]
        under = [str(task.__struct_config__.tag) for task in reversed(v.pending[:-1])]
        lines.extend(
            now_lines(
                f"{top.__struct_config__.tag} (seat {getattr(top, 'seat', v.current)})", under
            )
        )
    lines.append("Village:")
    for b in BUILDINGS:
        worker = v.village.at(b)
        blocked = " [blocked]" if v.turn.blocked == b else ""
        lines.append(f"  {BUILDING_NAMES[b]}: {worker or 'free'}{blocked}")
    quests = [q or "-" for q in v.village_quests]
    lines.append(f"  quests: {', '.join(quests)}")
    lines.append("Raid area:")
    k = 0
    for i, st in enumerate(t.settlements):
        spots = ", ".join(f"seat {x.seat} {x.worker}" for x in v.spots[i]) or "none"
        lines.append(
            f"  {st.region.title()} {st.id}: workers {'/'.join(st.workers)}, crew {st.min_crew}+, "
            f"{st.provisions} provisions, {st.wagons} wagons; spots: {spots}"
        )
        for sp in st.spaces:
            space = v.spaces[k]
            k += 1
            if not space.in_use:
                state = "not used"
            elif space.raided:
                state = "raided"
            else:
                quest = "a face-down quest" if space.hidden_quest else "no quest"
                state = f"{_plunder(space.plunder)}; {space.worker} worker; {quest}"
            if space.quest:
                state += f"; quest {space.quest} face up"
            lines.append(f"    {sp.id}: {state}")
    display = ", ".join(c or "-" for c in v.animal_display)
    lines.append(f"Animal display: {display} (deck {v.animal_deck})")
    lines.append(
        f"Crew deck {v.crew_deck}, discard {len(v.crew_discard)}; quests unseen {v.quest_pool}"
    )
    lines.append(f"Plunder supply: {_plunder(v.supply)}")
    if v.raid is not None:
        r = v.raid
        dice = ", ".join(
            f"{d.colour} {d.strength}/{d.wounds}" if d.rolled else d.colour for d in r.dice
        )
        lines.append(f"Raid on {t.settlements[r.settlement].id}: kumis {r.kumis}; dice {dice}")
        if r.strength is not None:
            lines.append(f"  strength {r.strength}: {r.vp} VP, {r.wounds} wound(s)")
    for seat, p in enumerate(v.players):
        lines.extend(_player(v, t, seat, p))
    if v.chief is not None:
        c = v.chief
        lines.append(
            f"The chief ({c.level}): {c.vp} VP, {c.provisions} provisions, horses "
            f"{', '.join(c.horses) or '-'}, quests {', '.join(c.quests) or '-'}"
        )
    return "\n".join(lines)
