"""Why a move is refused: the most specific rule code that applies, with its reason.

Every code is listed in :data:`.rule_codes.RULE_CODES` with the rulebook section it enforces.
"""

from __future__ import annotations

from typing import Any

from arbiter.core import IllegalMove
from arbiter.core.texts import Text, term, text
from arbiter.games.raiders_of_scythia import buildings, raid, turns
from arbiter.games.raiders_of_scythia.common import State
from arbiter.games.raiders_of_scythia.content import BUILDINGS
from arbiter.games.raiders_of_scythia.flow import decision_moves
from arbiter.games.raiders_of_scythia.moves import (
    CompleteQuest,
    DrawCard,
    EagleAbility,
    Heal,
    HeroAbility,
    Hire,
    PickUp,
    PlacePlunder,
    PlayCard,
    Raid,
    RollDie,
    SellOne,
    SellTwo,
    StartPlayer,
    TakeEagle,
    TakeHorse,
    TakeWagon,
    TradeLivestock,
    Work,
)
from arbiter.games.raiders_of_scythia.state import BuildingAction, ChoosePickUp, ChooseTurn
from arbiter.games.raiders_of_scythia.tables import Tables

GAME = "raiders-of-scythia"

MESSAGES: dict[str, Text] = {
    "decision": text("the decision now is another one"),
    "chance.outcome": text("that is not an outcome of the pending chance decision"),
    "work.occupied": text(
        "a building with a worker on it is not available («если в нём нет других рабочих»)"
    ),
    "work.worker": text("Stables and the Chief's Tent take only grey and red workers"),
    "work.blocked": text("the building the last scheme card shows is blocked this turn"),
    "pick_up.not_there": text(
        "pick up one of the workers that were in the village when the turn began"
    ),
    "pick_up.blocked": text("the building the last scheme card shows is blocked this turn"),
    "raid.unknown": text("no such settlement"),
    "raid.no_space": text("every raid space of this settlement has been raided"),
    "raid.worker": text("this settlement does not take a worker of your colour"),
    "raid.crew": text("you have fewer crew members than this settlement asks"),
    "raid.provisions": text("you have fewer provisions than this raid costs"),
    "raid.wagons": text("you have fewer wagons than this raid costs"),
    "action.other_building": text("this move is the action of another building"),
    "stables.not_shown": text("that animal card is not in the display"),
    "stables.silver": text("an eagle costs 2 silver"),
    "stables.equipment": text("a horse costs 1 equipment"),
    "barracks.not_in_hand": text("you can hire only a card from your hand"),
    "barracks.silver": text("you have less silver than the card's hire cost"),
    "barracks.heal": text("healing needs 1 kumis and a wounded crew member"),
    "farm.wagon": text("only a red worker may take a wagon, and only while wagons are left"),
    "chiefs_tent.livestock": text("you have no livestock"),
    "chiefs_tent.not_face_up": text("only face-up quests on the board can be completed"),
    "chiefs_tent.cannot_pay": text("you cannot pay this quest"),
    "town_centre.not_in_hand": text("you can play only a card from your hand"),
    "town_centre.no_play": text("this card has no Play ability"),
    "town_centre.unplayable": text(
        "you cannot pay what this ability costs («Потратьте ... чтобы взять»)"
    ),
    "town_centre.used": text("a hero's or an eagle's ability is used at most once a turn"),
    "town_centre.no_eagle": text(
        "only an enabling eagle above a hired crew member with a Play ability"
    ),
    "market.hand": text("you do not have enough cards in hand"),
    "market.supply": text("no token of that kind is left in the supply"),
    "illegal": text("this move is not among the legal moves now"),
}


#: The buildings as a move names them (their ids: the English detail is the id as sent), said in
#: other languages by the rulebook's name.
_BUILDING_IDS: dict[str, Text] = {
    "stables": term("stables"),
    "barracks": term("barracks"),
    "silversmith": term("silversmith"),
    "farm": term("farm"),
    "chiefs_tent": term("chiefs_tent"),
    "town_centre": term("town_centre"),
    "meeting_tent": term("meeting_tent"),
    "market": term("market"),
}


def _building(building: str) -> str:
    """A building id a move names: the building's term, or the id as sent if it is none."""
    return _BUILDING_IDS.get(building, building)


def _refuse(rule: str, detail: str = "") -> IllegalMove:
    """The refusal ``rule`` with its reason; ``detail`` (a text, or an id the move names) after
    a colon."""
    message = MESSAGES[rule]
    if detail:
        message = text("{message}: {detail}", message=message, detail=detail)
    return IllegalMove(f"{GAME}.{rule}", message)


