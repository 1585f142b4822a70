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
from arbiter.core.texts import Text, joined, plural, term, text
from arbiter.games.scythe.board import factory_card, fighters, has_ability, top
from arbiter.games.scythe.bottom_actions import cost_of
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
from arbiter.games.scythe.names import (
    ACTION_NAMES,
    AMOUNT_SOURCES,
    BOTTOM_NAMES,
    MECH_ABILITY_NAMES,
    OPTION_NAMES,
    STRUCTURE_NAMES,
    TILE_NAMES,
    TOP_NAMES,
    _bottom_name,
    _cost,
    _factory_card,
    _gain,
    _pay_then,
    _reward,
    _seat,
    _section,
    _space,
    _unit,
    carried,
    coins,
    combat_cards,
    faction_name,
    popularity,
    power,
    resource,
    territories,
    units,
    workers,
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
    ProduceTask,
    ScytheState,
    TargetTask,
)
from arbiter.games.scythe.tables import Tables
from arbiter.games.scythe.top_actions import amount, chosen, produce_cost

State = ScytheState


# ------------------------------------------------------------------------ setup and turn


def _choose_faction(s: State, t: Tables, m: ChooseFaction) -> Text:
    f, mat = t.factions[m.faction], t.mats[m.mat]
    return text(
        "Play the {faction} ({character}) on the {mat} mat (number {number})",
        faction=term(f.name),
        character=term(f.character),
        mat=term(mat.name),
        number=mat.number,
    )


def _give_coins(s: State, t: Tables, m: GiveCoins) -> Text:
    return text("Give {coins} to {seat}", coins=coins(m.amount), seat=_seat(s, m.to))


def _choose_section(s: State, t: Tables, m: ChooseSection) -> Text:
    p = s.players[m.seat]
    if m.section == "factory":
        return text(
            "Choose the Factory card {card}: {effect}",
            card=p.factory_card,
            effect=_factory_card(t, p.factory_card),
        )
    mat = t.mats[p.mat]
    return text(
        "Choose the section {section} of the {mat} mat",
        section=_section(t, p, m.section),
        mat=term(mat.name),
    )


def _take_top(s: State, t: Tables, m: TakeTopAction) -> Text:
    p = s.players[m.seat]
    if s.turn.section == "factory":
        card = factory_card(t, p)
        effect = _gain(card.top.choices[m.choice])
        return text(
            "Factory card {card}: {effect}", card=card.id, effect=_pay_then(card.top.cost, effect)
        )
    action = t.top(p.mat, chosen(s))
    option = action.options[m.choice]
    n = amount(p, action.name, m.choice, option)
    built = {b.structure for b in p.structures}
    if option.name == "move":
        return plural(
            "Move up to {count} different unit one territory each",
            "Move up to {count} different units one territory each",
            count=n,
        )
    if option.name == "coins":
        return text("Gain {coins}", coins=coins(n))
    if option.name == "produce":
        where = territories(n)
        cost = produce_cost(p, t)
        if "mill" in built:
            produce = text(
                "Produce on up to {territories} and the Mill's territory", territories=where
            )
        else:
            produce = text("Produce on up to {territories}", territories=where)
        if cost.is_free():
            return produce
        return text("{produce} (pay {cost})", produce=produce, cost=_cost(cost))
    if action.name == "bolster":
        if option.name == "combat_cards":
            effect = text("draw {cards}", cards=combat_cards(n))
        else:
            effect = text(
                "gain {power}", power=power(n) if option.name == "power" else combat_cards(n)
            )
        if "monument" in built:
            effect = text("{effect}; +1 popularity from the Monument", effect=effect)
        return text("Bolster: {effect}", effect=_pay_then(action.cost, effect))
    if option.name == "popularity":
        effect = text("gain {popularity}", popularity=popularity(n))
    else:
        effect = plural(
            "gain {count} resource of any type on a territory with your worker",
            "gain {count} resources of any type on a territory with your worker",
            count=n,
        )
    if "armory" in built:
        effect = text("{effect}; +1 power from the Armory", effect=effect)
    return text("Trade: {effect}", effect=_pay_then(action.cost, effect))


def _skip_top(s: State, t: Tables, m: SkipTopAction) -> Text:
    if s.turn.section == "factory":
        return text("Skip the Factory card's top-row action")
    return text("Skip the top-row action ({action})", action=TOP_NAMES[chosen(s)])


