"""The Move action («Движение»): one unit at a time, one step at a time.

A unit is selected (:class:`~.moves.SelectUnit`), may pick up and drop workers (mechs only) and
resource tokens (:class:`~.moves.Load`, :class:`~.moves.Unload`), and steps (:class:`~.moves.Step`)
as many times as it may: one step, or two with the Factory card's Move, one more with Speed for
the character and mechs. A unit that must stop, or has no step left, ends its movement; what it
carries stays where it stands.

Adjacency («Движение»): hex neighbours, not across a river («РЕКИ И ОЗЕРА») unless Riverwalk
(character and mechs into the faction's two terrains) or Swim (Nordic workers, not into lakes)
allows; all tunnels are adjacent («ТУННЕЛИ»), and the owner's Mine is a tunnel for all its units
(«ШАХТА»); Underpass, Township, Submerge, Seaworthy and Wayfare add their links for the character
and mechs. Home bases cannot be entered («ДОМАШНЯЯ БАЗА») except by Wayfare.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import term, text
from arbiter.games.scythe.board import (
    add_resources,
    control_map,
    fighters,
    has_ability,
    has_units,
    pop,
    push,
    refuse,
    replace_top,
    update_player,
)
from arbiter.games.scythe.events import WorkersSentHome
from arbiter.games.scythe.moves import (
    CARGO_ITEMS,
    CargoItem,
    EndMove,
    EndUnitMove,
    Load,
    SelectUnit,
    Step,
    Unload,
)
from arbiter.games.scythe.state import (
    NO_RESOURCES,
    AfterMove,
    CargoCounts,
    Carry,
    MovedFrom,
    MoveTask,
    PlayerState,
    ScytheState,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState
MoveLike = SelectUnit | Load | Unload | Step | EndUnitMove | EndMove


def location(p: PlayerState, kind: str, index: int) -> str:
    if kind == "character":
        return p.character
    if kind == "mech":
        return p.mechs[index]
    return p.workers[index]


def set_location(s: State, seat: int, kind: str, index: int, to: str) -> State:
    p = s.players[seat]
    if kind == "character":
        return update_player(s, seat, character=to)
    if kind == "mech":
        mechs = list(p.mechs)
        mechs[index] = to
        return update_player(s, seat, mechs=tuple(mechs))
    workers = list(p.workers)
    workers[index] = to
    return update_player(s, seat, workers=tuple(workers))


def enemy_units(s: State, seat: int, loc: str) -> bool:
    # plain loops: asked for every step a listing tries
    for i, q in enumerate(s.players):  # noqa: SIM110
        if i != seat and has_units(q, loc):
            return True
    return False


def enemy_fighters(s: State, seat: int, loc: str) -> bool:
    for i, q in enumerate(s.players):  # noqa: SIM110
        if i != seat and fighters(q, loc):
            return True
    return False


def inactive_bases(s: State, t: Tables) -> set[str]:
    """«"Неактивной" считается база Фракции, не участвующей в игре, включая Фракции расширения»."""
    active = {t.base_of[p.faction] for p in s.players}
    return set(t.bases) - active


def _tunnels(p: PlayerState, t: Tables) -> frozenset[str]:
    """«Шахта действует как туннель ... только Вы»: the printed tunnels and the seat's own Mine,
    each linked to every other."""
    mines = [b.territory for b in p.structures if b.structure == "mine"]
    return t.tunnel.union(mines) if mines else t.tunnel


class Reach(NamedTuple):
    """Where a seat's character and mechs reach beyond the printed edges, in one state: the
    same for every space they stand on, so worked out once for all of them (:func:`reach`)."""

    #: :func:`_tunnels`
    tunnels: frozenset[str]
    #: the groups of spaces each linking to every other member: Underpass, Township, Submerge,
    #: as far as unlocked
    groups: tuple[frozenset[str], ...]
    #: with Wayfare: the home bases they may step to from anywhere
    wayfare: tuple[str, ...]


#: The last reach worked out: the state (held, so its identity cannot be reused while kept), the
#: seat, the tables, and the reach. A listing asks for it at every space a unit stands on, the
#: check and the move that follow ask again. Read and replaced as one object, so threads sharing
#: it at worst work it out again.
_last_reach: tuple[State, int, Tables, Reach] | None = None


def reach(s: State, t: Tables, seat: int) -> Reach:
    """The :class:`Reach` of ``seat``'s character and mechs in ``s``."""
    global _last_reach
    last = _last_reach
    if last is not None and last[0] is s and last[1] == seat and last[2] is t:
        return last[3]
    p = s.players[seat]
    tunnels = _tunnels(p, t)
    groups: list[frozenset[str]] = []
    wayfare: tuple[str, ...] = ()
    if p.mech_abilities:
        cmap: dict[str, int] | None = None
        if has_ability(p, "underpass"):
            cmap = control_map(s, t)
            mountains = {x for x in t.index if t.terrain[x] == "mountain" and cmap.get(x) == seat}
            groups.append(frozenset(x for x in tunnels if x in t.index) | mountains)
        if has_ability(p, "township"):
            cmap = cmap if cmap is not None else control_map(s, t)
            villages = {x for x in t.index if t.terrain[x] == "village" and cmap.get(x) == seat}
            groups.append(frozenset(villages | {t.factory}))
        if has_ability(p, "submerge"):
            groups.append(t.lakes)
        if has_ability(p, "wayfare"):
            wayfare = (*inactive_bases(s, t), t.base_of[p.faction])
    found = Reach(tunnels, tuple(groups), wayfare)
    _last_reach = (s, seat, t, found)
    return found


