"""Readable moves: one short English sentence per legal move, in the rulebook's vocabulary.

:func:`describe_move` answers :meth:`~arbiter.core.Game.describe` for Raiders of Scythia: one
describer per move type (:data:`DESCRIBERS`, keyed by move class), naming the village buildings
(«Конюшня» -- Stables, «Казарма» -- Barracks ...), crew cards and heroes by their printed names,
animals by the half used ("eagle (strength 1, doubles)"), quests with their cost and VP, and
settlements and raid spaces by the pack's ids and region names. Crew slots are numbered 1-5.

A description is shown only to the seat that may make the move: it may name that seat's own hand,
never another seat's. A chance outcome names only the card, token or die face it carries.

The naming helpers (:func:`crew_text`, :func:`eagle_text`, :func:`quest_text` ...) are shared with
:mod:`.render`, so a move's sentence and the table's text agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from arbiter.core.describe import describe_by
from arbiter.games.raiders_of_scythia.buildings import (
    EAGLE_PRICE,
    HORSE_PRICE,
    provisions_of,
    silver_of,
)
from arbiter.games.raiders_of_scythia.content import (
    AnimalHalf,
    AnotherTownCentreAction,
    Building,
    Colour,
    CrewAbility,
    Exchange,
    Gain,
    GainIfFewest,
    Heal,
    IfKilled,
    IfWounded,
    Items,
    PlayEffect,
    PlunderKind,
    RaidGain,
    RaidReroll,
    RaidStrength,
    RaidWoundReduction,
    SwapEagleForHorse,
    SwapHiredWithHand,
    UseBuilding,
)
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
    Plunder,
    RaidersState,
    SellCards,
    SetAside,
)
from arbiter.games.raiders_of_scythia.state import PlaceAnimal as PlaceAnimalTask
from arbiter.games.raiders_of_scythia.tables import Tables

State = RaidersState

#: The village buildings (rulebook «ДЕРЕВНЯ»).
BUILDING_NAMES: Final[dict[Building, str]] = {
    "stables": "Stables",
    "barracks": "Barracks",
    "silversmith": "Silversmith",
    "farm": "Farm",
    "chiefs_tent": "Chief's Tent",
    "town_centre": "Town Centre",
    "meeting_tent": "Meeting Tent",
    "market": "Market",
}
#: Items in the order they are named, with their singular form.
_ITEMS: Final = (
    ("silver", "silver"),
    ("provisions", "provision"),
    ("kumis", "kumis"),
    ("cards", "card"),
    ("vp", "VP"),
    ("gold", "gold"),
    ("equipment", "equipment"),
    ("wagons", "wagon"),
    ("livestock", "livestock"),
)
PLUNDER: Final[tuple[PlunderKind, ...]] = ("gold", "equipment", "wagons", "livestock")
_FEWEST: Final = {"vp": "VP", "crew": "hired crew", "silver": "silver", "cards": "cards in hand"}


# ------------------------------------------------------------------------ names of things


def count(n: int, singular: str, plural: str | None = None) -> str:
    """``1 wagon``, ``2 wagons``; uncountable things pass ``plural=singular``."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def join(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def amounts(pairs: Sequence[tuple[str, int]]) -> str:
    """``2 silver and 1 wagon`` from (kind, amount) pairs; ``nothing`` if all are 0."""
    forms = dict(_ITEMS)
    parts = []
    for kind, n in pairs:
        if not n:
            continue
        singular = forms.get(kind, kind)
        plural = singular + "s" if singular in ("provision", "card", "wagon") else singular
        parts.append(count(n, singular, plural))
    return join(parts) or "nothing"


def items_text(items: Items) -> str:
    return amounts([(k, getattr(items, k)) for k, _ in _ITEMS])


def plunder_text(p: Plunder) -> str:
    return amounts([(k, p.of(k)) for k in PLUNDER])


def region_name(t: Tables, region: str) -> str:
    return t.regions[region].name  # type: ignore[index]


def crew_name(t: Tables, card: str) -> str:
    return t.crew[card].name


