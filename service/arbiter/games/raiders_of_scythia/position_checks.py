"""The checks that refuse an impossible table, for :func:`.positions.state_of`.

:func:`check_basics` is what must hold before a position can be read at all (the seats, raid
spaces, settlements and cards it names exist); :func:`check_consistent` is what a table reached
by play shows beyond the state's invariants (:mod:`.checks`): the end, the turn's record, the
raid, the steps under way, the face-down quests, the display and the chief's schemes;
:func:`check_settled` refuses (``position.unsettled``) a state from which the rules would go on
by themselves. Each refusal is an :class:`~arbiter.core.InvalidState` with a rule code of
:mod:`.rule_codes` and a pointer into the position.
"""

from __future__ import annotations

from typing import Any

from arbiter.core import InvalidState
from arbiter.core.texts import Text, text
from arbiter.games.raiders_of_scythia import buildings, flow, turns
from arbiter.games.raiders_of_scythia.content import RaidReroll
from arbiter.games.raiders_of_scythia.position import (
    NO_TURN,
    ActionStep,
    ChiefPosition,
    ChooseBuildingStep,
    ChooseSpaceStep,
    DiscardStep,
    DrawCrewStep,
    DrawSchemeStep,
    HealStep,
    HireSlotStep,
    PayQuestStep,
    PickUpStep,
    PlaceAnimalStep,
    RaidersPosition,
    ReturnEagleStep,
    SellStep,
    Step,
    SwapCrewStep,
    SwapHorseStep,
    TurnUpAnimalStep,
    TurnUpQuestStep,
    WoundsStep,
)
from arbiter.games.raiders_of_scythia.state import (
    RaidersState,
)
from arbiter.games.raiders_of_scythia.tables import Tables

State = RaidersState
GAME = "raiders-of-scythia"
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


def invalid(rule: str, message: Text, pointer: str) -> InvalidState:
    return InvalidState(f"{GAME}.{rule}", message, pointer)


def in_use(t: Tables, players: int) -> list[int]:
    """The pack's raid spaces in use at this player count (content order)."""
    return [i for i, sp in enumerate(t.spaces) if players == 4 or not sp.four_players_only]


# ------------------------------------------------------------ before reading


def check_basics(p: RaidersPosition, t: Tables) -> None:
    """What must hold before the position can be read at all: the seats, spaces, settlements
    and cards its steps name exist."""
    n = len(p.players)
    if (p.chief is not None) != (n == 1):
        raise invalid("state.chief", text("the chief plays in solo games only"), "/chief")
    if p.turn == "chief":
        if p.chief is None:
            raise invalid("position.turn", text("only a solo game has the chief's turns"), "/turn")
    elif p.turn >= n:
        raise invalid(
            "position.turn",
            text("no seat {seat} at {players} players", seat=p.turn, players=n),
            "/turn",
        )
    if p.turns_left is not None and p.turns_left > turn_takers_of(p):
        raise invalid(
            "position.end",
            text(
                "once the end is triggered each of the {count} turn-takers has one turn",
                count=turn_takers_of(p),
            ),
            "/turns_left",
        )
    for key in p.spots:
        if key not in t.settlement_index:
            raise invalid(
                "position.spots",
                text("{settlement} is no settlement", settlement=repr(key)),
                f"/spots/{key}",
            )
    if p.raid is not None and p.raid.settlement not in t.settlement_index:
        raise invalid(
            "position.raid",
            text("{settlement} is no settlement", settlement=repr(p.raid.settlement)),
            "/raid/settlement",
        )
    for k, step in enumerate(p.steps):
        at = f"/steps/{k}"
        if isinstance(step, TurnUpQuestStep) and step.space not in t.space_index:
            raise invalid(
                "position.steps",
                text("{space} is no raid space", space=repr(step.space)),
                f"{at}/space",
            )
        if isinstance(step, PayQuestStep):
            quest = t.quests.get(step.quest)
            if quest is None or quest.discard_strength is None:
                raise invalid(
                    "position.steps",
                    text("cards are discarded for a quest asking a strength of cards"),
                    f"{at}/quest",
                )


