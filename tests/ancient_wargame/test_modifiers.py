"""Where hero traits and state features act (:mod:`.modifiers`), in the phases of this folder:
an administrator's traits in his province or for his owner, a general's in his province, for
his annexations and against assassins; a prisoner's for nobody; a trait limited to a unit."""

from __future__ import annotations

import msgspec

from arbiter.games.ancient_wargame import economy, espionage, movement, research
from arbiter.games.ancient_wargame.content import Modifier, StateCard, Trait
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.games.ancient_wargame.state import WargameState
from tests.ancient_wargame.helpers import PACK, army, hero_of, player, set_hero, start


def _trait(tid: str, deck: str, *mods: Modifier) -> Trait:
    return Trait(id=tid, deck=deck, name=tid, modifiers=mods)  # type: ignore[arg-type]


EXTRA = (
    _trait("granary", "admin_plus", Modifier(kind="income_food", value=2)),
    _trait("horse-dealer", "admin_plus", Modifier(kind="hire_price", value=-1, unit="cavalry")),
    _trait("scholar", "admin_plus", Modifier(kind="research_dice", value=1)),
    _trait("architect", "admin_plus", Modifier(kind="building_cost", value=-20)),
    _trait("vigilant", "admin_plus", Modifier(kind="sabotage_guard", value=2)),
    _trait("discreet", "admin_plus", Modifier(kind="counter_intel_cost", value=-1)),
    _trait("diplomat", "general_plus", Modifier(kind="annex_cost", value=-2)),
    _trait("forager", "general_plus", Modifier(kind="upkeep", value=-1)),
    _trait("bodyguards", "general_plus", Modifier(kind="assassination_guard", value=2)),
)
FEATURES = (Modifier(kind="fortress_cost", value=-1), Modifier(kind="hire_price", value=-1))
STATES = (
    msgspec.structs.replace(PACK.states[0], features=FEATURES),
    *PACK.states[1:],
)
G2 = AncientWargame(
    default=msgspec.structs.replace(PACK, traits=(*PACK.traits, *EXTRA), states=STATES)
)
T2 = G2.tables(G2.default_content_id)


def table(**plus: str) -> WargameState:
    """Our start, on the pack with these traits: seat 0's ``admin``/``general`` given ``plus``."""
    s = msgspec.structs.replace(start(), content_id=G2.default_content_id)
    for kind, trait in plus.items():
        s = set_hero(s, hero_of(s, 0, kind).id, plus=trait)
    return s


def test_an_administrators_income_trait_counts_in_his_province() -> None:
    s = table(administrator="granary")
    assert economy.income(s, T2, 0) == (5, 3)
    away = set_hero(s, hero_of(s, 0, "administrator").id, province="etruria")
    assert economy.income(away, T2, 0) == (3, 3)
    prisoner = set_hero(s, hero_of(s, 0, "administrator").id, captor=1, province=None)
    assert economy.income(prisoner, T2, 0) == (3, 3)


def test_a_unit_limited_hire_price_trait_changes_that_unit_only() -> None:
    """Rome's feature: mercenaries 1 $ cheaper; the administrator's trait: cavalry 1 $ more
    cheaply still; Latium's infantry cost 2 - 1, its cavalry 3 - 2."""
    s = table(administrator="horse-dealer")
    assert economy.mercenary_price(s, T2, 0, "latium", "infantry") == 1
    assert economy.mercenary_price(s, T2, 0, "latium", "cavalry") == 1


def test_research_dice_and_building_cost_count_for_the_owner() -> None:
    s = table(administrator="scholar")
    s = set_hero(s, hero_of(s, 0, "administrator").id, province="etruria")
    assert research.dice(s, T2, 0) == 3
    s = table(administrator="architect")
    assert economy.building_cost(s, T2, 0, "academy") == 1  # never below 1


def test_state_fortress_cost_feature() -> None:
    assert economy.fortress_cost(table(), T2, 0, "latium") == 4
    assert economy.fortress_cost(table(), T2, 1, "carthago") == 5


def test_a_generals_annex_cost_and_upkeep_traits() -> None:
    s = table(general="diplomat")
    g = hero_of(s, 0, "general")
    assert movement.annex_cost(s, T2, g, "etruria") == 3
    s = army(table(general="forager"), "latium", 0, infantry=3)
    assert economy.upkeep(s, T2, 0) == 2


def test_guards_against_spies() -> None:
    s = table(administrator="vigilant", general="bodyguards")
    s = player(s, 1, buildings=("spy_centre",), money=20)
    s = msgspec.structs.replace(s, spy_order=(1,))
    assert espionage.counter_cost(table(administrator="discreet"), T2, 0) == 1
    from arbiter.games.ancient_wargame.state import D6

    target = hero_of(s, 0, "general").id
    ev: list[object] = []
    missed = espionage._resolve(s, T2, D6(purpose="assassinate", seat=1, at=target), 3, ev)  # type: ignore[arg-type]
    assert any(h.id == target for h in missed.heroes)  # needs 2 + 2
    hit = espionage._resolve(s, T2, D6(purpose="assassinate", seat=1, at=target), 4, ev)  # type: ignore[arg-type]
    assert all(h.id != target for h in hit.heroes)
    kept = espionage._resolve(s, T2, D6(purpose="sabotage", seat=1, at="latium"), 5, ev)  # type: ignore[arg-type]
    assert not kept.provinces[T2.province_index["latium"]].sabotaged  # needs 4 + 2
    done = espionage._resolve(s, T2, D6(purpose="sabotage", seat=1, at="latium"), 6, ev)  # type: ignore[arg-type]
    assert done.provinces[T2.province_index["latium"]].sabotaged


def test_state_cards_unused_features() -> None:
    assert isinstance(STATES[0], StateCard)
