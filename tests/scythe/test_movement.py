"""«Движение»: rivers, lakes, tunnels, home bases, carrying, stopping, the mech abilities."""

from __future__ import annotations

import msgspec

from arbiter.games.scythe.moves import (
    EndMove,
    EndUnitMove,
    Load,
    SelectUnit,
    Step,
    TakeTopAction,
)
from arbiter.games.scythe.state import Built, MoveTask
from tests.scythe.helpers import (
    GAME,
    State,
    T,
    clear_board,
    legal,
    play,
    player,
    refused,
    started,
    turn,
)

# Industrial (seat 0) and Engineering (seat 1): Move is the section of top-row action move_gain.
NORDIC_RUSVIET = (("nordic", "rusviet"), ("industrial", "engineering"))


def moving(factions: tuple[str, ...] = ("nordic", "rusviet"), **changes: object) -> State:
    s = clear_board(started(factions, ("industrial", "engineering")))
    s = player(s, 0, **changes)
    s = turn(s, 0, "top", section="move_gain")
    return play(s, TakeTopAction(seat=0, choice=0))


def steps_of(s: State) -> set[str]:
    return {m.to for m in legal(s, 0) if isinstance(m, Step)}  # type: ignore[arg-type]


def test_a_unit_cannot_cross_a_river() -> None:
    s = moving(character="r1c4")
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c4"))
    assert "r1c3" not in steps_of(s)
    assert refused(s, Step(seat=0, to="r1c3")) == "scythe.move.river_crossing"
    assert "r1c5" in steps_of(s)


def test_riverwalk_crosses_into_the_faction_terrains_only() -> None:
    # Nordic Riverwalk: forests and mountains. r2c5 (farm) -> r2c4 (mountain) across a river.
    s = moving(character="r2c5", mechs=("r1c6",), mech_abilities=("riverwalk",))
    s = play(s, SelectUnit(seat=0, kind="character", at="r2c5"))
    assert "r2c4" in steps_of(s)
    assert "r3c6" not in steps_of(s)  # a village across a river
    s2 = moving(character="r2c5")
    s2 = play(s2, SelectUnit(seat=0, kind="character", at="r2c5"))
    assert refused(s2, Step(seat=0, to="r2c4")) == "scythe.move.river_crossing"


def test_nordic_workers_swim_but_others_do_not() -> None:
    s = moving(workers=("r1c5", "r1c5"))
    s = play(s, SelectUnit(seat=0, kind="worker", at="r1c5"))
    assert "r2c5" in steps_of(s)  # across a river: Swim
    s = clear_board(started(("rusviet", "nordic"), ("industrial", "engineering")))
    s = player(s, 0, workers=("r3c6", "r3c6"))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="worker", at="r3c6"))
    assert refused(s, Step(seat=0, to="r2c5")) == "scythe.move.river_crossing"


def test_workers_cannot_enter_a_territory_with_enemy_units() -> None:
    s = moving(workers=("r2c5", "r2c5"))
    s = player(s, 1, workers=("r2c6", "r2c6"))
    s = play(s, SelectUnit(seat=0, kind="worker", at="r2c5"))
    assert refused(s, Step(seat=0, to="r2c6")) == "scythe.move.worker_into_enemy"


def test_lakes_need_seaworthy_or_submerge() -> None:
    s = moving(character="r3c3")
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c3"))
    assert refused(s, Step(seat=0, to="r3c4")) == "scythe.move.lake"
    s = moving(character="r3c3", mechs=("r1c5",), mech_abilities=("seaworthy",))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c3"), Step(seat=0, to="r3c4"))
    assert s.players[0].character == "r3c4"


