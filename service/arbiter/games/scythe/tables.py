"""Per-content lookup tables, built once per content id.

The board's graph (neighbours with river flags, tunnels, lakes, home bases), the mats and the
factions by id, and the geometry the structure bonus tiles need.
"""

from __future__ import annotations

from arbiter.games.scythe.content import (
    BottomAction,
    BottomActionName,
    EncounterCard,
    Faction,
    FactionId,
    FactoryCard,
    MatId,
    MatSection,
    Objective,
    PlayerMat,
    ScytheContent,
    StructureBonusKind,
    StructureBonusTile,
    Terrain,
    TopAction,
    TopActionName,
)


class Tables:
    """Lookups of one content pack."""

    def __init__(self, content: ScytheContent) -> None:
        self.content = content
        board = content.board
        self.territories: tuple[str, ...] = tuple(t.id for t in board.territories)
        self.index: dict[str, int] = {tid: i for i, tid in enumerate(self.territories)}
        self.terrain: dict[str, Terrain] = {t.id: t.terrain for t in board.territories}
        self.tunnel: frozenset[str] = frozenset(t.id for t in board.territories if t.tunnel)
        self.encounter_spaces: tuple[str, ...] = tuple(
            t.id for t in board.territories if t.encounter
        )
        self.lakes: frozenset[str] = frozenset(t.id for t in board.territories if t.lake)
        self.factory: str = next(t.id for t in board.territories if t.factory)
        self.bases: frozenset[str] = frozenset(b.id for b in board.home_bases)
        self.base_owner: dict[str, str] = {b.id: b.owner for b in board.home_bases}
        self.base_of: dict[str, str] = {b.owner: b.id for b in board.home_bases}
        self.starting_workers: dict[str, tuple[str, ...]] = {
            b.owner: b.starting_workers for b in board.home_bases
        }
        #: neighbours of every space: (to, river)
        self.neighbours: dict[str, tuple[tuple[str, bool], ...]] = {}
        for t in board.territories:
            self.neighbours[t.id] = tuple((e.to, e.river) for e in t.neighbours)
        for b in board.home_bases:
            self.neighbours[b.id] = tuple((e.to, e.river) for e in b.neighbours)
        #: every space one step from a space by its printed edges, with ``True`` when each edge
        #: to it crosses a river (read-only: :func:`.movement._links` shares it)
        self.steps: dict[str, dict[str, bool]] = {}
        for at, edges in self.neighbours.items():
            steps: dict[str, bool] = {}
            for to, river in edges:
                steps[to] = steps.get(to, True) and river
            steps.pop(at, None)
            self.steps[at] = steps
        #: territories touching a territory (any edge; rivers do not matter)
        self.touching: dict[str, frozenset[str]] = {
            tid: frozenset(to for to, _ in self.neighbours[tid] if to in self.index)
            for tid in self.territories
        }
        self.axial: dict[str, tuple[int, int]] = {t.id: t.axial for t in board.territories}
        self.at_axial: dict[tuple[int, int], str] = {v: k for k, v in self.axial.items()}
        self.factions: dict[FactionId, Faction] = {f.id: f for f in content.factions}
        self.mats: dict[MatId, PlayerMat] = {m.id: m for m in content.player_mats}
        #: each mat's sections by the name of their top-row action, and by their bottom-row one
        self.sections: dict[MatId, dict[str, MatSection]] = {
            m.id: {x.top.name: x for x in m.sections} for m in content.player_mats
        }
        self.bottoms: dict[MatId, dict[str, MatSection]] = {
            m.id: {x.bottom.name: x for x in m.sections} for m in content.player_mats
        }
        self.encounters: dict[int, EncounterCard] = {c.id: c for c in content.encounters}
        self.objectives: dict[int, Objective] = {o.id: o for o in content.objectives}
        self.factory_cards: dict[int, FactoryCard] = {c.id: c for c in content.factory_cards}
        self.tiles: dict[StructureBonusKind, StructureBonusTile] = {
            tile.id: tile for tile in content.structure_bonus_tiles
        }
        #: total of each combat card value in the deck, in ``CARD_VALUES`` order
        counts = {c.value: c.count for c in content.combat_cards}
        self.combat_counts: tuple[int, int, int, int] = (
            counts.get(2, 0),
            counts.get(3, 0),
            counts.get(4, 0),
            counts.get(5, 0),
        )

    def is_territory(self, location: str) -> bool:
        return location in self.index

    def top(self, mat: MatId, action: TopActionName) -> TopAction:
        """The top-row action of a mat (every mat has each once: :func:`.checks.check_content`)."""
        return self.sections[mat][action].top

    def bottom(self, mat: MatId, action: BottomActionName) -> BottomAction:
        """The bottom-row action of a mat."""
        return self.bottoms[mat][action].bottom

    def under(self, mat: MatId, action: TopActionName) -> BottomAction:
        """The bottom-row action in the section of top-row action ``action``."""
        return self.sections[mat][action].bottom
