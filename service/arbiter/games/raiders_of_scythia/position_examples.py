"""Worked positions of Raiders of Scythia (:mod:`.position`), the rulebook's examples first.

They use the default content pack's cards. Another seat's hand is given as a count, as a table
shows it; :meth:`~.game.RaidersOfScythia.state_of` deals it, and the crew deck, from the crew cards
the pack leaves. The plunder on the raid spaces not raided is what the bag gave them at setup
(the pack's count on each); the supply holds the rest of the bag's 14 gold, 20 equipment,
20 wagons and 26 livestock.
"""

from __future__ import annotations

from typing import Any

from arbiter.games.raiders_of_scythia.position import (
    ChiefPosition,
    DrawSchemeStep,
    HandPosition,
    RaidersPosition,
    SeatPosition,
    SpacePosition,
    StockPosition,
)
from arbiter.games.raiders_of_scythia.state import Plunder, Slot, Spot, Village


def _plunder(gold: int = 0, equipment: int = 0, wagons: int = 0, livestock: int = 0) -> Plunder:
    return Plunder(gold=gold, equipment=equipment, wagons=wagons, livestock=livestock)


#: The raid spaces in use with fewer than 4 players, not raided: (id, worker, plunder drawn).
_OPEN: dict[str, tuple[Any, Plunder]] = {
    "cimmeria-west-left": ("grey", _plunder(equipment=1, livestock=1)),
    "cimmeria-west-right": ("grey", _plunder(wagons=1, livestock=1)),
    "cimmeria-centre-left": ("grey", _plunder(gold=1, livestock=1)),
    "cimmeria-centre-right": ("red", _plunder(equipment=1, wagons=1, livestock=1)),
    "cimmeria-east-left": ("red", _plunder(gold=1, wagons=1, livestock=1)),
    "assyria-west-left": ("grey", _plunder(equipment=1, livestock=1)),
    "assyria-west-right": ("grey", _plunder(gold=1, equipment=1, wagons=1)),
    "assyria-centre-left": ("grey", _plunder(wagons=1, livestock=2)),
    "assyria-centre-right": ("red", _plunder(gold=1, equipment=1, livestock=1)),
    "assyria-east-left": ("red", _plunder(equipment=1, wagons=1, livestock=1)),
    "persia-west-left": ("grey", _plunder(gold=1, wagons=1, livestock=1)),
    "persia-west-right": ("red", _plunder(equipment=2, livestock=1)),
    "persia-central-left": ("red", _plunder(gold=1, equipment=1, wagons=1)),
    "persia-central-right": ("grey", _plunder(wagons=2, livestock=1)),
    "greece-west-left": ("grey", _plunder(gold=1, equipment=1, wagons=1, livestock=1)),
    "greece-west-right": ("red", _plunder(gold=2)),
    "greece-east-left": ("red", _plunder(gold=2, equipment=1, wagons=1)),
}
#: The regions whose raid spaces hide a quest («Греция» has none).
_QUESTS = ("cimmeria", "assyria", "persia")


def _space(space: str, raided: bool = False, quest: str | None = None) -> SpacePosition:
    if raided:
        return SpacePosition(id=space, raided=True, quest=quest)
    worker, plunder = _OPEN[space]
    return SpacePosition(
        id=space,
        plunder=plunder,
        worker=worker,
        face_down_quest=space.split("-")[0] in _QUESTS,
    )


def _spaces(raided: dict[str, str | None]) -> tuple[SpacePosition, ...]:
    """Every raid space in use below 4 players; ``raided``: those raided, with the quest face up
    on them (``None``: taken, or none)."""
    return tuple(_space(space, space in raided, raided.get(space)) for space in _OPEN)


