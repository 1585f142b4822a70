"""The content type of the ancient wargame: the map, the states and the hero traits as data.

The rules (v1.1, «Версия 1.1») give every phase, price and table but no map, no state cards and no
hero trait cards («Карточки государств», «карточки характеристик»). A content pack supplies them:
provinces (annexation cost, fertility, tribute, mercenaries, land and sea neighbours), seas (storm
class 0-6), the states (capital, features, unique victory condition) and the four trait decks.
Features and traits are *modifiers* from a closed vocabulary (:data:`ModifierKind`) and victory
conditions *predicates* (:data:`ConditionKind`), so an owner of another map can register their own
pack. The default pack (``data/default.json``) is the project's own Mediterranean scenario.

Every string, number and collection is bounded (``msgspec.Meta``): packs come from clients.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import msgspec
from msgspec import UNSET, UnsetType

from arbiter.core.provenance import Card, Labels

Id: TypeAlias = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"^[a-z0-9_-]+$")]
Name: TypeAlias = Annotated[str, msgspec.Meta(max_length=120)]
Text: TypeAlias = Annotated[str, msgspec.Meta(max_length=4000)]
Small: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=50)]
Ids: TypeAlias = Annotated[tuple[Id, ...], msgspec.Meta(max_length=40)]

#: The land units (rulebook «пехотинец», «лучник», «всадник»).
Unit: TypeAlias = Literal["infantry", "archers", "cavalry"]
UNITS: tuple[Unit, ...] = ("infantry", "archers", "cavalry")
#: The players the map is trimmed for: a province or sea is in play from ``min_players`` up.
Players: TypeAlias = Annotated[int, msgspec.Meta(ge=2, le=6)]


class _C(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class Provenance(_C, frozen=True, kw_only=True, forbid_unknown_fields=True):
    source: Text
    notes: Text = ""


class Mercenary(_C, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """«Доступные наемники»: up to ``count`` units of ``unit`` a turn, at ``price`` $ each."""

    unit: Unit
    count: Annotated[int, msgspec.Meta(ge=1, le=10)]
    price: Small


class Province(_C, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A province: «Стоимость присоединения» (``annex_cost`` $), «Плодородность» (``fertility`` ₣
    a turn), «Размер подати» (``tribute`` $ a turn), «Доступные наемники»; its land neighbours and
    the seas on its coast; a ``region`` tag for victory conditions; in play from ``min_players``."""

    id: Id
    name: Name
    name_ru: Name = ""
    fertility: Small
    tribute: Small
    annex_cost: Small
    mercenaries: Annotated[tuple[Mercenary, ...], msgspec.Meta(max_length=3)] = ()
    land: Ids = ()
    coast: Ids = ()
    region: Annotated[str, msgspec.Meta(max_length=40)] = ""
    min_players: Players = 2


