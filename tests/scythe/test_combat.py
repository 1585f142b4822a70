"""«Битва»: the worked example, the choice, the reveal, the limits and the combat abilities."""

from __future__ import annotations

import msgspec

from arbiter.games.scythe.events import CombatCardsChanged
from arbiter.games.scythe.moves import (
    AddCombatCard,
    ChooseBattle,
    CommitPower,
    EndMove,
    Load,
    SelectUnit,
    StealCombatCard,
    Step,
    TakeTopAction,
    UseArtillery,
)
from arbiter.games.scythe.state import Battle, Battles
from tests.scythe.helpers import (
    GAME,
    State,
    clear_board,
    hands,
    legal,
    play,
    player,
    refused,
    resources,
    started,
    tokens,
    turn,
)


def vanya_and_sveta(table: State | None = None) -> State:
    """«Ваня выполняет действие Движения, двигая Героя на незанятую ферму, а затем Механизм с 2
    рабочими на территорию, которую контролирует Света. У Светы на этой территории стоят Герой,
    Механизм, рабочий и 3 фишки еды. У Ивана - 10 силы, у Светы - 4» (Vanya seat 0, Sveta seat
    1, at ``table`` if given: other seats look on)."""
    s = clear_board(table or started(("nordic", "rusviet"), ("industrial", "engineering")))
    s = player(
        s,
        0,
        power=10,
        character="r1c6",
        mechs=("r1c6",),
        mech_abilities=("riverwalk",),
        workers=("r1c6", "r1c6"),
        popularity=5,
    )
    s = player(
        s,
        1,
        power=4,
        character="r2c5",
        mechs=("r2c5",),
        mech_abilities=("riverwalk",),
        workers=("r2c5",),
    )
    s = hands(s, (2,), (3, 2))
    s = resources(s, "r2c5", food=3)
    s = turn(s, 0, "top", section="move_gain")
    return play(
        s,
        TakeTopAction(seat=0, choice=0),
        SelectUnit(seat=0, kind="character", at="r1c6"),
        Step(seat=0, to="r2c6"),
        SelectUnit(seat=0, kind="mech", at="r1c6"),
        Load(seat=0, item="worker"),
        Load(seat=0, item="worker"),
        Step(seat=0, to="r2c5"),
    )


def test_the_rulebook_example_vanya_wins_the_tie_7_against_4_plus_3() -> None:
    s = vanya_and_sveta()
    battle = s.pending[-1]
    assert isinstance(battle, Battle) and battle.stage == "choose"
    assert GAME.to_act(s) == (0, 1), "both choose at once"
    # Vanya: one unit (the mech), so one card at most; he plays none. Sveta: two units.
    s = play(s, CommitPower(seat=0, power=7))
    assert GAME.view(s, 1).pending[-1] == msgspec.structs.replace(
        battle, attacker_side=battle.attacker_side.__class__(committed=True)
    ), "Sveta does not see Vanya's dial"
    s = play(s, AddCombatCard(seat=1, value=3))
    s = play(s, CommitPower(seat=1, power=4))
    vanya, sveta = s.players
    assert vanya.mechs == ("r2c5",) and vanya.workers == ("r2c5", "r2c5")
    assert tokens(s, "r2c5") == (3, 0, 0, 0)
    assert sveta.character == sveta.mechs[0] == sveta.workers[0] == "base_rusviet"
    assert vanya.popularity == 4, "one worker forced to leave"
    assert vanya.stars == ("combat",)
    assert vanya.power == 3 and sveta.power == 0
    assert len(sveta.hand) == 2, "Sveta spent power: she draws a card («компенсация»)"
    assert s.combat_discard == (0, 1, 0, 0)


def test_a_card_under_the_dial_is_hidden_until_the_reveal() -> None:
    """«Количество карт битвы у Вас на руках - это открытая информация, но во время битвы Вы
    можете скрыть, пользовались ли Вы картами или нет»: until the reveal every other seat sees
    the count Sveta held when the battle began, in views and in events alike."""
    s = vanya_and_sveta()
    before = [GAME.view(s, seat).players[1].combat_cards for seat in (None, 0, 1)]
    assert before == [2, 2, 2]
    after, events = GAME.apply(s, AddCombatCard(seat=1, value=3))
    assert [GAME.view(after, seat).players[1].combat_cards for seat in (None, 0, 1)] == [2, 2, 2]
    assert GAME.view(after, 1).players[1].hand == (2,), "Sveta herself sees her hand"
    assert GAME.events_for(events, 0) == [] and GAME.events_for(events, None) == []
    (own,) = GAME.events_for(events, 1)
    assert isinstance(own, CombatCardsChanged) and own.hand == (2,) and own.change == 0
    # the reveal: the card goes face up to the discard pile, the count drops for everyone
    revealed, events = GAME.apply(
        play(after, CommitPower(seat=1, power=4)), CommitPower(seat=0, power=7)
    )
    shown = [e for e in GAME.events_for(events, 0) if isinstance(e, CombatCardsChanged)]
    assert any(e.seat == 1 and e.combat_cards == 1 and e.hand is None for e in shown)
    assert revealed.combat_discard == (0, 1, 0, 0)


