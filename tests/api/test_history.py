"""The histories the store keeps (:mod:`arbiter.api.history`): links between open states and the
move logs of sealed games."""

from __future__ import annotations

from arbiter.api.history import EMPTY, SEGMENT, Link, LogWrite, link_after, setup_link


def moves(first: int, count: int) -> tuple[bytes, ...]:
    return tuple(str(i).encode() for i in range(first, first + count))


def test_a_link_takes_over_its_parents_while_it_stays_short() -> None:
    root = setup_link(2, b"{}", moves(0, 3))
    child = link_after("root-id", root, moves(3, 2))
    assert child == Link(None, moves(0, 5), 2, b"{}")  # still from setup: one read exports it
    long = link_after("id", Link("p", moves(0, SEGMENT)), moves(SEGMENT, 1))
    assert long == Link("id", moves(SEGMENT, 1))  # a new segment, from its parent's entry
    assert link_after(None, None, moves(0, 1)) is None  # nothing known of the parent
    assert link_after("id", None, moves(0, 1)) == Link("id", moves(0, 1))
    assert link_after("id", None, ()) is None  # a link always leads back at least one step


def test_a_move_log_appends_trims_and_never_mends_a_broken_log() -> None:
    log = EMPTY.written(LogWrite(0, moves(0, 3)))
    assert log.moves() == list(moves(0, 3))
    for step in range(3, 200):  # one move a write, chunked
        log = log.written(LogWrite(step, moves(step, 1)))
    assert log.moves() == list(moves(0, 200)) and log.length == 200
    chunks = 0
    node = log
    while node is not None:
        chunks, node = chunks + 1, node.before
    assert chunks <= 200 // SEGMENT + 2
    back = log.written(LogWrite(190))  # an undo cuts it back to the step it returns to
    assert back.moves() == list(moves(0, 190))
    assert log.moves() == list(moves(0, 200))  # persistent: the old log is unchanged
    again = back.written(LogWrite(190, (b"x",)))
    assert again.moves() == [*moves(0, 190), b"x"]
    assert log.written(LogWrite(0)).moves() == []  # dropped
    broken = EMPTY.written(LogWrite(5, (b"y",)))  # shorter than the game: emptied for good
    assert broken.moves() == [] and broken.written(LogWrite(6, (b"z",))).moves() == []
    assert EMPTY.written(LogWrite(0, ())).moves() == []
