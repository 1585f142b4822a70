"""Why a move is refused: the most specific rule code that applies.

The checks are the same ``*_refusal`` functions the move generation filters with.
"""

from __future__ import annotations

from typing import Any

from arbiter.core import CHANCE, IllegalMove
from arbiter.core.texts import Text, text
from arbiter.games.the_ancient_world import actions, cards, placement, rounds, titans
from arbiter.games.the_ancient_world.common import refuse
from arbiter.games.the_ancient_world.decks import can_draw, current_empire
from arbiter.games.the_ancient_world.flow import to_act
from arbiter.games.the_ancient_world.moves import (
    Attack,
    Borrow,
    Build,
    BuyKnowledge,
    ChooseTitans,
    Decline,
    Disband,
    DiscardArmy,
    DrawCard,
    ExploreDeck,
    Fight,
    FightNow,
    KeepProvince,
    LoseCard,
    NewArmy,
    Pass,
    PayExpand,
    Place,
    PlaceOnCard,
    PutOnTop,
    RebuildCard,
    Recruit,
    RemoveArmyCoin,
    RollDie,
    SetAsideDrawn,
    SetAsideFromRow,
    Starve,
    TakeFromDeck,
    UseArmy,
    Withdraw,
)
from arbiter.games.the_ancient_world.state import (
    AncientWorldState,
    ChooseArmies,
    ChooseBorrow,
    ChooseBuild,
    ChooseDiscardArmy,
    ChooseEnlist,
    ChooseExpandPay,
    ChooseExplore,
    ChooseForestFight,
    ChooseLoss,
    ChooseOutpost,
    ChooseProvince,
    ChooseRebuild,
    ChooseRecruit,
    ChooseScribes,
    ChooseSetAside,
    ChooseStarving,
    ChooseTitanDeck,
    ChooseTitanOrder,
    ChooseZorsk,
    Dice,
    Draw,
)
from arbiter.games.the_ancient_world.tables import Tables
from arbiter.games.the_ancient_world.words import given

State = AncientWorldState

#: The moves that answer each pending decision (``None``: a turn).
ANSWERS: dict[type[Any] | None, tuple[type[Any], ...]] = {
    None: (Place, PlaceOnCard, Fight, Pass),
    ChooseBuild: (Build,),
    ChooseExpandPay: (PayExpand,),
    ChooseProvince: (KeepProvince,),
    ChooseRecruit: (Recruit,),
    ChooseEnlist: (NewArmy, Disband),
    ChooseExplore: (ExploreDeck, SetAsideFromRow),
    ChooseSetAside: (SetAsideDrawn,),
    ChooseRebuild: (RebuildCard, Decline),
    ChooseArmies: (UseArmy, Attack, Withdraw),
    ChooseLoss: (LoseCard,),
    ChooseDiscardArmy: (DiscardArmy,),
    ChooseBorrow: (Borrow,),
    ChooseTitanDeck: (ChooseTitans,),
    ChooseTitanOrder: (PutOnTop,),
    ChooseForestFight: (FightNow, Decline),
    ChooseScribes: (BuyKnowledge, Decline),
    ChooseOutpost: (RemoveArmyCoin, Decline),
    ChooseZorsk: (SetAsideFromRow, TakeFromDeck, Decline),
    ChooseStarving: (Starve,),
}

DESCRIBE: dict[type[Any] | None, Text] = {
    None: text("a turn: place a citizen, fight a titan or pass"),
    ChooseBuild: text("which empire card to build"),
    ChooseExpandPay: text("how to pay for Expand borders (1 knowledge or 3 coins)"),
    ChooseProvince: text("which province to keep (Expand borders+)"),
    ChooseRecruit: text("which army card to recruit"),
    ChooseEnlist: text("where the recruited army card goes (new army or disband)"),
    ChooseExplore: text("draw from the empire deck or set aside a card of the row"),
    ChooseSetAside: text("which drawn card to set aside"),
    ChooseRebuild: text("which lost card to rebuild"),
    ChooseArmies: text("which army to pay for, or attack / withdraw"),
    ChooseLoss: text("which empire card to lose"),
    ChooseDiscardArmy: text("which army to discard (over the army limit)"),
    ChooseBorrow: text("whose empire-card action to use"),
    ChooseTitanDeck: text("which titan deck to reorder"),
    ChooseTitanOrder: text("the order of the titans, from the top"),
    ChooseForestFight: text("whether to fight the top titan now"),
    ChooseScribes: text("whether to buy 1 knowledge for 1 coin (Scribes' guild)"),
    ChooseOutpost: text("whether to remove a coin from an army (Remote outpost)"),
    ChooseZorsk: text("whether to set aside an empire card (Zorsk playwrights)"),
    ChooseStarving: text("which citizen starves"),
}

GENERIC = refuse("move.not_legal", text("that move is not legal now"))