def _building_of(move: Any) -> str | None:
    kinds: dict[str, tuple[type, ...]] = {
        "stables": (TakeEagle, TakeHorse),
        "barracks": (Hire, Heal),
        "farm": (TakeWagon,),
        "chiefs_tent": (TradeLivestock, CompleteQuest),
        "town_centre": (PlayCard, HeroAbility, EagleAbility),
        "market": (SellOne, SellTwo),
    }
    for building, types in kinds.items():
        if isinstance(move, types):
            return building
    return None


def _building_refusal(s: State, t: Tables, task: BuildingAction, move: Any) -> IllegalMove:
    seat = task.seat
    p = s.players[seat]
    wanted = _building_of(move)
    if wanted is not None and wanted != task.building:
        return _refuse(
            "action.other_building",
            text("this is the {building}", building=_building(task.building)),
        )
    if isinstance(move, (TakeEagle, TakeHorse)):
        if move.card not in s.animal_display:
            return _refuse("stables.not_shown", move.card)
        if isinstance(move, TakeEagle):
            return _refuse("stables.silver")
        return _refuse("stables.equipment")
    if isinstance(move, Hire):
        if move.card not in p.hand:
            return _refuse("barracks.not_in_hand", move.card)
        return _refuse("barracks.silver")
    if isinstance(move, Heal):
        return _refuse("barracks.heal")
    if isinstance(move, TakeWagon):
        return _refuse("farm.wagon")
    if isinstance(move, TradeLivestock):
        return _refuse("chiefs_tent.livestock")
    if isinstance(move, CompleteQuest):
        if move.quest not in buildings.face_up_quests(s):
            return _refuse("chiefs_tent.not_face_up", move.quest)
        return _refuse("chiefs_tent.cannot_pay", move.quest)
    if isinstance(move, PlayCard):
        if move.card not in p.hand:
            return _refuse("town_centre.not_in_hand", move.card)
        if t.crew[move.card].play is None:
            return _refuse("town_centre.no_play", move.card)
        return _refuse("town_centre.unplayable", move.card)
    if isinstance(move, HeroAbility):
        if s.turn.hero_used:
            return _refuse("town_centre.used")
        return _refuse("town_centre.unplayable")
    if isinstance(move, EagleAbility):
        if move.slot in s.turn.eagles_used:
            return _refuse("town_centre.used")
        slot = p.slots[move.slot]
        if slot.eagle is None or slot.crew is None or t.animals[slot.eagle].eagle.kind != "enable":
            return _refuse("town_centre.no_eagle")
        play = t.crew[slot.crew].play
        if play is None:
            return _refuse("town_centre.no_eagle")
        return _refuse("town_centre.unplayable")
    if isinstance(move, (SellOne, SellTwo)):
        need = 1 if isinstance(move, SellOne) else 2
        if len(p.hand) < need:
            return _refuse("market.hand")
        return _refuse("market.supply")
    return _refuse("illegal")


def explain(s: State, t: Tables, move: Any) -> IllegalMove:
    building = getattr(move, "building", None)
    if building is not None and building not in BUILDINGS:
        return _refuse("illegal", text("no building {building}", building=repr(building)))
    try:
        return _explain(s, t, move)
    except (LookupError, ValueError, AttributeError):
        # A move naming what is not on the table (an unknown card, a slot out of range).
        return _refuse("illegal", text("it names what is not on the table"))


def _explain(s: State, t: Tables, move: Any) -> IllegalMove:
    if isinstance(move, (DrawCard, PlacePlunder, StartPlayer, RollDie)):
        return _refuse("chance.outcome")
    if not s.pending:
        return _refuse("illegal")
    task = s.pending[-1]
    if isinstance(task, ChooseTurn):
        if isinstance(move, Work):
            rule = turns.work_refusal(s, task.seat, move.building)
            return _refuse(rule or "illegal", _building(move.building))
        if isinstance(move, Raid):
            index = t.settlement_index.get(move.settlement)
            if index is None:
                return _refuse("raid.unknown", move.settlement)
            rule = raid.refusal(s, t, task.seat, index)
            return _refuse(rule or "illegal", move.settlement)
    if isinstance(task, ChoosePickUp) and isinstance(move, PickUp):
        rule = turns.pick_up_refusal(s, move.building)
        return _refuse(rule or "illegal", _building(move.building))
    if isinstance(task, BuildingAction) and type(move) in {
        type(m) for m in decision_moves(s, t, task)
    } | {
        TakeEagle,
        TakeHorse,
        Hire,
        Heal,
        TakeWagon,
        TradeLivestock,
        CompleteQuest,
        PlayCard,
        HeroAbility,
        EagleAbility,
        SellOne,
        SellTwo,
    }:
        return _building_refusal(s, t, task, move)
    legal = decision_moves(s, t, task)
    if any(type(m) is type(move) for m in legal):
        return _refuse("illegal", text("not one of the choices offered"))
    return _refuse("decision", text("now: {step}", step=task.__struct_config__.tag))
