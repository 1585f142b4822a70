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
from arbiter.games.scythe.board import (
    add_resources,
    control_map,
    one,
    pop,
    push,
    refuse,
    replace_top,
    structure_at,
    update_player,
)
from arbiter.games.scythe.content import RESOURCES, Structure
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
from arbiter.games.scythe.rewards import discard_card, gain_track
from arbiter.games.scythe.state import (
    FACTORY_SECTION,
    BottomTask,
    Built,
    Cube,
    DrawCombat,
    MoveTask,
    PlayerState,
    Recruit,
    ScytheState,
    StarCheck,
    TargetTask,
)
from arbiter.games.scythe.tables import Tables
from arbiter.games.scythe.view import PlayerView

State = ScytheState
STRUCTURES: tuple[Structure, ...] = ("monument", "mill", "mine", "armory")
TargetMove = Upgrade | Deploy | Build | Enlist | DeclineAction


def cost_of(p: PlayerState | PlayerView, t: Tables, section: int) -> int:
    """A bottom-row action's cost now: printed, less the squares upgrades covered (of a seat, or
    of a view of it)."""
    bottom = t.mats[p.mat].sections[section].bottom
    return bottom.cost - p.covered[section]


def available(s: State, t: Tables, seat: int, resource_index: int) -> int:
    """Resource tokens of one type on the territories ``seat`` controls («Использование
    ресурсов с подконтрольных территорий»)."""
    cmap = control_map(s, t)
    return sum(
        s.resources[i][resource_index] for i, x in enumerate(t.territories) if cmap.get(x) == seat
    )


def _coercion(s: State, t: Tables, seat: int) -> bool:
    p = s.players[seat]
    return t.factions[p.faction].ability == "coercion" and not s.turn.coercion_used and bool(p.hand)


