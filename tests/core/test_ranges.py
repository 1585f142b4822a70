"""Moves that differ only in an amount are listed compactly (:mod:`arbiter.core.ranges`)."""

from __future__ import annotations

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from arbiter.core import Move, MoveRange, compact, expand
from arbiter.core.ranges import _compact_any_order, _keyed


class Give(Move, frozen=True, kw_only=True, tag="give"):
    ranged = "amount"

    seat: int
    to: int
    amount: int


class Pass(Move, frozen=True, kw_only=True, tag="pass"):
    seat: int


#: lists of distinct moves, some of them the same give but for the amount
_MOVES = st.lists(
    st.one_of(
        st.builds(Give, seat=st.just(0), to=st.integers(1, 3), amount=st.integers(0, 12)),
        st.builds(Pass, seat=st.integers(0, 2)),
    ),
    max_size=40,
    unique_by=repr,
)


def test_a_run_of_amounts_is_listed_once_with_its_range() -> None:
    moves = [Pass(seat=0), *(Give(seat=0, to=1, amount=a) for a in range(1, 8))]
    listed, ranges = compact(moves)
    assert listed == [Pass(seat=0), Give(seat=0, to=1, amount=1)]
    assert ranges == [MoveRange(index=1, field="amount", min=1, max=7)]
    assert expand(listed, ranges) == moves


def test_runs_split_at_gaps_and_by_the_other_members() -> None:
    moves = [
        Give(seat=0, to=2, amount=3),
        Give(seat=0, to=1, amount=1),
        Give(seat=0, to=2, amount=2),
        Give(seat=0, to=1, amount=3),
        Give(seat=0, to=1, amount=4),
    ]
    listed, ranges = compact(moves)
    # each run sits where its first move was, with its smallest amount
    assert listed == [
        Give(seat=0, to=2, amount=2),
        Give(seat=0, to=1, amount=1),
        Give(seat=0, to=1, amount=3),
    ]
    assert ranges == [
        MoveRange(index=0, field="amount", min=2, max=3),
        MoveRange(index=2, field="amount", min=3, max=4),
    ]
    assert sorted(map(repr, expand(listed, ranges))) == sorted(map(repr, moves))


def test_moves_without_runs_are_listed_as_they_are() -> None:
    moves = [Give(seat=0, to=1, amount=5), Pass(seat=0)]
    assert compact(moves) == (moves, [])


@given(_MOVES)
def test_every_move_is_listed_once_where_its_run_first_was(moves: list[Move]) -> None:
    listed, ranges = compact(moves)
    assert sorted(map(repr, expand(listed, ranges))) == sorted(map(repr, moves))
    by_index = {r.index: r for r in ranges}
    first_seen = []
    for index, shown in enumerate(listed):
        r = by_index.get(index)
        stands_for = expand([shown], [] if r is None else [msgspec.structs.replace(r, index=0)])
        assert r is None or len(stands_for) > 1  # a run of one amount is listed as it is
        first_seen.append(min(moves.index(m) for m in stands_for))
    assert first_seen == sorted(first_seen)


def _any_order(moves: list[Move]) -> tuple[list[Move], list[MoveRange]]:
    return _compact_any_order(moves, _keyed(moves, set(map(type, moves))))


@given(_MOVES, st.booleans())
def test_amounts_listed_rising_are_read_in_one_pass_as_any_order_reads_them(
    moves: list[Move], as_rules_list: bool
) -> None:
    # the order rules list amounts in (each key's amounts together, rising: read in one pass,
    # unless a gap splits them), and any other (a key met again: read as any order is)
    if as_rules_list:
        moves = sorted(moves, key=lambda m: (getattr(m, "to", 0), getattr(m, "amount", -1)))
    assert compact(moves) == _any_order(moves)