#: «ПРИМЕР НАБЕГА» (RU; PL «PRZYKŁADOWY NAJAZD»): it is Purple's turn (seat 0, 2 players). Purple
#: holds a grey worker, 2 provisions, 2 wagons and 3 kumis. Its slots 2-5 hold the Tyrant, the
#: Adventurer, the Gravedigger (strength 0) and the Strongman -- the 4 crew members the Greek
#: settlement asks -- with horses of 3, 2 and 2 strength: crew and equipped animals make 16; the
#: eagle above the empty slot 1 is equipped to nobody and does not count. In the western Greek
#: settlement (grey or red workers, 2 provisions, 2 wagons) the left raid space is raided (seat 1's
#: worker on its spot); the right one holds 2 gold and a red worker. Raiding it with 3 kumis, dice
#: of 8 strength and 6 wounds (2 red, 2 white, 1 yellow for the gold) and the Tyrant's +3 in
#: Greece make 30 strength: 7 VP; the Strongman takes 2 wounds off: 4 to place.
GREEK_RAID = RaidersPosition(
    players=(
        SeatPosition(
            hero="tomyris",
            vp=9,
            stock=StockPosition(silver=2, provisions=2, kumis=3, wagons=2),
            worker="grey",
            slots=(
                Slot(eagle="animal-16"),
                Slot(crew="tyrant-1", horse="animal-07"),
                Slot(crew="adventurer-1", horse="animal-03"),
                Slot(crew="gravedigger-1"),
                Slot(crew="strongman-1", horse="animal-06"),
            ),
            hand=HandPosition(cards=("merchant-1", "veteran-1")),
        ),
        SeatPosition(
            hero="anacharsis",
            vp=12,
            stock=StockPosition(silver=5, provisions=3, kumis=1, gold=1, livestock=2),
            worker="grey",
            slots=(
                Slot(crew="spearman-1"),
                Slot(crew="shieldmaiden-1", wounds=1),
                Slot(crew="captain-1", eagle="animal-01"),
                Slot(crew="envoy-1"),
                Slot(),
            ),
            hand=HandPosition(unknown=4),
            quests=("quest-02",),
        ),
    ),
    turn=0,
    village=Village(silversmith="red", town_centre="blue", meeting_tent=None, market="blue"),
    village_quests=("quest-01", "quest-03"),
    spaces=_spaces({"greece-west-left": None, "cimmeria-west-right": None}),
    spots={
        "greece-west": (Spot(seat=1, worker="red"),),
        "cimmeria-west": (Spot(seat=1, worker="blue"),),
    },
    supply=_plunder(gold=3, equipment=10, wagons=8, livestock=12),
    animal_display=("animal-10", "animal-12", "animal-22"),
    animal_discard=("animal-05",),
    crew_deck=56,
    crew_discard=("merchant-2", "berserker-1", "healer-1", "steward-1", "seer-1", "heir-1"),
)

#: «ОДИНОЧНАЯ ИГРА», the chief's raid on Assyria: the chief is the Lookout (strength 1) with
#: horses of 2, 1 and 1 strength and 4 provisions; the last scheme card (the Farm blocked) lies
#: on the discard pile and the next is being turned up. Scheme card 2 (Assyria, the 3rd raid space
#: from the left, 3 provisions, 3 strength, 7 VP) sends it to the central Assyrian settlement's
#: left space: its plunder goes to the supply, its quest is turned up, it pays 3 provisions and
#: discards the 2-strength horse only, and scores 7 VP.
SOLO_CHIEF = RaidersPosition(
    players=(
        SeatPosition(
            hero="vadasz",
            vp=6,
            stock=StockPosition(silver=4, provisions=3, kumis=2, equipment=1, livestock=1),
            worker="blue",
            slots=(
                Slot(crew="horse-breeder-1", horse="animal-14"),
                Slot(crew="warmonger-1"),
                Slot(),
                Slot(),
                Slot(),
            ),
            hand=HandPosition(cards=("wagoner-1", "falconer-1", "outcast-1")),
            quests=("quest-04",),
        ),
    ),
    turn="chief",
    village_quests=("quest-01", None),
    spaces=_spaces({"cimmeria-west-left": None, "persia-west-left": "quest-06"}),
    spots={"cimmeria-west": (Spot(seat=0, worker="blue"),)},
    supply=_plunder(gold=4, equipment=9, wagons=9, livestock=13),
    animal_display=("animal-08", "animal-20", "animal-31"),
    animal_discard=("animal-02",),
    crew_deck=68,
    crew_discard=("merchant-1", "spearman-2"),
    chief=ChiefPosition(
        level="lookout",
        vp=9,
        provisions=4,
        horses=("animal-04", "animal-01", "animal-24"),
        quests=("quest-05",),
        schemes=("scheme-05",),
        blocked="farm",
    ),
    steps=(DrawSchemeStep(),),
)


def position_examples() -> list[tuple[str, Any]]:
    return [
        ("«ПРИМЕР НАБЕГА»: the Greek raid, before it (2 players)", GREEK_RAID),
        ("«ОДИНОЧНАЯ ИГРА»: the chief's turn, its scheme card to turn up (solo)", SOLO_CHIEF),
    ]
