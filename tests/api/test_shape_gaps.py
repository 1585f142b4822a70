"""Every member a value of the wrong shape misses or should not have (:mod:`arbiter.api.shape_gaps`),
walked along its type: structs, tagged unions, arrays, objects of values; bounded."""

from __future__ import annotations

from typing import Literal

import msgspec

from arbiter.api.shape_gaps import Gap, shape_gaps
from arbiter.core import MAX_GAPS


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    value: int = 0


class Draw(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="step", tag="draw"):
    deck: str


class Roll(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="step", tag="roll"):
    dice: int


class Table(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    round: int
    hands: tuple[tuple[Card, ...], ...] = ()
    piles: dict[str, Card] = {}
    step: Draw | Roll | None = None
    phase: Literal["a", "b"] = "a"


def test_every_gap_is_named_with_its_pointer_in_the_order_of_the_value() -> None:
    value = {
        "hands": [[{"name": "x"}, {"value": 2, "colour": "red"}], [7]],
        "piles": {"a/b": {"nome": "y"}},
        "step": {"step": "roll"},
        "extra": 1,
    }
    gaps, more = shape_gaps(Table, value, "/position")
    assert more == 0
    assert gaps == [
        Gap("/position/extra", "no member 'extra' here"),
        Gap("/position/round", "the required member 'round' is missing"),
        Gap("/position/hands/0/1/colour", "no member 'colour' here"),
        Gap("/position/hands/0/1/name", "the required member 'name' is missing"),
        Gap("/position/hands/1/0", "expected an object"),
        Gap("/position/piles/a~1b/nome", "no member 'nome' here"),
        Gap("/position/piles/a~1b/name", "the required member 'name' is missing"),
        Gap("/position/step/dice", "the required member 'dice' is missing"),
    ]


def test_a_value_of_the_right_shape_has_no_gap_and_leaves_are_msgspecs() -> None:
    assert shape_gaps(Table, {"round": 1, "step": {"step": "draw", "deck": "army"}}) == ([], 0)
    # a leaf of the wrong type, an unknown tag: msgspec's own first error says them
    assert shape_gaps(Table, {"round": "one", "phase": "c", "step": {"step": "fly"}}) == ([], 0)


def test_the_gaps_are_bounded_and_the_rest_counted() -> None:
    value = {"round": 1, "hands": [[{} for _ in range(MAX_GAPS + 7)]]}
    gaps, more = shape_gaps(Table, value)
    assert len(gaps) == MAX_GAPS and more == 7
    assert gaps[0] == Gap("/hands/0/0/name", "the required member 'name' is missing")
