"""A seat's view of a game of Raiders of Scythia as text, for a person to follow the game.

Read from the :class:`~.view.RaidersView` only (and the pack it names), so a seat's text shows
exactly what that seat may know: its own hand and set-aside cards, never another seat's (only their
sizes). Cards are named as in the move descriptions (:mod:`.naming`), so a move's sentence and
the text agree; crew slots are numbered 1-5. Every line is a :class:`~arbiter.core.texts.Text`
and the table is their :func:`~arbiter.core.texts.joined` text, said in Russian or Polish line by
line from the catalogs (issue #40).

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
from arbiter.core.texts import Text, joined, plural, term, text
from arbiter.games.raiders_of_scythia.buildings import GREY_OR_RED_ONLY
from arbiter.games.raiders_of_scythia.content import BUILDINGS, Band, Settlement
from arbiter.games.raiders_of_scythia.naming import (
    BUILDING_NAMES,
    DICE_COUNTS,
    HALVES,
    ability_text,
    amounts,
    cards_text,
    colour,
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
    wounds_text,
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
Fields = dict[str, Any]

#: The phases of a game, as the table's first line names them.
_PHASES: Final[dict[str, Text]] = {
    "setup": term("setup"),
    "play": term("play"),
    "over": term("over"),
}

#: What a decision or automatic step does, by its tag (the task's fields, texts where they name
#: something, and ``who``).
_NOW: Final[dict[str, Callable[[Fields], Text]]] = {
    "first_player": lambda f: text("chance picks the first player"),
    "choose_pair": lambda f: text("{who} takes a hero and crew pair of the draft", **f),
    "set_aside": lambda f: plural(
        "{who} discards {count} more of the cards dealt",
        "{who} discards {count} more of the cards dealt",
        count=f["left"],
        who=f["who"],
    ),
    "reveal_set_aside": lambda f: text("the cards set aside go to the discard pile"),
    "choose_turn": lambda f: text("{who} chooses a building or a raid", **f),
    "building_action": lambda f: text("{who} may use the {building} action ({worker} worker)", **f),
    "choose_pick_up": lambda f: text("{who} picks up a worker from the village", **f),
    "place_animal": lambda f: text("{who} slides {card} as its {half} onto a slot", **f),
    "choose_hire_slot": lambda f: text("{who} puts {card} into a slot", **f),
    "heal_wounds": lambda f: plural(
        "{who} removes {count} wound(s)",
        "{who} removes {count} wound(s)",
        count=f["left"],
        who=f["who"],
    ),
    "pay_quest": lambda f: text(
        "{who} discards cards for {quest} ({paid} of {need} strength paid)", **f
    ),
    "sell_cards": lambda f: plural(
        "{who} discards {count} more card(s) for {gain}",
        "{who} discards {count} more card(s) for {gain}",
        count=f["left"],
        who=f["who"],
        gain=f["gain"],
    ),
    "choose_building": lambda f: text("{who} chooses a building to use ({worker} worker)", **f),
    "return_eagle": lambda f: text("{who} returns an eagle to the display", **f),
    "choose_swap_horse": lambda f: text("{who} takes a horse of the display", **f),
    "choose_swap_crew": lambda f: text(
        "{who} swaps a hired crew member with a card of the hand", **f
    ),
    "choose_kumis": lambda f: text("{who} may spend kumis, +1 strength each", **f),
    "choose_reroll": lambda f: text("{who} may reroll a die", **f),
    "score_raid": lambda f: text("the raid is scored"),
    "assign_wounds": lambda f: plural(
        "{who} places {count} wound(s) on the crew",
        "{who} places {count} wound(s) on the crew",
        count=f["left"],
        who=f["who"],
    ),
    "raid_aftermath": lambda f: text("the raid's aftermath"),
    "choose_space": lambda f: text("{who} takes a raid space of the settlement", **f),
    "end_turn": lambda f: text("the end of the turn of {who}", **f),
    "discard_to_limit": lambda f: text("{who} discards down to 8 cards", **f),
    "chief_turn": lambda f: text("the chief acts on its scheme"),
    "end_chief_turn": lambda f: text("the end of the chief's turn"),
}


def _who(v: View, seat: int | None) -> Text:
    if seat is None:
        return text("seat ?")
    if seat == v.seat:
        return text("seat {seat} (you)", seat=seat)
    return text("seat {seat}", seat=seat)


def _draw_text(v: View, t: Tables, task: Draw, who: Text) -> Text:
    """What chance draws now."""
    if task.to == "village_quest":
        return text("chance draws a quest onto village quest space {n}", n=task.index + 1)
    if task.to == "space_quest":
        return text(
            "chance draws the quest under raid space {space}", space=t.spaces[task.index].id
        )
    if task.to == "display":
        return text("chance draws an animal card into the display")
    if task.to == "pair_hero":
        return text("chance draws a hero for the draft")
    if task.to == "pair_crew":
        return text("chance draws a crew card beside hero {n}", n=task.index + 1)
    if task.to == "hand":
        return plural(
            "chance draws {count} crew card(s) into {seat}'s hand",
            "chance draws {count} crew card(s) into {seat}'s hand",
            count=task.count,
            seat=who,
        )
    return text("chance draws the chief's next scheme card")


def _task_text(v: View, t: Tables, task: Task) -> Text:
    """What ``task`` decides, in words."""
    who = _who(v, getattr(task, "seat", v.current))
    if isinstance(task, Draw):
        return _draw_text(v, t, task, who)
    if isinstance(task, DrawPlunder):
        return text(
            "chance draws {count} plunder onto raid space {space}",
            count=task.count,
            space=t.spaces[task.space].id,
        )
    if isinstance(task, Roll):
        assert v.raid is not None
        return text(
            "chance rolls die {die} ({colour})",
            die=task.die + 1,
            colour=colour(v.raid.dice[task.die].colour),
        )
    fields: Fields = {f: getattr(task, f) for f in task.__struct_fields__}
    if "building" in fields:
        fields["building"] = possessive(BUILDING_NAMES[fields["building"]])
    if "worker" in fields:
        fields["worker"] = colour(fields["worker"])
    if "half" in fields:
        fields["half"] = HALVES[fields["half"]]
    if "gain" in fields:
        fields["gain"] = items_text(fields["gain"])
    if fields.get("card") in t.crew:
        fields["card"] = crew_text(t, fields["card"])
    return _NOW[str(task.__struct_config__.tag)]({**fields, "who": who})


def _bands(bands: tuple[Band, ...]) -> Text:
    """``<10: 0 VP + 2 wounds; 10+: 2 VP; 16+: 4 VP``."""
    out = []
    for i, b in enumerate(bands):
        if i == 0 and len(bands) > 1 and b.min_strength == 0:
            at = f"<{bands[1].min_strength}"
        else:
            at = f"{b.min_strength}+"
        if b.wounds:
            out.append(
                text("{at}: {vp} VP + {wounds}", at=at, vp=b.vp, wounds=wounds_text(b.wounds))
            )
        else:
            out.append(text("{at}: {vp} VP", at=at, vp=b.vp))
    return joined(out, "; ")


class _CardTexts(dict[str, Text]):
    """Texts of a pack's cards by id, each made by ``make`` the first time it is asked for (a
    card the pack lacks raises, as ``make`` does)."""

    def __init__(self, t: Tables, make: Callable[[Tables, str], Text]) -> None:
        super().__init__()
        self._tables = weakref.ref(t)  # not the tables themselves: they key the cache weakly
        self._make = make

    def __missing__(self, card: str) -> Text:
        t = self._tables()
        assert t is not None
        made = self[card] = self._make(t, card)
        return made


class _PackText:
    """The texts of a pack that every view of it repeats, made once per :class:`Tables`: the raid
    area's region and settlement heads (the pack's region order, settlements left to right), and
    the texts of heroes, crew cards (as in a hand), eagles, horses and quests."""

    def __init__(self, t: Tables) -> None:
        self.raid_area: tuple[tuple[Text, tuple[tuple[Settlement, Text, Text], ...]], ...] = tuple(
            (
                text("  {region}:", region=term(region.name)),
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
_PLUNDER_TEXT: Final[dict[Plunder, Text]] = {}


def _plunder_text(p: Plunder) -> Text:
    said = _PLUNDER_TEXT.get(p)
    if said is None:
        if len(_PLUNDER_TEXT) >= 1024:
            _PLUNDER_TEXT.clear()
        said = _PLUNDER_TEXT[p] = plunder_text(p)
    return said


def _village(v: View) -> list[Text]:
    lines = [text("Village (building, worker, notes):")]
    for b in BUILDINGS:
        notes = []
        if b in GREY_OR_RED_ONLY:
            notes.append(text("closed to blue"))
        if v.turn.blocked == b:
            notes.append(text("blocked this turn"))
        if v.turn.placed == b:
            notes.append(text("placed this turn"))
        at = v.village.at(b)
        worker = colour(at) if at else "-"
        if notes:
            lines.append(
                text(
                    "  {building:<13} {worker:<5} {notes}",
                    building=BUILDING_NAMES[b],
                    worker=worker,
                    notes=joined(notes, ", "),
                )
            )
        else:  # the line ends with the worker (no padding after it)
            lines.append(
                text("  {building:<13} {worker}", building=BUILDING_NAMES[b], worker=worker)
            )
    return lines


def _settlement_head(t: Tables, i: int, st: Settlement) -> tuple[Text, Text]:
    """A settlement's first line (requirements, pay, dice) and the start of its second (bands)."""
    red, white = t.dice_of(i)
    counted = [DICE_COUNTS[c](n) for n, c in ((red, "red"), (white, "white")) if n]
    dice = joined(counted, ", ") if counted else text("none")
    pay = amounts([("provisions", st.provisions), ("wagons", st.wagons)])
    fields: Fields = {
        "settlement": st.id,
        "workers": joined([colour(w) for w in st.workers], "/"),
        "crew": st.min_crew,
        "pay": pay,
        "dice": dice,
    }
    if st.name:
        head = text(
            "    {settlement} ({name}): {workers} workers, {crew}+ crew, pay {pay}; dice {dice}",
            name=term(st.name),
            **fields,
        )
    else:
        head = text(
            "    {settlement}: {workers} workers, {crew}+ crew, pay {pay}; dice {dice}", **fields
        )
    return head, _bands(st.bands)


