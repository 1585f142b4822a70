"""The steps of a position and the engine's task stack, each way.

A position names the decision pending and the steps it is part of in the rulebook's terms
(:mod:`.position`); the engine keeps a stack of tasks (:mod:`.state`, run by :mod:`.flow`). Most
steps are one task each, acting for the seat whose turn it is:

=====================  ============================================================
step                   task
=====================  ============================================================
``move``               ``MoveTask`` (the moving unit: ``Carry``, where the unit stands)
``choose_battle``      ``Battles``
``battle``             ``Battle`` (``dials`` is the stage ``choose``)
``retreat``            ``RetreatTask``
``draw_combat_cards``  ``DrawCombat``
``encounter``          ``EncounterTask`` (two options for Polania: from the faction)
``factory_visit``      ``FactoryChoice``
``take_amount``        ``AmountTask``
``gain``               ``GainTask``
``discard``            ``DiscardTask``
``produce``            ``ProduceTask``
``pay_cost``           ``BottomTask`` at ``pay`` (the action: the section's bottom row)
``take_coins``         ``BottomTask`` at ``coins``
``action_effect``      ``TargetTask``; when not free, on ``BottomTask`` at ``recruits``
``bottom_action_taken``  ``BottomTask`` at ``recruits`` or ``stars``
=====================  ============================================================

What the steps imply is added: the ``AfterMove`` tasks under the battles (factory, encounter,
battles) or under the encounter (factory), and the section's ``BottomTask`` under the effect of
its bottom-row action. The turn-level decisions (choose a section, the top-row or bottom-row
action to take or skip, the end of the turn) are the turn's stage with no task at all.
"""

from __future__ import annotations

from arbiter.core import InvalidState
from arbiter.core.texts import term, text
from arbiter.games.scythe.content import BottomActionName, TopActionName
from arbiter.games.scythe.position import (
    TURN_DECISIONS,
    ActionEffect,
    AfterMoveStage,
    Battle,
    BottomAction,
    BottomActionTaken,
    ChooseBattle,
    ChooseSection,
    Discard,
    DrawCombatCards,
    Encounter,
    EndOfTurn,
    FactoryVisit,
    Gain,
    GameOver,
    MoveAction,
    MovingUnit,
    PayCost,
    Produce,
    Retreat,
    ScythePosition,
    Step,
    TakeAmount,
    TakeCoins,
    TopAction,
    TurnAt,
    UnitRef,
    canon,
)
from arbiter.games.scythe.state import (
    NO_CARGO,
    NO_RESOURCES,
    AfterMove,
    AmountTask,
    Battles,
    BottomTask,
    Carry,
    DiscardTask,
    DrawCombat,
    EncounterTask,
    FactoryChoice,
    GainTask,
    MoveTask,
    Pending,
    ProduceTask,
    RetreatTask,
    ScytheState,
    TargetTask,
)
from arbiter.games.scythe.state import Battle as BattleTask
from arbiter.games.scythe.tables import Tables

#: The turn's stage for each turn-level decision, and back.
STAGES: dict[TurnAt, str] = {
    "choose_section": "section",
    "top_action": "top",
    "bottom_action": "bottom",
    "end_of_turn": "end",
}
TURN_AT: dict[str, TurnAt] = {v: k for k, v in STAGES.items()}
TURN_STEPS: dict[str, Step] = {
    "section": ChooseSection(),
    "top": TopAction(),
    "bottom": BottomAction(),
    "end": EndOfTurn(),
}
#: Steps fought in the battles that follow a Move.
BATTLE_STEPS = (Battle, ChooseBattle, Retreat)


def _bad(code: str, message: str, pointer: str) -> InvalidState:
    return InvalidState(f"scythe.position.{code}", message, pointer)


def steps(position: ScythePosition) -> list[tuple[Step, str]]:
    """Every step of the position with its pointer, outermost first, the decision last."""
    out = [(step, f"/under_way/{i}") for i, step in enumerate(position.under_way)]
    return [*out, (position.decision, "/decision")]


