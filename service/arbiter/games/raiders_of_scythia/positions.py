"""Positions (:mod:`.position`) to states and back.

:func:`state_of` builds the state a position describes: the table as given; the crew cards of
hands given as counts and of the crew deck drawn by the seed from the crew cards named nowhere
(in solo play the one left over is the draft's other pair, in the box); the animal, quest and
scheme decks are the cards named nowhere; the steps under way turned into the flow engine's stack
with what the rules do by themselves added (:func:`pending_of`). The state is then checked
(:func:`.checks.check_state`, its pointers turned into the position's), the position's own
consistency (:func:`_consistent`), and that the rules have nothing to do by themselves from it
(``position.unsettled``: a decision with nothing to decide, a raid to score, a turn to end).

:func:`position_of` reads a state back, and refuses (``position.unexpressible``) a state of the
setup or a stack the steps cannot say, so ``position_of(state_of(p)) == p`` for every position
it returns.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from arbiter.core import InvalidState
from arbiter.games.raiders_of_scythia import buildings, checks, flow, turns
from arbiter.games.raiders_of_scythia.content import BUILDINGS, RaidReroll
from arbiter.games.raiders_of_scythia.options import RaidersOptions
from arbiter.games.raiders_of_scythia.position import (
    NO_HAND,
    NO_PLUNDER,
    NO_STOCK,
    NO_TURN,
    START_VILLAGE,
    ActionStep,
    ChiefPosition,
    ChooseBuildingStep,
    ChooseSpaceStep,
    DiscardStep,
    DrawCrewStep,
    DrawSchemeStep,
    HandPosition,
    HealStep,
    HireSlotStep,
    PayQuestStep,
    PickUpStep,
    PlaceAnimalStep,
    RaidersPosition,
    RaidPosition,
    RaidScore,
    ReturnEagleStep,
    SeatPosition,
    SellStep,
    SpacePosition,
    Step,
    StockPosition,
    SwapCrewStep,
    SwapHorseStep,
    TurnRecord,
    TurnUpAnimalStep,
    TurnUpQuestStep,
    WoundsStep,
    canon,
)
from arbiter.games.raiders_of_scythia.state import (
    EMPTY_SLOTS,
    AssignWounds,
    BuildingAction,
    Chief,
    ChiefTurn,
    ChooseBuilding,
    ChooseHireSlot,
    ChooseKumis,
    ChoosePickUp,
    ChooseReroll,
    ChooseSpace,
    ChooseSwapCrew,
    ChooseSwapHorse,
    ChooseTurn,
    DiscardToLimit,
    Draw,
    EndChiefTurn,
    EndTurn,
    HealWounds,
    PayQuest,
    PlaceAnimal,
    Player,
    Plunder,
    Raid,
    RaidAftermath,
    RaidersState,
    ReturnEagle,
    Roll,
    ScoreRaid,
    SellCards,
    Space,
    Stock,
    Task,
    Turn,
)
from arbiter.games.raiders_of_scythia.tables import Tables

State = RaidersState
GAME = "raiders-of-scythia"
#: Where each task of a stack comes from in the position: a pointer by stack index.
Where = dict[int, str]
#: The village's decisions that follow a building's action (one at a time).
_VILLAGE_DECISIONS = (
    ActionStep,
    PlaceAnimalStep,
    HireSlotStep,
    HealStep,
    PayQuestStep,
    SellStep,
    ChooseBuildingStep,
    ReturnEagleStep,
    SwapHorseStep,
    SwapCrewStep,
)


def _invalid(rule: str, message: str, pointer: str) -> InvalidState:
    return InvalidState(f"{GAME}.{rule}", message, pointer)


def _in_use(t: Tables, players: int) -> list[int]:
    """The pack's raid spaces in use at this player count (content order)."""
    return [i for i, sp in enumerate(t.spaces) if players == 4 or not sp.four_players_only]


# ------------------------------------------------------------------------------ to a state


def state_of(
    p: RaidersPosition, seed: int, content_id: str, t: Tables, rules_version: str
) -> State:
    """The state the position describes (see the module's docstring)."""
    _basics(p, t)
    pending, where = pending_of(p, t)
    s = _deal(p, _table(p, t, seed, content_id, rules_version), t, random.Random(seed))
    s = msgspec.structs.replace(s, pending=tuple(pending))
    try:
        checks.check_state(s, t)
    except InvalidState as err:
        raise _translate(err, p, t, where) from None
    _consistent(p, s, t)
    _settled(p, s, t)
    return s


