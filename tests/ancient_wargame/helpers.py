"""A small map of our own and helpers to build positions and play them through ``Game.apply``.

The map *(setup ours)*: Rome (``latium``) borders ``etruria`` and ``campania``; Carthage
(``carthago``) borders ``numidia``; Greece (``achaea``); Egypt, Persia and Gaul for 4-6 players.
``sicilia`` is an island; the Tyrrhenian Sea (class 0) touches Latium, Etruria, Campania, Sicily
and Carthage; the Ionian (class 3) Campania, Sicily and Achaea; the Syrtis is closed (class 6).
Provinces ``bruttium`` (3+), ``creta`` (4+), ``cyprus`` (5+), ``dacia`` (6) and seas
``adriatic`` (3+) and ``euxine`` (6) are trimmed by player count. Every trait is neutral (a
modifier of 0), unless a test says otherwise; no state has a feature.
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import CHANCE
from arbiter.games.ancient_wargame import flow
from arbiter.games.ancient_wargame.content import (
    Condition,
    Mercenary,
    Modifier,
    Province,
    Sea,
    StateCard,
    Trait,
    WargameContent,
)
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.games.ancient_wargame.moves import (
    Commit,
    Done,
    NoAnnex,
    NoCounterIntel,
    NoNaval,
    Pass,
    StateDealt,
    Stay,
    UpperHero,
)
from arbiter.games.ancient_wargame.options import WargameOptions
from arbiter.games.ancient_wargame.state import (
    Army,
    EndTurn,
    Hero,
    Phase,
    Player,
    ProvinceState,
    Sealed,
    Troops,
    WargameState,
)


def _p(
    pid: str,
    fert: int,
    trib: int,
    annex: int,
    land: tuple[str, ...] = (),
    coast: tuple[str, ...] = (),
    mercs: tuple[Mercenary, ...] = (),
    players: int = 2,
) -> Province:
    return Province(
        id=pid,
        name=pid.title(),
        fertility=fert,
        tribute=trib,
        annex_cost=annex,
        land=land,
        coast=coast,
        mercenaries=mercs,
        min_players=players,
    )


PROVINCES = (
    _p(
        "latium",
        3,
        3,
        8,
        ("etruria", "campania"),
        ("tyrrhenian",),
        (Mercenary(unit="infantry", count=2, price=2), Mercenary(unit="cavalry", count=1, price=3)),
    ),
    _p(
        "etruria",
        2,
        2,
        5,
        ("latium", "gallia"),
        ("tyrrhenian", "ligurian"),
        (Mercenary(unit="archers", count=2, price=2),),
    ),
    _p("campania", 3, 2, 4, ("latium", "bruttium"), ("tyrrhenian", "ionian")),
    _p("bruttium", 1, 1, 3, ("campania",), ("ionian",), players=3),
    _p("sicilia", 3, 2, 6, (), ("tyrrhenian", "ionian", "syrtis")),
    _p(
        "carthago",
        3,
        3,
        8,
        ("numidia",),
        ("tyrrhenian", "syrtis"),
        (Mercenary(unit="infantry", count=2, price=2),),
    ),
    _p(
        "numidia",
        2,
        1,
        4,
        ("carthago",),
        ("africum",),
        (Mercenary(unit="cavalry", count=3, price=2),),
    ),
    _p("achaea", 2, 3, 6, (), ("ionian", "aegean", "adriatic")),
    _p("creta", 1, 1, 3, (), ("aegean",), players=4),
    _p("aegyptus", 3, 3, 8, ("judaea",), ("levantine",)),
    _p("judaea", 2, 2, 5, ("aegyptus",), ("levantine",)),
    _p("cyprus", 2, 2, 5, (), ("levantine",), players=5),
    _p("persis", 3, 3, 8, (), ("levantine",)),
    _p("gallia", 3, 1, 5, ("etruria", "dacia"), ("ligurian",)),
    _p("dacia", 2, 2, 5, ("gallia",), ("euxine",), players=6),
)


def _sea(sid: str, storm: int, neighbours: tuple[str, ...], players: int = 2) -> Sea:
    return Sea(id=sid, name=sid.title(), storm=storm, neighbours=neighbours, min_players=players)


SEAS = (
    _sea("tyrrhenian", 0, ("ionian", "ligurian", "africum", "syrtis")),
    _sea("ionian", 3, ("tyrrhenian", "aegean", "adriatic", "syrtis")),
    _sea("ligurian", 1, ("tyrrhenian", "euxine")),
    _sea("africum", 5, ("tyrrhenian",)),
    _sea("syrtis", 6, ("tyrrhenian", "ionian")),
    _sea("aegean", 2, ("ionian", "levantine")),
    _sea("levantine", 2, ("aegean",)),
    _sea("adriatic", 1, ("ionian",), players=3),
    _sea("euxine", 4, ("ligurian",), players=6),
)
TEN = (Condition(kind="sciences", n=10),)
STATES = (
    StateCard(id="rome", name="Rome", capital="latium", victory=TEN),
    StateCard(id="carthage", name="Carthage", capital="carthago", victory=TEN),
    StateCard(id="greece", name="Greece", capital="achaea", victory=TEN),
    StateCard(id="egypt", name="Egypt", capital="aegyptus", victory=TEN),
    StateCard(id="persia", name="Persia", capital="persis", victory=TEN),
    StateCard(id="gaul", name="Gaul", capital="gallia", victory=TEN),
)
DECKS = ("admin_plus", "admin_minus", "general_plus", "general_minus")
TRAITS = tuple(
    Trait(id=f"{deck}-{i}", deck=deck, name=f"{deck} {i}", modifiers=(Modifier(kind="upkeep"),))
    for deck in DECKS
    for i in range(1, 9)
)
PACK = WargameContent(
    name="rules tests",
    ships_per_state=6,
    hero_names=tuple(f"Hero {i}" for i in range(1, 41)),
    provinces=PROVINCES,
    seas=SEAS,
    states=STATES,
    traits=TRAITS,
)
G = AncientWargame(default=PACK)
T = G.tables(G.default_content_id)
ORDER = ("rome", "carthage", "greece", "egypt", "persia", "gaul")
PASSIVE = (Commit, Done, Stay, NoNaval, NoAnnex, NoCounterIntel, Pass)


def opts(**fields: Any) -> WargameOptions:
    return WargameOptions(**fields)


def play(s: WargameState, *moves: Any) -> WargameState:
    """Apply ``moves`` through ``Game.apply`` (legality checked)."""
    for move in moves:
        s, _ = G.apply(s, move)
    return s


def play_ev(s: WargameState, move: Any) -> tuple[WargameState, list[Any]]:
    return G.apply(s, move)


def chance(s: WargameState) -> WargameState:
    return G.resolve_chance(s)[0]


def start(players: int = 2, seed: int = 0, **options: Any) -> WargameState:
    """States dealt in ``ORDER`` (Rome to seat 0...), traits by chance, each seat's
    administrator written higher: the first decision of turn 1 (phase 1)."""
    s = G.new_state(players, opts(**options), seed)
    for state in ORDER[:players]:
        s = play(s, StateDealt(state=state))
    s = chance(s)
    while s.stage == "setup":
        seat = s.pending[-1].seat
        admin = next(h for h in s.heroes if h.owner == seat and h.kind == "administrator")
        s = chance(play(s, UpperHero(seat=seat, hero=admin.id)))
    return s


def edit(s: WargameState, **fields: Any) -> WargameState:
    return msgspec.structs.replace(s, **fields)


def player(s: WargameState, seat: int, **fields: Any) -> WargameState:
    players = list(s.players)
    players[seat] = msgspec.structs.replace(players[seat], **fields)
    return edit(s, players=tuple(players))


def prov(s: WargameState, pid: str) -> ProvinceState:
    return s.provinces[T.province_index[pid]]


def set_prov(s: WargameState, pid: str, **fields: Any) -> WargameState:
    provinces = list(s.provinces)
    i = T.province_index[pid]
    provinces[i] = msgspec.structs.replace(provinces[i], **fields)
    return edit(s, provinces=tuple(provinces))


def troops(infantry: int = 0, archers: int = 0, cavalry: int = 0) -> Troops:
    return Troops(infantry=infantry, archers=archers, cavalry=cavalry)


def army(s: WargameState, pid: str, seat: int, **units: int) -> WargameState:
    """``seat``'s soldiers in ``pid`` set to ``units``."""
    p = prov(s, pid)
    armies = [a for a in p.armies if a.seat != seat]
    if sum(units.values()):
        armies.append(Army(seat=seat, troops=troops(**units)))
    return set_prov(s, pid, armies=tuple(sorted(armies, key=lambda a: a.seat)))