def _links(s: State, t: Tables, seat: int, kind: str, at: str) -> dict[str, bool]:
    """Every space one step away, with ``True`` when the only link crosses a river. Read-only:
    without a link beyond the printed edges it is the tables' own."""
    printed = t.steps.get(at, {})
    groups: list[frozenset[str]] = []
    wayfare: tuple[str, ...] = ()
    if kind == "worker":
        tunnels = _tunnels(s.players[seat], t)
    else:
        # the character and mechs take the links of the mech abilities unlocked (Underpass and
        # Township link territories only, Submerge the lakes)
        r = reach(s, t, seat)
        tunnels, groups, wayfare = r.tunnels, [g for g in r.groups if at in g], r.wayfare
    through_tunnel = at in tunnels and at in t.index
    if not through_tunnel and not groups and not wayfare:
        return printed
    out = dict(printed)
    if through_tunnel:
        for to in tunnels:
            out[to] = False
    for group in groups:
        for to in group:
            out[to] = False
    for to in wayfare:
        out[to] = False
    out.pop(at, None)
    return out


#: Why a unit may not step, by a short name: the refusal a client is answered, from where the
#: unit would step to and where it stands. :func:`_blocked_step` names the reason, which is all a
#: listing needs; :func:`step_refusal` builds the refusal.
_STEP_REFUSALS: dict[str, Callable[[str, str], IllegalMove]] = {
    "unknown_space": lambda to, at: refuse(
        "move.unknown_space", text("{to!r} is not a space of the board", to=to)
    ),
    "no_steps_left": lambda to, at: refuse(
        "move.no_steps_left", text("this unit has no step left («Движение»)")
    ),
    "not_adjacent": lambda to, at: refuse(
        "move.not_adjacent", text("{to} is not adjacent to {at} («Движение»)", to=to, at=at)
    ),
    "home_base": lambda to, at: refuse(
        "move.home_base",
        text("no unit may move onto a home base («ДОМАШНЯЯ БАЗА»; Wayfare excepted)"),
    ),
    "resources_to_home_base": lambda to, at: refuse(
        "move.resources_to_home_base", text("resources stay on territories")
    ),
    "worker_on_lake": lambda to, at: refuse(
        "move.worker_on_lake", text("a worker cannot leave a lake without a mech («Мореходы»)")
    ),
    "worker_leaving_enemy": lambda to, at: refuse(
        "move.worker_leaving_enemy",
        text("workers cannot leave a territory held by an opponent's character or mech"),
    ),
    "worker_lake": lambda to, at: refuse(
        "move.lake", text("workers cannot move onto lakes («РЕКИ И ОЗЕРА»)")
    ),
    "worker_into_enemy": lambda to, at: refuse(
        "move.worker_into_enemy",
        text(
            "workers cannot enter a territory with an opponent's units («Движение по территории, контролируемой соперником»)"
        ),
    ),
    "river_crossing": lambda to, at: refuse(
        "move.river_crossing", text("units cannot cross rivers («РЕКИ И ОЗЕРА»)")
    ),
    "lake": lambda to, at: refuse(
        "move.lake", text("units cannot move onto lakes («РЕКИ И ОЗЕРА»)")
    ),
    "lake_cargo": lambda to, at: refuse(
        "move.lake_cargo",
        text("workers and resources cannot be left on a lake («Мореходы», «Погружение»)"),
    ),
}