def _basics(p: RaidersPosition, t: Tables) -> None:
    """What must hold before the position can be read at all: the seats, spaces, settlements
    and cards its steps name exist."""
    n = len(p.players)
    if (p.chief is not None) != (n == 1):
        raise _invalid("state.chief", "the chief plays in solo games only", "/chief")
    if p.turn == "chief":
        if p.chief is None:
            raise _invalid("position.turn", "only a solo game has the chief's turns", "/turn")
    elif p.turn >= n:
        raise _invalid("position.turn", f"no seat {p.turn} at {n} players", "/turn")
    if p.turns_left is not None and p.turns_left > turn_takers_of(p):
        raise _invalid(
            "position.end",
            f"once the end is triggered each of the {turn_takers_of(p)} turn-takers has one turn",
            "/turns_left",
        )
    expected = [t.spaces[i].id for i in _in_use(t, n)]
    for k, sp in enumerate(p.spaces):
        if k >= len(expected) or sp.id != expected[k]:
            raise _invalid(
                "position.spaces",
                "the raid spaces in use at this player count, in the pack's order",
                f"/spaces/{k}/id",
            )
    if len(p.spaces) != len(expected):
        raise _invalid(
            "position.spaces",
            f"{len(expected)} raid spaces are in use at {n} players",
            "/spaces",
        )
    for key in p.spots:
        if key not in t.settlement_index:
            raise _invalid("position.spots", f"{key!r} is no settlement", f"/spots/{key}")
    if p.raid is not None and p.raid.settlement not in t.settlement_index:
        raise _invalid(
            "position.raid", f"{p.raid.settlement!r} is no settlement", "/raid/settlement"
        )
    for k, step in enumerate(p.steps):
        at = f"/steps/{k}"
        if isinstance(step, TurnUpQuestStep) and step.space not in t.space_index:
            raise _invalid("position.steps", f"{step.space!r} is no raid space", f"{at}/space")
        if isinstance(step, PayQuestStep):
            quest = t.quests.get(step.quest)
            if quest is None or quest.discard_strength is None:
                raise _invalid(
                    "position.steps",
                    "cards are discarded for a quest asking a strength of cards",
                    f"{at}/quest",
                )


def turn_takers_of(p: RaidersPosition) -> int:
    return len(p.players) + (1 if p.chief is not None else 0)


def _table(p: RaidersPosition, t: Tables, seed: int, content_id: str, rules_version: str) -> State:
    """The state of the table as given: the cards named, the hidden ones still to deal."""
    n = len(p.players)
    given = {t.spaces[i].id: sp for i, sp in zip(_in_use(t, n), p.spaces, strict=False)}
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
    for i, (x, seat) in enumerate(zip(s.players, p.players, strict=True)):
        want = seat.hand.unknown
        if want > len(pool):
            raise _invalid(
                "position.unknown_cards",
                f"{want} unknown cards in a hand, and the pack leaves {len(pool)} crew cards",
                f"/players/{i}/hand/unknown",
            )
        dealt, pool = pool[:want], pool[want:]
        players.append(msgspec.structs.replace(x, hand=(*x.hand, *dealt)))
    if p.crew_deck > len(pool):
        raise _invalid(
            "position.unknown_cards",
            f"{p.crew_deck} cards in the crew deck, and the pack leaves {len(pool)} for it",
            "/crew_deck",
        )
    deck, pool = pool[: p.crew_deck], pool[p.crew_deck :]
    boxed = 1 if s.chief is not None else 0
    if len(pool) != boxed:
        left = len(pool) - boxed
        raise _invalid(
            "position.unknown_cards",
            f"{left} crew cards of the pack are nowhere in the position: count them in the "
            "crew deck or a hand"
            if left > 0
            else "solo: one crew card (the draft's other pair) lies in the box",
            "/crew_deck",
        )
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


# ---------------------------------------------------------------- what is under way


