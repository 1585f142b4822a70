"""The start of a turn and the top-row actions («Игровой процесс», «Действия верхнего ряда»).

* choosing a section: «нельзя повторить действие, выполненное в предыдущий ход» (Rusviet's
  Relentless excepted; the Factory card is a fifth section);
* Move / Gain, Bolster (Monument +1 popularity), Trade (Armory +1 power), Produce (the cost of
  the uncovered Produce slots; the Mill adds its territory);
* «потом получите награду (или часть награды)»: the coins, power, popularity and combat cards
  of these actions and the structures' bonuses are each one decision of an amount, 0 to the
  full reward (:class:`~.state.AmountTask`); Trade's resources are taken one at a time.
"""

from __future__ import annotations

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import text
from arbiter.games.scythe.board import (
    add_resources,
    control_map,
    factory_card,
    named,
    pop,
    push,
    refuse,
    replace_top,
    update_player,
    workers_on_mat,
)
from arbiter.games.scythe.content import Cost, Reward, TopActionName, TopOption
from arbiter.games.scythe.moves import (
    ChooseSection,
    EndProduce,
    Produce,
    SkipTopAction,
    TakeTopAction,
)
from arbiter.games.scythe.rewards import cost_refusal, pay, trade_territories
from arbiter.games.scythe.state import (
    STARTING_WORKERS,
    AmountItem,
    AmountSource,
    AmountTask,
    Cube,
    GainTask,
    MoveTask,
    PlayerState,
    ProduceTask,
    Resources,
    ScytheState,
    Section,
)
from arbiter.games.scythe.tables import Tables
from arbiter.games.scythe.view import PlayerView

State = ScytheState


# ------------------------------------------------------------------------ the section


#: The sections a turn may choose from: the mat's four, named by their top-row action, and the
#: Factory card.
SECTIONS: tuple[Section, ...] = ("move_gain", "trade", "bolster", "produce", "factory")


def chosen(s: State) -> TopActionName:
    """The top-row action of the mat section chosen this turn (not the Factory card)."""
    section = s.turn.section
    assert section is not None and section != "factory"
    return section


# The refusals the move generation meets most, made once (their texts take no parameters).
_NO_FACTORY_CARD = text("you have no Factory card («Фактория»)")
_SAME_SECTION = text(
    "choose a section other than last turn's («Игровой процесс»; Relentless excepted)"
)
_TRADE_NO_WORKER = text(
    "«Нельзя использовать действие Торговли, если все Ваши рабочие находятся на домашней базе»: "
    "no controlled territory with your worker"
)


def section_refusal(s: State, t: Tables, m: ChooseSection) -> IllegalMove | None:
    p = s.players[m.seat]
    if m.section not in SECTIONS:
        return refuse(
            "section.unknown",
            text("a section is named by its top-row action, or factory for the card"),
        )
    if m.section == "factory" and p.factory_card is None:
        return refuse("section.no_factory_card", _NO_FACTORY_CARD)
    if m.section == p.last_section and t.factions[p.faction].ability != "relentless":
        return refuse("section.same_as_last_turn", _SAME_SECTION)
    return None


def section_moves(s: State, t: Tables, seat: int) -> list[ChooseSection]:
    out: list[ChooseSection] = []
    for section in SECTIONS:
        m = ChooseSection(seat=seat, section=section)
        if section_refusal(s, t, m) is None:
            out.append(m)
    return out


def apply_section(s: State, m: ChooseSection) -> State:
    turn = msgspec.structs.replace(s.turn, stage="top", section=m.section)
    return msgspec.structs.replace(s, turn=turn)


# ------------------------------------------------------------------------ top row


def amount(
    p: PlayerState | PlayerView, action: TopActionName, index: int, option: TopOption
) -> int:
    """The uncovered value: the upgraded one once the cube left the green square (of a seat, or
    of a view of it: the text of a view shows it too)."""
    return option.upgraded if Cube(action=action, option=index) in p.cubes else option.amount


def produce_cost(p: PlayerState | PlayerView, t: Tables) -> Cost:
    """«Заплатите стоимость (... открытых красных прямоугольных ячейках)»: every Produce slot
    uncovered by workers taken off the mat (of a seat, or of a view of it)."""
    uncovered = len(p.workers) - STARTING_WORKERS
    slots = t.mats[p.mat].produce_cost_slots[: max(0, uncovered)]
    return Cost(
        coins=sum(c.coins for c in slots),
        popularity=sum(c.popularity for c in slots),
        power=sum(c.power for c in slots),
    )


def top_refusal(s: State, t: Tables, m: TakeTopAction) -> IllegalMove | None:
    seat = m.seat
    p = s.players[seat]
    if s.turn.section == "factory":
        card = factory_card(t, p)
        if not 0 <= m.choice < len(card.top.choices):
            return refuse("top.unknown_choice", text("no such choice on the Factory card"))
        return cost_refusal(p, card.top.cost)
    top = t.top(p.mat, chosen(s))
    if not 0 <= m.choice < len(top.options):
        return refuse(
            "top.unknown_choice",
            text("the {name} action has no choice {choice}", name=named(top.name), choice=m.choice),
        )
    cost = produce_cost(p, t) if top.name == "produce" else top.cost
    why = cost_refusal(p, cost)
    if why is not None:
        return why
    if top.options[m.choice].name == "resources" and not trade_territories(s, t, seat):
        return refuse("trade.no_worker", _TRADE_NO_WORKER)
    return None