def test_choices_are_limited_by_units_the_dial_and_the_track() -> None:
    s = vanya_and_sveta()
    s = play(s, AddCombatCard(seat=0, value=2))
    assert refused(s, AddCombatCard(seat=0, value=2)) == "scythe.combat.too_many_cards"
    assert refused(s, CommitPower(seat=0, power=8)) == "scythe.combat.power_over_7"
    s = player(s, 1, power=2)
    assert refused(s, CommitPower(seat=1, power=3)) == "scythe.combat.power_over_track"
    assert refused(s, AddCombatCard(seat=1, value=5)) == "scythe.combat.no_such_card"
    assert {m.power for m in legal(s, 1) if isinstance(m, CommitPower)} == {0, 1, 2}


def test_the_defender_wins_with_more_and_the_attacker_goes_home() -> None:
    s = vanya_and_sveta()
    s = play(s, CommitPower(seat=0, power=0), CommitPower(seat=1, power=1))
    vanya, sveta = s.players
    assert vanya.mechs == ("base_nordic",) and vanya.workers == ("base_nordic", "base_nordic")
    assert sveta.stars == ("combat",)
    assert vanya.popularity == 5, "a defender who wins loses no popularity"
    assert len(vanya.hand) == 1, "the loser spent nothing: no card"


