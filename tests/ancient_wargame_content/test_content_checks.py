"""``check_content`` refuses each kind of unplayable pack with its code and pointer.

Each case mutates the default pack with :func:`msgspec.structs.replace` (which skips msgspec's
bounds, as a pack built in code would) and expects exactly one rule code and JSON pointer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from arbiter.core import InvalidState
from arbiter.games.ancient_wargame.content import (
    Condition,
    Mercenary,
    Modifier,
    Province,
    Sea,
    StateCard,
    Trait,
    WargameContent,
)
from arbiter.games.ancient_wargame.content_checks import CONTENT_CODES, check_content, unreached
from tests.ancient_wargame_content.helpers import index, load
from tests.rulebooks import rulebook

Mutation = Callable[[WargameContent], WargameContent]


def at(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def prov(c: WargameContent, pid: str, **changes: Any) -> WargameContent:
    i = index(c.provinces, pid)
    p: Province = replace(c.provinces[i], **changes)
    return replace(c, provinces=at(c.provinces, i, p))


def sea(c: WargameContent, sid: str, **changes: Any) -> WargameContent:
    i = index(c.seas, sid)
    s: Sea = replace(c.seas[i], **changes)
    return replace(c, seas=at(c.seas, i, s))


def state(c: WargameContent, sid: str, **changes: Any) -> WargameContent:
    i = index(c.states, sid)
    s: StateCard = replace(c.states[i], **changes)
    return replace(c, states=at(c.states, i, s))


def victory(c: WargameContent, sid: str, j: int, **changes: Any) -> WargameContent:
    s = c.states[index(c.states, sid)]
    return state(c, sid, victory=at(s.victory, j, replace(s.victory[j], **changes)))


def feature(c: WargameContent, sid: str, j: int, **changes: Any) -> WargameContent:
    s = c.states[index(c.states, sid)]
    return state(c, sid, features=at(s.features, j, replace(s.features[j], **changes)))


def trait(c: WargameContent, i: int, **changes: Any) -> WargameContent:
    t: Trait = replace(c.traits[i], **changes)
    return replace(c, traits=at(c.traits, i, t))


def first_of(c: WargameContent, deck: str) -> int:
    return next(i for i, t in enumerate(c.traits) if t.deck == deck)


def p_at(pid: str) -> str:
    return f"/provinces/{index(load().provinces, pid)}"


def s_at(sid: str) -> str:
    return f"/seas/{index(load().seas, sid)}"


def st_at(sid: str) -> str:
    return f"/states/{index(load().states, sid)}"


AM = first_of(load(), "admin_minus")

CASES: list[tuple[str, Mutation, str, str]] = [
    # Provenance labels.
    (
        "a card without a label",
        lambda c: replace(c, labels=c.labels[:-1]),
        "content.labels",
        "/labels",
    ),
    (
        "a label naming a card the pack lacks",
        lambda c: replace(
            c, labels=(*c.labels[:-1], replace(c.labels[-1], card="traits/no-such-trait"))
        ),
        "content.labels",
        f"/labels/{len(load().labels) - 1}",  # type: ignore[arg-type]
    ),
    # Ids.
    (
        "a sea named like a province",
        lambda c: sea(c, "tyrrhenian", id="latium"),
        "content.duplicate_id",
        f"{s_at('tyrrhenian')}/id",
    ),
    (
        "a province id twice",
        lambda c: prov(c, "etruria", id="latium"),
        "content.duplicate_id",
        f"{p_at('etruria')}/id",
    ),
    (
        "a state id twice",
        lambda c: state(c, "carthage", id="rome"),
        "content.duplicate_id",
        f"{st_at('carthage')}/id",
    ),
    (
        "a trait id twice",
        lambda c: trait(c, 1, id=c.traits[0].id),
        "content.duplicate_id",
        "/traits/1/id",
    ),
    # Land.
    (
        "a border to nowhere",
        lambda c: prov(c, "latium", land=(*c.provinces[0].land, "atlantis")),
        "content.land",
        f"{p_at('latium')}/land/3",
    ),
    (
        "a border one way only",
        lambda c: prov(c, "etruria", land=("cisalpina", "apulia")),
        "content.land",
        f"{p_at('latium')}/land/0",
    ),
    (
        "a province bordering itself",
        lambda c: prov(c, "persis", land=("babylonia", "persis")),
        "content.land",
        f"{p_at('persis')}/land/1",
    ),
    (
        "a border listed twice",
        lambda c: prov(c, "bruttium", land=("campania", "apulia", "campania")),
        "content.land",
        f"{p_at('bruttium')}/land/2",
    ),
    # Seas.
    (
        "a sea next to no sea",
        lambda c: sea(c, "adriatic", neighbours=("ionian", "baltic")),
        "content.sea_neighbours",
        f"{s_at('adriatic')}/neighbours/1",
    ),
    (
        "a sea neighbour one way only",
        lambda c: sea(c, "adriatic", neighbours=()),
        "content.sea_neighbours",
        f"{s_at('ionian')}/neighbours/0",
    ),
    (
        "a storm class of 7",
        lambda c: sea(c, "persian", storm=7),
        "content.storm",
        f"{s_at('persian')}/storm",
    ),
    (
        "a coast on an unknown sea",
        lambda c: prov(c, "dacia", coast=("pontus",)),
        "content.coast",
        f"{p_at('dacia')}/coast/0",
    ),
    (
        "a coast listed twice",
        lambda c: prov(c, "latium", coast=("tyrrhenian", "tyrrhenian")),
        "content.coast",
        f"{p_at('latium')}/coast/1",
    ),
    # Mercenaries.
    (
        "no mercenary offered",
        lambda c: prov(c, "numidia", mercenaries=(Mercenary(unit="cavalry", count=0, price=2),)),
        "content.mercenary",
        f"{p_at('numidia')}/mercenaries/0",
    ),
    (
        "a mercenary type twice",
        lambda c: prov(
            c,
            "numidia",
            mercenaries=(
                Mercenary(unit="cavalry", count=1, price=2),
                Mercenary(unit="cavalry", count=1, price=3),
            ),
        ),
        "content.mercenary",
        f"{p_at('numidia')}/mercenaries/1",
    ),
    # States and capitals.
    (
        "five states",
        lambda c: replace(c, states=c.states[:5]),
        "content.states",
        "/states",
    ),
    (
        "a capital nowhere",
        lambda c: state(c, "gaul", capital="gergovia"),
        "content.capital",
        f"{st_at('gaul')}/capital",
    ),
    (
        "two states share a capital",
        lambda c: state(c, "carthage", capital="latium"),
        "content.capital",
        f"{st_at('carthage')}/capital",
    ),
    (
        "a capital only from 3 players",
        lambda c: prov(c, "persis", min_players=3),
        "content.capital_in_play",
        f"{st_at('persia')}/capital",
    ),
    (
        "an inland capital",
        lambda c: state(prov(c, "narbonensis", coast=()), "gaul"),
        "content.capital_coast",
        f"{st_at('gaul')}/capital",
    ),
    (
        "a capital whose sea is in play from 3 players",
        lambda c: sea(c, "ligurian", min_players=3),
        "content.capital_coast",
        f"{st_at('gaul')}/capital",
    ),
    (
        "a capital on a sea closed to ships",
        lambda c: sea(c, "persian", storm=6),
        "content.capital_coast",
        f"{st_at('persia')}/capital",
    ),
    # Modifiers.
    (
        "start units of no type",
        lambda c: feature(c, "rome", 0, unit=None),
        "content.modifier_unit",
        f"{st_at('rome')}/features/0/unit",
    ),
    (
        "an advanced science at the start",
        lambda c: feature(c, "macedon", 1, ref="longbow"),
        "content.science_ref",
        f"{st_at('macedon')}/features/1/ref",
    ),
    (
        "an unknown building at the start",
        lambda c: feature(c, "carthage", 0, ref="harbour"),
        "content.building_ref",
        f"{st_at('carthage')}/features/0/ref",
    ),
    # Traits.
    (
        "no general_minus card",
        lambda c: replace(c, traits=tuple(t for t in c.traits if t.deck != "general_minus")),
        "content.trait_deck",
        "/traits",
    ),
    (
        "a trait with a setup modifier",
        lambda c: trait(c, 0, modifiers=(Modifier(kind="start_money", value=3),)),
        "content.trait_kind",
        "/traits/0/modifiers/0/kind",
    ),
    (
        "a «+» trait that costs food",
        lambda c: trait(c, 0, modifiers=(Modifier(kind="income_food", value=-1),)),
        "content.trait_sign",
        "/traits/0/modifiers/0/value",
    ),
    (
        "a «+» trait that raises a price",
        lambda c: trait(
            c,
            0,
            modifiers=(
                Modifier(kind="income_food", value=1),
                Modifier(kind="hire_price", value=1),
            ),
        ),
        "content.trait_sign",
        "/traits/0/modifiers/1/value",
    ),
    (
        "a «−» trait that lowers a price",
        lambda c: trait(c, AM, modifiers=(Modifier(kind="fortress_cost", value=-1),)),
        "content.trait_sign",
        f"/traits/{AM}/modifiers/0/value",
    ),
    # Victory conditions: references.
    (
        "an unknown region",
        lambda c: victory(c, "rome", 0, region="latina"),
        "content.condition_ref",
        f"{st_at('rome')}/victory/0/region",
    ),
    (
        "an unknown province",
        lambda c: victory(c, "carthage", 1, provinces=("sicilia", "malta")),
        "content.condition_ref",
        f"{st_at('carthage')}/victory/1/provinces/1",
    ),
    (
        "eliminating oneself",
        lambda c: victory(c, "macedon", 0, state="macedon"),
        "content.condition_ref",
        f"{st_at('macedon')}/victory/0/state",
    ),
    (
        "eliminating an unknown state",
        lambda c: victory(c, "gaul", 0, state="scythia"),
        "content.condition_ref",
        f"{st_at('gaul')}/victory/0/state",
    ),
    # Victory conditions: thresholds.
    (
        "food met at the start",
        lambda c: victory(c, "egypt", 1, n=5),
        "content.condition_threshold",
        f"{st_at('egypt')}/victory/1/n",
    ),
    (
        "more ships than ship cards",
        lambda c: victory(c, "carthage", 0, n=9),
        "content.condition_threshold",
        f"{st_at('carthage')}/victory/0/n",
    ),
    (
        "more sciences than there are",
        lambda c: victory(c, "egypt", 0, n=11),
        "content.condition_threshold",
        f"{st_at('egypt')}/victory/0/n",
    ),
    (
        "more Italian provinces than in play at 2 players",
        lambda c: victory(c, "rome", 0, n_by_players=(4, 6, 6, 6, 6)),
        "content.condition_threshold",
        f"{st_at('rome')}/victory/0/n_by_players/0",
    ),
    (
        "more provinces than in play at 6 players",
        lambda c: victory(c, "rome", 1, n_by_players=(8, 9, 10, 11, 43)),
        "content.condition_threshold",
        f"{st_at('rome')}/victory/1/n_by_players/4",
    ),
    (
        "a threshold table too short",
        lambda c: victory(c, "rome", 1, n_by_players=(8, 9, 10)),
        "content.condition_threshold",
        f"{st_at('rome')}/victory/1/n_by_players",
    ),
    (
        "holding the own capital only",
        lambda c: victory(c, "macedon", 1, n_by_players=(), n=1),
        "content.condition_threshold",
        f"{st_at('macedon')}/victory/1/n",
    ),
    (
        "two enemy capitals at 2 players",
        lambda c: state(
            c, "persia", victory=(Condition(kind="hold_capitals", n_by_players=(2, 2, 2, 3, 3)),)
        ),
        "content.condition_threshold",
        f"{st_at('persia')}/victory/0/n_by_players/0",
    ),
    (
        "hold_all of a province not in play at 2 players",
        lambda c: victory(c, "carthage", 1, provinces=("sicilia", "sardinia", "baetica")),
        "content.condition_threshold",
        f"{st_at('carthage')}/victory/1/provinces/2",
    ),
    (
        "hold_all of nothing",
        lambda c: victory(c, "persia", 0, provinces=()),
        "content.condition_threshold",
        f"{st_at('persia')}/victory/0/provinces",
    ),
    # The map trimmed by player count.
    (
        "the Ionian Sea only from 3 players",
        lambda c: sea(c, "ionian", min_players=3),
        "content.connected",
        p_at("cyrenaica"),
    ),
    (
        "the Ionian Sea closed to ships",
        lambda c: sea(c, "ionian", storm=6),
        "content.connected",
        p_at("cyrenaica"),
    ),
    (
        "Dacia cut off",
        lambda c: prov(
            prov(prov(c, "dacia", land=()), "moesia", land=("illyria", "macedonia", "thracia")),
            "illyria",
            land=("cisalpina", "epirus", "macedonia", "moesia"),
        ),
        "content.connected",
        p_at("dacia"),
    ),
]


def test_the_default_pack_passes() -> None:
    check_content(load())


@pytest.mark.parametrize(
    ("mutate", "rule", "pointer"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_refused(mutate: Mutation, rule: str, pointer: str) -> None:
    with pytest.raises(InvalidState) as err:
        check_content(mutate(load()))
    assert (err.value.code, err.value.pointer) == (f"ancient-wargame.{rule}", pointer)


def test_every_code_has_a_case() -> None:
    tested = {f"ancient-wargame.{rule}" for _, _, rule, _ in CASES}
    assert tested == {c.code for c in CONTENT_CODES}


def test_connectivity_reader() -> None:
    c = load()
    assert unreached(c, 2) == ()
    cut = sea(c, "ionian", min_players=3)
    assert {p.id for p in unreached(cut, 2)} == {
        "cyrenaica",
        "macedonia",
        "achaea",
        "syria",
        "aegyptus",
        "mesopotamia",
        "babylonia",
        "persis",
    }


def test_codes_quote_the_rulebook() -> None:
    """Each code's section is a heading of the rulebook and its paragraph a phrase of it."""
    text = rulebook("ancient-wargame.ru.txt").read_text(encoding="utf-8")
    headings = {line.strip() for line in text.splitlines()}
    for rc in CONTENT_CODES:
        assert rc.section in headings, rc.code
        assert rc.paragraph in text, rc.code
