"""A seat's view of a game of Raiders of Scythia as text, for a person to follow the game.

Read from the :class:`~.view.RaidersView` only (and the pack it names), so a seat's text shows
exactly what that seat may know: its own hand and set-aside cards, never another seat's (only their
sizes). Cards are named as in the move descriptions (:mod:`.describe`), so a move's sentence and
the text agree; crew slots are numbered 1-5.

Top to bottom: the turn and what is decided now (in words); the village as a table of buildings;
the raid area region by region (each settlement's requirements, dice and reward bands, each raid
space's plunder, worker and quest); the raid under way; the cards on the table; a block per seat;
the chief in solo play.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, Final

from arbiter.core.render import now_lines, per_pack
from arbiter.games.raiders_of_scythia.buildings import GREY_OR_RED_ONLY
from arbiter.games.raiders_of_scythia.content import BUILDINGS, Band, Settlement
from arbiter.games.raiders_of_scythia.describe import (
    BUILDING_NAMES,
    ability_text,
    amounts,
    count,
    crew_text,
    eagle_text,
    effect_text,
    face_text,
    hero_text,
    horse_text,
    items_text,
    plunder_text,
    possessive,
    quest_text,
    region_name,
)
from arbiter.games.raiders_of_scythia.state import (
    AssignWounds,
    Draw,
    DrawPlunder,
    Plunder,
    Roll,
    Space,
    Task,
)
from arbiter.games.raiders_of_scythia.tables import Tables
from arbiter.games.raiders_of_scythia.view import PlayerView, RaidersView

View = RaidersView

_DRAW_TO: Final = {
    "village_quest": "a quest onto village quest space {n}",
    "space_quest": "the quest under raid space {space}",
    "display": "an animal card into the display",
    "pair_hero": "a hero for the draft",
    "pair_crew": "a crew card beside hero {n}",
    "hand": "{count} crew card(s) into {seat}'s hand",
    "scheme": "the chief's next scheme card",
}


#: What a decision or automatic step does, by its tag (fields of the task filled in).
_NOW: Final = {
    "first_player": "chance picks the first player",
    "choose_pair": "{who} takes a hero and crew pair of the draft",
    "set_aside": "{who} discards {left} more of the cards dealt",
    "reveal_set_aside": "the cards set aside go to the discard pile",
    "choose_turn": "{who} chooses a building or a raid",
    "building_action": "{who} may use the {building} action ({worker} worker)",
    "choose_pick_up": "{who} picks up a worker from the village",
    "place_animal": "{who} slides {card} as its {half} onto a slot",
    "choose_hire_slot": "{who} puts {card} into a slot",
    "heal_wounds": "{who} removes {left} wound(s)",
    "pay_quest": "{who} discards cards for {quest} ({paid} of {need} strength paid)",
    "sell_cards": "{who} discards {left} more card(s) for {gain}",
    "choose_building": "{who} chooses a building to use ({worker} worker)",
    "return_eagle": "{who} returns an eagle to the display",
    "choose_swap_horse": "{who} takes a horse of the display",
    "choose_swap_crew": "{who} swaps a hired crew member with a card of the hand",
    "choose_kumis": "{who} may spend kumis, +1 strength each",
    "choose_reroll": "{who} may reroll a die",
    "score_raid": "the raid is scored",
    "assign_wounds": "{who} places {left} wound(s) on the crew",
    "raid_aftermath": "the raid's aftermath",
    "choose_space": "{who} takes a raid space of the settlement",
    "end_turn": "the end of the turn of {who}",
    "discard_to_limit": "{who} discards down to 8 cards",
    "chief_turn": "the chief acts on its scheme",
    "end_chief_turn": "the end of the chief's turn",
}


def _who(v: View, seat: int | None) -> str:
    if seat is None:
        return "seat ?"
    return f"seat {seat} (you)" if seat == v.seat else f"seat {seat}"


def _task_text(v: View, t: Tables, task: Task) -> str:
    """What ``task`` decides, in words."""
    who = _who(v, getattr(task, "seat", v.current))
    if isinstance(task, Draw):
        where = _DRAW_TO[task.to].format(
            n=task.index + 1,
            space=t.spaces[task.index].id if task.to == "space_quest" else "",
            count=task.count,
            seat=who,
        )
        return f"chance draws {where}"
    if isinstance(task, DrawPlunder):
        return f"chance draws {task.count} plunder onto raid space {t.spaces[task.space].id}"
    if isinstance(task, Roll):
        assert v.raid is not None
        return f"chance rolls die {task.die + 1} ({v.raid.dice[task.die].colour})"
    fields: dict[str, Any] = {f: getattr(task, f) for f in task.__struct_fields__}
    if "building" in fields:
        fields["building"] = possessive(BUILDING_NAMES[fields["building"]])
    if "gain" in fields:
        fields["gain"] = items_text(fields["gain"])
    if fields.get("card") in t.crew:
        fields["card"] = crew_text(t, fields["card"])
    return _NOW[str(task.__struct_config__.tag)].format(**{**fields, "who": who})


def _bands(bands: tuple[Band, ...]) -> str:
    """``<10: 0 VP + 2 wounds; 10+: 2 VP; 16+: 4 VP``."""
    out = []
    for i, b in enumerate(bands):
        wounds = f" + {count(b.wounds, 'wound')}" if b.wounds else ""
        if i == 0 and len(bands) > 1 and b.min_strength == 0:
            at = f"<{bands[1].min_strength}"
        else:
            at = f"{b.min_strength}+"
        out.append(f"{at}: {b.vp} VP{wounds}")
    return "; ".join(out)


class _CardTexts(dict[str, str]):
    """Texts of a pack's cards by id, each made by ``make`` the first time it is asked for (a
    card the pack lacks raises, as ``make`` does)."""

    def __init__(self, t: Tables, make: Callable[[Tables, str], str]) -> None:
        super().__init__()
        self._tables = weakref.ref(t)  # not the tables themselves: they key the cache weakly
        self._make = make

    def __missing__(self, card: str) -> str:
        t = self._tables()
        assert t is not None
        text = self[card] = self._make(t, card)
        return text


class _PackText:
    """The texts of a pack that every view of it repeats, made once per :class:`Tables`: the raid
    area's region and settlement heads (the pack's region order, settlements left to right), and
    the texts of heroes, crew cards (as in a hand), eagles, horses and quests."""

    def __init__(self, t: Tables) -> None:
        self.raid_area: tuple[tuple[str, tuple[tuple[Settlement, str, str], ...]], ...] = tuple(
            (
                f"  {region.name}:",
                tuple(
                    (st, *_settlement_head(t, i, st))
                    for i, st in enumerate(t.settlements)
                    if st.region == region.id
                ),
            )
            for region in t.content.regions
        )
        self.hero = _CardTexts(t, hero_text)
        self.crew_card = _CardTexts(t, _crew_card)
        self.eagle = _CardTexts(t, eagle_text)
        self.horse = _CardTexts(t, horse_text)
        self.quest = _CardTexts(t, quest_text)


#: The pack's :class:`_PackText`, kept as long as its tables are.
_pack_text = per_pack(_PackText)


#: :func:`plunder_text` of the plunder seen lately (emptied when it grows past a bound).
_PLUNDER_TEXT: Final[dict[Plunder, str]] = {}


def _plunder_text(p: Plunder) -> str:
    text = _PLUNDER_TEXT.get(p)
    if text is None:
        if len(_PLUNDER_TEXT) >= 1024:
            _PLUNDER_TEXT.clear()
        text = _PLUNDER_TEXT[p] = plunder_text(p)
    return text


def _village(v: View) -> list[str]:
    lines = ["Village (building, worker, notes):"]
    for b in BUILDINGS:
        notes = []
        if b in GREY_OR_RED_ONLY:
            notes.append("closed to blue")
        if v.turn.blocked == b:
            notes.append("blocked this turn")
        if v.turn.placed == b:
            notes.append("placed this turn")
        lines.append(f"  {BUILDING_NAMES[b]:<13} {v.village.at(b) or '-':<5} {', '.join(notes)}")
    return lines


def _settlement_head(t: Tables, i: int, st: Settlement) -> tuple[str, str]:
    """A settlement's first line (requirements, pay, dice) and the start of its second (bands)."""
    red, white = t.dice_of(i)
    dice = ", ".join(f"{n} {c}" for n, c in ((red, "red"), (white, "white")) if n)
    pay = amounts([("provisions", st.provisions), ("wagons", st.wagons)])
    name = f" ({st.name})" if st.name else ""
    return (
        f"    {st.id}{name}: {'/'.join(st.workers)} workers, {st.min_crew}+ crew, pay "
        f"{pay}; dice {dice or 'none'}",
        f"      bands {_bands(st.bands)}; workers left here: ",
    )


