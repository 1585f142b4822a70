"""The bottom-row actions («Действия нижнего ряда»): Upgrade, Deploy, Build, Enlist.

Taking one: pay its resources from controlled territories (Crimea may pay one with a combat card
a turn, «Принуждение»), take its coins («Монеты»; optional), do the action (optional: «или часть
награды»; a completed track still gives coins and recruit bonuses, «Завершение действий»), then
the Recruit Ongoing Bonuses of the active player, its left and its right neighbour («Порядок
хода»; once only with two players), then the stars («Крайние случаи»: the reward, the coins and
the recruit bonus come before the star).
"""

from __future__ import annotations

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import term, text
from arbiter.games.scythe.board import (
    add_resources,
    control_map,
    discard_card,
    factory_card,
    gain_track,
    named,
    pop,
    push,
    refuse,
    replace_top,
    structure_at,
    update_player,
)
from arbiter.games.scythe.content import (
    BOTTOM_ACTIONS,
    TOP_ACTIONS,
    BottomActionName,
    Resource,
    Structure,
)
from arbiter.games.scythe.moves import (
    Build,
    DeclineAction,
    Deploy,
    Enlist,
    PayResource,
    PayWithCombatCard,
    SkipBottomAction,
    TakeBottomAction,
    TakeCoins,
    Upgrade,
)
from arbiter.games.scythe.state import (
    NO_RESOURCES,
    BottomTask,
    Built,
    Cube,
    DrawCombat,
    MoveTask,
    PlayerState,
    Recruit,
    Resources,
    ScytheState,
    StarCheck,
    TargetTask,
)
from arbiter.games.scythe.tables import Tables
from arbiter.games.scythe.view import PlayerView

State = ScytheState
STRUCTURES: tuple[Structure, ...] = ("monument", "mill", "mine", "armory")
TargetMove = Upgrade | Deploy | Build | Enlist | DeclineAction


def cost_of(p: PlayerState | PlayerView, t: Tables, action: BottomActionName) -> int:
    """What the bottom-row action costs now: its printed cost less the squares Upgrade covered
    (of a seat, or of a view of it)."""
    return t.bottom(p.mat, action).cost - p.covered.of(action)


def available(s: State, t: Tables, seat: int, resource: Resource) -> int:
    """Resource tokens of one type on the territories ``seat`` controls («Использование
    ресурсов с подконтрольных территорий»)."""
    cmap = control_map(s, t)
    return sum(r.of(resource) for x, r in s.resources.items() if cmap.get(x) == seat)


def _coercion(s: State, t: Tables, seat: int) -> bool:
    p = s.players[seat]
    return t.factions[p.faction].ability == "coercion" and not s.turn.coercion_used and bool(p.hand)


def bottom_refusal(s: State, t: Tables, m: TakeBottomAction) -> IllegalMove | None:
    p = s.players[m.seat]
    section = s.turn.section
    if section is None or section == "factory":
        return None
    bottom = t.under(p.mat, section)
    need = cost_of(p, t, bottom.name)
    have = available(s, t, m.seat, bottom.resource)
    have += 1 if _coercion(s, t, m.seat) else 0
    if have < need:
        return refuse(
            "pay.not_enough_resources",
            text(
                "{name} costs {need} {resource} from territories you control",
                name=named(bottom.name),
                need=need,
                resource=named(bottom.resource),
            ),
        )
    return None


def bottom_moves(s: State, t: Tables, seat: int) -> list[TakeBottomAction | SkipBottomAction]:
    m = TakeBottomAction(seat=seat)
    out: list[TakeBottomAction | SkipBottomAction] = []
    if bottom_refusal(s, t, m) is None:
        out.append(m)
    out.append(SkipBottomAction(seat=seat))
    return out


