"""Phase 3: heroes are born and die («Фаза 3: появление и смерть героев»; table 1).

A D6 gives the number born (table 1, by the number of players still in the game, Q17); for each,
its kind (administrator or general, 1:1, Q14), then its owner: the seat with the fewest heroes
appeared so far (the 2 starting ones and births, Q19), ties at random; it stands in its owner's
capital (or a province the owner chooses when the capital is not his, Q16; a seat with no
province gets none) and is written last in the list; it draws a positive and a negative trait.
Then a D6 gives the number dying of old age: the heroes at the top of the list («в самом верху
списка»), prisoners included (Q18); their traits go to the discards of their decks (Q15).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import CHANCE, ChanceOutcome, Event
from arbiter.core.texts import term, text
from arbiter.games.ancient_wargame.common import (
    State,
    capital,
    hero,
    kill_heroes,
    owned,
    pop,
    push,
    replace_top,
    seats_in_play,
    set_hero,
    update,
)
from arbiter.games.ancient_wargame.events import DiceRolled, Happened
from arbiter.games.ancient_wargame.moves import HeroGiven, HeroKindDrawn, PlaceHero, RollFace
from arbiter.games.ancient_wargame.naming import kind_term
from arbiter.games.ancient_wargame.rules import BIRTHS, DEATHS
from arbiter.games.ancient_wargame.setup import new_hero
from arbiter.games.ancient_wargame.state import D6, NewHero
from arbiter.games.ancient_wargame.state import PlaceHero as PlaceHeroTask
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = (NewHero, PlaceHeroTask)


def begin(s: State, t: Tables, ev: list[Event]) -> State:
    return push(s, D6(purpose="births"))


def _players(s: State) -> int:
    return max(2, len(seats_in_play(s)))


def recipients(s: State) -> list[int]:
    """The seats with the fewest heroes appeared, among those holding a province (Q16)."""
    able = [seat for seat in seats_in_play(s) if owned(s, seat)]
    if not able:
        return []
    fewest = min(s.players[seat].appeared for seat in able)
    return [seat for seat in able if s.players[seat].appeared == fewest]


def outcomes(s: State, t: Tables, task: Any) -> list[ChanceOutcome]:
    if isinstance(task, NewHero):
        if task.kind is None:
            return [
                ChanceOutcome(HeroKindDrawn(kind="administrator"), 1),
                ChanceOutcome(HeroKindDrawn(kind="general"), 1),
            ]
        return [ChanceOutcome(HeroGiven(owner=seat), 1) for seat in recipients(s)]
    return []


def actors(s: State, task: Any) -> tuple[Any, ...] | None:
    if isinstance(task, NewHero):
        return (CHANCE,)
    return None


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    if isinstance(task, PlaceHeroTask):
        return [PlaceHero(seat=task.seat, province=t.provinces[i].id) for i in owned(s, task.seat)]
    return []


def _give(s: State, t: Tables, seat: int, kind: str, ev: list[Event]) -> State:
    s = pop(s)
    s = update(s, seat, appeared=s.players[seat].appeared + 1)
    cap = capital(s, t, seat)
    home = cap if cap is not None and s.provinces[t.province_index[cap]].owner == seat else None
    s, hid = new_hero(s, t, seat, kind, home)
    ev.append(
        Happened(
            what="hero_born",
            seat=seat,
            at=home,
            text=text("a new {kind} for seat {seat}", kind=kind_term(kind), seat=seat),
        )
    )
    if home is None:
        # The traits are drawn first (pushed above); then the owner places him.
        draws = s.pending[-2:]
        s = msgspec.structs.replace(s, pending=s.pending[:-2])
        s = push(s, PlaceHeroTask(seat=seat, hero=hid), *draws)
    return s


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    if isinstance(task, NewHero):
        if isinstance(move, HeroKindDrawn):
            return replace_top(s, msgspec.structs.replace(task, kind=move.kind))
        assert isinstance(move, HeroGiven) and task.kind is not None
        return _give(s, t, move.owner, task.kind, ev)
    if isinstance(task, PlaceHeroTask):
        h = msgspec.structs.replace(hero(s, task.hero), province=move.province)
        return pop(set_hero(s, h))
    assert isinstance(task, D6) and isinstance(move, RollFace)
    n = _players(s)
    ev.append(DiceRolled(purpose=task.purpose, face=move.face))
    s = pop(s)
    if task.purpose == "births":
        born = BIRTHS[n][move.face - 1]
        s = push(s, D6(purpose="deaths"))
        return push(s, *(NewHero() for _ in range(born)))
    dying = DEATHS[n][move.face - 1]
    dead = list(s.heroes[:dying])
    for h in dead:
        ev.append(
            Happened(
                what="hero_died",
                seat=h.owner,
                text=text("{hero} died of old age", hero=term(h.name)),
            )
        )
    return kill_heroes(s, dead)


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    if isinstance(task, NewHero) and task.kind is not None and not recipients(s):
        return pop(s)  # nobody holds a province: the hero is not born
    return None
