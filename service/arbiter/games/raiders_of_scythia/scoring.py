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
"""

from __future__ import annotations

from arbiter.core import Opponent, OpponentLine, Result, ScoreLine, rank
from arbiter.games.raiders_of_scythia.common import State, hired
from arbiter.games.raiders_of_scythia.content import FixedVp, VpPer
from arbiter.games.raiders_of_scythia.state import Player
from arbiter.games.raiders_of_scythia.tables import Tables

TIE_BREAKERS = ("quests + crew + animals", "silver + provisions + kumis")
CHIEF = "the nameless chief"


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
        breakdown.extend(ScoreLine(seat, label, points) for label, points in mine)
    opponents: list[Opponent] = []
    if s.chief is not None:
        c = s.chief
        chief_lines = (
            OpponentLine("raids", c.vp),
            OpponentLine("quests", sum(t.quests[q].vp for q in c.quests)),
            OpponentLine("horses", sum(t.animals[h].horse.vp for h in c.horses)),
        )
        opponents.append(
            Opponent(
                name=CHIEF,
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
    )
