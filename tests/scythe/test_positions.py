"""Positions from a real table (:mod:`arbiter.games.scythe.position`): the worked examples of the
rulebook played from their positions, the round trip ``position_of(state_of(p)) == p`` along
random games, and impossible positions refused with a pointer into the position."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE, InvalidState
from arbiter.games.scythe.encounters import options_allowed
from arbiter.games.scythe.moves import (
    AddCombatCard,
    ChooseEncounterOption,
    CommitPower,
    GainOne,
)
from arbiter.games.scythe.position import (
    ActionEffect,
    Battle,
    BottomAction,
    ChooseSection,
    DecksPosition,
    DrawCombatCards,
    Encounter,
    EndOfTurn,
    GameOver,
    MoveAction,
    MovingUnit,
    PayCost,
    Retreat,
    ScythePosition,
    TopAction,
    TurnPosition,
    UnitRef,
)
from arbiter.games.scythe.position_examples import (
    BATTLE_OF_THE_RULEBOOK,
    ENCOUNTER_DRAWN,
    START_OF_A_GAME,
)
from arbiter.games.scythe.state import (
    Covered,
    Cube,
    EncounterTask,
    MovedFrom,
    Resources,
    ScytheState,
)
from tests.scythe.helpers import GAME, T, started

State = ScytheState


def public(s: State) -> Any:
    """The spectator's view, less the count of decisions applied (a position does not keep it)."""
    return msgspec.structs.replace(GAME.view(s, None), step=0)


def refusal(position: ScythePosition, seed: int = 0) -> tuple[str, str]:
    with pytest.raises(InvalidState) as caught:
        GAME.state_of(position, seed)
    return caught.value.code, caught.value.pointer


def seat(position: ScythePosition, i: int, **changes: Any) -> ScythePosition:
    seats = list(position.seats)
    seats[i] = msgspec.structs.replace(seats[i], **changes)
    return msgspec.structs.replace(position, seats=tuple(seats))


def play(s: State, *moves: Any) -> State:
    for m in moves:
        s, _ = GAME.apply(s, m)
    return s


# ------------------------------------------------------------------------ the worked examples


def test_the_rulebook_battle_of_7_against_4_and_a_card_of_3() -> None:
    """«БИТВА», ПРИМЕР: Ваня dials 7, Света 4 and a card of 3; 7 against 7, the attacker wins."""
    s = GAME.state_of(BATTLE_OF_THE_RULEBOOK, seed=11)
    vanya, sveta = 1, 0
    assert set(GAME.to_act(s)) == {vanya, sveta}  # at once and in secret («Выбор силы»)
    # «У него есть один юнит (Механизм), поэтому он может добавить 1 карту битвы»
    assert max(m.power for m in GAME.legal_moves(s, vanya) if isinstance(m, CommitPower)) == 7
    s = play(s, CommitPower(seat=vanya, power=7))
    # «она может использовать до 2-х карт битвы»; «Нельзя выбрать число больше того, что Вы имеете»
    assert max(m.power for m in GAME.legal_moves(s, sveta) if isinstance(m, CommitPower)) == 4
    s = play(s, AddCombatCard(seat=sveta, value=3), CommitPower(seat=sveta, power=4))
    assert GAME.to_act(s) == (CHANCE,)  # Света draws a card for the power she spent
    hand_before = len(s.players[sveta].hand)
    s, _ = GAME.resolve_chance(s)
    ivan, sv = s.players[vanya], s.players[sveta]
    # «Иван захватывает территорию и 3 еды, Света возвращает свои юниты на домашнюю базу»
    assert (sv.character, sv.mechs, sv.workers[0]) == (
        "base_nordic",
        ("base_nordic",),
        "base_nordic",
    )
    assert s.resources["r2c5"] == Resources(food=3)
    assert GAME.view(s, None).control["r2c5"] == vanya
    # both pay their dials: 10 - 7 and 4 - 4; the card of 3 is discarded face up
    assert (ivan.power, sv.power) == (3, 0)
    assert s.combat_discard == (1, 1, 0, 0)
    # «Иван теряет 1 популярность ... вынудили 1 рабочего покинуть территорию»; «победную звезду»
    assert (ivan.popularity, ivan.stars) == (6, ("combat",))
    # «Света получает компенсацию - берет 1 карту битвы»: her 2 went back to 1, then 1 more
    assert (hand_before, len(sv.hand)) == (1, 2)
    # the Move's aftermath is over; Ваня's bottom-row action is next
    assert GAME.position_of(s).decision == BottomAction()


