"""End-game scoring («Подсчет очков в конце игры», «Категории подсчета очков»).

Coins in hand, plus by the popularity tier: each star, each controlled territory (lakes included,
the Factory as 3), each 2 controlled resource tokens; plus the structure bonus tile (paid whether
or not the structures' territories are controlled). Ties: «Количество рабочих, Механизмов и
сооружений», «Сила», «Популярность», «Количество фишек ресурсов под контролем», «Число
контролируемых территорий», «Число размещенных фишек звезд».
"""

from __future__ import annotations

from arbiter.core import Result, ScoreLine, rank
from arbiter.games.scythe.board import control_map
from arbiter.games.scythe.content import StructureBonusKind
from arbiter.games.scythe.state import ScytheState
from arbiter.games.scythe.tables import Tables

State = ScytheState
#: The six axial directions; three of them span the lines of a row of structures.
LINES: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, -1))


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


def final_result(s: State, t: Tables) -> Result:
    cmap = control_map(s, t)
    scoring = t.content.scoring
    scores: list[int] = []
    lines: list[ScoreLine] = []
    ties: list[tuple[int, ...]] = []
    for seat, p in enumerate(s.players):
        tier = scoring.tier(p.popularity)
        scored_territories, n_territories = territories(s, t, seat, cmap)
        tokens = resources(s, t, seat, cmap)
        tile = (
            t.tiles[s.structure_tile].coins_for(structure_count(s, t, seat, s.structure_tile))
            if s.structure_tile
            else 0
        )
        parts = [
            ("coins", p.coins),
            ("stars", tier.star * len(p.stars)),
            ("territories", tier.territory * scored_territories),
            ("resources", tier.resources * (tokens // scoring.resources_per_payout)),
            ("structure bonus", tile),
        ]
        lines.extend(ScoreLine(seat, label, points) for label, points in parts)
        scores.append(sum(points for _, points in parts))
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
    return rank(scores, tuple(scoring.tie_breakers), ties, lines)