def step_refusal(
    s: State,
    t: Tables,
    seat: int,
    c: Carry,
    to: str,
    links: dict[str, bool] | None = None,
    *,
    lake_checked: bool = False,
) -> IllegalMove | None:
    """Why the moving unit may not step to ``to`` (``None``: it may)."""
    why = _blocked_step(s, t, seat, c, to, links, lake_checked)
    if why is None:
        return None
    return _STEP_REFUSALS[why](to, c.at)


def _blocked_step(
    s: State,
    t: Tables,
    seat: int,
    c: Carry,
    to: str,
    links: dict[str, bool] | None,
    lake_checked: bool,
) -> str | None:
    """The name (in :data:`_STEP_REFUSALS`) of why the unit may not step to ``to``, or
    ``None``: it may."""
    p = s.players[seat]
    if to not in t.neighbours:
        return "unknown_space"
    if c.steps_left <= 0:
        return "no_steps_left"
    if links is None:
        links = _links(s, t, seat, c.kind, c.at)
    if to not in links:
        return "not_adjacent"
    faction = t.factions[p.faction]
    if to in t.bases:
        if c.kind == "worker" or to not in reach(s, t, seat).wayfare:
            return "home_base"
        if c.cargo.total():
            return "resources_to_home_base"
    if c.kind == "worker":
        if c.at in t.lakes:
            return "worker_on_lake"
        if enemy_fighters(s, seat, c.at):
            return "worker_leaving_enemy"
        if to in t.lakes:
            return "worker_lake"
        if enemy_units(s, seat, to):
            return "worker_into_enemy"
        if links[to] and faction.ability != "swim":
            return "river_crossing"
    else:
        if to in t.lakes and not (has_ability(p, "seaworthy") or has_ability(p, "submerge")):
            return "lake"
        if links[to] and not (
            has_ability(p, "riverwalk") and t.terrain.get(to) in faction.riverwalk
        ):
            return "river_crossing"
        if c.at in t.lakes and not lake_checked and not _lake_left_clean(s, t, seat, c):
            return "lake_cargo"
    return None


def _lake_left_clean(s: State, t: Tables, seat: int, c: Carry) -> bool:
    p = s.players[seat]
    others = fighters(p, c.at) - 1
    if others > 0:
        return True
    left_workers = sum(1 for i, w in enumerate(p.workers) if w == c.at and i not in c.workers)
    return left_workers == 0 and c.at not in s.resources


def _unit_key(kind: str, index: int) -> str:
    return f"{kind}:{index}"


def _unmoved(p: PlayerState, task: MoveTask) -> dict[tuple[str, str], int | None]:
    """Each kind of unit and space where the seat has one, in the order of its units (the
    character, the mechs, the workers), with the index of the first of them that has not moved
    this action (``None``: all have)."""
    found: dict[tuple[str, str], int | None] = {}
    moved = task.moved
    units = [("character", 0, p.character)]
    units += [("mech", i, x) for i, x in enumerate(p.mechs)]
    units += [("worker", i, x) for i, x in enumerate(p.workers)]
    for kind, i, at in units:
        if found.get((kind, at)) is None:  # new here, or every one so far has moved
            found[(kind, at)] = None if _unit_key(kind, i) in moved else i
    return found


def _first_unit(s: State, task: MoveTask, kind: str, at: str) -> int | None:
    """The index of the first ``kind`` of the seat on ``at`` that has not moved this action."""
    return _unmoved(s.players[task.seat], task).get((kind, at))


