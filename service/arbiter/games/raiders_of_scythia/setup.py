"""Setup (rulebook «ПОДГОТОВКА К ИГРЕ», steps 1-17; solo: «ПОДГОТОВКА К ОДИНОЧНОЙ ИГРЕ»).

Every random step is a chance decision, so a real table can supply what it drew: the two village
quests, the plunder of each raid space from the bag, the animal display, the heroes and crew cards
of the draft pairs, the first player, the five cards dealt to each seat. The quests under the raid
spaces stay face down: which one lies where is drawn when it is turned up (nobody may look at
them, so drawing then is the same as drawing now). The seats then take pairs in reverse turn
order (the first player last) and each sets aside 2 of its 5 cards; the set-aside cards stay
private until every seat has chosen.

Solo: 2 pairs are turned up, the player takes one and the other goes to the box; the player
always goes first; the chief takes the provisions of its AI crew card and the scheme deck is
shuffled. With fewer than 4 players the raid spaces marked for 4 players are not used: no quest,
plunder or worker is put there.
"""

from __future__ import annotations

import msgspec

from arbiter.core import Event
from arbiter.games.raiders_of_scythia.common import State, pop, push, update, with_slot
from arbiter.games.raiders_of_scythia.options import RaidersOptions
from arbiter.games.raiders_of_scythia.state import (
    Chief,
    ChoosePair,
    Draw,
    DrawPlunder,
    FirstPlayer,
    Pair,
    Player,
    Plunder,
    RaidersState,
    RevealSetAside,
    SetAside,
    Slot,
    Space,
    Task,
)
from arbiter.games.raiders_of_scythia.tables import Tables
from arbiter.games.raiders_of_scythia.turns import begin_turn

#: Cards dealt to each seat and kept (step 17: «берёт 5 карт соратников, оставляет 3»).
DEALT = 5
KEPT = 3


def pair_count(players: int) -> int:
    """Step 12: one pair more than players; solo: 2."""
    return 2 if players == 1 else players + 1


def initial_state(
    players: int,
    options: RaidersOptions,
    seed: int,
    content_id: str,
    t: Tables,
    rules_version: str,
) -> RaidersState:
    spaces = []
    for i, sp in enumerate(t.spaces):
        in_use = players == 4 or not sp.four_players_only
        region = t.settlements[t.space_settlement[i]].region
        spaces.append(
            Space(
                in_use=in_use,
                worker=sp.worker if in_use else None,
                hidden_quest=in_use and t.regions[region].quests,
            )
        )
    c = t.content
    chief = None
    if players == 1:
        level = options.solo_chief
        chief = Chief(level=level, provisions=t.chiefs[level].provisions)
    steps: list[Task] = [
        Draw(deck="quests", to="village_quest", index=0),
        Draw(deck="quests", to="village_quest", index=1),
    ]
    steps.extend(
        DrawPlunder(space=i, count=sp.plunder)
        for i, sp in enumerate(t.spaces)
        if spaces[i].in_use and sp.plunder
    )
    steps.extend(Draw(deck="animals", to="display", index=i) for i in range(3))
    pairs = pair_count(players)
    steps.extend(Draw(deck="heroes", to="pair_hero", index=i) for i in range(pairs))
    steps.extend(Draw(deck="crew", to="pair_crew", index=i) for i in range(pairs))
    steps.append(FirstPlayer() if players > 1 else ChoosePair(seat=0))
    steps.extend(Draw(deck="crew", to="hand", seat=i, count=DEALT) for i in range(players))
    steps.extend(SetAside(seat=i, left=DEALT - KEPT) for i in range(players))
    steps.append(RevealSetAside())
    return RaidersState(
        rules_version=rules_version,
        content_id=content_id,
        seed=seed,
        options=options,
        players=tuple(Player() for _ in range(players)),
        chief=chief,
        spaces=tuple(spaces),
        spots=tuple(() for _ in t.settlements),
        animal_display=(None, None, None),
        animal_deck=tuple(a.id for a in c.animals),
        crew_deck=tuple(x.id for x in c.crew),
        hero_deck=tuple(h.id for h in c.heroes),
        quest_pool=tuple(q.id for q in c.quests),
        scheme_deck=tuple(x.id for x in c.schemes) if players == 1 else (),
        pending=tuple(reversed(steps)),
    )


def draft_order(start: int, players: int) -> list[int]:
    """Step 14: from the player right of the first player, counter-clockwise; the first last."""
    return [(start - k) % players for k in range(1, players + 1)]


def first_player(s: State, first: int) -> State:
    s = msgspec.structs.replace(s, start_player=first, current=first)
    order = draft_order(first, len(s.players))
    return push(pop(s), *(ChoosePair(seat=i) for i in reversed(order)))


def take_pair(s: State, seat: int, hero: str) -> State:
    pair = next(p for p in s.pairs if p.hero == hero)
    pairs = tuple(p for p in s.pairs if p.hero != hero)
    player = s.players[seat]
    player = with_slot(player, 0, Slot(crew=pair.crew))
    s = update(s, seat, hero=hero, slots=player.slots)
    return pop(msgspec.structs.replace(s, pairs=pairs))


def reveal_set_aside(s: State, ev: list[Event]) -> State:
    """Every seat has chosen: the set-aside cards and the unchosen crew go to the discard pile
    (solo: the unchosen pair goes to the box), the bag's rest to the supply; play begins."""
    discard = list(s.crew_discard)
    if len(s.players) > 1:
        discard.extend(p.crew for p in s.pairs if p.crew is not None)
    for seat, p in enumerate(s.players):
        discard.extend(p.set_aside)
        s = update(s, seat, set_aside=())
    s = msgspec.structs.replace(
        s,
        crew_discard=tuple(discard),
        pairs=(),
        hero_deck=(),
        supply=s.bag,
        bag=Plunder(),
        phase="play",
    )
    return begin_turn(pop(s), s.start_player)


def add_pair_hero(s: State, hero: str) -> State:
    return msgspec.structs.replace(s, pairs=(*s.pairs, Pair(hero=hero)))


def add_pair_crew(s: State, index: int, crew: str) -> State:
    pairs = list(s.pairs)
    pairs[index] = msgspec.structs.replace(pairs[index], crew=crew)
    return msgspec.structs.replace(s, pairs=tuple(pairs))