def apply_bottom(s: State, t: Tables, m: TakeBottomAction | SkipBottomAction) -> State:
    s = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, stage="end"))
    if isinstance(m, SkipBottomAction):
        return s
    p = s.players[m.seat]
    section = s.turn.section
    assert section is not None
    if section == "factory":
        # «Передвиньте юнит до 2-х раз в течение одного действия Движения»
        card = factory_card(t, p)
        return push(s, MoveTask(seat=m.seat, units_left=card.bottom.units, steps=card.bottom.moves))
    bottom = t.under(p.mat, section)
    return push(s, BottomTask(seat=m.seat, action=bottom.name, left=cost_of(p, t, bottom.name)))


# ------------------------------------------------------------------------ paying


def pay_refusal(
    s: State, t: Tables, task: BottomTask, m: PayResource | PayWithCombatCard
) -> IllegalMove | None:
    p = s.players[task.seat]
    if isinstance(m, PayWithCombatCard):
        if t.factions[p.faction].ability != "coercion":
            return refuse(
                "pay.coercion", text("only Crimea pays with combat cards («Принуждение»)")
            )
        if s.turn.coercion_used:
            return refuse("pay.coercion_used", text("one combat card as a resource a turn"))
        if m.value not in p.hand:
            return refuse(
                "pay.no_such_combat_card", text("you hold no combat card of {value}", value=m.value)
            )
        return None
    resource = t.bottom(p.mat, task.action).resource
    if not s.resources.get(m.territory, NO_RESOURCES).of(resource):
        return refuse(
            "pay.no_resource_there",
            text("no {resource} on {territory}", resource=term(resource), territory=m.territory),
        )
    if control_map(s, t).get(m.territory) != task.seat:
        return refuse(
            "pay.not_controlled", text("resources are spent only from territories you control")
        )
    return None


def pay_moves(s: State, t: Tables, task: BottomTask) -> list[PayResource | PayWithCombatCard]:
    p = s.players[task.seat]
    resource = t.bottom(p.mat, task.action).resource
    cmap = control_map(s, t)
    out: list[PayResource | PayWithCombatCard] = [
        PayResource(seat=task.seat, territory=x)
        for x in t.territories
        if cmap.get(x) == task.seat and s.resources.get(x, NO_RESOURCES).of(resource)
    ]
    if _coercion(s, t, task.seat):
        out.extend(PayWithCombatCard(seat=task.seat, value=v) for v in sorted(set(p.hand)))
    return out


def apply_pay(s: State, t: Tables, task: BottomTask, m: PayResource | PayWithCombatCard) -> State:
    if isinstance(m, PayWithCombatCard):
        s = discard_card(s, task.seat, m.value)
        s = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, coercion_used=True))
    else:
        p = s.players[task.seat]
        resource = t.bottom(p.mat, task.action).resource
        s = add_resources(s, t, m.territory, Resources().plus(resource, -1))
    return replace_top(s, msgspec.structs.replace(task, left=task.left - 1))


def coins_of(s: State, t: Tables, task: BottomTask) -> int:
    return t.bottom(s.players[task.seat].mat, task.action).coins


def apply_coins(s: State, t: Tables, task: BottomTask, m: TakeCoins) -> State:
    if m.take:
        p = s.players[task.seat]
        s = update_player(s, task.seat, coins=p.coins + coins_of(s, t, task))
    return replace_top(s, msgspec.structs.replace(task, stage="target"))


# ------------------------------------------------------------------------ the action


def _worker_territories(s: State, t: Tables, seat: int) -> list[str]:
    """«подконтрольную территорию, на которой находится хотя бы один рабочий»."""
    cmap = control_map(s, t)
    workers = set(s.players[seat].workers)
    return [x for x in t.territories if x in workers and cmap.get(x) == seat]