def _task(step: Step, seat: int, t: Tables) -> Task:
    """The task of the flow engine a step is."""
    if isinstance(step, PickUpStep):
        return ChoosePickUp(seat=seat)
    if isinstance(step, ActionStep):
        return BuildingAction(
            seat=seat, building=step.building, worker=step.worker, source=step.source
        )
    if isinstance(step, PlaceAnimalStep):
        return PlaceAnimal(seat=seat, card=step.card, half=step.half)
    if isinstance(step, HireSlotStep):
        return ChooseHireSlot(seat=seat, card=step.card)
    if isinstance(step, HealStep):
        return HealWounds(seat=seat, left=step.left)
    if isinstance(step, PayQuestStep):
        need = t.quests[step.quest].discard_strength or 0
        return PayQuest(seat=seat, quest=step.quest, need=need, paid=step.paid)
    if isinstance(step, SellStep):
        return SellCards(seat=seat, left=step.left, gain=step.gain)
    if isinstance(step, ChooseBuildingStep):
        return ChooseBuilding(seat=seat, worker=step.worker)
    if isinstance(step, ReturnEagleStep):
        return ReturnEagle(seat=seat)
    if isinstance(step, SwapHorseStep):
        return ChooseSwapHorse(seat=seat, returned=step.returned)
    if isinstance(step, SwapCrewStep):
        return ChooseSwapCrew(seat=seat)
    if isinstance(step, WoundsStep):
        return AssignWounds(seat=seat, left=step.left)
    if isinstance(step, ChooseSpaceStep):
        return ChooseSpace(seat=seat)
    if isinstance(step, DiscardStep):
        return DiscardToLimit(seat=seat)
    if isinstance(step, DrawCrewStep):
        return Draw(deck="crew", to="hand", seat=seat, count=step.count)
    if isinstance(step, TurnUpAnimalStep):
        return Draw(deck="animals", to="display", index=step.position)
    if isinstance(step, TurnUpQuestStep):
        return Draw(deck="quests", to="space_quest", index=t.space_index[step.space])
    assert isinstance(step, DrawSchemeStep)
    return Draw(deck="schemes", to="scheme")


def pending_of(p: RaidersPosition, t: Tables) -> tuple[list[Task], Where]:
    """The flow engine's stack of the position, bottom first, with where each task comes from:
    the end of the turn (or the chief's turn), the raid's derived tasks, the steps."""
    tasks: list[Task] = []
    where: Where = {}

    def add(task: Task, at: str) -> None:
        where[len(tasks)] = at
        tasks.append(task)

    if p.turns_left == 0:
        return tasks, where
    steps = p.steps
    if p.turn == "chief":
        if any(isinstance(x, DrawSchemeStep) for x in steps):
            add(ChiefTurn(), "/turn")
        else:
            add(EndChiefTurn(), "/turn")
        for k in reversed(range(len(steps))):
            add(_task(steps[k], 0, t), f"/steps/{k}")
        return tasks, where
    seat = p.turn
    add(EndTurn(seat=seat), "/turn")
    r = p.raid
    if r is not None:
        if r.score is None:
            add(RaidAftermath(), "/raid")
            add(ScoreRaid(), "/raid")
            if r.rerolls:
                add(ChooseReroll(seat=seat), "/raid/rerolls")
            if r.rerolling is not None:
                add(Roll(die=r.rerolling), "/raid/rerolling")
            else:
                for i in reversed(range(len(r.dice))):
                    if not r.dice[i].rolled:
                        add(Roll(die=i), f"/raid/dice/{i}")
                if r.kumis is None:
                    add(ChooseKumis(seat=seat), "/raid/kumis")
        elif not any(isinstance(x, ChooseSpaceStep) for x in steps):
            add(RaidAftermath(), "/raid")
    for k in reversed(range(len(steps))):
        add(_task(steps[k], seat, t), f"/steps/{k}")
    if not steps and r is None and p.this_turn.placed is None:
        add(ChooseTurn(seat=seat), "/turn")
    return tasks, where


# ------------------------------------------------------------------- consistency


def _consistent(p: RaidersPosition, s: State, t: Tables) -> None:
    """What a table reached by play shows, beyond the state's invariants."""
    _check_end(p, s)
    _check_turn(p, s)
    _check_raid(p, s, t)
    _check_steps(p, s, t)
    _check_spaces(p, t)
    for i, card in enumerate(p.animal_display):
        drawing = any(isinstance(x, TurnUpAnimalStep) and x.position == i for x in p.steps)
        if card is not None and drawing:
            raise _invalid(
                "position.display",
                "a card is turned up only at an empty display position",
                f"/animal_display/{i}",
            )
    if p.chief is not None:
        _check_chief(p, p.chief, t)


