"""Every content pack of The Ancient World has a bounded cost.

Every card of a pack lies somewhere in every state of its games, a titan rolls a die per banner,
and a process keeps the packs it was sent: a pack is refused while it is decoded, with a JSON
pointer to the member that breaks a bound; and a pack at every limit sets up and plays with answers
of a bounded size.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from arbiter.api.problems import from_validation
from arbiter.core import InvalidState
from arbiter.games.the_ancient_world import content_limits as lim
from arbiter.games.the_ancient_world.content import TRIBES, AncientWorldContent
from arbiter.games.the_ancient_world.game import TheAncientWorld, load_default_content

Pack = dict[str, Any]


def default_pack() -> Pack:
    """The default pack as plain JSON data, to edit."""
    pack: Pack = msgspec.json.decode(msgspec.json.encode(load_default_content()))
    return pack


def register(game: TheAncientWorld, pack: Pack) -> str:
    """The library's path of ``POST /v1/games/the-ancient-world/content``."""
    data = msgspec.json.encode(pack)
    return game.register_content(msgspec.json.decode(data, type=AncientWorldContent))


def refusal(pack: Pack) -> str:
    """The pointer of the problem that refuses ``pack``."""
    try:
        register(TheAncientWorld(), pack)
    except msgspec.ValidationError as error:
        return from_validation(error).pointer or ""
    except InvalidState as error:
        return error.pointer
    raise AssertionError("the pack was accepted")


# --------------------------------------------------------------------------- a pack at the limits


def at_limits() -> Pack:
    """A pack with every collection at its longest, every id, name and note at its longest and
    every symbol at its largest: 256 empire, 100 army, 64 titan and 48 province cards, 8 starting
    cards of each kind, 8 dice of 20 faces, 10 banners on every card."""
    symbols = {
        "space": 10,
        "army_limit": 10,
        "swords": 10,
        "arrows": 10,
        "citizen": 5,
        "income_coins": 10,
        "income_knowledge": 10,
        "food": 10,
        "extra_explore": 10,
        "banners": list(TRIBES) * 2,
    }
    action = dict.fromkeys(("cost_coins", "cost_knowledge", "gain_coins", "gain_knowledge"), 10)
    icons = dict.fromkeys(("swords", "arrows", "trophy", "espionage", "rebuild"), 10)

    def card(kind: str, i: int, **fields: Any) -> Pack:
        return {"id": card_id(kind, i), "name": "n" * 120, "name_ru": "и" * 120, **fields}

    starting = lim.MAX_STARTING
    return {
        "name": "n" * 120,
        "provenance": [{"source": "s" * 1000, "notes": "n" * 4000}] * lim.MAX_PROVENANCE,
        "capital": {"symbols": {**symbols, "banners": []}},
        "dice": [["titan", "coin", "blank", "coin"] * 5] * lim.MAX_DICE,
        "empire": [
            card(
                "E",
                i,
                deck="start" if i < starting else "AB"[i % 2],
                cost_coins=30,
                cost_knowledge=30,
                symbols=symbols,
                action=dict(action, rebuild=10),
                scoring={"tribe": "red", "points": [50] * lim.MAX_POINTS},
            )
            for i in range(lim.MAX_EMPIRE)
        ],
        "armies": [
            card(
                "R",
                i,
                deck="start" if i < starting else "army",
                cost_coins=30,
                face=icons,
                experience=icons,
            )
            for i in range(lim.MAX_ARMIES)
        ],
        "titans": [
            card("T", i, stars=1 + i % 3, defence=50, arrows_count=True, symbols=symbols)
            for i in range(lim.MAX_TITANS)
        ],
        "provinces": [
            card("P", i, symbols=symbols, action=action) for i in range(lim.MAX_PROVINCES)
        ],
        "starting_empire": [card_id("E", i) for i in range(starting)],
        "starting_armies": [card_id("R", i) for i in range(starting)],
    }


def card_id(kind: str, i: int) -> str:
    """An id of the longest length: ``E7xxx...``."""
    return f"{kind}{i}".ljust(40, "x")


def test_the_default_pack_is_within_the_limits_and_keeps_its_id() -> None:
    game = TheAncientWorld()
    assert register(game, default_pack()) == game.default_content_id