def space_gaps(p: RaidersPosition, t: Tables) -> list[InvalidState]:
    """The raid spaces in use at the player count, in the pack's order («Подготовка к игре»):
    every space out of place, or the count that is wrong (gaps, said together with the rest)."""
    n = len(p.players)
    expected = [t.spaces[i].id for i in in_use(t, n)]
    gaps = [
        invalid(
            "position.spaces",
            text("the raid spaces in use at this player count, in the pack's order"),
            f"/spaces/{k}/id",
        )
        for k, sp in enumerate(p.spaces)
        if k >= len(expected) or sp.id != expected[k]
    ]
    if not gaps and len(p.spaces) != len(expected):
        gaps.append(
            invalid(
                "position.spaces",
                text(
                    "{count} raid spaces are in use at {players} players",
                    count=len(expected),
                    players=n,
                ),
                "/spaces",
            )
        )
    return gaps


def turn_takers_of(p: RaidersPosition) -> int:
    return len(p.players) + (1 if p.chief is not None else 0)


# ------------------------------------------------------------------- consistency


def check_consistent(p: RaidersPosition, s: State, t: Tables) -> None:
    """What a table reached by play shows, beyond the state's invariants."""
    _check_end(p, s)
    _check_turn(p, s)
    _check_raid(p, s, t)
    _check_steps(p, s, t)
    _check_spaces(p, t)
    for i, card in enumerate(p.animal_display):
        drawing = any(isinstance(x, TurnUpAnimalStep) and x.position == i for x in p.steps)
        if card is not None and drawing:
            raise invalid(
                "position.display",
                text("a card is turned up only at an empty display position"),
                f"/animal_display/{i}",
            )
    if p.chief is not None:
        _check_chief(p, p.chief, t)


def _check_end(p: RaidersPosition, s: State) -> None:
    reached = turns.end_reached(s)
    if p.turns_left is not None and not reached:
        raise invalid(
            "position.end",
            text("the end is triggered with 2 raid spaces or 2 quests left on the board"),
            "/turns_left",
        )
    starting = (p.turn != "chief" and not p.steps and p.raid is None) or (
        p.turn == "chief" and any(isinstance(x, DrawSchemeStep) for x in p.steps)
    )
    if p.turns_left is None and reached and starting and p.this_turn.placed is None:
        raise invalid(
            "position.end",
            text("the end was triggered when the last turn ended: give the turns left"),
            "/turns_left",
        )


