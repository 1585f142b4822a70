"""Hand-made content packs and table-editing helpers for the rulebook scenarios.

A scenario starts from a real setup (:func:`start`), then moves cards where the story needs them
with :func:`give` / :func:`to_row` / :func:`titan_on_top` (which take the card from wherever it is,
so every card stays in exactly one place and :meth:`check_state` keeps passing).
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE, Event, IllegalMove
from arbiter.games.the_ancient_world import TheAncientWorld
from arbiter.games.the_ancient_world.content import (
    AncientWorldContent,
    ArmyCard,
    ArmyIcons,
    BannerBonus,
    CardAction,
    EmpireCard,
    Provenance,
    ProvinceCard,
    Symbols,
    TitanCard,
)
from arbiter.games.the_ancient_world.moves import DrawCard
from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.state import (
    DECKS,
    AncientWorldState,
    Army,
    Deck,
    PlayerState,
)

State = AncientWorldState
DIE = ("titan", "coin", "coin", "blank", "blank", "blank")


def empire(
    id: str,
    deck: str = "A",
    coins: int = 0,
    knowledge: int = 0,
    banners: tuple[str, ...] = ("red",),
    **kw: Any,
) -> EmpireCard:
    symbols = Symbols(banners=banners, **kw.pop("symbols", {}))  # type: ignore[arg-type]
    return EmpireCard(
        id=id,
        name=kw.pop("name", id),
        deck=deck,  # type: ignore[arg-type]
        cost_coins=coins,
        cost_knowledge=knowledge,
        symbols=symbols,
        **kw,
    )


def base_cards() -> dict[str, Any]:
    """A small legal pack: 8 cards in each empire deck, 6 armies, 2 titans a star, 4 provinces."""
    deck_a = [
        empire(f"a{i}", "A", coins=i % 4, banners=(("red", "green", "blue")[i % 3],))
        for i in range(1, 9)
    ]
    deck_b = [empire(f"b{i}", "B", coins=2, banners=("yellow", "purple")) for i in range(1, 9)]
    start = [
        empire("fishing-dock", "start", banners=("blue",), symbols={"food": 1}),
        empire("wheat-fields", "start", banners=("green",), symbols={"food": 1}),
    ]
    armies = [
        ArmyCard(
            id="city-guard",
            name="City Guard",
            deck="start",
            face=ArmyIcons(swords=2),
            experience=ArmyIcons(swords=1),
        ),
        ArmyCard(
            id="militia",
            name="Militia",
            deck="start",
            face=ArmyIcons(swords=1, arrows=1),
            experience=ArmyIcons(arrows=1),
        ),
        ArmyCard(
            id="mercian-army",
            name="Mercian army",
            deck="army",
            face=ArmyIcons(swords=1, arrows=3),
            experience=ArmyIcons(swords=1),
        ),
        ArmyCard(
            id="spearmen",
            name="Spearmen",
            deck="army",
            face=ArmyIcons(swords=2),
            experience=ArmyIcons(swords=1),
        ),
        ArmyCard(
            id="raiders",
            name="Raiders",
            deck="army",
            cost_coins=2,
            face=ArmyIcons(swords=2, trophy=1),
            experience=ArmyIcons(trophy=1),
        ),
        ArmyCard(
            id="spies",
            name="Spies",
            deck="army",
            cost_coins=1,
            face=ArmyIcons(arrows=1, espionage=1),
            experience=ArmyIcons(espionage=1),
        ),
        ArmyCard(
            id="engineers",
            name="Engineers",
            deck="army",
            cost_coins=1,
            face=ArmyIcons(swords=1, rebuild=1),
            experience=ArmyIcons(swords=1),
        ),
        ArmyCard(
            id="archers",
            name="Archers",
            deck="army",
            face=ArmyIcons(arrows=3),
            experience=ArmyIcons(arrows=1),
        ),
    ]
    titans = [
        TitanCard(
            id="imp",
            name="Imp",
            stars=1,
            defence=2,
            arrows_count=True,
            symbols=Symbols(space=1, banners=("red",)),
        ),
        TitanCard(
            id="troll",
            name="Troll",
            stars=1,
            defence=4,
            arrows_count=False,
            symbols=Symbols(space=1, swords=1, banners=("red",)),
        ),
        TitanCard(
            id="stone-creature",
            name="Stone creature",
            stars=2,
            defence=8,
            arrows_count=True,
            symbols=Symbols(space=1, banners=("green", "blue")),
        ),
        TitanCard(
            id="wyrm",
            name="Wyrm",
            stars=2,
            defence=7,
            arrows_count=False,
            symbols=Symbols(space=2, banners=("yellow", "yellow")),
        ),
        TitanCard(
            id="colossus",
            name="Colossus",
            stars=3,
            defence=11,
            arrows_count=True,
            symbols=Symbols(space=2, citizen=1, banners=("purple", "red", "red")),
        ),
        TitanCard(
            id="leviathan",
            name="Leviathan",
            stars=3,
            defence=12,
            arrows_count=False,
            symbols=Symbols(space=2, banners=("blue", "blue", "blue")),
        ),
    ]
    provinces = [
        ProvinceCard(id="valley", name="Valley", symbols=Symbols(space=2)),
        ProvinceCard(id="delta", name="Delta", symbols=Symbols(space=1, food=1)),
        ProvinceCard(id="march", name="March", symbols=Symbols(space=1, army_limit=1)),
        ProvinceCard(
            id="mine", name="Mine", symbols=Symbols(space=1), action=CardAction(gain_coins=2)
        ),
    ]
    return {
        "empire": start + deck_a + deck_b,
        "armies": armies,
        "titans": titans,
        "provinces": provinces,
    }


def pack(extra_empire: tuple[EmpireCard, ...] = (), **overrides: Any) -> AncientWorldContent:
    """The base pack, with extra empire cards and field overrides."""
    cards = base_cards()
    cards["empire"] = cards["empire"] + list(extra_empire)
    fields: dict[str, Any] = {
        "name": "test pack",
        "provenance": (Provenance(source="tests"),),
        "dice": (DIE, DIE, DIE),
        "empire": tuple(cards["empire"]),
        "armies": tuple(cards["armies"]),
        "titans": tuple(cards["titans"]),
        "provinces": tuple(cards["provinces"]),
        "starting_empire": ("fishing-dock", "wheat-fields"),
        "starting_armies": ("city-guard", "militia"),
    }
    fields.update(overrides)
    return AncientWorldContent(**fields)


# Special cards of «Уточнения карт», as the tests' pack prints them.
AQUEDUCT = empire("aqueduct", coins=1, effect="aqueduct", symbols={"food": 1})
ARCHIVISTS = empire("archivists", deck="B", effect="great_archivists")
SCRIBES = empire("scribes", effect="scribes_guild")
ZORSK = empire("zorsk", effect="zorsk_playwrights")
CARAVAN = empire("caravan", effect="desert_caravan", action=CardAction())
CRANE = empire("crane", effect="crane")
SHIP = empire("ship", deck="B", effect="cryptic_ship", action=CardAction(gain_coins=2))
FOREST = empire("forest", deck="B", effect="forest_refuge", action=CardAction())
BRIDGE = empire("bridge", effect="bridge", action=CardAction())
OUTPOST = empire("outpost", deck="B", effect="remote_outpost")
MOON = empire("moon", deck="B", effect="moon_festival")
TOWN_HALL = empire("town-hall", effect="town_hall", action=CardAction(gain_knowledge=1))
TRADE_CITY = empire("trade-city", deck="B", effect="trade_city", action=CardAction())
CITADEL = empire(
    "citadel",
    deck="B",
    banners=("red",),
    scoring=BannerBonus(tribe="red", points=(0, 0, 1, 1, 2, 3, 3)),
)
SPECIALS = (
    AQUEDUCT,
    ARCHIVISTS,
    SCRIBES,
    ZORSK,
    CARAVAN,
    CRANE,
    SHIP,
    FOREST,
    BRIDGE,
    OUTPOST,
    MOON,
    TOWN_HALL,
    TRADE_CITY,
    CITADEL,
)


B_IDS = frozenset({f"b{i}" for i in range(1, 9)} | {c.id for c in SPECIALS if c.deck == "B"})


def game(content: AncientWorldContent | None = None) -> TheAncientWorld:
    return TheAncientWorld(default=content or pack(SPECIALS))


def start(g: TheAncientWorld, players: int = 2, seed: int = 0, **options: Any) -> State:
    """A new game with setup's chance decisions resolved from the seed."""
    s = g.new_state(players, AncientWorldOptions(**options), seed=seed)
    s, _ = g.resolve_chance(s)
    return s


