"""The text of a Scythe view: what a person at the table needs, and nothing the seat may not see."""

from __future__ import annotations

import msgspec

from arbiter.core.render import render_generic
from arbiter.games.scythe.state import Battle, Built, Covered, Cube, Side
from tests.scythe.helpers import GAME, hands, player, resources, started, turn


def _text(s: object, seat: int | None) -> str:
    return GAME.render_view(GAME.view(s, seat))  # type: ignore[arg-type]


def test_a_seat_sees_its_own_cards_and_counts_of_the_others() -> None:
    s = hands(started(), (2, 5), (3, 4, 4))
    own, other, public = _text(s, 0), _text(s, 1), _text(s, None)
    assert "combat cards: 2 (2, 5)" in own and "combat cards: 3 (" not in own
    assert "combat cards: 3 (3, 4, 4)" in other and "combat cards: 2 (" not in other
    for card in s.players[0].objectives:
        name = GAME.tables(s.content_id).objectives[card].name
        assert name in own and name not in other and name not in public
    assert "public view" in public and "(you)" not in public


def test_the_text_names_the_board_the_seats_and_what_is_decided() -> None:
    s = resources(turn(started(), 1), "r3c1", wood=2)
    text = _text(s, None)
    assert "Now: seat 1 (Rusviet) chooses a section" in text
    assert "Nordic Kingdoms (Bjorn & Mox), Industrial mat (number 1)" in text
    assert "Rusviet Union" in text and "power 3, popularity 2, 5 coins; stars 0 of 6" in text
    assert "r3c1 (forest): 2 wood" in text
    assert "r1c4 (forest), controlled by seat 0 (Nordic): Nordic: 1 worker" in text
    assert "r1c3 (village): encounter token" in text
    assert "the Nordic home base: Nordic: character" in text
    assert "Board (" in text and "FC." in text  # the map, the Factory uncontrolled
    assert (
        "Bolster (section bolster): pay 1 coin for 2 power or 1 combat card | Upgrade: 3 oil, "
        "then 3 coins" in text
    )


def test_mats_show_upgrades_and_structures_where_they_stand() -> None:
    s = player(
        started(),
        0,
        cubes=(Cube(action="bolster", option=0),),
        covered=Covered(upgrade=1),
        structures=(Built(structure="mill", territory="r1c4"),),
    )
    text = _text(s, 1)
    assert (
        "Bolster (section bolster): pay 1 coin for 3 power or 1 combat card | Upgrade: 2 oil"
        in text
    )
    assert "structures: Mill on r1c4; recruits: 0; upgrades: 1" in text
    assert "Nordic: 1 worker, Mill" in text


def test_a_battle_shows_each_side_its_own_secret_choice_only() -> None:
    s = hands(started(), (2, 5), (3, 4, 4))
    battle = Battle(
        territory="r3c3",
        attacker=0,
        defender=1,
        stage="choose",
        attacker_side=Side(cards=(5,), power=3, committed=True),
        defender_side=Side(cards=(4,), power=1),
    )
    s = msgspec.structs.replace(s, pending=(battle,))
    attacker, defender, public = _text(s, 0), _text(s, 1), _text(s, None)
    assert "seat 0 (Nordic, you) has committed power 3, combat cards 5" in attacker
    assert "seat 1 (Rusviet) is choosing)" in attacker
    assert "seat 1 (Rusviet, you) is choosing (so far power 1, combat cards 4)" in defender
    assert "seat 0 (Nordic) has committed;" in defender
    assert "committed power" not in defender and "so far" not in public


def test_a_view_the_text_cannot_be_made_of_falls_back_to_json() -> None:
    view = GAME.view(started(), 0)
    odd = msgspec.structs.replace(view.players[0], mat="no-such-mat")
    broken = msgspec.structs.replace(view, players=(odd, *view.players[1:]))
    assert GAME.render_view(broken) == render_generic(broken)
