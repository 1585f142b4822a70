"""«Действия верхнего ряда» and «Действия нижнего ряда», with the rulebook's examples.

Industrial (seat 0): Bolster/Upgrade, Produce/Deploy, Move/Build, Trade/Enlist.
Engineering (seat 1): Produce/Upgrade, Trade/Deploy, Bolster/Build, Move/Enlist.
Patriotic (seat 2): Move/Upgrade, Bolster/Deploy, Trade/Build, Produce/Enlist.
"""

from __future__ import annotations

import random

from arbiter.core import CHANCE
from arbiter.games.scythe.board import _control_map, control_map
from arbiter.games.scythe.moves import (
    Build,
    ChooseSection,
    DeclineAction,
    Deploy,
    EndTurn,
    Enlist,
    GainOne,
    PayResource,
    PayWithCombatCard,
    Produce,
    SkipBottomAction,
    SkipTopAction,
    TakeAmount,
    TakeBottomAction,
    TakeCoins,
    TakeTopAction,
    Upgrade,
)
from arbiter.games.scythe.state import Built, Covered, Cube, Recruit
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


def base(factions: tuple[str, ...] = ("nordic", "rusviet")) -> State:
    mats = ("industrial", "engineering", "patriotic")[: len(factions)]
    return clear_board(started(factions, mats))


# ------------------------------------------------------------------------ the section


def test_the_same_section_twice_is_refused_except_for_rusviet() -> None:
    s = player(base(), 0, last_section="move_gain")
    s = turn(s, 0)
    assert (
        refused(s, ChooseSection(seat=0, section="move_gain")) == "scythe.section.same_as_last_turn"
    )
    assert refused(s, ChooseSection(seat=0, section="factory")) == "scythe.section.no_factory_card"
    s = player(base(("rusviet", "nordic")), 0, last_section="move_gain")
    s = play(turn(s, 0), ChooseSection(seat=0, section="move_gain"))
    assert s.turn.stage == "top"


def test_a_turn_may_do_nothing_but_move_the_token() -> None:
    s = turn(base(), 0)
    s = play(
        s,
        ChooseSection(seat=0, section="bolster"),
        SkipTopAction(seat=0),
        SkipBottomAction(seat=0),
    )
    # audit: the turn waits for EndTurn while an objective may still be revealed («Цели»)
    s = play(s, EndTurn(seat=0))
    assert s.turn.seat == 1 and s.players[0].last_section == "bolster"


# ------------------------------------------------------------------------ top row


def test_the_production_example() -> None:
    """«ферма с 1 рабочим и горы с 2 рабочими ... 1 еду на ферме и 1 или 2 металла в горах»."""
    s = player(base(), 0, workers=("r2c5", "r2c4", "r2c4"))
    s = play(turn(s, 0, "top", section="produce"), TakeTopAction(seat=0, choice=0))
    produce = {(m.territory, m.amount) for m in legal(s, 0) if isinstance(m, Produce)}
    assert produce == {("r2c5", 1), ("r2c4", 1), ("r2c4", 2)}
    s = play(
        s, Produce(seat=0, territory="r2c5", amount=1), Produce(seat=0, territory="r2c4", amount=2)
    )
    assert tokens(s, "r2c5") == (1, 0, 0, 0)
    assert tokens(s, "r2c4") == (0, 0, 2, 0)
    assert not s.pending and s.turn.stage == "bottom"


def test_produce_costs_grow_with_the_workers_on_the_board() -> None:
    s = player(base(), 0, workers=("r2c5",) * 4, power=0)
    s = turn(s, 0, "top", section="produce")
    assert refused(s, TakeTopAction(seat=0, choice=0)) == "scythe.pay.not_enough_power"
    s = player(s, 0, power=1)
    s = play(s, TakeTopAction(seat=0, choice=0))
    assert s.players[0].power == 0


def test_villages_produce_workers_and_the_mill_adds_its_territory() -> None:
    s = player(
        base(),
        0,
        workers=("r1c6", "r1c6"),
        structures=(Built(structure="mill", territory="r1c4"),),
    )
    s = play(turn(s, 0, "top", section="produce"), TakeTopAction(seat=0, choice=0))
    s = play(s, Produce(seat=0, territory="r1c4", amount=1))
    assert tokens(s, "r1c4") == (0, 1, 0, 0)
    s = play(s, Produce(seat=0, territory="r1c6", amount=2))
    assert s.players[0].workers.count("r1c6") == 4


def test_bolster_with_the_monument_and_its_cost() -> None:
    s = player(base(), 0, structures=(Built(structure="monument", territory="r1c4"),), coins=1)
    popularity, power = s.players[0].popularity, s.players[0].power
    s = play(turn(s, 0, "top", section="bolster"), TakeTopAction(seat=0, choice=0))
    # the power first, then the Monument's popularity, each one amount («или часть награды»)
    s = play(s, TakeAmount(seat=0, amount=2), TakeAmount(seat=0, amount=1))
    assert s.players[0].power == power + 2 and s.players[0].popularity == popularity + 1
    assert s.players[0].coins == 0
    s = turn(s, 0, "top", section="bolster")
    assert refused(s, TakeTopAction(seat=0, choice=0)) == "scythe.pay.not_enough_coins"