def _take_bottom(s: State, t: Tables, m: TakeBottomAction) -> Text:
    p = s.players[m.seat]
    if s.turn.section == "factory":
        move = factory_card(t, p).bottom
        return text(
            "Take the Factory card's Move: {units} up to {territories}",
            units=units(move.units),
            territories=territories(move.moves),
        )
    bottom = t.under(p.mat, chosen(s))
    cost = cost_of(p, t, bottom.name)
    name = BOTTOM_NAMES[bottom.name]
    pay = (
        text("pay {resources}", resources=resource(bottom.resource, cost))
        if cost > 0
        else text("free")
    )
    if bottom.coins:
        return text(
            "Take the bottom-row action {action} ({pay}, then {coins})",
            action=name,
            pay=pay,
            coins=coins(bottom.coins),
        )
    return text("Take the bottom-row action {action} ({pay})", action=name, pay=pay)


def _skip_bottom(s: State, t: Tables, m: SkipBottomAction) -> Text:
    p = s.players[m.seat]
    if s.turn.section == "factory":
        return text("Skip the Factory card's Move")
    return text("Skip the bottom-row action ({action})", action=_bottom_name(t, p, chosen(s)))


def _end_turn(s: State, t: Tables, m: EndTurn) -> Text:
    return text("End the turn ({seat} plays next)", seat=_seat(s, (m.seat + 1) % s.players_count))


def _reveal_objective(s: State, t: Tables, m: RevealObjective) -> Text:
    return text(
        "Reveal the objective card {card} ({name})",
        card=m.card,
        name=term(t.objectives[m.card].name),
    )


# ------------------------------------------------------------------------ Move


def _moving(s: State) -> MoveTask:
    task = top(s)
    assert isinstance(task, MoveTask)
    return task


def _select_unit(s: State, t: Tables, m: SelectUnit) -> Text:
    task = _moving(s)
    p = s.players[m.seat]
    steps = task.steps + (1 if m.kind != "worker" and has_ability(p, "speed") else 0)
    if m.kind == "character":
        unit = text("the character")
    elif m.kind == "mech":
        unit = text("a mech")
    elif m.kind == "worker":
        unit = text("a worker")
    else:
        unit = text("a {unit}", unit=term(m.kind))
    return text(
        "Select {unit} on {space} to move (up to {territories})",
        unit=unit,
        space=_space(t, m.at),
        territories=territories(steps),
    )


def _cargo_item(item: str) -> Text:
    return text("a worker") if item == "worker" else resource(item, 1)


def _load(s: State, t: Tables, m: Load) -> Text:
    c = _moving(s).current
    assert c is not None
    return text(
        "Pick up {item} with {unit} on {space}",
        item=_cargo_item(m.item),
        unit=_unit(c.kind),
        space=_space(t, c.at),
    )


def _unload(s: State, t: Tables, m: Unload) -> Text:
    c = _moving(s).current
    assert c is not None
    return text(
        "Drop {item} from {unit} on {space}",
        item=_cargo_item(m.item),
        unit=_unit(c.kind),
        space=_space(t, c.at),
    )


def _step(s: State, t: Tables, m: Step) -> Text:
    c = _moving(s).current
    assert c is not None
    said = text(
        "Move {unit} from {start} to {end}",
        unit=_unit(c.kind),
        start=_space(t, c.at),
        end=_space(t, m.to),
    )
    cargo = carried(c)
    if cargo:
        said = text("{move} carrying {cargo}", move=said, cargo=joined(cargo, ", "))
    others = [i for i, q in enumerate(s.players) if i != m.seat]
    if c.kind != "worker":
        foes = [i for i in others if fighters(s.players[i], m.to)]
        held = [i for i in others if m.to in s.players[i].workers]
        if foes:
            said = text("{move}: a battle with {seat}", move=said, seat=_seat(s, foes[0]))
        elif held:
            said = text("{move}: {seat}'s workers there retreat", move=said, seat=_seat(s, held[0]))
    if c.kind == "character" and m.to in s.encounter_tokens:
        said = text("{move}: an encounter", move=said)
    return said


