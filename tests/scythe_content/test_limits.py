"""Every Scythe content pack has a bounded cost.

A 44 KB pack with 20,000 starting coins on each mat once made setup answer 80,004 ``give_coins``
moves (4.1 MB). Now a pack is refused while it is decoded, or when it is registered, with a JSON
pointer to the offending member; and a pack at every limit sets up and plays with answers of a
bounded size.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from arbiter.api.problems import from_validation
from arbiter.core import InvalidState
from arbiter.games.scythe import content_limits as lim
from arbiter.games.scythe.content import AXIAL_STEPS, ScytheContent, axial, default_content
from arbiter.games.scythe.content_cards import cards as content_cards
from arbiter.games.scythe.game import Scythe

Pack = dict[str, Any]


def default_pack() -> Pack:
    """The default pack as plain JSON data, to edit."""
    pack: Pack = msgspec.json.decode(msgspec.json.encode(default_content()))
    return pack


def register(game: Scythe, pack: Pack) -> str:
    """The library's path of ``POST /v1/games/scythe/content``: decode, then register."""
    return game.register_content(msgspec.json.decode(msgspec.json.encode(pack), type=ScytheContent))


def refusal(pack: Pack) -> str:
    """The pointer of the problem that refuses ``pack``."""
    try:
        register(Scythe(), pack)
    except msgspec.ValidationError as error:
        return from_validation(error).pointer or ""
    except InvalidState as error:
        return error.pointer
    raise AssertionError("the pack was accepted")


# --------------------------------------------------------------------------- a pack at the limits