def crew_text(t: Tables, card: str, wounds: int = 0) -> str:
    """``Conspirator (strength 2)``; ``Gravedigger (strength 3, 1 wound)``."""
    c = t.crew[card]
    hurt = f", {count(wounds, 'wound')}" if wounds else ""
    return f"{c.name} (strength {c.strength}{hurt})"


def effect_text(effect: PlayEffect) -> str:
    """What a Play ability (or a hero's) does."""
    if isinstance(effect, Gain):
        return "gain " + items_text(effect.gain)
    if isinstance(effect, Exchange):
        return f"spend {items_text(effect.pay)} for {items_text(effect.gain)}"
    if isinstance(effect, UseBuilding):
        return "use a building's action"
    if isinstance(effect, AnotherTownCentreAction):
        return "take another Town Centre action"
    if isinstance(effect, SwapEagleForHorse):
        return "swap an eagle of yours for a horse of the display"
    if isinstance(effect, Heal):
        return f"remove up to {count(effect.wounds, 'wound')}"
    if isinstance(effect, SwapHiredWithHand):
        return "swap a hired crew member with a card of your hand"
    assert isinstance(effect, GainIfFewest)
    return f"gain {items_text(effect.gain)} if you have the fewest {_FEWEST[effect.of]}"


def ability_text(t: Tables, ability: CrewAbility) -> str:
    """What an ongoing crew ability does."""
    where = ""
    if isinstance(ability, RaidGain | RaidStrength | RaidWoundReduction) and ability.region:
        where = " on " + region_name(t, ability.region)
    if isinstance(ability, RaidGain):
        return f"raiding{where}: {items_text(ability.gain)}"
    if isinstance(ability, RaidStrength):
        worker = f" with a {ability.worker} worker" if ability.worker else ""
        return f"+{ability.amount} strength raiding{where}{worker}"
    if isinstance(ability, RaidWoundReduction):
        return f"{count(ability.amount, 'fewer wound', 'fewer wounds')} raiding{where}"
    if isinstance(ability, RaidReroll):
        return f"reroll up to {count(ability.dice, 'die', 'dice')}"
    if isinstance(ability, IfWounded):
        return f"if wounded: {items_text(ability.gain)}"
    assert isinstance(ability, IfKilled)
    return f"if killed: {items_text(ability.gain)}"


def hero_text(t: Tables, hero: str) -> str:
    """``Tomyris (remove up to 2 wounds)``."""
    h = t.heroes[hero]
    return f"{h.name} ({effect_text(h.ability)})"


def _half(half: AnimalHalf, eagle: bool) -> str:
    parts = [f"strength {half.strength}"] if half.strength else []
    if half.vp:
        parts.append(f"{half.vp} VP")
    if eagle and half.kind == "double":
        parts.append("doubles")
    elif eagle and half.kind == "enable":
        parts.append("enables Play")
    return ", ".join(parts) or "no bonus"


def eagle_text(t: Tables, card: str) -> str:
    """``eagle (strength 1, doubles)``."""
    return f"eagle ({_half(t.animals[card].eagle, True)})"


def horse_text(t: Tables, card: str) -> str:
    """``horse (strength 2, 1 VP)``."""
    return f"horse ({_half(t.animals[card].horse, False)})"


def quest_cost(t: Tables, quest: str) -> str:
    q = t.quests[quest]
    if q.cost is not None:
        return items_text(q.cost)
    return f"discarding cards of strength {q.discard_strength}+"


def quest_text(t: Tables, quest: str) -> str:
    """``quest-01 (5 VP for 1 wagon and 3 livestock)``."""
    return f"{quest} ({t.quests[quest].vp} VP for {quest_cost(t, quest)})"


def settlement_text(t: Tables, index: int) -> str:
    """``Greece's greece-west settlement``."""
    st = t.settlements[index]
    return f"{region_name(t, st.region)}'s {st.id} settlement"


