"""«Фактория»: the first visit, the choice of a card, and each of the 12 cards as a section."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.games.scythe.moves import (
    ChooseSection,
    DiscardCombatCard,
    EndTurn,
    SelectUnit,
    Step,
    TakeBottomAction,
    TakeFactoryCard,
    TakeTopAction,
)
from arbiter.games.scythe.state import FactoryChoice, GainTask, MoveTask, ProduceTask, TargetTask
from tests.scythe.helpers import GAME, T, clear_board, hands, legal, play, player, started, turn


def test_the_first_visit_chooses_among_players_plus_one_cards() -> None:
    s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, character="r3c3")
    s = play(turn(s, 0, "top", section="move_gain"), TakeTopAction(seat=0, choice=0))
    s = play(s, SelectUnit(seat=0, kind="character", at="r3c3"), Step(seat=0, to=T.factory))
    s = play(s, *[m for m in legal(s, 0) if type(m).__name__ == "EndMove"])
    assert isinstance(s.pending[-1], FactoryChoice)
    cards = [m.card for m in legal(s, 0)]
    assert len(cards) == 3 and GAME.view(s, 0).factory_cards == tuple(cards)
    assert GAME.view(s, 1).factory_cards == (), "the others have not looked"
    s = play(s, TakeFactoryCard(seat=0, card=cards[0]))
    assert s.players[0].factory_card == cards[0] and len(s.factory_cards) == 2


@pytest.mark.parametrize("card", sorted(T.factory_cards))
def test_each_card_top_action(card: int) -> None:
    spec = T.factory_cards[card]
    for choice, reward in enumerate(spec.top.choices):
        s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
        s = player(
            s, 0, factory_card=card, coins=5, popularity=5, power=5, workers=("r1c5", "r1c5")
        )
        s = hands(s, (2, 3))
        s = play(
            turn(s, 0),
            ChooseSection(seat=0, section="factory"),
            TakeTopAction(seat=0, choice=choice),
        )
        before_coins = 5 - spec.top.cost.coins
        p = s.players[0]
        assert p.coins == before_coins and p.popularity == 5 - spec.top.cost.popularity
        assert p.power == 5 - spec.top.cost.power
        steps: list[str] = []
        for _ in range(20):
            task = s.pending[-1] if s.pending else None
            moves: list[Any] = legal(s, 0)
            if isinstance(task, GainTask | TargetTask | ProduceTask) or (
                moves and isinstance(moves[0], DiscardCombatCard)
            ):
                steps.append(type(moves[0]).__name__)
                s = play(s, moves[0])
            else:
                break
        p = s.players[0]
        assert len(p.hand) == 2 - spec.top.cost.combat_cards
        assert p.coins == before_coins + reward.coins
        assert len(p.cubes) == reward.upgrade and len(p.recruits) == reward.enlist
        assert len(p.mechs) == reward.deploy and len(p.structures) == reward.build
        if reward.produce:
            assert "Produce" in steps
        if reward.any_resources:
            assert steps.count("GainOne") == reward.any_resources
        assert s.turn.stage == "bottom"


def test_the_factory_move_takes_one_unit_two_steps() -> None:
    s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
    s = player(s, 0, factory_card=3, character="r1c4")
    s = play(turn(s, 0, "bottom", section="factory"), TakeBottomAction(seat=0))
    task = s.pending[-1]
    assert isinstance(task, MoveTask) and task.units_left == 1 and task.steps == 2
    s = play(s, SelectUnit(seat=0, kind="character", at="r1c4"), Step(seat=0, to="r1c5"))
    s = play(s, Step(seat=0, to="r2c4"))
    s = play(s, EndTurn(seat=0))  # audit: the end-of-turn objective window («Цели»)
    assert s.players[0].character == "r2c4" and s.turn.seat == 1
