"""«Конец игры» (end of game): starving, banners, card scoring, the Citadel, tie-breakers."""

from __future__ import annotations

import msgspec

from arbiter.core import ScoreLine
from arbiter.games.the_ancient_world import TheAncientWorld, load_default_content
from arbiter.games.the_ancient_world.scoring import banner_points, final_result, seat_lines
from arbiter.games.the_ancient_world.state import PlayerState
from arbiter.games.the_ancient_world.tables import Tables

from .helpers import CITADEL, MOON, game, give, set_player, start


def over(s):  # type: ignore[no-untyped-def]
    return msgspec.structs.replace(s, phase="over")


def test_banner_table_capped_at_six() -> None:
    """1, 2, 3, 4, 5, 6 banners of a tribe: 1, 2, 4, 6, 8, 11 VP; at most 6 count."""
    assert [banner_points(n) for n in range(9)] == [0, 1, 2, 4, 6, 8, 11, 11, 11]


def test_citadel_example_five_red_banners_three_points() -> None:
    """«Имея «Цитадель» и 5 красных знамён, Светлана получает 3 дополнительных победных очка»."""
    g = game()
    s = start(g)
    s = give(s, 0, CITADEL.id)  # a red banner itself
    for card in ("a3", "a6"):  # red banners
        s = give(s, 0, card)
    s = give(give(s, 0, "imp", "titans"), 0, "troll", "titans")  # red banners
    result = g.result(over(s))
    assert result is not None
    lines = [line for line in result.breakdown if line.seat == 0]
    assert ScoreLine(0, "banners: red", 8, "5 red banners") in lines
    assert ScoreLine(0, "card: citadel", 3, "citadel (extra points for red banners)") in lines
    # Fishing dock (blue) and Wheat fields (green): 1 each.
    assert result.scores[0] == 8 + 3 + 1 + 1


def test_citadel_of_the_default_pack() -> None:
    content = load_default_content()
    t = Tables(content)
    citadel = next(e for e in content.empire if e.name == "Citadel")
    reds = [e.id for e in content.empire if e.symbols.banners == ("red",) and e.id != citadel.id]
    p = PlayerState(coins=0, citizens=(1, 2, 3), ready=(1, 2, 3), empire=(citadel.id, *reds[:4]))
    lines = seat_lines(t, p, 0)
    assert ScoreLine(0, "banners: red", 8, "5 red banners") in lines
    assert ScoreLine(0, "card: Citadel", 3, "Citadel (extra points for red banners)") in lines


def test_starving_costs_two_and_lost_cards_are_restored() -> None:
    g = game()
    s = start(g)
    s = set_player(s, 0, starving=(2, 3), ready=(1,))
    s = give(s, 0, "a3", "lost")  # red
    result = g.result(over(s))
    assert result is not None
    lines = [line for line in result.breakdown if line.seat == 0]
    assert ScoreLine(0, "starving citizens", -4, "2 starving citizens") in lines
    assert ScoreLine(0, "banners: red", 1, "1 red banner") in lines
    assert result.scores[0] == -4 + 1 + 1 + 1


def test_moon_festival_a_point_per_set_of_five_different_banners() -> None:
    g = game()
    s = start(g)
    # Fishing dock blue, Wheat fields green; b-cards yellow+purple; a3 red; Moon none.
    s = give(s, 0, MOON.id, "lost")  # a lost card scores as restored
    for card in ("b1", "b2", "a3", "a6"):
        s = give(s, 0, card)
    s = give(s, 0, "wyrm", "titans")  # 2 yellow
    s = give(s, 0, "stone-creature", "titans")  # green, blue
    counts = {"red": 2, "green": 2, "blue": 2, "yellow": 4, "purple": 2}
    result = g.result(over(s))
    assert result is not None
    moon = "moon (1 point per set of 5 different banners)"
    assert ScoreLine(0, "card: moon", min(counts.values()), moon) in result.breakdown


def test_tie_breakers_coins_then_cards_then_knowledge() -> None:
    g = game()
    s = over(start(g, 3))
    s = set_player(set_player(set_player(s, 0, coins=3), 1, coins=5), 2, coins=5)
    result = g.result(s)
    assert result is not None
    assert result.scores == (2, 2, 2)
    assert result.tie_breakers == ("coins", "cards", "knowledge")
    assert result.tie_breaker_texts == (
        "more coins",
        "more empire, province and titan cards in all",
        "more knowledge",
    )
    assert result.ranking[-1] == 0 and result.places == (3, 1, 1)
    s = give(s, 2, "mine", "provinces")  # +1 card, no banner
    s = set_player(s, 1, knowledge=4)
    result = g.result(s)
    assert result is not None
    assert result.winners == (2,) and result.places == (3, 2, 1)
    assert result.tie_break_values[2] == (5, 3, 0)
    s = set_player(s, 2, provinces=())
    s = give(s, 0, "mine", "provinces")
    result = g.result(s)
    assert result is not None and result.winners == (1,)


def test_result_only_when_over() -> None:
    g = game()
    s = start(g)
    assert g.result(s) is None
    assert isinstance(g, TheAncientWorld)
    assert final_result(over(s), g.tables(s.content_id)).scores == (2, 2)
