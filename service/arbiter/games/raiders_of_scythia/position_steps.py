"""The steps under way of a position (:class:`.position.Step`) and the flow engine's tasks.

:func:`pending_of` is the flow engine's stack a position describes, bottom first, with what the
rules do by themselves added (the end of the turn, the raid's derived tasks) and where in the
position each task comes from; :func:`steps_of` reads the steps back from a stack, refusing
(``position.unexpressible``) a task no step can say.
"""

from __future__ import annotations

from arbiter.core import InvalidState
from arbiter.core.texts import Text, text
from arbiter.games.raiders_of_scythia.position import (
    ActionStep,
    ChooseBuildingStep,
    ChooseSpaceStep,
    DiscardStep,
    DrawCrewStep,
    DrawSchemeStep,
    HealStep,
    HireSlotStep,
    PayQuestStep,
    PickUpStep,
    PlaceAnimalStep,
    RaidersPosition,
    ReturnEagleStep,
    SellStep,
    Step,
    SwapCrewStep,
    SwapHorseStep,
    TurnUpAnimalStep,
    TurnUpQuestStep,
    WoundsStep,
)
from arbiter.games.raiders_of_scythia.position_checks import invalid
from arbiter.games.raiders_of_scythia.state import (
    AssignWounds,
    BuildingAction,
    ChiefTurn,
    ChooseBuilding,
    ChooseHireSlot,
    ChooseKumis,
    ChoosePickUp,
    ChooseReroll,
    ChooseSpace,
    ChooseSwapCrew,
    ChooseSwapHorse,
    ChooseTurn,
    DiscardToLimit,
    Draw,
    EndChiefTurn,
    EndTurn,
    HealWounds,
    PayQuest,
    PlaceAnimal,
    RaidAftermath,
    RaidersState,
    ReturnEagle,
    Roll,
    ScoreRaid,
    SellCards,
    Task,
)
from arbiter.games.raiders_of_scythia.tables import Tables

State = RaidersState
#: Where each task of a stack comes from in the position: a pointer by stack index.
Where = dict[int, str]


def unexpressible(message: Text, pointer: str) -> InvalidState:
    return invalid("position.unexpressible", message, pointer)


# ---------------------------------------------------------------- to the stack


def task_of(step: Step, seat: int, t: Tables) -> Task:
    """The task of the flow engine a step is."""
    if isinstance(step, PickUpStep):
        return ChoosePickUp(seat=seat)
    if isinstance(step, ActionStep):
        return BuildingAction(
            seat=seat, building=step.building, worker=step.worker, source=step.source
        )
    if isinstance(step, PlaceAnimalStep):
        return PlaceAnimal(seat=seat, card=step.card, half=step.half)
    if isinstance(step, HireSlotStep):
        return ChooseHireSlot(seat=seat, card=step.card)
    if isinstance(step, HealStep):
        return HealWounds(seat=seat, left=step.left)
    if isinstance(step, PayQuestStep):
        need = t.quests[step.quest].discard_strength or 0
        return PayQuest(seat=seat, quest=step.quest, need=need, paid=step.paid)
    if isinstance(step, SellStep):
        return SellCards(seat=seat, left=step.left, gain=step.gain)
    if isinstance(step, ChooseBuildingStep):
        return ChooseBuilding(seat=seat, worker=step.worker)
    if isinstance(step, ReturnEagleStep):
        return ReturnEagle(seat=seat)
    if isinstance(step, SwapHorseStep):
        return ChooseSwapHorse(seat=seat, returned=step.returned)
    if isinstance(step, SwapCrewStep):
        return ChooseSwapCrew(seat=seat)
    if isinstance(step, WoundsStep):
        return AssignWounds(seat=seat, left=step.left)
    if isinstance(step, ChooseSpaceStep):
        return ChooseSpace(seat=seat)
    if isinstance(step, DiscardStep):
        return DiscardToLimit(seat=seat)
    if isinstance(step, DrawCrewStep):
        return Draw(deck="crew", to="hand", seat=seat, count=step.count)
    if isinstance(step, TurnUpAnimalStep):
        return Draw(deck="animals", to="display", index=step.position)
    if isinstance(step, TurnUpQuestStep):
        return Draw(deck="quests", to="space_quest", index=t.space_index[step.space])
    assert isinstance(step, DrawSchemeStep)
    return Draw(deck="schemes", to="scheme")


