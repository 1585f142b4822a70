"""A state differing from another only in what one seat cannot know (for leak tests).

Hidden from a seat: the values of other seats' combat cards and the deck's contents (pooled and
dealt again over the same places: the deck, other hands, other seats' secret battle cards), and
how many of a fighter's cards lie under its dial rather than in its hand; other
seats' objective cards (pooled with the objective deck); the face-down Factory cards if the seat
never looked at them; the power an opponent set on its dial before the reveal; the seed.
"""

from __future__ import annotations

import random

import msgspec

from arbiter.games.scythe.combat import card_limit
from arbiter.games.scythe.state import (
    CARD_VALUES,
    Battle,
    Pending,
    ScytheState,
    Side,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState


def _counts(cards: list[int]) -> tuple[int, int, int, int]:
    return (cards.count(2), cards.count(3), cards.count(4), cards.count(5))


def hidden_variant(s: State, t: Tables, seat: int | None, rng: random.Random) -> State:
    def mine(x: int) -> bool:
        return seat is not None and x == seat

    # combat cards: the values, and for a fighter how many of its cards lie under its dial
    # (the table sees only how many it holds in all: «Вы можете скрыть, пользовались ли Вы
    # картами или нет»)
    pool: list[int] = [v for v, n in zip(CARD_VALUES, s.combat_deck, strict=True) for _ in range(n)]
    for i, p in enumerate(s.players):
        if not mine(i):
            pool.extend(p.hand)
    held = [len(p.hand) for p in s.players]
    battle_sides: list[tuple[int, int, Side, int]] = []
    for k, task in enumerate(s.pending):
        if isinstance(task, Battle):
            for who, side in (
                (task.attacker, task.attacker_side),
                (task.defender, task.defender_side),
            ):
                if not mine(who):
                    pool.extend(side.cards)
                    total = held[who] + len(side.cards)
                    under = rng.randint(0, min(total, card_limit(s, t, task, who)))
                    held[who] = total - under
                    battle_sides.append((k, who, side, under))
    rng.shuffle(pool)
    players = list(s.players)
    for i, p in enumerate(players):
        if not mine(i):
            hand = tuple(sorted(pool[: held[i]]))
            del pool[: held[i]]
            players[i] = msgspec.structs.replace(p, hand=hand)
    pending: list[Pending] = list(s.pending)
    for k, who, side, under in battle_sides:
        cards = tuple(pool[:under])
        del pool[:under]
        power = side.power
        if side.committed:
            power = rng.randint(0, min(t.content.tracks.power_dial_max, players[who].power))
        new_side = msgspec.structs.replace(side, cards=cards, power=power)
        task = pending[k]
        assert isinstance(task, Battle)
        if who == task.attacker:
            pending[k] = msgspec.structs.replace(task, attacker_side=new_side)
        else:
            pending[k] = msgspec.structs.replace(task, defender_side=new_side)
    deck = _counts(pool)

    # objectives
    objectives = list(s.objective_deck)
    for i, p in enumerate(players):
        if not mine(i):
            objectives.extend(p.objectives)
    rng.shuffle(objectives)
    for i, p in enumerate(players):
        if not mine(i):
            dealt = tuple(objectives[: len(p.objectives)])
            del objectives[: len(p.objectives)]
            players[i] = msgspec.structs.replace(p, objectives=dealt)

    # face-down Factory cards
    factory_cards = s.factory_cards
    if seat is None or seat not in s.factory_seen_by:
        kept = {p.factory_card for p in players}
        free = [c for c in sorted(t.factory_cards) if c not in kept]
        factory_cards = tuple(sorted(rng.sample(free, len(s.factory_cards))))

    return msgspec.structs.replace(
        s,
        seed=rng.randrange(2**62),
        players=tuple(players),
        pending=tuple(pending),
        combat_deck=deck,
        objective_deck=tuple(sorted(objectives)),
        factory_cards=factory_cards,
    )
