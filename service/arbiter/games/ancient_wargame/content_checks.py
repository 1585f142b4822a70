"""Sanity checks of an ancient wargame content pack: what a pack must satisfy to be playable.

A pack that decodes (:class:`~.content.WargameContent`, every bound checked by msgspec) may still
describe a map or cards the rules cannot play: a land border one way only, a capital inland or
missing at 2 players, a map that falls apart when trimmed for fewer players, a «+» trait that
harms its hero, a victory condition met at the start or never reachable. :func:`check_content`
refuses those with :class:`~arbiter.core.InvalidState`, a code ``ancient-wargame.content.<rule>``
and a JSON pointer into the pack. :data:`CONTENT_CODES` lists every code with the section of the
Russian rulebook («Версия 1.1») it protects, headings as printed.

Rulings the checks encode (the text gives no map and no cards; see the reading aid §2.8, §2.9):

* Provinces and seas share one id space (a hero or a ship names a place by id); states and traits
  have their own.
* A province or sea is in play at ``n`` players when ``min_players <= n``. Every capital is in play
  at 2 players, because any state may be dealt at any player count (an unused capital is a
  neutral province), and touches a sea in play at 2 players that ships may enter (class < 6), so
  its owner can build a fleet («Постройка флота»).
* At every player count the provinces in play are connected: by land borders between provinces
  in play, or through chains of seas in play of class < 6 (class 6 is closed to ships, so heroes
  cannot cross it either).
* Trait signs: :data:`SIGN` says for each modifier kind whether more (``+1``) or less (``-1``) is
  better for the hero's owner. A «+» card's modifiers never harm, a «−» card's never help;
  ``start_science`` and ``start_building`` carry no value (``0``). ``fate_roll`` counts as «more
  is better»: a higher captured-general die turns death (1-2) into captivity (3-5). Traits use no
  setup kind (``start_*``): a hero born in turn 10 has no setup to change.
* A victory threshold is per player count (``n_by_players``, 5 entries for 2-6 players, or ``n``).
  A predicate may be neither met in the starting position (the rules' kit: the capital, 5 ₣, 5 $,
  2 VP tokens, 2 heroes) nor beyond reach (more provinces than are in play, more capitals than
  other states in play, more ships than ``ships_per_state``, more than the 10 sciences); a
  ``hold_all`` names only provinces in play at every count.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import get_args

from arbiter.core import InvalidState, RuleCode
from arbiter.core.provenance import check_labels
from arbiter.core.texts import text
from arbiter.core.types import RuleCodes
from arbiter.games.ancient_wargame import rules
from arbiter.games.ancient_wargame.content import (
    TRAIT_DECKS,
    Condition,
    ConditionKind,
    Modifier,
    ModifierKind,
    Province,
    Sea,
    WargameContent,
    cards,
)

NS = "ancient-wargame"

#: The player counts the map is trimmed for (table 1 has rows for 2-6 players).
PLAYER_COUNTS = (2, 3, 4, 5, 6)
MAX_PLAYERS = PLAYER_COUNTS[-1]
#: The basic sciences («Базовые науки», table 3), the only ones ``start_science`` may name.
BASIC_SCIENCES = frozenset(rules.BASIC)
#: All sciences: 5 basic + 5 advanced.
SCIENCE_COUNT = len(rules.SCIENCES)
#: The buildings of a player's card set (table 2), the ones ``start_building`` may name.
BUILDINGS = frozenset(rules.BUILDINGS)

#: For each modifier kind: +1 if more is better for the owner, -1 if less is, 0 if it has no value.
SIGN: dict[ModifierKind, int] = {
    "income_food": 1,
    "income_money": 1,
    "research_dice": 1,
    "hire_price": -1,
    "upkeep": -1,
    "fortress_cost": -1,
    "building_cost": -1,
    "annex_cost": -1,
    "melee_dice": 1,
    "archery_dice": 1,
    "fortress_fire": 1,
    "fate_roll": 1,
    "storm_roll": 1,
    "naval_dice": 1,
    "spy_roll": 1,
    "sabotage_guard": 1,
    "assassination_guard": 1,
    "counter_intel_cost": -1,
    "start_food": 1,
    "start_money": 1,
    "start_vp": 1,
    "start_units": 1,
    "start_science": 0,
    "start_building": 0,
}
assert set(SIGN) == set(get_args(ModifierKind))
#: Setup-only kinds: state features, never hero traits.
SETUP_KINDS = frozenset(k for k in SIGN if k.startswith("start_"))

#: The least threshold of each counting predicate that is not met by the rules' starting kit
#: («Выбор государств»: the capital, 5 ₣, 5 $, 2 VP tokens; «Выбор героев»: 2 heroes).
#: ``hold_count`` with a ``region`` may be 1 (the capital may lie outside the region).
MIN_THRESHOLD: dict[ConditionKind, int] = {
    "hold_count": 2,
    "hold_capitals": 1,
    "sciences": 1,
    "ships": 1,
    "wealth": 6,
    "food": 6,
    "vp_tokens": 3,
    "full_fortresses": 1,
    "heroes": 3,
}
assert set(MIN_THRESHOLD) | {"hold_all", "eliminated"} == set(get_args(ConditionKind))

# Headings of the Russian rulebook, as printed.
BOARD = "Игровое поле"
CARDS = "Карточки"
STATES = "Выбор государств"
HEROES = "Выбор героев"
HIRE_PROVINCE = "В провинции"
FLEET = "Постройка флота"
BUILD = "Фаза 4: строительство"
SCIENCE = "Фаза 5: изучение наук"
STORM = "Проверка на прочность"
UNIQUE = "Победа уникальным условием"

_content = RuleCodes(NS).content

#: Every code :func:`check_content` raises, with the rulebook section it protects (for docs).
CONTENT_CODES: tuple[RuleCode, ...] = (
    _content(
        "content.labels",
        CARDS,
        "",
        "A pack with provenance labels labels each card once, naming only values the card has "
        "(a pack without labels is an owner's edition, as transcribed).",
    ),
    _content(
        "content.duplicate_id",
        BOARD,
        "Игровое поле изображает карту античного мира, разделенную на провинции и морские регионы",
        "Ids are unique: provinces and seas share one id space (places), states and traits have "
        "their own; states, moves and conditions name them by id.",
    ),
    _content(
        "content.land",
        BOARD,
        "Игровое поле изображает карту античного мира, разделенную на провинции и морские регионы",
        "A province's land neighbours are other known provinces, each listing it back: a border "
        "runs both ways.",
    ),
    _content(
        "content.sea_neighbours",
        BOARD,
        "Игровое поле изображает карту античного мира, разделенную на провинции и морские регионы",
        "A sea's neighbours are other known seas, each listing it back.",
    ),
    _content(
        "content.coast",
        BOARD,
        "Игровое поле изображает карту античного мира, разделенную на провинции и морские регионы",
        "A province's coast names known seas, each once.",
    ),
    _content(
        "content.storm",
        STORM,
        "Каждое море имеет класс опасности: число от 0 до 6",
        "Every sea's storm class is 0-6.",
    ),
    _content(
        "content.mercenary",
        BOARD,
        "Доступные наемники – количество и стоимость войск разных типов",
        "A province offers at least 1 mercenary of each type it lists, each type once.",
    ),
    _content(
        "content.connected",
        BOARD,
        "Игровое поле изображает карту античного мира, разделенную на провинции и морские регионы",
        "At every player count 2-6 the provinces in play are connected by land borders or "
        "through seas in play of class below 6: every province can be reached.",
    ),
    _content(
        "content.states",
        STATES,
        "Каждый получает карточку государства",
        "At least 6 state cards: one for each player at the largest count.",
    ),
    _content(
        "content.capital",
        STATES,
        "Игрок размещает первую фишку провинции в своем стартовом регионе",
        "Each state's capital (its starting region) is a known province, and no two states share "
        "one.",
    ),
    _content(
        "content.capital_in_play",
        STATES,
        "Игрок размещает первую фишку провинции в своем стартовом регионе",
        "Every capital is in play from 2 players (min_players 2): any state may be dealt at any "
        "player count.",
    ),
    _content(
        "content.capital_coast",
        FLEET,
        "Они появляются в морском регионе около любой провинции игрока, в которой есть "
        "администратор",
        "Every capital touches a sea in play at 2 players and open to ships (class below 6), so "
        "that its owner can build a fleet there.",
    ),
    _content(
        "content.modifier_unit",
        STATES,
        "Каждый получает карточку государства",
        "A start_units modifier names its unit type.",
    ),
    _content(
        "content.science_ref",
        SCIENCE,
        "Базовые науки",
        "A start_science modifier names a basic science: archery, riding, seafaring, pottery or "
        "writing (advanced sciences are chosen one at a time after all basic ones).",
    ),
    _content(
        "content.building_ref",
        BUILD,
        "Игрок может построить здания в столице, уплатив нужное количество золота",
        "A start_building modifier names a building of the card set: range, stable, shipyard, "
        "armoury, archery_workshop, admiralty, mill, treasury, academy, spy_centre.",
    ),
    _content(
        "content.trait_deck",
        HEROES,
        "Когда требуется создать нового героя, его характеристики берутся из соответствующих колод",
        "Each of the 4 trait decks (admin_plus, admin_minus, general_plus, general_minus) has at "
        "least one card.",
    ),
    _content(
        "content.trait_kind",
        HEROES,
        "Каждый герой имеет 2 характеристики; положительную и отрицательную",
        "A trait uses no setup modifier (start_*): heroes are born during the game.",
    ),
    _content(
        "content.trait_sign",
        HEROES,
        "Каждый герой имеет 2 характеристики; положительную и отрицательную",
        "A «+» trait's modifiers never harm its owner and a «−» trait's never help, by the sign "
        "table of each modifier kind (more income is better, a lower price is better...).",
    ),
    _content(
        "content.condition_ref",
        UNIQUE,
        "Каждый игрок имеет уникальное условие победы",
        "A victory condition names known provinces, a region some province carries, and another "
        "known state (an `eliminated` predicate names one).",
    ),
    _content(
        "content.condition_threshold",
        UNIQUE,
        "Если на каком-то ходу он его выполнил, игра закончится после этого хода",
        "A victory predicate is neither met in the starting position nor out of reach at any "
        "player count: n_by_players has 5 entries (2-6 players); a threshold exceeds the starting "
        "kit and stays within the provinces, capitals, ships and sciences there are; hold_all "
        "names provinces in play at 2 players.",
    ),
)

_KNOWN = frozenset(c.code for c in CONTENT_CODES)


def _invalid(rule: str, message: str, pointer: str) -> InvalidState:
    code = f"{NS}.{rule}"
    assert code in _KNOWN, code
    return InvalidState(code, message, pointer)


# ---------------------------------------------------------------------------------------------
# Readers (also used by tests and docs)
# ---------------------------------------------------------------------------------------------


def provinces_in_play(c: WargameContent, players: int) -> tuple[Province, ...]:
    """The provinces on the map at ``players`` players (``min_players <= players``)."""
    return tuple(p for p in c.provinces if p.min_players <= players)


def seas_in_play(c: WargameContent, players: int) -> tuple[Sea, ...]:
    """The seas on the map at ``players`` players (``min_players <= players``)."""
    return tuple(s for s in c.seas if s.min_players <= players)


def threshold(cond: Condition, players: int) -> int:
    """A predicate's threshold at ``players`` players: ``n_by_players[players - 2]``, or ``n``."""
    if cond.n_by_players:
        return cond.n_by_players[players - PLAYER_COUNTS[0]]
    return cond.n


