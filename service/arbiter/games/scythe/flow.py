"""The flow engine: who acts, the legal moves of the pending decision, and applying a move.

After every move :func:`advance` runs the automatic tasks of the ``pending`` stack (placing the
pieces, the stages of a bottom action, the abilities before a battle, the reveal, star checks,
the end of a turn) and drops decisions that have nothing left to decide, until a player or chance
must decide or the game is over. Stars the active player earns are placed whenever the flow
stops for a decision, except inside a bottom-row action, whose stars come after its reward, coins
and recruit bonuses («Крайние случаи»).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import CHANCE, Actor, ChanceOutcome, Event
from arbiter.core.lastcall import last_answer
from arbiter.games.scythe import (
    bottom_actions,
    bribes,
    combat,
    encounters,
    factory,
    ledger,
    movement,
    objectives,
    rewards,
    setup,
    stars,
    top_actions,
)
from arbiter.games.scythe.board import pop, replace_top, top, update_player
from arbiter.games.scythe.moves import (
    AddCombatCard,
    ChooseBattle,
    ChooseEncounterOption,
    ChooseFaction,
    ChooseSection,
    CommitPower,
    DiscardCombatCard,
    DrawEncounterCard,
    EndEncounter,
    EndProduce,
    EndTurn,
    GainOne,
    GiveCoins,
    PayResource,
    PayWithCombatCard,
    Produce,
    Retreat,
    RevealObjective,
    SkipBottomAction,
    SkipTopAction,
    StealCombatCard,
    StopGaining,
    TakeAmount,
    TakeBottomAction,
    TakeCoins,
    TakeFactoryCard,
    TakeTopAction,
    UseArtillery,
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
    ScytheState,
    SetupFactions,
    SetupMat,
    SetupTile,
    StarCheck,
    StartPlay,
    TargetTask,
    Turn,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState
CHANCE_TASKS = (SetupTile, SetupFactions, SetupMat, DrawCombat, DealObjectives, DealFactory)


# ------------------------------------------------------------------------ who acts


@last_answer  # a decision asks it several times of one state
def to_act(s: State) -> tuple[Actor, ...]:
    if s.phase == "over":
        return ()
    task = top(s)
    if task is None:
        return (s.turn.seat,)
    if isinstance(task, CHANCE_TASKS):
        return (CHANCE,)
    if isinstance(task, EncounterTask):
        return (CHANCE,) if task.card is None else (task.seat,)
    if isinstance(task, Battle):
        if task.stage == "scout":
            return (CHANCE,)
        if task.stage == "artillery":
            return (task.acting,)
        return combat.choosing(task)
    seat: int = getattr(task, "seat")  # noqa: B009 - every decision task names its seat
    return (seat,)


def chance_outcomes(s: State, t: Tables) -> list[ChanceOutcome]:
    task = top(s)
    if task is None or CHANCE not in to_act(s):
        return []
    if isinstance(task, EncounterTask):
        return [ChanceOutcome(m, 1) for m in encounters.draw_outcomes(s)]
    if isinstance(task, Battle):
        return [
            ChanceOutcome(StealCombatCard(value=v), n) for v, n in combat.scout_weights(s, task)
        ]
    return setup.outcomes(s, t, task)


# ------------------------------------------------------------------------ legal moves


def task_moves(s: State, t: Tables, actor: int) -> list[Any]:
    """The moves answering the pending decision (objective reveals aside)."""
    task = top(s)
    if task is None:
        stage = s.turn.stage
        if stage == "section":
            return top_actions.section_moves(s, t, actor)
        if stage == "top":
            return top_actions.top_moves(s, t, actor)
        if stage == "end":
            return [EndTurn(seat=actor)]
        return bottom_actions.bottom_moves(s, t, actor)
    if isinstance(task, ChooseFactionTask):
        return setup.choose_moves(s, t, task)
    if isinstance(task, MoveTask):
        return movement.moves(s, t, task)
    if isinstance(task, Battles):
        return [ChooseBattle(seat=task.seat, territory=x) for x in task.territories]
    if isinstance(task, Battle):
        if task.stage == "artillery":
            return [UseArtillery(seat=actor, use=u) for u in (True, False)]
        return combat.choice_moves(s, t, task, actor)
    if isinstance(task, EncounterTask):
        return encounters.moves(s, t, task)
    if isinstance(task, DiscardTask):
        return rewards.discard_moves(s, task)
    if isinstance(task, GainTask):
        return rewards.gain_moves(s, t, task)
    if isinstance(task, AmountTask):
        return rewards.amount_moves(s, t, task)
    if isinstance(task, ProduceTask):
        return top_actions.produce_moves(s, t, task)
    if isinstance(task, BottomTask):
        if task.stage == "pay":
            return bottom_actions.pay_moves(s, t, task)
        return [TakeCoins(seat=task.seat, take=x) for x in (True, False)]
    if isinstance(task, TargetTask):
        return bottom_actions.target_moves(s, t, task)
    if isinstance(task, FactoryChoice):
        return factory.moves(s, task)
    if isinstance(task, RetreatTask):
        return combat.retreat_moves(s, t, task)
    return []


def generate_moves(s: State, t: Tables, actor: Actor) -> list[Any]:
    if actor == CHANCE:
        return [o.move for o in chance_outcomes(s, t)]
    if actor not in to_act(s):
        return []
    out = task_moves(s, t, actor)
    if actor == s.turn.seat and s.phase == "play":
        out.extend(objectives.moves(s, t, actor))
    return out


def candidate_moves(s: State, t: Tables, actor: int, move: Any) -> list[Any]:
    """The part of :func:`generate_moves` a move of this type can be in: an objective reveal
    among the reveals, anything else among the pending decision's answers."""
    if isinstance(move, RevealObjective):
        if actor == s.turn.seat and s.phase == "play":
            return objectives.moves(s, t, actor)
        return []
    return task_moves(s, t, actor)