def bottom_refusal(s: State, t: Tables, m: TakeBottomAction) -> IllegalMove | None:
    p = s.players[m.seat]
    section = s.turn.section
    if section == FACTORY_SECTION:
        return None
    bottom = t.mats[p.mat].sections[section].bottom
    need = cost_of(p, t, section)
    have = available(s, t, m.seat, RESOURCES.index(bottom.resource))
    have += 1 if _coercion(s, t, m.seat) else 0
    if have < need:
        return refuse(
            "pay.not_enough_resources",
            f"{bottom.name} costs {need} {bottom.resource} from territories you control",
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
    if section == FACTORY_SECTION:
        # «Передвиньте юнит до 2-х раз в течение одного действия Движения»
        card = t.factory_cards[p.factory_card]
        return push(s, MoveTask(seat=m.seat, units_left=card.bottom.units, steps=card.bottom.moves))
    bottom = t.mats[p.mat].sections[section].bottom
    return push(
        s,
        BottomTask(seat=m.seat, section=section, action=bottom.name, left=cost_of(p, t, section)),
    )


# ------------------------------------------------------------------------ paying


def pay_refusal(
    s: State, t: Tables, task: BottomTask, m: PayResource | PayWithCombatCard
) -> IllegalMove | None:
    p = s.players[task.seat]
    if isinstance(m, PayWithCombatCard):
        if t.factions[p.faction].ability != "coercion":
            return refuse("pay.coercion", "only Crimea pays with combat cards («Принуждение»)")
        if s.turn.coercion_used:
            return refuse("pay.coercion_used", "one combat card as a resource a turn")
        if m.value not in p.hand:
            return refuse("pay.no_such_combat_card", f"you hold no combat card of {m.value}")
        return None
    resource = t.mats[p.mat].sections[task.section].bottom.resource
    k = RESOURCES.index(resource)
    if m.territory not in t.index or not s.resources[t.index[m.territory]][k]:
        return refuse("pay.no_resource_there", f"no {resource} on {m.territory}")
    if control_map(s, t).get(m.territory) != task.seat:
        return refuse("pay.not_controlled", "resources are spent only from territories you control")
    return None


def pay_moves(s: State, t: Tables, task: BottomTask) -> list[PayResource | PayWithCombatCard]:
    p = s.players[task.seat]
    k = RESOURCES.index(t.mats[p.mat].sections[task.section].bottom.resource)
    cmap = control_map(s, t)
    out: list[PayResource | PayWithCombatCard] = [
        PayResource(seat=task.seat, territory=x)
        for i, x in enumerate(t.territories)
        if cmap.get(x) == task.seat and s.resources[i][k]
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
        k = RESOURCES.index(t.mats[p.mat].sections[task.section].bottom.resource)
        s = add_resources(s, t, m.territory, one(k, -1))
    return replace_top(s, msgspec.structs.replace(task, left=task.left - 1))


def coins_of(s: State, t: Tables, task: BottomTask) -> int:
    return t.mats[s.players[task.seat].mat].sections[task.section].bottom.coins


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
    mat = t.mats[p.mat]
    if isinstance(m, DeclineAction):
        return None
    wanted = {"upgrade": Upgrade, "deploy": Deploy, "build": Build, "enlist": Enlist}
    if not isinstance(m, wanted[task.action]):
        return refuse("bottom.wrong_action", f"the action being taken is {task.action}")
    if isinstance(m, Upgrade):
        if not (0 <= m.section < 4 and 0 <= m.to_section < 4):
            return refuse("upgrade.unknown_section", "sections are 0-3")
        options = mat.sections[m.section].top.options
        if not 0 <= m.option < len(options) or not options[m.option].has_cube:
            return refuse("upgrade.no_cube", "no technology cube starts on that green square")
        if Cube(section=m.section, option=m.option) in p.cubes:
            return refuse("upgrade.cube_moved", "that cube was already moved («Улучшение»)")
        if p.covered[m.to_section] >= mat.sections[m.to_section].bottom.upgrade_slots:
            return refuse(
                "upgrade.no_bracket",
                "no free red square with black brackets on that bottom action («Улучшение»)",
            )
        return None
    if isinstance(m, Deploy):
        if not 0 <= m.mech < 4 or m.mech in p.mech_slots:
            return refuse("deploy.mech_deployed", "that mech is not on your faction mat")
        if m.territory in t.lakes:
            return refuse(
                "deploy.lake", "«Нельзя ввести в строй Механизм на озере» («Ввод в строй»)"
            )
        if task.place:
            if m.territory != task.place:
                return refuse("deploy.place", "the mech goes where your character is")
            return None
        if m.territory not in _worker_territories(s, t, task.seat):
            return refuse(
                "deploy.no_worker", "deploy on a territory you control with your worker on it"
            )
        return None
    if isinstance(m, Build):
        if m.structure in {b.structure for b in p.structures}:
            return refuse("build.built", f"your {m.structure} is already built")
        if m.territory in t.lakes:
            return refuse("build.lake", "«Нельзя строить на озерах» («Строительство»)")
        if m.territory not in t.index:
            return refuse("build.home_base", "home bases are not territories («Строительство»)")
        if structure_at(s, m.territory) is not None:
            return refuse(
                "build.occupied", "«Только 1 сооружение можно построить на каждой территории»"
            )
        if task.place:
            if m.territory != task.place:
                return refuse("build.place", "the structure goes where your character is")
            return None
        if m.territory not in _worker_territories(s, t, task.seat):
            return refuse(
                "build.no_worker", "build on a territory you control with your worker on it"
            )
        return None
    assert isinstance(m, Enlist)
    if not 0 <= m.section < 4 or any(r.section == m.section for r in p.recruits):
        return refuse("enlist.recruit_taken", "no recruit left on that section")
    if not 0 <= m.bonus < 4 or any(r.bonus == m.bonus for r in p.recruits):
        return refuse("enlist.bonus_taken", "that one-time bonus is taken")
    return None


def target_moves(
    s: State, t: Tables, task: TargetTask, *, with_decline: bool = True
) -> list[TargetMove]:
    seat = task.seat
    p = s.players[seat]
    mat = t.mats[p.mat]
    cands: list[TargetMove] = []
    if task.action == "upgrade":
        for sec in range(4):
            for o, option in enumerate(mat.sections[sec].top.options):
                if option.has_cube and Cube(section=sec, option=o) not in p.cubes:
                    cands.extend(
                        Upgrade(seat=seat, section=sec, option=o, to_section=ts) for ts in range(4)
                    )
    elif task.action == "deploy":
        places = [task.place] if task.place else _worker_territories(s, t, seat)
        cands.extend(
            Deploy(seat=seat, mech=i, territory=x)
            for i in range(4)
            if i not in p.mech_slots
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
        cands.extend(Enlist(seat=seat, section=sec, bonus=b) for sec in range(4) for b in range(4))
    out = [m for m in cands if target_refusal(s, t, task, m) is None]
    if with_decline:
        out.append(DeclineAction(seat=seat))
    return out


def apply_target(s: State, t: Tables, task: TargetTask, m: TargetMove) -> State:
    s = pop(s)
    seat = task.seat
    p = s.players[seat]
    if isinstance(m, Upgrade):
        covered = list(p.covered)
        covered[m.to_section] += 1
        return update_player(
            s,
            seat,
            cubes=(*p.cubes, Cube(section=m.section, option=m.option)),
            covered=(covered[0], covered[1], covered[2], covered[3]),
        )
    if isinstance(m, Deploy):
        return update_player(
            s,
            seat,
            mechs=(*p.mechs, m.territory),
            mech_slots=tuple(sorted((*p.mech_slots, m.mech))),
        )
    if isinstance(m, Build):
        return update_player(
            s, seat, structures=(*p.structures, Built(structure=m.structure, territory=m.territory))
        )
    if isinstance(m, Enlist):
        s = update_player(
            s, seat, recruits=(*p.recruits, Recruit(section=m.section, bonus=m.bonus))
        )
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
        mat = t.mats[p.mat]
        for r in p.recruits:
            bottom = mat.sections[r.section].bottom
            if bottom.name != task.action:
                continue
            bonus = bottom.recruit_bonus
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
