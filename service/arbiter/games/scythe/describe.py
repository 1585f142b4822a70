"""Readable moves: one short English sentence per legal move, in the rulebook's vocabulary.

:func:`describe_move` answers :meth:`~arbiter.core.Game.describe` for Scythe: one describer per move
type (:data:`DESCRIBERS`, keyed by move class), each naming what the content pack calls things --
territories by id and terrain, home bases by faction, mat sections by their top- and bottom-row
actions, factions, mechs by their ability, encounter, objective and Factory cards by number (and
name), resources by type.

A description is shown only to the seat that may make the move (or to everyone in an open game):
it may name that seat's own combat cards and objectives, never another seat's hidden values. A
chance outcome names no more than the outcome itself carries (the card drawn, the tile dealt).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from arbiter.core.describe import describe_by
from arbiter.games.scythe.board import factory_card, fighters, has_ability, top
from arbiter.games.scythe.bottom_actions import cost_of
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
from arbiter.games.scythe.encounters import drawn
from arbiter.games.scythe.moves import (
    AddCombatCard,
    Build,
    ChooseBattle,
    ChooseEncounterOption,
    ChooseFaction,
    ChooseSection,
    CommitPower,
    DealFactions,
    DealFactoryCard,
    DealMat,
    DealObjective,
    DealStructureTile,
    DeclineAction,
    Deploy,
    DiscardCombatCard,
    DrawCombatCard,
    DrawEncounterCard,
    EndEncounter,
    EndMove,
    EndProduce,
    EndTurn,
    EndUnitMove,
    Enlist,
    GainOne,
    GiveCoins,
    Load,
    PayResource,
    PayWithCombatCard,
    Produce,
    Retreat,
    RevealObjective,
    SelectUnit,
    SkipBottomAction,
    SkipTopAction,
    StealCombatCard,
    Step,
    StopGaining,
    TakeAmount,
    TakeBottomAction,
    TakeCoins,
    TakeFactoryCard,
    TakeTopAction,
    Unload,
    Upgrade,
    UseArtillery,
)
from arbiter.games.scythe.state import (
    AmountTask,
    Battle,
    BottomTask,
    DiscardTask,
    DrawCombat,
    EncounterTask,
    GainTask,
    MoveTask,
    PlayerState,
    ProduceTask,
    ScytheState,
    TargetTask,
)
from arbiter.games.scythe.tables import Tables
from arbiter.games.scythe.top_actions import amount, chosen, produce_cost

State = ScytheState

TOP_NAMES: Final[dict[TopActionName, str]] = {
    "move_gain": "Move",
    "trade": "Trade",
    "bolster": "Bolster",
    "produce": "Produce",
}
BOTTOM_NAMES: Final[dict[BottomActionName, str]] = {
    "upgrade": "Upgrade",
    "deploy": "Deploy",
    "build": "Build",
    "enlist": "Enlist",
}
#: What one step of a top-row choice counts (for Upgrade: «Bolster's power 2 -> 3»).
OPTION_NAMES: Final[dict[TopOptionName, str]] = {
    "move": "units",
    "coins": "coins",
    "resources": "resources",
    "popularity": "popularity",
    "power": "power",
    "combat_cards": "combat cards",
    "produce": "territories",
}
STRUCTURE_NAMES: Final[dict[Structure, str]] = {
    "monument": "Monument",
    "mill": "Mill",
    "mine": "Mine",
    "armory": "Armory",
}
MECH_ABILITY_NAMES: Final[dict[MechAbility, str]] = {
    "riverwalk": "Riverwalk",
    "speed": "Speed",
    "underpass": "Underpass",
    "disarm": "Disarm",
    "township": "Township",
    "peoples_army": "People's Army",
    "seaworthy": "Seaworthy",
    "artillery": "Artillery",
    "wayfare": "Wayfare",
    "scout": "Scout",
    "submerge": "Submerge",
    "camaraderie": "Camaraderie",
}
TILE_NAMES: Final[dict[StructureBonusKind, str]] = {
    "adjacent_tunnels": "tunnels adjacent to your structures",
    "adjacent_lakes": "lakes adjacent to your structures",
    "adjacent_encounters": "encounter spaces adjacent to your structures",
    "on_tunnels": "your structures on tunnels",
    "in_a_row": "your structures in a row",
    "on_farms_or_tundras": "your structures on farms or tundras",
}
ACTION_NAMES: Final[dict[str, str]] = {k: v for k, v in BOTTOM_NAMES.items()}
AMOUNT_SOURCES: Final[dict[str, str]] = {
    "bolster": "Bolster",
    "trade": "Trade",
    "gain": "Gain",
    "monument": "the Monument",
    "armory": "the Armory",
}


# ------------------------------------------------------------------------ names of things


def _count(n: int, singular: str, plural: str | None = None) -> str:
    """``1 coin``, ``2 coins``; uncountable things (power, food) pass ``plural=singular``."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def _faction(s: State, seat: int) -> str:
    if 0 <= seat < len(s.players):
        return s.players[seat].faction.capitalize()
    if 0 <= seat < len(s.factions):
        return s.factions[seat].capitalize()
    return ""


