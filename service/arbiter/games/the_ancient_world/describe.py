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
from arbiter.core.texts import Text, joined, plural, text
from arbiter.core.texts import term as printed
from arbiter.games.the_ancient_world.content import CardAction
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
    Pending,
)
from arbiter.games.the_ancient_world.tables import Tables, stats
from arbiter.games.the_ancient_world.titans import attack
from arbiter.games.the_ancient_world.titans import price as army_price
from arbiter.games.the_ancient_world.words import (
    DRAWN_TO,
    FROM_DECK,
    SPACE_NAMES,
    coins,
    destruction_dice,
    disbanded_cards,
    drawn_for,
    lost_cards,
    name,
    price,
    seat_of,
    titan,
)

State = AncientWorldState

#: The top card of the empire deck in use, set aside by Zorsk playwrights.
_TOP_OF: Final[dict[DeckName, Text]] = {
    "empire_a": text("Set aside the top card of empire deck A (Zorsk playwrights)"),
    "empire_b": text("Set aside the top card of empire deck B (Zorsk playwrights)"),
}


# ------------------------------------------------------------------------ names of things


def _army(t: Tables, s: State, seat: int, index: int) -> Text:
    """``army 1 (Militia)``."""
    armies = s.players[seat].armies
    if 0 <= index < len(armies):
        return text("army {army} ({card})", army=index, card=name(t, armies[index].active))
    return text("army {army}", army=index)


def _top(s: State) -> Pending | None:
    return s.pending[-1] if s.pending else None


def _card_action(s: State, t: Tables, seat: int, card: str) -> Text:
    """What a card's action space does: ``pay 1 coin, gain 2 knowledge``."""
    a: CardAction = t.action[card]
    parts: list[str] = []
    if a.cost_coins or a.cost_knowledge:
        parts.append(text("pay {price}", price=price(a.cost_coins, a.cost_knowledge)))
    if a.gain_coins or a.gain_knowledge:
        parts.append(text("gain {price}", price=price(a.gain_coins, a.gain_knowledge)))
    effect = t.effect.get(card)
    if effect == "desert_caravan":
        food = coins(stats(t, s.players[seat]).food)
        parts.append(text("gain 1 coin per food ({coins})", coins=food))
    elif effect == "cryptic_ship":
        parts.append(SPACE_NAMES["explore"])
    elif effect == "forest_refuge":
        parts.append(text("reorder the top {count} cards of a titan deck", count=FOREST_CARDS))
    elif effect in ("bridge", "trade_city"):
        parts.append(text("use another player's empire-card action"))
    elif effect == "town_hall" and not s.token_hand_up:
        parts.append(text("take the first-player token"))
    if a.rebuild:
        parts.append(text("rebuild {cards}", cards=lost_cards(a.rebuild)))
    return joined(parts, ", ") if parts else text("nothing")


# ------------------------------------------------------------------------ a turn


def _space_effect(s: State, t: Tables, seat: int, space: BoardSpace) -> Text:
    if space == "work":
        return text("gain {coins} coins", coins=WORK_COINS)
    if space == "build":
        return text("buy an empire card of the row or a set-aside one")
    if space == "serve":
        return text("+1 attack against every titan this round")
    if space == "expand":
        if s.options.expand_borders_plus:
            return text(
                "keep 1 of {cards} provinces for 1 knowledge or {coins} coins",
                cards=EXPAND_PLUS_CARDS,
                coins=EXPAND_COINS,
            )
        return text(
            "take the province {card} for 1 knowledge or {coins} coins",
            card=name(t, s.province_top),
            coins=EXPAND_COINS,
        )
    if space == "learn":
        return text("pay {coins} coins, gain 1 knowledge", coins=LEARN_PRICE)
    if space == "rebuild":
        if s.token_hand_up and s.first_player != seat:
            return text("rebuild up to {cards} lost cards, 1 coin", cards=REBUILD_ACTION_CARDS)
        return text(
            "rebuild up to {cards} lost cards, the first-player token, 1 coin",
            cards=REBUILD_ACTION_CARDS,
        )
    if space == "recruit":
        return text("recruit an army card of the row")
    if space == "explore":
        n = EXPLORE_CARDS + stats(t, s.players[seat]).extra_explore
        return plural(
            "draw {count} empire cards or take 1 of the row, set aside 1",
            "draw {count} empire cards or take 1 of the row, set aside 1",
            count=n,
        )
    return text("pay {coins} coins for a new citizen", coins=POPULATE_PRICE)