def _check_end(p: RaidersPosition, s: State) -> None:
    reached = turns.end_reached(s)
    if p.turns_left is not None and not reached:
        raise _invalid(
            "position.end",
            "the end is triggered with 2 raid spaces or 2 quests left on the board",
            "/turns_left",
        )
    starting = (p.turn != "chief" and not p.steps and p.raid is None) or (
        p.turn == "chief" and any(isinstance(x, DrawSchemeStep) for x in p.steps)
    )
    if p.turns_left is None and reached and starting and p.this_turn.placed is None:
        raise _invalid(
            "position.end",
            "the end was triggered when the last turn ended: give the turns left",
            "/turns_left",
        )


def _check_turn(p: RaidersPosition, s: State) -> None:
    record = p.this_turn
    if (p.turn == "chief" or p.turns_left == 0) and record != NO_TURN:
        raise _invalid(
            "position.this_turn", "only a seat taking its turn has done something", "/this_turn"
        )
    if p.turns_left == 0 and (p.steps or p.raid is not None):
        raise _invalid("position.end", "the game is over: nothing is under way", "/turns_left")
    if record.placed is not None:
        if p.village.at(record.placed) is None:
            raise _invalid(
                "position.this_turn",
                "the worker placed this turn stays on its building",
                "/this_turn/placed",
            )
        if p.raid is not None:
            raise _invalid(
                "position.raid", "a turn goes to the village or raids, not both", "/raid"
            )
    elif record.hero_used or record.eagles_used:
        raise _invalid(
            "position.this_turn",
            "abilities are used at the Town Centre, in a turn in the village",
            "/this_turn/hero_used" if record.hero_used else "/this_turn/eagles_used",
        )
    if len(set(record.eagles_used)) != len(record.eagles_used):
        raise _invalid(
            "position.this_turn", "each eagle is used once a turn", "/this_turn/eagles_used"
        )


def _rerolls(s: State, t: Tables) -> int:
    """The rerolls the raider's crew abilities give (a doubling eagle doubles them)."""
    total = 0
    for slot in s.players[s.current].slots:
        if slot.crew is None:
            continue
        ability = t.crew[slot.crew].ability
        if isinstance(ability, RaidReroll):
            double = slot.eagle is not None and t.animals[slot.eagle].eagle.kind == "double"
            total += ability.dice * (2 if double else 1)
    return total


def _check_raid(p: RaidersPosition, s: State, t: Tables) -> None:
    r = p.raid
    if r is None:
        return
    if p.turn == "chief":
        raise _invalid("position.raid", "the chief's raids are done at once", "/raid")
    rolled = [d.rolled for d in r.dice]
    if r.kumis is None and any(rolled):
        raise _invalid(
            "position.raid", "the kumis is spent before the dice are rolled", "/raid/kumis"
        )
    if r.rerolling is not None and (
        r.rerolling >= len(r.dice) or not all(rolled) or r.kumis is None
    ):
        raise _invalid(
            "position.raid", "a die is rerolled once every die is rolled", "/raid/rerolling"
        )
    if r.rerolls and (r.score is not None or not r.dice or r.rerolls > _rerolls(s, t)):
        raise _invalid(
            "position.raid",
            "rerolls are what the crew's abilities give, before the strength is totalled",
            "/raid/rerolls",
        )
    if r.score is None:
        if r.wounded or r.killed:
            raise _invalid(
                "position.raid", "wounds are placed once the strength is totalled", "/raid/wounded"
            )
        return
    if r.kumis is None or not all(rolled) or r.rerolling is not None:
        raise _invalid(
            "position.raid", "the strength is totalled once the dice are rolled", "/raid/score"
        )
    sc = r.score
    dice = sum(d.strength for d in r.dice)
    if sc.strength != r.kumis + dice + sc.crew_and_animals + sc.abilities:
        raise _invalid(
            "position.raid",
            "strength = kumis + dice + crew and animals + abilities («СИЛА»)",
            "/raid/score/strength",
        )
    bands = t.settlements[t.settlement_index[r.settlement]].bands
    band = [b for b in bands if b.min_strength <= sc.strength]
    if not band or band[-1].vp != sc.vp:
        raise _invalid(
            "position.raid", "the VP are the band's the strength reaches", "/raid/score/vp"
        )
    for j, card in enumerate(r.killed):
        if card not in p.crew_discard:
            raise _invalid(
                "position.raid",
                "a crew member killed goes to the crew discard pile",
                f"/raid/killed/{j}",
            )
    if len(set(r.wounded)) != len(r.wounded):
        raise _invalid("position.raid", "a slot is wounded once in the list", "/raid/wounded")