def _space_text(t: Tables, space: Space) -> str:
    """A raid space's state: its plunder and worker (or that it is raided or unused), and the
    quest lying on it."""
    if not space.in_use:
        state = "not used at this player count"
    elif space.raided:
        state = "raided"
    else:
        quest = "; a face-down quest" if space.hidden_quest else ""
        state = f"{_plunder_text(space.plunder)}; {space.worker} worker{quest}"
    if space.quest:
        state += f"; quest {_pack_text(t).quest[space.quest]}"
    return state


def _raid_area(v: View, t: Tables) -> list[str]:
    lines = ["Raid area (a raid also rolls 1 yellow die per raid space still holding gold):"]
    for region, settlements in _pack_text(t).raid_area:
        lines.append(region)
        for st, head, bands in settlements:
            lines.append(head)
            spots = ", ".join([f"seat {x.seat} {x.worker}" for x in v.spots[st.id]]) or "none"
            lines.append(bands + spots)
            for sp in st.spaces:
                lines.append(f"      {sp.id}: {_space_text(t, v.spaces[sp.id])}")
    return lines


def _raid(v: View, t: Tables) -> list[str]:
    r = v.raid
    if r is None:
        return []
    dice = ", ".join(
        f"{d.colour} {face_text(d.strength, d.wounds)}" if d.rolled else f"{d.colour} not rolled"
        for d in r.dice
    )
    lines = [
        f"Raid under way: {_who(v, v.current)} on {t.settlements[r.settlement].id} with a "
        f"{r.worker} worker; kumis {r.kumis}; rerolls left {r.rerolls}",
        f"  dice: {dice or 'none'}",
    ]
    if r.strength is not None:
        on_dice = sum(d.strength for d in r.dice)
        lines.append(
            f"  strength {r.strength} = {r.kumis} kumis + {on_dice} dice + {r.crew_strength} "
            f"crew and animals + {r.ability_strength} abilities: {r.vp} VP, "
            f"{count(r.wounds, 'wound')}"
        )
    left = sum(task.left for task in v.pending if isinstance(task, AssignWounds))
    if left:
        lines.append(f"  wounds left to place: {left}")
    if r.killed:
        lines.append(f"  killed: {', '.join(t.crew[c].name for c in r.killed)}")
    return lines