def unreached(c: WargameContent, players: int) -> tuple[Province, ...]:
    """The provinces in play at ``players`` that the first one cannot reach by land or by seas
    in play of class below 6 (empty when the map is connected)."""
    provinces = provinces_in_play(c, players)
    if not provinces:
        return ()
    open_seas = {s.id: s for s in seas_in_play(c, players) if s.storm < rules.CLOSED_SEA}
    by_id = {p.id: p for p in provinces}
    on_sea: dict[str, list[str]] = {}
    for p in provinces:
        for sea in p.coast:
            on_sea.setdefault(sea, []).append(p.id)
    seen_p = {provinces[0].id}
    seen_s: set[str] = set()
    todo: deque[tuple[str, str]] = deque([("p", provinces[0].id)])
    while todo:
        kind, node = todo.popleft()
        if kind == "p":
            nexts = [("p", n) for n in by_id[node].land] + [("s", s) for s in by_id[node].coast]
        else:
            nexts = [("s", s) for s in open_seas[node].neighbours] + [
                ("p", p) for p in on_sea.get(node, ())
            ]
        for k, n in nexts:
            if k == "p" and n in by_id and n not in seen_p:
                seen_p.add(n)
                todo.append((k, n))
            elif k == "s" and n in open_seas and n not in seen_s:
                seen_s.add(n)
                todo.append((k, n))
    return tuple(p for p in provinces if p.id not in seen_p)


