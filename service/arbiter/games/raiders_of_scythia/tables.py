"""Lookup tables derived from a content pack once (``Game.tables``)."""

from __future__ import annotations

from arbiter.games.raiders_of_scythia.content import (
    AnimalCard,
    ChiefCrew,
    ChiefLevel,
    CrewCard,
    Face,
    Hero,
    Quest,
    RaidersContent,
    RaidSpace,
    Region,
    RegionInfo,
    Scheme,
    Settlement,
)


class Tables:
    """The pack's cards by id, its settlements and raid spaces in board order, and the dice."""

    def __init__(self, content: RaidersContent) -> None:
        self.content = content
        self.crew: dict[str, CrewCard] = {c.id: c for c in content.crew}
        self.heroes: dict[str, Hero] = {h.id: h for h in content.heroes}
        self.animals: dict[str, AnimalCard] = {a.id: a for a in content.animals}
        self.quests: dict[str, Quest] = {q.id: q for q in content.quests}
        self.schemes: dict[str, Scheme] = {s.id: s for s in content.schemes}
        self.chiefs: dict[ChiefLevel, ChiefCrew] = {c.id: c for c in content.chiefs}
        self.regions: dict[Region, RegionInfo] = {r.id: r for r in content.regions}
        self.settlements: tuple[Settlement, ...] = content.settlements
        self.settlement_index: dict[str, int] = {s.id: i for i, s in enumerate(content.settlements)}
        #: Every raid space in board order, with its settlement's index.
        self.spaces: tuple[RaidSpace, ...] = tuple(
            sp for st in content.settlements for sp in st.spaces
        )
        self.space_settlement: tuple[int, ...] = tuple(
            i for i, st in enumerate(content.settlements) for _ in st.spaces
        )
        self.space_index: dict[str, int] = {sp.id: i for i, sp in enumerate(self.spaces)}
        #: The spaces of each settlement (indices into :attr:`spaces`).
        self.settlement_spaces: tuple[tuple[int, ...], ...] = tuple(
            tuple(j for j, k in enumerate(self.space_settlement) if k == i)
            for i in range(len(content.settlements))
        )
        #: The spaces of each region, left to right (the chief's targets and quest rows).
        self.region_spaces: dict[Region, tuple[int, ...]] = {
            r.id: tuple(
                j
                for j, k in enumerate(self.space_settlement)
                if content.settlements[k].region == r.id
            )
            for r in content.regions
        }
        faces = content.dice
        self.faces: dict[str, tuple[Face, ...]] = {
            "red": faces.red,
            "white": faces.white,
            "yellow": faces.yellow,
        }

    def dice_of(self, settlement: int) -> tuple[int, int]:
        """The red and white dice a raid on ``settlement`` rolls."""
        st = self.settlements[settlement]
        dice = st.dice or self.regions[st.region].dice
        return dice.red, dice.white

    def card_strength(self, card: str) -> int:
        """The printed strength of a crew card."""
        return self.crew[card].strength
