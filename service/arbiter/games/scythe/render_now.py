"""What a rendered Scythe table says is being decided now (:mod:`.render`): the task on top of
the stack and those under it, the turn's stage -- and the names of seats, cards and amounts the
rest of the text shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from arbiter.core.render import now_lines
from arbiter.core.texts import Text, joined, plural, term, text
from arbiter.games.scythe.encounters import options_allowed
from arbiter.games.scythe.names import (
    AMOUNT_SOURCES,
    BOTTOM_NAMES,
    TOP_NAMES,
    _cost,
    _reward,
    _space,
    carried,
    coins,
    combat_cards,
    faction_name,
    popularity,
    power,
    territories,
    units,
)
from arbiter.games.scythe.state import (
    AfterMove,
    AmountTask,
    Battle,
    Battles,
    BottomTask,
    ChooseFactionTask,
    DealFactory,
    DealObjectives,
    DiscardTask,
    DrawCombat,
    EncounterTask,
    FactoryChoice,
    GainTask,
    MoveTask,
    PlaceStart,
    ProduceTask,
    RetreatTask,
    Section,
    SetupFactions,
    SetupMat,
    SetupTile,
    Side,
    StarCheck,
    StartPlay,
    TargetTask,
)
from arbiter.games.scythe.tables import Tables
from arbiter.games.scythe.view import PlayerView, ScytheView

View = ScytheView


def _faction_id(v: View, seat: int) -> str:
    if 0 <= seat < len(v.players):
        return v.players[seat].faction
    if 0 <= seat < len(v.factions):
        return v.factions[seat]
    return ""


PHASES: Final[dict[str, Text]] = {"setup": text("setup"), "over": text("game over")}
STAGES: Final[dict[str, Text]] = {
    "section": text("chooses a section"),
    "top": text("takes or skips the top-row action"),
    "bottom": text("takes or skips the bottom-row action"),
    "end": text("ends the turn (and may reveal a completed objective)"),
}
AFTER_MOVE: Final[dict[str, Text]] = {
    "battles": text("the battles it started"),
    "encounter": text("the encounter it reached, if any"),
    "factory": text("the Factory card, if it reached the Factory"),
}
BATTLE_STAGES: Final[dict[str, Text]] = {
    "attacker_abilities": text("the attacker's abilities before the reveal"),
    "defender_abilities": text("the defender's abilities before the reveal"),
    "artillery": term("Artillery"),
    "scout": term("Scout"),
    "choose": text("both sides secretly choose power and combat cards"),
}
#: The stages of a bottom-row action being taken.
BOTTOM_STAGES: Final[dict[str, Text]] = {
    "pay": text("pay"),
    "coins": text("coins"),
    "target": text("target"),
    "recruits": text("recruits"),
    "stars": text("stars"),
}
#: How many of a top-row choice's things (``2 units``, ``1 territory``, ``3 power``), by the
#: choice's name.
OPTION_AMOUNTS: Final[dict[str, Callable[[int], Text]]] = {
    "move": units,
    "coins": coins,
    "resources": lambda n: plural("{count} resource", "{count} resources", count=n),
    "popularity": popularity,
    "power": power,
    "combat_cards": combat_cards,
    "produce": territories,
}


def _who(v: View, seat: int) -> Text:
    """``seat 2 (Polania)``; ``seat 2 (Polania, you)`` for the viewer."""
    faction = _faction_id(v, seat)
    you = seat == v.viewer
    if faction and you:
        return text("seat {seat} ({faction}, you)", seat=seat, faction=faction_name(faction))
    if faction:
        return text("seat {seat} ({faction})", seat=seat, faction=faction_name(faction))
    if you:
        return text("seat {seat} (you)", seat=seat)
    return text("seat {seat}", seat=seat)


def _cards(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values)) or text("none")


def _objective(t: Tables, card: int) -> str:
    """``#16 A Wolf Among the Sheep``."""
    objective = t.objectives.get(card)
    return text("#{card} {name}", card=card, name=term(objective.name)) if objective else f"#{card}"


def _amount_of(n: int, what: str) -> Text:
    """``2 units``, ``1 unit``, ``1 territory``, ``3 power`` (``what`` a choice's name, or an item
    of a reward)."""
    said = OPTION_AMOUNTS.get(what)
    return said(n) if said else text("{count} {item}", count=n, item=term(what))


def _section_name(t: Tables, p: PlayerView, section: Section) -> Text:
    if section == "factory":
        return text("the Factory card")
    bottom = BOTTOM_NAMES[t.under(p.mat, section).name]
    return text(
        "the section {section}",
        section=text("{top} / {bottom}", top=TOP_NAMES[section], bottom=bottom),
    )


# ------------------------------------------------------------------------ now

TaskText = Callable[[View, Tables, Any], str]


def _seat_of(v: View, task: Any) -> Text:
    """The task's seat (or player), named."""
    return _who(v, getattr(task, "seat", getattr(task, "player", -1)))