# ---------------------------------------------------------------------------------------------
# The checks
# ---------------------------------------------------------------------------------------------


def _check_ids(c: WargameContent) -> None:
    def unique(items: Iterable[tuple[str, str]]) -> None:
        seen: dict[str, str] = {}
        for id_, pointer in items:
            if id_ in seen:
                raise _invalid(
                    "content.duplicate_id",
                    text("id {id_!r} is also {value}", id_=id_, value=seen[id_]),
                    f"{pointer}/id",
                )
            seen[id_] = pointer

    unique(
        [(p.id, f"/provinces/{i}") for i, p in enumerate(c.provinces)]
        + [(s.id, f"/seas/{i}") for i, s in enumerate(c.seas)]
    )
    unique((s.id, f"/states/{i}") for i, s in enumerate(c.states))
    unique((t.id, f"/traits/{i}") for i, t in enumerate(c.traits))


def _check_map(c: WargameContent) -> None:
    provinces = {p.id: p for p in c.provinces}
    seas = {s.id: s for s in c.seas}
    for i, s in enumerate(c.seas):
        if not 0 <= s.storm <= rules.CLOSED_SEA:
            raise _invalid(
                "content.storm",
                text("storm class {storm} of {id!r}", storm=s.storm, id=s.id),
                f"/seas/{i}/storm",
            )
        for j, n in enumerate(s.neighbours):
            pointer = f"/seas/{i}/neighbours/{j}"
            if n not in seas or n == s.id:
                raise _invalid(
                    "content.sea_neighbours",
                    text("{id!r}: no other sea {n!r}", id=s.id, n=n),
                    pointer,
                )
            if s.id not in seas[n].neighbours:
                raise _invalid(
                    "content.sea_neighbours",
                    text("{n!r} does not list {id!r} back", n=n, id=s.id),
                    pointer,
                )
            if n in s.neighbours[:j]:
                raise _invalid(
                    "content.sea_neighbours",
                    text("{id!r} lists {n!r} twice", id=s.id, n=n),
                    pointer,
                )
    for i, p in enumerate(c.provinces):
        for j, sea in enumerate(p.coast):
            if sea not in seas or sea in p.coast[:j]:
                raise _invalid(
                    "content.coast",
                    text("{id!r}: {sea!r} is no sea, or is listed twice", id=p.id, sea=sea),
                    f"/provinces/{i}/coast/{j}",
                )
        for j, n in enumerate(p.land):
            pointer = f"/provinces/{i}/land/{j}"
            if n not in provinces or n == p.id:
                raise _invalid(
                    "content.land", text("{id!r}: no other province {n!r}", id=p.id, n=n), pointer
                )
            if p.id not in provinces[n].land:
                raise _invalid(
                    "content.land", text("{n!r} does not list {id!r} back", n=n, id=p.id), pointer
                )
            if n in p.land[:j]:
                raise _invalid(
                    "content.land", text("{id!r} lists {n!r} twice", id=p.id, n=n), pointer
                )
        for j, m in enumerate(p.mercenaries):
            if m.count < 1 or m.unit in [x.unit for x in p.mercenaries[:j]]:
                raise _invalid(
                    "content.mercenary",
                    text(
                        "{id!r}: {count} {unit}, at least 1 and each type once",
                        id=p.id,
                        count=m.count,
                        unit=m.unit,
                    ),
                    f"/provinces/{i}/mercenaries/{j}",
                )