def test_the_start_of_a_game_is_the_setup_the_rulebook_prints() -> None:
    s = started(("nordic", "rusviet"), ("industrial", "engineering"), tile="on_tunnels")
    shown = GAME.position_of(s)
    counted = msgspec.structs.replace(
        shown,
        options=START_OF_A_GAME.options,
        seats=tuple(
            msgspec.structs.replace(x, combat_cards=len(p.hand), objectives=len(p.objectives))
            for x, p in zip(shown.seats, s.players, strict=True)
        ),
        decks=msgspec.structs.replace(shown.decks, factory_cards=len(s.factory_cards)),
    )
    assert counted == START_OF_A_GAME
    rebuilt = GAME.state_of(START_OF_A_GAME, seed=5)
    original = msgspec.structs.replace(s, options=START_OF_A_GAME.options)
    assert public(rebuilt) == public(original)
    assert GAME.legal_moves(rebuilt, 0) == GAME.legal_moves(original, 0)


def test_hidden_parts_are_drawn_from_what_the_pack_leaves_by_the_seed() -> None:
    one, same, other = (GAME.state_of(START_OF_A_GAME, seed) for seed in (1, 1, 2))
    assert one == same
    assert [p.hand for p in one.players] != [p.hand for p in other.players] or [
        p.objectives for p in one.players
    ] != [p.objectives for p in other.players]
    for s in (one, other):
        assert [len(p.hand) for p in s.players] == [1, 2]
        assert sum(s.combat_deck) + sum(len(p.hand) for p in s.players) == 42
        held = sorted([*s.objective_deck, *(c for p in s.players for c in p.objectives)])
        assert held == sorted(T.objectives)
        assert len(s.factory_cards) == 3
        assert s.factory_seen_by == ()


def test_the_encounter_example_lets_polania_choose_two_options() -> None:
    s = GAME.state_of(ENCOUNTER_DRAWN, seed=4)
    task = s.pending[-1]
    assert isinstance(task, EncounterTask)
    assert options_allowed(T, s.players[task.seat].faction) == 2  # from the faction
    assert s.encounter_tokens == tuple(x for x in T.encounter_spaces if x not in ("r4c1", "r5c0"))
    assert 1 not in s.encounter_deck and 12 not in s.encounter_deck
    s = play(s, ChooseEncounterOption(seat=1, option=0))  # +1 popularity, $2
    s = play(s, GainOne(seat=1, item="coins"), GainOne(seat=1, item="coins"))
    s = play(s, GainOne(seat=1, item="popularity"))
    assert (s.players[1].coins, s.players[1].popularity) == (8, 5)
    # the first option's reward pays for the second («Изворотливость»)
    assert ChooseEncounterOption(seat=1, option=1) in GAME.legal_moves(s, 1)


def test_only_polania_meets_an_encounter_twice() -> None:
    """«Изворотливость» is Polania's: the number of options comes from the faction."""
    crimea = seat(ENCOUNTER_DRAWN, 1, faction="crimea")
    s = GAME.state_of(crimea, seed=1)
    assert isinstance(s.pending[-1], EncounterTask)
    s = play(s, ChooseEncounterOption(seat=1, option=0))
    s = play(s, *(m for m in GAME.legal_moves(s, 1) if type(m).__name__ == "StopGaining"))
    assert not any(isinstance(x, EncounterTask) for x in s.pending), "one option, then done"


def test_every_example_builds_and_round_trips() -> None:
    titles = [title for title, _ in GAME.position_examples()]
    assert "7" in titles[0] and "3" in titles[0]
    for _, position in GAME.position_examples():
        s = GAME.state_of(position, seed=9)
        again = GAME.position_of(s)
        assert GAME.position_of(GAME.state_of(again, seed=1)) == again
        raw = msgspec.json.encode(position)
        assert msgspec.json.decode(raw, type=ScythePosition) == position


# ------------------------------------------------------------------------ random play


def states_at_rest(players: int, seed: int) -> Iterator[State]:
    """The states of a random game where a player (or chance) decides, after setup."""
    rng = random.Random(seed)
    s = GAME.new_state(players, seed=seed)
    while GAME.to_act(s):
        if s.phase == "play":
            yield s
        actor = GAME.to_act(s)[0]
        move = GAME.sample_chance(s) if actor == CHANCE else rng.choice(GAME.legal_moves(s, actor))
        s, _ = GAME.apply_unchecked(s, move)
    yield s