def building_offer(building: Building, worker: Colour) -> str:
    """What a building's action offers a worker of ``worker``'s colour."""
    if building == "stables":
        return f"an eagle for {EAGLE_PRICE} silver or a horse for {HORSE_PRICE} equipment"
    if building == "barracks":
        return "hire a crew card for its cost, or heal 2 wounds for 1 kumis"
    if building == "silversmith":
        return f"{silver_of(worker)} silver for a {worker} worker"
    if building == "farm":
        wagon = " or 1 wagon" if worker == "red" else ""
        return f"{provisions_of(worker)} provisions{wagon} for a {worker} worker"
    if building == "chiefs_tent":
        return "complete a quest, or 1 livestock for 2 provisions and 1 kumis"
    if building == "town_centre":
        return "play a card, your hero's ability or an eagle's"
    if building == "meeting_tent":
        return "draw 2 crew cards, or 1 and 2 kumis"
    return "discard 1 card for 2 silver, or 2 for 1 wagon or 1 equipment"


def face_text(strength: int, wounds: int) -> str:
    """``2 strength and 1 wound``; ``a blank face``."""
    parts = [f"{strength} strength"] if strength else []
    if wounds:
        parts.append(count(wounds, "wound"))
    return join(parts) or "a blank face"


def possessive(name: str) -> str:
    """``the Farm's``, ``the Barracks'``."""
    return name + ("'" if name.endswith("s") else "'s")


def _task(s: State, kind: type[Any]) -> Any:
    task = s.pending[-1]
    assert isinstance(task, kind)
    return task


def _slot(n: int) -> str:
    return f"slot {n + 1}"


# ------------------------------------------------------------------------------ chance


def _draw_card(s: State, t: Tables, m: DrawCard) -> str:
    task: Draw = _task(s, Draw)
    if task.to == "village_quest":
        return f"Turn up {quest_text(t, m.card)} on village quest space {task.index + 1}"
    if task.to == "space_quest":
        return f"Turn up {quest_text(t, m.card)} on raid space {t.spaces[task.index].id}"
    if task.to == "display":
        return (
            f"Turn up {m.card} in the animal display: {eagle_text(t, m.card)} or "
            f"{horse_text(t, m.card)}"
        )
    if task.to == "pair_hero":
        return f"Turn up the hero {hero_text(t, m.card)} for the draft"
    if task.to == "pair_crew":
        hero = t.heroes[s.pairs[task.index].hero].name
        return f"Turn up {crew_text(t, m.card)} beside the hero {hero}"
    if task.to == "hand":
        return f"Draw {crew_name(t, m.card)} into seat {task.seat}'s hand"
    sc = t.schemes[m.card]
    return (
        f"The chief's scheme {sc.id}: raid space {sc.target} of {region_name(t, sc.region)} "
        f"({sc.provisions} provisions, strength {sc.strength}, {sc.vp} VP); "
        f"the {BUILDING_NAMES[sc.blocked]} is blocked"
    )


def _place_plunder(s: State, t: Tables, m: PlacePlunder) -> str:
    task: DrawPlunder = _task(s, DrawPlunder)
    token = {"gold": "a gold", "equipment": "an equipment", "wagons": "a wagon"}
    return (
        f"Draw {token.get(m.kind, 'a livestock')} token from the bag onto raid space "
        f"{t.spaces[task.space].id}"
    )


def _start_player(s: State, t: Tables, m: StartPlayer) -> str:
    return f"Seat {m.first} is the first player"


def _roll_die(s: State, t: Tables, m: RollDie) -> str:
    return f"Chance: the {m.colour} die shows {face_text(m.strength, m.wounds)}"


# ------------------------------------------------------------------------------- setup


def _take_pair(s: State, t: Tables, m: TakePair) -> str:
    (pair,) = [p for p in s.pairs if p.hero == m.hero]
    crew = f" with {crew_text(t, pair.crew)}" if pair.crew else ""
    return f"Take the hero {hero_text(t, m.hero)}{crew}"


