"""Per-content lookup tables (built once per content id) and a seat's ongoing symbols.

The ongoing symbols of a seat («Свойства карт») come from its capital, its face-up empire cards,
its provinces and its titans; lost (face-down) empire cards and set-aside cards give nothing.
"""

from __future__ import annotations

from typing import NamedTuple

import msgspec

from arbiter.games.the_ancient_world.content import (
    AncientWorldContent,
    ArmyCard,
    ArmyIcons,
    BannerBonus,
    CardAction,
    DieFace,
    Effect,
    EmpireCard,
    ProvinceCard,
    Symbols,
    TitanCard,
)
from arbiter.games.the_ancient_world.state import PlayerState

_NO_SYMBOLS = Symbols()


class Tables:
    """Lookups of one content pack.

    Numbers named by the rulebook's card clarifications are floors on the card's printed symbols,
    so that a pack may print them as symbols or leave them to the named effect without counting
    them twice: Great archivists income >= 1 coin and explore >= +2 cards; Cryptic ship >= 2 coins;
    Town hall >= 1 knowledge.
    """

    def __init__(self, content: AncientWorldContent) -> None:
        self.content = content
        self.capital: Symbols = content.capital.symbols
        self.empire: dict[str, EmpireCard] = {c.id: c for c in content.empire}
        self.armies: dict[str, ArmyCard] = {c.id: c for c in content.armies}
        self.titans: dict[str, TitanCard] = {c.id: c for c in content.titans}
        self.provinces: dict[str, ProvinceCard] = {c.id: c for c in content.provinces}
        self.symbols: dict[str, Symbols] = {}
        self.action: dict[str, CardAction] = {}
        self.effect: dict[str, Effect] = {}
        self.scoring: dict[str, BannerBonus] = {}
        self.name: dict[str, str] = {}
        for e in content.empire:
            sym = e.symbols
            if e.effect == "great_archivists":
                sym = msgspec.structs.replace(
                    sym,
                    income_coins=max(sym.income_coins, 1),
                    extra_explore=max(sym.extra_explore, 2),
                )
            self.symbols[e.id] = sym
            self.name[e.id] = e.name
            action = e.action
            if e.effect in ("desert_caravan", "cryptic_ship", "forest_refuge", "bridge"):
                action = action or CardAction()
            if e.effect in ("town_hall", "trade_city"):
                action = action or CardAction()
            if e.effect == "cryptic_ship" and action is not None:
                action = msgspec.structs.replace(action, gain_coins=max(action.gain_coins, 2))
            if e.effect == "town_hall" and action is not None:
                action = msgspec.structs.replace(
                    action, gain_knowledge=max(action.gain_knowledge, 1)
                )
            if action is not None:
                self.action[e.id] = action
            if e.effect is not None:
                self.effect[e.id] = e.effect
            if e.scoring is not None:
                self.scoring[e.id] = e.scoring
        for t in content.titans:
            self.symbols[t.id] = t.symbols
            if t.action is not None:
                self.action[t.id] = t.action
        for p in content.provinces:
            self.symbols[p.id] = p.symbols
            if p.action is not None:
                self.action[p.id] = p.action
        self.start_empire: frozenset[str] = frozenset(content.starting_empire)
        self.start_armies: frozenset[str] = frozenset(content.starting_armies)
        self.start_cards: frozenset[str] = self.start_empire | self.start_armies
        #: How many cards of the pack lie on the table, each once: all but the starting cards.
        self.placed_cards: int = len(
            {*self.empire, *self.armies, *self.provinces, *self.titans} - self.start_cards
        )
        self.deck_a: tuple[str, ...] = tuple(sorted(c.id for c in content.empire if c.deck == "A"))
        self.deck_b: tuple[str, ...] = tuple(sorted(c.id for c in content.empire if c.deck == "B"))
        self.army_deck: tuple[str, ...] = tuple(
            sorted(c.id for c in content.armies if c.deck == "army")
        )
        self.province_deck: tuple[str, ...] = tuple(sorted(c.id for c in content.provinces))
        self.titan_decks: tuple[tuple[str, ...], ...] = tuple(
            tuple(sorted(c.id for c in content.titans if c.stars == s)) for s in (1, 2, 3)
        )
        #: The cards of each deck that holds only its own cards, by deck name (the backs).
        self.deck_cards: dict[str, frozenset[str]] = {
            "empire_a": frozenset(self.deck_a),
            "empire_b": frozenset(self.deck_b),
            **{f"titan_{k}": frozenset(cards) for k, cards in enumerate(self.titan_decks, 1)},
        }
        # Die faces with their weights (number of sides showing them), one entry per die.
        weights: list[tuple[tuple[DieFace, int], ...]] = []
        for die in content.dice:
            counts: dict[DieFace, int] = {}
            for face in die:
                counts[face] = counts.get(face, 0) + 1
            weights.append(tuple(sorted(counts.items())))
        self.die_weights: tuple[tuple[tuple[DieFace, int], ...], ...] = tuple(weights)
        # An army card's total icons when used: face + experience of the cards under it.
        self.face: dict[str, ArmyIcons] = {c.id: c.face for c in content.armies}
        self.experience: dict[str, ArmyIcons] = {c.id: c.experience for c in content.armies}

    def sym(self, card: str) -> Symbols:
        return self.symbols.get(card, _NO_SYMBOLS)

    def letter(self, card: str) -> str:
        """The deck of an empire card: ``"start"``, ``"A"`` or ``"B"``."""
        return self.empire[card].deck


