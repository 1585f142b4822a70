"""last_answer: a function of one immutable state answers again for the very same state."""

from __future__ import annotations

from arbiter.core.lastcall import last_answer


def test_the_same_state_is_answered_without_asking_again_and_any_other_is_asked() -> None:
    asked: list[tuple[int, ...]] = []

    @last_answer
    def total(state: tuple[int, ...]) -> int:
        asked.append(state)
        return sum(state)

    first = (1, 2, 3)
    equal = tuple([1, 2, 3])
    assert equal == first and equal is not first
    assert total(first) == 6 and total(first) == 6
    assert total(equal) == 6, "an equal state is another state: asked again"
    assert total((4,)) == 4
    assert total(first) == 6, "only the last state is kept"
    assert [a is first for a in asked] == [True, False, False, True]
    assert total.__name__ == "total"