def _discard_dealt(s: State, t: Tables, m: DiscardDealt) -> str:
    task: SetAside = _task(s, SetAside)
    more = f"then {task.left - 1} more" if task.left > 1 else "the rest stay in your hand"
    return f"Discard {crew_text(t, m.card)} from the cards dealt ({more})"


# ------------------------------------------------------------------------------ a turn


def _work(s: State, t: Tables, m: Work) -> str:
    worker = s.players[m.seat].worker
    assert worker is not None
    offer = building_offer(m.building, worker)
    return f"Place your {worker} worker on the {BUILDING_NAMES[m.building]} ({offer})"


def _raid(s: State, t: Tables, m: Raid) -> str:
    index = t.settlement_index[m.settlement]
    st = t.settlements[index]
    red, white = t.dice_of(index)
    yellow = sum(
        1 for i in t.settlement_spaces[index] if s.spaces[i].open() and s.spaces[i].plunder.gold
    )
    dice = [(n, c) for n, c in ((red, "red"), (white, "white"), (yellow, "yellow")) if n]
    roll = "roll no dice"
    if dice:
        noun = "die" if dice[-1][0] == 1 else "dice"
        roll = "roll " + join([f"{n} {c}" for n, c in dice]) + " " + noun
    pay = amounts([("provisions", st.provisions), ("wagons", st.wagons)])
    return f"Raid {settlement_text(t, index)}: pay {pay}; {roll}"


def _pick_up(s: State, t: Tables, m: PickUp) -> str:
    worker = s.village.at(m.building)
    assert worker is not None
    return (
        f"Pick up the {worker} worker from the {BUILDING_NAMES[m.building]} "
        f"({building_offer(m.building, worker)})"
    )


def _skip(s: State, t: Tables, m: Skip) -> str:
    task: BuildingAction = _task(s, BuildingAction)
    return f"Do not use the {possessive(BUILDING_NAMES[task.building])} action"


# ---------------------------------------------------------------------------- buildings


def _take_eagle(s: State, t: Tables, m: TakeEagle) -> str:
    return f"Take {m.card} as an {eagle_text(t, m.card)} for {EAGLE_PRICE} silver"


def _take_horse(s: State, t: Tables, m: TakeHorse) -> str:
    return f"Take {m.card} as a {horse_text(t, m.card)} for {HORSE_PRICE} equipment"


def _put_animal(s: State, t: Tables, m: PutAnimal) -> str:
    task: PlaceAnimalTask = _task(s, PlaceAnimalTask)
    slot = s.players[m.seat].slots[m.slot]
    crew = crew_name(t, slot.crew) if slot.crew else "no crew"
    if task.half == "eagle":
        text = f"Slide the {eagle_text(t, task.card)} above {_slot(m.slot)} ({crew})"
        old = f", replacing the {eagle_text(t, slot.eagle)}" if slot.eagle else ""
    else:
        text = f"Slide the {horse_text(t, task.card)} below {_slot(m.slot)} ({crew})"
        old = f", replacing the {horse_text(t, slot.horse)}" if slot.horse else ""
    return text + old


def _hire(s: State, t: Tables, m: Hire) -> str:
    return f"Hire {crew_text(t, m.card)} for {t.crew[m.card].cost} silver"


def _hire_into(s: State, t: Tables, m: HireInto) -> str:
    task: ChooseHireSlot = _task(s, ChooseHireSlot)
    slot = s.players[m.seat].slots[m.slot]
    text = f"Put {crew_text(t, task.card)} into {_slot(m.slot)}"
    if slot.crew is not None:
        text += f", discarding {crew_text(t, slot.crew, slot.wounds)}"
    animals = [a for a, c in (("eagle", slot.eagle), ("horse", slot.horse)) if c]
    if animals:
        text += f" (the {join(animals)} there stay{'' if len(animals) > 1 else 's'})"
    return text


def _heal(s: State, t: Tables, m: HealMove) -> str:
    wounds = sum(slot.wounds for slot in s.players[m.seat].slots)
    return f"Spend 1 kumis to remove up to 2 wounds from your crew ({count(wounds, 'wound')} now)"