# ------------------------------------------------------------------------ applying


def perform(s: State, t: Tables, move: Any) -> tuple[State, list[Event]]:
    events: list[Event] = []
    after = _apply(s, t, move, events)
    ledger.record(s, after, ledger.reason(s, move), events)
    return advance(after, t, events), events


def _apply(s: State, t: Tables, m: Any, events: list[Event]) -> State:
    if isinstance(m, RevealObjective):
        return objectives.apply(s, t, m, events)
    if isinstance(m, GiveCoins):
        return bribes.apply(s, m)
    task = top(s)
    if task is None:
        if isinstance(m, ChooseSection):
            return top_actions.apply_section(s, m)
        if isinstance(m, TakeTopAction | SkipTopAction):
            return top_actions.apply_top(s, t, m, events)
        if isinstance(m, EndTurn):
            return end_turn(s)
        assert isinstance(m, TakeBottomAction | SkipBottomAction)
        return bottom_actions.apply_bottom(s, t, m)
    if isinstance(task, CHANCE_TASKS):
        return setup.apply_chance(s, t, task, m, events)
    if isinstance(task, ChooseFactionTask):
        assert isinstance(m, ChooseFaction)
        return setup.apply_choose(s, m)
    if isinstance(task, MoveTask):
        return movement.apply(s, t, task, m, events)
    if isinstance(task, Battles):
        assert isinstance(m, ChooseBattle)
        return combat.apply_choose_battle(s, task, m)
    if isinstance(task, Battle):
        if isinstance(m, StealCombatCard):
            return combat.apply_scout(s, t, task, m, events)
        if isinstance(m, UseArtillery):
            return combat.apply_artillery(s, t, task, m)
        assert isinstance(m, AddCombatCard | CommitPower)
        return combat.apply_choice(s, task, m)
    if isinstance(task, EncounterTask):
        if isinstance(m, DrawEncounterCard):
            return encounters.apply_draw(s, task, m, events)
        assert isinstance(m, ChooseEncounterOption | EndEncounter)
        return encounters.apply(s, t, task, m)
    if isinstance(task, DiscardTask):
        assert isinstance(m, DiscardCombatCard)
        return rewards.apply_discard(s, task, m)
    if isinstance(task, GainTask):
        assert isinstance(m, GainOne | StopGaining)
        return rewards.apply_gain(s, t, task, m)
    if isinstance(task, AmountTask):
        assert isinstance(m, TakeAmount)
        return rewards.apply_amount(s, t, task, m)
    if isinstance(task, ProduceTask):
        assert isinstance(m, Produce | EndProduce)
        return top_actions.apply_produce(s, t, task, m)
    if isinstance(task, BottomTask):
        if isinstance(m, TakeCoins):
            return bottom_actions.apply_coins(s, t, task, m)
        assert isinstance(m, PayResource | PayWithCombatCard)
        return bottom_actions.apply_pay(s, t, task, m)
    if isinstance(task, TargetTask):
        return bottom_actions.apply_target(s, t, task, m)
    if isinstance(task, RetreatTask):
        assert isinstance(m, Retreat)
        return combat.apply_retreat(s, task, m)
    assert isinstance(task, FactoryChoice) and isinstance(m, TakeFactoryCard)
    return factory.apply(s, m)