def implied_after_move(all_steps: list[Step]) -> AfterMoveStage | None:
    """What follows a Move that the steps imply: the battles, or the encounter after them."""
    if any(isinstance(x, BATTLE_STEPS) for x in all_steps):
        return "battles"
    if any(isinstance(x, Encounter) for x in all_steps):
        return "encounter"
    return None


def _in_bottom_action(step: Step) -> bool:
    return isinstance(step, PayCost | TakeCoins | BottomActionTaken) or (
        isinstance(step, ActionEffect) and not step.free
    )


def turn_stage(position: ScythePosition) -> str:
    """The engine's ``Turn.stage``: set by a turn-level decision; otherwise ``end`` within the
    bottom-row action (or the Factory card's Move, its bottom row), else ``bottom``."""
    decision = position.decision
    if isinstance(decision, GameOver):
        return STAGES[decision.turn_at]
    for kind, stage in TURN_STEPS.items():
        if type(decision) is type(stage):
            return kind
    all_steps = [x for x, _ in steps(position)]
    if any(_in_bottom_action(x) for x in all_steps):
        return "end"
    moving = bool(position.turn.after_move or implied_after_move(all_steps)) or any(
        isinstance(x, MoveAction | FactoryVisit) for x in all_steps
    )
    return "end" if position.turn.section == "factory" and moving else "bottom"


# ------------------------------------------------------------------------ position -> tasks


def _bottom_action(position: ScythePosition, t: Tables, pointer: str) -> BottomActionName:
    """The bottom-row action under the chosen section of the player mat."""
    section = position.turn.section
    if section is None or section == "factory":
        raise _bad(
            "decision",
            text(
                "{pointer} is part of the bottom-row action of the section chosen on the player mat, and none is chosen",
                pointer=pointer[1:],
            ),
            "/turn/section",
        )
    top: TopActionName = section
    return t.under(position.seats[position.turn.seat].mat, top).name


def _unit_place(position: ScythePosition, seat: int, unit: UnitRef, pointer: str) -> str:
    p = position.seats[seat]
    if unit.kind == "character":
        if unit.index:
            raise _bad("unit", text("the character is index 0"), f"{pointer}/index")
        return p.character
    places = p.mechs if unit.kind == "mech" else p.workers
    if not 0 <= unit.index < len(places):
        raise _bad(
            "unit",
            text(
                "seat {seat} has no {kind} {index} in the position",
                seat=seat,
                kind=term(unit.kind),
                index=unit.index,
            ),
            f"{pointer}/index",
        )
    return places[unit.index]


def _task(position: ScythePosition, t: Tables, step: Step, pointer: str) -> Pending:
    seat = position.turn.seat
    if isinstance(step, MoveAction):
        current = None
        c = step.moving
        if c is not None:
            at = _unit_place(position, seat, c.unit, f"{pointer}/moving/unit")
            current = Carry(
                kind=c.unit.kind,
                index=c.unit.index,
                at=at,
                steps_left=c.steps_left,
                stepped=c.stepped,
                workers=c.workers,
                cargo=c.cargo,
                loaded_here=c.picked_up_here,
                dropped_here=c.dropped_here,
            )
        moved = tuple(f"{u.kind}:{u.index}" for u in step.moved)
        return MoveTask(
            seat=seat, units_left=step.units_left, steps=step.steps, moved=moved, current=current
        )
    if isinstance(step, ChooseBattle):
        return Battles(seat=seat, territories=step.territories)
    if isinstance(step, Battle):
        if (step.stage == "dials") != (step.ability_of is None):
            raise _bad(
                "decision",
                text("ability_of names the seat using Artillery or Scout, and only then"),
                f"{pointer}/ability_of",
            )
        return BattleTask(
            territory=step.territory,
            attacker=step.attacker,
            defender=step.defender,
            stage="choose" if step.stage == "dials" else step.stage,
            acting=-1 if step.ability_of is None else step.ability_of,
            attacker_side=step.attacker_side,
            defender_side=step.defender_side,
        )
    if isinstance(step, Retreat):
        return RetreatTask(
            seat=step.seat,
            territory=step.territory,
            character=step.character,
            mechs=step.mechs,
            workers=step.workers,
        )
    if isinstance(step, DrawCombatCards):
        return DrawCombat(seat=step.seat, count=step.count)
    if isinstance(step, Encounter):
        # how many options («Изворотливость») comes from the faction, not from the position
        return EncounterTask(
            seat=seat, territory=step.territory, card=step.card, chosen=step.chosen
        )
    if isinstance(step, FactoryVisit):
        return FactoryChoice(seat=seat)
    if isinstance(step, TakeAmount):
        return AmountTask(seat=seat, item=step.item, full=step.full, source=step.source)
    if isinstance(step, Gain):
        return GainTask(seat=seat, reward=step.reward, place=step.place, actions_at=step.actions_at)
    if isinstance(step, Discard):
        return DiscardTask(seat=seat, count=step.count)
    if isinstance(step, Produce):
        return ProduceTask(
            seat=seat, territories_left=step.territories_left, mill=step.mill, done=step.done
        )
    if isinstance(step, ActionEffect):
        return TargetTask(seat=seat, action=step.action, free=step.free, place=step.place)
    action = _bottom_action(position, t, pointer)
    if isinstance(step, PayCost):
        return BottomTask(seat=seat, action=action, stage="pay", left=step.left)
    if isinstance(step, TakeCoins):
        return BottomTask(seat=seat, action=action, stage="coins")
    assert isinstance(step, BottomActionTaken)
    if step.next == "recruit_bonuses":
        return BottomTask(seat=seat, action=action, stage="recruits")
    return BottomTask(seat=seat, action=action, stage="stars")


