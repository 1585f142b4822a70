"""«Случайные встречи»: every option of every card, parametrized from the data."""

from __future__ import annotations

import msgspec
import pytest

from arbiter.games.scythe.content import Reward
from arbiter.games.scythe.moves import (
    ChooseEncounterOption,
    CommitPower,
    DiscardCombatCard,
    DrawEncounterCard,
    EndEncounter,
    EndMove,
    GainOne,
    SelectUnit,
    Step,
    StopGaining,
    TakeTopAction,
)
from arbiter.games.scythe.state import EncounterTask, GainTask, TargetTask
from tests.scythe.helpers import (
    GAME,
    State,
    T,
    clear_board,
    hands,
    legal,
    play,
    player,
    refused,
    started,
    tokens,
    turn,
)

OPTIONS = [(card.id, i) for card in T.content.encounters for i in range(3)]


def at_encounter(faction: str = "nordic", **changes: object) -> State:
    s = clear_board(started((faction, "rusviet"), ("industrial", "engineering")))
    s = player(
        s, 0, character="r1c5", workers=("r2c4",), coins=10, popularity=10, power=10, **changes
    )
    s = hands(s, (2, 3, 4))
    s = msgspec.structs.replace(s, encounter_tokens=("r2c4",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c5"), Step(seat=0, to="r2c4"))
    s, _ = GAME.apply(s, EndMove(seat=0))
    return s


def test_the_card_is_drawn_in_public_after_the_move() -> None:
    s = at_encounter()
    assert GAME.to_act(s) == ("chance",)
    assert len(GAME.chance_outcomes(s)) == 28
    s = play(s, DrawEncounterCard(card=5))
    assert s.encounter_deck == tuple(c for c in range(1, 29) if c != 5)


@pytest.mark.parametrize(
    ("card", "option"), OPTIONS, ids=[f"card{c}-option{o}" for c, o in OPTIONS]
)
def test_each_option_costs_its_cost_and_gives_its_reward(card: int, option: int) -> None:
    spec = T.encounters[card].options[option]
    s = play(at_encounter(), DrawEncounterCard(card=card))
    before = s.players[0]
    s = play(s, ChooseEncounterOption(seat=0, option=option))
    while legal(s, 0) and isinstance(legal(s, 0)[0], DiscardCombatCard):
        s = play(s, legal(s, 0)[0])
    p = s.players[0]
    assert p.coins == before.coins - spec.cost.coins
    assert p.popularity == before.popularity - spec.cost.popularity
    assert p.power == before.power - spec.cost.power
    assert len(p.hand) == len(before.hand) - spec.cost.combat_cards
    gained = Reward()
    # take everything, one unit at a time; actions are done at once
    for _ in range(40):
        task = s.pending[-1] if s.pending else None
        if isinstance(task, GainTask):
            take = [m for m in legal(s, 0) if isinstance(m, GainOne)]
            if not take:
                break
            m = take[0]
            field: str = "workers" if m.item == "worker" else m.item
            if field in ("food", "wood", "metal", "oil") and getattr(task.reward, field) <= 0:
                field = "any_resources"
            gained = msgspec.structs.replace(gained, **{field: getattr(gained, field) + 1})
            s = play(s, m)
        elif isinstance(task, TargetTask):
            s = play(s, legal(s, 0)[0])
        else:
            break
    expected = spec.reward
    # an action reward is offered only when it can be done; every one can be done here except
    # deploying where the character stands needs a land territory (r2c4 is one)
    assert gained == expected
    p = s.players[0]
    r = tokens(s, "r2c4")
    assert (
        sum(r)
        == expected.food + expected.wood + expected.metal + expected.oil + expected.any_resources
    )
    assert p.workers.count("r2c4") == 1 + expected.workers
    assert len(p.mechs) == expected.deploy and len(p.structures) == expected.build
    assert len(p.recruits) == expected.enlist and len(p.cubes) == expected.upgrade


def test_an_option_that_cannot_be_paid_is_refused() -> None:
    s = play(at_encounter(), DrawEncounterCard(card=1))
    s = player(s, 0, popularity=0, coins=0)
    code = refused(s, ChooseEncounterOption(seat=0, option=2))
    assert code == "scythe.encounter.cannot_pay"


def test_rewards_may_be_taken_in_part() -> None:
    s = play(at_encounter(), DrawEncounterCard(card=1), ChooseEncounterOption(seat=0, option=0))
    assert isinstance(s.pending[-1], GainTask)
    s = play(s, StopGaining(seat=0))
    assert not s.pending or not isinstance(s.pending[-1], EncounterTask)


def test_polania_may_choose_two_options() -> None:
    s = play(at_encounter("polania"), DrawEncounterCard(card=1))
    s = play(s, ChooseEncounterOption(seat=0, option=0), StopGaining(seat=0))
    task = s.pending[-1]
    assert isinstance(task, EncounterTask) and task.chosen == (0,)
    assert refused(s, ChooseEncounterOption(seat=0, option=0)) == "scythe.encounter.option_taken"
    assert EndEncounter(seat=0) in legal(s, 0)
    s = play(s, ChooseEncounterOption(seat=0, option=1))
    assert s.players[0].coins == 8


def character_attacks_a_mech_on_an_encounter() -> State:
    """«Если Герой попадает на территорию с жетоном Случайной встречи и Механизмом соперника,
    таким образом начиная битву»: Nordic's character steps onto r2c5, where Rusviet's mech stands
    on an encounter token."""
    s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r1c6", power=10)
    s = player(s, 1, mechs=("r2c5",), mech_abilities=("riverwalk",), power=4)
    s = msgspec.structs.replace(s, encounter_tokens=("r2c5",))
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c6"), Step(seat=0, to="r2c5"))
    return play(s, EndMove(seat=0))


def test_the_encounter_follows_a_battle_the_character_wins() -> None:
    """Ruling on «он может воспользоваться Случайной встречей» («Битва», «Победитель»): the winner's
    character has the encounter, as it would have without the battle -- «встреча проходит после
    того, как Герой победит в битве» («Случайные встречи», «Битва») and «сбросьте жетон и возьмите
    карту Случайной встречи» are said without a choice, and «Вы должны выбрать одну» of its
    options. «может» grants the encounter to the winner (a loser's character went home); it is not
    a way to decline it: no move skips it."""
    s = play(character_attacks_a_mech_on_an_encounter(), CommitPower(seat=0, power=7))
    s, _ = GAME.apply(s, CommitPower(seat=1, power=0))  # the reveal: Nordic wins
    assert s.players[0].character == "r2c5" and "r2c5" not in s.encounter_tokens
    assert GAME.to_act(s) == ("chance",), "the card is drawn: nothing to decline"
    s, _ = GAME.apply(s, DrawEncounterCard(card=5))
    assert {type(m) for m in legal(s, 0)} == {ChooseEncounterOption}


def test_the_token_stays_when_the_character_loses_the_battle() -> None:
    """«В ином случае жетон остается на территории»."""
    s = character_attacks_a_mech_on_an_encounter()
    s = play(s, CommitPower(seat=0, power=0), CommitPower(seat=1, power=4))
    assert s.players[0].character == "base_nordic"
    assert s.encounter_tokens == ("r2c5",)
    assert not any(isinstance(x, EncounterTask) for x in s.pending)
