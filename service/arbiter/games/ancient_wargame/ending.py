"""The end of a turn and of the game («Окончание игры»), and the final result.

At the end of every turn (Q83-Q85):

* a seat with no province and no free hero is **eliminated**: its soldiers and ships leave the
  board, the prisoners others hold of it die, the prisoners it holds go home (their owner's
  capital, else one of its provinces, else they die); it is skipped from then on;
* every seat still in the game whose state's **unique victory condition** holds (every predicate
  of its card) has fulfilled it; if any has, the game ends now and only they are scored
  («Игроки, не выполнившие свои уникальные условия победы в этот ход, в подсчете не участвуют»);
* with one seat left the game ends by **conquest**; after the last turn (25, option
  ``turn_limit``) it ends **on points**.

Scoring: VP tokens + provinces held + provinces with 3 fortresses + sciences learned; ties go to
more $, then more ₣, then a shared win. Seats that do not take part in the scoring -- the
eliminated («Игроки, лишившиеся всех своих провинций и героев, не участвуют в подсчете»), and in a
unique-condition ending those that did not fulfil theirs -- score 0 and come after those that do,
by the points they would have scored, then by $ and ₣; the eliminated last, a later elimination
higher (Q86). A condition met in the last turn is a unique-condition ending (Q87).
"""

from __future__ import annotations

import msgspec

from arbiter.core import Event, Result, ScoreLine
from arbiter.core.texts import Text, text
from arbiter.games.ancient_wargame.common import (
    State,
    begin_turn,
    capital,
    free_heroes,
    kill_heroes,
    owned,
    seats_in_play,
    update,
)
from arbiter.games.ancient_wargame.content import Condition
from arbiter.games.ancient_wargame.events import Happened
from arbiter.games.ancient_wargame.rules import MAX_FORTRESSES
from arbiter.games.ancient_wargame.tables import Tables

#: The tie-breakers' keys (the same in every language; clients key on them), in the order they
#: apply: taking part in the scoring and not being eliminated («не участвуют в подсчете», Q86),
#: then «больше золота, затем – больше еды» («Победа по очкам»), a later elimination higher (Q86).
TIE_BREAKERS = (
    "took part in the scoring",
    "not eliminated",
    "points had it been scored",
    "money ($)",
    "food (₣)",
    "turn eliminated (later is better)",
)
#: Each tie-breaker as a person reads it, in the order of :data:`TIE_BREAKERS`.
TIE_BREAKER_TEXTS: tuple[Text, ...] = (
    text("took part in the scoring"),
    text("still in the game (not eliminated)"),
    text("the victory points it would have scored"),
    text("money left ($)"),
    text("food left (₣)"),
    text("the turn it was eliminated (later is better)"),
)
#: Each scoring line as a person reads it, by its key (:func:`points`): «к количеству фишек
#: победных очков игрок прибавляет количество провинций, которыми он управляет на конец игры,
#: количество провинций, в которых выстроены 3 крепости и количество наук, изученных им»
#: («Победа по очкам»).
LINE_TEXTS: dict[str, Text] = {
    "VP tokens": text("victory point tokens"),
    "provinces": text("provinces held"),
    "provinces with 3 fortresses": text("provinces with 3 fortresses"),
    "sciences": text("sciences learned"),
}


def _eliminate(s: State, t: Tables, seat: int, ev: list[Event]) -> State:
    ev.append(
        Happened(what="eliminated", seat=seat, text=text("seat {seat} is eliminated", seat=seat))
    )
    provinces = tuple(
        msgspec.structs.replace(p, armies=tuple(a for a in p.armies if a.seat != seat))
        for p in s.provinces
    )
    seas = tuple(
        msgspec.structs.replace(x, fleets=tuple(f for f in x.fleets if f.seat != seat))
        for x in s.seas
    )
    heroes = []
    dead = []
    for h in s.heroes:
        if h.owner == seat:
            dead.append(h)  # its prisoners held by others die with its state
        elif h.captor == seat:
            home = capital(s, t, h.owner)
            mine = [t.provinces[i].id for i in owned(s, h.owner)]
            where = home if home in mine else (mine[0] if mine else None)
            if where is None:
                dead.append(h)  # a freed prisoner with nowhere to go
            else:
                heroes.append(msgspec.structs.replace(h, captor=None, province=where))
        else:
            heroes.append(h)
    s = msgspec.structs.replace(s, provinces=provinces, seas=seas, heroes=tuple(heroes))
    s = kill_heroes(s, dead)
    return update(s, seat, eliminated=s.turn)


