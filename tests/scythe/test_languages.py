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
from arbiter.games.scythe.state import ScytheState
from arbiter.languages import Untranslated, catalog, say
from tests.scythe.helpers import GAME, T, clear_board, player, resources, started

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


def finished() -> ScytheState:
    """«Подсчет очков в конце игры»'s example (10 popularity, a star, 13 resource tokens) for seat
    0; seat 1 on the Factory («Фактория считается как 3 территории»)."""
    s = clear_board(started(tile="on_tunnels"))
    s = player(s, 0, popularity=10, coins=5, stars=("combat",), workers=("r1c5",))
    s = player(s, 1, popularity=0, coins=0, workers=(T.factory,))
    s = resources(s, "r1c5", food=13)
    return msgspec.structs.replace(s, phase="over")


def test_the_final_result_reads_like_the_scoring_categories() -> None:
    """Each scoring line and tie-breaker has a text beside its key (the keys stay English), said
    in the rulebook's words («Категории подсчета очков», «Объявление победителя»)."""
    result = GAME.result(finished())
    assert result is not None
    lines = {(x.seat, x.label): x.text for x in result.breakdown}
    assert str(lines[0, "coins"]) == "coins in hand"
    assert str(lines[0, "stars"]) == "1 star token placed"
    assert str(lines[0, "resources"]) == "13 resource tokens controlled, paid for every 2"
    assert str(lines[1, "territories"]) == "3 territories controlled (the Factory counts as 3)"
    assert str(lines[0, "structure bonus"]) == (
        "structure bonus tile, your structures on tunnels: 0"
    )
    ru = {key: said(value, "ru") for key, value in lines.items()}
    pl = {key: said(value, "pl") for key, value in lines.items()}
    assert ru[0, "coins"] == "монеты на руках"  # «МОНЕТЫ НА РУКАХ»
    assert ru[0, "stars"] == "1 размещенная фишка звезды"
    assert ru[0, "territories"] == "1 контролируемая территория"
    assert ru[0, "resources"] == "13 фишек ресурсов под контролем, оплата за каждые 2"
    assert ru[1, "territories"] == "3 контролируемые территории (Фактория считается как 3)"
    assert ru[0, "structure bonus"] == "карта бонуса сооружений, Ваши сооружения на туннелях: 0"
    assert pl[0, "coins"] == "monety w ręku"
    assert pl[0, "stars"] == "1 umieszczony żeton gwiazdy"
    assert pl[0, "resources"] == "13 kontrolowanych żetonów surowców, wypłata za każde 2"
    assert pl[1, "territories"] == "3 kontrolowane terytoria (Fabryka liczy się jako 3)"
    assert result.tie_breakers[0] == "workers_mechs_structures"
    assert [said(t, "ru") for t in result.tie_breaker_texts] == [
        "количество рабочих, Механизмов и сооружений",
        "сила",
        "популярность",
        "количество фишек ресурсов под контролем",
        "число контролируемых территорий",
        "число размещенных фишек звезд",
    ]
    assert [said(t, "pl") for t in result.tie_breaker_texts] == [
        "liczba robotników, mechów i budynków",
        "siła",
        "popularność",
        "liczba kontrolowanych żetonów surowców",
        "liczba kontrolowanych terytoriów",
        "liczba umieszczonych żetonów gwiazd",
    ]
