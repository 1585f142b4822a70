"""Sanity checks of a Raiders of Scythia content pack: what a pack must satisfy to be playable.

A pack that decodes (:class:`~.content.RaidersContent`, every bound checked by msgspec) may still
describe a board the rules cannot play: a settlement nobody can ever raid with the starting blue
worker, more plunder icons than the bag holds, more raid-space workers of a colour than the box
has, a scheme card aiming at a raid space the solo board lacks. :func:`check_content` refuses
those with :class:`~arbiter.core.InvalidState`, a code ``raiders-of-scythia.content.<rule>`` and a
JSON pointer into the pack. :data:`CONTENT_CODES` lists every code with the section of the Russian
rulebook («Всадники Скифии») it protects, headings as printed.

The component counts the checks lean on are the rulebook's («СОСТАВ ИГРЫ»): 31 workers (7 blue,
11 grey, 13 red), 14 gold + 20 equipment + 20 wagons + 26 livestock in the bag, 26 quests.
"""

from __future__ import annotations

from collections.abc import Iterator

from arbiter.core import InvalidState, RuleCode
from arbiter.core.provenance import check_labels
from arbiter.core.texts import Text, term, text
from arbiter.core.types import RuleCodes
from arbiter.games.raiders_of_scythia.content import (
    CHIEF_LEVELS,
    REGIONS,
    Dice,
    Items,
    RaidersContent,
    RaidSpace,
    Region,
    cards,
)

NS = "raiders-of-scythia"

#: Workers of each colour in the box («СОСТАВ ИГРЫ»: 31 рабочий, 7 синих, 11 серых, 13 красных).
WORKERS = {"blue": 7, "grey": 11, "red": 13}
#: Plunder tokens in the bag («СОСТАВ ИГРЫ»; «ПОДГОТОВКА К ИГРЕ», step 4).
PLUNDER_TOKENS = 14 + 20 + 20 + 26
#: Quests face up in the village at setup («ПОДГОТОВКА К ИГРЕ», step 2).
VILLAGE_QUESTS = 2
#: Crew cards a 4-player setup deals: 5 hero+crew pairs and 5 cards to each of 4 players.
CREW_FOR_SETUP = (4 + 1) + 4 * 5
#: Heroes a 4-player setup turns up (players + 1).
HEROES_FOR_SETUP = 4 + 1
#: Animal cards of the display («ПОДГОТОВКА К ИГРЕ», step 11).
ANIMAL_DISPLAY = 3
#: The largest minimum crew a settlement usable on the first turns may ask (spec §2.2).
STARTER_MAX_CREW = 2

# Headings of the Russian rulebook, as printed.
COMPONENTS = "СОСТАВ ИГРЫ"
SETUP = "ПОДГОТОВКА К ИГРЕ"
RAID = "НАБЕГ"
DICE = "БРОСОК КУБИКОВ"
STRENGTH = "СИЛА"
END = "КОНЕЦ ИГРЫ"
CHIEFS_TENT = "ШАТЁР ВОЖДЯ"
SOLO_RAIDS = "ОДИНОЧНАЯ ИГРА. НАБЕГИ"
SOLO_CREW = "ОДИНОЧНАЯ ИГРА. СОРАТНИКИ"

#: The quest cost fields a quest may not ask for, as the rulebook names them.
_FIELDS = {
    "provisions": term("provisions"),
    "kumis": term("kumis"),
    "cards": term("cards"),
    "vp": term("vp"),
}

_codes = RuleCodes(NS)
_content = _codes.content