def _check_connected(c: WargameContent) -> None:
    index = {p.id: i for i, p in enumerate(c.provinces)}
    for n in PLAYER_COUNTS:
        lost = unreached(c, n)
        if lost:
            raise _invalid(
                "content.connected",
                text(
                    "at {n} players {id!r} cannot be reached from {id2!r} by land or by seas of class below 6",
                    n=n,
                    id=lost[0].id,
                    id2=provinces_in_play(c, n)[0].id,
                ),
                f"/provinces/{index[lost[0].id]}",
            )


def _check_modifier(m: Modifier, pointer: str) -> None:
    if m.kind == "start_units" and m.unit is None:
        raise _invalid(
            "content.modifier_unit", text("start_units names no unit"), f"{pointer}/unit"
        )
    if m.kind == "start_science" and m.ref not in BASIC_SCIENCES:
        raise _invalid(
            "content.science_ref", text("{ref!r} is no basic science", ref=m.ref), f"{pointer}/ref"
        )
    if m.kind == "start_building" and m.ref not in BUILDINGS:
        raise _invalid(
            "content.building_ref", text("{ref!r} is no building", ref=m.ref), f"{pointer}/ref"
        )


def _check_states(c: WargameContent) -> None:
    if len(c.states) < MAX_PLAYERS:
        raise _invalid(
            "content.states",
            text(
                "{count} states; {MAX_PLAYERS} players need as many",
                count=len(c.states),
                MAX_PLAYERS=MAX_PLAYERS,
            ),
            "/states",
        )
    provinces = {p.id: p for p in c.provinces}
    seas = {s.id: s for s in c.seas}
    capitals: dict[str, str] = {}
    for i, s in enumerate(c.states):
        pointer = f"/states/{i}/capital"
        if s.capital not in provinces:
            raise _invalid(
                "content.capital",
                text("{id}: no province {capital!r}", id=s.id, capital=s.capital),
                pointer,
            )
        if s.capital in capitals:
            raise _invalid(
                "content.capital",
                text(
                    "{capital!r} is also the capital of {value}",
                    capital=s.capital,
                    value=capitals[s.capital],
                ),
                pointer,
            )
        capitals[s.capital] = s.id
        capital = provinces[s.capital]
        if capital.min_players != PLAYER_COUNTS[0]:
            raise _invalid(
                "content.capital_in_play",
                text(
                    "{id}: its capital {capital!r} is in play only from {min_players} players",
                    id=s.id,
                    capital=s.capital,
                    min_players=capital.min_players,
                ),
                pointer,
            )
        if not any(
            sea in seas
            and seas[sea].min_players == PLAYER_COUNTS[0]
            and seas[sea].storm < rules.CLOSED_SEA
            for sea in capital.coast
        ):
            raise _invalid(
                "content.capital_coast",
                text(
                    "{id}: its capital {capital!r} touches no sea open to ships at 2 players",
                    id=s.id,
                    capital=s.capital,
                ),
                pointer,
            )
        for j, m in enumerate(s.features):
            _check_modifier(m, f"/states/{i}/features/{j}")