def _end_unit_move(s: State, t: Tables, m: EndUnitMove) -> Text:
    c = _moving(s).current
    assert c is not None
    return text("Stop moving {unit} on {space}", unit=_unit(c.kind), space=_space(t, c.at))


def _end_move(s: State, t: Tables, m: EndMove) -> Text:
    left = _moving(s).units_left
    if left > 0:
        return plural(
            "End the Move action ({count} more unit could move)",
            "End the Move action ({count} more units could move)",
            count=left,
        )
    return text("End the Move action")


# ------------------------------------------------------------------------ combat


def _battle(s: State) -> Battle:
    task = top(s)
    assert isinstance(task, Battle)
    return task


def _opponent(b: Battle, seat: int) -> int:
    return b.defender if seat == b.attacker else b.attacker


def _choose_battle(s: State, t: Tables, m: ChooseBattle) -> Text:
    foe = next(
        (i for i, q in enumerate(s.players) if i != m.seat and fighters(q, m.territory)), None
    )
    space = _space(t, m.territory)
    if foe is not None:
        return text(
            "Fight the battle on {space} against {seat} next", space=space, seat=_seat(s, foe)
        )
    return text("Fight the battle on {space} next", space=space)


def _use_artillery(s: State, t: Tables, m: UseArtillery) -> Text:
    foe = _seat(s, _opponent(_battle(s), m.seat))
    if m.use:
        return text("Use Artillery: pay 1 power so that {seat} loses 2 power", seat=foe)
    return text("Do not use Artillery against {seat}", seat=foe)


def _add_combat_card(s: State, t: Tables, m: AddCombatCard) -> Text:
    return text("Add a combat card of power {value} to the dial", value=m.value)


def _commit_power(s: State, t: Tables, m: CommitPower) -> Text:
    b = _battle(s)
    cards = (b.attacker_side if m.seat == b.attacker else b.defender_side).cards
    total = m.power + sum(cards)
    foe = _seat(s, _opponent(b, m.seat))
    values = ", ".join(map(str, cards))
    if len(cards) == 1:
        return text(
            "Set the power dial to {power} and commit with the combat card {cards}: total {total} against {seat}",
            power=m.power,
            cards=values,
            total=total,
            seat=foe,
        )
    if cards:
        return text(
            "Set the power dial to {power} and commit with combat cards {cards}: total {total} against {seat}",
            power=m.power,
            cards=values,
            total=total,
            seat=foe,
        )
    return text(
        "Set the power dial to {power} and commit: total {total} against {seat}",
        power=m.power,
        total=total,
        seat=foe,
    )


def _retreat(s: State, t: Tables, m: Retreat) -> Text:
    return text("Retreat the beaten units to {space}", space=_space(t, m.to))


def _steal(s: State, t: Tables, m: StealCombatCard) -> Text:
    b = _battle(s)
    thief, victim = _seat(s, b.acting), _seat(s, _opponent(b, b.acting))
    return text(
        "Scout: {thief} takes a combat card of power {value} from {victim}",
        thief=thief,
        value=m.value,
        victim=victim,
    )


# ------------------------------------------------------------------------ costs and rewards


def _discard(s: State, t: Tables, m: DiscardCombatCard) -> Text:
    task = top(s)
    more = task.count - 1 if isinstance(task, DiscardTask) else 0
    if more > 0:
        return text(
            "Discard a combat card of power {value} to pay the cost ({more} more after this)",
            value=m.value,
            more=more,
        )
    return text("Discard a combat card of power {value} to pay the cost", value=m.value)


def _gain_one(s: State, t: Tables, m: GainOne) -> Text:
    task = top(s)
    assert isinstance(task, GainTask)
    where = task.place or m.territory or ""
    at = task.actions_at
    item = m.item
    if item == "coins":
        return text("Take 1 coin of the reward")
    if item == "popularity":
        return text("Take 1 popularity of the reward")
    if item == "power":
        return text("Take 1 power of the reward")
    if item == "combat_cards":
        return text("Draw 1 combat card of the reward")
    if item == "worker":
        return text("Take a worker from your mat onto {space}", space=_space(t, where))
    if item in ("food", "wood", "metal", "oil"):
        return text(
            "Take {resource} onto {space}", resource=resource(item, 1), space=_space(t, where)
        )
    if item == "produce":
        return text("Produce on up to {territories}", territories=territories(task.reward.produce))
    name = ACTION_NAMES.get(item) or term(item)
    if at and item in ("deploy", "build"):
        return text(
            "Take a free {action} on {space} (no cost, no coins)", action=name, space=_space(t, at)
        )
    return text("Take a free {action} (no cost, no coins)", action=name)


