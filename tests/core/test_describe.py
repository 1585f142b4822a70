"""The default ``Game.describe``: a move as its type tag and fields, for games without words."""

from __future__ import annotations

import msgspec

from arbiter.core import Move
from arbiter.core.describe import describe_generic
from arbiter.core.types import tag_of
from tests.toy import DieFace, Hold, Pig, Roll


class Deal(Move, frozen=True, kw_only=True, tag="deal"):
    factions: tuple[str, ...]
    open: bool = False


class Place(Move, frozen=True, kw_only=True, tag="place"):
    seat: int
    space: str
    skill: int


def test_a_game_without_its_own_words_describes_moves_generically() -> None:
    pig = Pig()
    state = pig.new_state(2, seed=5)
    assert [pig.describe(state, m) for m in pig.legal_moves(state, 0)] == ["roll", "hold"]
    rolled, _ = pig.apply(state, Roll(seat=0))
    assert pig.describe(rolled, DieFace(face=6)) == "die: face=6"
    assert pig.describe(state, Hold(seat=1)) == "hold"


def test_the_generic_form_leaves_out_the_seat_and_spells_out_values() -> None:
    assert describe_generic(Place(seat=0, space="work", skill=1)) == "place: space=work, skill=1"
    assert describe_generic(Deal(factions=("nordic", "rusviet"), open=True)) == (
        "deal: factions=[nordic, rusviet], open=true"
    )


def test_a_move_without_a_tag_is_named_by_its_class() -> None:
    class Untagged(msgspec.Struct, frozen=True):
        amount: int

    assert describe_generic(Untagged(amount=3)) == "Untagged: amount=3"


def test_tag_of_gives_the_tag_of_a_move_type_each_time() -> None:
    assert tag_of(Deal) == "deal"
    assert tag_of(Place) == "place"
    assert tag_of(Deal) == "deal"  # kept: the same answer again
    assert tag_of(Hold) == Hold.__struct_config__.tag
