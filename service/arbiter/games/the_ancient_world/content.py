"""The content type of The Ancient World: every card described by the rulebook's symbols.

The printed card lists of this game were never published in text, so the rules are data-driven:
a content pack lists every card by the symbols of the rulebook's chapter «Свойства карт» (card
properties) plus a named effect for each card of the chapter «Уточнения карт» (card clarifications).
The default pack (``data/default.json``) is the project's own approximation, its ``labels``
(:mod:`arbiter.core.provenance`) naming the values the rulebook gives; an owner of the game can
register a pack with the exact printed cards of their edition.

Every string, number and collection of a pack is bounded (:mod:`.content_limits`): packs come from
clients, and their cards fill every state of their games.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import msgspec
from msgspec import UNSET, UnsetType

from arbiter.core.provenance import Card, Labels
from arbiter.games.the_ancient_world import content_limits as lim

#: The tribes whose banners are collected (colours; the rulebook names red and green; the rest of
#: the palette is the project's own choice).
Tribe: TypeAlias = Literal["red", "green", "blue", "yellow", "purple"]
TRIBES: tuple[Tribe, ...] = ("red", "green", "blue", "yellow", "purple")

#: A face of a destruction die (rulebook: «Разрушения от титана» -- titan, coin, blank).
DieFace: TypeAlias = Literal["titan", "coin", "blank"]

#: Named effects of the special empire cards (rulebook: «Уточнения карт»).
Effect: TypeAlias = Literal[
    "aqueduct",  # Акведук: gaining a citizen also gains 1 coin per food you have
    "great_archivists",  # Большие архивариусы: +1 coin each round end; Explore draws 2 more
    "scribes_guild",  # Гильдия писцов: when your left neighbour Learns, you may buy 1 knowledge for 1 coin
    "zorsk_playwrights",  # Зорские драматурги: first to pass may set aside an empire card (row or deck top)
    "desert_caravan",  # Караван в пустыне: action -- 1 coin per food you have
    "crane",  # Кран: when building, discard it to build without paying coins or knowledge
    "cryptic_ship",  # Криптический корабль: action -- Explore and gain 2 coins
    "forest_refuge",  # Лесное убежище: action -- reorder the top 4 of a titan deck, may fight the top
    "bridge",  # Мост: action -- use another player's empire-card action
    "remote_outpost",  # Отдалённый аванпост: when your right neighbour Learns, remove a coin from your army
    "moon_festival",  # Праздник луны: end of game, +1 VP per set of 5 different banners
    "town_hall",  # Ратуша: action -- 1 knowledge and the first-player token (if hand side down)
    "trade_city",  # Торговый город: action -- use another player's empire-card action
]


class Symbols(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """The ongoing symbols of a card (rulebook: «Свойства карт»), all zero unless printed.

    * ``space`` -- «места»: room for one empire card each (capital, provinces, titans);
    * ``army_limit`` -- «лимит армий»: one army a symbol;
    * ``swords``, ``arrows`` -- «атака»: +1 attack in every titan fight;
    * ``citizen`` -- «житель»: gain a citizen token once, when the card is gained;
    * ``income_coins``, ``income_knowledge`` -- coins / knowledge at the end of each round;
    * ``food`` -- feeds one citizen each;
    * ``extra_explore`` -- the eye: draw that many more cards when exploring;
    * ``banners`` -- the tribes' banners the card shows.
    """

    space: lim.Symbol = 0
    army_limit: lim.Symbol = 0
    swords: lim.Symbol = 0
    arrows: lim.Symbol = 0
    citizen: lim.CitizenSymbol = 0
    income_coins: lim.Symbol = 0
    income_knowledge: lim.Symbol = 0
    food: lim.Symbol = 0
    extra_explore: lim.Symbol = 0
    banners: Annotated[tuple[Tribe, ...], lim.at_most(lim.MAX_BANNERS)] = ()


class CardAction(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """An action space printed on a card (rulebook: «Карта с ячейкой действия»: cost = gain).

    Placing a citizen pays ``cost_*`` and gains what follows the equals sign. Special actions
    (Desert caravan, Cryptic ship, Forest refuge, Bridge, Town hall, Trade city) are named by the
    card's ``effect`` and may add to these plain gains.
    """

    cost_coins: lim.Amount = 0
    cost_knowledge: lim.Amount = 0
    gain_coins: lim.Amount = 0
    gain_knowledge: lim.Amount = 0
    rebuild: lim.Amount = 0


class EmpireCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An empire card (starting, deck A or deck B).

    ``cost_coins`` and ``cost_knowledge`` are paid to Build it. ``scoring`` is the card's end-game
    bonus for the banners of one tribe, if any (the Citadel); other end-game bonuses
    are named effects (Moon festival).
    """

    id: lim.CardId
    name: lim.Name
    name_ru: lim.Name = ""
    deck: Literal["start", "A", "B"]
    cost_coins: lim.Price = 0
    cost_knowledge: lim.Price = 0
    symbols: Symbols = Symbols()
    action: CardAction | None = None
    effect: Effect | None = None
    scoring: BannerBonus | None = None


