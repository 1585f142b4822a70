"""The ancient wargame in Russian and Polish (issue #40): the names its texts say as terms have
entries in both catalogs, and the texts read like the Russian rulebook («Версия 1.1»).

The generic tests (``tests/languages``) check every message of the catalogs and a random whole
game; these check the names that no literal of the code holds -- the default pack's provinces,
seas, states, trait cards and heroes -- a few sentences word for word, the events' sentences
(``Happened.text``) of a random game, which write ids the catalogs say as names, and the final
result's scoring lines and tie-breakers."""

from __future__ import annotations

import random
import re

import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.core.texts import Text, is_text, term
from arbiter.games.ancient_wargame import ending
from arbiter.games.ancient_wargame.diplomacy import _proposed
from arbiter.games.ancient_wargame.diplomacy_state import Deal, Offer
from arbiter.games.ancient_wargame.events import Happened
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.games.ancient_wargame.moves import Hire, StateDealt, UpperHero
from arbiter.games.ancient_wargame.naming import (
    BUILDING_IDS,
    BUILDING_NAMES,
    FLANKS,
    KINDS,
    SCIENCE_IDS,
    SCIENCE_NAMES,
    UNITS,
    id_term,
    turns_text,
    units_text,
)
from arbiter.games.ancient_wargame.state import WargameState
from arbiter.languages import say
from tests.ancient_wargame import helpers as rules

DOMAIN = "ancient_wargame"
#: The game with the default pack (its names are the catalogs' terms).
G = AncientWargame()


def start() -> WargameState:
    """Rome to seat 0, Carthage to seat 1, traits by chance, each seat's administrator written
    higher: the first decision of turn 1 (phase 1)."""
    s = G.new_state(2, seed=0)
    for state in ("rome", "carthage"):
        s, _ = G.apply(s, StateDealt(state=state))
    s = G.resolve_chance(s)[0]
    while s.stage == "setup":
        seat = s.pending[-1].seat
        admin = next(h for h in s.heroes if h.owner == seat and h.kind == "administrator")
        s = G.resolve_chance(G.apply(s, UpperHero(seat=seat, hero=admin.id))[0])[0]
    return s


def ru(value: str) -> str:
    return say(value, "ru", DOMAIN, strict=True)


def pl(value: str) -> str:
    return say(value, "pl", DOMAIN, strict=True)


def pack_names() -> list[str]:
    """Every name of the default pack the texts say as a term (:mod:`.naming`, :mod:`.render`)."""
    c = G.default_content()
    return [
        *(x.name for x in c.provinces),
        *(x.name for x in c.seas),
        *(x.name for x in c.states),
        *(x.name for x in c.traits),
        *c.hero_names,
    ]


def rulebook_terms() -> list[str]:
    """The rulebook's names the texts say: buildings, sciences, flanks, units, kinds of heroes."""
    return [
        *BUILDING_NAMES.values(),
        *SCIENCE_NAMES.values(),
        *FLANKS,
        *UNITS.values(),
        *KINDS.values(),
    ]


@pytest.mark.parametrize("language", ["ru", "pl"])
def test_every_term_the_texts_say_has_an_entry_in_both_catalogs(language: str) -> None:
    names = [*pack_names(), *rulebook_terms()]
    assert len(names) > 200
    untranslated = []
    for name in names:
        try:
            said = say(term(name), language, DOMAIN, strict=True)
        except LookupError:
            untranslated.append(name)
            continue
        assert said.strip(), name
    assert not untranslated, untranslated


def test_the_pack_names_in_russian_are_the_packs_own() -> None:
    """The pack prints its Russian names (``name_ru``): the catalog says those."""
    c = G.default_content()
    rome, tyrrhenian = c.states[0], c.seas[0]
    assert (rome.name, tyrrhenian.name) == ("Rome", "Tyrrhenian Sea")
    assert ru(term(rome.name)) == "Рим"  # «если у Рима 2 корабля в Тирренском море»
    assert ru(term(tyrrhenian.name)) == "Тирренское море"
    for p in c.provinces:
        assert ru(term(p.name)) == p.name_ru
    assert ru(term("Scipio")) == "Сципион"
    assert pl(term("Scipio")) == "Scypion"


def test_buildings_and_sciences_use_the_rulebooks_names() -> None:
    """Table 2 and the science table of phase 5, as printed («Стрельбище», «Верховая езда»)."""
    assert [ru(BUILDING_NAMES[b]) for b in ("range", "stable", "shipyard", "admiralty")] == [
        "Стрельбище",
        "Конюшня",
        "Верфь",
        "Адмиралтейство",
    ]
    assert [ru(SCIENCE_NAMES[x]) for x in ("archery", "riding", "coinage", "espionage")] == [
        "Стрельба из лука",
        "Верховая езда",
        "Чеканка монет",
        "Шпионаж",
    ]
    assert [ru(x) for x in FLANKS] == ["левый", "центральный", "правый"]  # «Расстановка войск»