def _check_condition(c: WargameContent, i: int, j: int, cond: Condition) -> None:
    pointer = f"/states/{i}/victory/{j}"
    provinces = {p.id: p for p in c.provinces}
    me = c.states[i].id
    for k, pid in enumerate(cond.provinces):
        if pid not in provinces:
            raise _invalid(
                "content.condition_ref",
                text("no province {pid!r}", pid=pid),
                f"{pointer}/provinces/{k}",
            )
    if cond.region and not any(p.region == cond.region for p in c.provinces):
        raise _invalid(
            "content.condition_ref",
            text("no province of region {region!r}", region=cond.region),
            f"{pointer}/region",
        )
    states = {s.id for s in c.states}
    if (cond.state or cond.kind == "eliminated") and (cond.state not in states or cond.state == me):
        raise _invalid(
            "content.condition_ref",
            text("{me}: {state!r} is no other state", me=me, state=cond.state),
            f"{pointer}/state",
        )

    def too(message: str, where: str) -> InvalidState:
        return _invalid(
            "content.condition_threshold",
            text("{me}: {message}", me=me, message=message),
            f"{pointer}{where}",
        )

    if cond.kind == "hold_all":
        if not cond.provinces:
            raise too(text("hold_all names no province: met at once"), "/provinces")
        for k, pid in enumerate(cond.provinces):
            if provinces[pid].min_players != PLAYER_COUNTS[0]:
                raise too(text("{pid!r} is not in play at 2 players", pid=pid), f"/provinces/{k}")
        return
    if cond.kind == "eliminated":
        return
    if cond.n_by_players and len(cond.n_by_players) != len(PLAYER_COUNTS):
        raise too(text("n_by_players needs one entry for each of 2-6 players"), "/n_by_players")
    least = MIN_THRESHOLD[cond.kind]
    if cond.kind == "hold_count" and cond.region:
        least = 1
    for n in PLAYER_COUNTS:
        t = threshold(cond, n)
        where = f"/n_by_players/{n - PLAYER_COUNTS[0]}" if cond.n_by_players else "/n"
        in_play = [p for p in provinces_in_play(c, n) if not cond.region or p.region == cond.region]
        most = {
            "hold_count": len(in_play),
            "full_fortresses": len(in_play),
            "hold_capitals": n - 1,
            "ships": c.ships_per_state,
            "sciences": SCIENCE_COUNT,
        }.get(cond.kind)
        if t < least:
            raise too(
                text("{kind} {t} at {n} players is met at the start", kind=cond.kind, t=t, n=n),
                where,
            )
        if most is not None and t > most:
            raise too(
                text(
                    "{kind} {t} at {n} players: at most {most} can be had",
                    kind=cond.kind,
                    t=t,
                    n=n,
                    most=most,
                ),
                where,
            )