def _in_bottom_action(s: State) -> bool:
    # a plain loop: asked after every step, of a stack of a task or two
    for x in s.pending:  # noqa: SIM110
        if isinstance(x, BottomTask):
            return True
    return False


def advance(s: State, t: Tables, events: list[Event]) -> State:
    """Run automatic tasks until a decision (or the end)."""
    while s.phase != "over":
        task = top(s)
        nxt = _auto(s, t, task, events)
        if nxt is not None:
            ledger.record(s, nxt, ledger.reason(s), events)
            s = nxt
            continue
        if s.phase == "play" and not _in_bottom_action(s):
            before = s
            s = stars.award(s, t, s.turn.seat, events)
            if s is not before:
                ledger.record(before, s, "stars", events)
                continue
        return s
    return s


def _auto(s: State, t: Tables, task: Any, events: list[Event]) -> State | None:
    """The state after one automatic step, or ``None`` when a decision waits."""
    if task is None:
        if s.turn.stage == "end":
            # «Вы можете раскрыть завершённую карту цели в любой момент Вашего хода»: the turn
            # waits for EndTurn while the player may still reveal an objective (public facts
            # only: cards held and the objective star still free, so the pause leaks nothing)
            if objectives.may_reveal(s, t, s.turn.seat):
                return None
            return end_turn(s)
        return None
    if isinstance(task, PlaceStart):
        return setup.place_start(s, t)
    if isinstance(task, StartPlay):
        return setup.start_play(s, t)
    if isinstance(task, DrawCombat | DealObjectives | DealFactory):
        return pop(s) if not setup.outcomes(s, t, task) else None
    if isinstance(task, StarCheck):
        s = pop(s)
        for seat in task.seats:
            s = stars.award(s, t, seat, events)
        return s
    if isinstance(task, AfterMove):
        return _after_move(s, t, task)
    if isinstance(task, BottomTask):
        return bottom_actions.advance_bottom(s, t, task, events)
    if isinstance(task, MoveTask):
        if task.current is None and task.units_left <= 0:
            return movement.finish_move(pop(s), t, task.seat, events)
        return None
    if isinstance(task, GainTask):
        return None if rewards.gain_pending(s, t, task) else pop(s)
    if isinstance(task, AmountTask):
        return None if rewards.amount_pending(s, t, task) else pop(s)
    if isinstance(task, ProduceTask):
        return None if top_actions.produce_pending(s, t, task) else pop(s)
    if isinstance(task, DiscardTask):
        return None if s.players[task.seat].hand else pop(s)
    if isinstance(task, Battle):
        if task.stage in ("attacker_abilities", "defender_abilities"):
            return combat.run_abilities(s, t, task)
        if task.stage == "choose" and not combat.choosing(task):
            return combat.resolve(s, t, task, events)
        if task.stage == "scout" and not combat.scout_weights(s, task):
            return replace_top(s, combat.skip_scout(s, t, task))
        return None
    if isinstance(task, EncounterTask):
        if task.card is None:
            return None if encounters.draw_outcomes(s) else pop(s)
        if encounters.finished(s, t, task) or not encounters.moves(s, t, task):
            return encounters.finish(s)
        return None
    if isinstance(task, FactoryChoice):
        return None if s.factory_cards else pop(s)
    return None


def _after_move(s: State, t: Tables, task: AfterMove) -> State:
    if task.stage == "battles":
        started = combat.start_battles(s, task.seat)
        return started if started is not None else pop(s)
    s = pop(s)
    p = s.players[task.seat]
    if task.stage == "encounter":
        at = s.turn.encounter_at
        if at and p.character == at and at in s.encounter_tokens:
            return encounters.start(s, t, task.seat, at)
        return s
    return factory.visit(s, t, task.seat)


def end_turn(s: State) -> State:
    """«Завершив ход ... передайте ход по часовой стрелке другому игроку»."""
    seat = s.turn.seat
    s = update_player(s, seat, last_section=s.turn.section)
    nxt = (seat + 1) % s.players_count
    return msgspec.structs.replace(s, turn=Turn(seat=nxt), turns_taken=s.turns_taken + 1)