def _can_step(s: State, t: Tables, task: MoveTask, kind: str, at: str) -> bool:
    c = Carry(kind=kind, index=0, at=at, steps_left=1)  # type: ignore[arg-type]
    links = _links(s, t, task.seat, kind, at)
    if at in t.lakes:
        # leaving a lake, the unit may first pick up what must not stay there: its resources,
        # and (a mech) the workers
        p = s.players[task.seat]
        alone = [w for w in p.workers if w == at] if kind != "mech" else []
        ok_cargo = fighters(p, at) > 1 or not alone
        return ok_cargo and any(
            _blocked_step(s, t, task.seat, c, to, links, True) is None for to in links
        )
    return any(_blocked_step(s, t, task.seat, c, to, links, False) is None for to in links)


def select_refusal(s: State, t: Tables, task: MoveTask, m: SelectUnit) -> IllegalMove | None:
    if task.current is not None:
        return refuse("move.unit_moving", text("finish moving the current unit first"))
    if task.units_left <= 0:
        return refuse("move.no_units_left", text("the Move action moves no more units"))
    if _first_unit(s, task, m.kind, m.at) is None:
        return refuse(
            "move.no_unit",
            text(
                "no unit of yours that has not moved this action is a {kind} on {at}",
                kind=term(m.kind),
                at=m.at,
            ),
        )
    if not _can_step(s, t, task, m.kind, m.at):
        return refuse("move.stuck", text("that {kind} has nowhere to move", kind=term(m.kind)))
    return None


def _cargo_index(item: CargoItem) -> int:
    return CARGO_ITEMS.index(item)


def _counts(counts: list[int]) -> CargoCounts:
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


#: Why a unit may not pick up or drop an item, by a short name (as :data:`_STEP_REFUSALS`):
#: :func:`_load_blocked` and :func:`_unload_blocked` name the reason, which is all a listing
#: needs; :func:`load_refusal` and :func:`unload_refusal` build the refusal for the item.
_CARGO_REFUSALS: dict[str, Callable[[CargoItem], IllegalMove]] = {
    "dropped_here": lambda item: refuse(
        "move.dropped_here", text("what was dropped here cannot be picked up again here")
    ),
    "carry_workers": lambda item: refuse(
        "move.carry_workers", text("only mechs carry workers («Механизмы»)")
    ),
    "nothing_to_load": lambda item: refuse(
        "move.nothing_to_load",
        (
            text("no worker of yours here to pick up")
            if item == "worker"
            else text("no {item} here to pick up", item=term(item))
        ),
    ),
    "nothing_to_unload": lambda item: refuse(
        "move.nothing_to_unload", text("the unit carries no {item} to drop here", item=term(item))
    ),
    "resources_to_home_base": lambda item: refuse(
        "move.resources_to_home_base", text("resources stay on territories")
    ),
}


def _load_blocked(s: State, seat: int, c: Carry, item: CargoItem) -> str | None:
    """The name (in :data:`_CARGO_REFUSALS`) of why the moving unit may not pick up ``item``,
    or ``None``: it may."""
    if c.dropped_here[_cargo_index(item)]:
        return "dropped_here"
    if item == "worker":
        if c.kind != "mech":
            return "carry_workers"
        p = s.players[seat]
        if not any(w == c.at and i not in c.workers for i, w in enumerate(p.workers)):
            return "nothing_to_load"
        return None
    if not s.resources.get(c.at, NO_RESOURCES).of(item):
        return "nothing_to_load"
    return None


def _unload_blocked(t: Tables, c: Carry, item: CargoItem) -> str | None:
    """The name (in :data:`_CARGO_REFUSALS`) of why the moving unit may not drop ``item``, or
    ``None``: it may."""
    k = _cargo_index(item)
    carried = len(c.workers) if item == "worker" else c.cargo.of(item)
    if carried - c.loaded_here[k] <= 0:
        return "nothing_to_unload"
    if k and c.at not in t.index:
        return "resources_to_home_base"
    return None