def top_moves(s: State, t: Tables, seat: int) -> list[TakeTopAction | SkipTopAction]:
    p = s.players[seat]
    if s.turn.section == "factory":
        n = len(factory_card(t, p).top.choices)
    else:
        n = len(t.top(p.mat, chosen(s)).options)
    out: list[TakeTopAction | SkipTopAction] = []
    for choice in range(n):
        m = TakeTopAction(seat=seat, choice=choice)
        if top_refusal(s, t, m) is None:
            out.append(m)
    out.append(SkipTopAction(seat=seat))
    return out


def _built(p: PlayerState, structure: str) -> str | None:
    for b in p.structures:
        if b.structure == structure:
            return b.territory
    return None


def apply_top(s: State, t: Tables, m: TakeTopAction | SkipTopAction, events: list[Event]) -> State:
    s = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, stage="bottom"))
    if isinstance(m, SkipTopAction):
        return s
    seat = m.seat
    p = s.players[seat]
    if s.turn.section == "factory":
        # «Карты Фактории»: pay the card's cost, then take its choice.
        card = factory_card(t, p)
        s = push(s, GainTask(seat=seat, reward=card.top.choices[m.choice]))
        return pay(s, seat, card.top.cost)
    top = t.top(p.mat, chosen(s))
    option = top.options[m.choice]
    n = amount(p, top.name, m.choice, option)
    if top.name == "produce":
        s = pay(s, seat, produce_cost(p, t))
        return push(s, ProduceTask(seat=seat, territories_left=n, mill=_built(p, "mill")))
    s = pay(s, seat, top.cost)
    if option.name == "move":
        return push(s, MoveTask(seat=seat, units_left=n, steps=1))
    # «потом получите награду (или часть награды)»: each reward is one decision of an amount
    # (the action's reward first, then the structure's bonus)
    if option.name == "coins":
        return _take(s, seat, "coins", n, "gain")
    if top.name == "bolster":
        # «МОНУМЕНТ: Выполняя действие Усиления, также получите 1 популярность»
        if _built(p, "monument"):
            s = _take(s, seat, "popularity", 1, "monument")
        if option.name == "power":
            return _take(s, seat, "power", n, "bolster")
        return _take(s, seat, "combat_cards", n, "bolster")
    # Trade; «ОРУЖЕЙНЫЙ СКЛАД: Выполняя действие Торговли, получите 1 силу»
    if _built(p, "armory"):
        s = _take(s, seat, "power", 1, "armory")
    if option.name == "popularity":
        return _take(s, seat, "popularity", n, "trade")
    return push(s, GainTask(seat=seat, reward=Reward(any_resources=n)))


def _take(s: State, seat: int, item: AmountItem, full: int, source: AmountSource) -> State:
    """Push the decision of how much of a reward to take (the last pushed is decided first)."""
    return push(s, AmountTask(seat=seat, item=item, full=full, source=source))


# ------------------------------------------------------------------------ Produce


def _capacity(s: State, t: Tables, task: ProduceTask, territory: str) -> int:
    """How many tokens (or workers) a territory can produce now (0: not a choice)."""
    if territory not in t.index or territory in task.done:
        return 0
    kind = t.content.board.territories[t.index[territory]].produces
    if kind is None:
        return 0
    p = s.players[task.seat]
    mill = 1 if territory == task.mill else 0
    workers = p.workers.count(territory)
    if not mill:
        if task.territories_left <= 0 or not workers:
            return 0
        if control_map(s, t).get(territory) != task.seat:
            return 0
    n = workers + mill
    if kind == "worker":
        n = min(n, workers_on_mat(p))
    return n


def produce_refusal(s: State, t: Tables, task: ProduceTask, m: Produce) -> IllegalMove | None:
    if m.territory in task.done:
        return refuse(
            "produce.twice", text("each territory produces once («различные территории»)")
        )
    cap = _capacity(s, t, task, m.territory)
    if cap <= 0:
        return refuse(
            "produce.territory",
            text(
                "produce on a territory you control with your workers («Производство»), or the Mill's"
            ),
        )
    if not 1 <= m.amount <= cap:
        return refuse("produce.amount", text("that territory produces 1 to {cap} now", cap=cap))
    return None


def produce_moves(s: State, t: Tables, task: ProduceTask) -> list[Produce | EndProduce]:
    out: list[Produce | EndProduce] = []
    places = set(s.players[task.seat].workers)
    if task.mill:
        places.add(task.mill)
    for territory in sorted(places):
        cap = _capacity(s, t, task, territory)
        out.extend(
            Produce(seat=task.seat, territory=territory, amount=a) for a in range(1, cap + 1)
        )
    out.append(EndProduce(seat=task.seat))
    return out


def apply_produce(s: State, t: Tables, task: ProduceTask, m: Produce | EndProduce) -> State:
    if isinstance(m, EndProduce):
        return pop(s)
    uses_slot = not (m.territory == task.mill and task.mill not in task.done)
    task = msgspec.structs.replace(
        task,
        done=(*task.done, m.territory),
        territories_left=task.territories_left - (1 if uses_slot else 0),
    )
    s = replace_top(s, task)
    kind = t.content.board.territories[t.index[m.territory]].produces
    if kind == "worker":
        p = s.players[task.seat]
        return update_player(s, task.seat, workers=(*p.workers, *([m.territory] * m.amount)))
    assert kind is not None  # produce_refusal: only territories that produce
    return add_resources(s, t, m.territory, Resources().plus(kind, m.amount))


def produce_pending(s: State, t: Tables, task: ProduceTask) -> bool:
    return len(produce_moves(s, t, task)) > 1
