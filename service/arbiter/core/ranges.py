"""Long lists of moves that differ only in an amount, listed compactly.

Some decisions offer one move per amount, such as giving 1 to 20 coins to each other player.
Listing each is exact but long (a five-player Scythe turn would list over a hundred
``give_coins``). A move type marks such an integer member in :attr:`arbiter.core.Move.ranged`;
:func:`compact` then lists one move of each run of amounts -- the smallest -- and a
:class:`MoveRange` saying which other amounts are legal too. Short lists whose amounts are each a
choice worth showing (how much of a reward to take) are better left unmarked: a client that
picks among the listed moves alone still meets every choice.

Every listed move still applies as it is (a client that ignores the ranges can echo any listed
move), and any move that a range covers applies as well: the exact list is
``expand(*compact(moves))``, and :meth:`arbiter.core.Game.legal_moves` stays the authority.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from arbiter.core.types import Move


class MoveRange(msgspec.Struct, frozen=True, kw_only=True):
    """The listed move at ``index`` stands for every move equal to it but for member ``field``,
    which may be any whole number from ``min`` to ``max`` (both included; the listed move has
    ``min``)."""

    index: int
    field: str
    min: int
    max: int


def _key(move: Move, field: str) -> Move:
    return msgspec.structs.replace(move, **{field: 0})


def compact(moves: Sequence[Any]) -> tuple[list[Any], list[MoveRange]]:
    """The listed moves (order kept: each run sits where its first move was) and their ranges.

    Runs are maximal sets of consecutive amounts of moves equal but for the ranged member; a run
    of one amount is listed as it is.
    """
    kinds: set[type[Move]] = set(map(type, moves))
    if all(kind.ranged is None for kind in kinds):
        return list(moves), []  # as most listings: no move type with a ranged member
    #: for each move, its ranged member, its value and the move with that member at 0 (the key
    #: of the moves it may share a run with); ``None`` for a move with no ranged member
    keyed: list[tuple[str, int, Move] | None] = []
    amounts: dict[Move, list[int]] = {}
    for move in moves:
        field = type(move).ranged
        if field is None:
            keyed.append(None)
            continue
        value = getattr(move, field)
        key = _key(move, field)
        keyed.append((field, value, key))
        amounts.setdefault(key, []).append(value)
    if not any(len(values) > 1 for values in amounts.values()):
        return list(moves), []
    #: (key, amount) -> the run (lowest, highest amount) the amount is in
    run_of: dict[tuple[Move, int], tuple[int, int]] = {}
    for key, values in amounts.items():
        values.sort()
        spans: list[tuple[int, int]] = []
        for v in values:
            if spans and v == spans[-1][1] + 1:
                spans[-1] = (spans[-1][0], v)
            else:
                spans.append((v, v))
        at = 0  # values and spans both ascend: each value's run is the first that holds it
        for v in values:
            while not spans[at][0] <= v <= spans[at][1]:
                at += 1
            run_of[key, v] = spans[at]
    listed: list[Any] = []
    ranges: list[MoveRange] = []
    emitted: set[tuple[Move, int]] = set()
    for move, keys in zip(moves, keyed, strict=True):
        if keys is None:
            listed.append(move)
            continue
        field, value, key = keys
        low, high = run_of[key, value]
        if low == high:
            listed.append(move)
        elif (key, low) not in emitted:
            emitted.add((key, low))
            ranges.append(MoveRange(index=len(listed), field=field, min=low, max=high))
            listed.append(msgspec.structs.replace(move, **{field: low}))
    return listed, ranges


def expand(listed: Sequence[Any], ranges: Sequence[MoveRange]) -> list[Any]:
    """Every move the listed moves and their ranges stand for."""
    by_index = {r.index: r for r in ranges}
    out: list[Any] = []
    for index, move in enumerate(listed):
        r = by_index.get(index)
        if r is None:
            out.append(move)
        else:
            out.extend(
                msgspec.structs.replace(move, **{r.field: v}) for v in range(r.min, r.max + 1)
            )
    return out