def pending_of(p: RaidersPosition, t: Tables) -> tuple[list[Task], Where]:
    """The flow engine's stack of the position, bottom first, with where each task comes from:
    the end of the turn (or the chief's turn), the raid's derived tasks, the steps."""
    tasks: list[Task] = []
    where: Where = {}

    def add(task: Task, at: str) -> None:
        where[len(tasks)] = at
        tasks.append(task)

    if p.turns_left == 0:
        return tasks, where
    steps = p.steps
    if p.turn == "chief":
        if any(isinstance(x, DrawSchemeStep) for x in steps):
            add(ChiefTurn(), "/turn")
        else:
            add(EndChiefTurn(), "/turn")
        for k in reversed(range(len(steps))):
            add(task_of(steps[k], 0, t), f"/steps/{k}")
        return tasks, where
    seat = p.turn
    add(EndTurn(seat=seat), "/turn")
    r = p.raid
    if r is not None:
        if r.score is None:
            add(RaidAftermath(), "/raid")
            add(ScoreRaid(), "/raid")
            if r.rerolls:
                add(ChooseReroll(seat=seat), "/raid/rerolls")
            if r.rerolling is not None:
                add(Roll(die=r.rerolling), "/raid/rerolling")
            else:
                for i in reversed(range(len(r.dice))):
                    if not r.dice[i].rolled:
                        add(Roll(die=i), f"/raid/dice/{i}")
                if r.kumis is None:
                    add(ChooseKumis(seat=seat), "/raid/kumis")
        elif not any(isinstance(x, ChooseSpaceStep) for x in steps):
            add(RaidAftermath(), "/raid")
    for k in reversed(range(len(steps))):
        add(task_of(steps[k], seat, t), f"/steps/{k}")
    if not steps and r is None and p.this_turn.placed is None:
        add(ChooseTurn(seat=seat), "/turn")
    return tasks, where


# -------------------------------------------------------------- from the stack


def steps_of(s: State, t: Tables) -> tuple[Step, ...]:
    """The steps of the stack, the decision now first; the derived tasks left out."""
    derived = (
        EndTurn,
        RaidAftermath,
        ScoreRaid,
        ChooseReroll,
        Roll,
        ChooseKumis,
        ChooseTurn,
        ChiefTurn,
        EndChiefTurn,
    )
    out: list[Step] = []
    for k in reversed(range(len(s.pending))):
        task = s.pending[k]
        if isinstance(task, derived):
            continue
        out.append(step_of(task, t, k))
    return tuple(out)


def step_of(task: Task, t: Tables, k: int) -> Step:
    if isinstance(task, ChoosePickUp):
        return PickUpStep()
    if isinstance(task, BuildingAction):
        return ActionStep(building=task.building, worker=task.worker, source=task.source)
    if isinstance(task, PlaceAnimal):
        return PlaceAnimalStep(card=task.card, half=task.half)
    if isinstance(task, ChooseHireSlot):
        return HireSlotStep(card=task.card)
    if isinstance(task, HealWounds):
        return HealStep(left=task.left)
    if isinstance(task, PayQuest):
        return PayQuestStep(quest=task.quest, paid=task.paid)
    if isinstance(task, SellCards):
        return SellStep(left=task.left, gain=task.gain)
    if isinstance(task, ChooseBuilding):
        return ChooseBuildingStep(worker=task.worker)
    if isinstance(task, ReturnEagle):
        return ReturnEagleStep()
    if isinstance(task, ChooseSwapHorse):
        return SwapHorseStep(returned=task.returned)
    if isinstance(task, ChooseSwapCrew):
        return SwapCrewStep()
    if isinstance(task, AssignWounds):
        return WoundsStep(left=task.left)
    if isinstance(task, ChooseSpace):
        return ChooseSpaceStep()
    if isinstance(task, DiscardToLimit):
        return DiscardStep()
    if isinstance(task, Draw):
        if task.deck == "crew" and task.to == "hand":
            return DrawCrewStep(count=task.count)
        if task.deck == "animals" and task.to == "display":
            return TurnUpAnimalStep(position=task.index)
        if task.deck == "quests" and task.to == "space_quest":
            return TurnUpQuestStep(space=t.spaces[task.index].id)
        if task.deck == "schemes":
            return DrawSchemeStep()
    raise unexpressible(
        text("{task} cannot be said as a step of a position", task=type(task).__name__),
        f"/pending/{k}",
    )
