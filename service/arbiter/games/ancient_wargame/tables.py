"""Lookup tables derived from a content pack once (``Game.tables``)."""

from __future__ import annotations

from arbiter.games.ancient_wargame.content import (
    Province,
    Sea,
    StateCard,
    Trait,
    WargameContent,
)


class Tables:
    """The pack's provinces, seas, states and traits by id, with their adjacency."""

    def __init__(self, content: WargameContent) -> None:
        self.content = content
        self.provinces: tuple[Province, ...] = content.provinces
        self.seas: tuple[Sea, ...] = content.seas
        self.province_index: dict[str, int] = {p.id: i for i, p in enumerate(content.provinces)}
        self.sea_index: dict[str, int] = {x.id: i for i, x in enumerate(content.seas)}
        self.province: dict[str, Province] = {p.id: p for p in content.provinces}
        self.sea: dict[str, Sea] = {x.id: x for x in content.seas}
        self.states: dict[str, StateCard] = {x.id: x for x in content.states}
        self.traits: dict[str, Trait] = {x.id: x for x in content.traits}
        self.land: dict[str, frozenset[str]] = {p.id: frozenset(p.land) for p in content.provinces}
        self.coast: dict[str, frozenset[str]] = {
            p.id: frozenset(p.coast) for p in content.provinces
        }
        self.shores: dict[str, frozenset[str]] = {
            x.id: frozenset(p.id for p in content.provinces if x.id in p.coast)
            for x in content.seas
        }
        self.sea_neighbours: dict[str, frozenset[str]] = {
            x.id: frozenset(x.neighbours) for x in content.seas
        }
        #: The capital of each state, and the state whose capital a province is.
        self.capital_of: dict[str, str] = {x.id: x.capital for x in content.states}
        self.state_of_capital: dict[str, str] = {x.capital: x.id for x in content.states}
        self.trait_decks: dict[str, tuple[str, ...]] = {
            deck: tuple(x.id for x in content.traits if x.deck == deck)
            for deck in ("admin_plus", "admin_minus", "general_plus", "general_minus")
        }
        #: (trait, modifier kind, unit) -> the sum of that trait's modifiers of the kind for the
        #: unit (or for any unit), filled as asked (:meth:`trait_value`)
        self._trait_values: dict[tuple[str, str, str | None], int] = {}

    def trait_value(self, trait: str, kind: str, unit: str | None = None) -> int:
        """The sum of ``kind`` modifiers of one trait card (those for ``unit`` or for any unit)."""
        key = (trait, kind, unit)
        value = self._trait_values.get(key)
        if value is None:
            value = self._trait_values[key] = sum(
                m.value
                for m in self.traits[trait].modifiers
                if m.kind == kind and (m.unit is None or m.unit == unit)
            )
        return value
