"""The Ancient World in Russian and Polish (issue #40): the rulebook's words, the pack's names,
plural forms; the English text unchanged."""

from __future__ import annotations

import msgspec
import pytest
from babel.messages.pofile import read_po

from arbiter.core import IllegalMove
from arbiter.core.texts import TERM, is_text
from arbiter.core.texts import term as printed
from arbiter.games import registry
from arbiter.games.the_ancient_world.content import TRIBES, AncientWorldContent, Tribe
from arbiter.games.the_ancient_world.game import load_default_content
from arbiter.games.the_ancient_world.moves import Place
from arbiter.games.the_ancient_world.scoring import BANNERS_TEXT, BONUS_TEXT
from arbiter.games.the_ancient_world.state import AncientWorldState
from arbiter.games.the_ancient_world.tables import Tables
from arbiter.games.the_ancient_world.words import SPACE_NAMES, coins, knowledge, name
from arbiter.languages import po_path, say

from .helpers import give, set_player

DOMAIN = "the_ancient_world"
LANGUAGES = ("ru", "pl")
#: The service's lines of what is under way (their steps are this game's texts).
NOW_LINES = ("Now: {step}", "  then: {step}")
GAME = registry().get("the-ancient-world")


def start(players: int) -> AncientWorldState:
    """A new game of the default pack, setup's draws made."""
    s, _ = GAME.resolve_chance(GAME.new_state(players, seed=1))
    return s


def ru(value: str) -> str:
    return say(value, "ru", DOMAIN, strict=True)


def pl(value: str) -> str:
    return say(value, "pl", DOMAIN, strict=True)


def terms(language: str) -> dict[str, str]:
    with po_path(language, DOMAIN).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    return {str(m.id): str(m.string) for m in catalog if m.context == TERM and m.string}


