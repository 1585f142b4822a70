"""Audit of the Scythe engine against the rulebook: one short scenario per rule, especially
the edge cases (exact move lists, refusals with their codes, the end of the game).

Industrial (seat 0): Bolster/Upgrade, Produce/Deploy, Move/Build, Trade/Enlist.
Engineering (seat 1): Produce/Upgrade, Trade/Deploy, Bolster/Build, Move/Enlist.
Patriotic (seat 2): Move/Upgrade, Bolster/Deploy, Trade/Build, Produce/Enlist.
"""

from __future__ import annotations

import msgspec

from arbiter.games.scythe.content import BottomActionName, Cost, Reward
from arbiter.games.scythe.events import StarPlaced
from arbiter.games.scythe.moves import (
    AddCombatCard,
    Build,
    CommitPower,
    DeclineAction,
    EndMove,
    EndTurn,
    Enlist,
    GainOne,
    Load,
    PayResource,
    Produce,
    RevealObjective,
    SelectUnit,
    Step,
    TakeAmount,
    TakeBottomAction,
    TakeCoins,
    TakeTopAction,
    UseArtillery,
)
from arbiter.games.scythe.state import Battle, Built, GainTask, MoveTask, Recruit
from arbiter.games.scythe.top_actions import produce_cost
from tests.scythe.helpers import (
    GAME,
    State,
    T,
    clear_board,
    controller,
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

FIVE = ("upgrades", "mechs", "structures", "recruits", "workers")


def base(factions: tuple[str, ...] = ("nordic", "rusviet")) -> State:
    mats = ("industrial", "engineering", "patriotic")[: len(factions)]
    return clear_board(started(factions, mats))


def moving(s: State, seat: int = 0) -> MoveTask:
    task = s.pending[-1]
    assert isinstance(task, MoveTask) and task.seat == seat
    return task


# ------------------------------------------------------------------------ top row


def test_trade_resources_need_a_worker_on_the_board_popularity_does_not() -> None:
    """«Нельзя использовать действие Торговли, если все Ваши рабочие находятся на домашней
    базе»."""
    s = turn(base(), 0, "top", section="trade")
    assert refused(s, TakeTopAction(seat=0, choice=0)) == "scythe.trade.no_worker"
    assert TakeTopAction(seat=0, choice=1) in legal(s, 0)
    assert TakeTopAction(seat=0, choice=0) not in legal(s, 0)


def test_bolster_cards_with_empty_deck_and_discard_still_pays_and_gives_the_monument() -> None:
    """«Если колода сброса пуста, карту взять нельзя»; the Monument gives its popularity."""
    s = base()
    s = player(s, 0, structures=(Built(structure="monument", territory="r1c5"),))
    s = msgspec.structs.replace(s, combat_deck=(0, 0, 0, 0), combat_discard=(0, 0, 0, 0))
    p0 = s.players[0]
    s = play(turn(s, 0, "top", section="bolster"), TakeTopAction(seat=0, choice=1))
    # no card can be drawn: no decision for the cards; the Monument's popularity is offered
    assert legal(s, 0) == [TakeAmount(seat=0, amount=0), TakeAmount(seat=0, amount=1)]
    s = play(s, TakeAmount(seat=0, amount=1))
    p = s.players[0]
    assert p.hand == p0.hand and p.coins == p0.coins - 1 and p.popularity == p0.popularity + 1
    assert s.turn.stage == "bottom"


def test_a_reward_of_cards_is_not_offered_when_no_card_can_be_drawn() -> None:
    """A combat card cannot be taken from an empty deck and discard pile: not listed, refused."""
    s = turn(base(), 0, "top", section="bolster")
    s = msgspec.structs.replace(s, combat_deck=(0, 0, 0, 0), combat_discard=(0, 0, 0, 0))
    s = msgspec.structs.replace(
        s, pending=(GainTask(seat=0, reward=Reward(combat_cards=1, coins=1)),)
    )
    assert GainOne(seat=0, item="combat_cards") not in legal(s, 0)
    assert refused(s, GainOne(seat=0, item="combat_cards")) == "scythe.gain.no_combat_card"


def test_produce_cost_thresholds() -> None:
    """The red squares uncovered by the workers on the board: free up to 3 workers, 1 power
    from 4, + 1 popularity from 6, + $1 with 8."""
    s = base()
    costs = {}
    for n in range(2, 9):
        costs[n] = produce_cost(player(s, 0, workers=("r1c5",) * n).players[0], T)
    assert costs[2] == costs[3] == Cost()
    assert costs[4] == costs[5] == Cost(power=1)
    assert costs[6] == costs[7] == Cost(power=1, popularity=1)
    assert costs[8] == Cost(power=1, popularity=1, coins=1)
    s = player(s, 0, workers=("r1c5",) * 4, power=0)
    s = turn(s, 0, "top", section="produce")
    assert refused(s, TakeTopAction(seat=0, choice=0)) == "scythe.pay.not_enough_power"


def test_a_village_produces_no_more_workers_than_the_mat_holds() -> None:
    s = player(base(), 0, workers=("r1c6",) * 2 + ("r1c5",) * 5, power=3, popularity=5)
    s = play(turn(s, 0, "top", section="produce"), TakeTopAction(seat=0, choice=0))
    assert refused(s, Produce(seat=0, territory="r1c6", amount=2)) == "scythe.produce.amount"
    assert Produce(seat=0, territory="r1c6", amount=1) in legal(s, 0)
    s = play(s, Produce(seat=0, territory="r1c6", amount=1))
    assert len(s.players[0].workers) == 8


def test_the_mill_is_an_extra_territory_producing_without_workers() -> None:
    s = base()
    s = player(
        s,
        0,
        workers=("r1c4", "r2c4"),
        structures=(Built(structure="mill", territory="r1c5"),),
    )
    s = play(turn(s, 0, "top", section="produce"), TakeTopAction(seat=0, choice=0))
    s = play(s, Produce(seat=0, territory="r1c5", amount=1))
    s = play(
        s, Produce(seat=0, territory="r1c4", amount=1), Produce(seat=0, territory="r2c4", amount=1)
    )
    assert tokens(s, "r1c5") == (0, 0, 0, 1)
    assert tokens(s, "r1c4") == (0, 1, 0, 0)
    assert tokens(s, "r2c4") == (0, 0, 1, 0)


# ------------------------------------------------------------------------ Move


def test_a_territory_held_only_by_a_structure_is_taken_without_stopping() -> None:
    """«Любой юнит может зайти на территорию, контролируемую только сооружением. Теперь игрок,
    передвигающий юнита, также контролирует территорию»; Speed stops only for units."""
    s = base()
    s = player(
        s, 0, character="r1c4", workers=("r2c4",), mech_abilities=("speed",), mechs=("r2c5",)
    )
    s = player(s, 1, structures=(Built(structure="mill", territory="r1c5"),))
    assert controller(s, "r1c5") == 1
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c4"), Step(seat=0, to="r1c5"))
    assert moving(s).current is not None, "the character may still take its Speed step"
    assert controller(s, "r1c5") == 0
    s = play(s, Step(seat=0, to="r1c4"))
    s = play(s, SelectUnit(seat=0, kind="worker", at="r2c4"), Step(seat=0, to="r1c5"))
    assert controller(s, "r1c5") == 0


def test_a_worker_cannot_leave_a_territory_held_by_an_enemy_mech() -> None:
    s = player(base(), 0, workers=("r2c4", "r1c5"))
    s = player(s, 1, mechs=("r2c4",), mech_abilities=("riverwalk",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    assert refused(s, SelectUnit(seat=0, kind="worker", at="r2c4")) == "scythe.move.stuck"
    assert SelectUnit(seat=0, kind="worker", at="r1c5") in legal(s, 0)


def test_an_encounter_token_stops_the_character_despite_speed() -> None:
    s = player(base(), 0, character="r1c5", mech_abilities=("speed",), mechs=("r1c4",))
    s = msgspec.structs.replace(s, encounter_tokens=("r2c4",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c5"), Step(seat=0, to="r2c4"))
    task = moving(s)
    assert task.current is None and task.units_left == 1
    assert s.turn.encounter_at == "r2c4"


def test_the_factory_move_with_speed_goes_three_steps() -> None:
    """«СКОРОСТЬ: ... один из Ваших Механизмов или Герой может передвинуться до 3-х
    территорий»."""
    s = player(
        base(), 0, factory_card=3, character="r1c4", mech_abilities=("speed",), mechs=("r2c5",)
    )
    s = play(turn(s, 0, "bottom", section="factory"), TakeBottomAction(seat=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c4"))
    s = play(s, Step(seat=0, to="r1c5"), Step(seat=0, to="r1c4"), Step(seat=0, to="r1c5"))
    assert s.players[0].character == "r1c5"
    assert s.turn.stage == "end", "one unit only: the Move is over"


def test_a_mech_with_workers_is_one_unit_and_a_carried_worker_then_moves() -> None:
    s = player(base(), 0, mechs=("r1c5",), mech_abilities=("riverwalk",), workers=("r1c5", "r1c5"))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="mech", at="r1c5"), Load(seat=0, item="worker"))
    s = play(s, Load(seat=0, item="worker"), Step(seat=0, to="r2c4"))
    assert moving(s).units_left == 1
    s = play(s, SelectUnit(seat=0, kind="worker", at="r2c4"), Step(seat=0, to="r1c4"))
    assert sorted(s.players[0].workers) == ["r1c4", "r2c4"]
    assert s.turn.stage == "bottom"


# ------------------------------------------------------------------------ bottom row, stars


def test_a_completed_enlist_still_gives_its_coins_and_ongoing_bonus() -> None:
    """«Завершение действий»: the coins and the Recruit Bonus come even with nothing to do."""
    actions: tuple[BottomActionName, ...] = ("upgrade", "deploy", "build", "enlist")
    recruits = tuple(Recruit(action=a, bonus=i) for i, a in enumerate(actions))
    s = player(base(), 0, workers=("r1c5",), recruits=recruits)
    s = resources(s, "r1c5", food=4)
    hand = len(s.players[0].hand)
    s = play(turn(s, 0, "bottom", section="trade"), TakeBottomAction(seat=0))
    s = play(s, *[PayResource(seat=0, territory="r1c5")] * 4)
    assert legal(s, 0)[0] == DeclineAction(seat=0)
    s = play(s, DeclineAction(seat=0))
    assert len(s.players[0].hand) == hand + 1, "the enlist recruit's ongoing bonus: a card"


def _build_with_neighbours(popularity: int) -> State:
    s = base(("nordic", "rusviet", "crimea"))
    s = player(s, 0, workers=("r1c5",))
    s = resources(s, "r1c5", wood=3)
    for seat in (1, 2):
        s = player(
            s, seat, popularity=popularity, stars=FIVE, recruits=(Recruit(action="build", bonus=0),)
        )
    s = play(turn(s, 0, "bottom", section="move_gain"), TakeBottomAction(seat=0))
    return play(s, *[PayResource(seat=0, territory="r1c5")] * 3, TakeCoins(seat=0, take=True))


def test_recruit_bonus_stars_go_active_left_right_and_a_sixth_star_stops_the_rest() -> None:
    """«активный игрок ходит первым, за ним - игрок слева, а затем игрок справа. Если один из
    этих игроков разместит в результате 6 звезду, игра тут же заканчивается»."""
    s = play(_build_with_neighbours(17), Build(seat=0, structure="monument", territory="r1c5"))
    assert s.phase == "over"
    assert s.players[1].popularity == s.players[2].popularity == 18
    assert len(s.players[1].stars) == 6, "the left neighbour places its 6th star first"
    assert len(s.players[2].stars) == 5, "the game ended before the right neighbour's"


def test_the_active_players_sixth_star_from_a_bottom_action_stops_the_neighbours() -> None:
    """«только если этот игрок не положит свою 6-ю звезду за это действие»."""
    s = _build_with_neighbours(17)
    built = tuple(
        Built(structure=x, territory=y)  # type: ignore[arg-type]
        for x, y in (("mill", "r1c4"), ("mine", "r2c4"), ("armory", "r2c5"))
    )
    s = player(s, 0, structures=built, stars=("upgrades", "mechs", "recruits", "workers", "combat"))
    s = play(s, Build(seat=0, structure="monument", territory="r1c5"))
    assert s.phase == "over" and s.players[0].stars[-1] == "structures"
    assert s.players[0].coins > 0 and len(s.players[1].stars) == len(s.players[2].stars) == 5


def test_a_star_reached_on_an_opponents_turn_comes_after_the_active_players() -> None:
    s = player(base(), 0, workers=("r1c5",))
    s = resources(s, "r1c5", wood=3)
    s = player(s, 1, popularity=17, recruits=(Recruit(action="build", bonus=0),))
    built = tuple(
        Built(structure=x, territory=y)  # type: ignore[arg-type]
        for x, y in (("mill", "r1c4"), ("mine", "r2c4"), ("armory", "r2c5"))
    )
    s = player(s, 0, structures=built)
    s = play(turn(s, 0, "bottom", section="move_gain"), TakeBottomAction(seat=0))
    s = play(s, *[PayResource(seat=0, territory="r1c5")] * 3, TakeCoins(seat=0, take=True))
    _, events = GAME.apply(s, Build(seat=0, structure="monument", territory="r1c5"))
    stars = [(e.seat, e.goal) for e in events if isinstance(e, StarPlaced)]
    assert stars == [(0, "structures"), (1, "popularity")]


# ------------------------------------------------------------------------ battle


def test_the_attackers_abilities_come_first_artillery_before_disarm() -> None:
    """«Если у атакующего игрока есть способность Механизмов, которая влияет на битву, он
    использует ее в первую очередь, за ним следует защищающийся игрок»."""
    s = clear_board(started(("nordic", "saxony"), ("industrial", "engineering")))
    s = player(s, 0, character="r3c3", power=5, mech_abilities=("artillery",), mechs=("r1c4",))
    s = player(s, 1, character="r2c3", power=5, mech_abilities=("disarm",), mechs=("r7c1",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c3"), Step(seat=0, to="r2c3"))
    s = play(s, EndMove(seat=0))
    battle = s.pending[-1]
    assert isinstance(battle, Battle) and battle.stage == "artillery" and battle.acting == 0
    assert s.players[0].power == 5, "the defender's Disarm has not acted yet"
    s = play(s, UseArtillery(seat=0, use=True))
    assert s.players[0].power == 2 and s.players[1].power == 3
    assert isinstance(s.pending[-1], Battle) and s.pending[-1].stage == "choose"


def test_a_loser_who_spent_only_a_card_draws_one() -> None:
    s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r1c5", power=7)
    s = player(s, 1, character="r2c4", power=3)
    s = hands(s, (), (2,))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c5"), Step(seat=0, to="r2c4"))
    s = play(s, EndMove(seat=0), CommitPower(seat=0, power=3))
    s = play(s, AddCombatCard(seat=1, value=2), CommitPower(seat=1, power=0))
    assert s.players[1].character == "base_rusviet" and len(s.players[1].hand) == 1
    assert s.players[1].power == 3 and s.players[0].power == 4


# ------------------------------------------------------------------------ the end, objectives


def test_a_sixth_star_mid_move_keeps_the_carried_resources_on_the_board() -> None:
    """The game ends at once («даже если у него остались не выполненные действия»); the tokens
    the moving unit carries are not lost from the board (they count at scoring)."""
    s = player(
        base(),
        0,
        character="r1c5",
        mech_abilities=("speed",),
        mechs=("r1c4",),
        objectives=(12, 23),
        coins=20,
        stars=FIVE,
    )
    s = resources(s, "r1c5", wood=2)
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c5"), Load(seat=0, item="wood"))
    s = play(s, Load(seat=0, item="wood"), Step(seat=0, to="r1c4"))
    assert moving(s).current is not None
    s = play(s, RevealObjective(seat=0, card=12))
    assert s.phase == "over"
    assert tokens(s, "r1c4") == (0, 2, 0, 0)


def test_a_sixth_star_mid_move_sends_a_unit_back_from_enemy_workers() -> None:
    """«Если Ваши юниты (Герои, Механизмы или рабочие) остаются на территории с юнитами
    соперника (результат действия Движения), Вы должны отменить эту часть действия Движения»."""
    s = player(base(), 0, character="r1c5", objectives=(12, 23), coins=20, stars=FIVE)
    s = player(s, 1, workers=("r2c4",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c5"), Step(seat=0, to="r2c4"))
    s = play(s, RevealObjective(seat=0, card=12))
    assert s.phase == "over"
    assert s.players[0].character == "r1c5" and s.players[1].workers == ("r2c4",)


def test_an_objective_met_by_the_bottom_action_can_be_revealed_before_the_turn_ends() -> None:
    """«Вы можете раскрыть завершённую карту цели в любой момент Вашего хода»."""
    s = player(
        base(),
        0,
        workers=("r1c5", "r1c5"),
        recruits=(Recruit(action="upgrade", bonus=0),),
        objectives=(15, 23),
    )
    s = resources(s, "r1c5", food=4)
    s = play(turn(s, 0, "bottom", section="trade"), TakeBottomAction(seat=0))
    s = play(s, *[PayResource(seat=0, territory="r1c5")] * 4)
    s = play(s, Enlist(seat=0, action="deploy", bonus=1))
    assert s.turn.seat == 0 and s.turn.stage == "end"
    assert set(legal(s, 0)) == {EndTurn(seat=0), RevealObjective(seat=0, card=15)}
    s = play(s, RevealObjective(seat=0, card=15))
    assert s.players[0].stars[-1] == "objective"
    assert s.turn.seat == 1, "no objective left to reveal: the turn passes"


def test_no_end_of_turn_pause_once_the_objective_star_is_placed() -> None:
    s = player(base(), 0, objectives=(), stars=("objective",))
    s = play(
        turn(s, 0, "bottom", section="bolster"),
        legal(turn(s, 0, "bottom", section="bolster"), 0)[-1],
    )
    assert s.turn.seat == 1
    s = player(base(), 0, objectives=(12, 23))
    s = turn(s, 0, "bottom", section="bolster")
    s = play(s, legal(s, 0)[-1])
    assert s.turn.seat == 0 and legal(s, 0) == [EndTurn(seat=0)]
    assert refused(s, TakeBottomAction(seat=0)) == "scythe.decision.wrong_move"
    assert refused(turn(base(), 0), EndTurn(seat=0)) == "scythe.decision.wrong_move"