def _seat(s: State, seat: int) -> str:
    """``seat 2 (Polania)`` (the faction once it is known)."""
    faction = _faction(s, seat)
    return f"seat {seat} ({faction})" if faction else f"seat {seat}"


def _space(t: Tables, location: str) -> str:
    """``r3c6 (farm)``, ``r2c5 (mountain, tunnel)``, ``r4c3 (the Factory)``, ``the Rusviet home
    base``."""
    owner = t.base_owner.get(location)
    if owner is not None:
        return f"the {owner.capitalize()} home base"
    terrain = t.terrain.get(location)
    if terrain is None:
        return location
    what = "the Factory" if terrain == "factory" else terrain
    return f"{location} ({what}, tunnel)" if location in t.tunnel else f"{location} ({what})"


def _reward(r: Reward) -> str:
    """A reward as a list: ``2 coins, 1 popularity, a free Build``."""
    parts = []
    if r.coins:
        parts.append(_count(r.coins, "coin"))
    if r.popularity:
        parts.append(f"{r.popularity} popularity")
    if r.power:
        parts.append(f"{r.power} power")
    if r.combat_cards:
        parts.append(_count(r.combat_cards, "combat card"))
    for resource in ("food", "wood", "metal", "oil"):
        n = getattr(r, resource)
        if n:
            parts.append(f"{n} {resource}")
    if r.any_resources:
        parts.append(_count(r.any_resources, "resource") + " of any type")
    if r.workers:
        parts.append(_count(r.workers, "worker"))
    for action, name in BOTTOM_NAMES.items():
        n = getattr(r, action)
        if n:
            parts.append(f"a free {name}" if n == 1 else f"{n} free {name}s")
    if r.produce:
        parts.append(f"Produce on {_count(r.produce, 'territory', 'territories')}")
    return ", ".join(parts) or "nothing"


def _cost(c: Cost) -> str:
    parts = []
    if c.coins:
        parts.append(_count(c.coins, "coin"))
    if c.popularity:
        parts.append(f"{c.popularity} popularity")
    if c.power:
        parts.append(f"{c.power} power")
    if c.combat_cards:
        parts.append(_count(c.combat_cards, "combat card"))
    return ", ".join(parts) or "nothing"


def _pay_then(c: Cost, effect: str) -> str:
    return effect if c.is_free() else f"pay {_cost(c)}, {effect}"


def _section(t: Tables, p: PlayerState, section: TopActionName) -> str:
    """``Produce / Build``: the section's top- and bottom-row actions."""
    return f"{TOP_NAMES[section]} / {BOTTOM_NAMES[t.under(p.mat, section).name]}"