def target_refusal(s: State, t: Tables, task: TargetTask, m: TargetMove) -> IllegalMove | None:
    p = s.players[task.seat]
    if isinstance(m, DeclineAction):
        return None
    wanted = {"upgrade": Upgrade, "deploy": Deploy, "build": Build, "enlist": Enlist}
    if not isinstance(m, wanted[task.action]):
        return refuse(
            "bottom.wrong_action",
            text("the action being taken is {action}", action=term(task.action)),
        )
    if isinstance(m, Upgrade):
        if m.action not in TOP_ACTIONS or m.to not in BOTTOM_ACTIONS:
            return refuse("upgrade.unknown_section", text("no such top-row or bottom-row action"))
        options = t.top(p.mat, m.action).options
        if not 0 <= m.option < len(options) or not options[m.option].has_cube:
            return refuse("upgrade.no_cube", text("no technology cube starts on that green square"))
        if Cube(action=m.action, option=m.option) in p.cubes:
            return refuse("upgrade.cube_moved", text("that cube was already moved («Улучшение»)"))
        if p.covered.of(m.to) >= t.bottom(p.mat, m.to).upgrade_slots:
            return refuse(
                "upgrade.no_bracket",
                text("no free red square with black brackets on that bottom action («Улучшение»)"),
            )
        return None
    if isinstance(m, Deploy):
        abilities = t.factions[p.faction].mech_abilities
        if m.mech not in abilities or m.mech in p.mech_abilities:
            return refuse("deploy.mech_deployed", text("that mech is not on your faction mat"))
        if m.territory in t.lakes:
            return refuse(
                "deploy.lake", text("«Нельзя ввести в строй Механизм на озере» («Ввод в строй»)")
            )
        if task.place:
            if m.territory != task.place:
                return refuse("deploy.place", text("the mech goes where your character is"))
            return None
        if m.territory not in _worker_territories(s, t, task.seat):
            return refuse(
                "deploy.no_worker", text("deploy on a territory you control with your worker on it")
            )
        return None
    if isinstance(m, Build):
        if m.structure in {b.structure for b in p.structures}:
            return refuse(
                "build.built",
                text("your {structure} is already built", structure=term(m.structure)),
            )
        if m.territory in t.lakes:
            return refuse("build.lake", text("«Нельзя строить на озерах» («Строительство»)"))
        if m.territory not in t.index:
            return refuse(
                "build.home_base", text("home bases are not territories («Строительство»)")
            )
        if structure_at(s, m.territory) is not None:
            return refuse(
                "build.occupied", text("«Только 1 сооружение можно построить на каждой территории»")
            )
        if task.place:
            if m.territory != task.place:
                return refuse("build.place", text("the structure goes where your character is"))
            return None
        if m.territory not in _worker_territories(s, t, task.seat):
            return refuse(
                "build.no_worker", text("build on a territory you control with your worker on it")
            )
        return None
    assert isinstance(m, Enlist)
    if m.action not in BOTTOM_ACTIONS or any(r.action == m.action for r in p.recruits):
        return refuse("enlist.recruit_taken", text("no recruit left above that bottom-row action"))
    if not 0 <= m.bonus < 4 or any(r.bonus == m.bonus for r in p.recruits):
        return refuse("enlist.bonus_taken", text("that one-time bonus is taken"))
    return None


def target_moves(
    s: State, t: Tables, task: TargetTask, *, with_decline: bool = True
) -> list[TargetMove]:
    seat = task.seat
    p = s.players[seat]
    mat = t.mats[p.mat]
    cands: list[TargetMove] = []
    if task.action == "upgrade":
        for section in mat.sections:
            top = section.top
            for o, option in enumerate(top.options):
                if option.has_cube and Cube(action=top.name, option=o) not in p.cubes:
                    cands.extend(
                        Upgrade(seat=seat, action=top.name, option=o, to=to)
                        for to in BOTTOM_ACTIONS
                    )
    elif task.action == "deploy":
        places = [task.place] if task.place else _worker_territories(s, t, seat)
        cands.extend(
            Deploy(seat=seat, mech=mech, territory=x)
            for mech in t.factions[p.faction].mech_abilities
            if mech not in p.mech_abilities
            for x in places
        )
    elif task.action == "build":
        places = [task.place] if task.place else _worker_territories(s, t, seat)
        built = {b.structure for b in p.structures}
        cands.extend(
            Build(seat=seat, structure=st, territory=x)
            for st in STRUCTURES
            if st not in built
            for x in places
        )
    else:
        cands.extend(
            Enlist(seat=seat, action=action, bonus=b) for action in BOTTOM_ACTIONS for b in range(4)
        )
    out = [m for m in cands if target_refusal(s, t, task, m) is None]
    if with_decline:
        out.append(DeclineAction(seat=seat))
    return out