def _space_text(t: Tables, space: Space) -> Text:
    """A raid space's state: its plunder and worker (or that it is raided or unused), and the
    quest lying on it."""
    if not space.in_use:
        state = text("not used at this player count")
    elif space.raided:
        state = text("raided")
    else:
        fields: Fields = {
            "plunder": _plunder_text(space.plunder),
            "worker": colour(space.worker) if space.worker else "None",
        }
        if space.hidden_quest:
            state = text("{plunder}; {worker} worker; a face-down quest", **fields)
        else:
            state = text("{plunder}; {worker} worker", **fields)
    if space.quest:
        return text("{state}; quest {quest}", state=state, quest=_pack_text(t).quest[space.quest])
    return state


def _raid_area(v: View, t: Tables) -> list[Text]:
    lines = [text("Raid area (a raid also rolls 1 yellow die per raid space still holding gold):")]
    for region, settlements in _pack_text(t).raid_area:
        lines.append(region)
        for st, head, bands in settlements:
            lines.append(head)
            spots = [
                text("seat {seat} {worker}", seat=x.seat, worker=colour(x.worker))
                for x in v.spots[st.id]
            ]
            lines.append(
                text(
                    "      bands {bands}; workers left here: {spots}",
                    bands=bands,
                    spots=joined(spots, ", ") if spots else text("none"),
                )
            )
            for sp in st.spaces:
                lines.append(
                    text(
                        "      {space}: {state}", space=sp.id, state=_space_text(t, v.spaces[sp.id])
                    )
                )
    return lines


