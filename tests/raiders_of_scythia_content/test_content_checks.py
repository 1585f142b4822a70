"""``check_content`` refuses each kind of unplayable pack with its code and pointer.

Each case mutates the default pack with :func:`msgspec.structs.replace` (which skips msgspec's
bounds, as a pack built in code would) and expects exactly one rule code and JSON pointer.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest
from msgspec import UNSET, UnsetType
from msgspec.structs import replace

from arbiter.core import InvalidState
from arbiter.core.provenance import origins
from arbiter.games.raiders_of_scythia.content import (
    Band,
    Dice,
    Items,
    RaidersContent,
    Settlement,
    cards,
)
from arbiter.games.raiders_of_scythia.content_checks import CONTENT_CODES, check_content
from tests.raiders_of_scythia_content.helpers import load

Mutation = Callable[[RaidersContent], RaidersContent]


def at(items: tuple[object, ...], i: int, value: object) -> tuple[object, ...]:
    return (*items[:i], value, *items[i + 1 :])


def settlement(c: RaidersContent, i: int, **changes: object) -> RaidersContent:
    return replace(c, settlements=at(c.settlements, i, replace(c.settlements[i], **changes)))


def every_space(c: RaidersContent, **changes: object) -> RaidersContent:
    return replace(
        c,
        settlements=tuple(
            replace(s, spaces=tuple(replace(sp, **changes) for sp in s.spaces))
            for s in c.settlements
        ),
    )


def quest(c: RaidersContent, i: int, **changes: object) -> RaidersContent:
    return replace(c, quests=at(c.quests, i, replace(c.quests[i], **changes)))


def scheme(c: RaidersContent, i: int, **changes: object) -> RaidersContent:
    return replace(c, schemes=at(c.schemes, i, replace(c.schemes[i], **changes)))


def bands(s: Settlement, j: int, min_strength: int) -> tuple[Band, ...]:
    return tuple(at(s.bands, j, replace(s.bands[j], min_strength=min_strength)))  # type: ignore[arg-type]


def first_space_renamed(c: RaidersContent, new: str) -> RaidersContent:
    s = c.settlements[0]
    return settlement(c, 0, spaces=at(s.spaces, 0, replace(s.spaces[0], id=new)))


def only_two_spaces_outside_four(c: RaidersContent) -> RaidersContent:
    c = every_space(c, four_players_only=True)
    s = c.settlements[0]
    return settlement(c, 0, spaces=tuple(replace(sp, four_players_only=False) for sp in s.spaces))


def greece_first(c: RaidersContent) -> RaidersContent:
    greek = next(s for s in c.settlements if s.region == "greece")
    return replace(c, settlements=(greek, *[s for s in c.settlements if s is not greek]))


CASES: list[tuple[str, Mutation, str, str]] = [
    (
        "crew id twice",
        lambda c: replace(c, crew=at(c.crew, 1, replace(c.crew[1], id=c.crew[0].id))),
        "content.duplicate_id",
        "/crew/1/id",
    ),
    (
        "a raid space named like a settlement",
        lambda c: first_space_renamed(c, "cimmeria-west"),
        "content.duplicate_id",
        "/settlements/0/spaces/0/id",
    ),
    (
        "a quest named like a scheme",
        lambda c: quest(c, 3, id="scheme-01"),
        "content.duplicate_id",
        "/schemes/0/id",
    ),
    (
        "regions out of order",
        lambda c: replace(c, regions=(c.regions[1], c.regions[0], *c.regions[2:])),
        "content.regions",
        "/regions/0/id",
    ),
    (
        "three regions",
        lambda c: replace(c, regions=c.regions[:3]),
        "content.regions",
        "/regions",
    ),
    (
        "a region rolls no die",
        lambda c: replace(
            c, regions=at(c.regions, 0, replace(c.regions[0], dice=Dice(red=0, white=0)))
        ),
        "content.dice",
        "/regions/0/dice",
    ),
    (
        "a settlement override rolls no die",
        lambda c: settlement(c, 2, dice=Dice(red=0, white=0)),
        "content.dice",
        "/settlements/2/dice",
    ),
    (
        "Greece listed first",
        greece_first,
        "content.settlement_order",
        "/settlements/1/region",
    ),
    (
        "first band above 0",
        lambda c: settlement(c, 1, bands=bands(c.settlements[1], 0, 1)),
        "content.bands",
        "/settlements/1/bands/0/min_strength",
    ),
    (
        "bands not rising",
        lambda c: settlement(c, 4, bands=bands(c.settlements[4], 2, 10)),
        "content.bands",
        "/settlements/4/bands/2/min_strength",
    ),
    (
        "a quest with a cost and a discard strength",
        lambda c: quest(c, 0, discard_strength=5),
        "content.quest_cost",
        "/quests/0",
    ),
    (
        "a quest with neither",
        lambda c: quest(c, 1, discard_strength=None),
        "content.quest_cost",
        "/quests/1",
    ),
    (
        "a quest paid in provisions",
        lambda c: quest(c, 0, cost=Items(wagons=1, provisions=2)),
        "content.quest_cost",
        "/quests/0/cost/provisions",
    ),
    (
        "a free quest",
        lambda c: quest(c, 0, cost=Items()),
        "content.quest_cost",
        "/quests/0/cost",
    ),
    (
        "more plunder than the bag",
        lambda c: every_space(c, plunder=4),
        "content.plunder",
        "/settlements",
    ),
    (
        "more grey workers than the box",
        lambda c: every_space(c, worker="grey"),
        "content.workers",
        "/settlements",
    ),
    (
        "more red workers than the box",
        lambda c: every_space(c, worker="red"),
        "content.workers",
        "/settlements",
    ),
    (
        "too few quests for the spaces",
        lambda c: replace(c, quests=c.quests[:19]),
        "content.quest_spaces",
        "/quests",
    ),
    (
        "only 2 raid spaces below 4 players",
        only_two_spaces_outside_four,
        "content.raid_spaces",
        "/settlements",
    ),
    (
        "no settlement takes blue",
        lambda c: replace(
            c,
            settlements=tuple(
                replace(s, workers=tuple(w for w in s.workers if w != "blue") or ("grey",))
                for s in c.settlements
            ),
        ),
        "content.blue_settlement",
        "/settlements",
    ),
    (
        "blue only where the crew is large",
        lambda c: replace(
            c,
            settlements=tuple(
                replace(s, min_crew=3) if "blue" in s.workers else s for s in c.settlements
            ),
        ),
        "content.blue_settlement",
        "/settlements",
    ),
    (
        "a scheme past Persia's solo spaces",
        lambda c: scheme(c, 0, target=5),
        "content.scheme_target",
        "/schemes/0/target",
    ),
    (
        "a scheme target 0",
        lambda c: scheme(c, 2, target=0),
        "content.scheme_target",
        "/schemes/2/target",
    ),
    (
        "chiefs out of order",
        lambda c: replace(c, chiefs=(c.chiefs[1], c.chiefs[0], *c.chiefs[2:])),
        "content.chiefs",
        "/chiefs/0/id",
    ),
    (
        "a chief at the wrong level",
        lambda c: replace(c, chiefs=at(c.chiefs, 1, replace(c.chiefs[1], level=3))),
        "content.chiefs",
        "/chiefs/1/level",
    ),
    (
        "three chiefs",
        lambda c: replace(c, chiefs=c.chiefs[:3]),
        "content.chiefs",
        "/chiefs",
    ),
    (
        "two animals",
        lambda c: replace(c, animals=c.animals[:2]),
        "content.animals",
        "/animals",
    ),
    (
        "24 crew cards",
        lambda c: replace(c, crew=c.crew[:24]),
        "content.crew",
        "/crew",
    ),
    (
        "a card without a label",
        lambda c: replace(c, labels=c.labels[1:]),  # type: ignore[index]
        "content.labels",
        "/labels",
    ),
    (
        "four heroes",
        lambda c: replace(c, heroes=c.heroes[:4]),
        "content.heroes",
        "/heroes",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "rule", "pointer"),
    [pytest.param(m, r, p, id=name) for name, m, r, p in CASES],
)
def test_refuses(mutate: Mutation, rule: str, pointer: str) -> None:
    with pytest.raises(InvalidState) as caught:
        check_content(mutate(load()))
    assert caught.value.code == f"raiders-of-scythia.{rule}"
    assert caught.value.pointer == pointer


def test_every_code_is_tested_and_documented() -> None:
    codes = [c.code for c in CONTENT_CODES]
    assert len(codes) == len(set(codes))
    assert {f"raiders-of-scythia.{rule}" for _, _, rule, _ in CASES} == set(codes)
    for c in CONTENT_CODES:
        assert c.kind == "content"
        assert c.code.startswith("raiders-of-scythia.content.")
        assert c.section
        assert c.description


def test_the_minimum_setup_is_accepted() -> None:
    c = load()
    kept = replace(c, crew=c.crew[:25], heroes=c.heroes[:5], animals=c.animals[:3])
    # Labels of the cards left out would name cards the pack lacks: unlabelled, it is accepted.
    check_content(replace(kept, labels=UNSET))


def test_a_pack_without_labels_is_accepted_as_an_owners_edition() -> None:
    c = replace(load(), labels=UNSET)
    check_content(c)
    assert b'"labels"' not in msgspec.json.encode(c)  # encodes as a pack written before labels
    assert {v.origin for v in origins(cards(c), c.labels)} == {"edition"}


def test_labels_name_only_values_a_card_has() -> None:
    c = load()
    labels = c.labels
    assert not isinstance(labels, UnsetType)
    first = labels[0]
    wrong = replace(first, sourced=(replace(first.sourced[0], values=("strength",)),))
    with pytest.raises(InvalidState) as caught:
        check_content(replace(c, labels=(wrong, *labels[1:])))
    assert caught.value.code == "raiders-of-scythia.content.labels"
    assert caught.value.pointer == "/labels/0/sourced/0/values/0"
    with pytest.raises(InvalidState) as caught:
        check_content(replace(c, labels=(*labels, labels[0])))
    assert caught.value.pointer == f"/labels/{len(labels)}"