class Sea(_C, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A sea region: its storm class («класс опасности», 0 = always calm, 6 = closed to ships)
    and its neighbouring seas; in play from ``min_players``."""

    id: Id
    name: Name
    name_ru: Name = ""
    storm: Annotated[int, msgspec.Meta(ge=0, le=6)]
    neighbours: Ids = ()
    min_players: Players = 2


#: Where a number of the rules may be changed by a hero trait or a state feature. Hero scope: an
#: administrator's province, a general's flank or province; state scope: everywhere for the
#: player (see :mod:`.modifiers` for each hook).
ModifierKind: TypeAlias = Literal[
    "income_food",  # ±₣ per turn (an administrator: from his province)
    "income_money",  # ±$ per turn
    "research_dice",  # ± research dice
    "hire_price",  # ±$ per unit hired in a province (min 0)
    "upkeep",  # ±₣ total upkeep per turn (min 0)
    "fortress_cost",  # ±$ on the fortress price (min 0)
    "building_cost",  # ±$ on capital buildings (min 1)
    "annex_cost",  # ±$ on annexation (min 0)
    "melee_dice",  # ± dice per melee of a flank
    "archery_dice",  # ± archery dice of a flank
    "fortress_fire",  # ± on each fortress die
    "fate_roll",  # ± on the captured-general die
    "storm_roll",  # ± on storm rolls for own ships
    "naval_dice",  # ± dice per naval battle
    "spy_roll",  # ± on own mission rolls
    "sabotage_guard",  # + harder to sabotage (an administrator's province / all)
    "assassination_guard",  # + harder to assassinate (a general / all generals)
    "counter_intel_cost",  # ±$ total per counter-intelligence (min 0)
    "start_food",  # setup: extra ₣
    "start_money",  # setup: extra $
    "start_vp",  # setup: extra VP tokens
    "start_units",  # setup: extra soldiers of ``unit`` in the capital
    "start_science",  # setup: the basic science ``ref`` is learned
    "start_building",  # setup: the building ``ref`` is built (its science with it)
]


class Modifier(_C, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One change of a number of the rules: ``kind``, by ``value``; ``unit`` limits it to a unit
    type, ``ref`` names a science or building (``start_science``, ``start_building``)."""

    kind: ModifierKind
    value: Annotated[int, msgspec.Meta(ge=-10, le=10)] = 0
    unit: Unit | None = None
    ref: Annotated[str, msgspec.Meta(max_length=40)] = ""


TraitDeck: TypeAlias = Literal["admin_plus", "admin_minus", "general_plus", "general_minus"]
TRAIT_DECKS: tuple[TraitDeck, ...] = ("admin_plus", "admin_minus", "general_plus", "general_minus")


class Trait(_C, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hero trait card of one of the 4 decks («+/-» × «администратор/военачальник»)."""

    id: Id
    deck: TraitDeck
    name: Name
    name_ru: Name = ""
    modifiers: Annotated[tuple[Modifier, ...], msgspec.Meta(min_length=1, max_length=3)]


ConditionKind: TypeAlias = Literal[
    "hold_all",  # controls every province of ``provinces``
    "hold_count",  # controls at least ``n`` provinces (of ``region`` if set)
    "hold_capitals",  # controls at least ``n`` capitals of other states in play
    "sciences",  # has learned at least ``n`` sciences
    "ships",  # has at least ``n`` ships on the board
    "wealth",  # holds at least ``n`` $
    "food",  # holds at least ``n`` ₣
    "vp_tokens",  # holds at least ``n`` VP tokens
    "full_fortresses",  # at least ``n`` of its provinces have 3 fortresses
    "heroes",  # has at least ``n`` free heroes
    "eliminated",  # the state ``state`` is in play and eliminated, or its capital is held by it
]


class Condition(_C, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A predicate of a unique victory condition, checked at the end of a turn."""

    kind: ConditionKind
    n: Small = 0
    n_by_players: Annotated[tuple[Small, ...], msgspec.Meta(max_length=5)] = ()
    provinces: Ids = ()
    region: Annotated[str, msgspec.Meta(max_length=40)] = ""
    state: Annotated[str, msgspec.Meta(max_length=40)] = ""


class StateCard(_C, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A state card: «уникальных особенностей страны и особым условием победы» -- its capital
    (the starting province), its features (state-scope modifiers) and its unique victory
    condition (every predicate must hold at the end of a turn)."""

    id: Id
    name: Name
    name_ru: Name = ""
    colour: Annotated[str, msgspec.Meta(max_length=20)] = ""
    capital: Id
    features: Annotated[tuple[Modifier, ...], msgspec.Meta(max_length=4)] = ()
    victory: Annotated[tuple[Condition, ...], msgspec.Meta(min_length=1, max_length=3)]
    text: Text = ""


class WargameContent(_C, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A content pack of the ancient wargame: the map, the states and the trait decks."""

    name: Name
    provenance: Annotated[tuple[Provenance, ...], msgspec.Meta(max_length=40)] = ()
    ships_per_state: Annotated[int, msgspec.Meta(ge=1, le=30)] = 8
    hero_names: Annotated[tuple[Name, ...], msgspec.Meta(max_length=200)] = ()
    provinces: Annotated[tuple[Province, ...], msgspec.Meta(min_length=4, max_length=80)]
    seas: Annotated[tuple[Sea, ...], msgspec.Meta(max_length=40)]
    states: Annotated[tuple[StateCard, ...], msgspec.Meta(min_length=6, max_length=12)]
    traits: Annotated[tuple[Trait, ...], msgspec.Meta(min_length=4, max_length=200)]
    #: Which source gives which value of each card (:mod:`arbiter.core.provenance`); left out:
    #: the pack is unlabelled, an owner's edition as transcribed.
    labels: Labels | UnsetType = UNSET


def cards(c: WargameContent) -> tuple[Card, ...]:
    """Every card of a pack with its key (``provinces/latium``, ``states/rome``; the fleet size and
    the hero names as ``ships_per_state`` and ``hero_names``): what ``labels`` name."""
    return (
        ("ships_per_state", c.ships_per_state),
        ("hero_names", c.hero_names),
        *((f"provinces/{p.id}", p) for p in c.provinces),
        *((f"seas/{s.id}", s) for s in c.seas),
        *((f"states/{s.id}", s) for s in c.states),
        *((f"traits/{t.id}", t) for t in c.traits),
    )