def _check_steps(p: RaidersPosition, s: State, t: Tables) -> None:
    steps = p.steps
    order = list(reversed(range(len(steps))))  # bottom first
    kinds = [steps[k] for k in order]

    def bad(k: int, message: str, member: str = "") -> InvalidState:
        return _invalid("position.steps", message, f"/steps/{k}{member}")

    if p.turn == "chief":
        if len(steps) != 1 or not isinstance(
            steps[0], (DrawSchemeStep, TurnUpAnimalStep, TurnUpQuestStep)
        ):
            raise _invalid(
                "position.steps",
                "the chief's turn is its scheme card turned up, then a card it turns up",
                "/steps",
            )
    else:
        for k, step in enumerate(steps):
            if isinstance(step, DrawSchemeStep):
                raise bad(k, "a scheme card is turned up in the chief's turn")
    seat = 0 if p.turn == "chief" else p.turn
    me = s.players[seat]
    record = p.this_turn
    r = p.raid
    chance = (DrawCrewStep, TurnUpAnimalStep)
    if p.turn != "chief":
        if any(isinstance(x, DiscardStep) for x in steps):
            if len(steps) != 1 or r is not None:
                raise bad(0, "the hand is discarded down to 8 at the end of the turn, alone")
            if len(me.hand) <= 8:
                raise bad(0, "a hand of 8 cards or fewer keeps them all")
        elif r is not None:
            _raid_steps(p, s, t, kinds, order)
        elif record.placed is not None:
            j = 0
            if j < len(kinds) and isinstance(kinds[j], PickUpStep):
                if me.worker is not None:
                    raise bad(order[j], "the seat picks up a worker while its own is placed")
                j += 1
            elif me.worker is None:
                raise _invalid(
                    "position.steps",
                    "a seat whose worker is placed picks one up («ДЕРЕВНЯ»)",
                    "/steps",
                )
            picking = j == 1
            if j < len(kinds) and isinstance(kinds[j], _VILLAGE_DECISIONS):
                _village_step(p, s, t, kinds[j], order[j], picking)
                j += 1
            for k in range(j, len(kinds)):
                if not isinstance(kinds[k], chance):
                    raise bad(
                        order[k],
                        "in the village a pick-up, then one decision, then cards drawn are under "
                        "way",
                    )
        else:
            j = 0
            if j < len(kinds) and isinstance(kinds[j], TurnUpQuestStep):
                j += 1
            for k in range(j, len(kinds)):
                if not isinstance(kinds[k], DrawCrewStep):
                    raise bad(
                        order[k],
                        "after a raid only its quest turned up and crew cards drawn are under way",
                    )
    for k, step in enumerate(steps):
        if isinstance(step, TurnUpQuestStep):
            i = t.space_index[step.space]
            space = s.spaces[i]
            region = t.settlements[t.space_settlement[i]].region
            if not space.in_use or not space.raided or space.quest is not None:
                raise bad(k, "the quest under a raid space is turned up as it is raided", "/space")
            if not t.regions[region].quests:
                raise bad(k, f"{region} has no quests under its raid spaces", "/space")