def pack_names(pack: AncientWorldContent) -> set[str]:
    return {
        c.name for group in (pack.empire, pack.armies, pack.titans, pack.provinces) for c in group
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_of_the_default_pack_and_every_action_space_has_a_term(language: str) -> None:
    """The texts name cards by the pack's names and the board's spaces as terms (``msgctxt
    "term"``, kept by hand in the catalogs): each has an entry in Russian and Polish."""
    said = terms(language)
    missing = sorted((pack_names(load_default_content()) | set(SPACE_NAMES.values())) - said.keys())
    assert not missing, f"{language}: no term entry for {missing}"


def test_the_russian_card_names_are_the_packs_own() -> None:
    said = terms("ru")
    pack = load_default_content()
    for group in (pack.empire, pack.armies, pack.titans, pack.provinces):
        for card in group:
            assert said[card.name] == card.name_ru, card.id


def test_the_board_spaces_are_said_as_the_russian_rulebook_prints_them() -> None:
    # «СИМВОЛЫ НА ИГРОВОМ ПОЛЕ»: Работать, Строить, Служить в армии ... Увеличивать население.
    assert [ru(space) for space in SPACE_NAMES.values()] == [
        "Работать",
        "Строить",
        "Служить в армии",
        "Расширять границы",
        "Учиться",
        "Восстановить",
        "Рекрутировать",
        "Исследовать местность",
        "Увеличивать население",
    ]


def test_a_refusal_says_the_rulebook_in_russian() -> None:
    """Explore is closed in round 1 («Раунд 2. Откройте ячейку действия «Исследовать
    местность»»); the refusal's English is unchanged."""
    s = start(players=2)
    seat = s.current
    skill = s.players[seat].ready[0]
    with pytest.raises(IllegalMove) as refused:
        GAME.check_move(s, Place(seat=seat, space="explore", skill=skill))
    message = refused.value.message
    assert is_text(message)
    assert message == "Explore («Исследовать местность») opens in round 2"
    assert ru(message) == "«Исследовать местность» открывается в раунде 2"
    assert pl(message) == "Eksploracja otwiera się w rundzie 2"


def test_a_description_says_the_rulebook_in_russian() -> None:
    """«Работать. Получите 2 монеты.»; a citizen placed with its skill."""
    s = start(players=2)
    seat = s.current
    skill = s.players[seat].ready[0]
    described = GAME.describe(s, Place(seat=seat, space="work", skill=skill))
    assert described == f"Send citizen {skill} to Work (gain 2 coins)"
    assert ru(described) == f"Поместить жителя {skill} на ячейку «Работать» (получить 2 монеты)"
    assert pl(described) == f"Wyślij obywatela {skill} na pole „Praca” (zyskaj 2 monety)"


def test_a_card_is_named_by_the_pack_in_russian() -> None:
    t = Tables(load_default_content())
    assert ru(name(t, "S1-fishing-dock")) == "Рыбное место"  # «Подготовка к игре», step 9
    assert pl(name(t, "S1-fishing-dock")) == "Przystań rybacka"


@pytest.mark.parametrize(
    ("count", "russian", "polish"),
    [
        (1, "1 монета", "1 moneta"),
        (2, "2 монеты", "2 monety"),
        (5, "5 монет", "5 monet"),
        (21, "21 монета", "21 monet"),
        (22, "22 монеты", "22 monety"),
    ],
)
def test_coins_have_every_plural_form(count: int, russian: str, polish: str) -> None:
    assert coins(count) == f"{count} coin" + ("" if count == 1 else "s")
    assert ru(coins(count)) == russian
    assert pl(coins(count)) == polish


@pytest.mark.parametrize(
    ("count", "russian", "polish"),
    [
        (1, "1 знание", "1 punkt wiedzy"),
        (2, "2 знания", "2 punkty wiedzy"),
        (5, "5 знаний", "5 punktów wiedzy"),
    ],
)
def test_knowledge_is_counted_in_russian_and_polish(count: int, russian: str, polish: str) -> None:
    assert knowledge(count) == f"{count} knowledge"  # English does not count it
    assert ru(knowledge(count)) == russian
    assert pl(knowledge(count)) == polish


def test_a_rendered_table_is_said_whole() -> None:
    """Every line of the table this game writes is said; the steps under way are said inside the
    service's «Now: ...» lines (:func:`arbiter.core.render.now_lines`, the service's catalog)."""
    s = start(players=3)
    table = GAME.render_view(GAME.view(s, 0))
    assert is_text(table)
    lines = table.params["parts"]  # type: ignore[attr-defined]
    assert isinstance(lines, tuple)
    for line in lines:
        if is_text(line) and line.template in NOW_LINES:
            line = line.params["step"]
        for language in LANGUAGES:
            said = say(line, language, DOMAIN, strict=True)
            assert "{" not in said, said
    assert ru(lines[0]).startswith("Древний мир — раунд 1 из 6")
    assert "Ячейки действий:" in [
        ru(line) for line in lines[1:] if getattr(line, "template", "") not in NOW_LINES
    ]


def finished() -> AncientWorldState:
    """A 2-player game of the default pack at its end: seat 0 holds the Citadel and 4 more red
    banners (the rulebook's example: «Имея «Цитадель» и 5 красных знамён, Светлана получает 3
    дополнительных победных очка»), the Moon Festival lost (restored for scoring) and 2 starving
    citizens."""
    pack = load_default_content()
    by_name = {card.name: card.id for card in pack.empire}
    reds = [c.id for c in pack.empire if c.symbols.banners == ("red",) and c.name != "Citadel"]
    s = give(start(players=2), 0, by_name["Citadel"])
    for card in reds[:4]:
        s = give(s, 0, card)
    s = give(s, 0, by_name["Moon Festival"], "lost")
    s = set_player(s, 0, starving=(2, 3), ready=(1,))
    return msgspec.structs.replace(s, phase="over")


def test_the_final_scoring_says_the_rulebook_in_russian_and_polish() -> None:
    """«Конец игры»: each scoring line and tie-breaker says itself; the keys stay English."""
    result = GAME.result(finished())
    assert result is not None
    lines = {line.label: line for line in result.breakdown if line.seat == 0}
    assert lines["banners: red"].points == 8 and lines["card: Citadel"].points == 3
    for line in result.breakdown:
        assert is_text(line.text)
        for language in LANGUAGES:
            assert "{" not in say(line.text, language, DOMAIN, strict=True)
    said = {label: (line.text, ru(line.text), pl(line.text)) for label, line in lines.items()}
    assert said["starving citizens"] == (
        "2 starving citizens",
        "2 голодающих жителя",
        "2 głodujących obywateli",
    )
    assert said["banners: red"] == ("5 red banners", "5 красных знамён", "5 czerwonych sztandarów")
    assert said["banners: green"] == ("1 green banner", "1 зелёное знамя", "1 zielony sztandar")
    assert said["card: Citadel"] == (
        "Citadel (extra points for red banners)",
        "«Цитадель» (дополнительные победные очки за красные знамёна)",
        "„Cytadela” (dodatkowe punkty za czerwone sztandary)",
    )
    assert said["card: Moon Festival"] == (
        "Moon Festival (1 point per set of 5 different banners)",
        "«Праздник луны» (1 победное очко за каждый набор из 5 различных знамён племён)",
        "„Święto księżyca” (1 punkt za każdy zestaw 5 różnych sztandarów)",
    )
    # «При ничьей побеждает претендент, у которого больше монет ... больше суммарно карт
    # империи, провинций и титанов ... больше жетонов знаний»
    assert result.tie_breakers == ("coins", "cards", "knowledge")
    assert [ru(t) for t in result.tie_breaker_texts] == [
        "больше монет",
        "больше суммарно карт империи, провинций и титанов",
        "больше жетонов знаний",
    ]
    assert [pl(t) for t in result.tie_breaker_texts] == [
        "więcej monet",
        "więcej kart imperium, prowincji i tytanów łącznie",
        "więcej punktów wiedzy",
    ]


@pytest.mark.parametrize(
    ("count", "russian", "polish"),
    [
        (1, "1 зелёное знамя", "1 zielony sztandar"),
        (2, "2 зелёных знамени", "2 zielone sztandary"),  # «2 совпадающих зелёных знамени»
        (6, "6 зелёных знамён", "6 zielonych sztandarów"),
    ],
)
def test_banners_have_every_plural_form(count: int, russian: str, polish: str) -> None:
    assert ru(BANNERS_TEXT["green"](count)) == russian
    assert pl(BANNERS_TEXT["green"](count)) == polish


@pytest.mark.parametrize("tribe", TRIBES)
def test_every_tribe_s_banners_and_bonus_are_said(tribe: Tribe) -> None:
    for count in (1, 3, 5):
        banners = BANNERS_TEXT[tribe](count)
        for language in LANGUAGES:
            said = say(banners, language, DOMAIN, strict=True)
            assert said.startswith(f"{count} ") and said != banners, said
    bonus = BONUS_TEXT[tribe](printed("Citadel"))
    assert ru(bonus).startswith("«Цитадель» (дополнительные победные очки за ")
    assert pl(bonus).startswith("„Cytadela” (dodatkowe punkty za ")