#: Every code :func:`check_content` raises, with the rulebook section it protects (for docs).
CONTENT_CODES: tuple[RuleCode, ...] = (
    _content(
        "content.duplicate_id",
        COMPONENTS,
        "",
        "Every id of the pack (crew, heroes, animals, quests, schemes, AI crew, settlements, raid "
        "spaces) is unique: states and moves name components by id.",
    ),
    _content(
        "content.labels",
        COMPONENTS,
        "",
        "A pack with provenance labels labels each card once, naming only values the card has "
        "(a pack without labels is an owner's edition, as transcribed).",
    ),
    _content(
        "content.regions",
        RAID,
        "Для набега на поселение в любой из областей (Киммерия, Ассирия, Персия или Греция)",
        "The pack lists exactly the four regions, top to bottom: Cimmeria, Assyria, Persia, "
        "Greece.",
    ),
    _content(
        "content.settlement_order",
        SETUP,
        "3. Возьмите остальные жетоны заданий",
        "Settlements are listed region by region, top to bottom, so that the raid spaces of a "
        "region read left to right (the unused spaces lie «в правой части поля»).",
    ),
    _content(
        "content.bands",
        STRENGTH,
        "Завершив подсчёт силы, игрок определяет, сколько он получает ПО и ранений",
        "A settlement's reward bands rise strictly by strength, the first starting at 0, so every "
        "raid strength falls in exactly one band.",
    ),
    _content(
        "content.dice",
        DICE,
        "В левой части каждого поселения указано, сколько нужно бросить красных и белых кубиков",
        "A raid rolls at least one red or white die: «игрок должен бросить кубики».",
    ),
    _content(
        "content.quest_cost",
        CHIEFS_TENT,
        "Чтобы выполнить задание, игрок должен потратить указанное количество серебра и трофеев"
        " или сбросить с руки карты с указанной суммарной силой",
        "A quest is paid either with silver and plunder or by discarding cards of a total "
        "strength, exactly one of the two; a cost names only silver and plunder and is not empty.",
    ),
    _content(
        "content.plunder",
        SETUP,
        "4. Сложите все трофеи (золото, снаряжение, повозки, скот) в мешочек для трофеев",
        "The plunder icons of all raid spaces at 4 players total at most the 80 tokens of the bag "
        "(14 gold, 20 equipment, 20 wagons, 26 livestock).",
    ),
    _content(
        "content.workers",
        SETUP,
        "6. Над каждой ячейкой набега разместите рабочего указанного цвета",
        "At 4 players the raid spaces ask for at most the 11 grey and 13 red workers of the box.",
    ),
    _content(
        "content.quest_spaces",
        SETUP,
        "3. Возьмите остальные жетоны заданий",
        "Every raid space in use at 4 players in Cimmeria, Assyria and Persia gets a face-down "
        "quest after the 2 village quests: such spaces are at most the quests less 2.",
    ),
    _content(
        "content.raid_spaces",
        END,
        "Игра заканчивается, когда на поле остаются либо 2 ячейки набегов с трофеями",
        "More than 2 raid spaces are in use at every player count, or the game would end at once.",
    ),
    _content(
        "content.blue_settlement",
        RAID,
        "1 рабочего нужного цвета",
        "Some settlement with a raid space in use at every player count accepts a blue worker "
        "and asks for at most 2 crew: players and the village start with blue workers only, and "
        "grey and red ones come only from raids.",
    ),
    _content(
        "content.scheme_target",
        SOLO_RAIDS,
        "Цель набега указана под названием цивилизации в верхней части карты плана",
        "A scheme card's target is a raid space of its region in use in solo play: from the 1st "
        "to the number of that region's spaces at 1 player.",
    ),
    _content(
        "content.chiefs",
        SOLO_CREW,
        "",
        "The AI crew are the four levels once each, Trader 1, Lookout 2, Huntsman 3, Outrider 4.",
    ),
    _content(
        "content.animals",
        SETUP,
        "11. Положите колоду животных рядом с полем, раскройте 3 верхние карты",
        "At least 3 animal cards, to fill the display.",
    ),
    _content(
        "content.crew",
        SETUP,
        "17. Положите колоду соратников рядом с полем",
        "At least 25 crew cards: 5 hero+crew pairs and 5 cards dealt to each of 4 players.",
    ),
    _content(
        "content.heroes",
        SETUP,
        "12. Возьмите колоду героев, раскройте на 1 карту больше, чем участников в игре",
        "At least 5 heroes: players + 1 at 4 players.",
    ),
)

_KNOWN = frozenset(c.code for c in CONTENT_CODES)


def _invalid(rule: str, message: str | Text, pointer: str) -> InvalidState:
    code = f"{NS}.{rule}"
    assert code in _KNOWN, code
    return InvalidState(code, message, pointer)