def _heal_wound(s: State, t: Tables, m: HealWound) -> str:
    task: HealWounds = _task(s, HealWounds)
    slot = s.players[m.seat].slots[m.slot]
    assert slot.crew is not None
    now = t.card_strength(slot.crew) - slot.wounds
    more = f"; {task.left - 1} more to remove" if task.left > 1 else ""
    return (
        f"Remove a wound from {crew_name(t, slot.crew)} in {_slot(m.slot)}: strength {now} "
        f"to {now + 1}{more}"
    )


def _take_silver(s: State, t: Tables, m: TakeSilver) -> str:
    task: BuildingAction = _task(s, BuildingAction)
    return f"Take {silver_of(task.worker)} silver ({task.worker} worker)"


def _take_provisions(s: State, t: Tables, m: TakeProvisions) -> str:
    task: BuildingAction = _task(s, BuildingAction)
    return f"Take {provisions_of(task.worker)} provisions ({task.worker} worker)"


def _take_wagon(s: State, t: Tables, m: TakeWagon) -> str:
    return "Take 1 wagon instead of provisions (red worker)"


def _trade_livestock(s: State, t: Tables, m: TradeLivestock) -> str:
    return "Spend 1 livestock for 2 provisions and 1 kumis"


def _complete_quest(s: State, t: Tables, m: CompleteQuest) -> str:
    q = t.quests[m.quest]
    if q.cost is not None:
        return f"Complete {m.quest} for {q.vp} VP, paying {items_text(q.cost)}"
    return (
        f"Complete {m.quest} for {q.vp} VP by discarding cards of strength "
        f"{q.discard_strength}+ from your hand"
    )


def _discard_for_quest(s: State, t: Tables, m: DiscardForQuest) -> str:
    task: PayQuest = _task(s, PayQuest)
    paid = task.paid + t.card_strength(m.card)
    done = "; the quest is completed" if paid >= task.need else ""
    return (
        f"Discard {crew_text(t, m.card)} for {task.quest}: strength {paid} of "
        f"{task.need} paid{done}"
    )


def _play_card(s: State, t: Tables, m: PlayCard) -> str:
    play = t.crew[m.card].play
    assert play is not None
    return f"Play {crew_name(t, m.card)} from your hand (discarded): {effect_text(play)}"


def _hero_ability(s: State, t: Tables, m: HeroAbility) -> str:
    hero = s.players[m.seat].hero
    assert hero is not None
    h = t.heroes[hero]
    return f"Use your hero {possessive(h.name)} ability: {effect_text(h.ability)}"


def _eagle_ability(s: State, t: Tables, m: EagleAbility) -> str:
    crew = s.players[m.seat].slots[m.slot].crew
    assert crew is not None
    play = t.crew[crew].play
    assert play is not None
    return (
        f"Use the eagle above {_slot(m.slot)} for {possessive(crew_name(t, crew))} Play ability "
        f"(it stays hired): {effect_text(play)}"
    )


def _use_building(s: State, t: Tables, m: UseBuildingMove) -> str:
    task: ChooseBuilding = _task(s, ChooseBuilding)
    return (
        f"Use the {possessive(BUILDING_NAMES[m.building])} action with your {task.worker} worker "
        f"({building_offer(m.building, task.worker)})"
    )


def _return_eagle(s: State, t: Tables, m: ReturnEagle) -> str:
    eagle = s.players[m.seat].slots[m.slot].eagle
    assert eagle is not None
    return (
        f"Return the {eagle_text(t, eagle)} above {_slot(m.slot)} to the display, "
        f"to take a horse instead"
    )


def _take_swap_horse(s: State, t: Tables, m: TakeSwapHorse) -> str:
    task: ChooseSwapHorse = _task(s, ChooseSwapHorse)
    return (
        f"Take {m.card} as a {horse_text(t, m.card)}; {task.returned}, the eagle returned, "
        f"takes its place in the display"
    )