def tasks_of(position: ScythePosition, t: Tables) -> tuple[list[Pending], list[str]]:
    """The task stack of a position (bottom first), with the pointer of the step behind each
    task. The seats and the turn's seat are known to be valid."""
    all_steps = steps(position)
    for step, pointer in all_steps[:-1]:
        if isinstance(step, TURN_DECISIONS):
            raise _bad(
                "decision",
                text(
                    "{step} is the turn's own decision: nothing is under it",
                    step=type(step).__name__,
                ),
                pointer,
            )
    if isinstance(position.decision, TURN_DECISIONS):
        if position.under_way:
            raise _bad(
                "decision",
                text(
                    "nothing is under way while the decision is {decision}",
                    decision=type(position.decision).__name__,
                ),
                "/under_way",
            )
        if position.turn.after_move is not None:
            raise _bad("decision", text("no Move is under way"), "/turn/after_move")
        return [], []
    tasks: list[Pending] = []
    where: list[str] = []
    seat = position.turn.seat
    stage = position.turn.after_move or implied_after_move([x for x, _ in all_steps])
    below = "/turn/after_move" if position.turn.after_move else "/decision"
    if stage is not None:
        tasks.append(AfterMove(seat=seat, stage="factory"))
        if stage == "battles":
            tasks += [
                AfterMove(seat=seat, stage="encounter"),
                AfterMove(seat=seat, stage="battles"),
            ]
        where += [below] * len(tasks)
    for step, pointer in all_steps:
        if isinstance(step, ActionEffect) and not step.free:
            action = _bottom_action(position, t, pointer)
            if step.action != action:
                raise _bad(
                    "decision",
                    text(
                        "the chosen section's bottom-row action is {action}, not {action2}",
                        action=term(action),
                        action2=term(step.action),
                    ),
                    f"{pointer}/action",
                )
            tasks.append(BottomTask(seat=seat, action=action, stage="recruits"))
            where.append(pointer)
        tasks.append(_task(position, t, step, pointer))
        where.append(pointer)
    return tasks, where


# ------------------------------------------------------------------------ tasks -> position


class NotExpressible(Exception):
    """A state whose pending tasks no position describes (a reason for the caller to refuse)."""


def _unit_ref(key: str) -> UnitRef:
    kind, _, index = key.partition(":")
    if kind not in ("character", "mech", "worker") or not index.isdigit():
        raise NotExpressible(text("a moved unit {key!r} is not kind:index", key=key))
    return UnitRef(kind=kind, index=int(index))  # type: ignore[arg-type]


