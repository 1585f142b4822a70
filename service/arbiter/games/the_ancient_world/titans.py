"""«Бой с титаном» (titan fights) and «Разрушения от титана» (destruction dice).

A fight is a sequence of decisions: choose the titan (:class:`~.moves.Fight`), pay armies one at a
time (:class:`~.moves.UseArmy`, price = coins on the picture + 1, put on the scroll), then
:class:`~.moves.Attack` once the attack reaches the defence -- or :class:`~.moves.Withdraw` when it
cannot. Defeating the titan: take it, reveal the next one, trophies, rebuild icons, then one
destruction die per banner of the titan (chance), then the losses chosen by the fighter, then the
discards over a reduced army limit.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from arbiter.core import ChanceOutcome, Event, IllegalMove
from arbiter.core.texts import plural, text
from arbiter.games.the_ancient_world.common import (
    add,
    gain_card_citizens,
    pop,
    push,
    refuse,
    replace_top,
    with_player,
)
from arbiter.games.the_ancient_world.decks import discard_armies, titan_deck
from arbiter.games.the_ancient_world.events import (
    ArmyDiscarded,
    ArmyUsed,
    CardLost,
    DieRolled,
    FightStarted,
    FightWithdrawn,
    Gained,
    Paid,
    TitanDefeated,
)
from arbiter.games.the_ancient_world.moves import (
    Attack,
    DiscardArmy,
    LoseCard,
    RollDie,
    UseArmy,
    Withdraw,
)
from arbiter.games.the_ancient_world.state import (
    AncientWorldState,
    ChooseArmies,
    ChooseDiscardArmy,
    ChooseLoss,
    ChooseRebuild,
    Dice,
    Draw,
    Pending,
    PlayerState,
)
from arbiter.games.the_ancient_world.tables import Tables, army_limit, stats
from arbiter.games.the_ancient_world.words import given

State = AncientWorldState


def price(p: PlayerState, army: int) -> int:
    """«Цена использования на одну монету больше, чем уже лежит на карте войска»."""
    return p.armies[army].picture + 1


def fight_refusal(s: State, t: Tables, seat: int, stars: int) -> IllegalMove | None:
    """Б. A fight needs a face-up titan and at least one unused army the seat can pay for."""
    if stars not in (1, 2, 3) or s.titan_tops.of(stars) is None:
        return refuse(
            "fight.no_titan",
            plural(
                "there is no face-up titan with {count} stars",
                "there is no face-up titan with {count} stars",
                count=stars,
            ),
        )
    p = s.players[seat]
    if not any(a.scroll == 0 for a in p.armies):
        return refuse(
            "fight.no_unused_army",
            text(
                "every army of yours was used this round («Использовать можно лишь те карты "
                "войск, которые ещё не были использованы в этом раунде»)"
            ),
        )
    if not any(a.scroll == 0 and a.picture + 1 <= p.coins for a in p.armies):
        return refuse(
            "pay.not_enough_coins",
            text("you cannot pay for any unused army (1 coin more than on its picture)"),
        )
    return None


def start_fight(s: State, seat: int, stars: Literal[1, 2, 3], ev: list[Event]) -> State:
    titan = s.titan_tops.of(stars)
    assert titan is not None
    ev.append(FightStarted(seat=seat, titan=titan))
    return push(s, ChooseArmies(seat=seat, stars=stars))


def attack(s: State, t: Tables, seat: int, used: tuple[int, ...], titan: str) -> int:
    """The attack against ``titan``: swords (and arrows if the titan shows them) of the used
    armies, their experience, the seat's cards, plus Serve in the army (any titan)."""
    p = s.players[seat]
    st = stats(t, p)
    swords, arrows = st.swords, st.arrows
    for i in used:
        army = p.armies[i]
        face = t.face[army.active]
        swords += face.swords
        arrows += face.arrows
        for card in army.retired:
            exp = t.experience[card]
            swords += exp.swords
            arrows += exp.arrows
    serve = sum(1 for c in s.board.serve if c.seat == seat)
    total = swords + serve
    if t.titans[titan].arrows_count:
        total += arrows
    return total


def _icons(t: Tables, p: PlayerState, used: tuple[int, ...], name: str) -> int:
    total = 0
    for i in used:
        army = p.armies[i]
        total += getattr(t.face[army.active], name)
        for card in army.retired:
            total += getattr(t.experience[card], name)
    return total


