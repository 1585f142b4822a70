"""Small state helpers shared by the rule modules: players, the pending stack, refusals."""

from __future__ import annotations

import msgspec

from arbiter.core import Event, IllegalMove, InvalidState
from arbiter.core.tuples import replace_at
from arbiter.games.the_ancient_world.events import CitizenGained, Gained
from arbiter.games.the_ancient_world.state import (
    MAX_CITIZENS,
    AncientWorldState,
    Pending,
    PlayerState,
)
from arbiter.games.the_ancient_world.tables import Tables, has_effect, stats

State = AncientWorldState
NS = "the-ancient-world"


def refuse(code: str, message: str) -> IllegalMove:
    """A refusal with the game's namespaced rule code."""
    return IllegalMove(f"{NS}.{code}", message)


def invalid(code: str, message: str, pointer: str) -> InvalidState:
    """A broken invariant with the game's namespaced rule code and a JSON pointer to it."""
    return InvalidState(f"{NS}.{code}", message, pointer)


def with_player(s: State, seat: int, p: PlayerState) -> State:
    return msgspec.structs.replace(s, players=replace_at(s.players, seat, p))


def add(s: State, seat: int, coins: int = 0, knowledge: int = 0) -> State:
    """Give (or, negative, take) coins and knowledge; never below zero."""
    p = s.players[seat]
    p = msgspec.structs.replace(
        p, coins=max(0, p.coins + coins), knowledge=max(0, p.knowledge + knowledge)
    )
    return with_player(s, seat, p)


def push(s: State, *tasks: Pending) -> State:
    """Push tasks; the last one given is run first."""
    return msgspec.structs.replace(s, pending=s.pending + tasks)


def pop(s: State) -> State:
    return msgspec.structs.replace(s, pending=s.pending[:-1])


def replace_top(s: State, task: Pending) -> State:
    return msgspec.structs.replace(s, pending=(*s.pending[:-1], task))


def gain_citizen(
    s: State, t: Tables, seat: int, ev: list[Event], *, starving: bool = False
) -> State:
    """A new citizen token: the lowest skill the seat lacks (5 tokens a colour).

    «Житель» (citizen symbol) gives a token that is ready at once; «Увеличивать население»
    puts it on the starving space. «Акведук» (Aqueduct): also 1 coin per food the seat has.
    """
    p = s.players[seat]
    if len(p.citizens) >= MAX_CITIZENS:
        return s
    skill = next(k for k in range(1, MAX_CITIZENS + 1) if k not in p.citizens)
    citizens = tuple(sorted((*p.citizens, skill)))
    if starving:
        p = msgspec.structs.replace(
            p, citizens=citizens, starving=tuple(sorted((*p.starving, skill)))
        )
    else:
        p = msgspec.structs.replace(p, citizens=citizens, ready=tuple(sorted((*p.ready, skill))))
    s = with_player(s, seat, p)
    ev.append(CitizenGained(seat=seat, skill=skill, starving=starving))
    if has_effect(t, p, "aqueduct") is not None:
        coins = stats(t, p).food
        if coins:
            s = add(s, seat, coins=coins)
            ev.append(Gained(seat=seat, coins=coins, reason="aqueduct"))
    return s


def gain_card_citizens(s: State, t: Tables, seat: int, card: str, ev: list[Event]) -> State:
    """«Житель»: a card with citizen symbols gives its tokens once, when it is gained."""
    for _ in range(t.sym(card).citizen):
        s = gain_citizen(s, t, seat, ev)
    return s


def next_seat(s: State, seat: int) -> int:
    return (seat + 1) % s.n
