"""«Конец игры» (end of game): victory points and the tie-breakers.

1. −2 VP per starving citizen;
2. lost empire cards are restored for scoring;
3. each tribe's banners score by the table 1/2/4/6/8/11 VP for 1-6 banners (at most 6 counted);
4. the cards' own scoring (the Citadel: a tribe's banners; Moon festival: sets of 5 different);
5. ties: more coins, then more empire + province + titan cards, then more knowledge.
"""

from __future__ import annotations

from arbiter.core import Result, ScoreLine, rank
from arbiter.games.the_ancient_world.content import TRIBES, Tribe
from arbiter.games.the_ancient_world.state import AncientWorldState, PlayerState
from arbiter.games.the_ancient_world.tables import Tables

#: VP for 0..6 banners of one tribe.
BANNER_TABLE: tuple[int, ...] = (0, 1, 2, 4, 6, 8, 11)
MAX_BANNERS = 6
STARVING_PENALTY = 2
TIE_BREAKERS: tuple[str, ...] = ("coins", "cards", "knowledge")


def banner_points(count: int) -> int:
    """«За каждое племя учитывается не более 6 знамён»."""
    return BANNER_TABLE[min(count, MAX_BANNERS)]


def banners(t: Tables, p: PlayerState) -> dict[Tribe, int]:
    """Banners of every tribe on the seat's empire cards (lost ones restored), provinces, titans."""
    counts: dict[Tribe, int] = dict.fromkeys(TRIBES, 0)
    for group in (p.empire, p.lost, p.provinces, p.titans):
        for card in group:
            for tribe in t.sym(card).banners:
                counts[tribe] += 1
    return counts


def seat_lines(t: Tables, p: PlayerState, seat: int) -> list[ScoreLine]:
    lines: list[ScoreLine] = []
    if p.starving:
        lines.append(ScoreLine(seat, "starving citizens", -STARVING_PENALTY * len(p.starving)))
    counts = banners(t, p)
    for tribe in TRIBES:
        if counts[tribe]:
            lines.append(ScoreLine(seat, f"banners: {tribe}", banner_points(counts[tribe])))
    for card in p.empire + p.lost:
        bonus = t.scoring.get(card)
        if bonus is not None and bonus.points:
            n = counts[bonus.tribe]
            points = bonus.points[min(n, len(bonus.points) - 1)]
            lines.append(ScoreLine(seat, f"card: {t.empire[card].name}", points))
        if t.effect.get(card) == "moon_festival":
            # «Праздник луны»: 1 VP per set of 5 different banners.
            sets = min(counts.values())
            lines.append(ScoreLine(seat, f"card: {t.empire[card].name}", sets))
    return lines


def cards_count(p: PlayerState) -> int:
    return len(p.empire) + len(p.lost) + len(p.provinces) + len(p.titans)


def final_result(s: AncientWorldState, t: Tables) -> Result:
    lines: list[ScoreLine] = []
    scores: list[int] = []
    ties: list[tuple[int, ...]] = []
    for seat, p in enumerate(s.players):
        mine = seat_lines(t, p, seat)
        lines.extend(mine)
        scores.append(sum(line.points for line in mine))
        ties.append((p.coins, cards_count(p), p.knowledge))
    return rank(tuple(scores), TIE_BREAKERS, tuple(ties), tuple(lines))