def _place(s: State, t: Tables, m: Place) -> Text:
    fee = placement_fee(s, m.space, m.skill) or 0
    effect = _space_effect(s, t, m.seat, m.space)
    if fee:
        return text(
            "Send citizen {skill} to {space} ({effect}), paying 1 coin to place",
            skill=m.skill,
            space=SPACE_NAMES[m.space],
            effect=effect,
        )
    return text(
        "Send citizen {skill} to {space} ({effect})",
        skill=m.skill,
        space=SPACE_NAMES[m.space],
        effect=effect,
    )


def _place_on_card(s: State, t: Tables, m: PlaceOnCard) -> Text:
    return text(
        "Send citizen {skill} to the action of {card} ({action})",
        skill=m.skill,
        card=name(t, m.card),
        action=_card_action(s, t, m.seat, m.card),
    )


def _fight(s: State, t: Tables, m: Fight) -> Text:
    return text("Fight {titan}", titan=titan(t, s.titan_tops.of(m.stars)))


def _pass(s: State, t: Tables, m: Pass) -> Text:
    if s.first_passer is None:
        return text("Pass for the rest of round {round} (first to pass)", round=s.round)
    return text("Pass for the rest of round {round}", round=s.round)


# ------------------------------------------------------------------------ the board's actions


def _build(s: State, t: Tables, m: Build) -> Text:
    card = name(t, m.card)
    row = m.card in s.empire_row
    if m.crane:
        if row:
            return text(
                "Build {card} from the empire row with the Crane (discard the Crane, pay nothing)",
                card=card,
            )
        return text(
            "Build {card} from your set-aside cards with the Crane (discard the Crane, pay "
            "nothing)",
            card=card,
        )
    e = t.empire[m.card]
    cost = price(e.cost_coins, e.cost_knowledge)
    if row:
        return text("Build {card} from the empire row for {price}", card=card, price=cost)
    return text("Build {card} from your set-aside cards for {price}", card=card, price=cost)


def _pay_expand(s: State, t: Tables, m: PayExpand) -> Text:
    card = name(t, s.province_top)
    if s.options.expand_borders_plus:
        more = EXPAND_PLUS_CARDS - 1
        if m.pay == "knowledge":
            return text(
                "Pay 1 knowledge for Expand borders+ ({card} and {more} more, keep 1)",
                card=card,
                more=more,
            )
        return text(
            "Pay {coins} coins for Expand borders+ ({card} and {more} more, keep 1)",
            coins=EXPAND_COINS,
            card=card,
            more=more,
        )
    if m.pay == "knowledge":
        return text("Pay 1 knowledge to take the province {card}", card=card)
    return text("Pay {coins} coins to take the province {card}", coins=EXPAND_COINS, card=card)


def _keep_province(s: State, t: Tables, m: KeepProvince) -> Text:
    return text(
        "Keep the province {card}; the others go under the province deck", card=name(t, m.card)
    )


def _recruit(s: State, t: Tables, m: Recruit) -> Text:
    cost = t.armies[m.card].cost_coins
    if cost:
        return text(
            "Recruit {card} from the army row for {price}", card=name(t, m.card), price=coins(cost)
        )
    return text("Recruit {card} from the army row for free", card=name(t, m.card))


def _enlisting(s: State, t: Tables) -> str:
    task = _top(s)
    return name(t, task.card) if isinstance(task, ChooseEnlist) else text("the new army card")


def _new_army(s: State, t: Tables, m: NewArmy) -> Text:
    index = len(s.players[m.seat].armies)
    return text("Put {card} in a new army (army {army})", card=_enlisting(s, t), army=index)


def _disband(s: State, t: Tables, m: Disband) -> Text:
    return text(
        "Disband {army} and put {card} over it",
        army=_army(t, s, m.seat, m.army),
        card=_enlisting(s, t),
    )


