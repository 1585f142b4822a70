"""A submitted table no game could reach is refused (``check_state``): each invariant with its
rule code (``checks.STATE_CODES``) and a JSON pointer to the member that breaks it."""

from __future__ import annotations

import msgspec
import pytest

from arbiter.core import InvalidState
from arbiter.games.ancient_wargame.diplomacy_state import Deal
from arbiter.games.ancient_wargame.state import Army, Fleet, WargameState
from tests.ancient_wargame.helpers import (
    G,
    T,
    army,
    edit,
    hero_of,
    player,
    prov,
    set_hero,
    set_prov,
    ships,
    start,
    troops,
)

S = start()  # turn 1, phase 1: Rome (seat 0) and Carthage (seat 1) dealt
LATIUM = T.province_index["latium"]
TYRRHENIAN = T.sea_index["tyrrhenian"]


def refused(s: WargameState) -> tuple[str, str]:
    with pytest.raises(InvalidState) as refusal:
        G.check_state(s)
    return refusal.value.code.removeprefix("ancient-wargame."), refusal.value.pointer


def test_a_table_the_rules_reach_is_accepted() -> None:
    G.check_state(S)
    G.check_state(ships(army(S, "latium", 0, infantry=3), "tyrrhenian", 0, 2))


def test_the_provinces_and_seas_are_the_packs() -> None:
    assert refused(edit(S, provinces=S.provinces[:-1])) == ("state.shape", "/provinces")
    assert refused(edit(S, seas=S.seas[:-1])) == ("state.shape", "/provinces")


def test_a_province_is_owned_by_a_seat_of_the_game() -> None:
    assert refused(set_prov(S, "latium", owner=2)) == ("state.shape", f"/provinces/{LATIUM}/owner")


def test_a_seat_has_one_army_in_a_province() -> None:
    """The rules keep a seat's soldiers in a province as one army (and read the first)."""
    s = army(S, "latium", 0, infantry=3)
    twice = (*prov(s, "latium").armies, Army(seat=0, troops=troops(archers=1)))
    assert refused(set_prov(s, "latium", armies=twice)) == (
        "state.shape",
        f"/provinces/{LATIUM}/armies/1",
    )


def test_a_seat_has_one_fleet_in_a_sea() -> None:
    """The rules keep a seat's ships in a sea as one fleet (and read the first)."""
    s = ships(S, "tyrrhenian", 0, 2)
    x = s.seas[TYRRHENIAN]
    twice = msgspec.structs.replace(x, fleets=(*x.fleets, Fleet(seat=0, ships=1)))
    seas = tuple(twice if i == TYRRHENIAN else y for i, y in enumerate(s.seas))
    assert refused(edit(s, seas=seas)) == ("state.shape", f"/seas/{TYRRHENIAN}/fleets/1")


def test_every_state_card_is_the_packs_and_dealt_once() -> None:
    assert refused(player(S, 1, state="atlantis")) == ("state.card", "/players/1/state")
    assert refused(player(S, 1, state="rome")) == ("state.card", "/players/1/state")


def test_every_trait_is_the_packs_and_on_one_hero() -> None:
    h0, h1 = hero_of(S, 0, "general"), hero_of(S, 1, "general")
    i1 = S.heroes.index(h1)
    assert refused(set_hero(S, h1.id, plus="no-such-trait")) == ("state.card", f"/heroes/{i1}")
    twice = set_hero(S, h1.id, plus=h0.plus)
    assert refused(twice)[0] == "state.card"


def test_at_most_3_fortresses_and_only_where_someone_owns() -> None:
    at = f"/provinces/{LATIUM}/fortresses"
    G.check_state(set_prov(S, "latium", fortresses=3))  # 3 is the most
    assert refused(set_prov(S, "latium", fortresses=4)) == ("state.fortresses", at)
    neutral = next(x.id for x, p in zip(T.provinces, S.provinces, strict=True) if p.owner is None)
    index = T.province_index[neutral]
    assert refused(set_prov(S, neutral, fortresses=1)) == (
        "state.fortresses",
        f"/provinces/{index}/fortresses",
    )


def test_an_eliminated_seat_has_no_soldiers() -> None:
    s = player(army(S, "latium", 1, infantry=2), 1, eliminated=1)
    j = [a.seat for a in prov(s, "latium").armies].index(1)
    assert refused(s) == ("state.eliminated", f"/provinces/{LATIUM}/armies/{j}")


def test_an_eliminated_seat_has_no_ships() -> None:
    s = player(ships(S, "tyrrhenian", 1, 2), 1, eliminated=1)
    j = [f.seat for f in s.seas[TYRRHENIAN].fleets].index(1)
    assert refused(s) == ("state.eliminated", f"/seas/{TYRRHENIAN}/fleets/{j}")
    x = S.seas[TYRRHENIAN]
    nobody = msgspec.structs.replace(x, fleets=(Fleet(seat=3, ships=1),))  # 2 players
    seas = tuple(nobody if i == TYRRHENIAN else y for i, y in enumerate(S.seas))
    assert refused(edit(S, seas=seas)) == ("state.eliminated", f"/seas/{TYRRHENIAN}/fleets/0")


def test_no_ships_in_a_closed_sea_and_no_more_than_the_ship_cards() -> None:
    syrtis = T.sea_index["syrtis"]  # class 6
    x = S.seas[syrtis]
    closed = msgspec.structs.replace(x, fleets=(Fleet(seat=0, ships=1),))
    seas = tuple(closed if i == syrtis else y for i, y in enumerate(S.seas))
    assert refused(edit(S, seas=seas)) == ("state.ships", f"/seas/{syrtis}")
    most = T.content.ships_per_state
    s = ships(ships(S, "tyrrhenian", 0, most), "ionian", 0, 1)
    assert refused(s) == ("state.ships", "/seas")


def test_a_hero_stands_in_a_province_of_the_pack_or_is_a_prisoner() -> None:
    h = hero_of(S, 0, "general")
    i = S.heroes.index(h)
    assert refused(set_hero(S, h.id, province="atlantis")) == (
        "state.hero",
        f"/heroes/{i}/province",
    )
    assert refused(set_hero(S, h.id, captor=1)) == ("state.hero", f"/heroes/{i}")


def test_wars_are_between_two_seats_and_deals_last_at_most_5_turns() -> None:
    assert refused(edit(S, wars=((1, 0),))) == ("state.diplomacy", "/wars/0")
    assert refused(edit(S, wars=((0, 2),))) == ("state.diplomacy", "/wars/0")
    G.check_state(edit(S, deals=(Deal(a=0, b=1, peace=True, made=1, expires=6),)))
    long = Deal(a=0, b=1, peace=True, made=1, expires=7)
    assert refused(edit(S, deals=(long,))) == ("state.diplomacy", "/deals/0")
