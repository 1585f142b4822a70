"""Why a move is refused: the most specific rule code that applies.

The checks are the same ``*_refusal`` functions the move generation filters with.
"""

from __future__ import annotations

from typing import Any

from arbiter.core import CHANCE, IllegalMove
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

DESCRIBE: dict[type[Any] | None, str] = {
    None: "a turn: place a citizen, fight a titan or pass",
    ChooseBuild: "which empire card to build",
    ChooseExpandPay: "how to pay for Expand borders (1 knowledge or 3 coins)",
    ChooseProvince: "which province to keep (Expand borders+)",
    ChooseRecruit: "which army card to recruit",
    ChooseEnlist: "where the recruited army card goes (new army or disband)",
    ChooseExplore: "draw from the empire deck or set aside a card of the row",
    ChooseSetAside: "which drawn card to set aside",
    ChooseRebuild: "which lost card to rebuild",
    ChooseArmies: "which army to pay for, or attack / withdraw",
    ChooseLoss: "which empire card to lose",
    ChooseDiscardArmy: "which army to discard (over the army limit)",
    ChooseBorrow: "whose empire-card action to use",
    ChooseTitanDeck: "which titan deck to reorder",
    ChooseTitanOrder: "the order of the titans, from the top",
    ChooseForestFight: "whether to fight the top titan now",
    ChooseScribes: "whether to buy 1 knowledge for 1 coin (Scribes' guild)",
    ChooseOutpost: "whether to remove a coin from an army (Remote outpost)",
    ChooseZorsk: "whether to set aside an empire card (Zorsk playwrights)",
    ChooseStarving: "which citizen starves",
}

GENERIC = refuse("move.not_legal", "that move is not legal now")

#: A citizen placed on Build or Recruit buys a card: declining is refused (rulings, :mod:`.game`).
MUST_BUY: dict[type[Any] | None, IllegalMove] = {
    ChooseBuild: refuse(
        "build.must_buy",
        "a citizen on Build buys 1 empire card (the board: «Купите 1 карту империи»): choose which",
    ),
    ChooseRecruit: refuse(
        "recruit.must_buy",
        "a citizen on Recruit buys 1 army card (the board: «Купите 1 карту войска»): choose which",
    ),
    ChooseEnlist: refuse(
        "recruit.must_buy",
        "the army card bought goes into one of your armies («должен поместить её в одну из своих "
        "армий»): choose which",
    ),
}


def explain(s: State, t: Tables, move: Any) -> IllegalMove:
    actors = to_act(s)
    if not actors:
        return refuse("game_over", "the game is over")
    if isinstance(move, (DrawCard, RollDie)):
        if CHANCE not in actors:
            return refuse("chance.not_pending", "no chance decision is pending")
        task = s.pending[-1]
        if isinstance(move, DrawCard):
            if not isinstance(task, Draw) or move.deck != task.deck:
                return refuse("chance.wrong_deck", "the pending chance decision is not that deck")
            return refuse("chance.not_in_deck", f"{move.card!r} is not among the hidden cards")
        if not isinstance(task, Dice):
            return refuse("chance.not_a_roll", "no destruction die is being rolled")
        return refuse("chance.no_such_face", f"the die has no face {move.face!r}")
    seat = getattr(move, "seat", None)
    if not isinstance(seat, int) or not 0 <= seat < s.n:
        return refuse("move.bad_seat", f"there is no seat {seat!r}")
    if seat not in actors:
        return refuse("not_your_turn", f"seat {seat} may not decide now")
    top: Any = s.pending[-1] if s.pending else None
    kind = type(top) if top is not None else None
    must_buy = MUST_BUY.get(kind)
    if must_buy is not None and isinstance(move, Decline):
        return must_buy
    if not isinstance(move, ANSWERS.get(kind, ())):
        return refuse("decision.expected", f"now seat {seat} must decide {DESCRIBE.get(kind)}")
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
            return refuse("zorsk.no_card", "the empire deck and its discard pile are empty")
        return None
    if isinstance(move, SetAsideDrawn):
        return actions.set_aside_drawn_refusal(s, move)
    if isinstance(move, RebuildCard):
        return actions.rebuild_refusal(s, move)
    if isinstance(move, Decline) and isinstance(task, ChooseRebuild) and not task.optional:
        return refuse(
            "rebuild.mandatory", "this rebuild is not optional («восстанавливает 1 карту»)"
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
            return refuse("forest.no_titans", f"the {move.stars}-star titan deck is empty")
        return None
    if isinstance(move, PutOnTop):
        return cards.order_refusal(s, move)
    if isinstance(move, FightNow):
        return titans.fight_refusal(s, t, seat, task.stars)
    if isinstance(move, BuyKnowledge):
        if s.players[seat].coins < 1:
            return refuse("pay.not_enough_coins", "Scribes' guild needs 1 coin")
        return None
    if isinstance(move, RemoveArmyCoin):
        return cards.outpost_refusal(s, move)
    if isinstance(move, Starve):
        return rounds.starve_refusal(s, move)
    return None