def _count(s: State, t: Tables, seat: int, c: Condition) -> int:
    n = c.n
    if c.n_by_players:
        players = len(s.players)
        n = c.n_by_players[min(players - 2, len(c.n_by_players) - 1)]
    return n


def holds(s: State, t: Tables, seat: int, c: Condition) -> bool:
    """Whether a predicate of a unique victory condition holds for ``seat`` now."""
    p = s.players[seat]
    mine = {t.provinces[i].id for i in owned(s, seat)}
    n = _count(s, t, seat, c)
    if c.kind == "hold_all":
        return set(c.provinces) <= mine
    if c.kind == "hold_count":
        return sum(1 for x in mine if not c.region or t.province[x].region == c.region) >= n
    if c.kind == "hold_capitals":
        others = {
            t.capital_of[q.state]
            for i, q in enumerate(s.players)
            if i != seat and q.state is not None
        }
        return len(others & mine) >= n
    if c.kind == "sciences":
        return len(p.sciences) >= n
    if c.kind == "ships":
        return sum(x.ships(seat) for x in s.seas) >= n
    if c.kind == "wealth":
        return p.money >= n
    if c.kind == "food":
        return p.food >= n
    if c.kind == "vp_tokens":
        return p.vp >= n
    if c.kind == "full_fortresses":
        return sum(1 for i in owned(s, seat) if s.provinces[i].fortresses >= MAX_FORTRESSES) >= n
    if c.kind == "heroes":
        return len(free_heroes(s, seat)) >= n
    # eliminated: the state is in play and eliminated, or its capital is held by this seat.
    target = next((i for i, q in enumerate(s.players) if q.state == c.state), None)
    if target is not None:
        return s.players[target].eliminated is not None
    return t.capital_of.get(c.state, "") in mine


def fulfils(s: State, t: Tables, seat: int) -> bool:
    state = s.players[seat].state
    return state is not None and all(holds(s, t, seat, c) for c in t.states[state].victory)


def end_turn(s: State, t: Tables, ev: list[Event]) -> State:
    for seat in seats_in_play(s):
        if not owned(s, seat) and not free_heroes(s, seat):
            s = _eliminate(s, t, seat, ev)
    fulfilled = tuple(seat for seat in seats_in_play(s) if fulfils(s, t, seat))
    s = msgspec.structs.replace(s, fulfilled=fulfilled, counter_intel=())
    for seat in fulfilled:
        ev.append(
            Happened(
                what="unique_victory",
                seat=seat,
                text=text("seat {seat} fulfils its victory condition", seat=seat),
            )
        )
    if fulfilled or len(seats_in_play(s)) <= 1 or s.turn >= s.options.turn_limit:
        return msgspec.structs.replace(s, stage="over", pending=())
    return begin_turn(s)


def points(s: State, t: Tables, seat: int) -> list[tuple[str, int]]:
    p = s.players[seat]
    mine = owned(s, seat)
    return [
        ("VP tokens", p.vp),
        ("provinces", len(mine)),
        (
            "provinces with 3 fortresses",
            sum(1 for i in mine if s.provinces[i].fortresses >= MAX_FORTRESSES),
        ),
        ("sciences", len(p.sciences)),
    ]


def final_result(s: State, t: Tables) -> Result:
    n = len(s.players)
    scoring = set(s.fulfilled) if s.fulfilled else set(seats_in_play(s))
    scores: list[int] = []
    values: list[tuple[int, ...]] = []
    breakdown: list[ScoreLine] = []
    for seat in range(n):
        p = s.players[seat]
        lines = points(s, t, seat)
        total = sum(v for _, v in lines)
        scored = seat in scoring
        for label, v in lines:
            said = LINE_TEXTS[label]
            if scored:
                breakdown.append(ScoreLine(seat, label, v, said))
            else:  # «в подсчете не участвуют»: the line is shown, worth 0
                unscored = text("{line} (not scored)", line=said)
                breakdown.append(ScoreLine(seat, f"{label} (not scored)", 0, unscored))
        scores.append(total if scored else 0)
        values.append(
            (
                1 if scored else 0,
                1 if p.eliminated is None else 0,
                total,
                p.money,
                p.food,
                p.eliminated or 0,
            )
        )
    from arbiter.core import rank

    return rank(scores, TIE_BREAKERS, values, breakdown, tie_breaker_texts=TIE_BREAKER_TEXTS)