def _explore_deck(s: State, t: Tables, m: ExploreDeck) -> Text:
    n = EXPLORE_CARDS + stats(t, s.players[m.seat]).extra_explore
    return plural(
        "Draw {count} card {deck} and set aside 1",
        "Draw {count} cards {deck} and set aside 1",
        count=n,
        deck=FROM_DECK[current_empire(s)],
    )


def _set_aside_from_row(s: State, t: Tables, m: SetAsideFromRow) -> Text:
    if isinstance(_top(s), ChooseZorsk):
        return text(
            "Set aside {card} from the empire row (Zorsk playwrights)", card=name(t, m.card)
        )
    return text("Set aside {card} from the empire row", card=name(t, m.card))


def _set_aside_drawn(s: State, t: Tables, m: SetAsideDrawn) -> Text:
    task = _top(s)
    rest = len(task.drawn) - 1 if isinstance(task, ChooseSetAside) else 0
    if rest > 0:
        return plural(
            "Set aside {card} of the drawn cards; discard the other {count}",
            "Set aside {card} of the drawn cards; discard the other {count}",
            count=rest,
            card=name(t, m.card),
        )
    return text("Set aside {card} of the drawn cards", card=name(t, m.card))


def _take_from_deck(s: State, t: Tables, m: TakeFromDeck) -> Text:
    return _TOP_OF[current_empire(s)]


def _rebuild_card(s: State, t: Tables, m: RebuildCard) -> Text:
    return text("Rebuild (turn face up) your lost {card}", card=name(t, m.card))


# ------------------------------------------------------------------------ titan fights


def _fighting(s: State) -> tuple[ChooseArmies, str]:
    task = _top(s)
    assert isinstance(task, ChooseArmies)
    titan_card = s.titan_tops.of(task.stars)
    assert titan_card is not None
    return task, titan_card


def _use_army(s: State, t: Tables, m: UseArmy) -> Text:
    task, titan_card = _fighting(s)
    cost = army_price(s.players[m.seat], m.army)
    value = attack(s, t, m.seat, (*task.used, m.army), titan_card)
    return text(
        "Use {army} for {price}: attack {attack} against {titan}'s defence {defence}",
        army=_army(t, s, m.seat, m.army),
        price=coins(cost),
        attack=value,
        titan=name(t, titan_card),
        defence=t.titans[titan_card].defence,
    )


def _attack(s: State, t: Tables, m: Attack) -> Text:
    task, titan_card = _fighting(s)
    card = t.titans[titan_card]
    value = attack(s, t, m.seat, task.used, titan_card)
    dice = len(card.symbols.banners)
    if dice:
        return text(
            "Defeat {titan} (attack {attack} against defence {defence}), then roll {dice}",
            titan=printed(card.name),
            attack=value,
            defence=card.defence,
            dice=destruction_dice(dice),
        )
    return text(
        "Defeat {titan} (attack {attack} against defence {defence})",
        titan=printed(card.name),
        attack=value,
        defence=card.defence,
    )


def _withdraw(s: State, t: Tables, m: Withdraw) -> Text:
    task, titan_card = _fighting(s)
    card = t.titans[titan_card]
    value = attack(s, t, m.seat, task.used, titan_card)
    return text(
        "Withdraw from the fight with {titan} (attack {attack} below defence {defence}); the "
        "paid armies stay used",
        titan=printed(card.name),
        attack=value,
        defence=card.defence,
    )


def _lose_card(s: State, t: Tables, m: LoseCard) -> Text:
    task = _top(s)
    more = task.count - 1 if isinstance(task, ChooseLoss) else 0
    if more > 0:
        return text(
            "Lose (turn face down) your {card} ({more} more to lose)",
            card=name(t, m.card),
            more=more,
        )
    return text("Lose (turn face down) your {card}", card=name(t, m.card))


def _discard_army(s: State, t: Tables, m: DiscardArmy) -> Text:
    armies = s.players[m.seat].armies
    retired = len(armies[m.army].retired) if 0 <= m.army < len(armies) else 0
    army = _army(t, s, m.seat, m.army)
    if retired:
        return text(
            "Discard {army} and {cards} under it (over the army limit)",
            army=army,
            cards=disbanded_cards(retired),
        )
    return text("Discard {army} (over the army limit)", army=army)


# ------------------------------------------------------------------------ special cards