@pytest.mark.parametrize(
    ("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (2, 5), (3, 6), (4, 7), (5, 8)]
)
def test_positions_of_random_play_round_trip(players: int, seed: int) -> None:
    seen: set[str] = set()
    for k, s in enumerate(states_at_rest(players, seed)):
        shape = ",".join(type(x).__name__ for x in s.pending) + s.turn.stage + s.phase
        if shape in seen and k % 7:
            continue
        seen.add(shape)
        position = GAME.position_of(s)
        rebuilt = GAME.state_of(position, seed=k)
        assert GAME.position_of(rebuilt) == position
        GAME.check_state(rebuilt)
        assert public(rebuilt) == public(s)
        assert GAME.to_act(rebuilt) == GAME.to_act(s)
        for actor in GAME.to_act(s):
            assert GAME.legal_moves(rebuilt, actor) == GAME.legal_moves(s, actor)
    assert s.phase == "over" and isinstance(GAME.position_of(s).decision, GameOver)
    assert len(seen) > 15  # the shapes of the pending steps met


def test_a_game_still_in_setup_has_no_position() -> None:
    s = GAME.new_state(2, seed=1)
    with pytest.raises(InvalidState) as caught:
        GAME.position_of(s)
    assert caught.value.code == "scythe.position.not_expressible"


# ------------------------------------------------------------------------ refused, with a pointer


BATTLE = BATTLE_OF_THE_RULEBOOK


def test_seats_and_the_turn() -> None:
    assert refusal(msgspec.structs.replace(BATTLE, seats=BATTLE.seats[:1])) == (
        "scythe.position.seats",
        "/seats",
    )
    bad = seat(BATTLE, 1, mat="mystery")
    assert refusal(bad) == ("scythe.position.seats", "/seats/1/mat")
    bad = msgspec.structs.replace(BATTLE, turn=TurnPosition(seat=2, section="move_gain"))
    assert refusal(bad) == ("scythe.position.turn", "/turn/seat")
    twice = seat(BATTLE, 1, faction="nordic", character="base_nordic")
    assert refusal(twice)[1] == "/seats"


def test_what_the_mats_show_together() -> None:
    cube = (Cube(action="bolster", option=0),)
    assert refusal(seat(START_OF_A_GAME, 0, cubes=cube)) == (
        "scythe.position.upgrades",
        "/seats/0/cubes",
    )
    upgraded = seat(START_OF_A_GAME, 0, cubes=cube, covered=Covered(enlist=1))
    assert GAME.state_of(upgraded, seed=1).players[0].covered.enlist == 1
    again = msgspec.structs.replace(
        seat(START_OF_A_GAME, 0, last_section="bolster"),
        turn=TurnPosition(seat=0, section="bolster"),
        decision=TopAction(),
    )
    assert refusal(again) == ("scythe.position.section", "/turn/section")
    # «Беспощадные»: Rusviet may choose last turn's section again
    relentless = seat(BATTLE, 1, last_section="move_gain")
    assert GAME.state_of(relentless, seed=1).players[1].last_section == "move_gain"


def test_cards_no_more_than_the_pack_holds() -> None:
    fives = seat(BATTLE, 0, combat_cards=(5, 5, 5, 5, 5, 5, 5))
    assert refusal(fives) == ("scythe.position.combat_cards", "/seats/0/combat_cards/6")
    assert refusal(seat(BATTLE, 0, combat_cards=(1,))) == (
        "scythe.position.combat_cards",
        "/seats/0/combat_cards/0",
    )
    assert refusal(seat(BATTLE, 1, combat_cards=41)) == (
        "scythe.position.combat_cards",
        "/seats/1/combat_cards",
    )
    shown = seat(BATTLE, 0, objectives=(3, 99))
    assert refusal(shown) == ("scythe.position.objectives", "/seats/0/objectives/1")
    twice = seat(seat(BATTLE, 0, objectives=(3, 4)), 1, revealed_objectives=(4,))
    assert refusal(twice) == ("scythe.position.objectives", "/seats/1/revealed_objectives/0")
    kept = seat(BATTLE, 1, factory_card=2)
    out = msgspec.structs.replace(kept, decks=DecksPosition(factory_cards=(1, 2, 3)))
    assert refusal(out) == ("scythe.position.factory_cards", "/decks/factory_cards/1")
    many = msgspec.structs.replace(BATTLE, decks=DecksPosition(factory_cards=13))
    assert refusal(many) == ("scythe.position.factory_cards", "/decks/factory_cards")


def test_state_invariants_point_into_the_position() -> None:
    lost = seat(BATTLE, 0, workers=("r2c5", "nowhere"))
    assert refusal(lost) == ("scythe.invalid_state", "/seats/0/workers/1")  # the unit itself
    home = msgspec.structs.replace(
        BATTLE,
        board=msgspec.structs.replace(BATTLE.board, resources={"base_nordic": Resources(oil=1)}),
    )
    assert refusal(home) == ("scythe.invalid_state", "/board/resources/base_nordic")
    attacker = msgspec.structs.replace(
        BATTLE, decision=Battle(territory="r2c5", attacker=0, defender=1)
    )
    assert refusal(attacker) == ("scythe.state.task_seat", "/decision/attacker")
    moved = msgspec.structs.replace(
        BATTLE,
        turn=msgspec.structs.replace(
            BATTLE.turn, moved_from=(MovedFrom(kind="mech", index=3, origin="r2c6"),)
        ),
    )
    assert refusal(moved) == ("scythe.state.unit", "/turn/moved_from/0")
    retreat = msgspec.structs.replace(
        BATTLE, decision=Retreat(seat=0, territory="r2c5", mechs=(4,)), under_way=()
    )
    assert refusal(retreat) == ("scythe.state.unit", "/decision/mechs/0")
    drawn = msgspec.structs.replace(
        ENCOUNTER_DRAWN,
        decks=msgspec.structs.replace(ENCOUNTER_DRAWN.decks, encounters_drawn=(99,)),
    )
    assert refusal(drawn) == ("scythe.state.encounter_card", "/decks/encounters_drawn/0")


def test_a_move_names_units_of_the_position() -> None:
    start = msgspec.structs.replace(START_OF_A_GAME, turn=TurnPosition(seat=0, section="move_gain"))
    move = MoveAction(units_left=1, moved=(UnitRef(kind="worker", index=1),))
    ok = msgspec.structs.replace(
        start,
        decision=msgspec.structs.replace(
            move, moving=MovingUnit(unit=UnitRef(kind="worker", index=1), steps_left=1)
        ),
    )
    s = GAME.state_of(ok, seed=1)
    assert GAME.position_of(s).decision == ok.decision
    ghost = msgspec.structs.replace(
        start,
        decision=msgspec.structs.replace(
            move, moving=MovingUnit(unit=UnitRef(kind="mech", index=0), steps_left=1)
        ),
    )
    assert refusal(ghost) == ("scythe.position.unit", "/decision/moving/unit/index")
    stray = msgspec.structs.replace(
        start, decision=MoveAction(units_left=1, moved=(UnitRef(kind="worker", index=5),))
    )
    assert refusal(stray) == ("scythe.state.unit", "/decision/moved/0")


def test_the_decision_is_one_the_turn_waits_on() -> None:
    under = msgspec.structs.replace(START_OF_A_GAME, under_way=(ChooseSection(),))
    assert refusal(under) == ("scythe.position.decision", "/under_way/0")
    nothing = msgspec.structs.replace(
        START_OF_A_GAME, under_way=(Encounter(territory="r4c1"),), decision=ChooseSection()
    )
    assert refusal(nothing) == ("scythe.position.decision", "/under_way")
    # a bottom-row action's payment needs a section of the player mat
    factory = msgspec.structs.replace(
        START_OF_A_GAME, turn=TurnPosition(seat=0, section=None), decision=PayCost(left=1)
    )
    assert refusal(factory) == ("scythe.position.decision", "/turn/section")
    # on the Industrial mat, Bolster's bottom-row action is Upgrade, not Enlist
    assert T.under("industrial", "bolster").name == "upgrade"
    wrong = msgspec.structs.replace(
        START_OF_A_GAME,
        turn=TurnPosition(seat=0, section="bolster"),
        decision=ActionEffect(action="enlist"),
    )
    assert refusal(wrong) == ("scythe.position.decision", "/decision/action")
    right = msgspec.structs.replace(wrong, decision=ActionEffect(action="upgrade"))
    assert GAME.position_of(GAME.state_of(right, seed=1)).decision == right.decision
    # nothing left to do: with no objective card to reveal, the turn is passed at once
    over = msgspec.structs.replace(
        seat(START_OF_A_GAME, 0, objectives=0),
        turn=TurnPosition(seat=0, section="bolster"),
        decision=EndOfTurn(),
    )
    assert refusal(over) == ("scythe.position.decision", "/decision")
    may_reveal = msgspec.structs.replace(over, seats=START_OF_A_GAME.seats)
    assert GAME.state_of(may_reveal, seed=1).turn.stage == "end"
    # Artillery and Scout name the seat using them, the dials none
    artillery = msgspec.structs.replace(
        BATTLE, decision=msgspec.structs.replace(BATTLE.decision, stage="artillery")
    )
    assert refusal(artillery) == ("scythe.position.decision", "/decision/ability_of")


def test_a_goal_reached_carries_its_star() -> None:
    strong = seat(BATTLE, 1, power=16)
    assert refusal(strong) == ("scythe.state.star_missing", "/seats/1/stars")
    assert GAME.state_of(seat(strong, 1, stars=("power",)), seed=1).phase == "play"


def test_the_game_is_over_exactly_at_a_sixth_star() -> None:
    six = ("power", "popularity", "workers", "combat", "combat", "structures")
    assert refusal(seat(BATTLE, 0, stars=six)) == ("scythe.position.game_over", "/seats/0/stars")
    ended = msgspec.structs.replace(
        START_OF_A_GAME,
        turn=TurnPosition(seat=0, section="bolster"),
        decision=GameOver(turn_at="bottom_action"),
    )
    assert refusal(ended) == ("scythe.position.game_over", "/decision")
    final = seat(ended, 0, stars=six, power=16, popularity=18, workers=("r1c5",) * 8)
    s = GAME.state_of(final, seed=1)
    assert s.phase == "over" and GAME.result(s) is not None
    assert (s.turn.stage, s.pending) == ("bottom", ())
    shown = GAME.position_of(s)
    assert shown.decision == final.decision and shown.seats[0].stars == six


def test_the_loser_draw_after_a_battle_names_what_follows_the_move() -> None:
    """The battle is over: Света lost and went home; she is to draw her combat card."""
    home = ("base_nordic",)
    lost = seat(BATTLE, 0, character=home[0], mechs=home, workers=(*home, "r1c4", "r1c5"))
    draw = msgspec.structs.replace(lost, decision=DrawCombatCards(seat=0, count=1))
    after = msgspec.structs.replace(
        draw, turn=msgspec.structs.replace(draw.turn, after_move="battles")
    )
    built = GAME.state_of(after, seed=1)
    assert [type(x).__name__ for x in built.pending][-2:] == ["AfterMove", "DrawCombat"]
    shown = GAME.position_of(built)
    assert (shown.turn, shown.decision) == (after.turn, after.decision)
    # a draw with no Move behind it is a top-row reward: Bolster's combat cards
    bolster = msgspec.structs.replace(
        START_OF_A_GAME,
        turn=TurnPosition(seat=0, section="bolster"),
        decision=DrawCombatCards(seat=0, count=2),
    )
    built = GAME.state_of(bolster, seed=1)
    assert [type(x).__name__ for x in built.pending] == ["DrawCombat"]
    shown = GAME.position_of(built)
    assert (shown.turn, shown.decision) == (bolster.turn, bolster.decision)


def test_every_seat_of_an_unknown_faction_or_mat_is_listed_not_the_first_only() -> None:
    """Issue #39: a table whose seats name factions and mats the pack lacks («Подготовка к игре»:
    each player takes a faction mat and a player mat) is refused with every one of them."""
    seats = tuple(
        msgspec.structs.replace(seat, faction="atlantis", mat="floating")
        for seat in START_OF_A_GAME.seats
    )
    table = msgspec.structs.replace(
        START_OF_A_GAME, seats=seats, turn=msgspec.structs.replace(START_OF_A_GAME.turn, seat=4)
    )
    with pytest.raises(InvalidState) as caught:
        GAME.state_of(table, 1)
    err = caught.value
    assert (err.code, err.pointer) == ("scythe.position.seats", "/seats/0/faction")
    assert [gap.pointer for gap in err.gaps] == [
        "/seats/0/faction",
        "/seats/0/mat",
        "/seats/1/faction",
        "/seats/1/mat",
        "/turn/seat",
    ]
    assert err.gaps[0].message == err.message


def test_every_gap_of_the_mats_and_the_cards_is_said_together() -> None:
    """Issue #39: cubes, combat cards, objectives and Factory cards are independent checks; a
    table wrong in all of them is refused with each of their gaps, in that order."""
    cube = (Cube(action="bolster", option=0),)
    table = seat(seat(BATTLE, 0, cubes=cube, combat_cards=(1, 5)), 1, objectives=(3, 99, 3))
    table = msgspec.structs.replace(table, decks=DecksPosition(factory_cards=13))
    with pytest.raises(InvalidState) as caught:
        GAME.state_of(table, 1)
    err = caught.value
    said = [(gap.code.removeprefix("scythe.position."), gap.pointer) for gap in err.gaps]
    assert said == [
        ("upgrades", "/seats/0/cubes"),
        ("combat_cards", "/seats/0/combat_cards/0"),
        ("objectives", "/seats/1/objectives/1"),
        ("objectives", "/seats/1/objectives/2"),
        ("factory_cards", "/decks/factory_cards"),
    ]
    assert (err.code, err.pointer) == ("scythe.position.upgrades", "/seats/0/cubes")