def test_a_refusal_in_russian() -> None:
    """«для найма лучников в столице нужно иметь стрельбище»: archers without a range."""
    s = start()
    with pytest.raises(IllegalMove) as refused:
        G.check_move(s, Hire(seat=0, at="latium", unit="archers", count=1))
    assert refused.value.code == "ancient-wargame.P1.hire"
    assert str(refused.value.message).startswith("you cannot hire that")
    assert ru(refused.value.message) == (
        "так нанять нельзя: не хватает постройки, контроля, военачальника или крепости, либо не "
        "подходит количество или цена"
    )
    assert pl(refused.value.message).startswith("tego nie można zaciągnąć")


def test_a_description_in_russian() -> None:
    """«В столице»: 1 ₣ a footman, in the capital of Rome («Лаций (Рим)» in the pack)."""
    s = start()
    hire = Hire(seat=0, at="latium", unit="infantry", count=2)
    said = G.describe(s, hire)
    assert said == "Hire 2 infantry in your capital Latium (Rome) for 2 food"
    assert ru(said) == "Нанять войска: 2 пехотинца в вашей столице Лаций (Рим) за 2 ₣"
    assert pl(said) == "Zaciągnąć wojska: 2 piechurów w twojej stolicy Lacjum (Rzym) za 2 ₣"


def test_the_rendered_table_in_russian_names_the_phase_and_the_seats() -> None:
    s = start()
    said = say(G.render_view(G.view(s, 0)), "ru", DOMAIN)  # «Now:» is the service's text
    assert "фаза 1, покупка войск" in said  # «Фаза 1: покупка войск»
    assert "игрок 0 (Рим) (вы): " in said
    assert "Список героев (старшие сверху):" in said


@pytest.mark.parametrize(
    ("count", "russian", "polish"),
    [
        (1, "1 пехотинец", "1 okręt"),
        (2, "2 пехотинца", "2 okręty"),
        (5, "5 пехотинцев", "5 okrętów"),
        (21, "21 пехотинец", "21 okrętów"),
        (22, "22 пехотинца", "22 okręty"),
    ],
)
def test_counts_take_the_plural_form_of_their_number(count: int, russian: str, polish: str) -> None:
    """Three forms in Russian and in Polish (CLDR): «1 пехотинец, 2 пехотинца, 5 пехотинцев»."""
    assert ru(units_text(count, "infantry")) == russian
    assert pl(units_text(count, "ships")) == polish
    assert units_text(count, "infantry") == f"{count} infantry"  # English as before


@pytest.mark.parametrize(
    ("count", "russian", "polish"),
    [(1, "1 ход", "1 tura"), (2, "2 хода", "2 tury"), (5, "5 ходов", "5 tur")],
)
def test_turns_in_russian_and_polish(count: int, russian: str, polish: str) -> None:
    assert (ru(turns_text(count)), pl(turns_text(count))) == (russian, polish)


# ------------------------------------------------------------------------------- events


def random_game_events(players: int, seed: int) -> list[Happened]:
    """What happened in a whole game of random moves (chance from the state)."""
    rng = random.Random(seed)
    s = G.new_state(players, seed=seed)
    happened: list[Happened] = []
    while actors := G.to_act(s):
        if actors[0] == CHANCE:
            move = G.sample_chance(s)
        else:
            move = rng.choice(G.generate_moves(s, actors[0]))
        s, events = G.apply(s, move)
        happened += [e for e in events if isinstance(e, Happened)]
    return happened


def test_every_event_of_a_random_game_is_said_in_russian_and_polish() -> None:
    """Each ``Happened.text`` of a 3-player game keeps its message and is said strictly (no
    English fallback, no unfilled placeholder); its English is its sentence as before."""
    happened = random_game_events(3, seed=1)
    assert len({e.what for e in happened}) >= 15
    for e in happened:
        assert is_text(e.text), e
        for said in (ru(e.text), pl(e.text)):
            assert said.strip(), e.text
            assert not re.search(r"\{\w*\}", said), (e.text, said)


def test_the_ids_the_events_write_are_said_as_the_printed_names() -> None:
    """The event sentences write ids («seat 0 annexes latium»): said as the pack's and the
    rulebook's names."""
    for p in G.default_content().provinces:
        assert ru(id_term(p.id)) == p.name_ru
        assert pl(id_term(p.id)) == pl(term(p.name))
    for ids, names in ((BUILDING_IDS, BUILDING_NAMES), (SCIENCE_IDS, SCIENCE_NAMES)):
        assert ids.keys() == names.keys()
        for x in ids:
            assert id_term(x) == x  # English as the events always wrote it
            assert (ru(id_term(x)), pl(id_term(x))) == (ru(names[x]), pl(names[x]))


def said_by(e: Happened) -> Text:
    assert isinstance(e.text, Text), e
    return e.text


