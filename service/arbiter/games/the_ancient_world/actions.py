"""The board's actions («Действия жителей», А. Действия на игровом поле) and their decisions.

Each ``*_refusal`` function returns ``None`` when the choice is legal, else the refusal with its
rule code; move generation and :func:`~.legality.explain` both use them, so the two never differ.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import plural, text
from arbiter.games.the_ancient_world import cards as special
from arbiter.games.the_ancient_world.common import (
    add,
    gain_card_citizens,
    gain_citizen,
    pop,
    push,
    refuse,
    replace_top,
    with_player,
)
from arbiter.games.the_ancient_world.decks import can_draw, current_empire, discard_empire
from arbiter.games.the_ancient_world.events import (
    ArmyCardTaken,
    ArmyRecruited,
    CardRebuilt,
    CardsDiscarded,
    CardSetAside,
    EmpireBuilt,
    FaceUpProvinceTaken,
    FirstPlayerToken,
    Gained,
    Paid,
    ProvincesUnder,
    ProvinceTaken,
)
from arbiter.games.the_ancient_world.moves import (
    Build,
    Decline,
    Disband,
    ExploreDeck,
    KeepProvince,
    NewArmy,
    PayExpand,
    RebuildCard,
    Recruit,
    SetAsideDrawn,
    SetAsideFromRow,
)
from arbiter.games.the_ancient_world.state import (
    EXPAND_COINS,
    EXPAND_PLUS_CARDS,
    EXPLORE_CARDS,
    LEARN_PRICE,
    MAX_CITIZENS,
    POPULATE_PRICE,
    REBUILD_ACTION_CARDS,
    WORK_COINS,
    AncientWorldState,
    Army,
    BoardSpace,
    ChooseBuild,
    ChooseDiscardArmy,
    ChooseEnlist,
    ChooseExpandPay,
    ChooseExplore,
    ChooseProvince,
    ChooseRebuild,
    ChooseRecruit,
    ChooseSetAside,
    Draw,
)
from arbiter.games.the_ancient_world.tables import (
    Tables,
    army_limit,
    free_space,
    has_effect,
    owned_names,
    stats,
)
from arbiter.games.the_ancient_world.words import given, quoted

State = AncientWorldState


# --------------------------------------------------------------------------------- Строить


def build_refusal(
    s: State, t: Tables, seat: int, card: str, crane: bool, coins: int | None = None
) -> IllegalMove | None:
    """«Строить» (Build): one empire card from the row or the seat's set-aside cards.

    Needs a free space (capital, provinces, titans; 1 a card), no alike card owned, and its price
    in coins and knowledge -- or «Кран» (Crane): discard the Crane to build without paying.
    """
    p = s.players[seat]
    coins = p.coins if coins is None else coins
    if card not in s.empire_row and card not in p.set_aside:
        return refuse(
            "build.not_available",
            text(
                "{card} is neither in the empire row nor among your set-aside cards",
                card=given(card),
            ),
        )
    crane_card = has_effect(t, p, "crane")
    if crane and crane_card is None:
        return refuse("build.no_crane", text("you have no face-up Crane («Кран») to discard"))
    # A discarded Crane frees its space and takes away any space it gave.
    freed = 1 - t.sym(crane_card).space if crane and crane_card is not None else 0
    if free_space(t, p) + freed < 1:
        return refuse(
            "build.no_space",
            text("no space for another empire card («Для каждой карты империи требуется 1 место»)"),
        )
    names = owned_names(t, p)
    if crane and crane_card is not None:
        names.discard(t.name[crane_card])
    if t.name[card] in names:
        return refuse(
            "build.duplicate_card",
            text(
                "you already own {card} («У игрока не может быть одинаковых карт империи»)",
                card=quoted(t.name[card]),
            ),
        )
    if not crane:
        e = t.empire[card]
        if e.cost_coins > coins:
            return refuse(
                "pay.not_enough_coins",
                plural(
                    "{card} costs {count} coins; you have {have}",
                    "{card} costs {count} coins; you have {have}",
                    count=e.cost_coins,
                    card=quoted(t.name[card]),
                    have=coins,
                ),
            )
        if e.cost_knowledge > p.knowledge:
            return refuse(
                "pay.not_enough_knowledge",
                plural(
                    "{card} costs {count} knowledge; you have {have}",
                    "{card} costs {count} knowledge; you have {have}",
                    count=e.cost_knowledge,
                    card=quoted(t.name[card]),
                    have=p.knowledge,
                ),
            )
    return None


def _build_candidates(s: State, seat: int) -> tuple[str, ...]:
    return s.empire_row + s.players[seat].set_aside


def build_moves(s: State, t: Tables, seat: int) -> list[Build]:
    p = s.players[seat]
    cranes = (False, True) if has_effect(t, p, "crane") is not None else (False,)
    return [
        Build(seat=seat, card=card, crane=crane)
        for card in _build_candidates(s, seat)
        for crane in cranes
        if build_refusal(s, t, seat, card, crane) is None
    ]


def build_precondition(s: State, t: Tables, seat: int, coins: int) -> IllegalMove | None:
    """Placing on Build needs at least one card that can be built (rulings, :mod:`.game`)."""
    candidates = _build_candidates(s, seat)
    if not candidates:
        return refuse(
            "build.no_card", text("no empire card in the row or among your set-aside cards")
        )
    p = s.players[seat]
    cranes = (False, True) if has_effect(t, p, "crane") is not None else (False,)
    first: IllegalMove | None = None
    for card in candidates:
        for crane in cranes:
            why = build_refusal(s, t, seat, card, crane, coins)
            if why is None:
                return None
            if first is None or why.code.endswith("no_space"):
                first = why
    return first


def can_build(s: State, t: Tables, seat: int, coins: int) -> bool:
    """Whether some card can be built (:func:`build_precondition` is ``None``): the tests of
    :func:`build_refusal`, with the free space and the names owned worked out once."""
    candidates = _build_candidates(s, seat)
    p = s.players[seat]
    free = free_space(t, p)
    names = owned_names(t, p)
    if free >= 1:
        for card in candidates:
            e = t.empire[card]
            if (
                t.name[card] not in names
                and e.cost_coins <= coins
                and e.cost_knowledge <= p.knowledge
            ):
                return True
    crane_card = has_effect(t, p, "crane")  # built for free by discarding the Crane
    if crane_card is None or free + 1 - t.sym(crane_card).space < 1:
        return False
    names.discard(t.name[crane_card])
    return any(t.name[card] not in names for card in candidates)


def do_build(s: State, t: Tables, move: Build, ev: list[Event]) -> State:
    seat, card = move.seat, move.card
    p = s.players[seat]
    source: Literal["row", "set_aside"]
    if card in s.empire_row:
        source = "row"
        i = s.empire_row.index(card)
        s = msgspec.structs.replace(s, empire_row=s.empire_row[:i] + s.empire_row[i + 1 :])
    else:
        source = "set_aside"
        i = p.set_aside.index(card)
        p = msgspec.structs.replace(p, set_aside=p.set_aside[:i] + p.set_aside[i + 1 :])
    e = t.empire[card]
    crane: str | None = None
    if move.crane:
        crane = has_effect(t, p, "crane")
        assert crane is not None
        i = p.empire.index(crane)
        p = msgspec.structs.replace(p, empire=p.empire[:i] + p.empire[i + 1 :])
        s = with_player(s, seat, p)
        s = discard_empire(s, (crane,))
        ev.append(CardsDiscarded(cards=(crane,), count=1))
    else:
        p = msgspec.structs.replace(
            p, coins=p.coins - e.cost_coins, knowledge=p.knowledge - e.cost_knowledge
        )
        s = with_player(s, seat, p)
        if e.cost_coins or e.cost_knowledge:
            ev.append(
                Paid(seat=seat, coins=e.cost_coins, knowledge=e.cost_knowledge, reason="build")
            )
    p = s.players[seat]
    s = with_player(s, seat, msgspec.structs.replace(p, empire=(*p.empire, card)))
    ev.append(EmpireBuilt(seat=seat, card=card, source=source, crane=crane))
    s = pop(s)
    if move.crane:
        # A discarded Crane with army-limit symbols may leave armies over the limit.
        s = push(s, ChooseDiscardArmy(seat=seat))
    return gain_card_citizens(s, t, seat, card, ev)


# ---------------------------------------------------------------------------- Рекрутировать


def recruit_refusal(
    s: State, t: Tables, seat: int, card: str, coins: int | None = None
) -> IllegalMove | None:
    """«Рекрутировать» (Recruit): buy one army card of the row (some have a price).

    At the army limit an active army must be disbanded, and only an unused one (no coin on its
    scroll) may be.
    """
    p = s.players[seat]
    coins = p.coins if coins is None else coins
    if card not in s.army_row:
        return refuse(
            "recruit.not_available", text("{card} is not in the army row", card=given(card))
        )
    price = t.armies[card].cost_coins
    if price > coins:
        return refuse(
            "pay.not_enough_coins",
            plural(
                "{card} costs {count} coins; you have {have}",
                "{card} costs {count} coins; you have {have}",
                count=price,
                card=given(card),
                have=coins,
            ),
        )
    if len(p.armies) >= army_limit(t, p) and not any(a.scroll == 0 for a in p.armies):
        return refuse(
            "recruit.no_unused_army",
            text(
                "your army limit is reached and every active army was used this round; only an "
                "unused army can be disbanded («распустить можно лишь не использованную карту»)"
            ),
        )
    return None


def recruit_moves(s: State, t: Tables, seat: int) -> list[Recruit]:
    return [
        Recruit(seat=seat, card=c) for c in s.army_row if recruit_refusal(s, t, seat, c) is None
    ]


def recruit_precondition(s: State, t: Tables, seat: int, coins: int) -> IllegalMove | None:
    if not s.army_row:
        return refuse("recruit.no_card", text("the army row is empty"))
    first: IllegalMove | None = None
    for card in s.army_row:
        why = recruit_refusal(s, t, seat, card, coins)
        if why is None:
            return None
        first = first or why
    return first


def can_recruit(s: State, t: Tables, seat: int, coins: int) -> bool:
    """Whether some army card can be recruited (:func:`recruit_precondition` is ``None``)."""
    p = s.players[seat]
    if len(p.armies) >= army_limit(t, p) and not any(a.scroll == 0 for a in p.armies):
        return False
    return any(t.armies[card].cost_coins <= coins for card in s.army_row)


def do_recruit(s: State, t: Tables, move: Recruit, ev: list[Event]) -> State:
    i = s.army_row.index(move.card)
    s = msgspec.structs.replace(s, army_row=s.army_row[:i] + s.army_row[i + 1 :])
    ev.append(ArmyCardTaken(seat=move.seat, card=move.card))
    price = t.armies[move.card].cost_coins
    if price:
        s = add(s, move.seat, coins=-price)
        ev.append(Paid(seat=move.seat, coins=price, reason="recruit"))
    return replace_top(s, ChooseEnlist(seat=move.seat, card=move.card))


def enlist_moves(s: State, t: Tables, task: ChooseEnlist) -> list[NewArmy | Disband]:
    """A new army below the limit, or over any unused active army (disbanding it)."""
    p = s.players[task.seat]
    moves: list[NewArmy | Disband] = []
    if len(p.armies) < army_limit(t, p):
        moves.append(NewArmy(seat=task.seat))
    moves.extend(Disband(seat=task.seat, army=i) for i, a in enumerate(p.armies) if a.scroll == 0)
    return moves


def enlist_refusal(s: State, t: Tables, move: NewArmy | Disband) -> IllegalMove | None:
    p = s.players[move.seat]
    if isinstance(move, NewArmy):
        if len(p.armies) >= army_limit(t, p):
            return refuse(
                "recruit.army_limit",
                text(
                    "your army limit is {limit}; disband an unused active army instead",
                    limit=army_limit(t, p),
                ),
            )
        return None
    if not 0 <= move.army < len(p.armies):
        return refuse("army.no_such_army", text("you have no army {army}", army=move.army))
    if p.armies[move.army].scroll:
        return refuse(
            "recruit.army_used",
            text("only an army not used this round (no coin on its scroll) may be disbanded"),
        )
    return None


def do_enlist(s: State, t: Tables, move: NewArmy | Disband, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseEnlist)
    p = s.players[move.seat]
    if isinstance(move, NewArmy):
        armies = (*p.armies, Army(active=task.card))
        index, disbanded = len(p.armies), None
    else:
        # The disbanded card's coins go back to the supply; it is flipped to its experience.
        old = p.armies[move.army]
        new = Army(active=task.card, retired=(*old.retired, old.active))
        armies = (*p.armies[: move.army], new, *p.armies[move.army + 1 :])
        index, disbanded = move.army, old.active
    s = with_player(s, move.seat, msgspec.structs.replace(p, armies=armies))
    ev.append(ArmyRecruited(seat=move.seat, card=task.card, army=index, disbanded=disbanded))
    return pop(s)


# ------------------------------------------------------------------------ Расширять границы


def expand_precondition(s: State, seat: int, coins: int) -> IllegalMove | None:
    """«Расширять границы» (Expand borders): the face-up province for 1 knowledge or 3 coins."""
    if s.province_top is None:
        return refuse("expand.no_province", text("the province deck is empty"))
    if s.players[seat].knowledge < 1 and coins < EXPAND_COINS:
        return refuse(
            "pay.not_enough_coins",
            text(
                "Expand borders costs 1 knowledge or 3 coins "
                "(«обязан заплатить 1 знание или 3 монеты»)"
            ),
        )
    return None


def expand_pay_moves(s: State, seat: int) -> list[PayExpand]:
    p = s.players[seat]
    moves = []
    if p.knowledge >= 1:
        moves.append(PayExpand(seat=seat, pay="knowledge"))
    if p.coins >= EXPAND_COINS:
        moves.append(PayExpand(seat=seat, pay="coins"))
    return moves


def expand_pay_refusal(s: State, move: PayExpand) -> IllegalMove | None:
    p = s.players[move.seat]
    if move.pay == "knowledge" and p.knowledge < 1:
        return refuse("pay.not_enough_knowledge", text("you have no knowledge to pay"))
    if move.pay == "coins" and p.coins < EXPAND_COINS:
        return refuse(
            "pay.not_enough_coins", text("you need 3 coins; you have {have}", have=p.coins)
        )
    return None


def do_pay_expand(s: State, t: Tables, move: PayExpand, ev: list[Event]) -> State:
    seat = move.seat
    if move.pay == "knowledge":
        s = add(s, seat, knowledge=-1)
        ev.append(Paid(seat=seat, knowledge=1, reason="expand"))
    else:
        s = add(s, seat, coins=-EXPAND_COINS)
        ev.append(Paid(seat=seat, coins=EXPAND_COINS, reason="expand"))
    top = s.province_top
    assert top is not None
    s = msgspec.structs.replace(s, province_top=None)
    if s.options.expand_borders_plus:
        # «Расширять границы+»: the 3 top cards, the face-up one included; keep one.
        ev.append(FaceUpProvinceTaken(seat=seat, card=top))
        s = replace_top(s, ChooseProvince(seat=seat, options=(top,)))
        return push(s, Draw(deck="province", to="expand", count=EXPAND_PLUS_CARDS - 1, seat=seat))
    s = pop(s)
    s = _take_province(s, t, seat, top, ev)
    # «Игрок тут же открывает следующую карту колоды провинций».
    return push(s, Draw(deck="province", to="province_top"))


def _take_province(s: State, t: Tables, seat: int, card: str, ev: list[Event]) -> State:
    p = s.players[seat]
    s = with_player(s, seat, msgspec.structs.replace(p, provinces=(*p.provinces, card)))
    ev.append(ProvinceTaken(seat=seat, card=card))
    return gain_card_citizens(s, t, seat, card, ev)


def keep_province_refusal(s: State, move: KeepProvince) -> IllegalMove | None:
    task = s.pending[-1]
    assert isinstance(task, ChooseProvince)
    if move.card not in task.options:
        return refuse(
            "expand.not_offered",
            text("{card} is not one of the drawn provinces", card=given(move.card)),
        )
    return None


def do_keep_province(s: State, t: Tables, move: KeepProvince, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseProvince)
    rest = tuple(c for c in task.options if c != move.card)
    s = pop(s)
    s = _take_province(s, t, move.seat, move.card, ev)
    if rest:
        # «Все невыбранные карты подкладываются под колоду провинций лицевой стороной вниз».
        deck = s.province
        deck = msgspec.structs.replace(
            deck, bottom=deck.bottom + rest, bottom_by=deck.bottom_by + (move.seat,) * len(rest)
        )
        s = msgspec.structs.replace(s, province=deck)
        ev.append(
            ProvincesUnder(seat=move.seat, cards=rest, count=len(rest), visible_to=(move.seat,))
        )
    return push(s, Draw(deck="province", to="province_top"))


# -------------------------------------------------------------------- Исследовать местность


def explore_precondition(s: State, seat: int) -> IllegalMove | None:
    """«Исследовать местность» (Explore): 5 cards of the empire deck (set aside 1) or 1 of the row."""
    if not s.empire_row and not can_draw(s, current_empire(s)):
        return refuse(
            "explore.no_card", text("the empire row, deck and discard pile are all empty")
        )
    return None


def explore_moves(s: State, seat: int) -> list[ExploreDeck | SetAsideFromRow]:
    moves: list[ExploreDeck | SetAsideFromRow] = []
    if can_draw(s, current_empire(s)):
        moves.append(ExploreDeck(seat=seat))
    moves.extend(SetAsideFromRow(seat=seat, card=c) for c in s.empire_row)
    return moves


def explore_refusal(s: State, move: ExploreDeck | SetAsideFromRow) -> IllegalMove | None:
    if isinstance(move, ExploreDeck):
        if not can_draw(s, current_empire(s)):
            return refuse("explore.no_card", text("the empire deck and its discard pile are empty"))
        return None
    if move.card not in s.empire_row:
        return refuse(
            "explore.not_in_row", text("{card} is not in the empire row", card=given(move.card))
        )
    return None


def do_explore_deck(s: State, t: Tables, move: ExploreDeck, ev: list[Event]) -> State:
    """Draw 5 cards plus the eyes («Дополнительное исследование», Great archivists +2)."""
    count = EXPLORE_CARDS + stats(t, s.players[move.seat]).extra_explore
    s = replace_top(s, ChooseSetAside(seat=move.seat))
    return push(s, Draw(deck=current_empire(s), to="explore", count=count, seat=move.seat))


def do_set_aside_from_row(s: State, move: SetAsideFromRow, ev: list[Event]) -> State:
    i = s.empire_row.index(move.card)
    s = msgspec.structs.replace(s, empire_row=s.empire_row[:i] + s.empire_row[i + 1 :])
    p = s.players[move.seat]
    s = with_player(s, move.seat, msgspec.structs.replace(p, set_aside=(*p.set_aside, move.card)))
    ev.append(CardSetAside(seat=move.seat, card=move.card, source="row"))
    return pop(s)


def set_aside_drawn_refusal(s: State, move: SetAsideDrawn) -> IllegalMove | None:
    task = s.pending[-1]
    assert isinstance(task, ChooseSetAside)
    if move.card not in task.drawn:
        return refuse(
            "explore.not_drawn",
            text("{card} is not one of the cards you drew", card=given(move.card)),
        )
    return None


def do_set_aside_drawn(s: State, t: Tables, move: SetAsideDrawn, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseSetAside)
    rest = tuple(c for c in task.drawn if c != move.card)
    p = s.players[move.seat]
    s = with_player(s, move.seat, msgspec.structs.replace(p, set_aside=(*p.set_aside, move.card)))
    ev.append(CardSetAside(seat=move.seat, card=move.card, source="drawn", visible_to=(move.seat,)))
    if rest:
        # «Карты, взятые из колоды империи и не отложенные, кладутся в стопку сброса».
        s = discard_empire(s, rest)
        ev.append(CardsDiscarded(cards=rest, count=len(rest), visible_to=(move.seat,)))
    return pop(s)


# ----------------------------------------------------------------------------- Восстановить


def rebuild_moves(s: State, task: ChooseRebuild) -> list[RebuildCard | Decline]:
    p = s.players[task.seat]
    moves: list[RebuildCard | Decline] = [RebuildCard(seat=task.seat, card=c) for c in p.lost]
    if task.optional:
        moves.append(Decline(seat=task.seat))
    return moves


def rebuild_refusal(s: State, move: RebuildCard) -> IllegalMove | None:
    if move.card not in s.players[move.seat].lost:
        return refuse(
            "rebuild.not_lost",
            text("{card} is not one of your lost empire cards", card=given(move.card)),
        )
    return None


def do_rebuild_card(s: State, move: RebuildCard, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseRebuild)
    p = s.players[move.seat]
    i = p.lost.index(move.card)
    p = msgspec.structs.replace(p, lost=p.lost[:i] + p.lost[i + 1 :], empire=(*p.empire, move.card))
    s = with_player(s, move.seat, p)
    ev.append(CardRebuilt(seat=move.seat, card=move.card))
    if task.remaining <= 1:
        return pop(s)
    return replace_top(s, msgspec.structs.replace(task, remaining=task.remaining - 1))


def take_first_player_token(s: State, seat: int, ev: list[Event]) -> State:
    """«Восстановить»: the token, hand side up -- nobody else may take it this round."""
    if s.token_hand_up and s.first_player != seat:
        return s
    ev.append(FirstPlayerToken(seat=seat, hand_up=True))
    return msgspec.structs.replace(s, first_player=seat, token_hand_up=True)


# ------------------------------------------------------------------------------ dispatch


def populate_precondition(s: State, seat: int, coins: int) -> IllegalMove | None:
    """«Увеличивать население» (Increase population): 3 coins for the lowest free citizen token."""
    if len(s.players[seat].citizens) >= MAX_CITIZENS:
        return refuse(
            "populate.no_citizen_left",
            text("you already have all {count} citizen tokens", count=MAX_CITIZENS),
        )
    if coins < POPULATE_PRICE:
        return refuse(
            "pay.not_enough_coins",
            text("Increase population costs 3 coins; you have {have}", have=coins),
        )
    return None


def action_precondition(
    s: State, t: Tables, seat: int, space: BoardSpace, coins: int
) -> IllegalMove | None:
    """Can the action of ``space`` be done with ``coins`` left after the placement fee?"""
    if space == "build":
        return build_precondition(s, t, seat, coins)
    if space == "recruit":
        return recruit_precondition(s, t, seat, coins)
    if space == "expand":
        return expand_precondition(s, seat, coins)
    if space == "learn":
        if coins < LEARN_PRICE:
            return refuse(
                "pay.not_enough_coins", text("Learn costs 3 coins; you have {have}", have=coins)
            )
        return None
    if space == "explore":
        return explore_precondition(s, seat)
    if space == "populate":
        return populate_precondition(s, seat, coins)
    return None


def action_possible(s: State, t: Tables, seat: int, space: BoardSpace, coins: int) -> bool:
    """Whether :func:`action_precondition` finds nothing to refuse, for a listing: Build and
    Recruit are answered without a refusal made for each card that cannot be taken."""
    if space == "build":
        return can_build(s, t, seat, coins)
    if space == "recruit":
        return can_recruit(s, t, seat, coins)
    return action_precondition(s, t, seat, space, coins) is None


def do_board_action(s: State, t: Tables, seat: int, space: BoardSpace, ev: list[Event]) -> State:
    """The action of a board space, done at once after placing a citizen there."""
    if space == "work":
        # «Работать»: 2 coins.
        s = add(s, seat, coins=WORK_COINS)
        ev.append(Gained(seat=seat, coins=WORK_COINS, reason="work"))
        return s
    if space == "build":
        return push(s, ChooseBuild(seat=seat))
    if space == "serve":
        # «Служить в армии»: 1 attack symbol a citizen here, for every fight this round.
        return s
    if space == "expand":
        return push(s, ChooseExpandPay(seat=seat))
    if space == "learn":
        # «Учиться»: 1 knowledge for 3 coins.
        s = add(s, seat, coins=-LEARN_PRICE, knowledge=1)
        ev.append(Paid(seat=seat, coins=LEARN_PRICE, reason="learn"))
        ev.append(Gained(seat=seat, knowledge=1, reason="learn"))
        return special.learn_reactions(s, t, seat)
    if space == "rebuild":
        # «Восстановить»: up to 2 lost cards, the first-player token and 1 coin.
        s = take_first_player_token(s, seat, ev)
        s = add(s, seat, coins=1)
        ev.append(Gained(seat=seat, coins=1, reason="rebuild"))
        return push(s, ChooseRebuild(seat=seat, remaining=REBUILD_ACTION_CARDS, optional=True))
    if space == "recruit":
        return push(s, ChooseRecruit(seat=seat))
    if space == "explore":
        return push(s, ChooseExplore(seat=seat))
    # «Увеличивать население»: the new token goes to the starving space until next round.
    s = add(s, seat, coins=-POPULATE_PRICE)
    ev.append(Paid(seat=seat, coins=POPULATE_PRICE, reason="populate"))
    return gain_citizen(s, t, seat, ev, starving=True)