def _factory_card(t: Tables, card: int | None) -> str:
    """A Factory card's top action and Move: ``pay 1 popularity: a free Enlist or a free
    Upgrade; Move 1 unit 2 territories``."""
    assert card is not None
    c = t.factory_cards[card]
    choices = " or ".join(_reward(r) for r in c.top.choices)
    units, steps = c.bottom.units, c.bottom.moves
    move = f"Move {_count(units, 'unit')} {_count(steps, 'territory', 'territories')}"
    return f"{_pay_then(c.top.cost, 'gain ' + choices)}; {move}"


def _bottom_name(t: Tables, p: PlayerState, section: TopActionName) -> str:
    return BOTTOM_NAMES[t.under(p.mat, section).name]


def _unit(kind: str) -> str:
    return "the character" if kind == "character" else f"the {kind}"


# ------------------------------------------------------------------------ setup and turn


def _choose_faction(s: State, t: Tables, m: ChooseFaction) -> str:
    f, mat = t.factions[m.faction], t.mats[m.mat]
    return f"Play the {f.name} ({f.character}) on the {mat.name} mat (number {mat.number})"


def _give_coins(s: State, t: Tables, m: GiveCoins) -> str:
    return f"Give {_count(m.amount, 'coin')} to {_seat(s, m.to)}"


def _choose_section(s: State, t: Tables, m: ChooseSection) -> str:
    p = s.players[m.seat]
    if m.section == "factory":
        return f"Choose the Factory card {p.factory_card}: {_factory_card(t, p.factory_card)}"
    mat = t.mats[p.mat]
    return f"Choose the section {_section(t, p, m.section)} of the {mat.name} mat"


def _take_top(s: State, t: Tables, m: TakeTopAction) -> str:
    p = s.players[m.seat]
    if s.turn.section == "factory":
        card = factory_card(t, p)
        effect = "gain " + _reward(card.top.choices[m.choice])
        return f"Factory card {card.id}: {_pay_then(card.top.cost, effect)}"
    action = t.top(p.mat, chosen(s))
    option = action.options[m.choice]
    n = amount(p, action.name, m.choice, option)
    built = {b.structure for b in p.structures}
    if option.name == "move":
        return f"Move up to {_count(n, 'different unit')} one territory each"
    if option.name == "coins":
        return f"Gain {_count(n, 'coin')}"
    if option.name == "produce":
        where = _count(n, "territory", "territories")
        mill = " and the Mill's territory" if "mill" in built else ""
        cost = produce_cost(p, t)
        pay = "" if cost.is_free() else f" (pay {_cost(cost)})"
        return f"Produce on up to {where}{mill}{pay}"
    if action.name == "bolster":
        gain = f"{n} power" if option.name == "power" else _count(n, "combat card")
        effect = ("draw " if option.name == "combat_cards" else "gain ") + gain
        if "monument" in built:
            effect += "; +1 popularity from the Monument"
        return f"Bolster: {_pay_then(action.cost, effect)}"
    if option.name == "popularity":
        effect = f"gain {n} popularity"
    else:
        effect = f"gain {_count(n, 'resource')} of any type on a territory with your worker"
    if "armory" in built:
        effect += "; +1 power from the Armory"
    return f"Trade: {_pay_then(action.cost, effect)}"


def _skip_top(s: State, t: Tables, m: SkipTopAction) -> str:
    if s.turn.section == "factory":
        return "Skip the Factory card's top-row action"
    return f"Skip the top-row action ({TOP_NAMES[chosen(s)]})"


def _take_bottom(s: State, t: Tables, m: TakeBottomAction) -> str:
    p = s.players[m.seat]
    if s.turn.section == "factory":
        move = factory_card(t, p).bottom
        units, steps = _count(move.units, "unit"), _count(move.moves, "territory", "territories")
        return f"Take the Factory card's Move: {units} up to {steps}"
    bottom = t.under(p.mat, chosen(s))
    cost = cost_of(p, t, bottom.name)
    pay = f"pay {cost} {bottom.resource}" if cost > 0 else "free"
    coins = f", then {_count(bottom.coins, 'coin')}" if bottom.coins else ""
    return f"Take the bottom-row action {BOTTOM_NAMES[bottom.name]} ({pay}{coins})"