def _spaces(c: RaidersContent) -> Iterator[tuple[int, int, Region, RaidSpace]]:
    """Every raid space as (settlement index, space index, region, space)."""
    for i, s in enumerate(c.settlements):
        for j, space in enumerate(s.spaces):
            yield i, j, s.region, space


def in_use(space: RaidSpace, players: int) -> bool:
    """Whether a raid space is used at ``players`` players (a 4-player-only one at 4 only)."""
    return players >= 4 or not space.four_players_only


def spaces_in_use(c: RaidersContent, players: int, region: Region | None = None) -> int:
    """How many raid spaces (of ``region``, or of the whole board) are in use at ``players``."""
    return sum(
        1
        for _, _, r, space in _spaces(c)
        if in_use(space, players) and (region is None or r == region)
    )


def _check_ids(c: RaidersContent) -> None:
    seen: dict[str, str] = {}

    def see(id_: str, pointer: str) -> None:
        if id_ in seen:
            raise _invalid(
                "content.duplicate_id",
                text("id {id} is also {other}", id=repr(id_), other=seen[id_]),
                f"{pointer}/id",
            )
        seen[id_] = pointer

    for field in ("crew", "heroes", "animals", "quests", "schemes", "chiefs", "settlements"):
        for i, item in enumerate(getattr(c, field)):
            see(item.id, f"/{field}/{i}")
    for i, j, _, space in _spaces(c):
        see(space.id, f"/settlements/{i}/spaces/{j}")


def _check_dice(dice: Dice, pointer: str) -> None:
    if dice.red + dice.white < 1:
        raise _invalid("content.dice", text("a raid rolls at least 1 red or white die"), pointer)


def _check_quest_cost(cost: Items, pointer: str) -> None:
    for field in ("provisions", "kumis", "cards", "vp"):
        if getattr(cost, field):
            raise _invalid(
                "content.quest_cost",
                text("a quest costs silver and plunder only, not {field}", field=_FIELDS[field]),
                f"{pointer}/{field}",
            )
    if cost == Items():
        raise _invalid("content.quest_cost", text("a quest cost asks for nothing"), pointer)