def _crew_card(t: Tables, card: str) -> str:
    c = t.crew[card]
    parts = [f"cost {c.cost}", f"strength {c.strength}"]
    if c.ability is not None:
        parts.append(ability_text(t, c.ability))
    if c.play is not None:
        parts.append("play: " + effect_text(c.play))
    return f"{c.name} ({'; '.join(parts)})"


def _player(v: View, t: Tables, seat: int, p: PlayerView) -> list[str]:
    pack = _pack_text(t)
    hero = pack.hero[p.hero] if p.hero else "none yet"
    s = p.stock
    lines = [
        f"{_who(v, seat).capitalize()}: {p.vp} VP; worker held: {p.worker or 'none'}; hero {hero}",
        f"  silver {s.silver}, provisions {s.provisions}, kumis {s.kumis}; gold {s.gold}, "
        f"equipment {s.equipment}, wagons {s.wagons}, livestock {s.livestock}",
    ]
    for i, slot in enumerate(p.slots):
        if slot.crew is None and slot.eagle is None and slot.horse is None:
            continue
        parts = [crew_text(t, slot.crew, slot.wounds) if slot.crew else "no crew"]
        if slot.eagle:
            parts.append(f"{pack.eagle[slot.eagle]} [{slot.eagle}]")
        if slot.horse:
            parts.append(f"{pack.horse[slot.horse]} [{slot.horse}]")
        lines.append(f"  slot {i + 1}: {'; '.join(parts)}")
    if p.hand is not None and not p.hand:
        lines.append("  hand: empty")
    elif p.hand is not None:
        lines.append(f"  hand ({len(p.hand)}):")
        lines.extend([f"    {pack.crew_card[c]}" for c in p.hand])
    else:
        lines.append(f"  hand: {count(p.hand_size, 'card')}")
    if p.quests:
        lines.append(f"  quests: {', '.join(f'{q} ({t.quests[q].vp} VP)' for q in p.quests)}")
    if p.set_aside_size:
        if p.set_aside is not None:
            shown = ", ".join(t.crew[c].name for c in p.set_aside)
        else:
            shown = count(p.set_aside_size, "card")
        lines.append(f"  set aside: {shown}")
    return lines