def _borrow(s: State, t: Tables, m: Borrow) -> Text:
    return text(
        "Use the action of seat {seat}'s {card} ({action})",
        seat=m.owner,
        card=name(t, m.card),
        action=_card_action(s, t, m.seat, m.card),
    )


def _choose_titans(s: State, t: Tables, m: ChooseTitans) -> Text:
    return text(
        "Forest refuge: take {card} and the {count} cards under it from the {stars}-star titan "
        "deck to reorder them",
        card=name(t, s.titan_tops.of(m.stars)),
        count=FOREST_CARDS - 1,
        stars=m.stars,
    )


def _put_on_top(s: State, t: Tables, m: PutOnTop) -> Text:
    task = _top(s)
    position = len(task.ordered) + 1 if isinstance(task, ChooseTitanOrder) else 1
    if position == 1:
        return text("Put {card} back face up on top of the titan deck", card=name(t, m.card))
    return text(
        "Put {card} back as card {position} from the top of the titan deck",
        card=name(t, m.card),
        position=position,
    )


def _fight_now(s: State, t: Tables, m: FightNow) -> Text:
    task = _top(s)
    stars = task.stars if isinstance(task, ChooseForestFight) else 1
    return text("Fight {titan} now (Forest refuge)", titan=titan(t, s.titan_tops.of(stars)))


def _buy_knowledge(s: State, t: Tables, m: BuyKnowledge) -> Text:
    return text("Buy 1 knowledge for 1 coin (Scribes' guild)")


def _remove_army_coin(s: State, t: Tables, m: RemoveArmyCoin) -> Text:
    army = _army(t, s, m.seat, m.army)
    if m.spot == "scroll":
        return text(
            "Remove a coin from the scroll of {army} (Remote outpost): it may be used again",
            army=army,
        )
    return text(
        "Remove a coin from the picture of {army} (Remote outpost): it costs 1 coin less to use",
        army=army,
    )


def _starve(s: State, t: Tables, m: Starve) -> Text:
    task = _top(s)
    more = task.count - 1 if isinstance(task, ChooseStarving) else 0
    if more > 0:
        return text(
            "Send citizen {skill} to the starving space (unfed) ({more} more to choose)",
            skill=m.skill,
            more=more,
        )
    return text("Send citizen {skill} to the starving space (unfed)", skill=m.skill)


def _decline(s: State, t: Tables, m: Decline) -> Text:
    task = _top(s)
    if isinstance(task, ChooseRebuild):
        return plural(
            "Stop rebuilding ({count} more lost card could be rebuilt)",
            "Stop rebuilding ({count} more lost cards could be rebuilt)",
            count=task.remaining,
        )
    if isinstance(task, ChooseScribes):
        return text("Do not buy knowledge with the Scribes' guild")
    if isinstance(task, ChooseOutpost):
        return text("Remove no army coin with the Remote outpost")
    if isinstance(task, ChooseZorsk):
        return text("Set aside no card with the Zorsk playwrights")
    if isinstance(task, ChooseForestFight):
        return text("Do not fight {titan} now", titan=titan(t, s.titan_tops.of(task.stars)))
    return text("Decline the choice")


# ------------------------------------------------------------------------ chance


def _draw_card(s: State, t: Tables, m: DrawCard) -> Text:
    task = _top(s)
    deck = FROM_DECK[m.deck]
    card = name(t, m.card)
    if not isinstance(task, Draw):
        return text("Draw {card} {deck}", card=card, deck=deck)
    if task.to in DRAWN_TO:
        return text("Reveal {card} {deck} {to}", card=card, deck=deck, to=DRAWN_TO[task.to])
    to = drawn_for(task.to, seat_of(task.seat))
    return text("Draw {card} {deck} {to}", card=card, deck=deck, to=to)


def _roll_die(s: State, t: Tables, m: RollDie) -> Text:
    task = _top(s)
    seat = seat_of(task.seat) if isinstance(task, Dice) else text("the fighter")
    if m.face == "titan":
        return text("The destruction die shows a titan: {seat} loses an empire card", seat=seat)
    if m.face == "coin":
        return text("The destruction die shows a coin: {seat} loses 1 coin", seat=seat)
    return text("The destruction die shows a blank: no destruction")


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