def _raid_steps(
    p: RaidersPosition, s: State, t: Tables, kinds: list[Step], order: list[int]
) -> None:
    r = p.raid
    assert r is not None
    if r.score is None:
        if kinds:
            raise _invalid(
                "position.steps", "before the strength is totalled the raid says it all", "/steps"
            )
        return
    j = 0
    if kinds and isinstance(kinds[0], ChooseSpaceStep):
        k = t.settlement_index[r.settlement]
        if sum(1 for i in t.settlement_spaces[k] if s.spaces[i].open()) < 2:
            raise _invalid(
                "position.steps",
                "the raider chooses between 2 remaining raid spaces; the last one is taken",
                f"/steps/{order[0]}",
            )
        j = 1
        rest: tuple[type[Any], ...] = (DrawCrewStep,)
    else:
        rest = (DrawCrewStep, WoundsStep)
    wounds = 0
    for k in range(j, len(kinds)):
        step = kinds[k]
        if not isinstance(step, rest):
            raise _invalid(
                "position.steps",
                "in a raid the wounds, crew cards drawn and the raid space are under way",
                f"/steps/{order[k]}",
            )
        if isinstance(step, WoundsStep):
            wounds += 1
            if wounds > 1 or not 1 <= step.left <= (r.score.wounds if r.score else 0):
                raise _invalid(
                    "position.steps",
                    "the wounds left to place are at most the raid's",
                    f"/steps/{order[k]}/left",
                )


def _village_step(
    p: RaidersPosition, s: State, t: Tables, step: Step, k: int, picking: bool
) -> None:
    """A decision following a building's action (``picking``: the pick-up waits under it)."""
    at = f"/steps/{k}"
    record = p.this_turn
    seat = p.turn
    assert isinstance(seat, int)
    me = s.players[seat]

    def town_centre_worker(worker: str) -> bool:
        if picking:
            return record.placed == "town_centre" and p.village.town_centre == worker
        return me.worker == worker

    if isinstance(step, ActionStep):
        if not buildings.allows(step.building, step.worker):
            raise _invalid(
                "position.steps",
                "no blue worker uses the Stables or the Chief's Tent",
                f"{at}/worker",
            )
        if step.source == "placed":
            ok = picking and record.placed == step.building
            ok = ok and p.village.at(step.building) == step.worker
        elif step.source == "picked_up":
            ok = not picking and me.worker == step.worker
            ok = ok and p.village.at(step.building) is None and record.placed != step.building
        else:
            ok = town_centre_worker(step.worker)
        if not ok:
            raise _invalid(
                "position.steps",
                "a building's action is done with the worker placed there, picked up from "
                "there, or the Town Centre's",
                f"{at}/source",
            )
    elif isinstance(step, ChooseBuildingStep):
        if not town_centre_worker(step.worker):
            raise _invalid(
                "position.steps", "the building is used with the Town Centre worker", f"{at}/worker"
            )
    elif isinstance(step, HealStep):
        wounds = sum(slot.wounds for slot in me.slots)
        if not 1 <= step.left <= wounds:
            raise _invalid(
                "position.steps", "wounds are removed from the seat's wounded crew", f"{at}/left"
            )
    elif isinstance(step, SellStep):
        if not 1 <= step.left <= len(me.hand):
            raise _invalid("position.steps", "the cards are sold from the hand", f"{at}/left")
    elif isinstance(step, PayQuestStep):
        if step.quest not in buildings.face_up_quests(s):
            raise _invalid(
                "position.steps", "the quest completed lies face up on the board", f"{at}/quest"
            )
        if step.paid >= (t.quests[step.quest].discard_strength or 0):
            raise _invalid(
                "position.steps", "the quest is complete once the strength is paid", f"{at}/paid"
            )


def _check_spaces(p: RaidersPosition, t: Tables) -> None:
    n = len(p.players)
    for k, (i, sp) in enumerate(zip(_in_use(t, n), p.spaces, strict=True)):
        region = t.settlements[t.space_settlement[i]].region
        has = t.regions[region].quests
        if sp.face_down_quest != (has and not sp.raided):
            raise _invalid(
                "position.quest",
                "a face-down quest lies under each raid space of a region with quests until "
                "it is raided",
                f"/spaces/{k}/face_down_quest",
            )
        if sp.quest is not None and not sp.raided:
            raise _invalid(
                "position.quest",
                "the quest under a raid space is turned face up as it is raided",
                f"/spaces/{k}/quest",
            )