def _chief(v: View, t: Tables) -> list[str]:
    c = v.chief
    if c is None:
        return []
    crew = t.chiefs[c.level]
    strength = crew.strength + sum(t.animals[h].horse.strength for h in c.horses)
    horses = ", ".join(horse_text(t, h) for h in c.horses) or "none"
    quests = ", ".join(f"{q} ({t.quests[q].vp} VP)" for q in c.quests) or "none"
    lines = [
        f"The chief ({crew.name}, strength {strength}): {c.vp} VP, {c.provisions} provisions",
        f"  horses: {horses}; quests: {quests}",
    ]
    if v.scheme_discard:
        sc = t.schemes[v.scheme_discard[-1]]
        lines.append(
            f"  last scheme {sc.id}: raid space {sc.target} of {region_name(t, sc.region)} "
            f"({sc.provisions} provisions, strength {sc.strength}, {sc.vp} VP); blocks the "
            f"{BUILDING_NAMES[sc.blocked]}"
        )
    lines.append(f"  scheme deck: {count(v.scheme_deck, 'card')}")
    return lines


def render_view(v: View, t: Tables) -> str:
    who = "a spectator" if v.seat is None else f"seat {v.seat}"
    solo = "; solo against the chief" if v.chief is not None else ""
    lines = [
        f"Raiders of Scythia, as {who} sees it: {v.phase}, turn {v.turns + 1}, "
        f"{_who(v, v.current)} to play{solo}"
    ]
    if v.final_turns is not None:
        lines.append(f"The end is triggered: {count(v.final_turns, 'turn')} left")
    if v.pending:
        under = [_task_text(v, t, task) for task in reversed(v.pending[:-1])]
        lines.extend(now_lines(_task_text(v, t, v.pending[-1]), under))
    elif v.phase == "over":
        lines.append("The game is over.")
    lines.extend(_village(v))
    pack = _pack_text(t)
    quests = [pack.quest[q] if q else "-" for q in v.village_quests]
    lines.append(f"  quests: {'; '.join(quests)}")
    lines.extend(_raid_area(v, t))
    lines.extend(_raid(v, t))
    lines.append("Animal display:")
    for i, card in enumerate(v.animal_display):
        shown = f"{card}: {pack.eagle[card]} / {pack.horse[card]}" if card else "empty"
        lines.append(f"  {i + 1}. {shown}")
    lines.append(
        f"Decks: crew {v.crew_deck} (discard {len(v.crew_discard)}), animals {v.animal_deck} "
        f"(discard {len(v.animal_discard)}), heroes {v.hero_deck}, quests unseen {v.quest_pool}"
    )
    lines.append(f"Plunder supply: {_plunder_text(v.supply)}; bag: {_plunder_text(v.bag)}")
    if v.pairs:
        lines.append("Draft:")
        lines.extend(
            f"  {pack.hero[p.hero]} with {crew_text(t, p.crew) if p.crew else '-'}" for p in v.pairs
        )
    for seat, p in enumerate(v.players):
        lines.extend(_player(v, t, seat, p))
    lines.extend(_chief(v, t))
    return "\n".join([line.rstrip() for line in lines])
