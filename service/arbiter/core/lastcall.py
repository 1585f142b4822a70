"""Remembering the last answer of a function of one immutable state.

The rules ask some questions of one state several times within a decision (who must act: to list
the moves, to check the move, to apply it). States are immutable, so a function of a state alone
may keep its last answer, found again by the state's identity: the kept state is held, so its
identity cannot be reused by another object while the answer is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

S = TypeVar("S")
R = TypeVar("R")


def last_answer(fn: Callable[[S], R]) -> Callable[[S], R]:
    """``fn`` answering again for the very state it answered last without asking ``fn``. The
    state and answer are read and replaced as one object, so threads sharing them at worst ask
    ``fn`` again."""
    last: tuple[S, R] | None = None

    @wraps(fn)
    def remembered(state: S) -> R:
        nonlocal last
        kept = last
        if kept is not None and kept[0] is state:
            return kept[1]
        answer = fn(state)
        last = (state, answer)
        return answer

    return remembered