def hero_of(said: Text) -> str:
    """The hero a sentence names, in Russian (a term of the pack)."""
    hero = said.params["hero"]
    assert isinstance(hero, Text)
    return ru(hero)


def test_events_in_russian_say_the_rulebooks_words() -> None:
    """Phase 3: heroes «умрет от старости»; phase 7: a storm destroys the ships («начался
    шторм, все корабли в этом море уничтожены»); phase 8: «стоимость присоединения провинции»;
    phase 9: the capture of a general («захват вражеского военачальника»)."""
    first: dict[str, Happened] = {}
    for e in random_game_events(3, seed=1):
        first.setdefault(e.what, e)
    died = said_by(first["hero_died"])
    assert ru(died) == f"{hero_of(died)} умер от старости"
    storm = said_by(first["storm"])
    count, seat = storm.params["count"], storm.params["seat"]
    assert isinstance(count, int)
    assert storm == f"a storm sinks seat {seat}'s {count} ship(s)"  # the English as before
    assert ru(storm) == f"шторм уничтожает {ru(units_text(count, 'ships'))} игрока {seat}"
    assert pl(storm) == f"sztorm zatapia {pl(units_text(count, 'ships'))} gracza {seat}"
    annexed = first["annexed"]
    province = next(p for p in G.default_content().provinces if p.id == annexed.at)
    assert ru(annexed.text) == f"игрок {annexed.seat} присоединяет провинцию {province.name_ru}"
    captured = first["general_captured"]
    said = f"{hero_of(said_by(captured))} захвачен игроком {captured.seat}"
    assert ru(captured.text) == said


@pytest.mark.parametrize(
    ("turns", "russian", "polish"),
    [
        (1, "на 1 ход.", "na 1 turę."),
        (3, "на 3 хода.", "na 3 tury."),
        (5, "на 5 ходов.", "na 5 tur."),
    ],
)
def test_a_lasting_deal_is_proposed_for_turns_in_their_plural_form(
    turns: int, russian: str, polish: str
) -> None:
    offer = Offer(seat=0, partner=1, deal=Deal(a=0, b=1, peace=True), terms=("peace",))
    said = _proposed(offer, turns)
    assert said == f"Seat 0 proposes to seat 1: peace for {turns} turns."
    assert ru(said) == f"Игрок 0 предлагает игроку 1: мир {russian}"
    assert pl(said) == f"Gracz 0 proponuje graczowi 1: pokój {polish}"


# ------------------------------------------------------------------------------- the result


def test_the_final_result_says_its_lines_and_tie_breakers_in_the_rulebooks_words() -> None:
    """«Победа завоеванием» ends a game: seat 1 has lost its provinces and heroes, so it «не
    участвует в подсчете победных очков» -- its lines are said as not scored; seat 0's lines are
    the rulebook's «фишки победных очков», «провинции, в которых выстроены 3 крепости»... and the
    ties go to «больше золота, затем – больше еды» («Победа по очкам»)."""
    s = rules.start(2)
    s = rules.set_prov(s, "carthago", owner=0)
    s = rules.edit(s, heroes=tuple(h for h in s.heroes if h.owner != 1))
    s = rules.at_phase(s, 11)
    result = rules.G.result(s)
    assert s.stage == "over" and result is not None and result.winners == (0,)
    assert result.tie_breakers == ending.TIE_BREAKERS  # the keys as before
    lines = {(line.seat, line.label): line for line in result.breakdown}
    assert [label for seat, label in lines if seat == 0] == [*ending.LINE_TEXTS]
    vp, unscored = lines[0, "VP tokens"], lines[1, "provinces with 3 fortresses (not scored)"]
    assert (vp.points, unscored.points) == (2, 0)
    assert (vp.text, unscored.text) == (
        "victory point tokens",
        "provinces with 3 fortresses (not scored)",
    )
    assert ru(vp.text) == "фишки победных очков"
    assert ru(unscored.text) == "провинции, в которых выстроены 3 крепости (вне подсчёта)"
    assert ru(lines[0, "sciences"].text) == "изученные науки"
    assert pl(vp.text) == "żetony punktów zwycięstwa"
    assert pl(unscored.text) == "prowincje z 3 twierdzami (poza podliczeniem)"
    assert pl(lines[0, "provinces"].text) == "prowincje pod kontrolą gracza"
    money, food = result.tie_breaker_texts[3:5]
    assert (money, food) == ("money left ($)", "food left (₣)")
    assert (ru(money), ru(food)) == ("оставшееся золото ($)", "оставшаяся еда (₣)")
    assert (pl(money), pl(food)) == ("pozostałe pieniądze ($)", "pozostała żywność (₣)")
    for said in (*result.tie_breaker_texts, *(line.text for line in result.breakdown)):
        for language in ("ru", "pl"):
            assert say(said, language, DOMAIN, strict=True).strip(), (language, said)