def _raid(v: View, t: Tables) -> list[Text]:
    r = v.raid
    if r is None:
        return []
    dice = joined(
        [
            text("{colour} {face}", colour=colour(d.colour), face=face_text(d.strength, d.wounds))
            if d.rolled
            else text("{colour} not rolled", colour=colour(d.colour))
            for d in r.dice
        ],
        ", ",
    )
    lines = [
        text(
            "Raid under way: {who} on {settlement} with a {worker} worker; kumis {kumis}; rerolls "
            "left {rerolls}",
            who=_who(v, v.current),
            settlement=t.settlements[r.settlement].id,
            worker=colour(r.worker),
            kumis=r.kumis,
            rerolls=r.rerolls,
        ),
        text("  dice: {dice}", dice=dice if r.dice else text("none")),
    ]
    if r.strength is not None:
        on_dice = sum(d.strength for d in r.dice)
        lines.append(
            text(
                "  strength {strength} = {kumis} kumis + {dice} dice + {crew} crew and animals + "
                "{abilities} abilities: {vp} VP, {wounds}",
                strength=r.strength,
                kumis=r.kumis,
                dice=on_dice,
                crew=r.crew_strength,
                abilities=r.ability_strength,
                vp=r.vp,
                wounds=wounds_text(r.wounds),
            )
        )
    left = sum(task.left for task in v.pending if isinstance(task, AssignWounds))
    if left:
        lines.append(text("  wounds left to place: {left}", left=left))
    if r.killed:
        killed = joined([term(t.crew[c].name) for c in r.killed], ", ")
        lines.append(text("  killed: {crew}", crew=killed))
    return lines


