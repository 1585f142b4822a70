"""The final scoring (rulebook «ПОДСЧЁТ ПО»; solo: «ОДИНОЧНАЯ ИГРА. ИТОГОВЫЙ ПОДСЧЁТ ПО»).

To the VP scored in play each player adds: the end-game VP of their hired crew, the VP of every
animal on their board (each half as it is used: an eagle's or a horse's), their completed quests,
and plunder: gold 2 VP, equipment 1, wagons 1, livestock 1 per 2. Ties go to the most quests, crew
and animals together, then the most silver, provisions and kumis together; still tied, the tied
players share the win. 50+ VP (the marker laid on its side) is a display matter: scores are
integers here.

Solo: the chief adds the VP of its quests and of its horses (eagles never count). Its tie-break
values are its quests + horses + 1 for its AI crew card, then its provisions (spec Q20); when it
ranks first alone there is no winner seat (:class:`arbiter.core.Opponent`).

Each line, tie-breaker and the chief has a text beside its key (issue #40), in the rulebook's words
(«1 золото = 2 ПО», «Każde Złoto = 2 PZ»); the keys stay as they are (clients key on them).
"""

from __future__ import annotations

from typing import Final

from arbiter.core import Opponent, OpponentLine, Result, ScoreLine, rank
from arbiter.core.texts import Text, text
from arbiter.games.raiders_of_scythia.common import State, hired
from arbiter.games.raiders_of_scythia.content import FixedVp, VpPer
from arbiter.games.raiders_of_scythia.state import Player
from arbiter.games.raiders_of_scythia.tables import Tables

TIE_BREAKERS = ("quests + crew + animals", "silver + provisions + kumis")
#: The tie-breakers as a person reads them («В случае ничьей побеждает претендент с наибольшим
#: количеством карт соратников, животных и жетонов выполненных заданий ... серебра,
#: продовольствия и кумыса»; PL «PUNKTACJA»).
TIE_BREAKER_TEXTS: Final = (
    text("the most completed quests, crew and animals together"),
    text("the most silver, provisions and kumis together"),
)
CHIEF = "the nameless chief"
#: «В одиночной игре вашим противником выступает безымянный вождь скифов» (PL: Wirtualny
#: Przeciwnik).
CHIEF_TEXT: Final = text("the nameless chief")

#: Each scoring line as a person reads it, by its key («ПОДСЧЁТ ПО»: 1. Соратники, 2. Животные,
#: 3. Задания, 4. Трофеи, each plunder at its rate).
LINE_TEXTS: Final[dict[str, Text]] = {
    "raids and effects": text("VP scored in play (raids and effects)"),
    "crew": text("hired crew (the end-game VP on their cards)"),
    "animals": text("animals (eagles and horses)"),
    "quests": text("completed quests"),
    "gold": text("plunder: gold (2 VP each)"),
    "equipment": text("plunder: equipment (1 VP each)"),
    "wagons": text("plunder: wagons (1 VP each)"),
    "livestock": text("plunder: livestock (1 VP per 2)"),
}
#: The chief's lines («ОДИНОЧНАЯ ИГРА. ИТОГОВЫЙ ПОДСЧЁТ ПО»: its quests and the horses it has
#: left, eagles never counted).
CHIEF_LINE_TEXTS: Final[dict[str, Text]] = {
    "raids": text("VP scored by its raids"),
    "quests": text("its quests"),
    "horses": text("the horses it has left (eagles never count)"),
}


def _count(p: Player, of: str) -> int:
    if of in ("gold", "equipment", "wagons", "livestock"):
        value: int = getattr(p.stock, of)
        return value
    if of == "crew":
        return hired(p)
    if of == "eagles":
        return sum(1 for slot in p.slots if slot.eagle is not None)
    if of == "horses":
        return sum(1 for slot in p.slots if slot.horse is not None)
    return len(p.quests)


def lines(p: Player, t: Tables) -> list[tuple[str, int]]:
    """The scoring lines of a player."""
    crew = 0
    for slot in p.slots:
        if slot.crew is None:
            continue
        end = t.crew[slot.crew].end_vp
        if isinstance(end, FixedVp):
            crew += end.vp
        elif isinstance(end, VpPer):
            crew += _count(p, end.of) // end.every * end.vp
    animals = sum(t.animals[slot.eagle].eagle.vp for slot in p.slots if slot.eagle)
    animals += sum(t.animals[slot.horse].horse.vp for slot in p.slots if slot.horse)
    return [
        ("raids and effects", p.vp),
        ("crew", crew),
        ("animals", animals),
        ("quests", sum(t.quests[q].vp for q in p.quests)),
        ("gold", 2 * p.stock.gold),
        ("equipment", p.stock.equipment),
        ("wagons", p.stock.wagons),
        ("livestock", p.stock.livestock // 2),
    ]


def tie_break(p: Player) -> tuple[int, int]:
    animals = sum((slot.eagle is not None) + (slot.horse is not None) for slot in p.slots)
    return (
        len(p.quests) + hired(p) + animals,
        p.stock.silver + p.stock.provisions + p.stock.kumis,
    )


def final_result(s: State, t: Tables) -> Result:
    scores: list[int] = []
    breakdown: list[ScoreLine] = []
    for seat, p in enumerate(s.players):
        mine = lines(p, t)
        scores.append(sum(points for _, points in mine))
        breakdown.extend(
            ScoreLine(seat, label, points, LINE_TEXTS[label]) for label, points in mine
        )
    opponents: list[Opponent] = []
    if s.chief is not None:
        c = s.chief
        chief_points = (
            ("raids", c.vp),
            ("quests", sum(t.quests[q].vp for q in c.quests)),
            ("horses", sum(t.animals[h].horse.vp for h in c.horses)),
        )
        chief_lines = tuple(
            OpponentLine(label, points, CHIEF_LINE_TEXTS[label]) for label, points in chief_points
        )
        opponents.append(
            Opponent(
                name=CHIEF,
                text=CHIEF_TEXT,
                score=sum(line.points for line in chief_lines),
                place=0,
                tie_break_values=(len(c.quests) + len(c.horses) + 1, c.provisions),
                breakdown=chief_lines,
            )
        )
    return rank(
        scores,
        TIE_BREAKERS,
        [tie_break(p) for p in s.players],
        breakdown,
        opponents=opponents,
        tie_breaker_texts=TIE_BREAKER_TEXTS,
    )
