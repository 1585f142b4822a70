"""The memo of known states (:mod:`arbiter.api.memo`): what it keeps, and what it no longer keeps."""

from __future__ import annotations

import msgspec

from arbiter.api.memo import FACTOR, Known, KnownStates
from tests.toy import Hold, Pig, Roll

PIG = Pig()


def _known(memo: KnownStates, seed: int) -> Known:
    state = PIG.new_state(2, seed=seed)
    written = msgspec.json.encode(state)
    return memo.learn(memo.key(PIG.id, written), PIG, state, written)


def _entry_bytes(seed: int) -> int:
    return FACTOR * len(msgspec.json.encode(PIG.new_state(2, seed=seed)))


def test_an_entry_pushed_out_of_the_memo_is_no_longer_held() -> None:
    memo = KnownStates(_entry_bytes(1) + _entry_bytes(2))
    first, second = _known(memo, 1), _known(memo, 2)
    assert memo.holds(first) and memo.holds(second)
    third = _known(memo, 3)
    assert not memo.holds(first)
    assert memo.holds(second) and memo.holds(third)


def test_an_answer_is_found_again_only_for_the_move_it_was_remembered_for() -> None:
    memo = KnownStates(1 << 20)
    origin, following = _known(memo, 1), _known(memo, 2)
    assert origin.after(Roll(seat=0), True) is None  # nothing remembered yet
    origin.remember(Roll(seat=0), True, following, [], (b"{}",))
    assert origin.after(Roll(seat=0), True) == (following, (), (b"{}",))
    assert origin.after(Roll(seat=0), False) is None  # the other treatment of chance
    assert origin.after(Hold(seat=0), True) is None


def test_the_memo_is_bounded_in_bytes_of_its_states() -> None:
    """Each entry counts FACTOR times its state's JSON; the memo never holds more than its bound,
    whatever the sizes of the states sent to it."""
    bound = 10 * _entry_bytes(1)
    memo = KnownStates(bound)
    for seed in range(100):
        _known(memo, seed)
        assert memo.total <= bound
    assert 5 <= len(memo) <= 10


def test_a_state_larger_than_the_memo_is_not_kept() -> None:
    memo = KnownStates(_entry_bytes(1) - 1)
    known = _known(memo, 1)
    assert known.state is not None and not memo.holds(known) and memo.total == 0


def test_a_state_known_under_two_spellings_counts_twice() -> None:
    memo = KnownStates(1 << 20)
    known = _known(memo, 1)
    memo.alias(b"another spelling", known)
    assert memo.total == 2 * known.size and memo.get(b"another spelling") is known