def _stop_gaining(s: State, t: Tables, m: StopGaining) -> Text:
    task = top(s)
    if isinstance(task, GainTask):
        return text("Leave the rest of the reward: {reward}", reward=_reward(task.reward))
    return text("Leave the rest of the reward")


def _take_amount(s: State, t: Tables, m: TakeAmount) -> Text:
    task = top(s)
    assert isinstance(task, AmountTask)
    source = AMOUNT_SOURCES.get(task.source) or term(task.source)
    if task.item == "combat_cards":
        return text(
            "Draw {amount} of the {full} from {source}",
            amount=m.amount,
            full=combat_cards(task.full),
            source=source,
        )
    if task.item == "coins":
        full = coins(task.full)
    elif task.item == "power":
        full = power(task.full)
    elif task.item == "popularity":
        full = popularity(task.full)
    else:
        full = text("{count} {item}", count=task.full, item=term(task.item))
    return text(
        "Take {amount} of the {full} from {source}", amount=m.amount, full=full, source=source
    )


def _encounter(s: State) -> EncounterTask:
    task = top(s)
    assert isinstance(task, EncounterTask)
    return task


def _choose_encounter_option(s: State, t: Tables, m: ChooseEncounterOption) -> Text:
    task = _encounter(s)
    option = drawn(t, task).options[m.option]
    return text(
        "Choose option {option} of the encounter card {card}: {effect}",
        option=m.option,
        card=task.card,
        effect=_pay_then(option.cost, _gain(option.reward)),
    )


def _end_encounter(s: State, t: Tables, m: EndEncounter) -> Text:
    return text("End the encounter card {card} after one option", card=_encounter(s).card)


def _produce(s: State, t: Tables, m: Produce) -> Text:
    task = top(s)
    kind = t.content.board.territories[t.index[m.territory]].produces
    what = workers(m.amount) if kind == "worker" else resource(str(kind), m.amount)
    space = _space(t, m.territory)
    if isinstance(task, ProduceTask) and m.territory == task.mill:
        return text("Produce {what} on {space} (with the Mill)", what=what, space=space)
    return text("Produce {what} on {space}", what=what, space=space)


def _end_produce(s: State, t: Tables, m: EndProduce) -> Text:
    return text("End the Produce action")


def _bottom_task(s: State) -> BottomTask:
    task = top(s)
    assert isinstance(task, BottomTask)
    return task


def _paying(s: State, t: Tables, task: BottomTask) -> tuple[Text, str]:
    """The bottom action being paid for and its resource."""
    bottom = t.bottom(s.players[task.seat].mat, task.action)
    name = BOTTOM_NAMES[bottom.name]
    if task.left > 1:
        name = text("{action} ({more} more after this)", action=name, more=task.left - 1)
    return name, bottom.resource


def _pay_resource(s: State, t: Tables, m: PayResource) -> Text:
    action, kind = _paying(s, t, _bottom_task(s))
    return text(
        "Pay {resource} from {space} for {action}",
        resource=resource(kind, 1),
        space=_space(t, m.territory),
        action=action,
    )


def _pay_with_combat_card(s: State, t: Tables, m: PayWithCombatCard) -> Text:
    action, kind = _paying(s, t, _bottom_task(s))
    return text(
        "Coercion: pay a combat card of power {value} as {resource} for {action}",
        value=m.value,
        resource=resource(kind, 1),
        action=action,
    )


def _take_coins(s: State, t: Tables, m: TakeCoins) -> Text:
    task = _bottom_task(s)
    bottom = t.bottom(s.players[task.seat].mat, task.action)
    name = BOTTOM_NAMES[bottom.name]
    if m.take:
        return text("Take the {coins} of {action}", coins=coins(bottom.coins), action=name)
    return text("Refuse the {coins} of {action}", coins=coins(bottom.coins), action=name)


