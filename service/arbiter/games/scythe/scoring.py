"""End-game scoring («Подсчет очков в конце игры», «Категории подсчета очков»).

Coins in hand, plus by the popularity tier: each star, each controlled territory (lakes included,
the Factory as 3), each 2 controlled resource tokens; plus the structure bonus tile (paid whether
or not the structures' territories are controlled). Ties: «Количество рабочих, Механизмов и
сооружений», «Сила», «Популярность», «Количество фишек ресурсов под контролем», «Число
контролируемых территорий», «Число размещенных фишек звезд».
"""

from __future__ import annotations

from typing import Final

from arbiter.core import Result, ScoreLine, rank
from arbiter.core.texts import Text, plural, text
from arbiter.games.scythe.board import control_map
from arbiter.games.scythe.content import StructureBonusKind, TieBreaker
from arbiter.games.scythe.names import TILE_NAMES
from arbiter.games.scythe.state import ScytheState
from arbiter.games.scythe.tables import Tables

State = ScytheState
#: The six axial directions; three of them span the lines of a row of structures.
LINES: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, -1))
#: Each tie-breaker as a person reads it, in the rulebook's words («Объявление победителя»).
TIE_BREAKER_TEXTS: Final[dict[TieBreaker, Text]] = {
    "workers_mechs_structures": text("number of workers, mechs and structures"),
    "power": text("power"),
    "popularity": text("popularity"),
    "resources": text("number of resource tokens controlled"),
    "territories": text("number of territories controlled"),
    "stars": text("number of star tokens placed"),
}


def structure_count(s: State, t: Tables, seat: int, kind: StructureBonusKind) -> int:
    """What the structure bonus tile counts for ``seat``."""
    places = [b.territory for b in s.players[seat].structures]
    if kind == "adjacent_tunnels":
        return len({y for x in places for y in t.touching[x] if y in t.tunnel})
    if kind == "adjacent_lakes":
        return len({y for x in places for y in t.touching[x] if y in t.lakes})
    if kind == "adjacent_encounters":
        spaces = set(t.encounter_spaces)
        return len({y for x in places for y in t.touching[x] if y in spaces})
    if kind == "on_tunnels":
        return sum(1 for x in places if x in t.tunnel)
    if kind == "on_farms_or_tundras":
        return sum(1 for x in places if t.terrain[x] in ("farm", "tundra"))
    # in_a_row: «прямая линия любой длины; считается только самый длинный ряд»
    cells = {t.axial[x] for x in places}
    best = 1 if cells else 0
    for q, r in cells:
        for dq, dr in LINES:
            if (q - dq, r - dr) in cells:
                continue
            n = 1
            while (q + n * dq, r + n * dr) in cells:
                n += 1
            best = max(best, n)
    return best


def territories(s: State, t: Tables, seat: int, cmap: dict[str, int]) -> tuple[int, int]:
    """(territories as scored, with the Factory as 3; territories as counted)."""
    mine = [x for x in t.territories if cmap.get(x) == seat]
    factory = t.content.scoring.factory_territories
    scored = sum(factory if x == t.factory else 1 for x in mine)
    return scored, len(mine)


def resources(s: State, t: Tables, seat: int, cmap: dict[str, int]) -> int:
    return sum(r.total() for x, r in s.resources.items() if cmap.get(x) == seat)


def territories_text(scored: int, factory: int | None) -> Text:
    """«Каждая контролируемая территория»; «Фактория считается как 3 территории» (``factory``:
    what the Factory counts as, ``None`` when the seat does not control it)."""
    if factory is None:
        return plural(
            "{count} territory controlled", "{count} territories controlled", count=scored
        )
    return plural(
        "{count} territory controlled (the Factory counts as {factory})",
        "{count} territories controlled (the Factory counts as {factory})",
        count=scored,
        factory=factory,
    )


def structure_bonus(s: State, t: Tables, seat: int) -> tuple[int, Text]:
    """The structure bonus tile's coins and what they are for («Карта бонуса сооружений»)."""
    if not s.structure_tile:
        return 0, text("no structure bonus tile")
    count = structure_count(s, t, seat, s.structure_tile)
    said = text(
        "structure bonus tile, {tile}: {count}", tile=TILE_NAMES[s.structure_tile], count=count
    )
    return t.tiles[s.structure_tile].coins_for(count), said


def final_result(s: State, t: Tables) -> Result:
    cmap = control_map(s, t)
    scoring = t.content.scoring
    per = scoring.resources_per_payout
    scores: list[int] = []
    lines: list[ScoreLine] = []
    ties: list[tuple[int, ...]] = []
    for seat, p in enumerate(s.players):
        tier = scoring.tier(p.popularity)
        scored_territories, n_territories = territories(s, t, seat, cmap)
        tokens = resources(s, t, seat, cmap)
        tile, tile_text = structure_bonus(s, t, seat)
        factory = scoring.factory_territories if cmap.get(t.factory) == seat else None
        # «Категории подсчета очков», each line with its words
        parts = [
            ("coins", p.coins, text("coins in hand")),
            (
                "stars",
                tier.star * len(p.stars),
                plural(
                    "{count} star token placed", "{count} star tokens placed", count=len(p.stars)
                ),
            ),
            (
                "territories",
                tier.territory * scored_territories,
                territories_text(scored_territories, factory),
            ),
            (
                "resources",
                tier.resources * (tokens // per),
                plural(
                    "{count} resource token controlled, paid for every {per}",
                    "{count} resource tokens controlled, paid for every {per}",
                    count=tokens,
                    per=per,
                ),
            ),
            ("structure bonus", tile, tile_text),
        ]
        lines.extend(ScoreLine(seat, label, points, said) for label, points, said in parts)
        scores.append(sum(points for _, points, _ in parts))
        ties.append(
            (
                len(p.workers) + len(p.mechs) + len(p.structures),
                p.power,
                p.popularity,
                tokens,
                n_territories,
                len(p.stars),
            )
        )
    return rank(
        scores,
        tuple(scoring.tie_breakers),
        ties,
        lines,
        tie_breaker_texts=[TIE_BREAKER_TEXTS[x] for x in scoring.tie_breakers],
    )