def _check_chief(p: RaidersPosition, c: ChiefPosition, t: Tables) -> None:
    seen: set[str] = set()
    for j, card in enumerate(c.schemes):
        at = f"/chief/schemes/{j}"
        if card not in t.schemes:
            raise _invalid("state.unknown_card", f"{card!r} is no scheme card", at)
        if card in seen:
            raise _invalid("state.card_twice", f"{card!r} lies in two places", at)
        seen.add(card)
    if c.schemes:
        if c.blocked != t.schemes[c.schemes[-1]].blocked:
            raise _invalid(
                "position.blocked",
                "the building blocked is the top scheme card's",
                "/chief/blocked",
            )
    elif c.blocked is not None and p.turn != "chief":
        raise _invalid(
            "position.blocked",
            "no scheme card is turned up yet: nothing is blocked",
            "/chief/blocked",
        )


def _settled(p: RaidersPosition, s: State, t: Tables) -> None:
    """The rules have nothing to do by themselves from the state: it waits for a decision that
    has something to decide, or for chance, or the game is over."""
    try:
        after = flow.advance(s, t, [])
    except (AssertionError, IndexError, KeyError, ValueError):
        after = None
    if after != s:
        pointer = "/steps/0" if p.steps else "/raid" if p.raid is not None else "/turn"
        raise _invalid(
            "position.unsettled",
            "nothing waits to be decided here: the rules would go on by themselves (a decision "
            "with no choice, a raid to score, a turn to end, a deck to reshuffle)",
            pointer,
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
        used = _in_use(t, n)
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


def _unexpressible(message: str, pointer: str) -> InvalidState:
    return _invalid("position.unexpressible", message, pointer)


def position_of(s: State, t: Tables) -> RaidersPosition:
    """The position of a state, every card named (for a master or an open game)."""
    if s.phase == "setup":
        raise _unexpressible("during setup the table is not laid out yet", "/phase")
    over = s.phase == "over"
    chief_turn = bool(s.pending) and isinstance(s.pending[0], (ChiefTurn, EndChiefTurn))
    steps = _steps_of(s, t)
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
        raise _unexpressible(
            "what is under way cannot be said as the steps of a position", "/pending"
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


def _steps_of(s: State, t: Tables) -> tuple[Step, ...]:
    """The steps of the stack, the decision now first; the derived tasks left out."""
    derived = (
        EndTurn,
        RaidAftermath,
        ScoreRaid,
        ChooseReroll,
        Roll,
        ChooseKumis,
        ChooseTurn,
        ChiefTurn,
        EndChiefTurn,
    )
    out: list[Step] = []
    for k in reversed(range(len(s.pending))):
        task = s.pending[k]
        if isinstance(task, derived):
            continue
        out.append(_step(task, t, k))
    return tuple(out)


def _step(task: Task, t: Tables, k: int) -> Step:
    if isinstance(task, ChoosePickUp):
        return PickUpStep()
    if isinstance(task, BuildingAction):
        return ActionStep(building=task.building, worker=task.worker, source=task.source)
    if isinstance(task, PlaceAnimal):
        return PlaceAnimalStep(card=task.card, half=task.half)
    if isinstance(task, ChooseHireSlot):
        return HireSlotStep(card=task.card)
    if isinstance(task, HealWounds):
        return HealStep(left=task.left)
    if isinstance(task, PayQuest):
        return PayQuestStep(quest=task.quest, paid=task.paid)
    if isinstance(task, SellCards):
        return SellStep(left=task.left, gain=task.gain)
    if isinstance(task, ChooseBuilding):
        return ChooseBuildingStep(worker=task.worker)
    if isinstance(task, ReturnEagle):
        return ReturnEagleStep()
    if isinstance(task, ChooseSwapHorse):
        return SwapHorseStep(returned=task.returned)
    if isinstance(task, ChooseSwapCrew):
        return SwapCrewStep()
    if isinstance(task, AssignWounds):
        return WoundsStep(left=task.left)
    if isinstance(task, ChooseSpace):
        return ChooseSpaceStep()
    if isinstance(task, DiscardToLimit):
        return DiscardStep()
    if isinstance(task, Draw):
        if task.deck == "crew" and task.to == "hand":
            return DrawCrewStep(count=task.count)
        if task.deck == "animals" and task.to == "display":
            return TurnUpAnimalStep(position=task.index)
        if task.deck == "quests" and task.to == "space_quest":
            return TurnUpQuestStep(space=t.spaces[task.index].id)
        if task.deck == "schemes":
            return DrawSchemeStep()
    raise _unexpressible(
        f"{type(task).__name__} cannot be said as a step of a position", f"/pending/{k}"
    )
