"""Readable moves: one short English sentence per legal move, in the rulebook's vocabulary.

:func:`describe_move` answers :meth:`~arbiter.core.Game.describe` for The Ancient World: one
describer per move type (:data:`DESCRIBERS`, keyed by move class), naming the board's action spaces
(«Работать» -- Work, «Служить в армии» -- Serve in the army ...), the cards by the content pack's
names, titans with their stars and defence, armies by their index and active card.

A description is shown only to the seat that may make the move (or to everyone in an open game):
it may name that seat's own set-aside, drawn or reordered cards, never another seat's hidden
cards or a deck's hidden order. A chance outcome names only the card or die face it carries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from arbiter.core.describe import describe_by
from arbiter.games.the_ancient_world.content import CardAction, DieFace
from arbiter.games.the_ancient_world.decks import current_empire
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
from arbiter.games.the_ancient_world.placement import placement_fee
from arbiter.games.the_ancient_world.state import (
    EXPAND_COINS,
    EXPAND_PLUS_CARDS,
    EXPLORE_CARDS,
    FOREST_CARDS,
    LEARN_PRICE,
    POPULATE_PRICE,
    REBUILD_ACTION_CARDS,
    WORK_COINS,
    AncientWorldState,
    BoardSpace,
    ChooseArmies,
    ChooseEnlist,
    ChooseForestFight,
    ChooseLoss,
    ChooseOutpost,
    ChooseRebuild,
    ChooseScribes,
    ChooseSetAside,
    ChooseStarving,
    ChooseTitanOrder,
    ChooseZorsk,
    DeckName,
    Dice,
    Draw,
    DrawTarget,
    Pending,
)
from arbiter.games.the_ancient_world.tables import Tables, stats
from arbiter.games.the_ancient_world.titans import attack, price

State = AncientWorldState

#: The board's action spaces («Действия на игровом поле»).
SPACE_NAMES: Final[dict[BoardSpace, str]] = {
    "work": "Work",
    "build": "Build",
    "serve": "Serve in the army",
    "expand": "Expand borders",
    "learn": "Learn",
    "rebuild": "Rebuild",
    "recruit": "Recruit",
    "explore": "Explore",
    "populate": "Increase population",
}
DECK_NAMES: Final[dict[DeckName, str]] = {
    "empire_a": "empire deck A",
    "empire_b": "empire deck B",
    "army": "the army deck",
    "province": "the province deck",
    "titan_1": "the 1-star titan deck",
    "titan_2": "the 2-star titan deck",
    "titan_3": "the 3-star titan deck",
}
#: Where a draw goes: public places, or a seat's private choice (``{seat}`` filled in).
DRAW_TARGETS: Final[dict[DrawTarget, str]] = {
    "empire_row": "into the empire row",
    "army_row": "into the army row",
    "province_top": "as the face-up province",
    "titan_top": "as the face-up titan",
    "explore": "for the Explore of {seat}",
    "expand": "for the Expand borders+ of {seat}",
    "forest": "for the Forest refuge of {seat}",
    "set_aside": "for {seat} to set aside (Zorsk playwrights)",
}
DIE_FACES: Final[dict[DieFace, str]] = {
    "titan": "a titan: {seat} loses an empire card",
    "coin": "a coin: {seat} loses 1 coin",
    "blank": "a blank: no destruction",
}


# ------------------------------------------------------------------------ names of things


def _count(n: int, singular: str, plural: str | None = None) -> str:
    """``1 coin``, ``2 coins``; uncountable things (knowledge) pass ``plural=singular``."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def _name(t: Tables, card: str | None) -> str:
    """A card's name in the content pack (its id if the pack has no such card)."""
    if card is None:
        return "no card"
    for table in (t.empire, t.armies, t.provinces, t.titans):
        c = table.get(card)
        if c is not None:
            return str(c.name)
    return card


def _titan(t: Tables, card: str | None) -> str:
    """``the 2-star titan Stone Creature (defence 8, swords and arrows)``."""
    titan = t.titans.get(card or "")
    if titan is None:
        return "the titan"
    counts = "swords and arrows" if titan.arrows_count else "swords only"
    return f"the {titan.stars}-star titan {titan.name} (defence {titan.defence}, {counts})"


def _price(coins: int, knowledge: int) -> str:
    parts = []
    if coins:
        parts.append(_count(coins, "coin"))
    if knowledge:
        parts.append(f"{knowledge} knowledge")
    return " and ".join(parts) or "nothing"


def _army(t: Tables, s: State, seat: int, index: int) -> str:
    """``army 1 (Militia)``."""
    armies = s.players[seat].armies
    if 0 <= index < len(armies):
        return f"army {index} ({_name(t, armies[index].active)})"
    return f"army {index}"


