"""Raiders of Scythia in Russian and Polish (issue #40): the default pack's names are in the
catalogs, and the texts read like the rulebooks («Всадники Скифии», «Najeźdźcy ze Scytii»)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from arbiter.api.languages import language, said_result
from arbiter.core import IllegalMove, Result
from arbiter.core.texts import TERM, Text
from arbiter.games.raiders_of_scythia.moves import TradeLivestock, Work
from arbiter.games.raiders_of_scythia.naming import ITEM_COUNTS, crew_name, wounds_text
from arbiter.games.raiders_of_scythia.state import ChooseTurn, RaidersState
from arbiter.games.raiders_of_scythia.tables import Tables
from arbiter.languages import po_path, say

from .helpers import game, playout

DOMAIN = "raiders_of_scythia"


def ru(value: str) -> str:
    return say(value, "ru", DOMAIN, strict=True)


def pl(value: str) -> str:
    return say(value, "pl", DOMAIN, strict=True)


def tables() -> Tables:
    """The default pack's tables."""
    g = game()
    return g.tables(g.new_state(2, seed=1).content_id)


def pack_names() -> set[str]:
    """Every name of the default pack the texts say as a term: crew cards, heroes, the chief's AI
    crew, regions and settlements."""
    c = tables().content
    named = (*c.crew, *c.heroes, *c.chiefs, *c.regions, *c.settlements)
    return {x.name for x in named if x.name}


@pytest.mark.parametrize("language", ["ru", "pl"])
def test_every_name_of_the_default_pack_is_a_term_of_the_catalogs(language: str) -> None:
    with po_path(language, DOMAIN).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    missing = [
        name
        for name in sorted(pack_names())
        if (entry := catalog.get(name, context=TERM)) is None or not entry.string
    ]
    assert not missing, f"no {language} term for {missing}"


def test_the_pack_names_are_said_from_the_pack_and_the_rulebooks() -> None:
    t = tables()
    card = t.crew["vigilante-1"]
    assert ru(crew_name(t, card.id)) == f"«{card.name_ru}»" == "«Поборница»"
    assert pl(crew_name(t, card.id)) == f"„{card.name_pl}”" == "„Szpieg”"


def _first_turn() -> RaidersState:
    """The first decision of a 2-player game's first turn (a blue worker in hand)."""
    for state in playout(2, seed=7):
        if state.pending and isinstance(state.pending[-1], ChooseTurn):
            return state
    raise AssertionError("no turn")


def test_a_refusal_in_russian_uses_the_rulebooks_words() -> None:
    state = _first_turn()
    seat = state.pending[-1].seat  # type: ignore[union-attr]
    with pytest.raises(IllegalMove) as refused:
        game().check_move(state, Work(seat=seat, building="stables"))
    message = refused.value.message
    assert isinstance(message, Text)
    assert message == (
        "Stables and the Chief's Tent take only grey and red workers: stables"
    )  # English as before
    # «ДЕРЕВНЯ»: «Конюшня» и «Шатёр вождя» ... «только серых и красных рабочих»
    assert ru(message) == (
        "в «Конюшне» и «Шатре вождя» можно размещать только серых и красных рабочих: «Конюшня»"
    )
    assert pl(message) == (
        "w Stajniach i Namiocie Wodza można umieszczać tylko Szarych i Czerwonych Robotników: "
        "Stajnie"
    )


def test_a_description_in_russian_uses_the_rulebooks_words() -> None:
    state = _first_turn()
    seat = state.pending[-1].seat  # type: ignore[union-attr]
    work = game().describe(state, Work(seat=seat, building="barracks"))
    assert work == (
        "Place your blue worker on the Barracks (hire a crew card for its cost, or heal 2 wounds "
        "for 1 kumis)"
    )
    assert ru(work) == (
        "Разместите своего рабочего (цвет: синий) в здании «Казарма» (наём соратника за его цену "
        "или лечение 2 ранений за 1 кумыс)"
    )
    # «ШАТЁР ВОЖДЯ»: «потратить 1 скот, чтобы взять 2 продовольствия и 1 кумыс»
    trade = game().describe(state, TradeLivestock(seat=seat))
    assert ru(trade) == "Потратьте 1 скот, чтобы взять 2 продовольствия и 1 кумыс"
    assert pl(trade) == "Wydaj 1 znacznik Trzody, aby pozyskać 2 Zapasy i 1 Kumys"


@pytest.mark.parametrize(
    ("count", "russian", "polish"),
    [(1, "1 ранение", "1 Rana"), (2, "2 ранения", "2 Rany"), (5, "5 ранений", "5 Ran")],
)
def test_wounds_are_counted_in_three_forms(count: int, russian: str, polish: str) -> None:
    said = wounds_text(count)
    assert said == f"{count} wound{'s' * (count != 1)}"
    assert ru(said) == russian
    assert pl(said) == polish


@pytest.mark.parametrize(
    ("count", "russian", "polish"),
    [(1, "1 повозка", "1 Wóz"), (2, "2 повозки", "2 Wozy"), (5, "5 повозок", "5 Wozów")],
)
def test_wagons_are_counted_in_three_forms(count: int, russian: str, polish: str) -> None:
    said = ITEM_COUNTS["wagons"](count)
    assert ru(said) == russian
    assert pl(said) == polish
    # «1 серебро», «3 серебра» («СОСТАВ ИГРЫ», «ПОДГОТОВКА К ИГРЕ»)
    assert ru(ITEM_COUNTS["silver"](count)) == f"{count} {'серебро' if count == 1 else 'серебра'}"