def apply_target(s: State, t: Tables, task: TargetTask, m: TargetMove) -> State:
    s = pop(s)
    seat = task.seat
    p = s.players[seat]
    if isinstance(m, Upgrade):
        covered = msgspec.structs.replace(p.covered, **{m.to: p.covered.of(m.to) + 1})
        return update_player(
            s, seat, cubes=(*p.cubes, Cube(action=m.action, option=m.option)), covered=covered
        )
    if isinstance(m, Deploy):
        abilities = t.factions[p.faction].mech_abilities
        return update_player(
            s,
            seat,
            mechs=(*p.mechs, m.territory),
            mech_abilities=tuple(x for x in abilities if x in p.mech_abilities or x == m.mech),
        )
    if isinstance(m, Build):
        return update_player(
            s, seat, structures=(*p.structures, Built(structure=m.structure, territory=m.territory))
        )
    if isinstance(m, Enlist):
        s = update_player(s, seat, recruits=(*p.recruits, Recruit(action=m.action, bonus=m.bonus)))
        bonus = t.factions[p.faction].recruit_bonuses[m.bonus]
        s = update_player(s, seat, coins=s.players[seat].coins + bonus.coins)
        s = gain_track(s, t, seat, power=bonus.power, popularity=bonus.popularity)
        if bonus.combat_cards:
            s = push(s, DrawCombat(seat=seat, count=bonus.combat_cards))
        return s
    return s


# ------------------------------------------------------------------------ after the action


def recruit_bonuses(s: State, t: Tables, task: BottomTask) -> State:
    """«Постоянный бонус»: whoever has enlisted the recruit of this bottom action gains its bonus
    when it or a neighbour takes the action; the active player first, then its left, then its
    right neighbour; once only in a 2-player game."""
    n = s.players_count
    active = task.seat
    order: list[int] = []
    for x in (active, (active + 1) % n, (active - 1) % n):
        if x not in order:
            order.append(x)
    draws: list[DrawCombat] = []
    for seat in order:
        p = s.players[seat]
        for r in p.recruits:
            if r.action != task.action:
                continue
            bonus = t.bottom(p.mat, r.action).recruit_bonus
            s = update_player(s, seat, coins=s.players[seat].coins + bonus.coins)
            s = gain_track(s, t, seat, power=bonus.power, popularity=bonus.popularity)
            if bonus.combat_cards:
                draws.append(DrawCombat(seat=seat, count=bonus.combat_cards))
    return push(s, *reversed(draws))


def advance_bottom(s: State, t: Tables, task: BottomTask, events: list[Event]) -> State | None:
    """Run the automatic stages of a bottom action; ``None`` when a decision waits."""
    if task.stage == "pay":
        if task.left > 0:
            return None
        return replace_top(s, msgspec.structs.replace(task, stage="coins"))
    if task.stage == "coins":
        if coins_of(s, t, task) > 0:
            return None
        return replace_top(s, msgspec.structs.replace(task, stage="target"))
    if task.stage == "target":
        s = replace_top(s, msgspec.structs.replace(task, stage="recruits"))
        return push(s, TargetTask(seat=task.seat, action=task.action))
    if task.stage == "recruits":
        s = replace_top(s, msgspec.structs.replace(task, stage="stars"))
        return recruit_bonuses(s, t, task)
    n = s.players_count
    s = pop(s)
    return push(s, StarCheck(seats=tuple((task.seat + i) % n for i in range(n))))