def _top(s: State) -> Pending | None:
    return s.pending[-1] if s.pending else None


def _card_action(s: State, t: Tables, seat: int, card: str) -> str:
    """What a card's action space does: ``pay 1 coin, gain 2 knowledge``."""
    a: CardAction = t.action[card]
    parts = []
    if a.cost_coins or a.cost_knowledge:
        parts.append("pay " + _price(a.cost_coins, a.cost_knowledge))
    if a.gain_coins or a.gain_knowledge:
        parts.append("gain " + _price(a.gain_coins, a.gain_knowledge))
    effect = t.effect.get(card)
    if effect == "desert_caravan":
        parts.append(f"gain 1 coin per food ({_count(stats(t, s.players[seat]).food, 'coin')})")
    elif effect == "cryptic_ship":
        parts.append("Explore")
    elif effect == "forest_refuge":
        parts.append(f"reorder the top {FOREST_CARDS} cards of a titan deck")
    elif effect in ("bridge", "trade_city"):
        parts.append("use another player's empire-card action")
    elif effect == "town_hall" and not s.token_hand_up:
        parts.append("take the first-player token")
    if a.rebuild:
        parts.append(f"rebuild {_count(a.rebuild, 'lost card')}")
    return ", ".join(parts) or "nothing"


# ------------------------------------------------------------------------ a turn


def _space_effect(s: State, t: Tables, seat: int, space: BoardSpace) -> str:
    if space == "work":
        return f"gain {WORK_COINS} coins"
    if space == "build":
        return "buy an empire card of the row or a set-aside one"
    if space == "serve":
        return "+1 attack against every titan this round"
    if space == "expand":
        pay = f"for 1 knowledge or {EXPAND_COINS} coins"
        if s.options.expand_borders_plus:
            return f"keep 1 of {EXPAND_PLUS_CARDS} provinces {pay}"
        return f"take the province {_name(t, s.province_top)} {pay}"
    if space == "learn":
        return f"pay {LEARN_PRICE} coins, gain 1 knowledge"
    if space == "rebuild":
        token = "" if s.token_hand_up and s.first_player != seat else ", the first-player token"
        return f"rebuild up to {REBUILD_ACTION_CARDS} lost cards{token}, 1 coin"
    if space == "recruit":
        return "recruit an army card of the row"
    if space == "explore":
        n = EXPLORE_CARDS + stats(t, s.players[seat]).extra_explore
        return f"draw {n} empire cards or take 1 of the row, set aside 1"
    return f"pay {POPULATE_PRICE} coins for a new citizen"


def _place(s: State, t: Tables, m: Place) -> str:
    fee = placement_fee(s, m.space, m.skill) or 0
    paying = ", paying 1 coin to place" if fee else ""
    effect = _space_effect(s, t, m.seat, m.space)
    return f"Send citizen {m.skill} to {SPACE_NAMES[m.space]} ({effect}){paying}"


def _place_on_card(s: State, t: Tables, m: PlaceOnCard) -> str:
    action = _card_action(s, t, m.seat, m.card)
    return f"Send citizen {m.skill} to the action of {_name(t, m.card)} ({action})"


def _fight(s: State, t: Tables, m: Fight) -> str:
    return f"Fight {_titan(t, s.titan_tops.of(m.stars))}"


def _pass(s: State, t: Tables, m: Pass) -> str:
    first = " (first to pass)" if s.first_passer is None else ""
    return f"Pass for the rest of round {s.round}{first}"


# ------------------------------------------------------------------------ the board's actions


def _build(s: State, t: Tables, m: Build) -> str:
    source = "the empire row" if m.card in s.empire_row else "your set-aside cards"
    name = _name(t, m.card)
    if m.crane:
        return f"Build {name} from {source} with the Crane (discard the Crane, pay nothing)"
    card = t.empire[m.card]
    return f"Build {name} from {source} for {_price(card.cost_coins, card.cost_knowledge)}"


def _pay_expand(s: State, t: Tables, m: PayExpand) -> str:
    pay = "1 knowledge" if m.pay == "knowledge" else f"{EXPAND_COINS} coins"
    if s.options.expand_borders_plus:
        more = EXPAND_PLUS_CARDS - 1
        return f"Pay {pay} for Expand borders+ ({_name(t, s.province_top)} and {more} more, keep 1)"
    return f"Pay {pay} to take the province {_name(t, s.province_top)}"


def _keep_province(s: State, t: Tables, m: KeepProvince) -> str:
    return f"Keep the province {_name(t, m.card)}; the others go under the province deck"