def _crew_card(t: Tables, card: str) -> Text:
    c = t.crew[card]
    parts = [text("cost {cost}", cost=c.cost), text("strength {strength}", strength=c.strength)]
    if c.ability is not None:
        parts.append(ability_text(t, c.ability))
    if c.play is not None:
        parts.append(text("play: {effect}", effect=effect_text(c.play)))
    return text("{name} ({card})", name=term(c.name), card=joined(parts, "; "))


def _quests_held(t: Tables, quests: tuple[str, ...]) -> Text:
    return joined([text("{quest} ({vp} VP)", quest=q, vp=t.quests[q].vp) for q in quests], ", ")


def _player(v: View, t: Tables, seat: int, p: PlayerView) -> list[Text]:
    pack = _pack_text(t)
    s = p.stock
    mine = seat == v.seat
    who = text("Seat {seat} (you)", seat=seat) if mine else text("Seat {seat}", seat=seat)
    lines = [
        text(
            "{who}: {vp} VP; worker held: {worker}; hero {hero}",
            who=who,
            vp=p.vp,
            worker=colour(p.worker) if p.worker else text("none"),
            hero=pack.hero[p.hero] if p.hero else text("none yet"),
        ),
        text(
            "  silver {silver}, provisions {provisions}, kumis {kumis}; gold {gold}, equipment "
            "{equipment}, wagons {wagons}, livestock {livestock}",
            silver=s.silver,
            provisions=s.provisions,
            kumis=s.kumis,
            gold=s.gold,
            equipment=s.equipment,
            wagons=s.wagons,
            livestock=s.livestock,
        ),
    ]
    for i, slot in enumerate(p.slots):
        if slot.crew is None and slot.eagle is None and slot.horse is None:
            continue
        parts = [crew_text(t, slot.crew, slot.wounds) if slot.crew else text("no crew")]
        if slot.eagle:
            parts.append(text("{eagle} [{card}]", eagle=pack.eagle[slot.eagle], card=slot.eagle))
        if slot.horse:
            parts.append(text("{horse} [{card}]", horse=pack.horse[slot.horse], card=slot.horse))
        lines.append(text("  slot {slot}: {held}", slot=i + 1, held=joined(parts, "; ")))
    if p.hand is not None and not p.hand:
        lines.append(text("  hand: empty"))
    elif p.hand is not None:
        lines.append(text("  hand ({count}):", count=len(p.hand)))
        lines.extend([text("    {card}", card=pack.crew_card[c]) for c in p.hand])
    else:
        lines.append(text("  hand: {cards}", cards=cards_text(p.hand_size)))
    if p.quests:
        lines.append(text("  quests: {quests}", quests=_quests_held(t, p.quests)))
    if p.set_aside_size:
        if p.set_aside is not None:
            shown = joined([term(t.crew[c].name) for c in p.set_aside], ", ")
        else:
            shown = cards_text(p.set_aside_size)
        lines.append(text("  set aside: {cards}", cards=shown))
    return lines


