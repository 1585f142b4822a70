"""A state differing from another only in what one seat cannot know (for leak tests).

Hidden from ``seat``: the other seats' buildings under construction and advanced science in
study (each swapped for another it could as well have chosen), their drafts not yet revealed,
and the seed. A draft still being written is replaced by the empty draft; a draft committed in
a sealed step («Описание хода») by one its seat could as well have committed there, drawn at
random among the step's own moves -- all ``seat`` knows of it is that it was committed, and an
empty one may not be committable (the upkeep: a seat short of food must disband soldiers first;
an empty committed draft left it unable to pay, a state no play reaches, where a hint's search
found a seat to act with no move).
"""

from __future__ import annotations

import random

import msgspec

from arbiter.games.ancient_wargame.common import State
from arbiter.games.ancient_wargame.rules import ADVANCED, BUILDING_COST, SCIENCE_OF
from arbiter.games.ancient_wargame.sealed import STEPS
from arbiter.games.ancient_wargame.state import Draft, Sealed
from arbiter.games.ancient_wargame.tables import Tables

#: The most moves a redrawn draft takes before it can be committed.
MAX_DRAFT_MOVES = 1000


def hidden_variant(s: State, t: Tables, seat: int | None, rng: random.Random) -> State:
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
            drafts[i] = _redrawn(s, t, i, rng) if drafts[i].committed else Draft()
    return msgspec.structs.replace(
        s, players=tuple(players), drafts=tuple(drafts), seed=rng.randrange(2**62)
    )


def _redrawn(s: State, t: Tables, seat: int, rng: random.Random) -> Draft:
    """A draft ``seat`` could as well have committed in the sealed step under way: from the empty
    draft, random moves of the step until it may be committed. Out of a sealed step (a battle's
    deployment, whose answers are counted in public) or when no such draft is found, the empty
    committed draft, as before."""
    task = s.pending[-1] if s.pending else None
    if not isinstance(task, Sealed) or seat not in task.seats:
        return Draft(committed=True)
    step = STEPS[task.step]
    draft = Draft()
    for _ in range(MAX_DRAFT_MOVES):
        if step.can_commit(s, t, seat, draft):
            return msgspec.structs.replace(draft, committed=True)
        options = step.moves(s, t, seat, draft)
        if not options:
            break
        draft = step.add(s, t, seat, draft, rng.choice(options))
    return s.drafts[seat]  # none found: the seat's own (it hides less, and is a state play made)