def _skip_bottom(s: State, t: Tables, m: SkipBottomAction) -> str:
    p = s.players[m.seat]
    if s.turn.section == "factory":
        return "Skip the Factory card's Move"
    return f"Skip the bottom-row action ({_bottom_name(t, p, chosen(s))})"


def _end_turn(s: State, t: Tables, m: EndTurn) -> str:
    return f"End the turn ({_seat(s, (m.seat + 1) % s.players_count)} plays next)"


def _reveal_objective(s: State, t: Tables, m: RevealObjective) -> str:
    return f"Reveal the objective card {m.card} ({t.objectives[m.card].name})"


# ------------------------------------------------------------------------ Move


def _moving(s: State) -> MoveTask:
    task = top(s)
    assert isinstance(task, MoveTask)
    return task


def _select_unit(s: State, t: Tables, m: SelectUnit) -> str:
    task = _moving(s)
    p = s.players[m.seat]
    steps = task.steps + (1 if m.kind != "worker" and has_ability(p, "speed") else 0)
    unit = "the character" if m.kind == "character" else f"a {m.kind}"
    reach = _count(steps, "territory", "territories")
    return f"Select {unit} on {_space(t, m.at)} to move (up to {reach})"


def _cargo_item(item: str) -> str:
    return "a worker" if item == "worker" else f"1 {item}"


def _load(s: State, t: Tables, m: Load) -> str:
    c = _moving(s).current
    assert c is not None
    return f"Pick up {_cargo_item(m.item)} with {_unit(c.kind)} on {_space(t, c.at)}"


def _unload(s: State, t: Tables, m: Unload) -> str:
    c = _moving(s).current
    assert c is not None
    return f"Drop {_cargo_item(m.item)} from {_unit(c.kind)} on {_space(t, c.at)}"


def _step(s: State, t: Tables, m: Step) -> str:
    c = _moving(s).current
    assert c is not None
    text = f"Move {_unit(c.kind)} from {_space(t, c.at)} to {_space(t, m.to)}"
    carried = []
    if c.workers:
        carried.append(_count(len(c.workers), "worker"))
    carried += [f"{c.cargo.of(r)} {r}" for r in RESOURCES if c.cargo.of(r)]
    if carried:
        text += " carrying " + ", ".join(carried)
    others = [i for i, q in enumerate(s.players) if i != m.seat]
    if c.kind != "worker":
        foes = [i for i in others if fighters(s.players[i], m.to)]
        workers = [i for i in others if m.to in s.players[i].workers]
        if foes:
            text += f": a battle with {_seat(s, foes[0])}"
        elif workers:
            text += f": {_seat(s, workers[0])}'s workers there retreat"
    if c.kind == "character" and m.to in s.encounter_tokens:
        text += ": an encounter"
    return text


def _end_unit_move(s: State, t: Tables, m: EndUnitMove) -> str:
    c = _moving(s).current
    assert c is not None
    return f"Stop moving {_unit(c.kind)} on {_space(t, c.at)}"


def _end_move(s: State, t: Tables, m: EndMove) -> str:
    left = _moving(s).units_left
    more = f" ({_count(left, 'more unit')} could move)" if left > 0 else ""
    return "End the Move action" + more


# ------------------------------------------------------------------------ combat


def _battle(s: State) -> Battle:
    task = top(s)
    assert isinstance(task, Battle)
    return task


def _opponent(b: Battle, seat: int) -> int:
    return b.defender if seat == b.attacker else b.attacker