# ---------------------------------------------------------------------------------- results


def _finished(players: int, seed: int) -> Result:
    """The result of a random game played to its end (``players`` 1: against the chief)."""
    *_, last = playout(players, seed)
    result = game().result(last)
    assert result is not None
    return result


def _said(result: Result, spoken: str) -> Result:
    """``result`` as the API says it in ``spoken``."""
    token = language.set(spoken)
    try:
        said = said_result(result, DOMAIN)
    finally:
        language.reset(token)
    assert said is not None
    return said


#: «ПОДСЧЁТ ПО» / «PUNKTACJA»: each line of a player's scoring in the rulebooks' words.
PLAYER_LINES = {
    "raids and effects": (
        "VP scored in play (raids and effects)",
        "ПО, набранные в ходе партии (набеги и эффекты)",
        "PZ zdobyte w trakcie gry (Najazdy i efekty)",
    ),
    "crew": (
        "hired crew (the end-game VP on their cards)",
        "нанятые соратники (ПО, указанные на их картах)",
        "zatrudnieni członkowie Załogi (PZ z ich kart na koniec gry)",
    ),
    "animals": (
        "animals (eagles and horses)",
        "животные (орлы и лошади)",
        "Zwierzęta (Orły i Konie)",
    ),
    "quests": ("completed quests", "выполненные задания", "zrealizowane Wyprawy"),
    "gold": (
        "plunder: gold (2 VP each)",
        "трофеи: золото (1 золото = 2 ПО)",
        "Łupy: Złoto (każde Złoto = 2 PZ)",
    ),
    "equipment": (
        "plunder: equipment (1 VP each)",
        "трофеи: снаряжение (1 снаряжение = 1 ПО)",
        "Łupy: Ekwipunek (każdy Ekwipunek = 1 PZ)",
    ),
    "wagons": (
        "plunder: wagons (1 VP each)",
        "трофеи: повозки (1 повозка = 1 ПО)",
        "Łupy: Wozy (każdy Wóz = 1 PZ)",
    ),
    "livestock": (
        "plunder: livestock (1 VP per 2)",
        "трофеи: скот (2 скота = 1 ПО)",
        "Łupy: Trzoda (każde dwa znaczniki Trzody = 1 PZ)",
    ),
}


def test_a_finished_games_scoring_lines_and_tie_breakers_read_like_the_rulebooks() -> None:
    result = _finished(2, seed=3)
    assert result.tie_breakers == ("quests + crew + animals", "silver + provisions + kumis")
    assert result.tie_breaker_texts == (
        "the most completed quests, crew and animals together",
        "the most silver, provisions and kumis together",
    )
    # «В случае ничьей побеждает претендент с наибольшим количеством карт соратников, животных и
    # жетонов выполненных заданий ... суммарным количеством серебра, продовольствия и кумыса»
    assert [ru(t) for t in result.tie_breaker_texts] == [
        "наибольшее количество карт соратников, животных и жетонов выполненных заданий",
        "наибольшее суммарное количество серебра, продовольствия и кумыса",
    ]
    # «W przypadku remisu ... większą łączną liczbę Wypraw, Załogi oraz Zwierząt ...»
    assert [pl(t) for t in result.tie_breaker_texts] == [
        "największa łączna liczba Wypraw, Załogi oraz Zwierząt",
        "największa łączna liczba Srebrników, Zapasów i Kumysu",
    ]
    for seat in (0, 1):
        mine = [line for line in result.breakdown if line.seat == seat]
        assert [line.label for line in mine] == list(PLAYER_LINES)  # the keys as before
        for line in mine:
            english, russian, polish = PLAYER_LINES[line.label]
            assert (line.text, ru(line.text), pl(line.text)) == (english, russian, polish)
    # the API says them in the answer's language; keys and points unchanged
    said = _said(result, "ru")
    assert said.tie_breakers == result.tie_breakers
    assert said.without_texts() == result.without_texts()
    gold = next(line for line in said.breakdown if line.label == "gold")
    assert gold.text == "трофеи: золото (1 золото = 2 ПО)"
    assert _said(result, "pl").breakdown[3].text == "zrealizowane Wyprawy"


def test_the_chief_and_its_lines_are_said_in_russian_and_polish() -> None:
    """«ОДИНОЧНАЯ ИГРА. ИТОГОВЫЙ ПОДСЧЁТ ПО»: the nameless chief (PL: Wirtualny Przeciwnik) scores
    its raids, its quests and the horses it has left."""
    result = _finished(1, seed=5)
    (chief,) = result.opponents
    assert chief.name == "the nameless chief" == chief.text
    assert (ru(chief.text), pl(chief.text)) == ("безымянный вождь", "Wirtualny Przeciwnik")
    assert [line.label for line in chief.breakdown] == ["raids", "quests", "horses"]
    assert [(ru(line.text), pl(line.text)) for line in chief.breakdown] == [
        ("ПО за набеги", "PZ za Najazdy"),
        ("его жетоны заданий", "otrzymane Wyprawy"),
        ("оставшиеся у него лошади (орлы не учитываются)", "posiadane Konie (ale nie Orły)"),
    ]
    said = _said(result, "pl").opponents[0]
    assert (said.name, said.text) == ("the nameless chief", "Wirtualny Przeciwnik")
    assert said.breakdown[2].text == "posiadane Konie (ale nie Orły)"
