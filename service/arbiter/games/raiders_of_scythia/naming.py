"""Names of things in Raiders of Scythia's texts, shared by :mod:`.describe` and :mod:`.render` so a
move's sentence and the table's text agree.

Every name is a :class:`~arbiter.core.texts.Text` (issue #40): the village buildings and the
rulebook's words (workers' and dice colours, eagle and horse) are :func:`~arbiter.core.texts.term`
entries of the catalogs («Конюшня» -- Stables, «Казарма» -- Barracks ...; PL «Stajnie»,
«Koszary» ...), the names a content pack brings (crew cards, heroes, regions, settlements, the
chief's AI crew) are terms too (the default pack's are in the catalogs), counted things are
:func:`~arbiter.core.texts.plural` texts («1 повозка, 2 повозки, 5 повозок») and ids are
written as they are. Animals are named by the half used ("eagle (strength 1, doubles)"), quests
with their cost and VP, crew slots are numbered 1-5.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from arbiter.core.texts import Text, joined, plural, term, text
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
from arbiter.games.raiders_of_scythia.state import Plunder
from arbiter.games.raiders_of_scythia.tables import Tables

#: The village buildings (rulebook «ДЕРЕВНЯ»).
BUILDING_NAMES: Final[dict[Building, Text]] = {
    "stables": term("Stables"),
    "barracks": term("Barracks"),
    "silversmith": term("Silversmith"),
    "farm": term("Farm"),
    "chiefs_tent": term("Chief's Tent"),
    "town_centre": term("Town Centre"),
    "meeting_tent": term("Meeting Tent"),
    "market": term("Market"),
}
#: The colours of workers and dice («Синий рабочий», «Красный кубик» ...).
COLOURS: Final[dict[str, Text]] = {
    "blue": term("blue"),
    "grey": term("grey"),
    "red": term("red"),
    "white": term("white"),
    "yellow": term("yellow"),
}
#: The halves of an animal card («Орёл», «Лошадь»).
HALVES: Final[dict[str, Text]] = {"eagle": term("eagle"), "horse": term("horse")}

Counted = Callable[[int], Text]

#: Dice of a colour, counted («1 красный, 2 красных»: the noun follows, agreeing with the last).
DICE_COUNTS: Final[dict[str, Counted]] = {
    "red": lambda n: plural("{count} red", "{count} red", count=n),
    "white": lambda n: plural("{count} white", "{count} white", count=n),
    "yellow": lambda n: plural("{count} yellow", "{count} yellow", count=n),
}

#: Items in the order they are named, each counted («1 повозка, 2 повозки, 5 повозок»).
ITEM_COUNTS: Final[dict[str, Counted]] = {
    "silver": lambda n: plural("{count} silver", "{count} silver", count=n),
    "provisions": lambda n: plural("{count} provision", "{count} provisions", count=n),
    "kumis": lambda n: plural("{count} kumis", "{count} kumis", count=n),
    "cards": lambda n: plural("{count} card", "{count} cards", count=n),
    "vp": lambda n: plural("{count} VP", "{count} VP", count=n),
    "gold": lambda n: plural("{count} gold", "{count} gold", count=n),
    "equipment": lambda n: plural("{count} equipment", "{count} equipment", count=n),
    "wagons": lambda n: plural("{count} wagon", "{count} wagons", count=n),
    "livestock": lambda n: plural("{count} livestock", "{count} livestock", count=n),
}
ITEMS: Final = tuple(ITEM_COUNTS)
PLUNDER: Final[tuple[PlunderKind, ...]] = ("gold", "equipment", "wagons", "livestock")
#: What «if you have the fewest ...» counts.
_FEWEST: Final = {
    "vp": term("VP"),
    "crew": text("hired crew"),
    "silver": term("silver"),
    "cards": text("cards in hand"),
}


# ------------------------------------------------------------------------ names of things


def colour(name: str) -> Text:
    """A worker's or a die's colour, as the rulebook names it."""
    return COLOURS[name]


def wounds_text(n: int) -> Text:
    """``1 wound``, ``2 wounds``."""
    return plural("{count} wound", "{count} wounds", count=n)


def cards_text(n: int) -> Text:
    """``1 card``, ``2 cards``."""
    return ITEM_COUNTS["cards"](n)


def join(parts: Sequence[Text]) -> Text:
    """``a``, ``a and b``, ``a, b and c`` (``parts`` not empty)."""
    if len(parts) == 1:
        return parts[0]
    return text("{rest} and {last}", rest=joined(parts[:-1], ", "), last=parts[-1])


def amounts(pairs: Sequence[tuple[str, int]]) -> Text:
    """``2 silver and 1 wagon`` from (kind, amount) pairs; ``nothing`` if all are 0."""
    parts = [ITEM_COUNTS[kind](n) for kind, n in pairs if n]
    return join(parts) if parts else text("nothing")


def items_text(items: Items) -> Text:
    return amounts([(k, getattr(items, k)) for k in ITEMS])


def plunder_text(p: Plunder) -> Text:
    return amounts([(k, p.of(k)) for k in PLUNDER])


def region_name(t: Tables, region: str) -> Text:
    return term(t.regions[region].name)  # type: ignore[index]


def crew_name(t: Tables, card: str) -> Text:
    return term(t.crew[card].name)


def crew_text(t: Tables, card: str, wounds: int = 0) -> Text:
    """``Conspirator (strength 2)``; ``Gravedigger (strength 3, 1 wound)``."""
    c = t.crew[card]
    if wounds:
        return text(
            "{name} (strength {strength}, {wounds})",
            name=term(c.name),
            strength=c.strength,
            wounds=wounds_text(wounds),
        )
    return text("{name} (strength {strength})", name=term(c.name), strength=c.strength)


def effect_text(effect: PlayEffect) -> Text:
    """What a Play ability (or a hero's) does."""
    if isinstance(effect, Gain):
        return text("gain {items}", items=items_text(effect.gain))
    if isinstance(effect, Exchange):
        return text(
            "spend {pay} for {gain}", pay=items_text(effect.pay), gain=items_text(effect.gain)
        )
    if isinstance(effect, UseBuilding):
        return text("use a building's action")
    if isinstance(effect, AnotherTownCentreAction):
        return text("take another Town Centre action")
    if isinstance(effect, SwapEagleForHorse):
        return text("swap an eagle of yours for a horse of the display")
    if isinstance(effect, Heal):
        return text("remove up to {wounds}", wounds=wounds_text(effect.wounds))
    if isinstance(effect, SwapHiredWithHand):
        return text("swap a hired crew member with a card of your hand")
    assert isinstance(effect, GainIfFewest)
    return text(
        "gain {items} if you have the fewest {what}",
        items=items_text(effect.gain),
        what=_FEWEST[effect.of],
    )


def ability_text(t: Tables, ability: CrewAbility) -> Text:
    """What an ongoing crew ability does."""
    region = None
    if isinstance(ability, RaidGain | RaidStrength | RaidWoundReduction) and ability.region:
        region = region_name(t, ability.region)
    if isinstance(ability, RaidGain):
        items = items_text(ability.gain)
        if region is not None:
            return text("raiding on {region}: {items}", region=region, items=items)
        return text("raiding: {items}", items=items)
    if isinstance(ability, RaidStrength):
        n = ability.amount
        if region is not None and ability.worker:
            return text(
                "+{amount} strength raiding on {region} with a {worker} worker",
                amount=n,
                region=region,
                worker=colour(ability.worker),
            )
        if region is not None:
            return text("+{amount} strength raiding on {region}", amount=n, region=region)
        if ability.worker:
            return text(
                "+{amount} strength raiding with a {worker} worker",
                amount=n,
                worker=colour(ability.worker),
            )
        return text("+{amount} strength raiding", amount=n)
    if isinstance(ability, RaidWoundReduction):
        if region is not None:
            return plural(
                "{count} fewer wound raiding on {region}",
                "{count} fewer wounds raiding on {region}",
                count=ability.amount,
                region=region,
            )
        return plural(
            "{count} fewer wound raiding", "{count} fewer wounds raiding", count=ability.amount
        )
    if isinstance(ability, RaidReroll):
        return plural("reroll up to {count} die", "reroll up to {count} dice", count=ability.dice)
    if isinstance(ability, IfWounded):
        return text("if wounded: {items}", items=items_text(ability.gain))
    assert isinstance(ability, IfKilled)
    return text("if killed: {items}", items=items_text(ability.gain))


def hero_text(t: Tables, hero: str) -> Text:
    """``Tomyris (remove up to 2 wounds)``."""
    h = t.heroes[hero]
    return text("{name} ({ability})", name=term(h.name), ability=effect_text(h.ability))


def _half(half: AnimalHalf, eagle: bool) -> Text:
    parts = [text("strength {strength}", strength=half.strength)] if half.strength else []
    if half.vp:
        parts.append(ITEM_COUNTS["vp"](half.vp))
    if eagle and half.kind == "double":
        parts.append(text("doubles"))
    elif eagle and half.kind == "enable":
        parts.append(text("enables Play"))
    return joined(parts, ", ") if parts else text("no bonus")


def eagle_text(t: Tables, card: str) -> Text:
    """``eagle (strength 1, doubles)``."""
    return text("eagle ({bonus})", bonus=_half(t.animals[card].eagle, True))


def horse_text(t: Tables, card: str) -> Text:
    """``horse (strength 2, 1 VP)``."""
    return text("horse ({bonus})", bonus=_half(t.animals[card].horse, False))


def quest_cost(t: Tables, quest: str) -> Text:
    q = t.quests[quest]
    if q.cost is not None:
        return items_text(q.cost)
    return text("discarding cards of strength {strength}+", strength=q.discard_strength)


def quest_text(t: Tables, quest: str) -> Text:
    """``quest-01 (5 VP for 1 wagon and 3 livestock)``."""
    return text(
        "{quest} ({vp} VP for {cost})",
        quest=quest,
        vp=t.quests[quest].vp,
        cost=quest_cost(t, quest),
    )


def settlement_text(t: Tables, index: int) -> Text:
    """``Greece's greece-west settlement``."""
    st = t.settlements[index]
    return text(
        "{region}'s {settlement} settlement",
        region=region_name(t, st.region),
        settlement=st.id,
    )


def building_offer(building: Building, worker: Colour) -> Text:
    """What a building's action offers a worker of ``worker``'s colour."""
    if building == "stables":
        return text(
            "an eagle for {silver} silver or a horse for {equipment} equipment",
            silver=EAGLE_PRICE,
            equipment=HORSE_PRICE,
        )
    if building == "barracks":
        return text("hire a crew card for its cost, or heal 2 wounds for 1 kumis")
    if building == "silversmith":
        return text(
            "{silver} silver for a {worker} worker",
            silver=silver_of(worker),
            worker=colour(worker),
        )
    if building == "farm":
        if worker == "red":
            return text(
                "{provisions} provisions or 1 wagon for a {worker} worker",
                provisions=provisions_of(worker),
                worker=colour(worker),
            )
        return text(
            "{provisions} provisions for a {worker} worker",
            provisions=provisions_of(worker),
            worker=colour(worker),
        )
    if building == "chiefs_tent":
        return text("complete a quest, or 1 livestock for 2 provisions and 1 kumis")
    if building == "town_centre":
        return text("play a card, your hero's ability or an eagle's")
    if building == "meeting_tent":
        return text("draw 2 crew cards, or 1 and 2 kumis")
    return text("discard 1 card for 2 silver, or 2 for 1 wagon or 1 equipment")


def face_text(strength: int, wounds: int) -> Text:
    """``2 strength and 1 wound``; ``a blank face``."""
    parts = [text("{strength} strength", strength=strength)] if strength else []
    if wounds:
        parts.append(wounds_text(wounds))
    return join(parts) if parts else text("a blank face")


def possessive(name: Text) -> Text:
    """``the Farm's``, ``the Barracks'``."""
    if name.endswith("s"):
        return text("{name}'", name=name)
    return text("{name}'s", name=name)


def slot_text(n: int) -> Text:
    """A crew slot, numbered 1-5."""
    return text("slot {slot}", slot=n + 1)