def _choose_battle(s: State, t: Tables, m: ChooseBattle) -> str:
    foe = next(
        (i for i, q in enumerate(s.players) if i != m.seat and fighters(q, m.territory)), None
    )
    against = f" against {_seat(s, foe)}" if foe is not None else ""
    return f"Fight the battle on {_space(t, m.territory)}{against} next"


def _use_artillery(s: State, t: Tables, m: UseArtillery) -> str:
    foe = _seat(s, _opponent(_battle(s), m.seat))
    if m.use:
        return f"Use Artillery: pay 1 power so that {foe} loses 2 power"
    return f"Do not use Artillery against {foe}"


def _add_combat_card(s: State, t: Tables, m: AddCombatCard) -> str:
    return f"Add a combat card of power {m.value} to the dial"


def _commit_power(s: State, t: Tables, m: CommitPower) -> str:
    b = _battle(s)
    cards = (b.attacker_side if m.seat == b.attacker else b.defender_side).cards
    kind = "the combat card" if len(cards) == 1 else "combat cards"
    with_cards = f" with {kind} {', '.join(map(str, cards))}" if cards else ""
    total = m.power + sum(cards)
    foe = _seat(s, _opponent(b, m.seat))
    return f"Set the power dial to {m.power} and commit{with_cards}: total {total} against {foe}"


def _retreat(s: State, t: Tables, m: Retreat) -> str:
    return f"Retreat the beaten units to {_space(t, m.to)}"


def _steal(s: State, t: Tables, m: StealCombatCard) -> str:
    b = _battle(s)
    thief, victim = _seat(s, b.acting), _seat(s, _opponent(b, b.acting))
    return f"Scout: {thief} takes a combat card of power {m.value} from {victim}"


# ------------------------------------------------------------------------ costs and rewards


def _discard(s: State, t: Tables, m: DiscardCombatCard) -> str:
    task = top(s)
    more = task.count - 1 if isinstance(task, DiscardTask) else 0
    after = f" ({more} more after this)" if more > 0 else ""
    return f"Discard a combat card of power {m.value} to pay the cost{after}"


def _gain_one(s: State, t: Tables, m: GainOne) -> str:
    task = top(s)
    assert isinstance(task, GainTask)
    where = task.place or m.territory or ""
    at = task.actions_at
    item = m.item
    if item == "coins":
        return "Take 1 coin of the reward"
    if item in ("popularity", "power"):
        return f"Take 1 {item} of the reward"
    if item == "combat_cards":
        return "Draw 1 combat card of the reward"
    if item == "worker":
        return f"Take a worker from your mat onto {_space(t, where)}"
    if item in ("food", "wood", "metal", "oil"):
        return f"Take 1 {item} onto {_space(t, where)}"
    if item == "produce":
        return f"Produce on up to {_count(task.reward.produce, 'territory', 'territories')}"
    name = ACTION_NAMES.get(item, item)
    on = f" on {_space(t, at)}" if at and item in ("deploy", "build") else ""
    return f"Take a free {name}{on} (no cost, no coins)"


def _stop_gaining(s: State, t: Tables, m: StopGaining) -> str:
    task = top(s)
    rest = f": {_reward(task.reward)}" if isinstance(task, GainTask) else ""
    return f"Leave the rest of the reward{rest}"


def _take_amount(s: State, t: Tables, m: TakeAmount) -> str:
    task = top(s)
    assert isinstance(task, AmountTask)
    source = AMOUNT_SOURCES.get(task.source, task.source)
    if task.item == "combat_cards":
        return f"Draw {m.amount} of the {_count(task.full, 'combat card')} from {source}"
    full = _count(task.full, "coin") if task.item == "coins" else f"{task.full} {task.item}"
    return f"Take {m.amount} of the {full} from {source}"


def _encounter(s: State) -> EncounterTask:
    task = top(s)
    assert isinstance(task, EncounterTask)
    return task


def _choose_encounter_option(s: State, t: Tables, m: ChooseEncounterOption) -> str:
    task = _encounter(s)
    option = drawn(t, task).options[m.option]
    effect = _pay_then(option.cost, "gain " + _reward(option.reward))
    return f"Choose option {m.option} of the encounter card {task.card}: {effect}"