def test_trade_with_the_armory_puts_resources_by_a_worker() -> None:
    s = player(
        base(), 0, workers=("r1c5",), structures=(Built(structure="armory", territory="r1c4"),)
    )
    power = s.players[0].power
    s = play(turn(s, 0, "top", section="trade"), TakeTopAction(seat=0, choice=0))
    s = player(s, 0, workers=("r1c5", "r1c4"))
    s = play(s, GainOne(seat=0, item="oil", territory="r1c5"))
    assert GainOne(seat=0, item="metal", territory="r1c4") not in legal(s, 0)
    s = play(s, GainOne(seat=0, item="metal"))
    assert tokens(s, "r1c5") == (0, 0, 1, 1)
    # then the Armory's power, one amount
    s = play(s, TakeAmount(seat=0, amount=1))
    assert s.players[0].power == power + 1
    t = turn(base(), 0, "top", section="trade")
    t = player(t, 0, workers=("base_nordic",) * 2)
    assert refused(t, TakeTopAction(seat=0, choice=0)) == "scythe.trade.no_worker"


# ------------------------------------------------------------------------ bottom row


def test_the_upgrade_example() -> None:
    """Produce on 3 territories instead of 2 and Enlist for 1 food less."""
    s = player(base(), 0, workers=("r1c5", "r1c5"))
    s = resources(s, "r1c5", oil=3)
    s = turn(s, 0, "bottom", section="bolster")
    coins = s.players[0].coins
    s = play(
        s,
        TakeBottomAction(seat=0),
        PayResource(seat=0, territory="r1c5"),
        PayResource(seat=0, territory="r1c5"),
        PayResource(seat=0, territory="r1c5"),
        TakeCoins(seat=0, take=True),
        Upgrade(seat=0, action="produce", option=0, to="enlist"),
    )
    p = s.players[0]
    assert p.cubes == (Cube(action="produce", option=0),) and p.covered == Covered(enlist=1)
    assert p.coins == coins + 3
    from arbiter.games.scythe.bottom_actions import cost_of
    from arbiter.games.scythe.top_actions import amount

    option = T.top("industrial", "produce").options[0]
    assert amount(p, "produce", 0, option) == 3
    assert cost_of(p, T, "enlist") == 3


def test_bottom_actions_are_paid_from_controlled_territories_only() -> None:
    s = player(base(), 0, workers=("r1c5",))
    s = resources(s, "r1c5", oil=2)
    s = resources(s, "r1c4", oil=5)  # nobody's
    s = turn(s, 0, "bottom", section="bolster")
    assert refused(s, TakeBottomAction(seat=0)) == "scythe.pay.not_enough_resources"


def test_deploy_never_on_a_lake_and_build_once_per_territory() -> None:
    s = player(base(), 0, workers=("r3c4", "r1c5"))
    s = resources(s, "r1c5", metal=3, wood=3)
    s = play(turn(s, 0, "bottom", section="produce"), TakeBottomAction(seat=0))
    s = play(s, *[PayResource(seat=0, territory="r1c5")] * 3, TakeCoins(seat=0, take=True))
    assert refused(s, Deploy(seat=0, mech="riverwalk", territory="r3c4")) == "scythe.deploy.lake"
    s = play(s, Deploy(seat=0, mech="seaworthy", territory="r1c5"))
    assert s.players[0].mechs == ("r1c5",) and s.players[0].mech_abilities == ("seaworthy",)
    s = player(s, 1, structures=(Built(structure="mill", territory="r1c5"),))
    s = play(turn(s, 0, "bottom", section="move_gain"), TakeBottomAction(seat=0))
    s = play(s, *[PayResource(seat=0, territory="r1c5")] * 3, TakeCoins(seat=0, take=False))
    assert refused(s, Build(seat=0, structure="mine", territory="r1c5")) == "scythe.build.occupied"
    assert legal(s, 0) == [DeclineAction(seat=0)]


def test_enlist_gives_the_one_time_bonus_and_neighbours_trigger_the_ongoing_one() -> None:
    s = base(("nordic", "rusviet", "crimea"))
    s = player(s, 0, workers=("r1c5",))
    s = resources(s, "r1c5", food=4)
    s = play(turn(s, 0, "bottom", section="trade"), TakeBottomAction(seat=0))
    s = play(s, *[PayResource(seat=0, territory="r1c5")] * 4)
    power = s.players[0].power
    s = play(s, Enlist(seat=0, action="build", bonus=0))
    assert s.players[0].power == power + 2
    assert s.players[0].recruits == (Recruit(action="build", bonus=0),)
    # seat 1 (left of seat 0) and seat 2 (its right) Build: seat 0 gains 1 popularity each time
    for seat, section in ((1, "bolster"), (2, "trade")):
        s = player(s, seat, workers=("r7c5",) if seat == 2 else ("r6c6",))
        where = "r7c5" if seat == 2 else "r6c6"
        s = resources(s, where, wood=4)
        popularity = s.players[0].popularity
        s = play(turn(s, seat, "bottom", section=section), TakeBottomAction(seat=seat))
        while isinstance(legal(s, seat)[0], PayResource):
            s = play(s, PayResource(seat=seat, territory=where))
        s = play(s, *[m for m in legal(s, seat) if isinstance(m, TakeCoins) and m.take][:1])
        s = play(s, DeclineAction(seat=seat))
        assert s.players[0].popularity == popularity + 1