def play(g: TheAncientWorld, s: State, *moves: Any) -> tuple[State, list[Event]]:
    """Apply moves (checked) and resolve chance from the seed after each."""
    events: list[Event] = []
    for move in moves:
        s, ev = g.apply(s, move)
        events += ev
    return s, events


def refused(g: TheAncientWorld, s: State, move: Any) -> str:
    """The rule code (without the game's prefix) ``move`` is refused with."""
    with pytest.raises(IllegalMove) as err:
        g.apply(s, move)
    return err.value.code.removeprefix("the-ancient-world.")


def settle(g: TheAncientWorld, s: State) -> tuple[State, list[Event]]:
    return g.resolve_chance(s)


def draw(g: TheAncientWorld, s: State, *cards: str) -> State:
    """Resolve the pending draws with these cards (checked chance outcomes)."""
    for card in cards:
        assert g.to_act(s) == (CHANCE,)
        task = s.pending[-1]
        s, _ = g.apply(s, DrawCard(deck=task.deck, card=card))  # type: ignore[union-attr]
    return s


# ------------------------------------------------------------------------- table editing


def remove_card(s: State, card: str) -> State:
    """Take ``card`` off the table, wherever it is (decks, rows, face-up cards, players)."""
    for name in DECKS:
        deck: Deck = getattr(s, name)
        if card in deck.middle or card in deck.top or card in deck.bottom:
            keep = [i for i, c in enumerate(deck.bottom) if c != card]
            deck = msgspec.structs.replace(
                deck,
                middle=tuple(c for c in deck.middle if c != card),
                top=tuple(c for c in deck.top if c != card),
                bottom=tuple(deck.bottom[i] for i in keep),
                bottom_by=tuple(deck.bottom_by[i] for i in keep),
            )
            s = msgspec.structs.replace(s, **{name: deck})
    for field in ("empire_row", "army_row", "empire_discard", "army_discard"):
        s = msgspec.structs.replace(s, **{field: tuple(c for c in getattr(s, field) if c != card)})
    if s.province_top == card:
        s = msgspec.structs.replace(s, province_top=None)
    for stars, top in enumerate(s.titan_tops.cards(), start=1):
        if top == card:
            s = msgspec.structs.replace(s, titan_tops=s.titan_tops.showing(stars, None))
    players = []
    for p in s.players:
        fields = {
            f: tuple(c for c in getattr(p, f) if c != card)
            for f in ("empire", "lost", "set_aside", "provinces", "titans")
        }
        players.append(msgspec.structs.replace(p, **fields))
    return msgspec.structs.replace(s, players=tuple(players))


