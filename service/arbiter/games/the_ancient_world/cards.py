"""Card actions («Действия карт империи», «Карта с ячейкой действия») and the special cards of
«Уточнения карт» (card clarifications).

* Aqueduct (Акведук) -- :func:`~.common.gain_citizen`;
* Great archivists (Большие архивариусы) -- income and explore floors in :class:`~.tables.Tables`;
* Scribes' guild (Гильдия писцов), Remote outpost (Отдалённый аванпост) -- :func:`learn_reactions`;
* Zorsk playwrights (Зорские драматурги) -- :func:`zorsk_moves`;
* Desert caravan, Cryptic ship, Forest refuge, Bridge, Town hall, Trade city -- card actions,
  :func:`do_card_action`;
* Crane (Кран) -- :mod:`.actions` (Build); Moon festival (Праздник луны) -- :mod:`.scoring`.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import plural, text
from arbiter.games.the_ancient_world.common import (
    add,
    pop,
    push,
    refuse,
    replace_top,
    with_player,
)
from arbiter.games.the_ancient_world.decks import (
    can_draw,
    current_empire,
    get_deck,
    set_deck,
    titan_deck,
)
from arbiter.games.the_ancient_world.events import (
    ActionBorrowed,
    ArmyCoinRemoved,
    FaceUpTitanTaken,
    FirstPlayerToken,
    Gained,
    Paid,
    TitanRevealed,
    TitansReordered,
)
from arbiter.games.the_ancient_world.moves import (
    Borrow,
    BuyKnowledge,
    ChooseTitans,
    Decline,
    FightNow,
    PutOnTop,
    RemoveArmyCoin,
    SetAsideFromRow,
    TakeFromDeck,
)
from arbiter.games.the_ancient_world.state import (
    FOREST_CARDS,
    AncientWorldState,
    ChooseBorrow,
    ChooseExplore,
    ChooseForestFight,
    ChooseOutpost,
    ChooseRebuild,
    ChooseScribes,
    ChooseTitanDeck,
    ChooseTitanOrder,
    ChooseZorsk,
    Draw,
    Pending,
)
from arbiter.games.the_ancient_world.tables import Tables, has_effect, stats
from arbiter.games.the_ancient_world.titans import fight_refusal, start_fight
from arbiter.games.the_ancient_world.words import given

State = AncientWorldState

#: Effects that use another player's card: they cannot be borrowed themselves (no chains).
BORROWERS = ("bridge", "trade_city")


def owns_card(s: State, seat: int, card: str) -> bool:
    p = s.players[seat]
    return card in p.empire or card in p.provinces or card in p.titans


def cost_refusal(t: Tables, card: str, coins: int, knowledge: int) -> IllegalMove | None:
    a = t.action[card]
    if a.cost_coins > coins:
        return refuse(
            "pay.not_enough_coins",
            plural(
                "this action costs {count} coins; you have {have}",
                "this action costs {count} coins; you have {have}",
                count=a.cost_coins,
                have=coins,
            ),
        )
    if a.cost_knowledge > knowledge:
        return refuse(
            "pay.not_enough_knowledge",
            plural(
                "this action costs {count} knowledge; you have {have}",
                "this action costs {count} knowledge; you have {have}",
                count=a.cost_knowledge,
                have=knowledge,
            ),
        )
    return None


def action_precondition(s: State, t: Tables, seat: int, card: str) -> IllegalMove | None:
    """What a card action needs besides its cost (Bridge and Trade city need a card to use;
    Forest refuge needs a titan deck)."""
    p = s.players[seat]
    a = t.action[card]
    why = cost_refusal(t, card, p.coins, p.knowledge)
    if why is not None:
        return why
    effect = t.effect.get(card)
    if effect in BORROWERS:
        coins = p.coins - a.cost_coins + a.gain_coins
        knowledge = p.knowledge - a.cost_knowledge + a.gain_knowledge
        if not borrow_targets(s, t, seat, coins, knowledge):
            return refuse(
                "card.no_target",
                text("no other player has a face-up empire card with an action you can pay for"),
            )
    if effect == "forest_refuge" and all(top is None for top in s.titan_tops.cards()):
        return refuse("forest.no_titans", text("every titan deck is empty"))
    return None


def do_card_action(s: State, t: Tables, seat: int, card: str, ev: list[Event]) -> State:
    """«Карта с ячейкой действия»: pay what is before the equals sign, gain what follows."""
    a = t.action[card]
    if a.cost_coins or a.cost_knowledge:
        s = add(s, seat, coins=-a.cost_coins, knowledge=-a.cost_knowledge)
        ev.append(Paid(seat=seat, coins=a.cost_coins, knowledge=a.cost_knowledge, reason=card))
    if a.gain_coins or a.gain_knowledge:
        s = add(s, seat, coins=a.gain_coins, knowledge=a.gain_knowledge)
        ev.append(Gained(seat=seat, coins=a.gain_coins, knowledge=a.gain_knowledge, reason=card))
    tasks: list[Pending] = []
    effect = t.effect.get(card)
    if effect == "desert_caravan":
        # «Караван в пустыне»: 1 coin per food you have.
        coins = stats(t, s.players[seat]).food
        s = add(s, seat, coins=coins)
        ev.append(Gained(seat=seat, coins=coins, reason="desert_caravan"))
    elif effect == "cryptic_ship":
        # «Криптический корабль»: Explore (and 2 coins, in the action's gains).
        tasks.append(ChooseExplore(seat=seat))
    elif effect == "forest_refuge":
        tasks.append(ChooseTitanDeck(seat=seat))
    elif effect in BORROWERS:
        tasks.append(ChooseBorrow(seat=seat))
    elif effect == "town_hall" and not s.token_hand_up:
        # «Ратуша»: 1 knowledge (in the gains) and the first-player token if it lies hand down.
        s = msgspec.structs.replace(s, first_player=seat)
        ev.append(FirstPlayerToken(seat=seat, hand_up=False))
    if a.rebuild:
        # «Восстановление»: rebuild 1 lost empire card.
        tasks.append(ChooseRebuild(seat=seat, remaining=a.rebuild))
    return push(s, *reversed(tasks))


# ----------------------------------------------------------------- Мост, Торговый город


def borrow_targets(s: State, t: Tables, seat: int, coins: int, knowledge: int) -> list[Borrow]:
    """«Мост» / «Торговый город»: any other player's face-up empire card with an action, whether
    or not its owner has a citizen on it."""
    targets = []
    for owner, p in enumerate(s.players):
        if owner == seat:
            continue
        for card in p.empire:
            if (
                card in t.action
                and t.effect.get(card) not in BORROWERS
                and cost_refusal(t, card, coins, knowledge) is None
            ):
                targets.append(Borrow(seat=seat, owner=owner, card=card))
    return targets


def borrow_refusal(s: State, t: Tables, move: Borrow) -> IllegalMove | None:
    if move.owner == move.seat or not 0 <= move.owner < s.n:
        return refuse("borrow.not_other_player", text("choose a card of another player"))
    if move.card not in s.players[move.owner].empire:
        return refuse(
            "borrow.not_owned",
            text("seat {seat} has no face-up card {card}", seat=move.owner, card=given(move.card)),
        )
    if move.card not in t.action:
        return refuse("card.no_action", text("{card} has no action space", card=given(move.card)))
    if t.effect.get(move.card) in BORROWERS:
        return refuse("borrow.chain", text("a Bridge or Trade city cannot use another one"))
    p = s.players[move.seat]
    return cost_refusal(t, move.card, p.coins, p.knowledge)


def do_borrow(s: State, t: Tables, move: Borrow, ev: list[Event]) -> State:
    ev.append(ActionBorrowed(seat=move.seat, owner=move.owner, card=move.card))
    return do_card_action(pop(s), t, move.seat, move.card, ev)


# --------------------------------------------------------- Гильдия писцов, Отдалённый аванпост


def learn_reactions(s: State, t: Tables, learner: int) -> State:
    """After «Учиться»: the Scribes' guild of the learner's right-hand player (whose left
    neighbour is the learner) and the Remote outpost of the learner's left-hand player (whose
    right neighbour is the learner), clockwise from the learner. Seats go clockwise, so the left
    neighbour of seat ``s`` is ``s + 1``."""
    n = s.n
    tasks: list[Pending] = []
    for offset in range(1, n):
        owner = (learner + offset) % n
        p = s.players[owner]
        if (owner + 1) % n == learner and has_effect(t, p, "scribes_guild") is not None:
            tasks.append(ChooseScribes(seat=owner))
        if (owner - 1) % n == learner and has_effect(t, p, "remote_outpost") is not None:
            tasks.append(ChooseOutpost(seat=owner))
    return push(s, *reversed(tasks))


def scribes_moves(s: State, task: ChooseScribes) -> list[BuyKnowledge | Decline]:
    if s.players[task.seat].coins < 1:
        return []
    return [BuyKnowledge(seat=task.seat), Decline(seat=task.seat)]


def do_buy_knowledge(s: State, move: BuyKnowledge, ev: list[Event]) -> State:
    s = add(s, move.seat, coins=-1, knowledge=1)
    ev.append(Paid(seat=move.seat, coins=1, reason="scribes_guild"))
    ev.append(Gained(seat=move.seat, knowledge=1, reason="scribes_guild"))
    return pop(s)


def outpost_moves(s: State, task: ChooseOutpost) -> list[RemoveArmyCoin | Decline]:
    moves: list[RemoveArmyCoin | Decline] = []
    for i, a in enumerate(s.players[task.seat].armies):
        if a.scroll:
            moves.append(RemoveArmyCoin(seat=task.seat, army=i, spot="scroll"))
        if a.picture:
            moves.append(RemoveArmyCoin(seat=task.seat, army=i, spot="picture"))
    if moves:
        moves.append(Decline(seat=task.seat))
    return moves


def outpost_refusal(s: State, move: RemoveArmyCoin) -> IllegalMove | None:
    armies = s.players[move.seat].armies
    if not 0 <= move.army < len(armies):
        return refuse("army.no_such_army", text("you have no army {army}", army=move.army))
    if getattr(armies[move.army], move.spot) < 1:
        if move.spot == "scroll":
            return refuse("outpost.no_coin", text("there is no coin on the scroll of that army"))
        return refuse("outpost.no_coin", text("there is no coin on the picture of that army"))
    return None


def do_remove_coin(s: State, move: RemoveArmyCoin, ev: list[Event]) -> State:
    """«Отдалённый аванпост»: a coin off a scroll may make the army usable again this round."""
    p = s.players[move.seat]
    a = p.armies[move.army]
    a = msgspec.structs.replace(a, **{move.spot: getattr(a, move.spot) - 1})
    p = msgspec.structs.replace(p, armies=(*p.armies[: move.army], a, *p.armies[move.army + 1 :]))
    ev.append(ArmyCoinRemoved(seat=move.seat, army=move.army, spot=move.spot))
    return pop(with_player(s, move.seat, p))


# ----------------------------------------------------------------------- Зорские драматурги


def zorsk_moves(s: State, task: ChooseZorsk) -> list[SetAsideFromRow | TakeFromDeck | Decline]:
    moves: list[SetAsideFromRow | TakeFromDeck | Decline] = [
        SetAsideFromRow(seat=task.seat, card=c) for c in s.empire_row
    ]
    if can_draw(s, current_empire(s)):
        moves.append(TakeFromDeck(seat=task.seat))
    if moves:
        moves.append(Decline(seat=task.seat))
    return moves


def do_take_from_deck(s: State, move: TakeFromDeck) -> State:
    s = pop(s)
    return push(s, Draw(deck=current_empire(s), to="set_aside", seat=move.seat))


# ---------------------------------------------------------------------------- Лесное убежище


def forest_deck_moves(s: State, task: ChooseTitanDeck) -> list[ChooseTitans]:
    stars: tuple[Literal[1, 2, 3], ...] = (1, 2, 3)
    return [ChooseTitans(seat=task.seat, stars=k) for k in stars if s.titan_tops.of(k) is not None]


def do_choose_titans(s: State, move: ChooseTitans, ev: list[Event]) -> State:
    """«Лесное убежище»: take the top 4 cards of a titan deck (the face-up one included)."""
    top = s.titan_tops.of(move.stars)
    assert top is not None
    s = msgspec.structs.replace(s, titan_tops=s.titan_tops.showing(move.stars, None))
    ev.append(FaceUpTitanTaken(seat=move.seat, deck=titan_deck(move.stars), card=top))
    s = replace_top(s, ChooseTitanOrder(seat=move.seat, stars=move.stars, cards=(top,)))
    return push(
        s, Draw(deck=titan_deck(move.stars), to="forest", count=FOREST_CARDS - 1, seat=move.seat)
    )


def order_refusal(s: State, move: PutOnTop) -> IllegalMove | None:
    task = s.pending[-1]
    assert isinstance(task, ChooseTitanOrder)
    if move.card not in task.cards:
        return refuse(
            "forest.not_taken",
            text("{card} is not one of the titans you took", card=given(move.card)),
        )
    return None


def do_put_on_top(s: State, move: PutOnTop, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseTitanOrder)
    i = task.cards.index(move.card)
    task = msgspec.structs.replace(
        task, cards=task.cards[:i] + task.cards[i + 1 :], ordered=(*task.ordered, move.card)
    )
    return replace_top(s, task)


def finish_order(s: State, t: Tables, ev: list[Event]) -> State:
    """All titans put back: the first is face up, the rest (known to the seat) under it."""
    task = s.pending[-1]
    assert isinstance(task, ChooseTitanOrder)
    order = task.ordered + task.cards
    s = pop(s)
    name = titan_deck(task.stars)
    if not order:
        return s
    deck = get_deck(s, name)
    top = order[1:] + deck.top
    known = (task.seat,) if top and (not deck.top or task.seat in deck.top_known) else ()
    deck = msgspec.structs.replace(deck, top=top, top_known=known)
    s = set_deck(s, name, deck)
    s = msgspec.structs.replace(s, titan_tops=s.titan_tops.showing(task.stars, order[0]))
    ev.append(
        TitansReordered(
            seat=task.seat,
            deck=name,
            order=order,
            count=len(order),
            visible_to=(task.seat,),
        )
    )
    # The deck's top card is turned face up: the seat keeps knowing the ones under it.
    ev.append(TitanRevealed(deck=name, card=order[0]))
    # «Вы можете немедленно вступить в бой с верхней картой».
    return push(s, ChooseForestFight(seat=task.seat, stars=task.stars))


def forest_fight_moves(s: State, t: Tables, task: ChooseForestFight) -> list[FightNow | Decline]:
    if fight_refusal(s, t, task.seat, task.stars) is not None:
        return []
    return [FightNow(seat=task.seat), Decline(seat=task.seat)]


def do_fight_now(s: State, move: FightNow, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseForestFight)
    return start_fight(pop(s), move.seat, task.stars, ev)
