"""Provenance labels: the shape in core, and every game's default pack labelled honestly.

Every card of every default pack has one label, every value is either sourced (with its source)
or the project's own, and every sourced value whose source is a file at hand is borne out by it
(:mod:`tests.provenance`). A pack without labels -- an owner's, or one written before labels --
still registers, keeps the content id it had, and counts as the owner's edition.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from msgspec import UNSET, UnsetType
from msgspec.structs import replace

from arbiter.core import Game
from arbiter.core.content import content_id
from arbiter.core.provenance import (
    CardLabel,
    Sourced,
    check_labels,
    derived_sourced,
    origins,
    shares,
    value_at,
    values_of,
)
from arbiter.games import registry
from tests.provenance import SHARED, mismatches

GAMES = list(registry())


class Part(msgspec.Struct, frozen=True):
    id: str
    strength: int
    gain: dict[str, int]
    spaces: tuple[dict[str, Any], ...] = ()
    sourced: bool = False


CARDS = (
    ("crew/a-1", Part(id="a-1", strength=2, gain={"silver": 1}, spaces=({"id": "s", "n": 3},))),
    ("crew/b-1", Part(id="b-1", strength=0, gain={})),
)


# ------------------------------------------------------------------------------- the shape


def test_values_are_the_leaves_of_a_cards_json_without_ids() -> None:
    assert values_of(CARDS[0][1]) == ("strength", "gain/silver", "spaces/0/n")
    assert values_of(CARDS[1][1]) == ("strength", "gain", "spaces")  # empty: one value each
    assert value_at(CARDS[0][1], "spaces/0/n") == 3
    with pytest.raises(KeyError):
        value_at(CARDS[0][1], "spaces/1")


def test_an_unlabelled_pack_is_the_owners_edition() -> None:
    assert {v.origin for v in origins(CARDS, UNSET)} == {"edition"}
    assert check_labels(CARDS, UNSET) is None


def test_a_label_sources_the_values_it_names_and_the_rest_is_the_packs_own() -> None:
    rulebook = Sourced(source="rulebook «Набег»", values=("strength", "spaces/0"))
    labels = (CardLabel(card="crew/a-1", sourced=(rulebook,)), CardLabel(card="crew/b-1"))
    assert check_labels(CARDS, labels) is None
    found = {(v.card, v.path): (v.origin, v.source) for v in origins(CARDS, labels)}
    assert found == {
        ("crew/a-1", "strength"): ("sourced", "rulebook «Набег»"),
        ("crew/a-1", "gain/silver"): ("own", ""),
        ("crew/a-1", "spaces/0/n"): ("sourced", "rulebook «Набег»"),
        ("crew/b-1", "strength"): ("own", ""),
        ("crew/b-1", "gain"): ("own", ""),
        ("crew/b-1", "spaces"): ("own", ""),
    }
    (crew,) = shares(CARDS, labels)
    assert (crew.cards, crew.sourced_cards, crew.partly_sourced) == (2, 0, 1)
    assert (crew.values, crew.sourced_values) == (6, 2)
    everything = (CardLabel(card="crew/a-1", sourced=(replace(rulebook, values=("*",)),)),)
    assert shares(CARDS[:1], everything)[0].sourced_cards == 1


def test_the_old_flag_means_a_value_besides_the_names() -> None:
    names = CardLabel(card="crew/a-1", sourced=(Sourced(source="s", values=("name",)),))
    values = CardLabel(card="crew/a-1", sourced=(Sourced(source="s", values=("strength",)),))
    assert not derived_sourced(CARDS[0][1], names)
    assert derived_sourced(CARDS[0][1], values)
    assert not derived_sourced(CARDS[0][1], None)


@pytest.mark.parametrize(
    ("labels", "pointer", "message"),
    [
        ((CardLabel(card="crew/a-1"),), "/labels", "1 have no label, the first 'crew/b-1'"),
        (
            (CardLabel(card="crew/a-1"), CardLabel(card="crew/a-1")),
            "/labels/1",
            "'crew/a-1' is labelled twice",
        ),
        ((CardLabel(card="crew/z-9"),), "/labels/0", "the pack has no card 'crew/z-9'"),
        (
            (
                CardLabel(card="crew/a-1", sourced=(Sourced(source="s", values=("cost",)),)),
                CardLabel(card="crew/b-1"),
            ),
            "/labels/0/sourced/0/values/0",
            "'crew/a-1' has no value 'cost'",
        ),
    ],
)
def test_labels_that_cannot_stand_are_refused(
    labels: tuple[CardLabel, ...], pointer: str, message: str
) -> None:
    problem = check_labels(CARDS, labels)
    assert problem is not None
    assert problem.pointer == pointer
    assert message in problem.message


# ---------------------------------------------------------------------- the default packs


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_card_and_value_of_the_default_pack_is_labelled(
    game: Game[Any, Any, Any, Any],
) -> None:
    pack = game.content(game.default_content_id)
    cards = game.content_cards(pack)
    labels = game.content_labels(pack)
    assert not isinstance(labels, UnsetType), "the default pack carries labels"
    assert check_labels(cards, labels) is None
    assert sorted(label.card for label in labels) == sorted(key for key, _ in cards)
    values = list(origins(cards, labels))
    assert values and {v.origin for v in values} <= {"sourced", "own"}
    assert all(v.source for v in values if v.origin == "sourced")


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_sourced_values_match_the_reference_they_cite(game: Game[Any, Any, Any, Any]) -> None:
    if not SHARED.is_dir():
        pytest.skip(f"needs the team's shared/ folder beside the checkout ({SHARED})")
    pack = game.content(game.default_content_id)
    labels = game.content_labels(pack)
    assert list(mismatches(game.content_cards(pack), labels)) == []
    assert not isinstance(labels, UnsetType)
    cited = [s for label in labels for s in label.sourced if s.reference]
    assert cited, "some sourced values cite a file a machine can check"


def test_a_value_that_differs_from_its_reference_is_caught() -> None:
    if not SHARED.is_dir():
        pytest.skip(f"needs the team's shared/ folder beside the checkout ({SHARED})")
    (raiders,) = [g for g in GAMES if g.id == "raiders-of-scythia"]
    pack = raiders.default_content()
    crew = tuple(replace(c, strength=3) if c.id == "conspirator-1" else c for c in pack.crew)
    found = list(mismatches(raiders.content_cards(replace(pack, crew=crew)), pack.labels))
    assert found == [
        "crew/conspirator-1 strength (reference/raiders_of_scythia/crew.json#/cards/2): "
        "3 is not there"
    ]
    renamed = tuple(replace(c, name_ru="Ростовщица") if c.id == "merchant-1" else c for c in crew)
    found = list(mismatches(raiders.content_cards(replace(pack, crew=renamed)), pack.labels))
    assert (
        "crew/merchant-1 name_ru (rules/raiders-of-scythia.ru.txt): 'Ростовщица' is not in the text"
        in found
    )


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_an_owners_pack_without_labels_loads_as_their_edition(
    game: Game[Any, Any, Any, Any],
) -> None:
    pack = game.default_content()
    raw = msgspec.json.decode(msgspec.json.encode(pack))
    del raw["labels"]  # a pack written before labels existed
    owners = msgspec.json.decode(msgspec.json.encode(raw), type=game.content_type)
    assert game.content_labels(owners) is UNSET
    cid = game.register_content(owners)
    assert cid == content_id(owners) != game.default_content_id
    # its JSON is what it was before labels, so its content id is the one it had
    assert b'"labels"' not in msgspec.json.encode(owners)
    values = origins(game.content_cards(owners), game.content_labels(owners))
    assert {v.origin for v in values} == {"edition"}


# ------------------------------------------------------------------ the former default ids


def before_labels(game: Game[Any, Any, Any, Any]) -> Any:
    """The default pack as it was before labels: no labels, and the Raiders' old flags (its
    Merchant, Tyrant and Vadasz marked sourced for their names, its review settlement not)."""
    pack = replace(game.default_content(), labels=UNSET)
    if game.id != "raiders-of-scythia":
        return pack
    named = ("merchant", "tyrant")
    return replace(
        pack,
        crew=tuple(
            replace(c, sourced=True) if c.id.rsplit("-", 1)[0] in named else c for c in pack.crew
        ),
        heroes=tuple(replace(h, sourced=h.sourced or h.id == "vadasz") for h in pack.heroes),
        settlements=tuple(
            replace(s, sourced=False) if s.id == "cimmeria-east" else s for s in pack.settlements
        ),
    )


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_states_of_the_default_pack_before_labels_play_on(game: Game[Any, Any, Any, Any]) -> None:
    # Labels change the pack's JSON, so its id; every value the rules read stayed as it was.
    (former,) = game.former_default_content_ids
    assert content_id(before_labels(game)) == former != game.default_content_id
    assert game.is_default_content(former)
    state = game.new_state(game.min_players, seed=1, content_id=former)
    assert state.content_id == former
    today = game.new_state(game.min_players, seed=1)
    assert msgspec.structs.replace(state, content_id=today.content_id) == today
    assert game.tables(former) is game.tables(game.default_content_id)