def _step(task: Pending, above: Pending | None) -> Step | None:
    """The step of one task (``None``: implied by the task above it)."""
    if isinstance(task, MoveTask):
        c = task.current
        moving = None
        if c is not None:
            moving = MovingUnit(
                unit=UnitRef(kind=c.kind, index=c.index),
                steps_left=c.steps_left,
                stepped=c.stepped,
                workers=c.workers,
                cargo=canon(c.cargo, NO_RESOURCES),
                picked_up_here=canon(c.loaded_here, NO_CARGO),
                dropped_here=canon(c.dropped_here, NO_CARGO),
            )
        moved = tuple(_unit_ref(x) for x in task.moved)
        return MoveAction(units_left=task.units_left, steps=task.steps, moved=moved, moving=moving)
    if isinstance(task, Battles):
        return ChooseBattle(territories=task.territories)
    if isinstance(task, BattleTask):
        if task.stage not in ("choose", "artillery", "scout"):
            raise NotExpressible(text("a battle at its automatic stage {stage}", stage=task.stage))
        return Battle(
            territory=task.territory,
            attacker=task.attacker,
            defender=task.defender,
            stage="dials" if task.stage == "choose" else task.stage,
            ability_of=None if task.stage == "choose" else task.acting,
            attacker_side=task.attacker_side,
            defender_side=task.defender_side,
        )
    if isinstance(task, RetreatTask):
        return Retreat(
            seat=task.seat,
            territory=task.territory,
            character=task.character,
            mechs=task.mechs,
            workers=task.workers,
        )
    if isinstance(task, DrawCombat):
        return DrawCombatCards(seat=task.seat, count=task.count)
    if isinstance(task, EncounterTask):
        return Encounter(territory=task.territory, card=task.card, chosen=task.chosen)
    if isinstance(task, FactoryChoice):
        return FactoryVisit()
    if isinstance(task, AmountTask):
        return TakeAmount(item=task.item, full=task.full, source=task.source)
    if isinstance(task, GainTask):
        return Gain(reward=task.reward, place=task.place, actions_at=task.actions_at)
    if isinstance(task, DiscardTask):
        return Discard(count=task.count)
    if isinstance(task, ProduceTask):
        return Produce(territories_left=task.territories_left, mill=task.mill, done=task.done)
    if isinstance(task, TargetTask):
        return ActionEffect(action=task.action, free=task.free, place=task.place)
    if isinstance(task, BottomTask):
        if task.stage == "pay":
            return PayCost(left=task.left)
        if task.stage == "coins":
            return TakeCoins()
        if task.stage == "recruits":
            if isinstance(above, TargetTask) and not above.free:
                return None
            return BottomActionTaken(next="recruit_bonuses")
        if task.stage == "stars":
            return BottomActionTaken(next="stars")
    raise NotExpressible(text("the automatic task {task} waits on top", task=type(task).__name__))


def _after_move(tasks: tuple[Pending, ...]) -> AfterMoveStage | None:
    """What follows the Move, by the topmost ``AfterMove`` task (the stages above it are
    done)."""
    marks = [x for x in tasks if isinstance(x, AfterMove)]
    if not marks:
        return None
    stage = marks[-1].stage
    if stage == "battles":
        return "battles"
    if stage == "factory" and len(marks) == 1:
        return "encounter"
    raise NotExpressible(
        text("the automatic step after a Move ({stage}) waits on top", stage=stage)
    )


def steps_of(s: ScytheState) -> tuple[AfterMoveStage | None, tuple[Step, ...], Step]:
    """``turn.after_move`` as a position names it (``None`` when implied), the steps under way
    and the decision of a state in play (raises :class:`NotExpressible`)."""
    if not s.pending:
        return None, (), TURN_STEPS[s.turn.stage]
    out: list[Step] = []
    for i, task in enumerate(s.pending):
        if isinstance(task, AfterMove):
            continue
        above = s.pending[i + 1] if i + 1 < len(s.pending) else None
        step = _step(task, above)
        if step is not None:
            out.append(step)
    if not out:
        raise NotExpressible(text("nothing but automatic steps wait"))
    stage = _after_move(s.pending)
    implied = implied_after_move(out)
    if stage is None and implied is not None:
        raise NotExpressible(text("a battle or an encounter outside what follows a Move"))
    return (None if stage == implied else stage), tuple(out[:-1]), out[-1]