def _check_traits(c: WargameContent) -> None:
    for deck in TRAIT_DECKS:
        if not any(t.deck == deck for t in c.traits):
            raise _invalid(
                "content.trait_deck", text("the {deck} deck is empty", deck=deck), "/traits"
            )
    for i, t in enumerate(c.traits):
        want = 1 if t.deck.endswith("_plus") else -1
        for j, m in enumerate(t.modifiers):
            pointer = f"/traits/{i}/modifiers/{j}"
            if m.kind in SETUP_KINDS:
                raise _invalid(
                    "content.trait_kind",
                    text("{id}: {kind} is a setup modifier", id=t.id, kind=m.kind),
                    f"{pointer}/kind",
                )
            if SIGN[m.kind] * m.value * want < 0:
                raise _invalid(
                    "content.trait_sign",
                    text(
                        "{id} of {deck}: {kind} {value:+d} is harmful",
                        id=t.id,
                        deck=t.deck,
                        kind=m.kind,
                        value=m.value,
                    )
                    if want > 0
                    else text(
                        "{id} of {deck}: {kind} {value:+d} is beneficial",
                        id=t.id,
                        deck=t.deck,
                        kind=m.kind,
                        value=m.value,
                    ),
                    f"{pointer}/value",
                )
            _check_modifier(m, pointer)


def check_content(c: WargameContent) -> None:
    """Refuse a pack the rules cannot play (:class:`~arbiter.core.InvalidState`)."""
    _check_ids(c)
    _check_map(c)
    _check_states(c)
    for i, s in enumerate(c.states):
        for j, cond in enumerate(s.victory):
            _check_condition(c, i, j, cond)
    _check_traits(c)
    _check_connected(c)
    # Provenance: which values a source gives (checked last: a pack cut short fails above).
    problem = check_labels(cards(c), c.labels)
    if problem is not None:
        raise _invalid("content.labels", problem.message, problem.pointer)