def give(s: State, seat: int, card: str, field: str = "empire") -> State:
    """Move ``card`` to ``players[seat].<field>`` (empire, lost, set_aside, provinces, titans)."""
    s = remove_card(s, card)
    p = s.players[seat]
    p = msgspec.structs.replace(p, **{field: (*getattr(p, field), card)})
    return set_player(s, seat, p)


def set_player(s: State, seat: int, p: PlayerState | None = None, **fields: Any) -> State:
    p = p or s.players[seat]
    p = msgspec.structs.replace(p, **fields)
    return msgspec.structs.replace(s, players=(*s.players[:seat], p, *s.players[seat + 1 :]))


def to_row(s: State, *cards: str) -> State:
    """Put cards in the empire row (the previous row goes back to deck middles)."""
    old = s.empire_row
    s = msgspec.structs.replace(s, empire_row=())
    for c in old:
        s = _to_middle(s, "empire_b" if c in B_IDS else "empire_a", c)
    for c in cards:
        s = remove_card(s, c)
    return msgspec.structs.replace(s, empire_row=tuple(cards))


def to_army_row(s: State, *cards: str) -> State:
    for c in s.army_row:
        s = _to_middle(s, "army", c)
    s = msgspec.structs.replace(s, army_row=())
    for c in cards:
        s = remove_card(s, c)
    return msgspec.structs.replace(s, army_row=tuple(cards))


def _to_middle(s: State, name: str, card: str) -> State:
    deck: Deck = getattr(s, name)
    return msgspec.structs.replace(
        s, **{name: msgspec.structs.replace(deck, middle=tuple(sorted((*deck.middle, card))))}
    )


def titan_on_top(s: State, stars: int, card: str) -> State:
    """Make ``card`` the face-up titan of its deck (the old one back in the middle)."""
    old = s.titan_tops.of(stars)
    s = remove_card(s, card)
    if old is not None and old != card:
        s = _to_middle(s, f"titan_{stars}", old)
    return msgspec.structs.replace(s, titan_tops=s.titan_tops.showing(stars, card))


def province_on_top(s: State, card: str) -> State:
    old = s.province_top
    s = remove_card(s, card)
    if old is not None and old != card:
        s = _to_middle(s, "province", old)
    return msgspec.structs.replace(s, province_top=card)


def armies(s: State, seat: int, *armies: Army) -> State:
    """Replace a seat's armies (their army cards taken off the table first)."""
    for a in armies:
        for c in (a.active, *a.retired):
            if c not in ("city-guard", "militia"):
                s = remove_card(s, c)
    old = s.players[seat].armies
    for a in old:
        for c in (a.active, *a.retired):
            if c not in ("city-guard", "militia") and all(
                c not in (b.active, *b.retired) for b in armies
            ):
                s = _to_middle(s, "army", c)
    return set_player(s, seat, armies=tuple(armies))


def with_round(s: State, round: int) -> State:
    return msgspec.structs.replace(s, round=round)


def pass_all(g: TheAncientWorld, s: State) -> State:
    """Every seat passes (the round ends); stops at the first decision that is not a turn."""
    from arbiter.games.the_ancient_world.moves import Pass

    round_ = s.round
    while s.round == round_ and s.phase == "actions" and not s.pending:
        seat = g.to_act(s)[0]
        assert isinstance(seat, int)
        s, _ = g.apply(s, Pass(seat=seat))
    return s
