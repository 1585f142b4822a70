"""A state differing from another only in what one seat cannot know (for leak tests).

Hidden from ``seat``: the crew deck, the other seats' hands and set-aside cards, the animal,
hero and scheme decks, and the quests never turned up (``quest_pool``). The crew cards it cannot
see are pooled and dealt back over the same places (each keeps its size); each deck is dealt
again among its own cards; the seed changes.
"""

from __future__ import annotations

import random

import msgspec

from arbiter.games.raiders_of_scythia.common import State


def hidden_variant(s: State, seat: int | None, rng: random.Random) -> State:
    pool: list[str] = list(s.crew_deck)
    for i, p in enumerate(s.players):
        if i != seat:
            pool.extend(p.hand)
            pool.extend(p.set_aside)
    rng.shuffle(pool)
    cursor = len(s.crew_deck)
    crew_deck = tuple(sorted(pool[:cursor]))
    players = []
    for i, p in enumerate(s.players):
        if i == seat:
            players.append(p)
            continue
        hand = tuple(pool[cursor : cursor + len(p.hand)])
        cursor += len(p.hand)
        aside = tuple(pool[cursor : cursor + len(p.set_aside)])
        cursor += len(p.set_aside)
        players.append(msgspec.structs.replace(p, hand=hand, set_aside=aside))
    return msgspec.structs.replace(
        s,
        crew_deck=crew_deck,
        players=tuple(players),
        seed=rng.randrange(2**62),
    )
