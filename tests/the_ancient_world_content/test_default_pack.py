"""The default content pack of The Ancient World (``data/default.json``) against the rulebook.

The pack is Arbiter's own approximation of the printed cards; these tests pin what the rulebook
fixes (component counts, starting cards, the capital, the special cards, the rulebook's worked
examples) and that every symbol of the content type is used.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import get_args

import msgspec
import pytest

from arbiter.core.provenance import origins
from arbiter.games.the_ancient_world import content as content_module
from arbiter.games.the_ancient_world.content import (
    TRIBES,
    AncientWorldContent,
    ArmyIcons,
    Capital,
    CardAction,
    Effect,
    EmpireCard,
    Symbols,
    cards,
)

PACK = Path(content_module.__file__).parent / "data" / "default.json"

#: «Уточнения карт»: the special cards' Russian names as printed in the rulebook.
SPECIAL_NAMES_RU: dict[str, str] = {
    "aqueduct": "Акведук",
    "great_archivists": "Большие архивариусы",
    "scribes_guild": "Гильдия писцов",
    "zorsk_playwrights": "Зорские драматурги",
    "desert_caravan": "Караван в пустыне",
    "crane": "Кран",
    "cryptic_ship": "Криптический корабль",
    "forest_refuge": "Лесное убежище",
    "bridge": "Мост",
    "remote_outpost": "Отдалённый аванпост",
    "moon_festival": "Праздник луны",
    "town_hall": "Ратуша",
    "trade_city": "Торговый город",
}
ACTION_EFFECTS = {
    "desert_caravan",
    "cryptic_ship",
    "forest_refuge",
    "bridge",
    "town_hall",
    "trade_city",
}


@cache
def pack() -> AncientWorldContent:
    return msgspec.json.decode(PACK.read_bytes(), type=AncientWorldContent)


def symbol_cards() -> list[tuple[str, Symbols]]:
    c = pack()
    return (
        [(e.id, e.symbols) for e in c.empire]
        + [(t.id, t.symbols) for t in c.titans]
        + [(p.id, p.symbols) for p in c.provinces]
    )


def all_actions() -> list[CardAction]:
    c = pack()
    cards = [*c.empire, *c.titans, *c.provinces]
    return [card.action for card in cards if card.action is not None]


def by_name(name: str) -> list[EmpireCard]:
    return [e for e in pack().empire if e.name == name]


def test_decodes_strictly() -> None:
    c = pack()
    assert c.name == "Default pack (Arbiter's own approximation)"
    # Re-encoding and decoding gives the same content (no field is lost or unknown).
    assert msgspec.json.decode(msgspec.json.encode(c), type=AncientWorldContent) == c


def test_component_counts() -> None:
    c = pack()
    assert Counter(e.deck for e in c.empire) == {"start": 2, "A": 45, "B": 47}
    assert Counter(a.deck for a in c.armies) == {"start": 2, "army": 25}
    assert len(c.titans) == 20
    assert len(c.provinces) == 11
    stars = Counter(t.stars for t in c.titans)
    assert set(stars) == {1, 2, 3}
    assert all(n > 0 for n in stars.values())


def test_ids_unique_and_readable() -> None:
    c = pack()
    ids = [x.id for x in (*c.empire, *c.armies, *c.titans, *c.provinces)]
    assert len(ids) == len(set(ids))
    for card_id in ids:
        assert re.fullmatch(r"[A-Z][0-9]*(-[0-9]{2})?(-[a-z0-9]+)+", card_id), card_id
    for e in c.empire:
        assert e.id.startswith({"start": "S", "A": "A", "B": "B"}[e.deck])
    for t in c.titans:
        assert t.id.startswith(f"T{t.stars}-")
    assert all(p.id.startswith("P") for p in c.provinces)
    assert all(a.id.startswith("M") for a in c.armies if a.deck == "army")


def test_every_card_has_both_names() -> None:
    c = pack()
    for card in (*c.empire, *c.armies, *c.titans, *c.provinces):
        assert card.name
        assert card.name_ru


def test_starting_cards() -> None:
    c = pack()
    empire = {e.id: e for e in c.empire}
    armies = {a.id: a for a in c.armies}
    assert len(c.starting_empire) == 2
    assert len(c.starting_armies) == 2
    assert {empire[i].deck for i in c.starting_empire} == {"start"}
    assert {armies[i].deck for i in c.starting_armies} == {"start"}
    assert {e.id for e in c.empire if e.deck == "start"} == set(c.starting_empire)
    assert {a.id for a in c.armies if a.deck == "start"} == set(c.starting_armies)
    assert {(empire[i].name, empire[i].name_ru) for i in c.starting_empire} == {
        ("Fishing Dock", "Рыбное место"),
        ("Wheat Fields", "Пшеничные поля"),
    }
    assert {(armies[i].name, armies[i].name_ru) for i in c.starting_armies} == {
        ("City Guard", "Городская стража"),
        ("Militia", "Ополчение"),
    }
    # «В начале игры каждый участник получает 1 еду от столицы и 2 еды от двух стартовых карт».
    assert [empire[i].symbols.food for i in c.starting_empire] == [1, 1]
    assert c.capital.symbols.food + sum(empire[i].symbols.food for i in c.starting_empire) == 3


def test_capital_is_the_rulebooks() -> None:
    assert pack().capital == Capital()
    assert Capital().symbols == Symbols(space=4, army_limit=2, food=1, income_coins=5)


def test_dice() -> None:
    dice = pack().dice
    assert len(dice) == 3
    assert all(len(die) == 6 for die in dice)
    assert {face for die in dice for face in die} == {"titan", "coin", "blank"}


def test_each_effect_exactly_once() -> None:
    effects = Counter(e.effect for e in pack().empire if e.effect is not None)
    assert effects == dict.fromkeys(get_args(Effect), 1)
    for e in pack().empire:
        if e.effect is None:
            continue
        assert e.deck in ("A", "B")
        assert e.name_ru == SPECIAL_NAMES_RU[e.effect]
        if e.effect in ACTION_EFFECTS:
            assert e.action is not None, e.id


def test_great_archivists_symbols() -> None:
    (card,) = [e for e in pack().empire if e.effect == "great_archivists"]
    assert card.symbols.income_coins == 1
    assert card.symbols.extra_explore == 2


def test_citadel() -> None:
    (citadel,) = by_name("Citadel")
    assert citadel.name_ru == "Цитадель"
    assert citadel.scoring is not None
    assert citadel.scoring.tribe == "red"
    # «Имея «Цитадель» и 5 красных знамён, Светлана получает 3 дополнительных победных очка».
    assert citadel.scoring.points[5] == 3
    assert citadel.scoring.points[0] == 0
    assert list(citadel.scoring.points) == sorted(citadel.scoring.points)


def test_banner_bonuses_one_per_tribe() -> None:
    bonuses = [e.scoring for e in pack().empire if e.scoring is not None]
    assert sorted(b.tribe for b in bonuses) == sorted(TRIBES)


def test_rulebook_fight_example_cards() -> None:
    c = pack()
    (stone,) = [t for t in c.titans if t.name == "Stone Creature"]
    assert stone.name_ru == "Каменное существо"
    assert stone.defence == 8
    assert stone.arrows_count is True
    assert len(stone.symbols.banners) == 2
    (mercian,) = [a for a in c.armies if a.name == "Mercian Army"]
    assert mercian.name_ru == "Меркианское войско"
    assert (mercian.face.arrows, mercian.face.swords) == (3, 1)


def test_duplicates_in_both_decks() -> None:
    c = pack()
    for deck in ("A", "B"):
        names = Counter(e.name for e in c.empire if e.deck == deck)
        assert sum(1 for n in names.values() if n > 1) >= 3
    # Apart from duplicates within a deck, names are not shared between kinds of card.
    a_names = {e.name for e in c.empire if e.deck == "A"}
    b_names = {e.name for e in c.empire if e.deck == "B"}
    assert not a_names & b_names


def test_every_empire_card_shows_a_banner() -> None:
    # «Каждая карта империи приносит одно или несколько знамён».
    assert all(e.symbols.banners for e in pack().empire)


@pytest.mark.parametrize(
    "field",
    [f for f in Symbols.__struct_fields__ if f != "banners"],
)
def test_every_symbol_on_several_cards(field: str) -> None:
    assert sum(1 for _, s in symbol_cards() if getattr(s, field) > 0) >= 3


def test_banners_of_every_tribe() -> None:
    shown = Counter(t for _, s in symbol_cards() for t in s.banners)
    assert set(shown) == set(TRIBES)
    assert all(n >= 10 for n in shown.values())
    # Deck A and deck B each spread their banners fairly over the five tribes.
    for deck in ("A", "B"):
        per = Counter(t for e in pack().empire if e.deck == deck for t in e.symbols.banners)
        assert max(per.values()) - min(per.values()) <= 2


def test_space_only_from_provinces_titans_and_capital() -> None:
    c = pack()
    assert all(e.symbols.space == 0 for e in c.empire)
    assert all(p.symbols.space >= 1 for p in c.provinces)
    assert all(t.symbols.space >= 1 for t in c.titans)
    assert any(p.symbols != Symbols(space=p.symbols.space) or p.action for p in c.provinces)


@pytest.mark.parametrize("field", CardAction.__struct_fields__)
def test_every_action_field_used(field: str) -> None:
    assert sum(1 for a in all_actions() if getattr(a, field) > 0) >= 2


@pytest.mark.parametrize("field", ArmyIcons.__struct_fields__)
def test_every_army_icon_on_faces_and_backs(field: str) -> None:
    armies = [a for a in pack().armies if a.deck == "army"]
    assert sum(1 for a in armies if getattr(a.face, field) > 0) >= 3
    assert any(getattr(a.experience, field) > 0 for a in armies)


def test_army_cards() -> None:
    armies = [a for a in pack().armies if a.deck == "army"]
    assert all(a.experience != ArmyIcons() for a in armies)
    assert all(a.face.swords + a.face.arrows > 0 for a in armies)
    assert any(a.cost_coins == 0 for a in armies)
    assert any(a.cost_coins > 0 for a in armies)


def test_titans() -> None:
    c = pack()
    for stars in (1, 2, 3):
        deck = [t for t in c.titans if t.stars == stars]
        assert deck
        assert {t.arrows_count for t in deck} == {True, False}
    for t in c.titans:
        # One destruction die per banner; only three dice exist.
        assert 1 <= len(t.symbols.banners) <= 3, t.id
        assert t.defence > 0
    # Harder decks defend better.
    top = {s: max(t.defence for t in c.titans if t.stars == s) for s in (1, 2, 3)}
    low = {s: min(t.defence for t in c.titans if t.stars == s) for s in (1, 2, 3)}
    assert top[1] < low[2] and top[2] < low[3]


def test_costs_deck_b_dearer() -> None:
    c = pack()

    def mean_cost(deck: str) -> float:
        cards = [e for e in c.empire if e.deck == deck]
        return sum(e.cost_coins + 3 * e.cost_knowledge for e in cards) / len(cards)

    assert all(e.cost_coins == e.cost_knowledge == 0 for e in c.empire if e.deck == "start")
    assert all(e.cost_coins + e.cost_knowledge > 0 for e in c.empire if e.deck != "start")
    assert mean_cost("B") > mean_cost("A")


def test_provenance() -> None:
    c = pack()
    text = " ".join(f"{p.source} {p.notes}" for p in c.provenance)
    assert "Arbiter's own" in text
    assert "rulebook" in text.lower()


# ------------------------------------------------------------------- labels per value


def sourced_values(key: str) -> set[str]:
    """The values of card ``key`` the pack's labels say a source gives."""
    return {
        v.path
        for v in origins(cards(pack()), pack().labels)
        if v.card == key and v.origin == "sourced"
    }


