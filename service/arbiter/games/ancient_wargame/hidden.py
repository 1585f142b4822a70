"""A state differing from another only in what one seat cannot know (for leak tests).

Hidden from ``seat``: the other seats' buildings under construction and advanced science in
study (each swapped for another it could as well have chosen), their drafts not yet revealed
(replaced by the empty draft), and the seed.
"""

from __future__ import annotations

import random

import msgspec

from arbiter.games.ancient_wargame.common import State
from arbiter.games.ancient_wargame.rules import ADVANCED, BUILDING_COST, SCIENCE_OF
from arbiter.games.ancient_wargame.state import Draft


def hidden_variant(s: State, seat: int | None, rng: random.Random) -> State:
    players = list(s.players)
    drafts = list(s.drafts)
    for i, p in enumerate(players):
        if i == seat:
            continue
        if p.studying is not None:
            options = [x for x in ADVANCED if x not in p.sciences]
            players[i] = msgspec.structs.replace(p, studying=rng.choice(options))
        if p.constructing:
            swapped = []
            for b in p.constructing:
                same = [
                    x
                    for x, cost in BUILDING_COST.items()
                    if cost == BUILDING_COST[b]
                    and x not in p.buildings
                    and (x == b or x not in p.constructing)
                    and x not in swapped
                    and SCIENCE_OF[x] in p.sciences
                ]
                swapped.append(rng.choice(same) if same else b)
            players[i] = msgspec.structs.replace(players[i], constructing=tuple(swapped))
        if i < len(drafts):
            drafts[i] = Draft(committed=drafts[i].committed)
    return msgspec.structs.replace(
        s, players=tuple(players), drafts=tuple(drafts), seed=rng.randrange(2**62)
    )
