"""The names of Scythe's things, as the move descriptions (:mod:`.describe`) and the rendered
table (:mod:`.render`) say them: the rulebook's action, structure and mech-ability names (terms),
counted things with their plural forms (``1 coin``, ``2 coins``; «1 монета, 2 монеты, 5 монет»),
spaces, seats, rewards and costs, each a :class:`~arbiter.core.texts.Text`.
"""

from __future__ import annotations

from typing import Any, Final

from arbiter.core.texts import Text, joined, plural, term, text
from arbiter.games.scythe.content import (
    RESOURCES,
    BottomActionName,
    Cost,
    MechAbility,
    Reward,
    Structure,
    StructureBonusKind,
    TopActionName,
    TopOptionName,
)
from arbiter.games.scythe.state import PlayerState, ScytheState
from arbiter.games.scythe.tables import Tables

State = ScytheState

TOP_NAMES: Final[dict[TopActionName, Text]] = {
    "move_gain": term("Move"),
    "trade": term("Trade"),
    "bolster": term("Bolster"),
    "produce": term("Produce"),
}
BOTTOM_NAMES: Final[dict[BottomActionName, Text]] = {
    "upgrade": term("Upgrade"),
    "deploy": term("Deploy"),
    "build": term("Build"),
    "enlist": term("Enlist"),
}
#: What one step of a top-row choice counts (for Upgrade: «Bolster's power 2 -> 3»).
OPTION_NAMES: Final[dict[TopOptionName, Text]] = {
    "move": text("units"),
    "coins": text("coins"),
    "resources": text("resources"),
    "popularity": text("popularity"),
    "power": text("power"),
    "combat_cards": text("combat cards"),
    "produce": text("territories"),
}
STRUCTURE_NAMES: Final[dict[Structure, Text]] = {
    "monument": term("Monument"),
    "mill": term("Mill"),
    "mine": term("Mine"),
    "armory": term("Armory"),
}
MECH_ABILITY_NAMES: Final[dict[MechAbility, Text]] = {
    "riverwalk": term("Riverwalk"),
    "speed": term("Speed"),
    "underpass": term("Underpass"),
    "disarm": term("Disarm"),
    "township": term("Township"),
    "peoples_army": term("People's Army"),
    "seaworthy": term("Seaworthy"),
    "artillery": term("Artillery"),
    "wayfare": term("Wayfare"),
    "scout": term("Scout"),
    "submerge": term("Submerge"),
    "camaraderie": term("Camaraderie"),
}
TILE_NAMES: Final[dict[StructureBonusKind, Text]] = {
    "adjacent_tunnels": text("tunnels adjacent to your structures"),
    "adjacent_lakes": text("lakes adjacent to your structures"),
    "adjacent_encounters": text("encounter spaces adjacent to your structures"),
    "on_tunnels": text("your structures on tunnels"),
    "in_a_row": text("your structures in a row"),
    "on_farms_or_tundras": text("your structures on farms or tundras"),
}
ACTION_NAMES: Final[dict[str, Text]] = {k: v for k, v in BOTTOM_NAMES.items()}
AMOUNT_SOURCES: Final[dict[str, Text]] = {
    "bolster": term("Bolster"),
    "trade": term("Trade"),
    "gain": term("Gain"),
    "monument": text("the Monument"),
    "armory": text("the Armory"),
}
#: The units, as a sentence names the one that moves.
UNIT_NAMES: Final[dict[str, Text]] = {
    "character": text("the character"),
    "mech": text("the mech"),
    "worker": text("the worker"),
}


# ------------------------------------------------------------------------ names of things


def coins(n: int) -> Text:
    return plural("{count} coin", "{count} coins", count=n)


def popularity(n: int) -> Text:
    return plural("{count} popularity", "{count} popularity", count=n)


def power(n: int) -> Text:
    return plural("{count} power", "{count} power", count=n)


def combat_cards(n: int) -> Text:
    return plural("{count} combat card", "{count} combat cards", count=n)


def workers(n: int) -> Text:
    return plural("{count} worker", "{count} workers", count=n)


def units(n: int) -> Text:
    return plural("{count} unit", "{count} units", count=n)


def territories(n: int) -> Text:
    return plural("{count} territory", "{count} territories", count=n)


def resource(kind: str, n: int) -> Text:
    """``2 food``, ``1 oil``: a count of one resource (the rulebook's «3 жетона металла»)."""
    if kind == "food":
        return plural("{count} food", "{count} food", count=n)
    if kind == "wood":
        return plural("{count} wood", "{count} wood", count=n)
    if kind == "metal":
        return plural("{count} metal", "{count} metal", count=n)
    if kind == "oil":
        return plural("{count} oil", "{count} oil", count=n)
    return text("{count} {resource}", count=n, resource=term(kind))