def load_refusal(s: State, t: Tables, task: MoveTask, m: Load) -> IllegalMove | None:
    c = task.current
    if c is None:
        return refuse("move.no_unit_moving", text("select a unit first"))
    why = _load_blocked(s, task.seat, c, m.item)
    return None if why is None else _CARGO_REFUSALS[why](m.item)


def unload_refusal(s: State, t: Tables, task: MoveTask, m: Unload) -> IllegalMove | None:
    c = task.current
    if c is None:
        return refuse("move.no_unit_moving", text("select a unit first"))
    why = _unload_blocked(t, c, m.item)
    return None if why is None else _CARGO_REFUSALS[why](m.item)


def refusal(s: State, t: Tables, task: MoveTask, m: MoveLike) -> IllegalMove | None:
    if isinstance(m, SelectUnit):
        return select_refusal(s, t, task, m)
    if isinstance(m, Load):
        return load_refusal(s, t, task, m)
    if isinstance(m, Unload):
        return unload_refusal(s, t, task, m)
    if isinstance(m, Step):
        if task.current is None:
            return refuse("move.no_unit_moving", text("select a unit first"))
        return step_refusal(s, t, task.seat, task.current, m.to)
    if isinstance(m, EndUnitMove):
        if task.current is None:
            return refuse("move.no_unit_moving", text("no unit is moving"))
        return None
    if task.current is not None:
        return refuse("move.unit_moving", text("finish moving the current unit first"))
    return None


def moves(s: State, t: Tables, task: MoveTask) -> list[MoveLike]:
    seat = task.seat
    out: list[MoveLike] = []
    c = task.current
    if c is None:
        if task.units_left > 0:
            for (kind, at), index in _unmoved(s.players[seat], task).items():
                # select_refusal's tests past the two this branch has passed, with no refusal made
                if index is not None and _can_step(s, t, task, kind, at):
                    out.append(SelectUnit(seat=seat, kind=kind, at=at))  # type: ignore[arg-type]
        out.append(EndMove(seat=seat))
        return out
    # load_refusal's and unload_refusal's tests, with no refusal made for an item left out;
    # none passes unless a mech may pick up workers, resources lie here, or the unit carries
    # something (most units, which carry nothing over empty ground, need not ask them)
    if c.kind == "mech" or c.at in s.resources or c.workers or c.cargo.total():
        for item in CARGO_ITEMS:
            if _load_blocked(s, seat, c, item) is None:
                out.append(Load(seat=seat, item=item))
            if _unload_blocked(t, c, item) is None:
                out.append(Unload(seat=seat, item=item))
    if c.steps_left > 0:
        links = _links(s, t, seat, c.kind, c.at)
        for to in sorted(links):
            if _blocked_step(s, t, seat, c, to, links, False) is None:
                out.append(Step(seat=seat, to=to))
    out.append(EndUnitMove(seat=seat))
    return out


# --------------------------------------------------------------------------- applying


def _record_origin(s: State, kind: str, index: int, origin: str) -> State:
    turn = s.turn
    if any(m.kind == kind and m.index == index for m in turn.moved_from):
        return s
    moved = (*turn.moved_from, MovedFrom(kind=kind, index=index, origin=origin))  # type: ignore[arg-type]
    return msgspec.structs.replace(s, turn=msgspec.structs.replace(turn, moved_from=moved))


