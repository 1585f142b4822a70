"""Positions (:mod:`.position`) to states and back.

:func:`state_of` builds the state a position describes: the table as given; the crew cards of
hands given as counts and of the crew deck drawn by the seed from the crew cards named nowhere
(in solo play the one left over is the draft's other pair, in the box); the animal, quest and
scheme decks are the cards named nowhere; the steps under way turned into the flow engine's stack
with what the rules do by themselves added (:func:`.position_steps.pending_of`). The state is then
checked (:func:`.checks.check_state`, its pointers turned into the position's), the position's
own consistency and that the rules have nothing to do by themselves from it
(:mod:`.position_checks`; ``position.unsettled``: a decision with nothing to decide, a raid to
score, a turn to end).

:func:`position_of` reads a state back, and refuses (``position.unexpressible``) a state of the
setup or a stack the steps cannot say, so ``position_of(state_of(p)) == p`` for every position
it returns.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from arbiter.core import InvalidState, every_gap
from arbiter.core.texts import text
from arbiter.games.raiders_of_scythia import checks
from arbiter.games.raiders_of_scythia.content import BUILDINGS
from arbiter.games.raiders_of_scythia.options import RaidersOptions
from arbiter.games.raiders_of_scythia.position import (
    NO_HAND,
    NO_PLUNDER,
    NO_STOCK,
    NO_TURN,
    START_VILLAGE,
    ChiefPosition,
    HandPosition,
    HireSlotStep,
    PlaceAnimalStep,
    RaidersPosition,
    RaidPosition,
    RaidScore,
    SeatPosition,
    SpacePosition,
    StockPosition,
    SwapHorseStep,
    TurnRecord,
    canon,
)
from arbiter.games.raiders_of_scythia.position_checks import (
    check_basics,
    check_consistent,
    check_settled,
    in_use,
    invalid,
    space_gaps,
)
from arbiter.games.raiders_of_scythia.position_checks import turn_takers_of as turn_takers_of
from arbiter.games.raiders_of_scythia.position_steps import (
    Where,
    pending_of,
    steps_of,
    unexpressible,
)
from arbiter.games.raiders_of_scythia.state import (
    EMPTY_SLOTS,
    Chief,
    ChiefTurn,
    ChooseKumis,
    ChooseReroll,
    EndChiefTurn,
    Player,
    Plunder,
    Raid,
    RaidersState,
    Roll,
    Space,
    Stock,
    Turn,
)
from arbiter.games.raiders_of_scythia.tables import Tables

State = RaidersState

# ------------------------------------------------------------------------------ to a state


def state_of(
    p: RaidersPosition, seed: int, content_id: str, t: Tables, rules_version: str
) -> State:
    """The state the position describes (see the module's docstring)."""
    check_basics(p, t)
    gaps = space_gaps(p, t)  # said together with the cards the position leaves out
    try:
        pending, where = pending_of(p, t)
        s = _deal(p, _table(p, t, seed, content_id, rules_version), t, random.Random(seed))
    except InvalidState as err:
        if not gaps:
            raise
        raise every_gap([*gaps, *(err.gaps or (err,))], err.gaps_left_out) from None
    if gaps:
        raise every_gap(gaps)
    s = msgspec.structs.replace(s, pending=tuple(pending))
    try:
        checks.check_state(s, t)
    except InvalidState as err:
        raise _translate(err, p, t, where) from None
    check_consistent(p, s, t)
    check_settled(p, s, t)
    return s


def _table(p: RaidersPosition, t: Tables, seed: int, content_id: str, rules_version: str) -> State:
    """The state of the table as given: the cards named, the hidden ones still to deal."""
    n = len(p.players)
    given = {t.spaces[i].id: sp for i, sp in zip(in_use(t, n), p.spaces, strict=False)}
    spaces = []
    for sp in t.spaces:
        g = given.get(sp.id)
        if g is None:
            spaces.append(Space(in_use=False))
            continue
        spaces.append(
            Space(
                raided=g.raided,
                plunder=g.plunder,
                worker=g.worker,
                hidden_quest=g.face_down_quest,
                quest=g.quest,
            )
        )
    players = tuple(
        Player(
            vp=x.vp,
            stock=Stock(**msgspec.structs.asdict(x.stock)),
            worker=x.worker,
            hero=x.hero,
            slots=x.slots,
            hand=x.hand.cards,
            quests=x.quests,
        )
        for x in p.players
    )
    chief = None
    options = RaidersOptions()
    blocked = None
    if p.chief is not None:
        c = p.chief
        chief = Chief(
            level=c.level, vp=c.vp, provisions=c.provisions, horses=c.horses, quests=c.quests
        )
        options = RaidersOptions(solo_chief=c.level)
        blocked = c.blocked
    record = p.this_turn
    occupied = tuple(b for b in BUILDINGS if p.village.at(b) is not None and b != record.placed)
    turn = Turn(
        start_workers=occupied,
        placed=record.placed,
        hero_used=record.hero_used,
        eagles_used=record.eagles_used,
        blocked=blocked,
    )
    over = p.turns_left == 0
    return State(
        rules_version=rules_version,
        content_id=content_id,
        seed=seed,
        options=options,
        phase="over" if over else "play",
        current=0 if p.turn == "chief" else p.turn,
        final_turns=p.turns_left,
        players=players,
        chief=chief,
        village=p.village,
        village_quests=p.village_quests,
        spaces=tuple(spaces),
        spots=tuple(p.spots.get(st.id, ()) for st in t.settlements),
        bag=Plunder(),
        supply=p.supply,
        animal_display=p.animal_display,
        animal_discard=p.animal_discard,
        crew_discard=p.crew_discard,
        scheme_discard=p.chief.schemes if p.chief is not None else (),
        turn=turn,
        raid=_raid(p, t),
    )


def _raid(p: RaidersPosition, t: Tables) -> Raid | None:
    r = p.raid
    if r is None:
        return None
    k = t.settlement_index[r.settlement]
    spots = p.spots.get(r.settlement, ())
    worker = spots[-1].worker if spots else "grey"
    score = r.score if r.score is not None else RaidScore(strength=0)
    return Raid(
        settlement=k,
        worker=worker,
        kumis=r.kumis or 0,
        dice=r.dice,
        rerolls=r.rerolls,
        strength=r.score.strength if r.score is not None else None,
        crew_strength=score.crew_and_animals,
        ability_strength=score.abilities,
        vp=score.vp,
        wounds=score.wounds,
        wounded=r.wounded,
        killed=r.killed,
    )


# ---------------------------------------------------------------- the face-down cards


def _deal(p: RaidersPosition, s: State, t: Tables, rng: random.Random) -> State:
    """Deal the crew cards of the hands given as counts and the crew deck from the crew cards
    named nowhere; the other decks are the cards of their kind named nowhere."""
    crew: set[str] = set(s.crew_discard)
    animals: set[str] = {c for c in (*s.animal_display, *s.animal_discard) if c is not None}
    quests: set[str] = {q for q in s.village_quests if q is not None}
    quests.update(sp.quest for sp in s.spaces if sp.quest is not None)
    for x in s.players:
        crew.update(x.hand)
        quests.update(x.quests)
        for slot in x.slots:
            crew.update(c for c in (slot.crew,) if c is not None)
            animals.update(c for c in (slot.eagle, slot.horse) if c is not None)
    if s.chief is not None:
        animals.update(s.chief.horses)
        quests.update(s.chief.quests)
    for step in p.steps:
        if isinstance(step, PlaceAnimalStep):
            animals.add(step.card)
        elif isinstance(step, SwapHorseStep):
            animals.add(step.returned)
        elif isinstance(step, HireSlotStep):
            crew.add(step.card)
    pool = [c.id for c in t.content.crew if c.id not in crew]
    rng.shuffle(pool)
    players = []
    gaps: list[InvalidState] = []  # every hand and deck short, not the first one only
    for i, (x, seat) in enumerate(zip(s.players, p.players, strict=True)):
        want = seat.hand.unknown
        if want > len(pool):
            gaps.append(
                invalid(
                    "position.unknown_cards",
                    text(
                        "{want} unknown cards in a hand, and the pack leaves {left} crew cards",
                        want=want,
                        left=len(pool),
                    ),
                    f"/players/{i}/hand/unknown",
                )
            )
        dealt, pool = pool[:want], pool[want:]
        players.append(msgspec.structs.replace(x, hand=(*x.hand, *dealt)))
    if p.crew_deck > len(pool):
        gaps.append(
            invalid(
                "position.unknown_cards",
                text(
                    "{deck} cards in the crew deck, and the pack leaves {left} for it",
                    deck=p.crew_deck,
                    left=len(pool),
                ),
                "/crew_deck",
            )
        )
    deck, pool = pool[: p.crew_deck], pool[p.crew_deck :]
    boxed = 1 if s.chief is not None else 0
    if len(pool) != boxed and not gaps:
        left = len(pool) - boxed
        gaps.append(
            invalid(
                "position.unknown_cards",
                text(
                    "{left} crew cards of the pack are nowhere in the position: count them in the "
                    "crew deck or a hand",
                    left=left,
                )
                if left > 0
                else text("solo: one crew card (the draft's other pair) lies in the box"),
                "/crew_deck",
            )
        )
    if gaps:
        raise every_gap(gaps)
    schemes: tuple[str, ...] = ()
    if s.chief is not None:
        schemes = tuple(x.id for x in t.content.schemes if x.id not in set(s.scheme_discard))
    return msgspec.structs.replace(
        s,
        players=tuple(players),
        crew_deck=tuple(sorted(deck)),
        animal_deck=tuple(a.id for a in t.content.animals if a.id not in animals),
        quest_pool=tuple(q.id for q in t.content.quests if q.id not in quests),
        scheme_deck=schemes,
    )


# ------------------------------------------------------------------------------ pointers


def _plain(value: Any) -> Any:
    if isinstance(value, msgspec.Struct):
        return {
            f.encode_name: _plain(getattr(value, f.name)) for f in msgspec.structs.fields(value)
        }
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _resolves(document: Any, parts: list[str]) -> bool:
    node = document
    for part in parts:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


def _translate(err: InvalidState, p: RaidersPosition, t: Tables, where: Where) -> InvalidState:
    """The problem of a state, with its pointer into the position it came from."""
    parts = err.pointer.split("/")[1:] if err.pointer else []
    head = parts[0] if parts else ""
    n = len(p.players)
    if head == "players" and len(parts) > 3 and parts[2] == "hand" and parts[3].isdigit():
        i, j = int(parts[1]), int(parts[3])
        known = len(p.players[i].hand.cards) if i < n else 0
        parts = ["players", parts[1], "hand", *(["cards", parts[3]] if j < known else ["unknown"])]
    elif head == "spaces" and len(parts) > 1 and parts[1].isdigit():
        used = in_use(t, n)
        i = int(parts[1])
        rest = ["face_down_quest" if x == "hidden_quest" else x for x in parts[2:]]
        parts = ["spaces", str(used.index(i)), *rest] if i in used else ["spaces"]
    elif head == "spots" and len(parts) > 1 and parts[1].isdigit():
        k = int(parts[1])
        key = t.settlements[k].id if k < len(t.settlements) else ""
        parts = ["spots", key, *parts[2:]] if key in p.spots else ["spots"]
    elif head == "quest_pool":
        parts = ["spaces"]
    elif head == "pending" and len(parts) > 1 and parts[1].isdigit():
        parts = where.get(int(parts[1]), "/steps").split("/")[1:]
    elif head == "current":
        parts = ["turn"]
    elif head in ("scheme_discard", "scheme_deck"):
        parts = ["chief", "schemes"]
    elif head == "animal_deck":
        parts = ["animal_discard"]
    document = _plain(p)
    while parts and not _resolves(document, parts):
        parts = parts[:-1]
    err.pointer = "".join(f"/{x}" for x in parts)
    return err


# ----------------------------------------------------------------------------- from a state


def position_of(s: State, t: Tables) -> RaidersPosition:
    """The position of a state, every card named (for a master or an open game)."""
    if s.phase == "setup":
        raise unexpressible(text("during setup the table is not laid out yet"), "/phase")
    over = s.phase == "over"
    chief_turn = bool(s.pending) and isinstance(s.pending[0], (ChiefTurn, EndChiefTurn))
    steps = steps_of(s, t)
    players = tuple(
        SeatPosition(
            hero=x.hero or "",
            vp=x.vp,
            stock=canon(StockPosition(**msgspec.structs.asdict(x.stock)), NO_STOCK),
            worker=x.worker,
            slots=canon(x.slots, EMPTY_SLOTS),
            hand=canon(HandPosition(cards=x.hand), NO_HAND),
            quests=x.quests,
        )
        for x in s.players
    )
    chief = None
    if s.chief is not None:
        chief = ChiefPosition(
            level=s.chief.level,
            vp=s.chief.vp,
            provisions=s.chief.provisions,
            horses=s.chief.horses,
            quests=s.chief.quests,
            schemes=s.scheme_discard,
            blocked=s.turn.blocked,
        )
    record = NO_TURN
    if not over and not chief_turn:
        record = canon(
            TurnRecord(
                placed=s.turn.placed,
                hero_used=s.turn.hero_used,
                eagles_used=s.turn.eagles_used,
            ),
            NO_TURN,
        )
    p = RaidersPosition(
        players=players,
        turn="chief" if chief_turn else s.current,
        turns_left=s.final_turns,
        village=canon(s.village, START_VILLAGE),
        village_quests=s.village_quests,
        spaces=tuple(
            SpacePosition(
                id=t.spaces[i].id,
                raided=sp.raided,
                plunder=canon(sp.plunder, NO_PLUNDER),
                worker=sp.worker,
                face_down_quest=sp.hidden_quest,
                quest=sp.quest,
            )
            for i, sp in enumerate(s.spaces)
            if sp.in_use
        ),
        spots={st.id: s.spots[k] for k, st in enumerate(t.settlements) if s.spots[k]},
        supply=canon(s.supply, NO_PLUNDER),
        animal_display=s.animal_display,
        animal_discard=s.animal_discard,
        crew_deck=len(s.crew_deck),
        crew_discard=s.crew_discard,
        chief=chief,
        this_turn=record,
        raid=_raid_position(s, t),
        steps=steps,
    )
    mine, _ = pending_of(p, t)
    if tuple(mine) != s.pending:
        raise unexpressible(
            text("what is under way cannot be said as the steps of a position"), "/pending"
        )
    return p


def _raid_position(s: State, t: Tables) -> RaidPosition | None:
    r = s.raid
    if r is None:
        return None
    kumis_pending = any(isinstance(x, ChooseKumis) for x in s.pending)
    rerolling = None
    top = s.pending[-1] if s.pending else None
    if isinstance(top, Roll) and r.dice[top.die].rolled:
        rerolling = top.die
    score = None
    if r.strength is not None:
        score = RaidScore(
            strength=r.strength,
            crew_and_animals=r.crew_strength,
            abilities=r.ability_strength,
            vp=r.vp,
            wounds=r.wounds,
        )
    return RaidPosition(
        settlement=t.settlements[r.settlement].id,
        kumis=None if kumis_pending else r.kumis,
        dice=r.dice,
        rerolls=r.rerolls if any(isinstance(x, ChooseReroll) for x in s.pending) else 0,
        rerolling=rerolling,
        score=score,
        wounded=r.wounded,
        killed=r.killed,
    )
