"""«Конец игры» (end of game): victory points and the tie-breakers.

1. −2 VP per starving citizen;
2. lost empire cards are restored for scoring;
3. each tribe's banners score by the table 1/2/4/6/8/11 VP for 1-6 banners (at most 6 counted);
4. the cards' own scoring (the Citadel: a tribe's banners; Moon festival: sets of 5 different);
5. ties: more coins, then more empire + province + titan cards, then more knowledge.

Each line keeps its key (``label``: ``banners: red``, ``card: Citadel``) and says itself as a
person reads it (``text``: ``5 red banners``, «5 красных знамён»); so does each tie-breaker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from arbiter.core import Result, ScoreLine, rank
from arbiter.core.texts import Text, plural, text

# a card's name is a term (``msgctxt "term"``, kept by hand in the catalogs: see :mod:`.words`)
from arbiter.core.texts import term as printed
from arbiter.games.the_ancient_world.content import TRIBES, Tribe
from arbiter.games.the_ancient_world.state import AncientWorldState, PlayerState
from arbiter.games.the_ancient_world.tables import Tables

#: VP for 0..6 banners of one tribe.
BANNER_TABLE: tuple[int, ...] = (0, 1, 2, 4, 6, 8, 11)
MAX_BANNERS = 6
STARVING_PENALTY = 2
TIE_BREAKERS: tuple[str, ...] = ("coins", "cards", "knowledge")
#: The tie-breakers as a person reads them, in the same order: «При ничьей побеждает претендент,
#: у которого больше монет. Если по-прежнему ничья, ... больше суммарно карт империи, провинций и
#: титанов. Если и тут ничья, побеждает тот, у кого больше жетонов знаний.»
TIE_BREAKER_TEXTS: Final[tuple[Text, ...]] = (
    text("more coins"),
    text("more empire, province and titan cards in all"),
    text("more knowledge"),
)

# A tribe's colour agrees with the banners it names («5 красных знамён», «2 совпадающих зелёных
# знамени»), so each tribe has its own texts rather than a colour term put into one.
#: «Игроки получают победные очки за каждое племя, знамя которого у него есть»: ``5 red banners``.
BANNERS_TEXT: Final[dict[Tribe, Callable[[int], Text]]] = {
    "red": lambda n: plural("{count} red banner", "{count} red banners", count=n),
    "green": lambda n: plural("{count} green banner", "{count} green banners", count=n),
    "blue": lambda n: plural("{count} blue banner", "{count} blue banners", count=n),
    "yellow": lambda n: plural("{count} yellow banner", "{count} yellow banners", count=n),
    "purple": lambda n: plural("{count} purple banner", "{count} purple banners", count=n),
}
#: A card's bonus for one tribe's banners («Цитадель ... даёт дополнительные победные очки за
#: красные знамёна племён»): ``Citadel (extra points for red banners)``.
BONUS_TEXT: Final[dict[Tribe, Callable[[Text], Text]]] = {
    "red": lambda card: text("{card} (extra points for red banners)", card=card),
    "green": lambda card: text("{card} (extra points for green banners)", card=card),
    "blue": lambda card: text("{card} (extra points for blue banners)", card=card),
    "yellow": lambda card: text("{card} (extra points for yellow banners)", card=card),
    "purple": lambda card: text("{card} (extra points for purple banners)", card=card),
}


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
        # «игроки теряют по 2 победных очка за каждого голодающего жителя»
        starving = len(p.starving)
        said = plural("{count} starving citizen", "{count} starving citizens", count=starving)
        lines.append(ScoreLine(seat, "starving citizens", -STARVING_PENALTY * starving, said))
    counts = banners(t, p)
    for tribe in TRIBES:
        if counts[tribe]:
            points = banner_points(counts[tribe])
            said = BANNERS_TEXT[tribe](counts[tribe])
            lines.append(ScoreLine(seat, f"banners: {tribe}", points, said))
    for card in p.empire + p.lost:
        name = t.empire[card].name
        bonus = t.scoring.get(card)
        if bonus is not None and bonus.points:
            n = counts[bonus.tribe]
            points = bonus.points[min(n, len(bonus.points) - 1)]
            said = BONUS_TEXT[bonus.tribe](printed(name))
            lines.append(ScoreLine(seat, f"card: {name}", points, said))
        if t.effect.get(card) == "moon_festival":
            # «Праздник луны»: 1 VP per set of 5 different banners.
            sets = min(counts.values())
            said = text("{card} (1 point per set of 5 different banners)", card=printed(name))
            lines.append(ScoreLine(seat, f"card: {name}", sets, said))
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
    return rank(
        tuple(scores),
        TIE_BREAKERS,
        tuple(ties),
        tuple(lines),
        tie_breaker_texts=TIE_BREAKER_TEXTS,
    )
