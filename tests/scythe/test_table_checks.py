"""Impossible tables are refused (422 with a pointer), never played on (``.table_checks``)."""

from __future__ import annotations

import msgspec
import pytest

from arbiter.core import InvalidState
from arbiter.games.scythe.state import AfterMove, Battle, Battles, EncounterTask, ScytheState
from tests.scythe.helpers import GAME, clear_board, player, started, turn
from tests.scythe.test_combat import vanya_and_sveta


def refusal(s: ScytheState) -> InvalidState:
    with pytest.raises(InvalidState) as refused:
        GAME.check_state(s)
    return refused.value


def quiet() -> ScytheState:
    """Seat 0 to choose its section, everyone at home."""
    return turn(clear_board(started(("crimea", "nordic"), ("industrial", "engineering"))), 0)


def test_the_quiet_table_passes() -> None:
    GAME.check_state(quiet())


def test_a_worker_alone_on_a_lake_is_refused() -> None:
    """«рабочий не может сдвинуться с озера без помощи Механизма»: a Crimea worker never gets
    onto a lake on its own, and no mech leaves one there."""
    s = player(quiet(), 0, workers=("r3c4", "base_crimea"))
    error = refusal(s)
    assert error.code == "scythe.state.lake" and error.pointer == "/players/0/workers/0"
    carried = player(
        quiet(), 1, mechs=("r3c4",), mech_abilities=("seaworthy",), workers=("r3c4", "base_nordic")
    )
    GAME.check_state(carried)  # Nordic's Seaworthy mech holds its worker on the lake


def test_two_seats_characters_on_one_territory_with_no_battle_are_refused() -> None:
    """«Битва происходит, если Герой и/или Механизмы одного игрока находятся на территории с
    Героем и/или Механизмами другого»: two characters together at the start of a turn."""
    s = player(player(quiet(), 0, character="r3c1"), 1, character="r3c1")
    error = refusal(s)
    assert error.code == "scythe.state.together" and error.pointer == "/players/1/character"


def test_three_combat_stars_only_for_saxony() -> None:
    """«Каждый игрок может заработать максимум 2 звезды за победы в битвах (исключение игрок
    Саксонии)»."""
    s = player(quiet(), 0, stars=("combat", "combat", "combat"))
    error = refusal(s)
    assert error.code == "scythe.state.stars" and error.pointer == "/players/0/stars"
    saxony = turn(clear_board(started(("saxony", "nordic"), ("industrial", "engineering"))), 0)
    GAME.check_state(player(saxony, 0, stars=("combat", "combat", "combat")))
    assert refusal(player(quiet(), 0, stars=("objective",))).code == "scythe.state.stars"


def test_a_goal_met_without_its_star_is_refused() -> None:
    """«Когда Вы достигнете одной из этих целей, Вы должны положить фишку звезды»: power 16 and
    no star for it, at the start of a turn (the next move would place it, and could end the
    game before the turn is played)."""
    s = player(quiet(), 1, power=16)
    error = refusal(s)
    assert error.code == "scythe.state.star_missing" and error.pointer == "/players/1/stars"
    GAME.check_state(player(quiet(), 1, power=16, stars=("power",)))


def test_a_battle_must_remember_where_the_attacker_came_from() -> None:
    """«Если Ваши юниты ... остаются на территории с юнитами соперника ..., Вы должны отменить
    эту часть действия Движения, вернув юниты на территорию, с которой они пришли»: a battle
    waiting without turn.moved_from could not be cancelled at the game's end."""
    s = vanya_and_sveta()
    assert any(isinstance(x, Battle) for x in s.pending)
    GAME.check_state(s)
    forgetful = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, moved_from=()))
    error = refusal(forgetful)
    assert error.code == "scythe.state.moved_from" and error.pointer == "/turn/moved_from"


def test_polania_chooses_two_options_because_of_its_faction() -> None:
    """«ПОЛАНИЯ (ИЗВОРОТЛИВОСТЬ): Выберите до 2-х опций» -- from the faction, not from the task:
    another faction's encounter with two options chosen is refused."""
    s = quiet()
    task = EncounterTask(seat=0, territory="r1c3", card=1, chosen=(0, 1))
    s = msgspec.structs.replace(
        player(s, 0, character="r1c3"),
        turn=msgspec.structs.replace(s.turn, stage="bottom", section="move_gain"),
        pending=(AfterMove(seat=0, stage="factory"), task),
        encounter_deck=tuple(c for c in s.encounter_deck if c != 1),
        encounter_tokens=tuple(x for x in s.encounter_tokens if x != "r1c3"),
    )
    error = refusal(s)
    assert error.code == "scythe.state.encounter_option" and error.pointer.endswith("/chosen")
    GAME.check_state(player(s, 0, faction="polania"))  # the same table, Polania's encounter


def test_the_message_names_the_mech_without_its_ability() -> None:
    s = player(quiet(), 0, mechs=("r6c2",), mech_abilities=())
    error = refusal(s)
    assert error.pointer == "/players/0/mech_abilities" and "ability" in error.message
    assert "8 workers" not in error.message


def test_battles_to_choose_keep_units_together() -> None:
    s = vanya_and_sveta()
    choose = Battles(seat=0, territories=("r2c5",))
    GAME.check_state(msgspec.structs.replace(s, pending=(*s.pending[:-1], choose)))


def test_a_unit_on_no_space_is_pointed_at_itself() -> None:
    """A pointer names the member: the worker, mech or character on a space the board lacks,
    not the whole seat (#39)."""
    for member, changes in (
        ("workers/1", {"workers": ("base_crimea", "r99c99")}),
        ("mechs/0", {"mechs": ("r99c99",), "mech_abilities": ("speed",)}),
        ("character", {"character": "r99c99"}),
    ):
        error = refusal(player(quiet(), 0, **changes))
        assert error.pointer == f"/players/0/{member}", (member, error.pointer)
        assert "unknown space 'r99c99'" in error.message
