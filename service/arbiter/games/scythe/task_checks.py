"""Invariants of the pending-task stack and of every seat, section, territory and card reference a
submitted state holds, beyond :func:`.checks.check_state`.

The rules index players by seat, mats by section, resources by territory and the content by card
id without looking; a state a client made up must be refused here (``InvalidState`` with a JSON
pointer) before any rule runs. The stack shapes accepted are the ones :mod:`.flow` produces:

* setup: ``StartPlay``, ``DealFactory``, then either ``PlaceStart`` under the faction and mat
  deals (or choices) and the structure tile, or the combat-card and objective deals once the
  pieces are placed;
* play: a top-row action's decision, a Move with what follows it (``AfterMove`` factory,
  encounter, battles, in that order, with the battles, retreat or encounter above), or a
  bottom-row action (``BottomTask`` and its target), with rewards, discards and draws above;
* the top task is a decision (or chance) of the phase, never an automatic task.
"""

from __future__ import annotations

from arbiter.core import InvalidState
from arbiter.core.texts import term, text
from arbiter.games.scythe.content import BOTTOM_ACTIONS
from arbiter.games.scythe.encounters import options_allowed
from arbiter.games.scythe.state import (
    CARD_VALUES,
    AfterMove,
    AmountTask,
    Battle,
    Battles,
    BottomTask,
    Carry,
    ChooseFactionTask,
    DealFactory,
    DealObjectives,
    DiscardTask,
    DrawCombat,
    EncounterTask,
    FactoryChoice,
    GainTask,
    MoveTask,
    Pending,
    PlaceStart,
    PlayerState,
    ProduceTask,
    RetreatTask,
    ScytheState,
    Section,
    SetupFactions,
    SetupMat,
    SetupTile,
    StarCheck,
    StartPlay,
    TargetTask,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState

UNIT_KINDS = ("character", "mech", "worker")
SETUP_ONLY = (
    SetupTile,
    SetupFactions,
    SetupMat,
    ChooseFactionTask,
    PlaceStart,
    DealObjectives,
    DealFactory,
    StartPlay,
)
#: Tasks that act on the active seat's behalf (every one but draws, retreats and battles).
ACTIVE_SEAT_TASKS = (
    MoveTask,
    AfterMove,
    Battles,
    EncounterTask,
    GainTask,
    AmountTask,
    ProduceTask,
    BottomTask,
    TargetTask,
    FactoryChoice,
    DiscardTask,
)
AFTER_MOVE_ORDER = ("factory", "encounter", "battles")


def _err(code: str, message: str, pointer: str) -> InvalidState:
    return InvalidState(f"scythe.state.{code}", message, pointer)


# ------------------------------------------------------------------------ references


def _seat(s: State, seat: int, pointer: str, code: str = "task_seat") -> None:
    count = len(s.players) if s.players else s.players_count
    if not 0 <= seat < count:
        raise _err(
            code,
            text("seat {seat} does not exist ({count} seats)", seat=seat, count=count),
            pointer,
        )


def _territory(t: Tables, x: str | None, pointer: str, *, blank: bool = False) -> None:
    if blank and x is None:
        return
    if x is None or x not in t.index:
        raise _err("territory", text("{x!r} is not a territory", x=x), pointer)


def _space(t: Tables, x: str, pointer: str) -> None:
    if x not in t.neighbours:
        raise _err("territory", text("{x!r} is not a space of the board", x=x), pointer)


def _section(p: PlayerState, section: Section, pointer: str) -> None:
    if section == "factory" and p.factory_card is None:
        raise _err("section", text("the Factory card is a section only once it is kept"), pointer)


def _factory_card(t: Tables, card: int, pointer: str) -> None:
    if card not in t.factory_cards:
        raise _err("factory_card", text("no Factory card {card}", card=card), pointer)


def _count(n: int, pointer: str, low: int = 0) -> None:
    if n < low:
        raise _err("task_count", text("{n} is below {low}", n=n, low=low), pointer)


def _unit(p: PlayerState, kind: str, index: int, pointer: str) -> None:
    size = {"character": 1, "mech": len(p.mechs), "worker": len(p.workers)}.get(kind)
    if size is None or not 0 <= index < size:
        raise _err("unit", text("no {kind} {index}", kind=term(kind), index=index), pointer)


def _check_players(s: State, t: Tables) -> None:
    if s.players and len(s.players) != s.players_count:
        raise _err("players", text("one player state per seat"), "/players")
    factions = [p.faction for p in s.players]
    mats = [p.mat for p in s.players]
    if len(set(factions)) != len(factions):
        raise _err("players", text("each faction plays once"), "/players")
    if len(set(mats)) != len(mats):
        raise _err("players", text("each player mat is used once"), "/players")
    for i, p in enumerate(s.players):
        at = f"/players/{i}"
        if p.faction not in t.factions:
            raise _err(
                "faction", text("no faction {faction!r}", faction=p.faction), f"{at}/faction"
            )
        if p.mat not in t.mats:
            raise _err("mat", text("no player mat {mat!r}", mat=p.mat), f"{at}/mat")
        if p.factory_card is not None:
            _factory_card(t, p.factory_card, f"{at}/factory_card")
        if p.last_section is not None:
            _section(p, p.last_section, f"{at}/last_section")
        abilities = t.factions[p.faction].mech_abilities
        if p.mech_abilities != tuple(x for x in abilities if x in p.mech_abilities):
            raise _err(
                "mech_slot",
                text("the abilities of the faction's mechs, each once, in faction-mat order"),
                f"{at}/mech_abilities",
            )
        bonuses = t.factions[p.faction].recruit_bonuses
        seen_actions: set[str] = set()
        seen_bonuses: set[int] = set()
        for j, r in enumerate(p.recruits):
            if not 0 <= r.bonus < len(bonuses):
                raise _err(
                    "recruit",
                    text("no recruit bonus {bonus}", bonus=r.bonus),
                    f"{at}/recruits/{j}/bonus",
                )
            if r.action in seen_actions or r.bonus in seen_bonuses:
                raise _err("recruit", text("each recruit action and bonus once"), f"{at}/recruits")
            seen_actions.add(r.action)
            seen_bonuses.add(r.bonus)
        for j, c in enumerate(p.cubes):
            options = t.top(p.mat, c.action).options
            if not 0 <= c.option < len(options) or not options[c.option].has_cube:
                raise _err(
                    "cube",
                    text(
                        "no technology cube on {action} choice {option}",
                        action=term(c.action),
                        option=c.option,
                    ),
                    f"{at}/cubes/{j}/option",
                )
        if len(set(p.cubes)) != len(p.cubes):
            raise _err("cube", text("each technology cube once"), f"{at}/cubes")
        for action in BOTTOM_ACTIONS:
            n = p.covered.of(action)
            if not 0 <= n <= t.bottom(p.mat, action).upgrade_slots:
                raise _err("covered", text("{n} squares covered", n=n), f"{at}/covered/{action}")
        for j, v in enumerate(p.hand):
            if v not in CARD_VALUES:
                raise _err("combat_card", text("no combat card {v}", v=v), f"{at}/hand/{j}")
        for name, held in (("objectives", p.objectives), ("revealed", p.revealed)):
            for j, card in enumerate(held):
                if card not in t.objectives:
                    raise _err(
                        "objective", text("no objective card {card}", card=card), f"{at}/{name}/{j}"
                    )
    for j, card in enumerate(s.factory_cards):
        _factory_card(t, card, f"/factory_cards/{j}")
    if len(set(s.factory_cards)) != len(s.factory_cards):
        raise _err("factory_card", text("each Factory card once"), "/factory_cards")
    for j, seat in enumerate(s.factory_seen_by):
        _seat(s, seat, f"/factory_seen_by/{j}", "seat")


def _check_board(s: State, t: Tables) -> None:
    for j, x in enumerate(s.encounter_tokens):
        if x not in t.encounter_spaces:
            raise _err(
                "territory", text("{x!r} is not an encounter space", x=x), f"/encounter_tokens/{j}"
            )
    if len(set(s.encounter_tokens)) != len(s.encounter_tokens):
        raise _err("territory", text("one encounter token a space"), "/encounter_tokens")
    cards = [*s.encounter_deck, *s.encounter_bottom]
    for name, deck in (
        ("encounter_deck", s.encounter_deck),
        ("encounter_bottom", s.encounter_bottom),
    ):
        for j, c in enumerate(deck):
            if c not in t.encounters:
                raise _err("encounter_card", text("no encounter card {c}", c=c), f"/{name}/{j}")
    for task in s.pending:
        if isinstance(task, EncounterTask) and task.card:
            cards.append(task.card)
    if len(set(cards)) != len(cards):
        raise _err("encounter_card", text("each encounter card once"), "/encounter_deck")
    if s.structure_tile is not None and s.structure_tile not in t.tiles:
        raise _err("structure_tile", text("no such structure bonus tile"), "/structure_tile")
    if any(min(c) < 0 for c in (s.combat_deck, s.combat_discard)):
        raise _err("combat_card", text("combat card counts are not negative"), "/combat_deck")


def _check_turn(s: State, t: Tables) -> None:
    if s.phase == "setup" or not s.players:
        return
    turn = s.turn
    _seat(s, turn.seat, "/turn/seat", "seat")
    p = s.players[turn.seat]
    if turn.stage == "section":
        if turn.section is not None:
            raise _err(
                "section", text("no section is chosen before the section stage"), "/turn/section"
            )
    elif turn.section is None:
        raise _err("section", text("a section is chosen at the section stage"), "/turn/section")
    else:
        _section(p, turn.section, "/turn/section")
    if turn.encounter_at == "":  # the shape before rules 1.1.0 wrote no encounter as ""
        raise _err(
            "territory",
            text(
                'encounter_at "" is the state shape before rules 1.1.0: no encounter this turn is null now'
            ),
            "/turn/encounter_at",
        )
    if turn.encounter_at is not None:
        _territory(t, turn.encounter_at, "/turn/encounter_at")
    for j, m in enumerate(turn.moved_from):
        at = f"/turn/moved_from/{j}"
        _unit(p, m.kind, m.index, at)
        _space(t, m.origin, f"{at}/origin")


# ------------------------------------------------------------------------ each task


def _check_carry(p: PlayerState, t: Tables, c: Carry, at: str) -> None:
    _unit(p, c.kind, c.index, at)
    _space(t, c.at, f"{at}/at")
    here = (
        p.character
        if c.kind == "character"
        else (p.mechs if c.kind == "mech" else p.workers)[c.index]
    )
    if here != c.at:
        raise _err(
            "unit",
            text("the moving {kind} is on {here}, not {at}", kind=term(c.kind), here=here, at=c.at),
            f"{at}/at",
        )
    if c.cargo.total() and c.at not in t.index:
        raise _err("territory", text("resources are carried on territories only"), f"{at}/cargo")
    _count(c.steps_left, f"{at}/steps_left")
    for j, w in enumerate(c.workers):
        _unit(p, "worker", w, f"{at}/workers/{j}")
        if p.workers[w] != c.at:
            raise _err("unit", text("worker {w} is not on {at}", w=w, at=c.at), f"{at}/workers/{j}")
    if len(set(c.workers)) != len(c.workers):
        raise _err("unit", text("each worker carried once"), f"{at}/workers")
    for name, counts in (
        ("cargo", c.cargo.counts()),
        ("loaded_here", c.loaded_here),
        ("dropped_here", c.dropped_here),
    ):
        if min(counts) < 0:
            raise _err("task_count", text("counts are not negative"), f"{at}/{name}")


def _check_task(s: State, t: Tables, task: Pending, at: str) -> None:
    seat = getattr(task, "seat", None)
    if isinstance(seat, int):
        _seat(s, seat, f"{at}/seat")
    if isinstance(task, SetupMat):
        _seat(s, task.player, f"{at}/player")
    elif isinstance(task, DrawCombat | DealObjectives | DealFactory):
        _count(task.count, f"{at}/count", 1)
    elif isinstance(task, StarCheck):
        for j, x in enumerate(task.seats):
            _seat(s, x, f"{at}/seats/{j}")
    elif isinstance(task, Battle):
        _seat(s, task.attacker, f"{at}/attacker")
        _seat(s, task.defender, f"{at}/defender")
        if task.attacker == task.defender:
            raise _err("task_seat", text("a seat does not fight itself"), f"{at}/defender")
        if task.acting not in (-1, task.attacker, task.defender):
            raise _err("task_seat", text("only the two sides act"), f"{at}/acting")
        if task.stage == "artillery" and task.acting == -1:
            raise _err("task_seat", text("a side uses Artillery"), f"{at}/acting")
        _territory(t, task.territory, f"{at}/territory")
        for name, side in (
            ("attacker_side", task.attacker_side),
            ("defender_side", task.defender_side),
        ):
            _count(side.power, f"{at}/{name}/power")
            for j, v in enumerate(side.cards):
                if v not in CARD_VALUES:
                    raise _err(
                        "combat_card", text("no combat card {v}", v=v), f"{at}/{name}/cards/{j}"
                    )
    elif isinstance(task, Battles):
        if not task.territories:
            raise _err("task_stack", text("a choice of battles names them"), f"{at}/territories")
        for j, where in enumerate(task.territories):
            _territory(t, where, f"{at}/territories/{j}")
    elif isinstance(task, EncounterTask):
        _territory(t, task.territory, f"{at}/territory")
        if task.card is not None and task.card not in t.encounters:
            raise _err(
                "encounter_card", text("no encounter card {card}", card=task.card), f"{at}/card"
            )
        if task.card is None and task.chosen:
            raise _err("task_stack", text("options are chosen from a drawn card"), f"{at}/chosen")
        allowed = options_allowed(t, s.players[task.seat].faction)
        if len(task.chosen) > allowed or len(set(task.chosen)) != len(task.chosen):
            raise _err(
                "encounter_option",
                text(
                    "at most {allowed} different option(s) of a card for this faction",
                    allowed=allowed,
                ),
                f"{at}/chosen",
            )
        for j, o in enumerate(task.chosen):
            if not 0 <= o < 3:
                raise _err("encounter_option", text("no option {o}", o=o), f"{at}/chosen/{j}")
    elif isinstance(task, GainTask):
        _territory(t, task.place, f"{at}/place", blank=True)
        _territory(t, task.actions_at, f"{at}/actions_at", blank=True)
    elif isinstance(task, TargetTask):
        _territory(t, task.place, f"{at}/place", blank=True)
    elif isinstance(task, ProduceTask):
        _count(task.territories_left, f"{at}/territories_left")
        _territory(t, task.mill, f"{at}/mill", blank=True)
        for j, where in enumerate(task.done):
            _territory(t, where, f"{at}/done/{j}")
    elif isinstance(task, RetreatTask):
        _territory(t, task.territory, f"{at}/territory")
        q = s.players[task.seat]
        for j, i in enumerate(task.mechs):
            _unit(q, "mech", i, f"{at}/mechs/{j}")
        for j, i in enumerate(task.workers):
            _unit(q, "worker", i, f"{at}/workers/{j}")
    elif isinstance(task, MoveTask):
        _count(task.units_left, f"{at}/units_left")
        _count(task.steps, f"{at}/steps")
        q = s.players[task.seat]
        for j, key in enumerate(task.moved):
            kind, _, index = key.partition(":")
            if not index.isdigit():
                raise _err("unit", text("{key!r} is not kind:index", key=key), f"{at}/moved/{j}")
            _unit(q, kind, int(index), f"{at}/moved/{j}")
        if task.current is not None:
            _check_carry(q, t, task.current, f"{at}/current")
    elif isinstance(task, BottomTask):
        _count(task.left, f"{at}/left")
    elif isinstance(task, DiscardTask):
        _count(task.count, f"{at}/count", 1)
    elif isinstance(task, AmountTask):
        _count(task.full, f"{at}/full")


# ------------------------------------------------------------------------ the stack


def _stack(code_at: int, message: str) -> InvalidState:
    return _err("task_stack", message, f"/pending/{code_at}")


def _check_setup_stack(s: State, t: Tables) -> None:
    tasks = s.pending
    n = s.players_count
    if not tasks or not isinstance(tasks[0], StartPlay):
        raise _err("task_stack", text("setup ends with StartPlay at the bottom"), "/pending")
    rest = list(enumerate(tasks))[1:]
    if rest and isinstance(rest[0][1], DealFactory):
        rest = rest[1:]
    if not s.players:
        if not rest or not isinstance(rest[0][1], PlaceStart):
            raise _err("task_stack", text("pieces are placed before anything is dealt"), "/pending")
        rest = rest[1:]
        if rest and isinstance(rest[-1][1], SetupTile):
            rest = rest[:-1]
        elif not s.structure_tile:
            raise _err("task_stack", text("the structure tile is dealt first"), "/structure_tile")
        if s.options.assignment == "random":
            _random_deals(s, rest)
        else:
            _chosen_deals(s, rest)
        for name, ids, known in (
            ("factions", s.factions, t.factions),
            ("mats", s.mats, t.mats),
        ):
            if len(set(ids)) != len(ids):
                raise _err("players", text("each of the {name} once", name=name), f"/{name}")
            for j, x in enumerate(ids):
                if x not in known:
                    raise _err("players", text("no {x!r}", x=x), f"/{name}/{j}")
        return
    if len(s.factions) != n or len(s.mats) != n:
        raise _err("players", text("a faction and a mat per seat once placed"), "/factions")
    for i, p in enumerate(s.players):
        if (p.faction, p.mat) != (s.factions[i], s.mats[i]):
            raise _err(
                "players",
                text("the players' factions and mats are the ones dealt"),
                f"/players/{i}",
            )
    for i, task in rest:
        if not isinstance(task, DrawCombat | DealObjectives):
            raise _stack(i, text("{task} after the pieces are placed", task=type(task).__name__))


def _random_deals(s: State, rest: list[tuple[int, Pending]]) -> None:
    n = s.players_count
    if rest and isinstance(rest[-1][1], SetupFactions):
        if s.factions or s.mats:
            raise _err("players", text("nothing is dealt before the factions"), "/factions")
        rest = rest[:-1]
    elif len(s.factions) != n:
        raise _err("players", text("one faction per seat"), "/factions")
    mats = [(i, x) for i, x in rest]
    for i, task in mats:
        if not isinstance(task, SetupMat):
            raise _stack(i, text("{task} among the mat deals", task=type(task).__name__))
    # bottom to top: seats n-1 .. len(mats dealt)
    expected = list(reversed(range(len(s.mats), n)))
    if [x.player for _, x in mats if isinstance(x, SetupMat)] != expected:
        raise _err("players", text("one mat per seat, dealt in seat order"), "/mats")
    if len(s.mats) > n:
        raise _err("players", text("one mat per seat"), "/mats")


def _chosen_deals(s: State, rest: list[tuple[int, Pending]]) -> None:
    n = s.players_count
    for i, task in rest:
        if not isinstance(task, ChooseFactionTask):
            raise _stack(i, text("{task} among the faction choices", task=type(task).__name__))
    if len(s.factions) != len(s.mats) or len(s.factions) > n:
        raise _err("players", text("a faction and a mat per seat"), "/factions")
    expected = list(reversed(range(len(s.factions), n)))
    if [x.seat for _, x in rest if isinstance(x, ChooseFactionTask)] != expected:
        raise _err("task_stack", text("the seats choose in seat order"), "/pending")


def _below_ok(task: Pending, below: Pending | None) -> bool:
    """Whether ``task`` may sit directly on ``below`` (``None``: the bottom of the stack)."""
    if isinstance(task, MoveTask | BottomTask | FactoryChoice | StarCheck):
        return below is None
    if isinstance(task, AfterMove):
        if task.stage == "factory":
            return below is None
        if not isinstance(below, AfterMove):
            return False
        return AFTER_MOVE_ORDER.index(below.stage) == AFTER_MOVE_ORDER.index(task.stage) - 1
    if isinstance(task, Battle | Battles):
        return isinstance(below, AfterMove) and below.stage == "battles"
    if isinstance(task, RetreatTask):
        return (isinstance(below, AfterMove) and below.stage == "battles") or isinstance(
            below, DrawCombat
        )
    if isinstance(task, EncounterTask):
        return isinstance(below, AfterMove) and below.stage == "factory"
    if isinstance(task, TargetTask) and not task.free:
        return (
            isinstance(below, BottomTask)
            and below.stage == "recruits"
            and below.seat == task.seat
            and below.action == task.action
        )
    if below is None:
        return True
    # rewards, draws and discards stack on what gave them; nothing stacks on a pure decision
    return not isinstance(below, MoveTask | FactoryChoice | StarCheck | Battles | Battle)


def _check_play_stack(s: State) -> None:
    below: Pending | None = None
    for i, task in enumerate(s.pending):
        if isinstance(task, SETUP_ONLY):
            raise _stack(i, text("{task} is a setup task", task=type(task).__name__))
        if isinstance(task, ACTIVE_SEAT_TASKS) and task.seat != s.turn.seat:
            raise _err("task_seat", text("the task is the active seat's"), f"/pending/{i}/seat")
        if isinstance(task, Battle) and task.attacker != s.turn.seat:
            raise _err("task_seat", text("the active seat attacks"), f"/pending/{i}/attacker")
        if not _below_ok(task, below):
            where = text("the bottom") if below is None else type(below).__name__
            raise _stack(
                i,
                text("{task} cannot sit on {where}", task=type(task).__name__, where=where),
            )
        if (
            i < len(s.pending) - 1
            and isinstance(task, BottomTask)
            and task.stage in ("pay", "coins")
        ):
            raise _stack(i, text("a bottom action's payment is a decision of its own"))
        below = task
    if s.pending and s.turn.stage in ("section", "top"):
        raise _err("task_stack", text("tasks wait only once an action is chosen"), "/turn/stage")
    if any(isinstance(x, BottomTask) for x in s.pending) and s.turn.stage != "end":
        raise _err("task_stack", text("a bottom action ends the turn's actions"), "/turn/stage")


def _check_top(s: State) -> None:
    if not s.pending:
        if s.phase == "setup":
            raise _err("task_stack", text("setup has tasks left"), "/pending")
        return
    i = len(s.pending) - 1
    task = s.pending[i]
    automatic = isinstance(task, PlaceStart | StartPlay | StarCheck | AfterMove)
    if isinstance(task, BottomTask) and task.stage not in ("pay", "coins"):
        automatic = True
    if isinstance(task, Battle):
        if task.stage in ("attacker_abilities", "defender_abilities"):
            automatic = True
        if task.stage == "choose" and task.attacker_side.committed and task.defender_side.committed:
            automatic = True
    if automatic:
        raise _stack(i, text("the top task {task} is not a decision", task=type(task).__name__))


def check_tasks(state: State, t: Tables) -> None:
    """Refuse a state whose tasks or references the rules cannot follow (``InvalidState``)."""
    s = state
    if s.phase != "setup" and not s.players:
        raise _err("players", text("the game has players once set up"), "/players")
    _check_players(s, t)
    _check_board(s, t)
    _check_turn(s, t)
    if s.phase == "setup":
        _check_setup_stack(s, t)
    elif s.phase == "play":
        _check_play_stack(s)
    else:
        for i, task in enumerate(s.pending):
            if isinstance(task, SETUP_ONLY):
                raise _stack(i, text("{task} is a setup task", task=type(task).__name__))
    for i, task in enumerate(s.pending):
        _check_task(s, t, task, f"/pending/{i}")
    if s.phase != "over":
        _check_top(s)