def test_the_pack_at_the_limits_is_at_them() -> None:
    data = msgspec.json.encode(at_limits())
    pack = msgspec.json.decode(data, type=AncientWorldContent)
    assert len(pack.empire) == lim.MAX_EMPIRE and len(pack.armies) == lim.MAX_ARMIES
    assert len(pack.titans) == lim.MAX_TITANS and len(pack.provinces) == lim.MAX_PROVINCES
    assert len(pack.dice) == lim.MAX_DICE and len(pack.dice[0]) == lim.MAX_FACES
    assert len(pack.titans[0].symbols.banners) == lim.MAX_BANNERS


@pytest.mark.parametrize("players", [2, 4])
def test_a_pack_at_the_limits_sets_up_and_plays_with_bounded_answers(players: int) -> None:
    game = TheAncientWorld()
    cid = register(game, at_limits())
    for seed in range(4):
        state, events = game.resolve_chance(game.new_state(players, seed=seed, content_id=cid))
        rng = random.Random(seed)
        for _ in range(40):
            moves = game.all_legal_moves(state)
            assert len(moves) <= 300
            assert len(msgspec.json.encode(state)) <= 40_960  # every card once, ids of 40
            assert len(msgspec.json.encode(moves)) <= 32_768
            assert len(events) <= 100
            state, events = game.apply_unchecked(state, rng.choice(moves))
            state, more = game.resolve_chance(state)
            events += more


# ----------------------------------------------------------------------- refused at decode time


def edit(change: Callable[[Pack], object]) -> Pack:
    pack = default_pack()
    change(pack)
    return pack


def _symbols(group: str, index: int, **values: object) -> Callable[[Pack], object]:
    return lambda pack: pack[group][index].setdefault("symbols", {}).update(values)


REFUSALS: dict[str, tuple[Callable[[Pack], object], str]] = {
    "20,000 empire cards": (lambda p: p.update(empire=p["empire"] * 213), "/empire"),
    "1,000 army cards": (lambda p: p.update(armies=p["armies"] * 38), "/armies"),
    "500 provinces": (lambda p: p.update(provinces=p["provinces"] * 46), "/provinces"),
    "a card id of 10,000 characters": (
        lambda p: p["empire"][3].update(id="A" * 10_000),
        "/empire/3/id",
    ),
    "a name of a megabyte": (lambda p: p.update(name="n" * 2**20), "/name"),
    "1,000 provenance entries": (
        lambda p: p.update(provenance=p["provenance"] * 334),
        "/provenance",
    ),
    "a titan of 1,000 banners": (
        _symbols("titans", 1, banners=["red"] * 1_000),
        "/titans/1/symbols/banners",
    ),
    "6 citizens on one card": (_symbols("provinces", 2, citizen=6), "/provinces/2/symbols/citizen"),
    "an income of a million coins": (
        lambda p: p.update(capital={"symbols": {"space": 4, "income_coins": 10**6}}),
        "/capital/symbols/income_coins",
    ),
    "a price below zero": (lambda p: p["armies"][4].update(cost_coins=-1), "/armies/4/cost_coins"),
    "a titan of defence 10,000": (
        lambda p: p["titans"][5].update(defence=10_000),
        "/titans/5/defence",
    ),
    "100 dice": (lambda p: p.update(dice=p["dice"] * 34), "/dice"),
    "a die of 1,000 faces": (lambda p: p["dice"][1].extend(["blank"] * 994), "/dice/1"),
    "a points table of 1,000 entries": (
        lambda p: p["empire"][66]["scoring"].update(points=[1] * 1_000),
        "/empire/66/scoring/points",
    ),
    "9 starting empire cards": (
        lambda p: p.update(starting_empire=p["starting_empire"] * 5),
        "/starting_empire",
    ),
}


@pytest.mark.parametrize("case", REFUSALS, ids=list(REFUSALS))
def test_a_pathological_pack_is_refused_at_the_member_that_breaks_a_bound(case: str) -> None:
    change, pointer = REFUSALS[case]
    assert refusal(edit(change)) == pointer


def test_one_more_empire_card_than_the_limit_is_refused() -> None:
    pack = at_limits()
    pack["empire"].append(dict(pack["empire"][-1], id="one-more"))
    assert refusal(pack) == "/empire"
