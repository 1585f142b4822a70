"""Scythe in Russian and Polish (issue #40): the default pack's names have their catalog entries,
and texts read like the rulebook (``shared/rules/scythe.ru.txt``) -- its action, resource and
card names, counted nouns in their three plural forms."""

from __future__ import annotations

import msgspec
import pytest

from arbiter.core import IllegalMove, InvalidState
from arbiter.core.texts import term
from arbiter.games.scythe.moves import ChooseSection, Upgrade
from arbiter.games.scythe.names import coins, combat_cards, faction_name, resource
from arbiter.languages import Untranslated, catalog, say
from tests.scythe.helpers import GAME, T, started

DOMAIN = "scythe"
TRANSLATED = ("ru", "pl")


def said(value: str, language: str) -> str:
    return say(value, language, DOMAIN, strict=True)


def pack_terms() -> set[str]:
    """Every name of the default content pack that a text says as a term."""
    content = T.content
    names: set[str] = set()
    for faction in content.factions:
        names |= {faction.name, faction.character, faction_name(faction.id)}
    names |= {faction_name(base.owner) for base in content.board.home_bases}
    names |= {mat.name for mat in content.player_mats}
    names |= {objective.name for objective in T.objectives.values()}
    names |= {territory.terrain for territory in content.board.territories}
    for mat in content.player_mats:
        for section in mat.sections:
            names |= {section.top.name, section.bottom.name, section.bottom.resource}
    names |= {slot.goal for slot in content.triumph_track.slots}
    return names


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_name_of_the_default_pack_has_a_term_entry(language: str) -> None:
    missing = [n for n in sorted(pack_terms()) if catalog(language, DOMAIN).lookup(term(n)) is None]
    assert not missing, f"{language}: no term entry for {missing}"


def test_the_russian_names_are_the_rulebooks() -> None:
    assert said(term("Republic of Polania"), "ru") == "Республика Полания"  # «ГЕРОИ»
    assert said(term("Anna & Wojtek"), "ru") == "Анна и Войтек"
    assert said(term("Deploy"), "ru") == "Ввод в строй"  # «ДЕЙСТВИЕ ВВОДА В СТРОЙ»
    assert said(term("Enlist"), "ru") == "Мобилизация"
    assert said(term("Armory"), "ru") == "Оружейный склад"  # «ЖЕТОНЫ СООРУЖЕНИЙ»
    assert said(term("Riverwalk"), "ru") == "Брод"


@pytest.mark.parametrize(
    ("n", "ru", "pl"),
    [(1, "1 монета", "1 moneta"), (2, "2 монеты", "2 monety"), (5, "5 монет", "5 monet")],
)
def test_coins_have_three_plural_forms(n: int, ru: str, pl: str) -> None:
    assert said(coins(n), "ru") == ru
    assert said(coins(n), "pl") == pl
    assert str(coins(n)) == (f"{n} coin" if n == 1 else f"{n} coins")


@pytest.mark.parametrize(
    ("n", "ru", "pl"),
    [
        (1, "1 карта битвы", "1 karta walki"),
        (2, "2 карты битвы", "2 karty walki"),
        (5, "5 карт битвы", "5 kart walki"),
        (21, "21 карта битвы", "21 kart walki"),
    ],
)
def test_combat_cards_and_metal_are_counted_as_in_the_rulebook(n: int, ru: str, pl: str) -> None:
    assert said(combat_cards(n), "ru") == ru  # «Возьмите 1 карту битвы», «карт битвы»
    assert said(combat_cards(n), "pl") == pl
    assert said(resource("metal", 3), "ru") == "3 металла"  # «3 жетона металла»


def test_a_refusal_in_russian_names_the_factory_card() -> None:
    s = started()
    seat = s.turn.seat
    with pytest.raises(IllegalMove) as refused:
        GAME.check_move(s, ChooseSection(seat=seat, section="factory"))
    assert refused.value.code == "scythe.section.no_factory_card"
    assert str(refused.value.message) == "you have no Factory card («Фактория»)"
    assert said(refused.value.message, "ru") == "у Вас нет карты Фактории («Фактория»)"
    assert said(refused.value.message, "pl") == "nie masz karty Fabryki („Fabryka”)"


def test_a_description_in_russian_uses_the_rulebooks_actions() -> None:
    s = started()
    seat = s.turn.seat
    described = GAME.describe(s, ChooseSection(seat=seat, section="produce"))
    assert str(described).startswith("Choose the section Produce / ")
    russian = said(described, "ru")
    assert russian.startswith("Выбрать секцию Производство / ")
    bottom = T.under(s.players[seat].mat, "produce").name
    assert said(term(bottom), "ru") in russian  # «Улучшение», «Ввод в строй», ...


def test_an_upgrade_reads_like_the_rulebook() -> None:
    s = started()
    seat = s.turn.seat
    move = Upgrade(seat=seat, action="bolster", option=0, to="deploy")
    russian = said(GAME.describe(s, move), "ru")
    assert russian.startswith("Улучшение: повысить Усиление")
    assert "«Ввод в строй»" in russian and "металл" in russian


def test_a_refused_state_is_said_in_every_language() -> None:
    s = started()
    broken = msgspec.structs.replace(
        s, players=(msgspec.structs.replace(s.players[0], power=40), *s.players[1:])
    )
    with pytest.raises(InvalidState) as refused:
        GAME.check_state(broken)
    assert str(refused.value.message) == "power is 0-16"
    assert said(refused.value.message, "ru") == "сила — от 0 до 16"
    assert said(refused.value.message, "pl") == "siła wynosi 0-16"


def test_a_refused_position_is_said_in_every_language() -> None:
    _name, position = GAME.position_examples()[0]
    bad = msgspec.structs.replace(position, seats=position.seats[:1])
    with pytest.raises(InvalidState) as refused:
        GAME.state_of(bad, seed=1)
    assert str(refused.value.message) == "Scythe is played by 2 to 5 seats, not 1"
    assert said(refused.value.message, "ru") == "в Scythe играют от 2 до 5 игроков, а не 1"
    assert said(refused.value.message, "pl") == "w Scythe gra od 2 do 5 graczy, nie 1"


def test_the_rendered_table_has_no_english_left() -> None:
    s = started()
    text = GAME.render_view(GAME.view(s, 0))
    russian = say(text, "ru", DOMAIN)  # the core's «Now:» line is the service catalog's
    assert "Колоды:" in russian and "Планшет игрока" in russian
    assert "Decks" not in russian and " mat" not in russian
    with pytest.raises(Untranslated):
        say("a plain English string", "ru", DOMAIN, strict=True)