def either(choices: list[Text]) -> Text:
    """``a or b or c``."""
    said = choices[0]
    for choice in choices[1:]:
        said = text("{first} or {second}", first=said, second=choice)
    return said


def faction_name(faction: str) -> Text:
    """A faction by its id, as the rulebook names it: ``Polania``."""
    return term(faction.capitalize())


def _faction(s: State, seat: int) -> Text | None:
    if 0 <= seat < len(s.players):
        return faction_name(s.players[seat].faction)
    if 0 <= seat < len(s.factions):
        return faction_name(s.factions[seat])
    return None


def _seat(s: State, seat: int) -> Text:
    """``seat 2 (Polania)`` (the faction once it is known)."""
    faction = _faction(s, seat)
    if faction:
        return text("seat {seat} ({faction})", seat=seat, faction=faction)
    return text("seat {seat}", seat=seat)


def _space(t: Tables, location: str) -> str:
    """``r3c6 (farm)``, ``r2c5 (mountain, tunnel)``, ``r4c3 (the Factory)``, ``the Rusviet home
    base``."""
    owner = t.base_owner.get(location)
    if owner is not None:
        return text("the {faction} home base", faction=faction_name(owner))
    terrain = t.terrain.get(location)
    if terrain is None:
        return location
    what = text("the Factory") if terrain == "factory" else term(terrain)
    if location in t.tunnel:
        return text("{location} ({terrain}, tunnel)", location=location, terrain=what)
    return text("{location} ({terrain})", location=location, terrain=what)


def _reward(r: Reward) -> Text:
    """A reward as a list: ``2 coins, 1 popularity, a free Build``."""
    parts = []
    if r.coins:
        parts.append(coins(r.coins))
    if r.popularity:
        parts.append(popularity(r.popularity))
    if r.power:
        parts.append(power(r.power))
    if r.combat_cards:
        parts.append(combat_cards(r.combat_cards))
    for kind in ("food", "wood", "metal", "oil"):
        n = getattr(r, kind)
        if n:
            parts.append(resource(kind, n))
    if r.any_resources:
        parts.append(
            plural(
                "{count} resource of any type",
                "{count} resources of any type",
                count=r.any_resources,
            )
        )
    if r.workers:
        parts.append(workers(r.workers))
    for action, name in BOTTOM_NAMES.items():
        n = getattr(r, action)
        if n:
            parts.append(plural("a free {action}", "{count} free {action}s", count=n, action=name))
    if r.produce:
        parts.append(text("Produce on {territories}", territories=territories(r.produce)))
    return joined(parts, ", ") if parts else text("nothing")


def _cost(c: Cost) -> Text:
    parts = []
    if c.coins:
        parts.append(coins(c.coins))
    if c.popularity:
        parts.append(popularity(c.popularity))
    if c.power:
        parts.append(power(c.power))
    if c.combat_cards:
        parts.append(combat_cards(c.combat_cards))
    return joined(parts, ", ") if parts else text("nothing")


def _pay_then(c: Cost, effect: Text) -> Text:
    return effect if c.is_free() else text("pay {cost}, {effect}", cost=_cost(c), effect=effect)


def _gain(r: Reward) -> Text:
    return text("gain {reward}", reward=_reward(r))


def _section(t: Tables, p: PlayerState, section: TopActionName) -> Text:
    """``Produce / Build``: the section's top- and bottom-row actions."""
    bottom = BOTTOM_NAMES[t.under(p.mat, section).name]
    return text("{top} / {bottom}", top=TOP_NAMES[section], bottom=bottom)


def _factory_card(t: Tables, card: int | None) -> Text:
    """A Factory card's top action and Move: ``pay 1 popularity: a free Enlist or a free
    Upgrade; Move 1 unit 2 territories``."""
    assert card is not None
    c = t.factory_cards[card]
    choices = either([_reward(r) for r in c.top.choices])
    move = text(
        "Move {units} {territories}",
        units=units(c.bottom.units),
        territories=territories(c.bottom.moves),
    )
    effect = _pay_then(c.top.cost, text("gain {reward}", reward=choices))
    return text("{effect}; {move}", effect=effect, move=move)


def _bottom_name(t: Tables, p: PlayerState, section: TopActionName) -> Text:
    return BOTTOM_NAMES[t.under(p.mat, section).name]


def _unit(kind: str) -> Text:
    return UNIT_NAMES.get(kind) or text("the {unit}", unit=term(kind))


def carried(c: Any) -> list[Text]:
    """What a moving unit carries: ``2 workers``, ``1 oil``."""
    found = [workers(len(c.workers))] if c.workers else []
    return found + [resource(r, c.cargo.of(r)) for r in RESOURCES if c.cargo.of(r)]