#: The numbers «Уточнения карт» names, as the pack writes them (every other number is ours).
SPECIAL_NUMBERS: dict[str, set[str]] = {
    "great_archivists": {"symbols/income_coins", "symbols/extra_explore"},  # 1 coin; 2 more cards
    "cryptic_ship": {"action/gain_coins"},  # «получаете 2 монеты»
    "town_hall": {"action/gain_knowledge"},  # «получаете 1 знание»
}


def test_each_value_the_rulebook_gives_is_labelled_sourced_and_no_other() -> None:
    c = pack()
    for e in c.empire:
        key = f"empire/{e.id}"
        if e.effect is not None:
            numbers = SPECIAL_NUMBERS.get(e.effect, set())
            action = {"action"} if e.effect in ACTION_EFFECTS and not numbers else set()
            assert sourced_values(key) == {"name_ru", "effect"} | numbers | action, e.id
        elif e.deck == "start":  # «Подготовка к игре»; 1 food each («Конец раунда»)
            assert sourced_values(key) == {"name", "name_ru", "deck", "symbols/food"}
        elif e.name_ru == "Цитадель":  # «Конец игры»: 5 red banners, 3 points
            assert sourced_values(key) == {"name_ru", "scoring/tribe", "scoring/points/5"}
        else:
            assert sourced_values(key) == set(), e.id
    assert sourced_values("capital") == {
        "symbols/space",
        "symbols/army_limit",
        "symbols/food",
        "symbols/income_coins",
    }
    mercian = next(a for a in c.armies if a.name_ru == "Меркианское войско")
    assert sourced_values(f"armies/{mercian.id}") == {"name_ru", "face/swords", "face/arrows"}
    stone = next(t for t in c.titans if t.name_ru == "Каменное существо")
    assert sourced_values(f"titans/{stone.id}") == {"name_ru", "defence", "arrows_count"}
    assert all(sourced_values(f"provinces/{p.id}") == set() for p in c.provinces)
    assert all(sourced_values(f"dice/{n}") == set() for n in range(1, len(c.dice) + 1))