def _chief(v: View, t: Tables) -> list[Text]:
    c = v.chief
    if c is None:
        return []
    crew = t.chiefs[c.level]
    strength = crew.strength + sum(t.animals[h].horse.strength for h in c.horses)
    horses = [horse_text(t, h) for h in c.horses]
    lines = [
        text(
            "The chief ({crew}, strength {strength}): {vp} VP, {provisions} provisions",
            crew=term(crew.name),
            strength=strength,
            vp=c.vp,
            provisions=c.provisions,
        ),
        text(
            "  horses: {horses}; quests: {quests}",
            horses=joined(horses, ", ") if horses else text("none"),
            quests=_quests_held(t, c.quests) if c.quests else text("none"),
        ),
    ]
    if v.scheme_discard:
        sc = t.schemes[v.scheme_discard[-1]]
        lines.append(
            text(
                "  last scheme {scheme}: raid space {target} of {region} ({provisions} provisions, "
                "strength {strength}, {vp} VP); blocks the {building}",
                scheme=sc.id,
                target=sc.target,
                region=region_name(t, sc.region),
                provisions=sc.provisions,
                strength=sc.strength,
                vp=sc.vp,
                building=BUILDING_NAMES[sc.blocked],
            )
        )
    lines.append(text("  scheme deck: {cards}", cards=cards_text(v.scheme_deck)))
    return lines


def render_view(v: View, t: Tables) -> str:
    who = text("a spectator") if v.seat is None else text("seat {seat}", seat=v.seat)
    fields: Fields = {
        "who": who,
        "phase": _PHASES[v.phase],
        "turn": v.turns + 1,
        "current": _who(v, v.current),
    }
    if v.chief is not None:
        head = text(
            "Raiders of Scythia, as {who} sees it: {phase}, turn {turn}, {current} to play; solo "
            "against the chief",
            **fields,
        )
    else:
        head = text(
            "Raiders of Scythia, as {who} sees it: {phase}, turn {turn}, {current} to play",
            **fields,
        )
    lines: list[str] = [head]
    if v.final_turns is not None:
        lines.append(
            plural(
                "The end is triggered: {count} turn left",
                "The end is triggered: {count} turns left",
                count=v.final_turns,
            )
        )
    if v.pending:
        under = [_task_text(v, t, task) for task in reversed(v.pending[:-1])]
        lines.extend(now_lines(_task_text(v, t, v.pending[-1]), under))
    elif v.phase == "over":
        lines.append(text("The game is over."))
    lines.extend(_village(v))
    pack = _pack_text(t)
    quests = joined([pack.quest[q] if q else "-" for q in v.village_quests], "; ")
    lines.append(text("  quests: {quests}", quests=quests))
    lines.extend(_raid_area(v, t))
    lines.extend(_raid(v, t))
    lines.append(text("Animal display:"))
    for i, card in enumerate(v.animal_display):
        if card:
            shown = text(
                "{card}: {eagle} / {horse}",
                card=card,
                eagle=pack.eagle[card],
                horse=pack.horse[card],
            )
        else:
            shown = text("empty")
        lines.append(text("  {position}. {shown}", position=i + 1, shown=shown))
    lines.append(
        text(
            "Decks: crew {crew} (discard {crew_discard}), animals {animals} (discard "
            "{animal_discard}), heroes {heroes}, quests unseen {quests}",
            crew=v.crew_deck,
            crew_discard=len(v.crew_discard),
            animals=v.animal_deck,
            animal_discard=len(v.animal_discard),
            heroes=v.hero_deck,
            quests=v.quest_pool,
        )
    )
    lines.append(
        text(
            "Plunder supply: {supply}; bag: {bag}",
            supply=_plunder_text(v.supply),
            bag=_plunder_text(v.bag),
        )
    )
    if v.pairs:
        lines.append(text("Draft:"))
        lines.extend(
            text(
                "  {hero} with {crew}",
                hero=pack.hero[p.hero],
                crew=crew_text(t, p.crew) if p.crew else "-",
            )
            for p in v.pairs
        )
    for seat, p in enumerate(v.players):
        lines.extend(_player(v, t, seat, p))
    lines.extend(_chief(v, t))
    return joined(lines, "\n")