class BannerBonus(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """End-game points for the banners of one tribe (the Citadel): ``points[n]`` for ``n`` banners.

    Counts past the end of ``points`` score its last entry.
    """

    tribe: Tribe
    points: Annotated[tuple[lim.Points, ...], lim.at_most(lim.MAX_POINTS)]


class ArmyIcons(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """What an army card gives while it is used in a fight (rulebook: «Карты войск»).

    * ``swords``, ``arrows`` -- attack;
    * ``trophy`` -- 1 coin each after defeating the titan;
    * ``espionage`` -- 1 knowledge each when the army is used;
    * ``rebuild`` -- rebuild 1 lost empire card each before the destruction dice.
    """

    swords: lim.Amount = 0
    arrows: lim.Amount = 0
    trophy: lim.Amount = 0
    espionage: lim.Amount = 0
    rebuild: lim.Amount = 0


class ArmyCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An army card: its face (while active) and its experience (on the back, once disbanded).

    Only some army cards have a purchase price (``cost_coins``, printed under the name).
    """

    id: lim.CardId
    name: lim.Name
    name_ru: lim.Name = ""
    deck: Literal["start", "army"]
    cost_coins: lim.Price = 0
    face: ArmyIcons = ArmyIcons()
    experience: ArmyIcons = ArmyIcons()


class TitanCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A titan: its star deck, defence, whether arrows count against it, and what it gives.

    ``symbols.banners`` is also the number of destruction dice rolled after defeating it.
    """

    id: lim.CardId
    name: lim.Name
    name_ru: lim.Name = ""
    stars: Literal[1, 2, 3]
    defence: lim.Defence
    arrows_count: bool
    symbols: Symbols = Symbols()
    action: CardAction | None = None


class ProvinceCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A province: extra space and possibly other symbols or an action."""

    id: lim.CardId
    name: lim.Name
    name_ru: lim.Name = ""
    symbols: Symbols = Symbols()
    action: CardAction | None = None


class Capital(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The capital printed on each player board.

    Rulebook («Подготовка к игре»): 1 food, 4 spaces, 5 coins a round and an army limit of 2.
    """

    symbols: Symbols = Symbols(space=4, army_limit=2, food=1, income_coins=5)


class Provenance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Where a pack's values come from: the rulebook, a public source, or the pack's own authors."""

    source: lim.Source
    notes: lim.Notes = ""


class AncientWorldContent(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A content pack of The Ancient World.

    Setup hands every player the two starting empire cards and two starting army cards listed in
    ``starting_empire`` and ``starting_armies`` (ids of cards in ``empire`` and ``armies`` whose deck
    is ``"start"``; rulebook, «Подготовка к игре», step 9).
    """

    name: lim.Name
    provenance: Annotated[tuple[Provenance, ...], lim.at_most(lim.MAX_PROVENANCE)]
    capital: Capital = Capital()
    dice: Annotated[
        tuple[Annotated[tuple[DieFace, ...], lim.at_most(lim.MAX_FACES)], ...],
        lim.at_most(lim.MAX_DICE),
    ]
    empire: Annotated[tuple[EmpireCard, ...], lim.at_most(lim.MAX_EMPIRE)]
    armies: Annotated[tuple[ArmyCard, ...], lim.at_most(lim.MAX_ARMIES)]
    titans: Annotated[tuple[TitanCard, ...], lim.at_most(lim.MAX_TITANS)]
    provinces: Annotated[tuple[ProvinceCard, ...], lim.at_most(lim.MAX_PROVINCES)]
    starting_empire: Annotated[tuple[lim.CardId, ...], lim.at_most(lim.MAX_STARTING)]
    starting_armies: Annotated[tuple[lim.CardId, ...], lim.at_most(lim.MAX_STARTING)]
    #: Which source gives which value of each card (:mod:`arbiter.core.provenance`); left out:
    #: the pack is unlabelled, an owner's edition as transcribed.
    labels: Labels | UnsetType = UNSET


def cards(c: AncientWorldContent) -> tuple[Card, ...]:
    """Every card of a pack with its key (``empire/A36-aqueduct``, ``dice/1``, ``capital``): what
    ``labels`` name."""
    return (
        ("capital", c.capital),
        *((f"dice/{n}", die) for n, die in enumerate(c.dice, 1)),
        *((f"empire/{e.id}", e) for e in c.empire),
        *((f"armies/{a.id}", a) for a in c.armies),
        *((f"titans/{t.id}", t) for t in c.titans),
        *((f"provinces/{p.id}", p) for p in c.provinces),
        ("starting_empire", c.starting_empire),
        ("starting_armies", c.starting_armies),
    )