def _recruit(s: State, t: Tables, m: Recruit) -> str:
    cost = t.armies[m.card].cost_coins
    price_text = f"for {_count(cost, 'coin')}" if cost else "for free"
    return f"Recruit {_name(t, m.card)} from the army row {price_text}"


def _enlisting(s: State, t: Tables) -> str:
    task = _top(s)
    return _name(t, task.card) if isinstance(task, ChooseEnlist) else "the new army card"


def _new_army(s: State, t: Tables, m: NewArmy) -> str:
    index = len(s.players[m.seat].armies)
    return f"Put {_enlisting(s, t)} in a new army (army {index})"


def _disband(s: State, t: Tables, m: Disband) -> str:
    return f"Disband {_army(t, s, m.seat, m.army)} and put {_enlisting(s, t)} over it"


def _explore_deck(s: State, t: Tables, m: ExploreDeck) -> str:
    n = EXPLORE_CARDS + stats(t, s.players[m.seat]).extra_explore
    return f"Draw {n} cards from {DECK_NAMES[current_empire(s)]} and set aside 1"


def _set_aside_from_row(s: State, t: Tables, m: SetAsideFromRow) -> str:
    zorsk = " (Zorsk playwrights)" if isinstance(_top(s), ChooseZorsk) else ""
    return f"Set aside {_name(t, m.card)} from the empire row{zorsk}"


def _set_aside_drawn(s: State, t: Tables, m: SetAsideDrawn) -> str:
    task = _top(s)
    rest = len(task.drawn) - 1 if isinstance(task, ChooseSetAside) else 0
    discard = f"; discard the other {rest}" if rest > 0 else ""
    return f"Set aside {_name(t, m.card)} of the drawn cards{discard}"


def _take_from_deck(s: State, t: Tables, m: TakeFromDeck) -> str:
    return f"Set aside the top card of {DECK_NAMES[current_empire(s)]} (Zorsk playwrights)"


def _rebuild_card(s: State, t: Tables, m: RebuildCard) -> str:
    return f"Rebuild (turn face up) your lost {_name(t, m.card)}"


# ------------------------------------------------------------------------ titan fights


def _fighting(s: State) -> tuple[ChooseArmies, str]:
    task = _top(s)
    assert isinstance(task, ChooseArmies)
    titan = s.titan_tops.of(task.stars)
    assert titan is not None
    return task, titan


def _use_army(s: State, t: Tables, m: UseArmy) -> str:
    task, titan = _fighting(s)
    cost = price(s.players[m.seat], m.army)
    value = attack(s, t, m.seat, (*task.used, m.army), titan)
    defence = t.titans[titan].defence
    return (
        f"Use {_army(t, s, m.seat, m.army)} for {_count(cost, 'coin')}: attack {value} "
        f"against {_name(t, titan)}'s defence {defence}"
    )


def _attack(s: State, t: Tables, m: Attack) -> str:
    task, titan = _fighting(s)
    card = t.titans[titan]
    value = attack(s, t, m.seat, task.used, titan)
    dice = len(card.symbols.banners)
    roll = f", then roll {_count(dice, 'destruction die', 'destruction dice')}" if dice else ""
    return f"Defeat {card.name} (attack {value} against defence {card.defence}){roll}"


def _withdraw(s: State, t: Tables, m: Withdraw) -> str:
    task, titan = _fighting(s)
    card = t.titans[titan]
    value = attack(s, t, m.seat, task.used, titan)
    return (
        f"Withdraw from the fight with {card.name} (attack {value} below defence "
        f"{card.defence}); the paid armies stay used"
    )


def _lose_card(s: State, t: Tables, m: LoseCard) -> str:
    task = _top(s)
    more = task.count - 1 if isinstance(task, ChooseLoss) else 0
    after = f" ({more} more to lose)" if more > 0 else ""
    return f"Lose (turn face down) your {_name(t, m.card)}{after}"


def _discard_army(s: State, t: Tables, m: DiscardArmy) -> str:
    armies = s.players[m.seat].armies
    retired = len(armies[m.army].retired) if 0 <= m.army < len(armies) else 0
    under = f" and {_count(retired, 'disbanded card')} under it" if retired else ""
    return f"Discard {_army(t, s, m.seat, m.army)}{under} (over the army limit)"


# ------------------------------------------------------------------------ special cards


def _borrow(s: State, t: Tables, m: Borrow) -> str:
    action = _card_action(s, t, m.seat, m.card)
    return f"Use the action of seat {m.owner}'s {_name(t, m.card)} ({action})"