def army_moves(s: State, t: Tables, task: ChooseArmies) -> list[UseArmy | Attack | Withdraw]:
    p = s.players[task.seat]
    moves: list[UseArmy | Attack | Withdraw] = [
        UseArmy(seat=task.seat, army=i)
        for i, a in enumerate(p.armies)
        if a.scroll == 0 and a.picture + 1 <= p.coins and i not in task.used
    ]
    if task.used:
        titan = s.titan_tops.of(task.stars)
        assert titan is not None
        if attack(s, t, task.seat, task.used, titan) >= t.titans[titan].defence:
            moves.append(Attack(seat=task.seat))
        else:
            moves.append(Withdraw(seat=task.seat))
    return moves


def use_army_refusal(s: State, task: ChooseArmies, move: UseArmy) -> IllegalMove | None:
    p = s.players[move.seat]
    if not 0 <= move.army < len(p.armies):
        return refuse("army.no_such_army", text("you have no army {army}", army=move.army))
    if move.army in task.used or p.armies[move.army].scroll:
        return refuse(
            "fight.army_used",
            text("this army was already used this round (coins on its scroll)"),
        )
    if price(p, move.army) > p.coins:
        return refuse(
            "pay.not_enough_coins",
            plural(
                "using this army costs {count} coins; you have {have}",
                "using this army costs {count} coins; you have {have}",
                count=price(p, move.army),
                have=p.coins,
            ),
        )
    return None


def attack_refusal(
    s: State, t: Tables, task: ChooseArmies, move: Attack | Withdraw
) -> IllegalMove | None:
    if not task.used:
        return refuse(
            "fight.no_army_paid",
            text(
                "pay for at least one army first («Игрок не может вступить в бой с титаном, не "
                "выложив монеты хотя бы на одну карту войска»)"
            ),
        )
    titan = s.titan_tops.of(task.stars)
    assert titan is not None
    value = attack(s, t, task.seat, task.used, titan)
    defence = t.titans[titan].defence
    if isinstance(move, Attack) and value < defence:
        return refuse(
            "fight.attack_too_low",
            text(
                "your attack {attack} is below the titan's defence {defence}",
                attack=value,
                defence=defence,
            ),
        )
    if isinstance(move, Withdraw) and value >= defence:
        return refuse(
            "fight.can_win", text("your attack {attack} already defeats the titan", attack=value)
        )
    return None


def do_use_army(s: State, t: Tables, move: UseArmy, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseArmies)
    p = s.players[move.seat]
    cost = price(p, move.army)
    army = p.armies[move.army]
    armies = (
        *p.armies[: move.army],
        msgspec.structs.replace(army, scroll=army.scroll + cost),
        *p.armies[move.army + 1 :],
    )
    p = msgspec.structs.replace(p, coins=p.coins - cost, armies=armies)
    s = with_player(s, move.seat, p)
    ev.append(ArmyUsed(seat=move.seat, army=move.army, card=army.active, paid=cost))
    # «Шпионаж» (espionage): 1 knowledge when the army is used.
    spies = _icons(t, p, (move.army,), "espionage")
    if spies:
        s = add(s, move.seat, knowledge=spies)
        ev.append(Gained(seat=move.seat, knowledge=spies, reason="espionage"))
    return replace_top(s, msgspec.structs.replace(task, used=(*task.used, move.army)))


def do_attack(s: State, t: Tables, move: Attack, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseArmies)
    seat, stars = move.seat, task.stars
    titan = s.titan_tops.of(stars)
    assert titan is not None
    value = attack(s, t, seat, task.used, titan)
    s = msgspec.structs.replace(s, titan_tops=s.titan_tops.showing(stars, None))
    p = s.players[seat]
    s = with_player(s, seat, msgspec.structs.replace(p, titans=(*p.titans, titan)))
    ev.append(TitanDefeated(seat=seat, titan=titan, deck=titan_deck(stars), attack=value))
    s = gain_card_citizens(s, t, seat, titan, ev)
    # «Трофей»: 1 coin after defeating the titan.
    p = s.players[seat]
    trophies = _icons(t, p, task.used, "trophy")
    if trophies:
        s = add(s, seat, coins=trophies)
        ev.append(Gained(seat=seat, coins=trophies, reason="trophy"))
    rebuilds = _icons(t, p, task.used, "rebuild")
    dice = len(t.titans[titan].symbols.banners)
    s = pop(s)
    tasks: list[Pending] = [ChooseDiscardArmy(seat=seat)]
    if dice:
        tasks.append(Dice(seat=seat, remaining=dice))
    if rebuilds:
        # «Восстановление»: before the destruction dice, rebuild 1 lost card an icon.
        tasks.append(ChooseRebuild(seat=seat, remaining=rebuilds))
    # «Затем он открывает следующую карту соответствующей колоды титанов».
    tasks.append(Draw(deck=titan_deck(stars), to="titan_top"))
    return push(s, *tasks)


