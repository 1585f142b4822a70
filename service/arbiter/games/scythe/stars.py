"""Stars on the Triumph track and the end of the game («Размещение звезд», «Окончание игры»).

«Когда Вы достигнете одной из этих целей, Вы должны положить фишку звезды ... Однажды положив,
потерять Вы ее не сможете». The game ends the moment a player places the sixth star.
"""

from __future__ import annotations

import msgspec

from arbiter.core import Event
from arbiter.games.scythe.board import add_resources, has_units, update_player
from arbiter.games.scythe.content import TriumphGoal
from arbiter.games.scythe.events import GameEnded, StarPlaced
from arbiter.games.scythe.state import Carry, MovedFrom, MoveTask, PlayerState, ScytheState
from arbiter.games.scythe.tables import Tables

State = ScytheState


def goal_reached(p: PlayerState, goal: TriumphGoal, count: int) -> bool:
    """The goals a player reaches by its own pieces and tracks (combat and objective stars are
    placed when the battle is won or the card revealed)."""
    if goal == "upgrades":
        return len(p.cubes) >= count
    if goal == "mechs":
        return len(p.mechs) >= count
    if goal == "structures":
        return len(p.structures) >= count
    if goal == "recruits":
        return len(p.recruits) >= count
    if goal == "workers":
        return len(p.workers) >= count
    if goal == "popularity":
        return p.popularity >= count
    if goal == "power":
        return p.power >= count
    return False


def max_combat_stars(p: PlayerState, t: Tables) -> int:
    """«не более 2 звезд» for battles; Saxony «Подавление»: no limit."""
    if t.factions[p.faction].ability == "dominate":
        return t.content.triumph_track.stars
    return t.content.triumph_track.combat_stars


def max_objective_stars(p: PlayerState, t: Tables) -> int:
    """«Вы можете получить только 1 звезду цели, но ... Саксонию, то можете получить до 2»."""
    if t.factions[p.faction].ability == "dominate":
        return t.content.triumph_track.objective_stars + 1
    return t.content.triumph_track.objective_stars


def place_star(s: State, t: Tables, seat: int, goal: TriumphGoal, events: list[Event]) -> State:
    """Place a star of ``seat`` on ``goal``; the sixth ends the game at once."""
    if s.phase == "over":
        return s
    p = s.players[seat]
    limit = t.content.triumph_track.stars
    if len(p.stars) >= limit:
        return s
    s = update_player(s, seat, stars=(*p.stars, goal))
    events.append(StarPlaced(seat=seat, goal=goal))
    if len(p.stars) + 1 >= limit:
        s = end_game(s, t, seat, events)
    return s


def _progress(p: PlayerState) -> tuple[object, ...]:
    """All that :func:`goal_reached` reads of a player, and the stars it has placed."""
    return (
        p.stars,
        len(p.cubes),
        len(p.mechs),
        len(p.structures),
        len(p.recruits),
        len(p.workers),
        p.popularity,
        p.power,
    )


#: The last player :func:`award` found no star for, its progress (:func:`_progress`) and the
#: tables: what a player has earned is read from its progress alone, so the same player struct
#: -- most decisions leave the active player untouched -- or one with the same progress -- most
#: of the rest, a Move's steps among them, leave its counts and tracks alone -- earns nothing
#: new. Holding the struct keeps its identity from being reused; read and replaced as one
#: object, so threads sharing it at worst recompute.
_nothing_new: tuple[Tables, PlayerState, tuple[object, ...]] | None = None


def award(s: State, t: Tables, seat: int, events: list[Event]) -> State:
    """Place every star ``seat`` has earned by its pieces and tracks, in track order."""
    global _nothing_new
    checked = s.players[seat]
    last = _nothing_new
    if last is not None and last[0] is t:
        if last[1] is checked:
            return s
        progress = _progress(checked)
        if last[2] == progress:
            _nothing_new = (t, checked, progress)
            return s
    else:
        progress = _progress(checked)
    before = s
    s = _award(s, t, seat, events)
    if s is before and s.phase != "over":  # (an ended game awards nothing, whatever is reached)
        _nothing_new = (t, checked, progress)
    return s


def _award(s: State, t: Tables, seat: int, events: list[Event]) -> State:
    for slot in t.content.triumph_track.slots:
        if s.phase == "over":
            break
        p = s.players[seat]
        if slot.goal in ("combat", "objective") or slot.goal in p.stars:
            continue
        if goal_reached(p, slot.goal, slot.count):
            s = place_star(s, t, seat, slot.goal, events)
    return s


def end_game(s: State, t: Tables, seat: int, events: list[Event]) -> State:
    """The game is over («Игра заканчивается, как только один из игроков размещает свою 6-ю
    звезду»). «Крайние случаи»: units the active player moved onto a territory with an opponent's
    units, whose battle was not fought, go back to where they came from."""
    active = s.turn.seat
    if s.players:
        a = s.players[active]
        # «Если Ваши юниты (Герои, Механизмы или рабочие) остаются на территории с юнитами
        # соперника» -- any opponent's units, workers included (a 6th star revealed mid-Move
        # may leave a unit with workers not yet sent home)
        contested = {
            loc
            for loc in (a.character, *a.mechs, *a.workers)
            if loc in t.index
            and any(has_units(q, loc) for i, q in enumerate(s.players) if i != active)
        }
        carry = _carried(s)
        for moved in s.turn.moved_from:
            s = _send_back(s, active, moved, contested)
        if carry is not None and carry.cargo.total():
            # resource tokens in the moving unit's hands stay on the board, where it ends up
            p = s.players[active]
            at = location(p, carry.kind, carry.index)
            s = add_resources(s, t, at if at in t.index else carry.at, carry.cargo)
    events.append(GameEnded(seat=seat))
    return msgspec.structs.replace(s, phase="over", pending=())


def _carried(s: State) -> Carry | None:
    """The unit moving now (a Move interrupted by the end of the game), if any."""
    for task in reversed(s.pending):
        if isinstance(task, MoveTask):
            return task.current
    return None


def location(p: PlayerState, kind: str, index: int) -> str:
    if kind == "character":
        return p.character
    return p.mechs[index] if kind == "mech" else p.workers[index]


def _send_back(s: State, seat: int, moved: MovedFrom, contested: set[str]) -> State:
    p = s.players[seat]
    if moved.kind == "character":
        if p.character in contested:
            return update_player(s, seat, character=moved.origin)
        return s
    if moved.kind == "mech":
        if p.mechs[moved.index] in contested:
            mechs = list(p.mechs)
            mechs[moved.index] = moved.origin
            return update_player(s, seat, mechs=tuple(mechs))
        return s
    if p.workers[moved.index] in contested:
        workers = list(p.workers)
        workers[moved.index] = moved.origin
        return update_player(s, seat, workers=tuple(workers))
    return s