def _choose_titans(s: State, t: Tables, m: ChooseTitans) -> str:
    face_up = _name(t, s.titan_tops.of(m.stars))
    return (
        f"Forest refuge: take {face_up} and the {FOREST_CARDS - 1} cards under it from the "
        f"{m.stars}-star titan deck to reorder them"
    )


def _put_on_top(s: State, t: Tables, m: PutOnTop) -> str:
    task = _top(s)
    position = len(task.ordered) + 1 if isinstance(task, ChooseTitanOrder) else 1
    where = "face up on top" if position == 1 else f"as card {position} from the top"
    return f"Put {_name(t, m.card)} back {where} of the titan deck"


def _fight_now(s: State, t: Tables, m: FightNow) -> str:
    task = _top(s)
    stars = task.stars if isinstance(task, ChooseForestFight) else 1
    return f"Fight {_titan(t, s.titan_tops.of(stars))} now (Forest refuge)"


def _buy_knowledge(s: State, t: Tables, m: BuyKnowledge) -> str:
    return "Buy 1 knowledge for 1 coin (Scribes' guild)"


def _remove_army_coin(s: State, t: Tables, m: RemoveArmyCoin) -> str:
    why = "it may be used again" if m.spot == "scroll" else "it costs 1 coin less to use"
    return (
        f"Remove a coin from the {m.spot} of {_army(t, s, m.seat, m.army)} (Remote outpost): {why}"
    )


def _starve(s: State, t: Tables, m: Starve) -> str:
    task = _top(s)
    more = task.count - 1 if isinstance(task, ChooseStarving) else 0
    after = f" ({more} more to choose)" if more > 0 else ""
    return f"Send citizen {m.skill} to the starving space (unfed){after}"


def _decline(s: State, t: Tables, m: Decline) -> str:
    task = _top(s)
    if isinstance(task, ChooseRebuild):
        return f"Stop rebuilding ({_count(task.remaining, 'more lost card')} could be rebuilt)"
    if isinstance(task, ChooseScribes):
        return "Do not buy knowledge with the Scribes' guild"
    if isinstance(task, ChooseOutpost):
        return "Remove no army coin with the Remote outpost"
    if isinstance(task, ChooseZorsk):
        return "Set aside no card with the Zorsk playwrights"
    if isinstance(task, ChooseForestFight):
        return f"Do not fight {_titan(t, s.titan_tops.of(task.stars))} now"
    return "Decline the choice"


# ------------------------------------------------------------------------ chance


def _draw_card(s: State, t: Tables, m: DrawCard) -> str:
    task = _top(s)
    deck = DECK_NAMES[m.deck]
    if not isinstance(task, Draw):
        return f"Draw {_name(t, m.card)} from {deck}"
    to = DRAW_TARGETS[task.to].format(seat=f"seat {task.seat}")
    verb = "Reveal" if "{seat}" not in DRAW_TARGETS[task.to] else "Draw"
    return f"{verb} {_name(t, m.card)} from {deck} {to}"


def _roll_die(s: State, t: Tables, m: RollDie) -> str:
    task = _top(s)
    seat = f"seat {task.seat}" if isinstance(task, Dice) else "the fighter"
    return "The destruction die shows " + DIE_FACES[m.face].format(seat=seat)


Describer = Callable[[State, Tables, Any], str]

#: One describer per move type of :data:`~.moves.AncientWorldMove`.
DESCRIBERS: Final[dict[type[Any], Describer]] = {
    Place: _place,
    PlaceOnCard: _place_on_card,
    Fight: _fight,
    Pass: _pass,
    Build: _build,
    PayExpand: _pay_expand,
    KeepProvince: _keep_province,
    Recruit: _recruit,
    NewArmy: _new_army,
    Disband: _disband,
    ExploreDeck: _explore_deck,
    SetAsideFromRow: _set_aside_from_row,
    SetAsideDrawn: _set_aside_drawn,
    TakeFromDeck: _take_from_deck,
    RebuildCard: _rebuild_card,
    UseArmy: _use_army,
    Attack: _attack,
    Withdraw: _withdraw,
    LoseCard: _lose_card,
    DiscardArmy: _discard_army,
    Borrow: _borrow,
    ChooseTitans: _choose_titans,
    PutOnTop: _put_on_top,
    FightNow: _fight_now,
    BuyKnowledge: _buy_knowledge,
    RemoveArmyCoin: _remove_army_coin,
    Starve: _starve,
    Decline: _decline,
    DrawCard: _draw_card,
    RollDie: _roll_die,
}


def describe_move(s: State, t: Tables, move: Any) -> str:
    """What ``move`` does in ``s``, in one line (:func:`arbiter.core.describe.describe_by`)."""
    return describe_by(DESCRIBERS, s, t, move)
