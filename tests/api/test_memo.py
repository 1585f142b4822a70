"""The memo of known states (:mod:`arbiter.api.memo`): what it keeps, and what it no longer keeps."""

from __future__ import annotations

import msgspec

from arbiter.api.memo import Known, KnownStates
from tests.toy import Hold, Pig, Roll

PIG = Pig()


def _known(memo: KnownStates, seed: int) -> Known:
    state = PIG.new_state(2, seed=seed)
    return memo.learn(memo.key(PIG.id, msgspec.json.encode(state)), PIG, state)


def test_an_entry_pushed_out_of_the_memo_is_no_longer_held() -> None:
    memo = KnownStates(2)
    first, second = _known(memo, 1), _known(memo, 2)
    assert memo.holds(first) and memo.holds(second)
    third = _known(memo, 3)
    assert not memo.holds(first)
    assert memo.holds(second) and memo.holds(third)


def test_an_answer_is_found_again_only_for_the_move_it_was_remembered_for() -> None:
    memo = KnownStates(4)
    origin, following = _known(memo, 1), _known(memo, 2)
    assert origin.after(Roll(seat=0), True) is None  # nothing remembered yet
    origin.remember(Roll(seat=0), True, following, [], (b"{}",))
    assert origin.after(Roll(seat=0), True) == (following, (), (b"{}",))
    assert origin.after(Roll(seat=0), False) is None  # the other treatment of chance
    assert origin.after(Hold(seat=0), True) is None