class Stats(NamedTuple):
    """A seat's ongoing symbols."""

    space: int
    army_limit: int
    swords: int
    arrows: int
    income_coins: int
    income_knowledge: int
    food: int
    extra_explore: int


#: The last answer of :func:`stats`, found again by the identity of what it read (the rules ask
#: it several times a decision, and states share the card tuples a step leaves alone); holding
#: them keeps their identities from being reused. Read and replaced as one object, so threads
#: sharing it at worst work it out again.
_last_stats: tuple[Tables, tuple[str, ...], tuple[str, ...], tuple[str, ...], Stats] | None = None


def stats(t: Tables, p: PlayerState) -> Stats:
    """The ongoing symbols of capital, face-up empire cards, provinces and titans."""
    global _last_stats
    last = _last_stats
    if (
        last is not None
        and last[0] is t
        and last[1] is p.empire
        and last[2] is p.provinces
        and last[3] is p.titans
    ):
        return last[4]
    worked_out = _stats(t, p)
    _last_stats = (t, p.empire, p.provinces, p.titans, worked_out)
    return worked_out


def _stats(t: Tables, p: PlayerState) -> Stats:
    c = t.capital
    space, limit, swords, arrows = c.space, c.army_limit, c.swords, c.arrows
    coins, knowledge, food, explore = c.income_coins, c.income_knowledge, c.food, c.extra_explore
    symbols = t.symbols
    for group in (p.empire, p.provinces, p.titans):
        for card in group:
            s = symbols.get(card)
            if s is None:
                continue
            space += s.space
            limit += s.army_limit
            swords += s.swords
            arrows += s.arrows
            coins += s.income_coins
            knowledge += s.income_knowledge
            food += s.food
            explore += s.extra_explore
    return Stats(space, limit, swords, arrows, coins, knowledge, food, explore)


def food(t: Tables, p: PlayerState) -> int:
    return stats(t, p).food


def army_limit(t: Tables, p: PlayerState) -> int:
    return stats(t, p).army_limit


def free_space(t: Tables, p: PlayerState) -> int:
    """Spaces left for empire cards: every empire card, lost ones too, takes 1 space
    («Для каждой карты империи требуется 1 место»)."""
    return stats(t, p).space - len(p.empire) - len(p.lost)


def has_effect(t: Tables, p: PlayerState, effect: Effect) -> str | None:
    """The face-up empire card of ``p`` with this named effect, if any."""
    effects = t.effect
    for card in p.empire:
        if effects.get(card) == effect:
            return card
    return None


def owned_names(t: Tables, p: PlayerState) -> set[str]:
    """Names of the empire cards the seat owns (face up or lost): no two may be alike."""
    names = t.name
    return {names[c] for c in p.empire} | {names[c] for c in p.lost}