def _check_turn(p: RaidersPosition, s: State) -> None:
    record = p.this_turn
    if (p.turn == "chief" or p.turns_left == 0) and record != NO_TURN:
        raise invalid(
            "position.this_turn",
            text("only a seat taking its turn has done something"),
            "/this_turn",
        )
    if p.turns_left == 0 and (p.steps or p.raid is not None):
        raise invalid("position.end", text("the game is over: nothing is under way"), "/turns_left")
    if record.placed is not None:
        if p.village.at(record.placed) is None:
            raise invalid(
                "position.this_turn",
                text("the worker placed this turn stays on its building"),
                "/this_turn/placed",
            )
        if p.raid is not None:
            raise invalid(
                "position.raid", text("a turn goes to the village or raids, not both"), "/raid"
            )
    elif record.hero_used or record.eagles_used:
        raise invalid(
            "position.this_turn",
            text("abilities are used at the Town Centre, in a turn in the village"),
            "/this_turn/hero_used" if record.hero_used else "/this_turn/eagles_used",
        )
    if len(set(record.eagles_used)) != len(record.eagles_used):
        raise invalid(
            "position.this_turn", text("each eagle is used once a turn"), "/this_turn/eagles_used"
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
        raise invalid("position.raid", text("the chief's raids are done at once"), "/raid")
    rolled = [d.rolled for d in r.dice]
    if r.kumis is None and any(rolled):
        raise invalid(
            "position.raid", text("the kumis is spent before the dice are rolled"), "/raid/kumis"
        )
    if r.rerolling is not None and (
        r.rerolling >= len(r.dice) or not all(rolled) or r.kumis is None
    ):
        raise invalid(
            "position.raid", text("a die is rerolled once every die is rolled"), "/raid/rerolling"
        )
    if r.rerolls and (r.score is not None or not r.dice or r.rerolls > _rerolls(s, t)):
        raise invalid(
            "position.raid",
            text("rerolls are what the crew's abilities give, before the strength is totalled"),
            "/raid/rerolls",
        )
    if r.score is None:
        if r.wounded or r.killed:
            raise invalid(
                "position.raid",
                text("wounds are placed once the strength is totalled"),
                "/raid/wounded",
            )
        return
    if r.kumis is None or not all(rolled) or r.rerolling is not None:
        raise invalid(
            "position.raid",
            text("the strength is totalled once the dice are rolled"),
            "/raid/score",
        )
    sc = r.score
    dice = sum(d.strength for d in r.dice)
    if sc.strength != r.kumis + dice + sc.crew_and_animals + sc.abilities:
        raise invalid(
            "position.raid",
            text("strength = kumis + dice + crew and animals + abilities («СИЛА»)"),
            "/raid/score/strength",
        )
    bands = t.settlements[t.settlement_index[r.settlement]].bands
    band = [b for b in bands if b.min_strength <= sc.strength]
    if not band or band[-1].vp != sc.vp:
        raise invalid(
            "position.raid", text("the VP are the band's the strength reaches"), "/raid/score/vp"
        )
    for j, card in enumerate(r.killed):
        if card not in p.crew_discard:
            raise invalid(
                "position.raid",
                text("a crew member killed goes to the crew discard pile"),
                f"/raid/killed/{j}",
            )
    if len(set(r.wounded)) != len(r.wounded):
        raise invalid("position.raid", text("a slot is wounded once in the list"), "/raid/wounded")


def _check_steps(p: RaidersPosition, s: State, t: Tables) -> None:
    steps = p.steps
    order = list(reversed(range(len(steps))))  # bottom first
    kinds = [steps[k] for k in order]

    def bad(k: int, message: Text, member: str = "") -> InvalidState:
        return invalid("position.steps", message, f"/steps/{k}{member}")

    if p.turn == "chief":
        if len(steps) != 1 or not isinstance(
            steps[0], (DrawSchemeStep, TurnUpAnimalStep, TurnUpQuestStep)
        ):
            raise invalid(
                "position.steps",
                text("the chief's turn is its scheme card turned up, then a card it turns up"),
                "/steps",
            )
    else:
        for k, step in enumerate(steps):
            if isinstance(step, DrawSchemeStep):
                raise bad(k, text("a scheme card is turned up in the chief's turn"))
    seat = 0 if p.turn == "chief" else p.turn
    me = s.players[seat]
    record = p.this_turn
    r = p.raid
    chance = (DrawCrewStep, TurnUpAnimalStep)
    if p.turn != "chief":
        if any(isinstance(x, DiscardStep) for x in steps):
            if len(steps) != 1 or r is not None:
                raise bad(0, text("the hand is discarded down to 8 at the end of the turn, alone"))
            if len(me.hand) <= 8:
                raise bad(0, text("a hand of 8 cards or fewer keeps them all"))
        elif r is not None:
            _raid_steps(p, s, t, kinds, order)
        elif record.placed is not None:
            j = 0
            if j < len(kinds) and isinstance(kinds[j], PickUpStep):
                if me.worker is not None:
                    raise bad(order[j], text("the seat picks up a worker while its own is placed"))
                j += 1
            elif me.worker is None:
                raise invalid(
                    "position.steps",
                    text("a seat whose worker is placed picks one up («ДЕРЕВНЯ»)"),
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
                        text(
                            "in the village a pick-up, then one decision, then cards drawn are under "
                            "way"
                        ),
                    )
        else:
            j = 0
            if j < len(kinds) and isinstance(kinds[j], TurnUpQuestStep):
                j += 1
            for k in range(j, len(kinds)):
                if not isinstance(kinds[k], DrawCrewStep):
                    raise bad(
                        order[k],
                        text(
                            "after a raid only its quest turned up and crew cards drawn are under way"
                        ),
                    )
    for k, step in enumerate(steps):
        if isinstance(step, TurnUpQuestStep):
            i = t.space_index[step.space]
            space = s.spaces[i]
            region = t.settlements[t.space_settlement[i]].region
            if not space.in_use or not space.raided or space.quest is not None:
                raise bad(
                    k, text("the quest under a raid space is turned up as it is raided"), "/space"
                )
            if not t.regions[region].quests:
                raise bad(
                    k, text("{region} has no quests under its raid spaces", region=region), "/space"
                )


def _raid_steps(
    p: RaidersPosition, s: State, t: Tables, kinds: list[Step], order: list[int]
) -> None:
    r = p.raid
    assert r is not None
    if r.score is None:
        if kinds:
            raise invalid(
                "position.steps",
                text("before the strength is totalled the raid says it all"),
                "/steps",
            )
        return
    j = 0
    if kinds and isinstance(kinds[0], ChooseSpaceStep):
        k = t.settlement_index[r.settlement]
        if sum(1 for i in t.settlement_spaces[k] if s.spaces[i].open()) < 2:
            raise invalid(
                "position.steps",
                text("the raider chooses between 2 remaining raid spaces; the last one is taken"),
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
            raise invalid(
                "position.steps",
                text("in a raid the wounds, crew cards drawn and the raid space are under way"),
                f"/steps/{order[k]}",
            )
        if isinstance(step, WoundsStep):
            wounds += 1
            if wounds > 1 or not 1 <= step.left <= (r.score.wounds if r.score else 0):
                raise invalid(
                    "position.steps",
                    text("the wounds left to place are at most the raid's"),
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
            raise invalid(
                "position.steps",
                text("no blue worker uses the Stables or the Chief's Tent"),
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
            raise invalid(
                "position.steps",
                text(
                    "a building's action is done with the worker placed there, picked up from "
                    "there, or the Town Centre's"
                ),
                f"{at}/source",
            )
    elif isinstance(step, ChooseBuildingStep):
        if not town_centre_worker(step.worker):
            raise invalid(
                "position.steps",
                text("the building is used with the Town Centre worker"),
                f"{at}/worker",
            )
    elif isinstance(step, HealStep):
        wounds = sum(slot.wounds for slot in me.slots)
        if not 1 <= step.left <= wounds:
            raise invalid(
                "position.steps",
                text("wounds are removed from the seat's wounded crew"),
                f"{at}/left",
            )
    elif isinstance(step, SellStep):
        if not 1 <= step.left <= len(me.hand):
            raise invalid("position.steps", text("the cards are sold from the hand"), f"{at}/left")
    elif isinstance(step, PayQuestStep):
        if step.quest not in buildings.face_up_quests(s):
            raise invalid(
                "position.steps",
                text("the quest completed lies face up on the board"),
                f"{at}/quest",
            )
        if step.paid >= (t.quests[step.quest].discard_strength or 0):
            raise invalid(
                "position.steps",
                text("the quest is complete once the strength is paid"),
                f"{at}/paid",
            )


def _check_spaces(p: RaidersPosition, t: Tables) -> None:
    n = len(p.players)
    for k, (i, sp) in enumerate(zip(in_use(t, n), p.spaces, strict=True)):
        region = t.settlements[t.space_settlement[i]].region
        has = t.regions[region].quests
        if sp.face_down_quest != (has and not sp.raided):
            raise invalid(
                "position.quest",
                text(
                    "a face-down quest lies under each raid space of a region with quests until "
                    "it is raided"
                ),
                f"/spaces/{k}/face_down_quest",
            )
        if sp.quest is not None and not sp.raided:
            raise invalid(
                "position.quest",
                text("the quest under a raid space is turned face up as it is raided"),
                f"/spaces/{k}/quest",
            )


def _check_chief(p: RaidersPosition, c: ChiefPosition, t: Tables) -> None:
    seen: set[str] = set()
    for j, card in enumerate(c.schemes):
        at = f"/chief/schemes/{j}"
        if card not in t.schemes:
            raise invalid(
                "state.unknown_card", text("{card} is no scheme card", card=repr(card)), at
            )
        if card in seen:
            raise invalid(
                "state.card_twice", text("{card} lies in two places", card=repr(card)), at
            )
        seen.add(card)
    if c.schemes:
        if c.blocked != t.schemes[c.schemes[-1]].blocked:
            raise invalid(
                "position.blocked",
                text("the building blocked is the top scheme card's"),
                "/chief/blocked",
            )
    elif c.blocked is not None and p.turn != "chief":
        raise invalid(
            "position.blocked",
            text("no scheme card is turned up yet: nothing is blocked"),
            "/chief/blocked",
        )


def check_settled(p: RaidersPosition, s: State, t: Tables) -> None:
    """The rules have nothing to do by themselves from the state: it waits for a decision that
    has something to decide, or for chance, or the game is over."""
    try:
        after = flow.advance(s, t, [])
    except (AssertionError, IndexError, KeyError, ValueError):
        after = None
    if after != s:
        pointer = "/steps/0" if p.steps else "/raid" if p.raid is not None else "/turn"
        raise invalid(
            "position.unsettled",
            text(
                "nothing waits to be decided here: the rules would go on by themselves (a decision "
                "with no choice, a raid to score, a turn to end, a deck to reshuffle)"
            ),
            pointer,
        )