def _upgrade(s: State, t: Tables, m: Upgrade) -> Text:
    p = s.players[m.seat]
    action = t.top(p.mat, m.action)
    option = action.options[m.option]
    to = t.bottom(p.mat, m.to)
    cost = cost_of(p, t, m.to)
    name = term("Gain") if option.name == "coins" else TOP_NAMES[action.name]
    raised = text(
        "{action}'s {what} from {before} to {after}",
        action=name,
        what=OPTION_NAMES[option.name],
        before=option.amount,
        after=option.upgraded,
    )
    lowered = text(
        "{action}'s cost from {before} to {after} {resource}",
        action=BOTTOM_NAMES[to.name],
        before=cost,
        after=cost - 1,
        resource=term(to.resource),
    )
    return text("Upgrade: raise {raised}; lower {lowered}", raised=raised, lowered=lowered)


def _deploy(s: State, t: Tables, m: Deploy) -> Text:
    return text(
        "Deploy the {mech} mech on {space}",
        mech=MECH_ABILITY_NAMES[m.mech],
        space=_space(t, m.territory),
    )


def _build(s: State, t: Tables, m: Build) -> Text:
    return text(
        "Build the {structure} on {space}",
        structure=STRUCTURE_NAMES[m.structure],
        space=_space(t, m.territory),
    )


def _enlist(s: State, t: Tables, m: Enlist) -> Text:
    p = s.players[m.seat]
    bottom = t.bottom(p.mat, m.action)
    once = t.factions[p.faction].recruit_bonuses[m.bonus]
    return text(
        "Enlist the recruit of {action} (ongoing: {ongoing}) on one-time bonus {bonus} ({once})",
        action=BOTTOM_NAMES[bottom.name],
        ongoing=_reward(bottom.recruit_bonus),
        bonus=m.bonus,
        once=_reward(once),
    )


def _decline_action(s: State, t: Tables, m: DeclineAction) -> Text:
    task = top(s)
    assert isinstance(task, TargetTask)
    name = BOTTOM_NAMES[task.action]
    if task.free:
        return text("Decline the free {action}", action=name)
    return text("Do not {action} (the cost stays paid)", action=name)


def _take_factory_card(s: State, t: Tables, m: TakeFactoryCard) -> Text:
    return text(
        "Take the Factory card {card}: {effect}", card=m.card, effect=_factory_card(t, m.card)
    )


# ------------------------------------------------------------------------ chance


def _deal_tile(s: State, t: Tables, m: DealStructureTile) -> Text:
    return text("Deal the structure bonus tile: {tile}", tile=TILE_NAMES[m.tile])


def _deal_factions(s: State, t: Tables, m: DealFactions) -> Text:
    return text(
        "Deal the factions in seating order: {factions}",
        factions=joined([faction_name(f) for f in m.factions], ", "),
    )


def _deal_mat(s: State, t: Tables, m: DealMat) -> Text:
    mat = t.mats[m.mat]
    return text(
        "Deal the {mat} mat (number {number}) to {seat}",
        mat=term(mat.name),
        number=mat.number,
        seat=_seat(s, m.player),
    )


def _draw_combat_card(s: State, t: Tables, m: DrawCombatCard) -> Text:
    task = top(s)
    if isinstance(task, DrawCombat):
        return text(
            "Draw a combat card of power {value} for {seat}",
            value=m.value,
            seat=_seat(s, task.seat),
        )
    return text("Draw a combat card of power {value}", value=m.value)


def _deal_objective(s: State, t: Tables, m: DealObjective) -> Text:
    task = top(s)
    seat = getattr(task, "seat", None)
    name = term(t.objectives[m.card].name)
    if isinstance(seat, int):
        return text(
            "Deal the objective card {card} ({name}) to {seat}",
            card=m.card,
            name=name,
            seat=_seat(s, seat),
        )
    return text("Deal the objective card {card} ({name})", card=m.card, name=name)


def _deal_factory_card(s: State, t: Tables, m: DealFactoryCard) -> Text:
    return text("Set out the Factory card {card} face down", card=m.card)


def _draw_encounter_card(s: State, t: Tables, m: DrawEncounterCard) -> Text:
    task = _encounter(s)
    return text(
        "Draw the encounter card {card} for {seat} on {space}",
        card=m.card,
        seat=_seat(s, task.seat),
        space=_space(t, task.territory),
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