def check_content(c: RaidersContent) -> None:
    """Refuse a pack the rules cannot play (:class:`~arbiter.core.InvalidState`)."""
    _check_ids(c)

    # Regions and the order of the board.
    for i, r in enumerate(c.regions):
        if i >= len(REGIONS) or r.id != REGIONS[i]:
            raise _invalid(
                "content.regions",
                text("region {index} must be {region}", index=i, region=REGIONS[i])
                if i < len(REGIONS)
                else text("region {index} must be absent", index=i),
                f"/regions/{i}/id",
            )
        _check_dice(r.dice, f"/regions/{i}/dice")
    if len(c.regions) != len(REGIONS):
        raise _invalid("content.regions", text("exactly the 4 regions"), "/regions")
    last = 0
    for i, s in enumerate(c.settlements):
        rank = REGIONS.index(s.region)
        if rank < last:
            raise _invalid(
                "content.settlement_order",
                text(
                    "{settlement} of {region} comes after a settlement of {other}",
                    settlement=repr(s.id),
                    region=s.region,
                    other=REGIONS[last],
                ),
                f"/settlements/{i}/region",
            )
        last = rank
        if s.dice is not None:
            _check_dice(s.dice, f"/settlements/{i}/dice")
        for j, b in enumerate(s.bands):
            if j == 0 and b.min_strength != 0:
                raise _invalid(
                    "content.bands",
                    text("the first band starts at strength 0"),
                    f"/settlements/{i}/bands/0/min_strength",
                )
            if j and b.min_strength <= s.bands[j - 1].min_strength:
                raise _invalid(
                    "content.bands",
                    text("bands rise strictly by strength"),
                    f"/settlements/{i}/bands/{j}/min_strength",
                )

    # Quests.
    for i, q in enumerate(c.quests):
        if (q.cost is None) == (q.discard_strength is None):
            raise _invalid(
                "content.quest_cost",
                text("a quest has either a cost or a discard strength, exactly one"),
                f"/quests/{i}",
            )
        if q.cost is not None:
            _check_quest_cost(q.cost, f"/quests/{i}/cost")

    # The board at 4 players: plunder, workers, quests.
    plunder = sum(space.plunder for _, _, _, space in _spaces(c))
    if plunder > PLUNDER_TOKENS:
        raise _invalid(
            "content.plunder",
            text(
                "{plunder} plunder icons at 4 players, the bag holds {bag}",
                plunder=plunder,
                bag=PLUNDER_TOKENS,
            ),
            "/settlements",
        )
    for colour in ("grey", "red"):
        used = sum(1 for _, _, _, space in _spaces(c) if space.worker == colour)
        if used > WORKERS[colour]:
            raise _invalid(
                "content.workers",
                text(
                    "{used} {colour} workers on raid spaces at 4 players, the box has {box}",
                    used=used,
                    colour=term(colour),
                    box=WORKERS[colour],
                ),
                "/settlements",
            )
    quest_spaces = sum(spaces_in_use(c, 4, r.id) for r in c.regions if r.quests)
    if quest_spaces > len(c.quests) - VILLAGE_QUESTS:
        raise _invalid(
            "content.quest_spaces",
            text(
                "{spaces} raid spaces take a quest at 4 players, but only {left} quests are left "
                "after the village's",
                spaces=quest_spaces,
                left=len(c.quests) - VILLAGE_QUESTS,
            ),
            "/quests",
        )
    if spaces_in_use(c, 1) <= 2:
        raise _invalid(
            "content.raid_spaces",
            text(
                "{spaces} raid spaces in use at 1-3 players: the game would end at once",
                spaces=spaces_in_use(c, 1),
            ),
            "/settlements",
        )
    if not any(
        "blue" in s.workers
        and s.min_crew <= STARTER_MAX_CREW
        and any(not space.four_players_only for space in s.spaces)
        for s in c.settlements
    ):
        raise _invalid(
            "content.blue_settlement",
            text(
                "no settlement in use at every player count accepts a blue worker with at most "
                "{crew} crew: nobody could ever raid",
                crew=STARTER_MAX_CREW,
            ),
            "/settlements",
        )

    # Solo.
    for i, scheme in enumerate(c.schemes):
        solo = spaces_in_use(c, 1, scheme.region)
        if not 1 <= scheme.target <= solo:
            raise _invalid(
                "content.scheme_target",
                text(
                    "{region} has {solo} raid spaces in solo play; the target is {target}",
                    region=scheme.region,
                    solo=solo,
                    target=scheme.target,
                ),
                f"/schemes/{i}/target",
            )
    for i, chief in enumerate(c.chiefs):
        if i >= len(CHIEF_LEVELS) or chief.id != CHIEF_LEVELS[i]:
            raise _invalid(
                "content.chiefs",
                text("the AI crew are trader, lookout, huntsman, outrider, in that order"),
                f"/chiefs/{i}/id",
            )
        if chief.level != i + 1:
            raise _invalid(
                "content.chiefs",
                text("{chief} is level {level}", chief=chief.id, level=i + 1),
                f"/chiefs/{i}/level",
            )
    if len(c.chiefs) != len(CHIEF_LEVELS):
        raise _invalid("content.chiefs", text("exactly the 4 AI crew levels"), "/chiefs")

    # Decks for setup.
    if len(c.animals) < ANIMAL_DISPLAY:
        raise _invalid("content.animals", text("the animal display needs 3 cards"), "/animals")
    if len(c.crew) < CREW_FOR_SETUP:
        raise _invalid(
            "content.crew",
            text(
                "{crew} crew cards; a 4-player setup deals {deal}",
                crew=len(c.crew),
                deal=CREW_FOR_SETUP,
            ),
            "/crew",
        )
    if len(c.heroes) < HEROES_FOR_SETUP:
        raise _invalid(
            "content.heroes",
            text(
                "{heroes} heroes; a 4-player setup turns up {deal}",
                heroes=len(c.heroes),
                deal=HEROES_FOR_SETUP,
            ),
            "/heroes",
        )
    # Provenance: which values a source gives (checked last: a pack cut short fails above).
    problem = check_labels(cards(c), c.labels)
    if problem is not None:
        raise _invalid("content.labels", problem.message, problem.pointer)