def at_limits() -> Pack:
    """A pack with every collection at its longest and every number that makes things big at its
    largest: 128 territories, 112 encounters, 96 objectives, 48 Factory cards, the prose at its
    total; $20 to start, rewards of 10, tracks of 40, a power dial of 20, 10 combat and 10
    objective cards dealt to each player, 40 combat cards of each power."""
    pack = default_pack()
    pack["name"] = "n" * 120
    pack["components"] = dict.fromkeys(pack["components"], 999)
    pack["provenance"] = [
        {
            "part": "pack",
            "confidence": "low",
            "sources": ["s"] * lim.MAX_SOURCES,
            "notes": ["n"] * lim.MAX_NOTES,
        }
        for _ in range(lim.MAX_PROVENANCE)
    ]
    pack["doubts"] = [
        {
            "part": "pack",
            "item": "i",
            "values": ["v"] * lim.MAX_DOUBT_VALUES,
            "resolution": "r",
            "basis": "open",
            "rulebook": "q",
        }
        for _ in range(lim.MAX_DOUBTS)
    ]
    short = lim.MAX_PROVENANCE * (lim.MAX_SOURCES + lim.MAX_NOTES)
    short += lim.MAX_DOUBTS * (3 + lim.MAX_DOUBT_VALUES)
    for doubt in pack["doubts"][: (lim.MAX_PROSE - short) // 1999]:
        doubt["resolution"] = "r" * 2000
    _fill_the_board(pack["board"])
    pack["tracks"] = {"popularity_max": 40, "power_max": 40, "power_dial_max": 20}
    pack["scoring"]["tiers"][-1]["max"] = 40
    for mat in pack["player_mats"]:
        mat.update(coins=20, popularity=40, objective_cards=10)
        for section in mat["sections"]:
            top = section["top"]
            top["options"] = [dict(o, amount=10, upgraded=10) for o in top["options"]] * 2
            section["bottom"].update(cost=10, upgrade_slots=10, coins=10)
    for faction in pack["factions"]:
        faction.update(power=40, combat_cards=10, name="n" * 120, character="c" * 120)
    pack["combat_cards"] = [{"value": v, "count": 40} for v in (2, 3, 4, 5)]
    track = pack["triumph_track"]
    track.update(stars=12, combat_stars=12, objective_stars=12, slots=track["slots"] * 2)
    big = {"coins": 10, "power": 10}  # MAX_REWARD_UNITS
    encounters, objectives, factory = pack["encounters"], pack["objectives"], pack["factory_cards"]
    pack["encounters"] = [
        dict(encounters[i % len(encounters)], id=i + 1, options=[{"cost": {}, "reward": big}] * 3)
        for i in range(lim.MAX_ENCOUNTERS)
    ]
    pack["objectives"] = [
        dict(objectives[i % len(objectives)], id=i + 1) for i in range(lim.MAX_OBJECTIVES)
    ]
    pack["factory_cards"] = [
        dict(card, id=i + 1, top=dict(card["top"], choices=[big] * lim.MAX_FACTORY_CHOICES))
        for i, card in enumerate(factory * 4)
    ]
    # A provenance label of every card, each citing a source of the longest length.
    cards = content_cards(msgspec.json.decode(msgspec.json.encode(pack), type=ScytheContent))
    pack["labels"] = [
        {"card": key, "sourced": [{"source": "s" * 400, "values": ["*"]}]} for key, _ in cards
    ]
    return pack


def _fill_the_board(board: Pack) -> None:
    """Tunnel territories with encounters below the printed board, joined as hexes, up to 128:
    every tunnel is next to every other, so a unit on one may step to any of them."""
    cells = [(row, col) for row in range(10, 31) for col in range(8)]
    cells = cells[: lim.MAX_TERRITORIES - len(board["territories"])]
    names = {axial(row, col): f"r{row}c{col}" for row, col in cells}
    terrains = ("farm", "forest", "mountain", "tundra", "village")
    for i, (row, col) in enumerate(cells):
        q, r = axial(row, col)
        neighbours = [
            {"to": names[(q + dq, r + dr)], "direction": direction, "river": False}
            for direction, (dq, dr) in AXIAL_STEPS.items()
            if (q + dq, r + dr) in names
        ]
        board["territories"].append(
            {
                "id": names[(q, r)],
                "terrain": terrains[i % 5],
                "row": row,
                "col": col,
                "tunnel": True,
                "encounter": True,
                "neighbours": neighbours,
            }
        )


def test_the_default_pack_is_within_the_limits_and_keeps_its_id() -> None:
    game = Scythe()
    assert register(game, default_pack()) == game.default_content_id


def test_the_pack_at_the_limits_is_at_them() -> None:
    pack = msgspec.json.decode(msgspec.json.encode(at_limits()), type=ScytheContent)
    assert len(pack.board.territories) == lim.MAX_TERRITORIES
    assert len(pack.encounters) == lim.MAX_ENCOUNTERS
    assert len(pack.objectives) == lim.MAX_OBJECTIVES
    assert len(pack.factory_cards) == lim.MAX_FACTORY_CARDS
    assert len(pack.triumph_track.slots) == lim.MAX_TRIUMPH_SLOTS
    assert len(pack.provenance) == lim.MAX_PROVENANCE and len(pack.doubts) == lim.MAX_DOUBTS
    assert max(len(o.neighbours) for o in pack.board.territories) == lim.MAX_NEIGHBOURS


@pytest.mark.parametrize("players", [2, 5])
def test_a_pack_at_the_limits_sets_up_and_plays_with_bounded_answers(players: int) -> None:
    game = Scythe()
    cid = register(game, at_limits())
    for seed in range(4):
        state, events = game.resolve_chance(game.new_state(players, seed=seed, content_id=cid))
        rng = random.Random(seed)
        for _ in range(40):
            moves = game.all_legal_moves(state)
            assert len(moves) <= 500  # the unbounded pack: 80,004 at setup
            assert len(msgspec.json.encode(state)) <= 16_384
            assert len(msgspec.json.encode(moves)) <= 32_768  # the unbounded pack: 4.1 MB
            assert len(events) <= 400  # each change of the table is an event
            state, events = game.apply_unchecked(state, rng.choice(moves))
            state, more = game.resolve_chance(state)
            events += more


# ----------------------------------------------------------------------- refused at decode time


def edit(change: Callable[[Pack], object]) -> Pack:
    pack = default_pack()
    change(pack)
    return pack


def _mat(**values: object) -> Callable[[Pack], object]:
    return lambda pack: pack["player_mats"][1].update(values)


def _faction(**values: object) -> Callable[[Pack], object]:
    return lambda pack: pack["factions"][2].update(values)


DECODE_REFUSALS: dict[str, tuple[Callable[[Pack], object], str]] = {
    "the review's 20,000 starting coins": (_mat(coins=20_000), "/player_mats/1/coins"),
    "negative coins": (_mat(coins=-1), "/player_mats/1/coins"),
    "500 objective cards dealt": (_mat(objective_cards=500), "/player_mats/1/objective_cards"),
    "3,000 combat cards dealt": (_faction(combat_cards=3_000), "/factions/2/combat_cards"),
    "a million power": (_faction(power=10**6), "/factions/2/power"),
    "a top-row reward of 100,000": (
        lambda p: p["player_mats"][0]["sections"][2]["top"]["options"][1].update(amount=100_000),
        "/player_mats/0/sections/2/top/options/1/amount",
    ),
    "a power dial of a million": (
        lambda p: p["tracks"].update(power_dial_max=10**6),
        "/tracks/power_dial_max",
    ),
    "an encounter paying 1,000 coins": (
        lambda p: p["encounters"][3]["options"][0]["reward"].update(coins=1_000),
        "/encounters/3/options/0/reward/coins",
    ),
    "a million combat cards": (
        lambda p: p["combat_cards"][0].update(count=10**6),
        "/combat_cards/0/count",
    ),
    "a combat card of power 9": (
        lambda p: p["combat_cards"][0].update(value=9),
        "/combat_cards/0/value",
    ),
    "resources paid in payouts of 0": (
        lambda p: p["scoring"].update(resources_per_payout=0),
        "/scoring/resources_per_payout",
    ),
    "3,000 encounter cards": (
        lambda p: p.update(encounters=p["encounters"] * 108),
        "/encounters",
    ),
    "1,000 objective cards": (
        lambda p: p.update(objectives=p["objectives"] * 44),
        "/objectives",
    ),
    "a board of 1,000 territories": (
        lambda p: p["board"].update(territories=p["board"]["territories"] * 22),
        "/board/territories",
    ),
    "a territory with 7 neighbours": (
        lambda p: p["board"]["territories"][0]["neighbours"].extend(
            p["board"]["territories"][1]["neighbours"][:7]
        ),
        "/board/territories/0/neighbours",
    ),
    "a name of a megabyte": (lambda p: p.update(name="n" * 2**20), "/name"),
    "a territory id of 10,000 characters": (
        lambda p: p["board"]["territories"][5].update(id="r" * 10_000),
        "/board/territories/5/id",
    ),
}


@pytest.mark.parametrize("case", DECODE_REFUSALS, ids=list(DECODE_REFUSALS))
def test_a_pathological_pack_is_refused_at_the_member_that_breaks_a_bound(case: str) -> None:
    change, pointer = DECODE_REFUSALS[case]
    assert refusal(edit(change)) == pointer


def test_a_nesting_10000_deep_is_refused_at_its_first_level() -> None:
    data = msgspec.json.encode(dict(default_pack(), name="DEEP"))
    data = data.replace(b'"DEEP"', b"[" * 10_000 + b"1" + b"]" * 10_000)
    with pytest.raises(msgspec.ValidationError) as error:
        msgspec.json.decode(data, type=ScytheContent)
    assert from_validation(error.value).pointer == "/name"


def test_one_more_territory_than_the_limit_is_refused() -> None:
    pack = at_limits()
    pack["board"]["territories"].append(dict(pack["board"]["territories"][-1], id="r30c7"))
    assert refusal(pack) == "/board/territories"


# ---------------------------------------------------------------------- refused when registered


def _prose(pack: Pack) -> None:
    """60 doubts of 2,001 characters: the 50th (``/doubts/49``) passes 100,000."""
    pack["provenance"] = []
    doubt = {"part": "pack", "item": "i", "values": [], "resolution": "r" * 2000, "basis": "open"}
    pack["doubts"] = [doubt] * 60


def _no_nordic_base(pack: Pack) -> None:
    for base in pack["board"]["home_bases"]:
        if base["owner"] == "nordic":
            base["owner"] = "albion"


REGISTER_REFUSALS: dict[str, tuple[Callable[[Pack], object], str]] = {
    "starting power above the track": (_faction(power=17), "/factions/2/power"),
    "starting popularity above the track": (_mat(popularity=19), "/player_mats/1/popularity"),
    "more upgrade slots than cost": (
        lambda p: p["player_mats"][4]["sections"][3]["bottom"].update(upgrade_slots=5),
        "/player_mats/4/sections/3/bottom/upgrade_slots",
    ),
    "a reward of 30 units": (
        lambda p: p["encounters"][7]["options"][2].update(
            reward={"coins": 10, "power": 10, "popularity": 10}
        ),
        "/encounters/7/options/2/reward",
    ),
    "more combat stars than stars": (
        lambda p: p["triumph_track"].update(combat_stars=7),
        "/triumph_track/combat_stars",
    ),
    "120,000 characters of prose": (_prose, "/doubts/49"),
    "popularity 13 without a tier": (
        lambda p: p["scoring"]["tiers"][2].update(min=14),
        "/scoring/tiers/2",
    ),
    "a neighbour off the board": (
        lambda p: p["board"]["territories"][3]["neighbours"][1].update(to="r99c99"),
        "/board/territories/3/neighbours/1/to",
    ),
    "a territory twice": (
        lambda p: p["board"]["territories"].append(p["board"]["territories"][0]),
        "/board/territories/47/id",
    ),
    "a faction without its home base": (_no_nordic_base, "/factions/0/id"),
}


@pytest.mark.parametrize("case", REGISTER_REFUSALS, ids=list(REGISTER_REFUSALS))
def test_a_pack_whose_members_break_a_bound_together_is_refused(case: str) -> None:
    change, pointer = REGISTER_REFUSALS[case]
    assert refusal(edit(change)) == pointer
