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
from msgspec.structs import astuple, replace

from arbiter.core.types import Move


class MoveRange(msgspec.Struct, frozen=True, kw_only=True):
    """The listed move at ``index`` stands for every move equal to it but for member ``field``,
    which may be any whole number from ``min`` to ``max`` (both included; the listed move has
    ``min``)."""

    index: int
    field: str
    min: int
    max: int


class _Run:
    """The amounts of one key (moves equal but for their ranged member), sorted into runs."""

    __slots__ = ("amounts", "emitted", "run_of")

    def __init__(self) -> None:
        self.amounts: list[int] = []
        #: amount -> the run (lowest, highest amount) it is in
        self.run_of: dict[int, tuple[int, int]] = {}
        #: the runs already listed (by their lowest amount)
        self.emitted: set[int] = set()

    def split(self) -> None:
        values = sorted(self.amounts)
        low = high = values[0]
        for v in values[1:]:
            if v != high + 1:
                self._close(low, high)
                low = v
            high = v
        self._close(low, high)

    def _close(self, low: int, high: int) -> None:
        for v in range(low, high + 1):
            self.run_of[v] = (low, high)


def compact(moves: Sequence[Any]) -> tuple[list[Any], list[MoveRange]]:
    """The listed moves (order kept: each run sits where its first move was) and their ranges.

    Runs are maximal sets of consecutive amounts of moves equal but for the ranged member; a run
    of one amount is listed as it is.

    Rules list the amounts of a move one after the other, rising (other moves may sit between
    them): each run is then read in one pass, the moves of another key ending it. A key met
    again once its run ended (a gap, a repeat, amounts out of order) sends the moves to
    :func:`_compact_any_order`, which gives the same answer for any order.
    """
    kinds: set[type[Move]] = set(map(type, moves))
    if all(kind.ranged is None for kind in kinds):
        return list(moves), []  # as most listings: no move type with a ranged member
    keyed = _keyed(moves, kinds)
    listed: list[Any] = []
    ranges: list[MoveRange] = []
    ended: set[tuple[Any, ...]] = set()  # the keys of the runs already read
    #: the run being read: its key, its lowest and highest amount so far, and where its first
    #: move is listed
    key: tuple[Any, ...] | None = None
    low = high = index = 0
    for move, entry in zip(moves, keyed, strict=True):
        if entry is None:
            listed.append(move)
            continue
        value, of = entry
        if value == high + 1 and of == key:
            high = value
            continue
        if key is not None:
            if high > low:
                ranges.append(MoveRange(index=index, field=key[0].ranged, min=low, max=high))
            ended.add(key)
        if of in ended:
            return _compact_any_order(moves, keyed)
        key, low, high, index = of, value, value, len(listed)
        listed.append(move)
    if key is not None and high > low:
        ranges.append(MoveRange(index=index, field=key[0].ranged, min=low, max=high))
    return listed, ranges


def _keyed(
    moves: Sequence[Any], kinds: set[type[Move]]
) -> list[tuple[int, tuple[Any, ...]] | None]:
    """For each move, the amount of its ranged member and its key: its kind and its other
    members (the moves it may share a run with have the same); ``None`` for a move with no
    ranged member."""
    #: for each kind of move with a ranged member, where that member sits among its fields
    at = {kind: kind.__struct_fields__.index(kind.ranged) for kind in kinds if kind.ranged}
    keyed: list[tuple[int, tuple[Any, ...]] | None] = []
    for move in moves:
        kind = type(move)
        i = at.get(kind)
        if i is None:
            keyed.append(None)
        else:
            members = astuple(move)
            keyed.append((members[i], (kind, members[:i], members[i + 1 :])))
    return keyed


def _compact_any_order(
    moves: Sequence[Any], keyed: list[tuple[int, tuple[Any, ...]] | None]
) -> tuple[list[Any], list[MoveRange]]:
    """:func:`compact` of moves in any order, with their amounts and keys (:func:`_keyed`)."""
    runs: dict[tuple[Any, ...], _Run] = {}
    for entry in keyed:
        if entry is not None:
            run = runs.get(entry[1])
            if run is None:
                run = runs[entry[1]] = _Run()
            run.amounts.append(entry[0])
    if all(len(run.amounts) == 1 for run in runs.values()):
        return list(moves), []
    for run in runs.values():
        run.split()
    listed: list[Any] = []
    ranges: list[MoveRange] = []
    for move, entry in zip(moves, keyed, strict=True):
        if entry is None:
            listed.append(move)
            continue
        value, key = entry
        run = runs[key]
        low, high = run.run_of[value]
        if low == high:
            listed.append(move)
        elif low not in run.emitted:
            run.emitted.add(low)
            field = key[0].ranged
            ranges.append(MoveRange(index=len(listed), field=field, min=low, max=high))
            listed.append(move if value == low else replace(move, **{field: low}))
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
            out.extend(replace(move, **{r.field: v}) for v in range(r.min, r.max + 1))
    return out