def do_withdraw(s: State, move: Withdraw, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseArmies)
    titan = s.titan_tops.of(task.stars)
    assert titan is not None
    ev.append(FightWithdrawn(seat=move.seat, titan=titan))
    return pop(s)


# ------------------------------------------------------------------------ destruction dice


def dice_outcomes(t: Tables, task: Dice) -> list[ChanceOutcome]:
    """The faces of the next die, weighted by how many of its sides show them."""
    weights = t.die_weights[task.rolled % len(t.die_weights)]
    return [ChanceOutcome(RollDie(face=face), w) for face, w in weights]


def die_is_certain(t: Tables, task: Dice) -> bool:
    return len(t.die_weights[task.rolled % len(t.die_weights)]) == 1


def do_roll(s: State, t: Tables, move: RollDie, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, Dice)
    seat = task.seat
    ev.append(DieRolled(seat=seat, face=move.face))
    titan_faces = task.titan_faces
    if move.face == "coin":
        # «Монета»: lose 1 coin (nothing if none).
        if s.players[seat].coins:
            s = add(s, seat, coins=-1)
            ev.append(Paid(seat=seat, coins=1, reason="destruction"))
    elif move.face == "titan":
        titan_faces += 1
    if task.remaining > 1:
        task = msgspec.structs.replace(
            task, remaining=task.remaining - 1, rolled=task.rolled + 1, titan_faces=titan_faces
        )
        return replace_top(s, task)
    # «Титан»: lose 1 empire card (of your choice) a titan face.
    return replace_top(s, ChooseLoss(seat=seat, count=titan_faces))


def loss_moves(s: State, task: ChooseLoss) -> list[LoseCard]:
    return [LoseCard(seat=task.seat, card=c) for c in s.players[task.seat].empire]


def loss_refusal(s: State, move: LoseCard) -> IllegalMove | None:
    p = s.players[move.seat]
    if move.card in p.lost:
        return refuse("lose.already_lost", text("{card} is already lost", card=given(move.card)))
    if move.card not in p.empire:
        return refuse(
            "lose.not_owned",
            text("you have no face-up empire card {card}", card=given(move.card)),
        )
    return None


def do_lose(s: State, move: LoseCard, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseLoss)
    p = s.players[move.seat]
    i = p.empire.index(move.card)
    p = msgspec.structs.replace(
        p, empire=p.empire[:i] + p.empire[i + 1 :], lost=(*p.lost, move.card)
    )
    s = with_player(s, move.seat, p)
    ev.append(CardLost(seat=move.seat, card=move.card))
    if task.count > 1:
        s = replace_top(s, msgspec.structs.replace(task, count=task.count - 1))
    else:
        s = pop(s)
    # A lost army-limit card: discard the armies over the limit at once.
    return push(s, ChooseDiscardArmy(seat=move.seat))


# ------------------------------------------------------------------ armies over the limit


def over_limit(s: State, t: Tables, seat: int) -> bool:
    p = s.players[seat]
    return len(p.armies) > army_limit(t, p)


def discard_moves(s: State, task: ChooseDiscardArmy) -> list[DiscardArmy]:
    return [DiscardArmy(seat=task.seat, army=i) for i in range(len(s.players[task.seat].armies))]


def discard_refusal(s: State, move: DiscardArmy) -> IllegalMove | None:
    if not 0 <= move.army < len(s.players[move.seat].armies):
        return refuse("army.no_such_army", text("you have no army {army}", army=move.army))
    return None


def do_discard(s: State, t: Tables, move: DiscardArmy, ev: list[Event]) -> State:
    """«обязан немедленно сбросить все карты войск, превышающие допустимый лимит (включая карты
    распущенных войск)»."""
    p = s.players[move.seat]
    army = p.armies[move.army]
    cards = (army.active, *army.retired)
    p = msgspec.structs.replace(p, armies=p.armies[: move.army] + p.armies[move.army + 1 :])
    s = with_player(s, move.seat, p)
    to_box = tuple(c for c in cards if c in t.start_armies)
    ev.append(ArmyDiscarded(seat=move.seat, army=move.army, cards=cards, to_box=to_box))
    return discard_armies(s, t, cards)