def test_two_players_get_the_ongoing_bonus_once() -> None:
    s = base()
    s = player(s, 0, recruits=(Recruit(action="deploy", bonus=1),))  # Industrial deploy: +$1
    s = player(s, 1, workers=("r6c6",))
    s = resources(s, "r6c6", metal=4)
    coins = s.players[0].coins
    s = play(turn(s, 1, "bottom", section="trade"), TakeBottomAction(seat=1))
    s = play(s, *[PayResource(seat=1, territory="r6c6")] * 4, DeclineAction(seat=1))
    assert s.players[0].coins == coins + 1


def test_crimea_pays_one_resource_a_turn_with_a_combat_card() -> None:
    s = base(("crimea", "nordic"))
    s = hands(s, (2, 3))
    s = player(s, 0, workers=("r7c3",))
    s = resources(s, "r7c3", oil=2)
    s = play(turn(s, 0, "bottom", section="bolster"), TakeBottomAction(seat=0))
    s = play(s, PayWithCombatCard(seat=0, value=3))
    assert refused(s, PayWithCombatCard(seat=0, value=2)) == "scythe.pay.coercion_used"
    s = play(s, *[PayResource(seat=0, territory="r7c3")] * 2)
    assert s.players[0].hand == (2,)


def test_a_completed_track_still_pays_coins() -> None:
    s = player(
        base(),
        0,
        workers=("r1c5",),
        mechs=("r1c5",) * 4,
        mech_abilities=("riverwalk", "seaworthy", "artillery", "speed"),
    )
    s = resources(s, "r1c5", metal=3)
    coins = s.players[0].coins
    s = play(turn(s, 0, "bottom", section="produce"), TakeBottomAction(seat=0))
    s = play(s, *[PayResource(seat=0, territory="r1c5")] * 3, TakeCoins(seat=0, take=True))
    assert legal(s, 0) == [DeclineAction(seat=0)]
    s = play(s, DeclineAction(seat=0))
    assert s.players[0].coins == coins + 2


def test_the_fourth_structure_places_a_star_after_the_action() -> None:
    built = tuple(
        Built(structure=x, territory=y)  # type: ignore[arg-type]
        for x, y in (("mill", "r1c4"), ("mine", "r2c4"), ("armory", "r2c5"))
    )
    s = player(base(), 0, workers=("r1c5",), structures=built)
    s = resources(s, "r1c5", wood=3)
    s = play(turn(s, 0, "bottom", section="move_gain"), TakeBottomAction(seat=0))
    s = play(s, *[PayResource(seat=0, territory="r1c5")] * 3, TakeCoins(seat=0, take=True))
    s = play(s, Build(seat=0, structure="monument", territory="r1c5"))
    assert s.players[0].stars == ("structures",)
    s = play(s, EndTurn(seat=0))  # audit: the end-of-turn objective window («Цели»)
    assert GAME.to_act(s) == (1,)


def test_the_kept_control_map_is_the_map_worked_out_afresh_over_random_games() -> None:
    """«Контроль»: the control map is kept while every unit and structure stands where it stood
    (and, with two seats' units on a territory, the same seat is active): asked at every
    decision of random games, and of the state before too, it is the map worked out anew."""
    contested = 0
    for players, seed in ((2, 1), (4, 2)):
        rng = random.Random(seed)
        s = GAME.new_state(players, seed=seed)
        before = s
        while GAME.to_act(s):
            fresh, two_seats = _control_map(s, T)
            contested += two_seats
            assert control_map(s, T) == fresh
            assert control_map(before, T) == _control_map(before, T)[0]
            assert control_map(s, T) == fresh
            actor = GAME.to_act(s)[0]
            move = GAME.sample_chance(s) if actor == CHANCE else rng.choice(legal(s, actor))
            before, (s, _) = s, GAME.apply(s, move)
    assert contested, "some decisions had a territory with two seats' units"


def test_while_two_seats_share_a_territory_the_kept_map_follows_the_active_seat() -> None:
    """«Соперник все еще временно контролирует территорию»: with both seats' units on a
    territory (a battle waiting), its controller depends on whose turn it is, so a control map
    kept for one active seat is not the map of the other, however the units stand."""
    s = base()
    territory = T.territories[0]
    s = player(player(s, 0, character=territory), 1, character=territory)
    assert controller(turn(s, 0), territory) == 1
    assert controller(turn(s, 1), territory) == 0
    assert controller(turn(s, 0), territory) == 1