def _swap_crew(s: State, t: Tables, m: SwapCrew) -> str:
    slot = s.players[m.seat].slots[m.slot]
    assert slot.crew is not None
    return (
        f"Swap {crew_text(t, slot.crew, slot.wounds)} in {_slot(m.slot)} (to your hand, healed) "
        f"for {crew_text(t, m.card)} from your hand"
    )


def _draw_two(s: State, t: Tables, m: DrawTwo) -> str:
    return "Draw 2 crew cards"


def _draw_one(s: State, t: Tables, m: DrawOneAndKumis) -> str:
    return "Draw 1 crew card and take 2 kumis"


def _sell_one(s: State, t: Tables, m: SellOne) -> str:
    return "Discard 1 card from your hand for 2 silver"


def _sell_two(s: State, t: Tables, m: SellTwo) -> str:
    reward = "1 wagon" if m.reward == "wagons" else "1 equipment"
    return f"Discard 2 cards from your hand for {reward}"


def _sell_card(s: State, t: Tables, m: SellCard) -> str:
    task: SellCards = _task(s, SellCards)
    gain = items_text(task.gain)
    if task.left > 1:
        more = task.left - 1
        return f"Discard {crew_text(t, m.card)}; then {more} more card{'s' * (more > 1)} for {gain}"
    return f"Discard {crew_text(t, m.card)} for {gain}"


# ---------------------------------------------------------------------------------- raids


def _spend_kumis(s: State, t: Tables, m: SpendKumis) -> str:
    if not m.kumis:
        return "Spend no kumis on this raid"
    return f"Spend {m.kumis} kumis: +{m.kumis} strength"


def _reroll(s: State, t: Tables, m: Reroll) -> str:
    assert s.raid is not None
    die = s.raid.dice[m.die]
    left = s.raid.rerolls - 1
    after = f"{count(left, 'reroll')} left after" if left else "the last reroll"
    face = face_text(die.strength, die.wounds)
    return f"Reroll die {m.die + 1}, the {die.colour} one showing {face} ({after})"


def _keep_dice(s: State, t: Tables, m: KeepDice) -> str:
    assert s.raid is not None
    strength = sum(d.strength for d in s.raid.dice)
    wounds = sum(d.wounds for d in s.raid.dice)
    shown = face_text(strength, wounds) if strength or wounds else "no strength, no wounds"
    return f"Keep the dice as they are: {shown}"


def _wound(s: State, t: Tables, m: Wound) -> str:
    task: AssignWounds = _task(s, AssignWounds)
    p = s.players[m.seat]
    slot = p.slots[m.slot]
    assert slot.crew is not None
    card = t.crew[slot.crew]
    article = "the" if task.left == 1 else "a"
    more = f" ({task.left - 1} more to place)" if task.left > 1 else ""
    head = f"Put {article} wound on {card.name} in {_slot(m.slot)}"
    left = card.strength - slot.wounds
    if left > 0:
        return f"{head}: strength {left} to {left - 1}{more}"
    gain = ""
    if isinstance(card.ability, IfKilled):
        double = slot.eagle is not None and t.animals[slot.eagle].eagle.kind == "double"
        factor = 2 if double else 1
        gain = "; gain " + amounts([(k, getattr(card.ability.gain, k) * factor) for k, _ in _ITEMS])
    return f"{head}: it dies (strength 0){gain}{more}"


def _take_space(s: State, t: Tables, m: TakeSpace) -> str:
    space = s.spaces[t.space_index[m.space]]
    quest = "; turn up the quest under it" if space.hidden_quest else ""
    pl = space.plunder
    parts = [count(pl.of(k), k[:-1] if k == "wagons" else k, k) for k in PLUNDER if pl.of(k)]
    return f"Take raid space {m.space}: {join([*parts, f'the {space.worker} worker'])}{quest}"


def _discard_card(s: State, t: Tables, m: DiscardCard) -> str:
    hand = len(s.players[m.seat].hand)
    return f"Discard {crew_text(t, m.card)} down to the hand limit of {LIMIT} ({hand} in hand)"


Describer = Callable[[State, Tables, Any], str]

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