def test_at_most_two_combat_stars_but_saxony_has_no_limit() -> None:
    s = vanya_and_sveta()
    s = player(s, 0, stars=("combat", "combat"))
    s = play(s, CommitPower(seat=0, power=7), CommitPower(seat=1, power=0))
    assert s.players[0].stars == ("combat", "combat")
    s = clear_board(started(("saxony", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r1c6", stars=("combat", "combat"), power=5)
    s = player(s, 1, character="r2c5", power=0)
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"), Step(seat=0, to="r2c5"))
    s = play(s, EndMove(seat=0), CommitPower(seat=0, power=1), CommitPower(seat=1, power=0))
    assert s.players[0].stars == ("combat", "combat", "combat")


def test_camaraderie_keeps_popularity() -> None:
    s = clear_board(started(("polania", "rusviet"), ("industrial", "engineering")))
    s = player(
        s,
        0,
        character="r1c6",
        mechs=("r4c0",),
        mech_abilities=("camaraderie",),
        popularity=5,
        power=5,
    )
    s = player(s, 1, character="r2c5", workers=("r2c5", "r2c5"), power=0)
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"), Step(seat=0, to="r2c5"))
    s = play(s, EndMove(seat=0), CommitPower(seat=0, power=1), CommitPower(seat=1, power=0))
    assert s.players[0].popularity == 5
    assert s.players[1].workers == ("base_rusviet", "base_rusviet")


def test_peoples_army_adds_a_card_with_a_worker_in_the_battle() -> None:
    s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r1c6", power=5)
    s = player(
        s, 1, character="r2c5", workers=("r2c5",), mechs=("r4c6",), mech_abilities=("peoples_army",)
    )
    s = hands(s, (), (2, 2, 3))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"), Step(seat=0, to="r2c5"))
    s = play(s, EndMove(seat=0), AddCombatCard(seat=1, value=2), AddCombatCard(seat=1, value=3))
    assert refused(s, AddCombatCard(seat=1, value=2)) == "scythe.combat.too_many_cards"


def test_artillery_and_disarm_cost_the_opponent_power_before_the_reveal() -> None:
    s = clear_board(started(("nordic", "saxony"), ("industrial", "engineering")))
    # Saxony defends on r3c5, a tunnel, with Disarm; Nordic attacks with Artillery.
    s = player(
        s, 0, character="r3c4", mechs=("r1c5",), mech_abilities=("seaworthy", "artillery"), power=6
    )
    s = player(s, 1, character="r3c5", mechs=("r6c0",), mech_abilities=("disarm",), power=6)
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c4"), Step(seat=0, to="r3c5"))
    s = play(s, EndMove(seat=0))
    battle = s.pending[-1]
    assert isinstance(battle, Battle) and battle.stage == "artillery"
    s = play(s, UseArtillery(seat=0, use=True))
    # Artillery: Nordic pays 1, Saxony loses 2; then Saxony's Disarm: Nordic loses 2.
    assert s.players[0].power == 3 and s.players[1].power == 4


def test_scout_takes_a_card_at_random_before_the_battle() -> None:
    s = clear_board(started(("crimea", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r1c6", mechs=("r8c3",), mech_abilities=("scout",), power=3)
    s = player(s, 1, character="r2c5", power=3)
    s = hands(s, (), (5,))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"), Step(seat=0, to="r2c5"))
    s, _ = GAME.apply(s, EndMove(seat=0))
    assert GAME.to_act(s) == ("chance",)
    assert [o.move for o in GAME.chance_outcomes(s)] == [StealCombatCard(value=5)]
    s = play(s, StealCombatCard(value=5))
    assert s.players[0].hand == (5,) and s.players[1].hand == ()


def test_the_attacker_orders_several_battles() -> None:
    s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r1c6", mechs=("r1c4",), mech_abilities=("riverwalk",), power=5)
    s = player(s, 1, character="r2c5", mechs=("r1c5",), mech_abilities=("riverwalk",), power=5)
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"), Step(seat=0, to="r2c5"))
    s = play(s, SelectUnit(seat=0, kind="mech", at="r1c4"), Step(seat=0, to="r1c5"))
    assert isinstance(s.pending[-1], Battles)
    s = play(s, ChooseBattle(seat=0, territory="r1c5"))
    assert isinstance(s.pending[-1], Battle) and s.pending[-1].territory == "r1c5"


def test_a_sixth_star_from_a_battle_ends_the_game_and_sends_back_units_of_pending_battles() -> None:
    s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
    s = player(
        s,
        0,
        character="r1c6",
        mechs=("r1c4",),
        mech_abilities=("riverwalk",),
        power=5,
        stars=("upgrades", "mechs", "structures", "recruits", "combat"),
    )
    s = player(s, 1, character="r2c5", mechs=("r1c5",), mech_abilities=("riverwalk",), power=0)
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"), Step(seat=0, to="r2c5"))
    s = play(s, SelectUnit(seat=0, kind="mech", at="r1c4"), Step(seat=0, to="r1c5"))
    s = play(s, ChooseBattle(seat=0, territory="r2c5"))
    s = play(s, CommitPower(seat=0, power=1), CommitPower(seat=1, power=0))
    assert s.phase == "over" and GAME.to_act(s) == ()
    assert s.players[0].mechs == ("r1c4",), "the mech goes back: its battle was not fought"
    assert GAME.result(s) is not None


def test_a_lake_battle_costs_the_winning_attacker_popularity_for_carried_workers() -> None:
    """«БИТВА НА ОЗЕРЕ»: Nordic (Seaworthy) attacks Polania (Submerge) on a lake."""
    s = clear_board(started(("nordic", "polania"), ("industrial", "engineering")))
    s = player(
        s,
        0,
        character="r3c3",
        mechs=("r1c5",),
        mech_abilities=("seaworthy",),
        power=5,
        popularity=5,
    )
    s = player(
        s, 1, character="r2c0", mechs=("r3c4",), mech_abilities=("submerge",), workers=("r3c4",)
    )
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c3"), Step(seat=0, to="r3c4"))
    s = play(s, EndMove(seat=0), CommitPower(seat=0, power=2), CommitPower(seat=1, power=0))
    assert s.players[1].mechs == ("base_polania",) and s.players[1].workers[0] == "base_polania"
    assert s.players[0].popularity == 4 and s.players[0].character == "r3c4"


def test_seaworthy_units_may_retreat_onto_an_adjacent_lake() -> None:
    """«Мореходы»: «возвращаться на прилегающее озеро (Вы также можете вернуть эти юниты на Вашу
    домашнюю базу)»."""
    from arbiter.games.scythe.moves import Retreat

    s = clear_board(started(("rusviet", "nordic"), ("industrial", "engineering")))
    s = player(s, 0, character="r3c2", power=5)
    s = player(
        s, 1, character="r3c3", mechs=("r3c3",), mech_abilities=("seaworthy",), workers=("r3c3",)
    )
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c2"), Step(seat=0, to="r3c3"))
    s = play(s, EndMove(seat=0), CommitPower(seat=0, power=1), CommitPower(seat=1, power=0))
    assert {m.to for m in legal(s, 1)} == {"base_nordic", "r2c2", "r3c4", "r4c2"}
    assert refused(s, Retreat(seat=1, to="r4c4")) == "scythe.combat.retreat"
    s = play(s, Retreat(seat=1, to="r3c4"))
    p = s.players[1]
    assert p.character == p.mechs[0] == p.workers[0] == "r3c4"
