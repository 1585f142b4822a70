"""«Союзы и подкуп»: coins changing hands.

«Игроки могут заключать неформальные соглашения ... Единственный осязаемый элемент, которым можно
обменяться - это монеты. В режиме турнира монеты нельзя обменять на сделки или союзы.» The rulebook
sets no moment for it, and a battle's bystanders may use it in the middle of one: «Другие игроки
могут оказать влияние на сражающихся игроков, подкупая их монетами» («Битва»). So a coin given is
an *anytime move* (:meth:`arbiter.core.Game.anytime_moves`): any seat may give coins to another at
any moment of play, whoever must decide now, and nobody waits for it. One exception: «Нельзя
обсуждать возможность выхода из битвы, когда она уже началась ... (Вы не можете откупиться в этот
момент, хотя и можете повлиять на результат)» -- once a Move has ended with battles to fight
(from the choice of the next battle to each battle's reveal), the attacker and a defender it must
fight may not give each other coins; they may still give coins to, or take them from, anyone
else.
"""

from __future__ import annotations

from arbiter.core import IllegalMove
from arbiter.core.texts import text
from arbiter.games.scythe.board import fighters, refuse, update_player
from arbiter.games.scythe.moves import GiveCoins
from arbiter.games.scythe.state import Battle, Battles, ScytheState

State = ScytheState


def engaged(s: State) -> set[frozenset[int]]:
    """The pairs of seats that must fight each other now (the attacker and each defender)."""
    pairs: set[frozenset[int]] = set()
    for task in s.pending:
        if isinstance(task, Battle):
            pairs.add(frozenset((task.attacker, task.defender)))
        elif isinstance(task, Battles):
            for territory in task.territories:
                for seat, p in enumerate(s.players):
                    if seat != task.seat and fighters(p, territory):
                        pairs.add(frozenset((task.seat, seat)))
    return pairs


def refusal(s: State, m: GiveCoins) -> IllegalMove | None:
    if s.options.tournament:
        return refuse(
            "bribe.tournament", text("no coins change hands in tournament mode («Союзы»)")
        )
    if s.phase != "play":
        return refuse("bribe.window", text("coins change hands while the game is played"))
    if not 0 <= m.seat < s.players_count:
        return refuse("bribe.recipient", text("there is no seat {seat}", seat=m.seat))
    if not 0 <= m.to < s.players_count or m.to == m.seat:
        return refuse("bribe.recipient", text("coins go to another player"))
    if m.amount < 1:
        return refuse("bribe.amount", text("give at least $1"))
    if m.amount > s.players[m.seat].coins:
        return refuse("pay.not_enough_coins", text("you cannot give more coins than you have"))
    if frozenset((m.seat, m.to)) in engaged(s):
        return refuse(
            "bribe.buy_out",
            text(
                "«Вы не можете откупиться в этот момент»: the two sides of a battle give each other no coins until it is fought"
            ),
        )
    return None


def moves(s: State, seat: int) -> list[GiveCoins]:
    """Every coin gift ``seat`` may make now (one move an amount; answers list them compactly)."""
    if s.phase != "play" or s.options.tournament or not 0 <= seat < s.players_count:
        return []
    coins = s.players[seat].coins
    if not coins:
        return []
    blocked = {x for pair in engaged(s) if seat in pair for x in pair if x != seat}
    return [
        GiveCoins(seat=seat, to=to, amount=amount)
        for to in range(s.players_count)
        if to != seat and to not in blocked
        for amount in range(1, coins + 1)
    ]


def apply(s: State, m: GiveCoins) -> State:
    giver, taker = s.players[m.seat], s.players[m.to]
    s = update_player(s, m.seat, coins=giver.coins - m.amount)
    return update_player(s, m.to, coins=taker.coins + m.amount)