def _end_encounter(s: State, t: Tables, m: EndEncounter) -> str:
    return f"End the encounter card {_encounter(s).card} after one option"


def _produce(s: State, t: Tables, m: Produce) -> str:
    task = top(s)
    kind = t.content.board.territories[t.index[m.territory]].produces
    what = _count(m.amount, "worker") if kind == "worker" else f"{m.amount} {kind}"
    mill = isinstance(task, ProduceTask) and m.territory == task.mill
    return f"Produce {what} on {_space(t, m.territory)}" + (" (with the Mill)" if mill else "")


def _end_produce(s: State, t: Tables, m: EndProduce) -> str:
    return "End the Produce action"


def _bottom_task(s: State) -> BottomTask:
    task = top(s)
    assert isinstance(task, BottomTask)
    return task


def _paying(s: State, t: Tables, task: BottomTask) -> tuple[str, str]:
    """The bottom action being paid for and its resource."""
    bottom = t.bottom(s.players[task.seat].mat, task.action)
    more = f" ({task.left - 1} more after this)" if task.left > 1 else ""
    return BOTTOM_NAMES[bottom.name] + more, bottom.resource


def _pay_resource(s: State, t: Tables, m: PayResource) -> str:
    action, resource = _paying(s, t, _bottom_task(s))
    return f"Pay 1 {resource} from {_space(t, m.territory)} for {action}"


def _pay_with_combat_card(s: State, t: Tables, m: PayWithCombatCard) -> str:
    action, resource = _paying(s, t, _bottom_task(s))
    return f"Coercion: pay a combat card of power {m.value} as 1 {resource} for {action}"


def _take_coins(s: State, t: Tables, m: TakeCoins) -> str:
    task = _bottom_task(s)
    bottom = t.bottom(s.players[task.seat].mat, task.action)
    verb = "Take" if m.take else "Refuse"
    return f"{verb} the {_count(bottom.coins, 'coin')} of {BOTTOM_NAMES[bottom.name]}"


def _upgrade(s: State, t: Tables, m: Upgrade) -> str:
    p = s.players[m.seat]
    action = t.top(p.mat, m.action)
    option = action.options[m.option]
    to = t.bottom(p.mat, m.to)
    cost = cost_of(p, t, m.to)
    name = "Gain" if option.name == "coins" else TOP_NAMES[action.name]
    raised = f"{name}'s {OPTION_NAMES[option.name]} from {option.amount} to {option.upgraded}"
    lowered = f"{BOTTOM_NAMES[to.name]}'s cost from {cost} to {cost - 1} {to.resource}"
    return f"Upgrade: raise {raised}; lower {lowered}"


def _deploy(s: State, t: Tables, m: Deploy) -> str:
    return f"Deploy the {MECH_ABILITY_NAMES[m.mech]} mech on {_space(t, m.territory)}"


def _build(s: State, t: Tables, m: Build) -> str:
    return f"Build the {STRUCTURE_NAMES[m.structure]} on {_space(t, m.territory)}"


def _enlist(s: State, t: Tables, m: Enlist) -> str:
    p = s.players[m.seat]
    bottom = t.bottom(p.mat, m.action)
    once = t.factions[p.faction].recruit_bonuses[m.bonus]
    ongoing = _reward(bottom.recruit_bonus)
    return (
        f"Enlist the recruit of {BOTTOM_NAMES[bottom.name]} (ongoing: {ongoing}) "
        f"on one-time bonus {m.bonus} ({_reward(once)})"
    )


def _decline_action(s: State, t: Tables, m: DeclineAction) -> str:
    task = top(s)
    assert isinstance(task, TargetTask)
    name = BOTTOM_NAMES[task.action]
    return f"Decline the free {name}" if task.free else f"Do not {name} (the cost stays paid)"