#: A citizen placed on Build or Recruit buys a card: declining is refused (rulings, :mod:`.game`).
MUST_BUY: dict[type[Any] | None, IllegalMove] = {
    ChooseBuild: refuse(
        "build.must_buy",
        text(
            "a citizen on Build buys 1 empire card (the board: «Купите 1 карту империи»): "
            "choose which"
        ),
    ),
    ChooseRecruit: refuse(
        "recruit.must_buy",
        text(
            "a citizen on Recruit buys 1 army card (the board: «Купите 1 карту войска»): "
            "choose which"
        ),
    ),
    ChooseEnlist: refuse(
        "recruit.must_buy",
        text(
            "the army card bought goes into one of your armies («должен поместить её в одну из "
            "своих армий»): choose which"
        ),
    ),
}


def explain(s: State, t: Tables, move: Any) -> IllegalMove:
    actors = to_act(s)
    if not actors:
        return refuse("game_over", text("the game is over"))
    if isinstance(move, (DrawCard, RollDie)):
        if CHANCE not in actors:
            return refuse("chance.not_pending", text("no chance decision is pending"))
        task = s.pending[-1]
        if isinstance(move, DrawCard):
            if not isinstance(task, Draw) or move.deck != task.deck:
                return refuse(
                    "chance.wrong_deck", text("the pending chance decision is not that deck")
                )
            return refuse(
                "chance.not_in_deck",
                text("{card} is not among the hidden cards", card=given(move.card)),
            )
        if not isinstance(task, Dice):
            return refuse("chance.not_a_roll", text("no destruction die is being rolled"))
        return refuse(
            "chance.no_such_face", text("the die has no face {face}", face=given(move.face))
        )
    seat = getattr(move, "seat", None)
    if not isinstance(seat, int) or not 0 <= seat < s.n:
        return refuse("move.bad_seat", text("there is no seat {seat}", seat=given(seat)))
    if seat not in actors:
        return refuse("not_your_turn", text("seat {seat} may not decide now", seat=seat))
    top: Any = s.pending[-1] if s.pending else None
    kind = type(top) if top is not None else None
    must_buy = MUST_BUY.get(kind)
    if must_buy is not None and isinstance(move, Decline):
        return must_buy
    if not isinstance(move, ANSWERS.get(kind, ())):
        return refuse(
            "decision.expected",
            text("now seat {seat} must decide {decision}", seat=seat, decision=DESCRIBE.get(kind)),
        )
    return _specific(s, t, top, move) or GENERIC


def _specific(s: State, t: Tables, task: Any, move: Any) -> IllegalMove | None:
    seat = move.seat
    if isinstance(move, Place):
        return placement.place_refusal(s, t, seat, move.space, move.skill)
    if isinstance(move, PlaceOnCard):
        return placement.card_refusal(s, t, seat, move.card, move.skill)
    if isinstance(move, Fight):
        return titans.fight_refusal(s, t, seat, move.stars)
    if isinstance(move, Build):
        return actions.build_refusal(s, t, seat, move.card, move.crane)
    if isinstance(move, PayExpand):
        return actions.expand_pay_refusal(s, move)
    if isinstance(move, KeepProvince):
        return actions.keep_province_refusal(s, move)
    if isinstance(move, Recruit):
        return actions.recruit_refusal(s, t, seat, move.card)
    if isinstance(move, (NewArmy, Disband)):
        return actions.enlist_refusal(s, t, move)
    if isinstance(move, (ExploreDeck, SetAsideFromRow)):
        return actions.explore_refusal(s, move)
    if isinstance(move, TakeFromDeck):
        if not can_draw(s, current_empire(s)):
            return refuse("zorsk.no_card", text("the empire deck and its discard pile are empty"))
        return None
    if isinstance(move, SetAsideDrawn):
        return actions.set_aside_drawn_refusal(s, move)
    if isinstance(move, RebuildCard):
        return actions.rebuild_refusal(s, move)
    if isinstance(move, Decline) and isinstance(task, ChooseRebuild) and not task.optional:
        return refuse(
            "rebuild.mandatory", text("this rebuild is not optional («восстанавливает 1 карту»)")
        )
    if isinstance(move, UseArmy):
        return titans.use_army_refusal(s, task, move)
    if isinstance(move, (Attack, Withdraw)):
        return titans.attack_refusal(s, t, task, move)
    if isinstance(move, LoseCard):
        return titans.loss_refusal(s, move)
    if isinstance(move, DiscardArmy):
        return titans.discard_refusal(s, move)
    if isinstance(move, Borrow):
        return cards.borrow_refusal(s, t, move)
    if isinstance(move, ChooseTitans):
        if move.stars not in (1, 2, 3) or s.titan_tops.of(move.stars) is None:
            return refuse(
                "forest.no_titans",
                text("the {stars}-star titan deck is empty", stars=move.stars),
            )
        return None
    if isinstance(move, PutOnTop):
        return cards.order_refusal(s, move)
    if isinstance(move, FightNow):
        return titans.fight_refusal(s, t, seat, task.stars)
    if isinstance(move, BuyKnowledge):
        if s.players[seat].coins < 1:
            return refuse("pay.not_enough_coins", text("Scribes' guild needs 1 coin"))
        return None
    if isinstance(move, RemoveArmyCoin):
        return cards.outpost_refusal(s, move)
    if isinstance(move, Starve):
        return rounds.starve_refusal(s, move)
    return None
