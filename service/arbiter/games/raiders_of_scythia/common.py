"""Small helpers every rules module uses: the pending stack and a player's parts."""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.games.raiders_of_scythia.state import (
    LIMIT,
    Player,
    RaidersState,
    Slot,
    Stock,
    Task,
)

State = RaidersState


def push(s: State, *tasks: Task) -> State:
    """Push ``tasks`` on the pending stack; the last one is decided first."""
    return msgspec.structs.replace(s, pending=(*s.pending, *tasks))


def pop(s: State) -> State:
    return msgspec.structs.replace(s, pending=s.pending[:-1])


def replace_top(s: State, task: Task) -> State:
    return msgspec.structs.replace(s, pending=(*s.pending[:-1], task))


def with_player(s: State, seat: int, player: Player) -> State:
    players = list(s.players)
    players[seat] = player
    return msgspec.structs.replace(s, players=tuple(players))


def update(s: State, seat: int, **changes: Any) -> State:
    """The state with ``seat``'s player changed."""
    return with_player(s, seat, msgspec.structs.replace(s.players[seat], **changes))


def add_stock(stock: Stock, **amounts: int) -> Stock:
    """``stock`` with the amounts added (negative amounts are payments; never below 0)."""
    values = {k: max(0, getattr(stock, k) + v) for k, v in amounts.items() if v}
    return msgspec.structs.replace(stock, **values) if values else stock


def with_slot(player: Player, index: int, slot: Slot) -> Player:
    slots = list(player.slots)
    slots[index] = slot
    return msgspec.structs.replace(player, slots=tuple(slots))


def hired(player: Player) -> int:
    """How many crew members the player has hired («Соратники»; the hero is not one)."""
    return sum(1 for slot in player.slots if slot.crew is not None)


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` less one ``card``."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def over_limit(player: Player) -> bool:
    return len(player.hand) > LIMIT


def turn_takers(s: State) -> int:
    """Players, and the chief in solo play."""
    return len(s.players) + (1 if s.chief is not None else 0)
