"""Every rule code Raiders of Scythia refuses with, and the rulebook section it enforces
(headings of the Russian rulebook «Всадники Скифии», as printed)."""

from __future__ import annotations

from arbiter.core import RuleCode
from arbiter.core.types import RuleCodes
from arbiter.games.raiders_of_scythia.content_checks import CONTENT_CODES
from arbiter.games.raiders_of_scythia.legality import MESSAGES

codes = RuleCodes("raiders-of-scythia")

#: The section of each move code.
_SECTIONS: dict[str, tuple[str, str]] = {
    "decision": ("ХОД ИГРЫ", ""),
    "chance.outcome": ("ПОДГОТОВКА К ИГРЕ", ""),
    "work.occupied": ("ДЕРЕВНЯ", ""),
    "work.worker": ("ДЕРЕВНЯ", ""),
    "work.blocked": ("ОДИНОЧНАЯ ИГРА. ЗАБЛОКИРОВАННЫЕ ЗДАНИЯ", ""),
    "pick_up.not_there": ("ДЕРЕВНЯ", ""),
    "pick_up.blocked": ("ОДИНОЧНАЯ ИГРА. ЗАБЛОКИРОВАННЫЕ ЗДАНИЯ", ""),
    "raid.unknown": ("НАБЕГ", ""),
    "raid.no_space": ("НАБЕГ", ""),
    "raid.worker": ("НАБЕГ", ""),
    "raid.crew": ("НАБЕГ", ""),
    "raid.provisions": ("НАБЕГ", ""),
    "raid.wagons": ("НАБЕГ", ""),
    "action.other_building": ("ДЕРЕВНЯ", ""),
    "stables.not_shown": ("КОНЮШНЯ", ""),
    "stables.silver": ("КОНЮШНЯ", ""),
    "stables.equipment": ("КОНЮШНЯ", ""),
    "barracks.not_in_hand": ("КАЗАРМА", ""),
    "barracks.silver": ("КАЗАРМА", ""),
    "barracks.heal": ("КАЗАРМА", ""),
    "farm.wagon": ("ФЕРМА", ""),
    "chiefs_tent.livestock": ("ШАТЁР ВОЖДЯ", ""),
    "chiefs_tent.not_face_up": ("ШАТЁР ВОЖДЯ", ""),
    "chiefs_tent.cannot_pay": ("ШАТЁР ВОЖДЯ", ""),
    "town_centre.not_in_hand": ("ЦЕНТР", ""),
    "town_centre.no_play": ("ЦЕНТР", ""),
    "town_centre.unplayable": ("ИГРОВЫЕ ТЕРМИНЫ", "Потратьте (одно), чтобы взять (другое)"),
    "town_centre.used": ("ИГРОВЫЕ ТЕРМИНЫ", "Выполнить другое действие «Центра»"),
    "town_centre.no_eagle": ("ЦЕНТР", ""),
    "market.hand": ("БАЗАР", ""),
    "market.supply": ("БАЗАР", ""),
    "illegal": ("ХОД ИГРЫ", ""),
}

_STATE: tuple[tuple[str, str, str], ...] = (
    ("state.spaces", "ПОДГОТОВКА К ИГРЕ", "the raid spaces are the pack's"),
    ("state.spots", "НАБЕГ", "workers stay on a settlement's worker spots, one a raided space"),
    ("state.chief", "ОДИНОЧНАЯ ИГРА", "the chief plays in solo games only"),
    ("state.unknown_card", "СОСТАВ ИГРЫ", "every card is a card of the pack"),
    ("state.card_twice", "СОСТАВ ИГРЫ", "every card lies in one place"),
    ("state.wounds", "РАНЕНИЯ", "a crew member holds at most its strength in wounds"),
    ("state.quests", "ПОДГОТОВКА К ИГРЕ", "one face-down quest under each raid space that has one"),
    ("state.plunder", "СОСТАВ ИГРЫ", "14 gold, 20 equipment, 20 wagons, 26 livestock in all"),
    ("state.raided", "НАБЕГ", "a raided space keeps no plunder, worker or face-down quest"),
    ("state.unused", "ПОДГОТОВКА К ИГРЕ", "a raid space not used at this player count is empty"),
    ("state.village", "ДЕРЕВНЯ", "no blue worker on the Stables or the Chief's Tent"),
    ("state.workers", "ХОД ИГРЫ", "every player holds a worker but the one acting"),
    ("state.hero", "ПОДГОТОВКА К ИГРЕ", "every seat has its own hero once the draft is over"),
    (
        "state.space_worker",
        "ПОДГОТОВКА К ИГРЕ",
        "a raid space not raided shows the worker the pack puts above it",
    ),
    (
        "state.space_plunder",
        "ПОДГОТОВКА К ИГРЕ",
        "a raid space not raided holds the plunder drawn onto it at setup",
    ),
    ("state.limits", "ХОД ИГРЫ", "at most 8 silver, provisions, kumis and cards after a turn"),
    ("state.display", "КОНЮШНЯ", "the animal display has 3 positions"),
    (
        "state.raid",
        "НАБЕГ",
        "a raid under way is on a settlement with a raid space left, its worker on the last spot",
    ),
    ("state.dice", "БРОСОК КУБИКОВ", "a raid rolls its settlement's dice, each showing a face"),
)

#: Positions from a table (:mod:`.positions`): what a position may not show.
_POSITION: tuple[tuple[str, str, str], ...] = (
    ("position.turn", "ХОД ИГРЫ", "the turn is a seat's, or the chief's in solo play"),
    (
        "position.end",
        "КОНЕЦ ИГРЫ",
        "the end is triggered with 2 raid spaces or 2 quests left; then one turn each",
    ),
    ("position.spaces", "ПОДГОТОВКА К ИГРЕ", "the raid spaces in use, in the pack's order"),
    ("position.spots", "НАБЕГ", "workers stand on the worker spots of the pack's settlements"),
    (
        "position.quest",
        "ПОДГОТОВКА К ИГРЕ",
        "a face-down quest under each raid space of a region with quests until it is raided",
    ),
    (
        "position.unknown_cards",
        "СОСТАВ ИГРЫ",
        "the crew cards of hands given as counts and of the crew deck are those named nowhere",
    ),
    ("position.display", "КОНЮШНЯ", "an empty display position is refilled at once"),
    ("position.blocked", "ОДИНОЧНАЯ ИГРА", "the building blocked is the top scheme card's"),
    ("position.this_turn", "ДЕРЕВНЯ", "what a turn did is consistent with the village"),
    ("position.raid", "НАБЕГ", "a raid goes kumis, dice, rerolls, strength, wounds, space"),
    (
        "position.steps",
        "ХОД ИГРЫ",
        "the steps under way are what a turn can leave: pick-up, one decision, cards drawn",
    ),
    (
        "position.unsettled",
        "ХОД ИГРЫ",
        "a position waits for a decision with a choice, or for chance",
    ),
    (
        "position.unexpressible",
        "ПОДГОТОВКА К ИГРЕ",
        "a state of the setup has no position: the table is not laid out yet",
    ),
)

RULE_CODES: tuple[RuleCode, ...] = (
    *(
        codes.move(rule, _SECTIONS[rule][0], _SECTIONS[rule][1], str(message))
        for rule, message in MESSAGES.items()
    ),
    *(codes.state(rule, section, "", text) for rule, section, text in _STATE),
    *(codes.position(rule, section, "", text) for rule, section, text in _POSITION),
    *CONTENT_CODES,
)