def test_submerge_joins_the_lakes() -> None:
    s = clear_board(started(("polania", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r3c4", mechs=("r4c0",), mech_abilities=("submerge",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c4"))
    assert {"r7c2", "r2c0", "r5c6"} <= steps_of(s)


def test_tunnels_are_adjacent_and_the_mine_is_a_tunnel_for_its_owner() -> None:
    s = moving(character="r2c3")
    s = play(s, SelectUnit(seat=0, kind="character", at="r2c3"))
    assert {"r3c2", "r3c5", "r5c2", "r5c5", "r6c3"} <= steps_of(s)
    s = moving(workers=("r1c5", "r1c5"), structures=(Built(structure="mine", territory="r1c5"),))
    s = play(s, SelectUnit(seat=0, kind="worker", at="r1c5"))
    assert "r6c3" in steps_of(s)
    # the opponent cannot use it
    s = moving()
    s = player(s, 1, structures=(Built(structure="mine", territory="r1c5"),))
    s = player(s, 0, character="r1c5")
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c5"))
    assert "r6c3" not in steps_of(s)


def test_no_unit_moves_onto_a_home_base_but_wayfare() -> None:
    s = moving(character="r1c4")
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c4"))
    assert refused(s, Step(seat=0, to="base_nordic")) == "scythe.move.home_base"
    s = clear_board(started(("crimea", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r8c3", mechs=("r7c3",), mech_abilities=("wayfare",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r8c3"))
    # inactive bases (2 players: Nordic, Saxony, Polania and the two expansion bases) and its own
    assert {"base_nordic", "base_albion", "base_togawa", "base_crimea"} <= steps_of(s)
    assert "base_rusviet" not in steps_of(s)


def test_township_joins_controlled_villages_and_the_factory() -> None:
    s = clear_board(started(("rusviet", "nordic"), ("industrial", "engineering")))
    s = player(
        s, 0, character="r3c6", mechs=("r7c5",), mech_abilities=("township",), workers=("r6c2",)
    )
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c6"))
    assert {"r4c3", "r7c5", "r6c2"} <= steps_of(s)
    assert "r1c6" not in steps_of(s)  # a village nobody controls


def test_underpass_joins_controlled_mountains_and_tunnels() -> None:
    s = clear_board(started(("saxony", "nordic"), ("industrial", "engineering")))
    s = player(s, 0, character="r6c0", mechs=("r4c4",), mech_abilities=("underpass",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r6c0"))
    assert {"r2c3", "r4c4", "r6c3"} <= steps_of(s)
    assert "r1c1" not in steps_of(s)  # a mountain nobody controls


def test_underpass_follows_control_from_one_step_to_the_next() -> None:
    """The links of the mech abilities are worked out once for all the units of a seat in a state
    (``movement.reach``), never carried to the next: once the mech has left its mountain, the
    character no longer reaches it."""
    s = clear_board(started(("saxony", "nordic"), ("industrial", "engineering")))
    s = player(s, 0, character="r6c0", mechs=("r4c4",), mech_abilities=("underpass",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    assert SelectUnit(seat=0, kind="character", at="r6c0") in legal(s, 0)
    s = play(s, SelectUnit(seat=0, kind="mech", at="r4c4"))
    assert "r6c0" in steps_of(s)  # the mech reaches the character's mountain, and leaves by land
    away = next(
        to
        for to in sorted(T.steps["r4c4"])
        if T.terrain.get(to) != "mountain" and to not in T.tunnel and to in steps_of(s)
    )
    s = play(s, Step(seat=0, to=away))
    if any(isinstance(m, EndUnitMove) for m in legal(s, 0)):
        s = play(s, EndUnitMove(seat=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r6c0"))
    assert {"r2c3", "r6c3"} <= steps_of(s)  # the tunnels, still
    assert "r4c4" not in steps_of(s)  # a mountain nobody controls now


def test_speed_gives_one_more_step_and_entering_enemies_ends_it() -> None:
    s = moving(character="r1c4", mechs=("r8c3",), mech_abilities=("speed",))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c4"), Step(seat=0, to="r1c5"))
    task = s.pending[-1]
    assert isinstance(task, MoveTask) and task.current is not None
    assert task.current.steps_left == 1
    s = player(s, 1, workers=("r2c5",))
    s = play(s, Step(seat=0, to="r2c4"), SelectUnit(seat=0, kind="mech", at="r8c3"))
    s = play(s, Step(seat=0, to="r7c3"))
    # without enemies the mech has one more step
    assert isinstance(s.pending[-1], MoveTask) and s.pending[-1].current is not None


def test_a_mech_carries_workers_who_may_then_move_themselves() -> None:
    s = moving(mechs=("r1c5",), mech_abilities=("riverwalk",), workers=("r1c5", "r1c5"))
    s = play(
        s,
        SelectUnit(seat=0, kind="mech", at="r1c5"),
        Load(seat=0, item="worker"),
        Load(seat=0, item="worker"),
        Step(seat=0, to="r2c4"),
    )
    assert s.players[0].workers == ("r2c4", "r2c4")
    assert SelectUnit(seat=0, kind="worker", at="r2c4") in legal(s, 0)


def test_resources_travel_with_the_unit() -> None:
    from tests.scythe.helpers import resources

    s = moving(character="r1c4")
    s = resources(s, "r1c4", wood=2)
    s = play(
        s,
        SelectUnit(seat=0, kind="character", at="r1c4"),
        Load(seat=0, item="wood"),
        Step(seat=0, to="r1c5"),
    )
    from tests.scythe.helpers import tokens

    assert tokens(s, "r1c4") == (0, 1, 0, 0)
    assert tokens(s, "r1c5") == (0, 1, 0, 0)


def test_workers_alone_are_sent_home_and_cost_popularity() -> None:
    s = moving(character="r1c6")
    s = player(s, 1, workers=("r2c5", "r2c5"))
    popularity = s.players[0].popularity
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"), Step(seat=0, to="r2c5"))
    s = play(s, EndMove(seat=0))
    assert s.players[1].workers == ("base_rusviet", "base_rusviet")
    assert s.players[0].popularity == popularity - 2
    assert s.turn.forced_retreat


def test_an_encounter_token_stops_the_character_and_is_met_after_the_move() -> None:
    s = moving(character="r1c5", mechs=("r8c3",), mech_abilities=("speed",))
    s = msgspec.structs.replace(s, encounter_tokens=("r2c4",))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c5"), Step(seat=0, to="r2c4"))
    task = s.pending[-1]
    assert isinstance(task, MoveTask) and task.current is None  # stopped despite Speed
    s = play(s, EndMove(seat=0))
    assert s.encounter_tokens == ()
    assert type(s.pending[-1]).__name__ == "EncounterTask"


def test_two_different_units_at_most() -> None:
    s = moving(character="r1c4", workers=("r1c5", "r1c5"))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c4"), EndUnitMove(seat=0))
    assert refused(s, SelectUnit(seat=0, kind="character", at="r1c4")) == "scythe.move.no_unit"
    s = play(s, SelectUnit(seat=0, kind="worker", at="r1c5"), Step(seat=0, to="r1c4"))
    assert s.turn.stage == "bottom" and not s.pending
    assert GAME.to_act(s) == (0,)


def test_workers_and_resources_are_not_left_alone_on_a_lake() -> None:
    s = moving(mechs=("r3c4",), mech_abilities=("seaworthy",), workers=("r3c4", "r1c5"))
    s = play(s, SelectUnit(seat=0, kind="mech", at="r3c4"))
    assert refused(s, Step(seat=0, to="r3c3")) == "scythe.move.lake_cargo"
    s = play(s, Load(seat=0, item="worker"), Step(seat=0, to="r3c3"))
    assert s.players[0].workers == ("r3c3", "r1c5")
    s = moving(mechs=("r3c4",), mech_abilities=("seaworthy",), workers=("r3c4", "r1c5"))
    assert refused(s, SelectUnit(seat=0, kind="worker", at="r3c4")) == "scythe.move.stuck"