def _take_factory_card(s: State, t: Tables, m: TakeFactoryCard) -> str:
    return f"Take the Factory card {m.card}: {_factory_card(t, m.card)}"


# ------------------------------------------------------------------------ chance


def _deal_tile(s: State, t: Tables, m: DealStructureTile) -> str:
    return f"Deal the structure bonus tile: {TILE_NAMES[m.tile]}"


def _deal_factions(s: State, t: Tables, m: DealFactions) -> str:
    return "Deal the factions in seating order: " + ", ".join(f.capitalize() for f in m.factions)


def _deal_mat(s: State, t: Tables, m: DealMat) -> str:
    mat = t.mats[m.mat]
    return f"Deal the {mat.name} mat (number {mat.number}) to {_seat(s, m.player)}"


def _draw_combat_card(s: State, t: Tables, m: DrawCombatCard) -> str:
    task = top(s)
    to = f" for {_seat(s, task.seat)}" if isinstance(task, DrawCombat) else ""
    return f"Draw a combat card of power {m.value}{to}"


def _deal_objective(s: State, t: Tables, m: DealObjective) -> str:
    task = top(s)
    seat = getattr(task, "seat", None)
    to = f" to {_seat(s, seat)}" if isinstance(seat, int) else ""
    return f"Deal the objective card {m.card} ({t.objectives[m.card].name}){to}"


def _deal_factory_card(s: State, t: Tables, m: DealFactoryCard) -> str:
    return f"Set out the Factory card {m.card} face down"


def _draw_encounter_card(s: State, t: Tables, m: DrawEncounterCard) -> str:
    task = _encounter(s)
    return (
        f"Draw the encounter card {m.card} for {_seat(s, task.seat)} on {_space(t, task.territory)}"
    )


Describer = Callable[[State, Tables, Any], str]

#: One describer per move type of :data:`~.moves.ScytheMove`.
DESCRIBERS: Final[dict[type[Any], Describer]] = {
    ChooseFaction: _choose_faction,
    GiveCoins: _give_coins,
    ChooseSection: _choose_section,
    TakeTopAction: _take_top,
    SkipTopAction: _skip_top,
    TakeBottomAction: _take_bottom,
    SkipBottomAction: _skip_bottom,
    EndTurn: _end_turn,
    RevealObjective: _reveal_objective,
    SelectUnit: _select_unit,
    Load: _load,
    Unload: _unload,
    Step: _step,
    EndUnitMove: _end_unit_move,
    EndMove: _end_move,
    ChooseBattle: _choose_battle,
    UseArtillery: _use_artillery,
    AddCombatCard: _add_combat_card,
    CommitPower: _commit_power,
    Retreat: _retreat,
    DiscardCombatCard: _discard,
    GainOne: _gain_one,
    StopGaining: _stop_gaining,
    TakeAmount: _take_amount,
    ChooseEncounterOption: _choose_encounter_option,
    EndEncounter: _end_encounter,
    Produce: _produce,
    EndProduce: _end_produce,
    PayResource: _pay_resource,
    PayWithCombatCard: _pay_with_combat_card,
    TakeCoins: _take_coins,
    Upgrade: _upgrade,
    Deploy: _deploy,
    Build: _build,
    Enlist: _enlist,
    DeclineAction: _decline_action,
    TakeFactoryCard: _take_factory_card,
    DealStructureTile: _deal_tile,
    DealFactions: _deal_factions,
    DealMat: _deal_mat,
    DrawCombatCard: _draw_combat_card,
    DealObjective: _deal_objective,
    DealFactoryCard: _deal_factory_card,
    DrawEncounterCard: _draw_encounter_card,
    StealCombatCard: _steal,
}


def describe_move(s: State, t: Tables, move: Any) -> str:
    """What ``move`` does in ``s``, in one line (:func:`arbiter.core.describe.describe_by`)."""
    return describe_by(DESCRIBERS, s, t, move)