def _move(v: View, t: Tables, task: MoveTask) -> Text:
    said = text(
        "{seat} moves: up to {units}, {territories} each",
        seat=_who(v, task.seat),
        units=plural("{count} more unit", "{count} more units", count=task.units_left),
        territories=territories(task.steps),
    )
    c = task.current
    if c is not None:
        if c.kind == "character":
            unit = text("the character")
        elif c.kind == "mech":
            unit = text("a mech")
        elif c.kind == "worker":
            unit = text("a worker")
        else:
            unit = text("a {unit}", unit=term(c.kind))
        said = text(
            "{move}; moving {unit} on {space}, {steps} left",
            move=said,
            unit=unit,
            space=_space(t, c.at),
            steps=plural("{count} step", "{count} steps", count=c.steps_left),
        )
        cargo = carried(c)
        if cargo:
            said = text("{move}, carrying {cargo}", move=said, cargo=joined(cargo, ", "))
    return said


def _after_move(v: View, t: Tables, task: AfterMove) -> Text:
    return text(
        "after the Move of {seat}: {stage}",
        seat=_who(v, task.seat),
        stage=AFTER_MOVE.get(task.stage, task.stage),
    )


def _battles(v: View, t: Tables, task: Battles) -> Text:
    where = joined([_space(t, x) for x in task.territories], ", ")
    return text("{seat} chooses the next battle: {spaces}", seat=_who(v, task.seat), spaces=where)


def _side(v: View, seat: int, side: Side) -> Text:
    who = _who(v, seat)
    if seat != v.viewer:
        if side.committed:
            return text("{seat} has committed", seat=who)
        return text("{seat} is choosing", seat=who)
    if side.cards:
        chosen = text(
            "power {power}, combat cards {cards}", power=side.power, cards=_cards(side.cards)
        )
    else:
        chosen = text("power {power}", power=side.power)
    if side.committed:
        return text("{seat} has committed {chosen}", seat=who, chosen=chosen)
    return text("{seat} is choosing (so far {chosen})", seat=who, chosen=chosen)


def _battle(v: View, t: Tables, task: Battle) -> Text:
    said = text(
        "battle on {space}: {attacker} attacks {defender}; {stage}",
        space=_space(t, task.territory),
        attacker=_who(v, task.attacker),
        defender=_who(v, task.defender),
        stage=BATTLE_STAGES.get(task.stage, task.stage),
    )
    if task.stage == "choose":
        sides = [
            _side(v, task.attacker, task.attacker_side),
            _side(v, task.defender, task.defender_side),
        ]
        said = text("{battle} ({sides})", battle=said, sides=joined(sides, "; "))
    elif task.acting >= 0:
        said = text("{battle}, {seat} decides", battle=said, seat=_who(v, task.acting))
    return said


def _encounter(v: View, t: Tables, task: EncounterTask) -> Text:
    said = text(
        "{seat} has an encounter on {space}",
        seat=_who(v, task.seat),
        space=_space(t, task.territory),
    )
    card = None if task.card is None else t.encounters.get(task.card)
    if card is None:
        return text("{encounter}: the card is drawn", encounter=said)
    options = joined(
        [
            text("{option}: {reward}", option=i, reward=_reward(o.reward))
            if o.cost.is_free()
            else text(
                "{option}: {reward} for {cost}",
                option=i,
                reward=_reward(o.reward),
                cost=_cost(o.cost),
            )
            for i, o in enumerate(card.options)
        ],
        "; ",
    )
    allowed = options_allowed(t, v.players[task.seat].faction)
    limit = plural("{count} option", "{count} options", count=allowed)
    if task.chosen:
        return text(
            "{encounter}: card {card}, {limit} of {options}, chosen {chosen}",
            encounter=said,
            card=card.id,
            limit=limit,
            options=options,
            chosen=", ".join(map(str, task.chosen)),
        )
    return text(
        "{encounter}: card {card}, {limit} of {options}",
        encounter=said,
        card=card.id,
        limit=limit,
        options=options,
    )


def _gain(v: View, t: Tables, task: GainTask) -> Text:
    who, reward = _who(v, task.seat), _reward(task.reward)
    if task.place:
        return text(
            "{seat} takes the reward {reward} on {space}, or stops",
            seat=who,
            reward=reward,
            space=_space(t, task.place),
        )
    return text("{seat} takes the reward {reward}, or stops", seat=who, reward=reward)


def _amount(v: View, t: Tables, task: AmountTask) -> Text:
    return text(
        "{seat} takes 0 to {amount} from {source}",
        seat=_who(v, task.seat),
        amount=_amount_of(task.full, task.item),
        source=AMOUNT_SOURCES.get(task.source, task.source),
    )


def _produce(v: View, t: Tables, task: ProduceTask) -> Text:
    said = text(
        "{seat} produces on up to {territories}",
        seat=_who(v, task.seat),
        territories=plural(
            "{count} more territory", "{count} more territories", count=task.territories_left
        ),
    )
    if task.mill:
        said = text("{produce} and the Mill's {space}", produce=said, space=_space(t, task.mill))
    if task.done:
        said = text("{produce} (done: {done})", produce=said, done=", ".join(task.done))
    return said


