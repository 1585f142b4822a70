"""Random games of the ancient wargame for the text tests.

:func:`playout` plays uniformly at random, or (``warlike``) prefers war: generals march into
other seats' provinces with every soldier, hires are large, deals are rare -- so battles, sieges
and their decisions come up in a few games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import msgspec

from arbiter.core import CHANCE
from arbiter.games.ancient_wargame import flow
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.games.ancient_wargame.moves import (
    Abandon,
    AddTerm,
    Besiege,
    DeclareWar,
    Fight,
    Hire,
    MoveHero,
    OpenDeal,
    Pass,
    PickState,
    Propose,
    ProposeCancel,
    RejectDeal,
    TakeSoldiers,
    Transfer,
)
from arbiter.games.ancient_wargame.options import WargameOptions
from arbiter.games.ancient_wargame.state import (
    Army,
    Draft,
    EndTurn,
    Hero,
    Phase,
    ProvinceState,
    Troops,
    WargameState,
)

_PEACEFUL = (OpenDeal, ProposeCancel, AddTerm, Transfer, Propose, Abandon)
_WARLIKE = (DeclareWar, MoveHero, Fight, Besiege, RejectDeal)


@cache
def game() -> AncientWargame:
    return AncientWargame()


def _warlike(moves: list[Any], rng: random.Random) -> Any:
    moves = [m for m in moves if not isinstance(m, _PEACEFUL)] or moves
    keen = [m for m in moves if isinstance(m, _WARLIKE)]
    if keen and rng.random() < 0.8:
        return rng.choice(keen)
    counted = [m for m in moves if isinstance(m, Hire | TakeSoldiers)]
    if counted and rng.random() < 0.8:
        return max(counted, key=lambda m: (m.count, rng.random()))
    if any(isinstance(m, Pass) for m in moves) and rng.random() < 0.5:
        return next(m for m in moves if isinstance(m, Pass))
    return rng.choice(moves)


def playout(
    players: int, seed: int, *, turns: int = 25, draft: bool = False, warlike: bool = False
) -> Iterator[WargameState]:
    """Every state of a random game, from the first to the last."""
    g = game()
    rng = random.Random(seed)
    options = WargameOptions(turn_limit=turns, state_assignment="draft" if draft else "random")
    state = g.new_state(players, options=options, seed=seed)
    yield state
    while g.to_act(state):
        actor = g.to_act(state)[0]
        if actor == CHANCE:
            move = g.sample_chance(state)
        else:
            moves = g.legal_moves(state, actor)
            move = _warlike(moves, rng) if warlike else rng.choice(moves)
        state, _ = g.apply(state, move)
        yield state


def _hero_to(heroes: tuple[Hero, ...], seat: int, at: str) -> tuple[Hero, ...]:
    """Every general of ``seat`` moved to ``at``."""
    return tuple(
        msgspec.structs.replace(h, province=at) if h.owner == seat and h.kind == "general" else h
        for h in heroes
    )


def rome_and_carthage(seed: int) -> WargameState:
    """A 2-player game, seat 0 Rome and seat 1 Carthage, at its first decision of turn 1."""
    g = game()
    state = g.new_state(2, options=WargameOptions(state_assignment="draft"), seed=seed)
    for seat, pick in enumerate(("rome", "carthage")):
        state, _ = g.apply(state, PickState(seat=seat, state=pick))
    while state.turn == 0:
        actor = g.to_act(state)[0]
        move = g.sample_chance(state) if actor == CHANCE else g.legal_moves(state, actor)[0]
        state, _ = g.apply(state, move)
    return state


def battle_start(seed: int, *, neutral: bool = False, fortresses: int = 2) -> WargameState:
    """A 2-player game (seat 0 Rome, seat 1 Carthage, at war) at phase 9 of turn 1: both armies
    and generals stand in Etruria -- Rome's with ``fortresses`` fortresses, or ``neutral``."""
    g = game()
    state = rome_and_carthage(seed)
    t = g.tables(state.content_id)
    provinces = list(state.provinces)
    i = t.province_index["etruria"]
    provinces[i] = ProvinceState(
        owner=None if neutral else 0,
        fortresses=0 if neutral else fortresses,
        armies=(
            Army(seat=0, troops=Troops(infantry=3, archers=2, cavalry=2), since=1),
            Army(
                seat=1,
                troops=Troops(infantry=4, archers=2, cavalry=1),
                since=2,
                entered_from=("cisalpina",),
            ),
        ),
    )
    heroes = _hero_to(_hero_to(state.heroes, 0, "etruria"), 1, "etruria")
    state = msgspec.structs.replace(
        state,
        phase=8,
        wars=((0, 1),),
        deals=(),
        provinces=tuple(provinces),
        heroes=heroes,
        pending=(EndTurn(), Phase(number=9)),
        drafts=(Draft(), Draft()),
    )
    return flow.advance(state, t, [])


def battle_playout(seed: int, **kw: Any) -> Iterator[WargameState]:
    """Every state of :func:`battle_start`'s phase 9, played at random."""
    g = game()
    rng = random.Random(seed)
    state = battle_start(seed, **kw)
    yield state
    while state.phase == 9 and g.to_act(state):
        actor = g.to_act(state)[0]
        if actor == CHANCE:
            move = g.sample_chance(state)
        else:
            move = rng.choice(g.legal_moves(state, actor))
        state, _ = g.apply(state, move)
        yield state
