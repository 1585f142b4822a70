"""Encounter, objective and Factory cards of the default Scythe pack."""

from __future__ import annotations

from typing import get_args

from arbiter.games.scythe.content import (
    Compare,
    ControlCount,
    Cost,
    ObjectiveCondition,
    Reward,
    ScytheContent,
    StatCondition,
    TerritoryWith,
)

# ---------------------------------------------------------------- encounters


def test_28_encounters_with_3_options(pack: ScytheContent) -> None:
    assert [card.id for card in pack.encounters] == list(range(1, 29))
    assert all(len(card.options) == 3 for card in pack.encounters)
    assert sum(len(card.options) for card in pack.encounters) == 84


def test_every_encounter_has_the_same_shape(pack: ScytheContent) -> None:
    # option 1 is free, option 2 pays coins, option 3 pays popularity
    for card in pack.encounters:
        free, coins, popularity = card.options
        assert free.cost.is_free(), card.id
        assert coins.cost == Cost(coins=coins.cost.coins) and coins.cost.coins > 0, card.id
        assert popularity.cost == Cost(popularity=popularity.cost.popularity), card.id
        assert popularity.cost.popularity > 0, card.id


def test_every_encounter_option_gives_something(pack: ScytheContent) -> None:
    for card in pack.encounters:
        for option in card.options:
            assert not option.reward.is_empty(), card.id
            assert option.reward.produce == 0, card.id  # no encounter produces


def test_encounter_13_matches_the_second_source(pack: ScytheContent) -> None:
    # startyourmeeples.com quotes card 13 option 1: $2 and 1 popularity
    assert pack.encounters[12].options[0].reward == Reward(coins=2, popularity=1)


def test_encounter_12_option_3_is_wood(pack: ScytheContent) -> None:
    option = pack.encounters[11].options[2]
    assert option.cost == Cost(popularity=2)
    assert option.reward == Reward(wood=3, workers=1)


# ---------------------------------------------------------------- objectives


def test_23_objectives(pack: ScytheContent) -> None:
    assert [o.id for o in pack.objectives] == list(range(1, 24))
    names = [o.name for o in pack.objectives]
    assert len(set(names)) == 23
    assert all(o.conditions for o in pack.objectives)


def test_objective_names(pack: ScytheContent) -> None:
    names = {o.id: o.name for o in pack.objectives}
    assert names[1] == "Higher Ground Advantage"
    assert names[13] == "Foundations of the Empire"
    assert names[23] == "Achieve Tactical Mastery"


def test_every_condition_kind_is_used(pack: ScytheContent) -> None:
    used = {type(c) for o in pack.objectives for c in o.conditions}
    assert used == set(get_args(ObjectiveCondition))


def test_territory_advantage_objectives(pack: ScytheContent) -> None:
    three = Compare(op=">=", value=3)
    by_id = {o.id: o.conditions for o in pack.objectives}
    assert by_id[1] == (ControlCount(terrain="mountain", compare=three),)
    assert by_id[2] == (ControlCount(tunnel=True, compare=three),)  # printed tunnels only
    assert by_id[3] == (ControlCount(terrain="farm", compare=three),)
    assert by_id[4] == (ControlCount(terrain="tundra", compare=three),)
    assert by_id[10] == (ControlCount(terrain="forest", compare=three),)
    assert by_id[11] == (ControlCount(terrain="village", compare=three),)


def test_objective_conditions_are_well_formed(pack: ScytheContent) -> None:
    for objective in pack.objectives:
        for condition in objective.conditions:
            if isinstance(condition, ControlCount):
                assert condition.terrain != "lake"
                assert condition.compare.value >= 1
            if isinstance(condition, StatCondition):
                assert condition.compare.value >= 0


def test_foundations_of_the_empire_is_controlled(pack: ScytheContent) -> None:
    (condition,) = pack.objectives[12].conditions
    assert condition == TerritoryWith(controlled=True, own_pieces=Compare(op=">=", value=6))


def test_compare() -> None:
    assert Compare(op=">=", value=3).holds(3)
    assert not Compare(op=">=", value=3).holds(2)
    assert Compare(op="<=", value=2).holds(0)
    assert Compare(op="==", value=0).holds(0)
    assert not Compare(op="==", value=0).holds(1)


# ---------------------------------------------------------------- Factory cards


def test_12_factory_cards(pack: ScytheContent) -> None:
    assert [card.id for card in pack.factory_cards] == list(range(1, 13))
    for card in pack.factory_cards:
        assert card.top.choices
        assert not card.top.cost.is_free(), card.id
        assert all(not choice.is_empty() for choice in card.top.choices), card.id


def test_every_factory_card_moves_one_unit_twice(pack: ScytheContent) -> None:
    # «Передвиньте юнит до 2-х раз в течение одного действия Движения»
    for card in pack.factory_cards:
        assert (card.bottom.units, card.bottom.moves) == (1, 2)


def test_factory_card_2_is_the_rulebook_example(pack: ScytheContent) -> None:
    # «заплатить 1 популярность и мобилизовать рекрута ИЛИ выполнить Улучшение»
    card = pack.factory_cards[1]
    assert card.top.cost == Cost(popularity=1)
    assert card.top.choices == (Reward(enlist=1), Reward(upgrade=1))


def test_factory_card_doubts_as_settled(pack: ScytheContent) -> None:
    assert pack.factory_cards[0].top.cost == Cost(combat_cards=1, coins=1)
    assert pack.factory_cards[0].top.choices == (Reward(produce=2),)
    assert pack.factory_cards[3].top.choices == (Reward(coins=3),)