def _bottom(v: View, t: Tables, task: BottomTask) -> Text:
    return text(
        "{seat} takes the bottom-row action {action} ({stage})",
        seat=_who(v, task.seat),
        action=BOTTOM_NAMES[task.action],
        stage=BOTTOM_STAGES.get(task.stage, task.stage),
    )


def _target(v: View, t: Tables, task: TargetTask) -> Text:
    said = text(
        "{seat} chooses the target of {action}",
        seat=_who(v, task.seat),
        action=BOTTOM_NAMES[task.action],
    )
    if task.free:
        said = text("{target} (free)", target=said)
    if task.place:
        said = text("{target} on {space}", target=said, space=_space(t, task.place))
    return said


def _star_check(v: View, t: Tables, task: StarCheck) -> Text:
    return text(
        "stars earned are placed: {seats}",
        seats=joined([_who(v, s) for s in task.seats], ", "),
    )


def _retreat(v: View, t: Tables, task: RetreatTask) -> Text:
    return text(
        "{seat} may retreat the units beaten on {space} onto an adjacent lake",
        seat=_who(v, task.seat),
        space=_space(t, task.territory),
    )


def _count_of(task: Any) -> int:
    count = getattr(task, "count", 0)
    return count if isinstance(count, int) else 0


#: What each pending task says (the tasks of :data:`~.state.Pending`).
TASKS: Final[dict[type[Any], TaskText]] = {
    SetupTile: lambda v, t, task: text("setup: the structure bonus tile is dealt"),
    SetupFactions: lambda v, t, task: text("setup: the factions are dealt"),
    SetupMat: lambda v, t, task: text(
        "setup: a player mat is dealt to {seat}", seat=_seat_of(v, task)
    ),
    ChooseFactionTask: lambda v, t, task: text(
        "{seat} chooses a faction and a player mat", seat=_seat_of(v, task)
    ),
    PlaceStart: lambda v, t, task: text("setup: the pieces are placed"),
    DrawCombat: lambda v, t, task: text(
        "{seat} draws {cards}", seat=_seat_of(v, task), cards=combat_cards(_count_of(task))
    ),
    DealObjectives: lambda v, t, task: text(
        "{seat} is dealt {cards}",
        seat=_seat_of(v, task),
        cards=plural("{count} objective card", "{count} objective cards", count=_count_of(task)),
    ),
    DealFactory: lambda v, t, task: text(
        "setup: {cards} set out face down",
        cards=plural("{count} Factory card", "{count} Factory cards", count=_count_of(task)),
    ),
    StartPlay: lambda v, t, task: text("setup done: the seat with the lowest mat number starts"),
    MoveTask: _move,
    AfterMove: _after_move,
    Battles: _battles,
    Battle: _battle,
    EncounterTask: _encounter,
    DiscardTask: lambda v, t, task: text(
        "{seat} discards {cards} to pay a cost",
        seat=_seat_of(v, task),
        cards=combat_cards(_count_of(task)),
    ),
    GainTask: _gain,
    AmountTask: _amount,
    ProduceTask: _produce,
    BottomTask: _bottom,
    TargetTask: _target,
    StarCheck: _star_check,
    RetreatTask: _retreat,
    FactoryChoice: lambda v, t, task: text("{seat} picks a Factory card", seat=_seat_of(v, task)),
}


def _task(v: View, t: Tables, task: Any) -> str:
    said = TASKS.get(type(task))
    return said(v, t, task) if said else type(task).__name__


def _now(v: View, t: Tables) -> list[str]:
    """What is being decided now, then the tasks waiting under it."""
    if v.phase == "over":
        return now_lines(text("the game is over"), [])
    if v.pending:
        under = [_task(v, t, task) for task in v.pending[-2::-1]]
        lines = now_lines(_task(v, t, v.pending[-1]), under)
    elif v.phase == "play" and 0 <= v.turn.seat < len(v.players):
        turn = v.turn
        p = v.players[turn.seat]
        doing: str = STAGES.get(turn.stage, turn.stage)
        if turn.stage == "section" and p.last_section is not None:
            doing = text(
                "{doing} (not {section}, chosen last turn)",
                doing=doing,
                section=_section_name(t, p, p.last_section),
            )
        elif turn.stage in ("top", "bottom") and turn.section is not None:
            doing = text(
                "{doing} of {section}", doing=doing, section=_section_name(t, p, turn.section)
            )
        lines = now_lines(text("{seat} {doing}", seat=_who(v, turn.seat), doing=doing), [])
    else:
        lines = now_lines(PHASES.get(v.phase, v.phase), [])
    if v.phase == "play" and v.pending and 0 <= v.turn.seat < len(v.players):
        p = v.players[v.turn.seat]
        chosen = v.turn.section
        who = _who(v, v.turn.seat)
        if chosen is None:
            lines.append(text("  in the turn of {seat}", seat=who))
        else:
            lines.append(
                text(
                    "  in the turn of {seat}, {section}",
                    seat=who,
                    section=_section_name(t, p, chosen),
                )
            )
    return lines
