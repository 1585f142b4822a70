"""Helpers for Scythe scenarios: a started game with chosen factions, and state surgery."""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import IllegalMove, Move
from arbiter.games.scythe import Scythe
from arbiter.games.scythe.board import control_map
from arbiter.games.scythe.content import RESOURCES
from arbiter.games.scythe.moves import ChooseFaction, DealStructureTile
from arbiter.games.scythe.options import ScytheOptions
from arbiter.games.scythe.state import PlayerState, Resources, ScytheState, Turn
from arbiter.games.scythe.tables import Tables

GAME = Scythe()
T: Tables = GAME.tables(GAME.default_content_id)
State = ScytheState


def started(
    factions: tuple[str, ...] = ("nordic", "rusviet"),
    mats: tuple[str, ...] = ("industrial", "engineering"),
    *,
    tile: str = "adjacent_lakes",
    seed: int = 1,
    tournament: bool = False,
) -> State:
    """A game after setup, factions and mats chosen in seat order; chance from the seed."""
    options = ScytheOptions(assignment="chosen", tournament=tournament)
    s = GAME.new_state(len(factions), options, seed=seed)
    s, _ = GAME.apply(s, DealStructureTile(tile=tile))  # type: ignore[arg-type]
    for seat, (f, m) in enumerate(zip(factions, mats, strict=True)):
        s, _ = GAME.apply(s, ChooseFaction(seat=seat, faction=f, mat=m))  # type: ignore[arg-type]
    s, _ = GAME.resolve_chance(s)
    return s


def player(s: State, seat: int, **changes: Any) -> State:
    """``s`` with fields of one player changed."""
    p: PlayerState = msgspec.structs.replace(s.players[seat], **changes)
    players = (*s.players[:seat], p, *s.players[seat + 1 :])
    return msgspec.structs.replace(s, players=players)


def hands(s: State, *hands_: tuple[int, ...]) -> State:
    """Set combat hands, keeping the 42 cards: the deck gives and takes the difference."""
    deck = list(s.combat_deck)
    for seat, hand in enumerate(hands_):
        for v in s.players[seat].hand:
            deck[v - 2] += 1
        for v in hand:
            deck[v - 2] -= 1
        s = player(s, seat, hand=tuple(sorted(hand)))
    assert min(deck) >= 0
    return msgspec.structs.replace(s, combat_deck=(deck[0], deck[1], deck[2], deck[3]))


def resources(s: State, territory: str, **amounts: int) -> State:
    """Put resource tokens on a territory (replacing what was there)."""
    assert territory in T.index and set(amounts) <= set(RESOURCES)
    rs = {x: r for x, r in s.resources.items() if x != territory}
    if any(amounts.values()):
        rs[territory] = Resources(**amounts)
    ordered = {x: rs[x] for x in T.territories if x in rs}
    return msgspec.structs.replace(s, resources=ordered)


def tokens(s: State, territory: str) -> tuple[int, int, int, int]:
    """(food, wood, metal, oil) on a territory."""
    return s.resources.get(territory, Resources()).counts()


def turn(
    s: State, seat: int, stage: str = "section", section: str | None = None, **more: Any
) -> State:
    """Make it ``seat``'s turn at ``stage`` with an empty task stack."""
    t = Turn(seat=seat, stage=stage, section=section, **more)  # type: ignore[arg-type]
    return msgspec.structs.replace(s, turn=t, pending=())


def play(s: State, *moves: Move) -> State:
    """Apply checked moves, resolving chance from the seed after each."""
    for m in moves:
        s, _ = GAME.apply(s, m)
        s, _ = GAME.resolve_chance(s)
    return s


def refused(s: State, m: Move) -> str:
    """The code of the refusal of ``m``."""
    try:
        GAME.apply(s, m)
    except IllegalMove as e:
        return e.code
    raise AssertionError(f"{m!r} was accepted")


def legal(s: State, seat: int) -> list[Any]:
    return GAME.legal_moves(s, seat)


def controller(s: State, territory: str) -> int | None:
    return control_map(s, T).get(territory)


def clear_board(s: State) -> State:
    """Everyone's units home, no encounter tokens: a quiet board to set a scene on."""
    for seat, p in enumerate(s.players):
        home = T.base_of[p.faction]
        s = player(s, seat, character=home, workers=(home, home))
    return msgspec.structs.replace(s, encounter_tokens=())
