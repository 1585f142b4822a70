"""Why a move is refused: the most specific rule code that applies.

The checks are the same ``*_refusal`` functions the move generation filters with, so
``explain`` and ``generate_moves`` never disagree.
"""

from __future__ import annotations

from typing import Any

from arbiter.core import IllegalMove
from arbiter.core.texts import Text, term, text
from arbiter.games.scythe import (
    bottom_actions,
    bribes,
    combat,
    encounters,
    factory,
    movement,
    objectives,
    rewards,
    setup,
    top_actions,
)
from arbiter.games.scythe.board import refuse, top
from arbiter.games.scythe.moves import (
    CARGO_ITEMS,
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
    Battles,
    BottomTask,
    ChooseFactionTask,
    DiscardTask,
    EncounterTask,
    FactoryChoice,
    GainTask,
    MoveTask,
    ProduceTask,
    RetreatTask,
    ScytheState,
    TargetTask,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState
CHANCE_MOVES = (
    DealStructureTile,
    DealFactions,
    DealMat,
    DrawCombatCard,
    DealObjective,
    DealFactoryCard,
    DrawEncounterCard,
    StealCombatCard,
)
STAGE_ANSWERS: dict[str, tuple[type[Any], ...]] = {
    "section": (ChooseSection,),
    "top": (TakeTopAction, SkipTopAction),
    "bottom": (TakeBottomAction, SkipBottomAction),
    "end": (EndTurn,),
}
#: The stages of the turn, as a refusal names the decision they wait for.
STAGE_NAMES: dict[str, Text] = {
    "section": text("the section of the turn"),
    "top": text("the top of the turn"),
    "bottom": text("the bottom of the turn"),
    "end": text("the end of the turn"),
}
#: The tasks a move may answer, as a refusal names them (their class names in English).
TASK_NAMES: dict[str, Text] = {
    "ChooseFactionTask": text("ChooseFactionTask"),
    "MoveTask": text("MoveTask"),
    "Battles": text("Battles"),
    "EncounterTask": text("EncounterTask"),
    "DiscardTask": text("DiscardTask"),
    "GainTask": text("GainTask"),
    "AmountTask": text("AmountTask"),
    "ProduceTask": text("ProduceTask"),
    "TargetTask": text("TargetTask"),
    "FactoryChoice": text("FactoryChoice"),
    "RetreatTask": text("RetreatTask"),
}
TASK_ANSWERS: dict[type[Any], tuple[type[Any], ...]] = {
    ChooseFactionTask: (ChooseFaction,),
    MoveTask: (SelectUnit, Load, Unload, Step, EndUnitMove, EndMove),
    Battles: (ChooseBattle,),
    EncounterTask: (ChooseEncounterOption, EndEncounter),
    DiscardTask: (DiscardCombatCard,),
    GainTask: (GainOne, StopGaining),
    AmountTask: (TakeAmount,),
    ProduceTask: (Produce, EndProduce),
    TargetTask: (Upgrade, Deploy, Build, Enlist, DeclineAction),
    FactoryChoice: (TakeFactoryCard,),
    RetreatTask: (Retreat,),
}


def explain(s: State, t: Tables, m: Any) -> IllegalMove:
    why = _why(s, t, m)
    if why is not None:
        return why
    return refuse(
        "move.not_legal_now", text("{move} is not a legal move now", move=type(m).__name__)
    )


def _wrong(expected: str) -> IllegalMove:
    return refuse("decision.wrong_move", text("the decision now is: {expected}", expected=expected))


def _why(s: State, t: Tables, m: Any) -> IllegalMove | None:
    if isinstance(m, CHANCE_MOVES):
        return refuse("chance.not_an_outcome", text("that is not an outcome of the pending chance"))
    if isinstance(m, RevealObjective):
        return objectives.refusal(s, t, m)
    if isinstance(m, GiveCoins):
        return bribes.refusal(s, m)
    task = top(s)
    if task is None:
        stage = s.turn.stage
        if not isinstance(m, STAGE_ANSWERS.get(stage, ())):
            return _wrong(STAGE_NAMES.get(stage) or text("the {stage} of the turn", stage=stage))
        if isinstance(m, ChooseSection):
            return top_actions.section_refusal(s, t, m)
        if isinstance(m, TakeTopAction):
            return top_actions.top_refusal(s, t, m)
        if isinstance(m, TakeBottomAction):
            return bottom_actions.bottom_refusal(s, t, m)
        return None
    if isinstance(task, Battle):
        if task.stage == "artillery":
            if not isinstance(m, UseArtillery):
                return _wrong(text("whether to use {artillery}", artillery=term("Artillery")))
            return combat.artillery_refusal(s, task, m)
        if not isinstance(m, AddCombatCard | CommitPower):
            return _wrong(text("combat cards and the power dial"))
        return combat.choice_refusal(s, t, task, m)
    if isinstance(task, BottomTask):
        if task.stage == "coins":
            return None if isinstance(m, TakeCoins) else _wrong(text("taking the coins"))
        if not isinstance(m, PayResource | PayWithCombatCard):
            return _wrong(text("paying the bottom action's resources"))
        return bottom_actions.pay_refusal(s, t, task, m)
    answers = TASK_ANSWERS.get(type(task), ())
    if not isinstance(m, answers):
        name = type(task).__name__
        return _wrong(TASK_NAMES.get(name) or text("{task}", task=name))
    if isinstance(task, ChooseFactionTask):
        return setup.choose_refusal(s, t, m)
    if isinstance(task, MoveTask):
        if isinstance(m, Load | Unload) and m.item not in CARGO_ITEMS:
            return refuse("move.unknown_item", text("{item!r} cannot be carried", item=m.item))
        if isinstance(m, SelectUnit) and m.kind not in ("character", "mech", "worker"):
            return refuse("move.unknown_unit", text("{kind!r} is not a unit", kind=m.kind))
        return movement.refusal(s, t, task, m)
    if isinstance(task, Battles):
        return combat.choose_battle_refusal(task, m)
    if isinstance(task, EncounterTask):
        return encounters.refusal(s, t, task, m)
    if isinstance(task, DiscardTask):
        return rewards.discard_refusal(s, task, m)
    if isinstance(task, GainTask):
        if isinstance(m, StopGaining):
            return None
        if m.item not in (*rewards.SIMPLE_ITEMS, *rewards.RESOURCE_ITEMS, *rewards.ACTION_ITEMS):
            return refuse("gain.unknown_item", text("{item!r} is not a reward", item=m.item))
        return rewards.gain_refusal(s, t, task, m)
    if isinstance(task, AmountTask):
        assert isinstance(m, TakeAmount)
        return rewards.amount_refusal(s, t, task, m)
    if isinstance(task, ProduceTask):
        return None if isinstance(m, EndProduce) else top_actions.produce_refusal(s, t, task, m)
    if isinstance(task, TargetTask):
        if isinstance(m, Build) and m.structure not in bottom_actions.STRUCTURES:
            return refuse(
                "build.unknown_structure",
                text("{structure!r} is not a structure", structure=m.structure),
            )
        return bottom_actions.target_refusal(s, t, task, m)
    if isinstance(task, RetreatTask):
        return combat.retreat_refusal(s, t, task, m)
    assert isinstance(task, FactoryChoice)
    return factory.refusal(s, m)
