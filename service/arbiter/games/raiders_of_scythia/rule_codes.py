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
)

RULE_CODES: tuple[RuleCode, ...] = (
    *(
        codes.move(rule, _SECTIONS[rule][0], _SECTIONS[rule][1], message)
        for rule, message in MESSAGES.items()
    ),
    *(codes.state(rule, section, "", text) for rule, section, text in _STATE),
    *CONTENT_CODES,
)