def ships(s: WargameState, sid: str, seat: int, n: int) -> WargameState:
    from arbiter.games.ancient_wargame.common import set_ships

    return set_ships(s, T, sid, seat, n)


def sea_ships(s: WargameState, sid: str, seat: int) -> int:
    return s.seas[T.sea_index[sid]].ships(seat)


def hero_of(s: WargameState, seat: int, kind: str) -> Hero:
    return next(h for h in s.heroes if h.owner == seat and h.kind == kind)


def set_hero(s: WargameState, hid: str, **fields: Any) -> WargameState:
    return edit(
        s,
        heroes=tuple(msgspec.structs.replace(h, **fields) if h.id == hid else h for h in s.heroes),
    )


def at_phase(s: WargameState, n: int) -> WargameState:
    """Phase ``n`` of the current turn begins now (the later phases and the end follow)."""
    pending = (EndTurn(), *(Phase(number=k) for k in range(11, n - 1, -1)))
    s = edit(s, pending=pending, phase=n - 1)
    return flow.advance(s, T, [])


def legal(s: WargameState, seat: Any = None) -> list[Any]:
    actors = G.to_act(s) if seat is None else (seat,)
    return [m for a in actors for m in G.legal_moves(s, a)]


def outcomes(s: WargameState) -> list[tuple[Any, int]]:
    return [(o.move, o.weight) for o in G.chance_outcomes(s)]


def commit_all(s: WargameState) -> WargameState:
    """Every seat of the pending sealed step commits its draft as it is."""
    task = s.pending[-1]
    assert isinstance(task, Sealed), task
    for seat in G.to_act(s):
        s = play(s, Commit(seat=seat))
    return s


def passive(s: WargameState, stop: Any = None, limit: int = 5000) -> WargameState:
    """Play on with the passive answer of every decision (commit, done, stay, no...) and
    chance from the seed, until ``stop(s)`` or the game ends."""
    for _ in range(limit):
        if s.stage == "over" or (stop is not None and stop(s)):
            return s
        actors = G.to_act(s)
        if CHANCE in actors:
            s = play(s, G.sample_chance(s))
            continue
        moves = G.legal_moves(s, actors[0])
        move = next((m for m in moves if isinstance(m, PASSIVE)), moves[0])
        s = play(s, move)
    raise AssertionError("no end")


def top(s: WargameState) -> Any:
    return s.pending[-1]


def fresh_player(**fields: Any) -> Player:
    return Player(**fields)
