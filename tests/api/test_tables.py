"""Sealed games' tables as Redis keeps them (msgpack records)."""

from __future__ import annotations

import msgspec

from arbiter.api.tables import Snap, Table, decode_table, encode_table


def _table(history: tuple[Snap, ...]) -> Table:
    head = Snap(b"h" * 20, packed=msgspec.msgpack.encode({"step": 3}))
    return Table("pig", True, 2, 7, head, history, b'{"target":20}')


def test_a_table_and_the_moves_its_undo_must_ask_about_round_trip() -> None:
    history = (
        Snap(b"a" * 20, packed=msgspec.msgpack.encode({"step": 1})),  # known to be undoable
        Snap(b"b" * 20, packed=msgspec.msgpack.encode({"step": 2}), move=b'{"type":"hold"}'),
    )
    table = _table(history)
    assert decode_table(encode_table(table)) == table


def test_a_table_an_older_release_wrote_still_decodes() -> None:
    """Before undo asked the rules lazily, history entries had no move: all were undoable."""
    older = msgspec.msgpack.encode(
        ["pig", True, 2, 7, [b"h" * 20, {"step": 3}], [[b"a" * 20, {"step": 1}]], b"{}", False]
    )
    table = decode_table(older)
    assert [snap.move for snap in table.history] == [None]
    assert table.history[0].packed == msgspec.msgpack.encode({"step": 1})