def apply(s: State, t: Tables, task: MoveTask, m: MoveLike, events: list[Event]) -> State:
    seat = task.seat
    if isinstance(m, SelectUnit):
        index = _first_unit(s, task, m.kind, m.at)
        assert index is not None
        extra = 1 if m.kind != "worker" and has_ability(s.players[seat], "speed") else 0
        new = Carry(kind=m.kind, index=index, at=m.at, steps_left=task.steps + extra)
        return replace_top(
            s,
            msgspec.structs.replace(
                task, current=new, moved=(*task.moved, _unit_key(m.kind, index))
            ),
        )
    c = task.current
    if isinstance(m, EndMove):
        return finish_move(pop(s), t, seat, events)
    assert c is not None
    if isinstance(m, Load):
        k = _cargo_index(m.item)
        loaded = list(c.loaded_here)
        loaded[k] += 1
        if k == 0:
            p = s.players[seat]
            w = next(i for i, x in enumerate(p.workers) if x == c.at and i not in c.workers)
            c = msgspec.structs.replace(c, workers=(*c.workers, w), loaded_here=_counts(loaded))
        else:
            assert m.item != "worker"
            s = add_resources(s, t, c.at, NO_RESOURCES.plus(m.item, -1))
            c = msgspec.structs.replace(c, cargo=c.cargo.plus(m.item), loaded_here=_counts(loaded))
        return replace_top(s, msgspec.structs.replace(task, current=c))
    if isinstance(m, Unload):
        k = _cargo_index(m.item)
        dropped = list(c.dropped_here)
        dropped[k] += 1
        if k == 0:
            loaded_here = [w for w in c.workers[len(c.workers) - c.loaded_here[0] :]]
            candidates = [w for w in c.workers if w not in loaded_here]
            w = candidates[-1]
            c = msgspec.structs.replace(
                c, workers=tuple(x for x in c.workers if x != w), dropped_here=_counts(dropped)
            )
        else:
            assert m.item != "worker"
            s = add_resources(s, t, c.at, NO_RESOURCES.plus(m.item))
            c = msgspec.structs.replace(
                c, cargo=c.cargo.plus(m.item, -1), dropped_here=_counts(dropped)
            )
        return replace_top(s, msgspec.structs.replace(task, current=c))
    if isinstance(m, Step):
        p = s.players[seat]
        s = _record_origin(s, c.kind, c.index, location(p, c.kind, c.index))
        s = set_location(s, seat, c.kind, c.index, m.to)
        for w in c.workers:
            s = _record_origin(s, "worker", w, s.players[seat].workers[w])
            s = set_location(s, seat, "worker", w, m.to)
        steps = c.steps_left - 1
        if c.kind != "worker" and enemy_units(s, seat, m.to):
            # «их движение заканчивается, и они не могут двигаться снова в этот ход»
            steps = 0
        if c.kind == "character" and m.to in s.encounter_tokens:
            # «Если Ваш Герой заходит на территорию с жетоном Случайной встречи, его движение
            # заканчивается»
            steps = 0
            s = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, encounter_at=m.to))
        s = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, moved=True))
        c = Carry(
            kind=c.kind,
            index=c.index,
            at=m.to,
            steps_left=steps,
            stepped=True,
            workers=c.workers,
            cargo=c.cargo,
        )
        task = msgspec.structs.replace(task, current=c)
        if steps == 0:
            return _end_unit(s, t, task)
        return replace_top(s, task)
    return _end_unit(s, t, task)


def _end_unit(s: State, t: Tables, task: MoveTask) -> State:
    c = task.current
    assert c is not None
    if c.cargo.total():
        s = add_resources(s, t, c.at, c.cargo)
    task = msgspec.structs.replace(task, current=None, units_left=task.units_left - 1)
    return replace_top(s, task)


def finish_move(s: State, t: Tables, seat: int, events: list[Event]) -> State:
    """The Move action is over: opponents' workers alone with the mover's character or mechs go
    home, the mover losing 1 popularity each («ЕСЛИ КОНТРОЛИРУЕТСЯ РАБОЧИМИ»); then battles, the
    encounter and the Factory follow."""
    p = s.players[seat]
    spots = {loc for loc in (p.character, *p.mechs) if loc in t.index}
    lost = 0
    for loc in sorted(spots):
        if enemy_fighters(s, seat, loc):
            continue
        for other, q in enumerate(s.players):
            if other == seat or loc not in q.workers:
                continue
            n = q.workers.count(loc)
            home = t.base_of[q.faction]
            s = update_player(s, other, workers=tuple(home if w == loc else w for w in q.workers))
            lost += n
            events.append(WorkersSentHome(seat=other, territory=loc, workers=n))
    if lost:
        p = s.players[seat]
        s = update_player(s, seat, popularity=max(0, p.popularity - lost))
        s = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, forced_retreat=True))
    return push(
        s,
        AfterMove(seat=seat, stage="factory"),
        AfterMove(seat=seat, stage="encounter"),
        AfterMove(seat=seat, stage="battles"),
    )
