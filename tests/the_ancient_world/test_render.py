"""The text of a view of The Ancient World: the table as a person follows it, and nothing the
seat may not see."""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core.render import render_generic
from arbiter.games.the_ancient_world import TheAncientWorld
from arbiter.games.the_ancient_world.moves import Place
from arbiter.games.the_ancient_world.state import ChooseSetAside
from arbiter.games.the_ancient_world.view import PendingView
from tests.the_ancient_world.helpers import play, set_player, start

GAME = TheAncientWorld()


def _text(s: Any, seat: int | None) -> str:
    return GAME.render_view(GAME.view(s, seat))


def _name(card: str) -> str:
    return str(GAME.tables(GAME.default_content_id).empire[card].name)


def test_the_text_shows_the_board_the_rows_the_seats_and_what_is_decided() -> None:
    s = start(GAME, 2, seed=7)
    s, _ = play(GAME, s, Place(seat=0, space="work", skill=1))
    text = _text(s, None)
    assert text.startswith("The Ancient World -- round 1 of 6, players' actions")
    assert "Now: seat 1 takes a turn" in text
    assert "  Work: seat 0 citizen 1" in text and "  Explore: not open yet" in text
    for card in s.empire_row:
        assert _name(card) in text
    assert "Face-up province: " in text and "Face-up titans:" in text
    assert "seat 0: 8 coins, 0 knowledge" in text and "army 0: City Guard" in text


def test_set_aside_and_drawn_cards_are_named_for_their_owner_only() -> None:
    s = start(GAME, 2, seed=7)
    shown = _text(s, None)
    hidden = [card for card in s.empire_a.middle if _name(card) not in shown][:2]
    s = set_player(s, 0, set_aside=(hidden[0],))
    s = msgspec.structs.replace(s, pending=(ChooseSetAside(seat=0, drawn=(hidden[1],)),))
    own, other, public = _text(s, 0), _text(s, 1), _text(s, None)
    assert f"set aside: {_name(hidden[0])}" in own
    assert f"sets aside one of the cards drawn: {_name(hidden[1])}" in own
    for text in (other, public):
        assert _name(hidden[0]) not in text and _name(hidden[1]) not in text
        assert "set aside: 1 card face down" in text and "(1 hidden card)" in text


def test_a_view_the_text_cannot_be_made_of_falls_back_to_json() -> None:
    view = GAME.view(start(GAME, 2, seed=7), 0)
    fight = PendingView(kind="choose_armies", seat=0, stars=5)  # no 5-star titan deck
    broken = msgspec.structs.replace(view, pending=(fight,))
    assert GAME.render_view(broken) == render_generic(broken)
