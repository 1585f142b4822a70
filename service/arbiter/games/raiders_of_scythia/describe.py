"""Readable moves: one short sentence per legal move, in the rulebook's vocabulary.

:func:`describe_move` answers :meth:`~arbiter.core.Game.describe` for Raiders of Scythia: one
describer per move type (:data:`DESCRIBERS`, keyed by move class), naming the village buildings
(«Конюшня» -- Stables, «Казарма» -- Barracks ...), crew cards and heroes by their printed names,
animals by the half used ("eagle (strength 1, doubles)"), quests with their cost and VP, and
settlements and raid spaces by the pack's ids and region names. Crew slots are numbered 1-5.
Each sentence is a :class:`~arbiter.core.texts.Text` (English, said in Russian or Polish from the
catalogs: issue #40); the names come from :mod:`.naming`, shared with :mod:`.render`, so a move's
sentence and the table's text agree.

A description is shown only to the seat that may make the move: it may name that seat's own hand,
never another seat's. A chance outcome names only the card, token or die face it carries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from arbiter.core.describe import describe_by
from arbiter.core.texts import Text, plural, term, text
from arbiter.games.raiders_of_scythia.buildings import (
    EAGLE_PRICE,
    HORSE_PRICE,
    provisions_of,
    silver_of,
)
from arbiter.games.raiders_of_scythia.content import IfKilled
from arbiter.games.raiders_of_scythia.moves import (
    CompleteQuest,
    DiscardCard,
    DiscardDealt,
    DiscardForQuest,
    DrawCard,
    DrawOneAndKumis,
    DrawTwo,
    EagleAbility,
    HealWound,
    HeroAbility,
    Hire,
    HireInto,
    KeepDice,
    PickUp,
    PlacePlunder,
    PlayCard,
    PutAnimal,
    Raid,
    Reroll,
    ReturnEagle,
    RollDie,
    SellCard,
    SellOne,
    SellTwo,
    Skip,
    SpendKumis,
    StartPlayer,
    SwapCrew,
    TakeEagle,
    TakeHorse,
    TakePair,
    TakeProvisions,
    TakeSilver,
    TakeSpace,
    TakeSwapHorse,
    TakeWagon,
    TradeLivestock,
    Work,
    Wound,
)
from arbiter.games.raiders_of_scythia.moves import Heal as HealMove
from arbiter.games.raiders_of_scythia.moves import UseBuilding as UseBuildingMove
from arbiter.games.raiders_of_scythia.naming import (
    BUILDING_NAMES,
    DICE_COUNTS,
    ITEM_COUNTS,
    ITEMS,
    PLUNDER,
    amounts,
    building_offer,
    colour,
    crew_name,
    crew_text,
    eagle_text,
    effect_text,
    face_text,
    hero_text,
    horse_text,
    items_text,
    join,
    possessive,
    quest_text,
    region_name,
    settlement_text,
    slot_text,
    wounds_text,
)
from arbiter.games.raiders_of_scythia.state import (
    LIMIT,
    AssignWounds,
    BuildingAction,
    ChooseBuilding,
    ChooseHireSlot,
    ChooseSwapHorse,
    Draw,
    DrawPlunder,
    HealWounds,
    PayQuest,
    RaidersState,
    SellCards,
    SetAside,
)
from arbiter.games.raiders_of_scythia.state import PlaceAnimal as PlaceAnimalTask
from arbiter.games.raiders_of_scythia.tables import Tables

State = RaidersState


def _task(s: State, kind: type[Any]) -> Any:
    task = s.pending[-1]
    assert isinstance(task, kind)
    return task


# ------------------------------------------------------------------------------ chance


def _draw_card(s: State, t: Tables, m: DrawCard) -> Text:
    task: Draw = _task(s, Draw)
    if task.to == "village_quest":
        return text(
            "Turn up {quest} on village quest space {space}",
            quest=quest_text(t, m.card),
            space=task.index + 1,
        )
    if task.to == "space_quest":
        return text(
            "Turn up {quest} on raid space {space}",
            quest=quest_text(t, m.card),
            space=t.spaces[task.index].id,
        )
    if task.to == "display":
        return text(
            "Turn up {card} in the animal display: {eagle} or {horse}",
            card=m.card,
            eagle=eagle_text(t, m.card),
            horse=horse_text(t, m.card),
        )
    if task.to == "pair_hero":
        return text("Turn up the hero {hero} for the draft", hero=hero_text(t, m.card))
    if task.to == "pair_crew":
        hero = t.heroes[s.pairs[task.index].hero].name
        return text(
            "Turn up {crew} beside the hero {hero}", crew=crew_text(t, m.card), hero=term(hero)
        )
    if task.to == "hand":
        return text(
            "Draw {crew} into seat {seat}'s hand", crew=crew_name(t, m.card), seat=task.seat
        )
    sc = t.schemes[m.card]
    return text(
        "The chief's scheme {scheme}: raid space {target} of {region} ({provisions} provisions, "
        "strength {strength}, {vp} VP); the {building} is blocked",
        scheme=sc.id,
        target=sc.target,
        region=region_name(t, sc.region),
        provisions=sc.provisions,
        strength=sc.strength,
        vp=sc.vp,
        building=BUILDING_NAMES[sc.blocked],
    )


def _place_plunder(s: State, t: Tables, m: PlacePlunder) -> Text:
    task: DrawPlunder = _task(s, DrawPlunder)
    space = t.spaces[task.space].id
    if m.kind == "gold":
        return text("Draw a gold token from the bag onto raid space {space}", space=space)
    if m.kind == "equipment":
        return text("Draw an equipment token from the bag onto raid space {space}", space=space)
    if m.kind == "wagons":
        return text("Draw a wagon token from the bag onto raid space {space}", space=space)
    return text("Draw a livestock token from the bag onto raid space {space}", space=space)


def _start_player(s: State, t: Tables, m: StartPlayer) -> Text:
    return text("Seat {seat} is the first player", seat=m.first)


def _roll_die(s: State, t: Tables, m: RollDie) -> Text:
    return text(
        "Chance: the {colour} die shows {face}",
        colour=colour(m.colour),
        face=face_text(m.strength, m.wounds),
    )


# ------------------------------------------------------------------------------- setup


def _take_pair(s: State, t: Tables, m: TakePair) -> Text:
    (pair,) = [p for p in s.pairs if p.hero == m.hero]
    if pair.crew:
        return text(
            "Take the hero {hero} with {crew}",
            hero=hero_text(t, m.hero),
            crew=crew_text(t, pair.crew),
        )
    return text("Take the hero {hero}", hero=hero_text(t, m.hero))


def _discard_dealt(s: State, t: Tables, m: DiscardDealt) -> Text:
    task: SetAside = _task(s, SetAside)
    card = crew_text(t, m.card)
    if task.left > 1:
        return text(
            "Discard {card} from the cards dealt (then {more} more)", card=card, more=task.left - 1
        )
    return text("Discard {card} from the cards dealt (the rest stay in your hand)", card=card)


# ------------------------------------------------------------------------------ a turn


def _work(s: State, t: Tables, m: Work) -> Text:
    worker = s.players[m.seat].worker
    assert worker is not None
    return text(
        "Place your {worker} worker on the {building} ({offer})",
        worker=colour(worker),
        building=BUILDING_NAMES[m.building],
        offer=building_offer(m.building, worker),
    )


def _raid(s: State, t: Tables, m: Raid) -> Text:
    index = t.settlement_index[m.settlement]
    st = t.settlements[index]
    red, white = t.dice_of(index)
    yellow = sum(
        1 for i in t.settlement_spaces[index] if s.spaces[i].open() and s.spaces[i].plunder.gold
    )
    dice = [(n, c) for n, c in ((red, "red"), (white, "white"), (yellow, "yellow")) if n]
    pay = amounts([("provisions", st.provisions), ("wagons", st.wagons)])
    settlement = settlement_text(t, index)
    if not dice:
        return text("Raid {settlement}: pay {pay}; roll no dice", settlement=settlement, pay=pay)
    rolled = join([DICE_COUNTS[c](n) for n, c in dice])
    return plural(
        "Raid {settlement}: pay {pay}; roll {dice} die",
        "Raid {settlement}: pay {pay}; roll {dice} dice",
        count=dice[-1][0],
        settlement=settlement,
        pay=pay,
        dice=rolled,
    )


def _pick_up(s: State, t: Tables, m: PickUp) -> Text:
    worker = s.village.at(m.building)
    assert worker is not None
    return text(
        "Pick up the {worker} worker from the {building} ({offer})",
        worker=colour(worker),
        building=BUILDING_NAMES[m.building],
        offer=building_offer(m.building, worker),
    )


def _skip(s: State, t: Tables, m: Skip) -> Text:
    task: BuildingAction = _task(s, BuildingAction)
    return text(
        "Do not use the {building} action", building=possessive(BUILDING_NAMES[task.building])
    )


# ---------------------------------------------------------------------------- buildings


def _take_eagle(s: State, t: Tables, m: TakeEagle) -> Text:
    return text(
        "Take {card} as an {eagle} for {silver} silver",
        card=m.card,
        eagle=eagle_text(t, m.card),
        silver=EAGLE_PRICE,
    )


def _take_horse(s: State, t: Tables, m: TakeHorse) -> Text:
    return text(
        "Take {card} as a {horse} for {equipment} equipment",
        card=m.card,
        horse=horse_text(t, m.card),
        equipment=HORSE_PRICE,
    )


def _put_animal(s: State, t: Tables, m: PutAnimal) -> Text:
    task: PlaceAnimalTask = _task(s, PlaceAnimalTask)
    slot = s.players[m.seat].slots[m.slot]
    crew = crew_name(t, slot.crew) if slot.crew else text("no crew")
    where = slot_text(m.slot)
    if task.half == "eagle":
        new = eagle_text(t, task.card)
        if slot.eagle:
            return text(
                "Slide the {animal} above {slot} ({crew}), replacing the {old}",
                animal=new,
                slot=where,
                crew=crew,
                old=eagle_text(t, slot.eagle),
            )
        return text("Slide the {animal} above {slot} ({crew})", animal=new, slot=where, crew=crew)
    new = horse_text(t, task.card)
    if slot.horse:
        return text(
            "Slide the {animal} below {slot} ({crew}), replacing the {old}",
            animal=new,
            slot=where,
            crew=crew,
            old=horse_text(t, slot.horse),
        )
    return text("Slide the {animal} below {slot} ({crew})", animal=new, slot=where, crew=crew)


def _hire(s: State, t: Tables, m: Hire) -> Text:
    cost = ITEM_COUNTS["silver"](t.crew[m.card].cost)
    return text("Hire {crew} for {silver}", crew=crew_text(t, m.card), silver=cost)


def _hire_into(s: State, t: Tables, m: HireInto) -> Text:
    task: ChooseHireSlot = _task(s, ChooseHireSlot)
    slot = s.players[m.seat].slots[m.slot]
    put = text("Put {crew} into {slot}", crew=crew_text(t, task.card), slot=slot_text(m.slot))
    if slot.crew is not None:
        put = text("{put}, discarding {crew}", put=put, crew=crew_text(t, slot.crew, slot.wounds))
    if slot.eagle and slot.horse:
        return text("{put} (the eagle and horse there stay)", put=put)
    if slot.eagle:
        return text("{put} (the eagle there stays)", put=put)
    if slot.horse:
        return text("{put} (the horse there stays)", put=put)
    return put


def _heal(s: State, t: Tables, m: HealMove) -> Text:
    wounds = sum(slot.wounds for slot in s.players[m.seat].slots)
    return text(
        "Spend 1 kumis to remove up to 2 wounds from your crew ({wounds} now)",
        wounds=wounds_text(wounds),
    )


def _heal_wound(s: State, t: Tables, m: HealWound) -> Text:
    task: HealWounds = _task(s, HealWounds)
    slot = s.players[m.seat].slots[m.slot]
    assert slot.crew is not None
    now = t.card_strength(slot.crew) - slot.wounds
    fields: dict[str, Any] = {
        "crew": crew_name(t, slot.crew),
        "slot": slot_text(m.slot),
        "now": now,
        "after": now + 1,
    }
    if task.left > 1:
        return text(
            "Remove a wound from {crew} in {slot}: strength {now} to {after}; {more} more to "
            "remove",
            more=task.left - 1,
            **fields,
        )
    return text("Remove a wound from {crew} in {slot}: strength {now} to {after}", **fields)


def _take_silver(s: State, t: Tables, m: TakeSilver) -> Text:
    task: BuildingAction = _task(s, BuildingAction)
    return text(
        "Take {silver} silver ({worker} worker)",
        silver=silver_of(task.worker),
        worker=colour(task.worker),
    )


def _take_provisions(s: State, t: Tables, m: TakeProvisions) -> Text:
    task: BuildingAction = _task(s, BuildingAction)
    return text(
        "Take {provisions} provisions ({worker} worker)",
        provisions=provisions_of(task.worker),
        worker=colour(task.worker),
    )


def _take_wagon(s: State, t: Tables, m: TakeWagon) -> Text:
    return text("Take 1 wagon instead of provisions (red worker)")


def _trade_livestock(s: State, t: Tables, m: TradeLivestock) -> Text:
    return text("Spend 1 livestock for 2 provisions and 1 kumis")


def _complete_quest(s: State, t: Tables, m: CompleteQuest) -> Text:
    q = t.quests[m.quest]
    if q.cost is not None:
        return text(
            "Complete {quest} for {vp} VP, paying {cost}",
            quest=m.quest,
            vp=q.vp,
            cost=items_text(q.cost),
        )
    return text(
        "Complete {quest} for {vp} VP by discarding cards of strength {strength}+ from your hand",
        quest=m.quest,
        vp=q.vp,
        strength=q.discard_strength,
    )


def _discard_for_quest(s: State, t: Tables, m: DiscardForQuest) -> Text:
    task: PayQuest = _task(s, PayQuest)
    paid = task.paid + t.card_strength(m.card)
    fields: dict[str, Any] = {
        "card": crew_text(t, m.card),
        "quest": task.quest,
        "paid": paid,
        "need": task.need,
    }
    if paid >= task.need:
        return text(
            "Discard {card} for {quest}: strength {paid} of {need} paid; the quest is completed",
            **fields,
        )
    return text("Discard {card} for {quest}: strength {paid} of {need} paid", **fields)


def _play_card(s: State, t: Tables, m: PlayCard) -> Text:
    play = t.crew[m.card].play
    assert play is not None
    return text(
        "Play {crew} from your hand (discarded): {effect}",
        crew=crew_name(t, m.card),
        effect=effect_text(play),
    )


def _hero_ability(s: State, t: Tables, m: HeroAbility) -> Text:
    hero = s.players[m.seat].hero
    assert hero is not None
    h = t.heroes[hero]
    return text(
        "Use your hero {hero} ability: {effect}",
        hero=possessive(term(h.name)),
        effect=effect_text(h.ability),
    )


def _eagle_ability(s: State, t: Tables, m: EagleAbility) -> Text:
    crew = s.players[m.seat].slots[m.slot].crew
    assert crew is not None
    play = t.crew[crew].play
    assert play is not None
    return text(
        "Use the eagle above {slot} for {crew} Play ability (it stays hired): {effect}",
        slot=slot_text(m.slot),
        crew=possessive(crew_name(t, crew)),
        effect=effect_text(play),
    )


def _use_building(s: State, t: Tables, m: UseBuildingMove) -> Text:
    task: ChooseBuilding = _task(s, ChooseBuilding)
    return text(
        "Use the {building} action with your {worker} worker ({offer})",
        building=possessive(BUILDING_NAMES[m.building]),
        worker=colour(task.worker),
        offer=building_offer(m.building, task.worker),
    )


def _return_eagle(s: State, t: Tables, m: ReturnEagle) -> Text:
    eagle = s.players[m.seat].slots[m.slot].eagle
    assert eagle is not None
    return text(
        "Return the {eagle} above {slot} to the display, to take a horse instead",
        eagle=eagle_text(t, eagle),
        slot=slot_text(m.slot),
    )


def _take_swap_horse(s: State, t: Tables, m: TakeSwapHorse) -> Text:
    task: ChooseSwapHorse = _task(s, ChooseSwapHorse)
    return text(
        "Take {card} as a {horse}; {returned}, the eagle returned, takes its place in the display",
        card=m.card,
        horse=horse_text(t, m.card),
        returned=task.returned,
    )


def _swap_crew(s: State, t: Tables, m: SwapCrew) -> Text:
    slot = s.players[m.seat].slots[m.slot]
    assert slot.crew is not None
    return text(
        "Swap {hired} in {slot} (to your hand, healed) for {card} from your hand",
        hired=crew_text(t, slot.crew, slot.wounds),
        slot=slot_text(m.slot),
        card=crew_text(t, m.card),
    )


def _draw_two(s: State, t: Tables, m: DrawTwo) -> Text:
    return text("Draw 2 crew cards")


def _draw_one(s: State, t: Tables, m: DrawOneAndKumis) -> Text:
    return text("Draw 1 crew card and take 2 kumis")


def _sell_one(s: State, t: Tables, m: SellOne) -> Text:
    return text("Discard 1 card from your hand for 2 silver")


def _sell_two(s: State, t: Tables, m: SellTwo) -> Text:
    if m.reward == "wagons":
        return text("Discard 2 cards from your hand for 1 wagon")
    return text("Discard 2 cards from your hand for 1 equipment")


def _sell_card(s: State, t: Tables, m: SellCard) -> Text:
    task: SellCards = _task(s, SellCards)
    gain = items_text(task.gain)
    card = crew_text(t, m.card)
    if task.left > 1:
        return plural(
            "Discard {card}; then {count} more card for {gain}",
            "Discard {card}; then {count} more cards for {gain}",
            count=task.left - 1,
            card=card,
            gain=gain,
        )
    return text("Discard {card} for {gain}", card=card, gain=gain)


# ---------------------------------------------------------------------------------- raids


def _spend_kumis(s: State, t: Tables, m: SpendKumis) -> Text:
    if not m.kumis:
        return text("Spend no kumis on this raid")
    return text("Spend {kumis} kumis: +{kumis} strength", kumis=m.kumis)


def _reroll(s: State, t: Tables, m: Reroll) -> Text:
    assert s.raid is not None
    die = s.raid.dice[m.die]
    left = s.raid.rerolls - 1
    fields: dict[str, Any] = {
        "die": m.die + 1,
        "colour": colour(die.colour),
        "face": face_text(die.strength, die.wounds),
    }
    if left:
        return plural(
            "Reroll die {die}, the {colour} one showing {face} ({count} reroll left after)",
            "Reroll die {die}, the {colour} one showing {face} ({count} rerolls left after)",
            count=left,
            **fields,
        )
    return text("Reroll die {die}, the {colour} one showing {face} (the last reroll)", **fields)


def _keep_dice(s: State, t: Tables, m: KeepDice) -> Text:
    assert s.raid is not None
    strength = sum(d.strength for d in s.raid.dice)
    wounds = sum(d.wounds for d in s.raid.dice)
    if strength or wounds:
        return text("Keep the dice as they are: {face}", face=face_text(strength, wounds))
    return text("Keep the dice as they are: no strength, no wounds")


def _wound(s: State, t: Tables, m: Wound) -> Text:
    task: AssignWounds = _task(s, AssignWounds)
    p = s.players[m.seat]
    slot = p.slots[m.slot]
    assert slot.crew is not None
    card = t.crew[slot.crew]
    if task.left == 1:
        head = text(
            "Put the wound on {crew} in {slot}", crew=term(card.name), slot=slot_text(m.slot)
        )
    else:
        head = text("Put a wound on {crew} in {slot}", crew=term(card.name), slot=slot_text(m.slot))
    left = card.strength - slot.wounds
    if left > 0:
        said = text("{head}: strength {now} to {after}", head=head, now=left, after=left - 1)
    else:
        said = text("{head}: it dies (strength 0)", head=head)
        if isinstance(card.ability, IfKilled):
            double = slot.eagle is not None and t.animals[slot.eagle].eagle.kind == "double"
            factor = 2 if double else 1
            gain = amounts([(k, getattr(card.ability.gain, k) * factor) for k in ITEMS])
            said = text("{said}; gain {gain}", said=said, gain=gain)
    if task.left > 1:
        return text("{said} ({more} more to place)", said=said, more=task.left - 1)
    return said


def _take_space(s: State, t: Tables, m: TakeSpace) -> Text:
    space = s.spaces[t.space_index[m.space]]
    pl = space.plunder
    assert space.worker is not None
    parts = [ITEM_COUNTS[k](pl.of(k)) for k in PLUNDER if pl.of(k)]
    parts.append(text("the {worker} worker", worker=colour(space.worker)))
    if space.hidden_quest:
        return text(
            "Take raid space {space}: {taken}; turn up the quest under it",
            space=m.space,
            taken=join(parts),
        )
    return text("Take raid space {space}: {taken}", space=m.space, taken=join(parts))


def _discard_card(s: State, t: Tables, m: DiscardCard) -> Text:
    hand = len(s.players[m.seat].hand)
    return text(
        "Discard {card} down to the hand limit of {limit} ({hand} in hand)",
        card=crew_text(t, m.card),
        limit=LIMIT,
        hand=hand,
    )


Describer = Callable[[State, Tables, Any], Text]

#: One describer per move type.
DESCRIBERS: Final[dict[type[Any], Describer]] = {
    DrawCard: _draw_card,
    PlacePlunder: _place_plunder,
    StartPlayer: _start_player,
    RollDie: _roll_die,
    TakePair: _take_pair,
    DiscardDealt: _discard_dealt,
    Work: _work,
    Raid: _raid,
    PickUp: _pick_up,
    Skip: _skip,
    TakeEagle: _take_eagle,
    TakeHorse: _take_horse,
    PutAnimal: _put_animal,
    Hire: _hire,
    HireInto: _hire_into,
    HealMove: _heal,
    HealWound: _heal_wound,
    TakeSilver: _take_silver,
    TakeProvisions: _take_provisions,
    TakeWagon: _take_wagon,
    TradeLivestock: _trade_livestock,
    CompleteQuest: _complete_quest,
    DiscardForQuest: _discard_for_quest,
    PlayCard: _play_card,
    HeroAbility: _hero_ability,
    EagleAbility: _eagle_ability,
    UseBuildingMove: _use_building,
    ReturnEagle: _return_eagle,
    TakeSwapHorse: _take_swap_horse,
    SwapCrew: _swap_crew,
    DrawTwo: _draw_two,
    DrawOneAndKumis: _draw_one,
    SellOne: _sell_one,
    SellTwo: _sell_two,
    SellCard: _sell_card,
    SpendKumis: _spend_kumis,
    Reroll: _reroll,
    KeepDice: _keep_dice,
    Wound: _wound,
    TakeSpace: _take_space,
    DiscardCard: _discard_card,
}


def describe_move(s: State, t: Tables, move: Any) -> str:
    """What ``move`` (legal in ``s``) does, in one line."""
    return describe_by(DESCRIBERS, s, t, move)
