"""The tables and numbers of the rules (v1.1), as printed: prices, buildings, sciences, the hero
table by player count, dice thresholds and points. Ids are the project's; names the text's."""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

#: «Постройки» (phase 4) -- the buildings of a capital.
Building: TypeAlias = Literal[
    "range",  # Стрельбище
    "stable",  # Конюшня
    "shipyard",  # Верфь
    "armoury",  # Оружейный цех
    "archery_workshop",  # Стрелковый цех
    "admiralty",  # Адмиралтейство
    "mill",  # Мельница
    "treasury",  # Казначейство (= «Рынок» of the science table, C1)
    "academy",  # Академия
    "spy_centre",  # Секретная служба (= «Центр шпионажа», C2)
]
BUILDINGS: tuple[Building, ...] = (
    "range",
    "stable",
    "shipyard",
    "armoury",
    "archery_workshop",
    "admiralty",
    "mill",
    "treasury",
    "academy",
    "spy_centre",
)
#: Table 2, «Стоимость» in $ («уплатив нужное количество золота»; C9).
BUILDING_COST: Final[dict[Building, int]] = {
    "range": 5,
    "stable": 5,
    "shipyard": 5,
    "armoury": 20,
    "archery_workshop": 20,
    "admiralty": 20,
    "mill": 15,
    "treasury": 15,
    "academy": 10,
    "spy_centre": 10,
}
BUILDING_NAMES_RU: Final[dict[Building, str]] = {
    "range": "Стрельбище",
    "stable": "Конюшня",
    "shipyard": "Верфь",
    "armoury": "Оружейный цех",
    "archery_workshop": "Стрелковый цех",
    "admiralty": "Адмиралтейство",
    "mill": "Мельница",
    "treasury": "Казначейство",
    "academy": "Академия",
    "spy_centre": "Секретная служба",
}

#: «Науки» (phase 5): 5 basic, then 5 advanced.
Science: TypeAlias = Literal[
    "archery",  # Стрельба из лука
    "riding",  # Верховая езда
    "seafaring",  # Мореплавание
    "pottery",  # Гончарное дело
    "writing",  # Письменность
    "longbow",  # Длинный лук
    "warfare",  # Военное дело
    "navigation",  # Навигация
    "coinage",  # Чеканка монет
    "espionage",  # Шпионаж
]
BASIC: tuple[Science, ...] = ("archery", "riding", "seafaring", "pottery", "writing")
ADVANCED: tuple[Science, ...] = ("longbow", "warfare", "navigation", "coinage", "espionage")
SCIENCES: tuple[Science, ...] = (*BASIC, *ADVANCED)
#: «позволяет строить»: the building each science unlocks (Q20).
UNLOCKS: Final[dict[Science, Building]] = {
    "archery": "range",
    "riding": "stable",
    "seafaring": "shipyard",
    "pottery": "mill",
    "writing": "academy",
    "longbow": "archery_workshop",
    "warfare": "armoury",
    "navigation": "admiralty",
    "coinage": "treasury",
    "espionage": "spy_centre",
}
SCIENCE_OF: Final[dict[Building, Science]] = {b: s for s, b in UNLOCKS.items()}

#: «Выбор государств»: each player gets 5 ₣, 5 $, 2 VP and 1 fortress in the capital.
START_FOOD = 5
START_MONEY = 5
START_VP = 2
#: «В столице»: 1 ₣ an infantryman or archer, 2 ₣ a horseman.
CAPITAL_PRICE: Final[dict[str, int]] = {"infantry": 1, "archers": 1, "cavalry": 2}
#: «Постройка флота»: 2 ₣ and 2 $ a ship.
SHIP_FOOD = 2
SHIP_MONEY = 2
#: «Проверка на прочность»: a sea of class 6 is closed to ships («недоступно для кораблей»).
CLOSED_SEA = 6
#: «Крепость»: 5 ₣ + 5 $, at most 3 in a province.
FORTRESS_FOOD = 5
FORTRESS_MONEY = 5
MAX_FORTRESSES = 3
#: «Мельница +3 ₣ за ход», «Казначейство +3 $ за ход».
MILL_FOOD = 3
TREASURY_MONEY = 3
#: «одно очко победы за 10 ₣ и 10 $».
VP_FOOD = 10
VP_MONEY = 10
#: «Сделки сроком не более чем на 5 ходов».
MAX_DEAL = 5
#: «Игра оканчивается после 25 ходов».
TURNS = 25
#: «Заплатив 10 $» (assassination, sabotage).
MISSION_MONEY = 10
#: «После битвы в нейтральной провинции победитель может заплатить 1 $».
NEUTRAL_AFTER_BATTLE = 1

#: Table 1: for each number of players, the heroes born and dying for each D6 face 1..6.
BIRTHS: Final[dict[int, tuple[int, ...]]] = {
    2: (0, 0, 1, 1, 1, 2),
    3: (0, 0, 1, 1, 2, 2),
    4: (0, 1, 1, 2, 2, 3),
    5: (0, 1, 2, 2, 2, 3),
    6: (0, 1, 2, 2, 3, 4),
}
DEATHS: Final[dict[int, tuple[int, ...]]] = {
    2: (0, 0, 0, 0, 1, 1),
    3: (0, 0, 0, 0, 1, 2),
    4: (0, 0, 0, 1, 1, 2),
    5: (0, 0, 1, 1, 1, 2),
    6: (0, 0, 1, 1, 2, 2),
}

#: Hits: «5..6 на D6», «4..6» with the matching building.
HIT = 5
HIT_WITH_BUILDING = 4
#: Battle points: 1 a warrior knocked out, +2 a broken flank, +3 a captured general.
POINTS_WARRIOR = 1
POINTS_FLANK = 2
POINTS_GENERAL = 3
#: Captured general: 1-2 killed, 3-5 prisoner, 6 joins.
FATE_KILLED = (1, 2)
FATE_JOINS = 6
#: Assassination success from: no spy centre 2, spy centre 4, counter-intelligence 6.
ASSASSINATION_FROM = (2, 4, 6)
#: Sabotage success from: no administrator 2, administrator 4.
SABOTAGE_FROM = (2, 4)
