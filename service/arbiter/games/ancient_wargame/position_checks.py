"""The checks that refuse an impossible table, for :func:`.positions.state_of`.

:func:`table_gaps` collects every gap it finds in a position's table (:class:`Gaps`: at most
:data:`MAX_GAPS`), each an
:class:`~arbiter.core.InvalidState` with a rule code of :data:`POSITION_CODES`, a pointer to the
exact member and a reason citing the rules; they are refused together. The table (:func:`table_gaps`): seats, state cards, provinces and seas,
fortresses, armies and fleets, the hero list and its trait cards, buildings and sciences, wars
and deals, the age orders. The turn (:mod:`.position_steps`): the phase, the steps under way
and the battle in progress. :func:`check_playable` then refuses a state from which the rules
cannot go on, or would go on by themselves (``position.unsettled``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from arbiter import core
from arbiter.core import CHANCE, InvalidState
from arbiter.core.texts import Text, text
from arbiter.games.ancient_wargame import flow
from arbiter.games.ancient_wargame.position import WargamePosition
from arbiter.games.ancient_wargame.rules import (
    ADVANCED,
    BASIC,
    CLOSED_SEA,
    MAX_DEAL,
    SCIENCE_OF,
)
from arbiter.games.ancient_wargame.state import WargameState
from arbiter.games.ancient_wargame.tables import Tables

GAME = "ancient-wargame"

#: (tail, section of the rules, what it enforces) of every refusal of a position.
POSITION_CODES: tuple[tuple[str, str, str], ...] = (
    ("position.seats", "Выбор государств", "each seat holds a different state card of the pack"),
    (
        "position.map",
        "Игровое поле",
        "provinces and seas are the pack's and in play at this player count; a seat has one "
        "army in a province and one fleet in a sea; no ships in a sea of class 6",
    ),
    (
        "position.fortresses",
        "Фаза 4: строительство",
        "at most 3 fortresses in a province, in a province someone owns",
    ),
    (
        "position.heroes",
        "Выбор героев",
        "the hero list: each hero once, of a seat, with one positive and one negative trait card "
        "of its kind, standing in a province or a prisoner of another seat",
    ),
    (
        "position.buildings",
        "Фаза 4: строительство",
        "each building once, built or under construction, after the science that allows it",
    ),
    (
        "position.sciences",
        "Фаза 5: изучение наук",
        "each science once; the basic ones first, then one advanced science studied at a time",
    ),
    (
        "position.diplomacy",
        "Фаза 10: дипломатия",
        "wars between two seats in play; deals between two seats, of at most 5 turns",
    ),
    (
        "position.eliminated",
        "Победа завоеванием",
        "a seat that lost all its provinces and heroes has nothing on the board",
    ),
    (
        "position.turn",
        "Описание хода",
        "the turn is within the game's turns, the phase one of the 11, and each step belongs "
        "to the phase under way",
    ),
    (
        "position.steps",
        "Описание хода",
        "the steps under way name seats in play, the pack's provinces and seas, heroes of the "
        "list, and the rules can go on from them",
    ),
    (
        "position.battle",
        "Фаза 9: битвы на суше",
        "a battle in progress: in phase 9, in a province of the pack, between the two sides of "
        "its battle step, at a stage its steps agree with",
    ),
    (
        "position.unsettled",
        "Описание хода",
        "a position waits for a decision or chance: the rules have nothing left to do by "
        "themselves",
    ),
    (
        "position.unexpressible",
        "Подготовка к игре",
        "a state of the setup has no table to show yet",
    ),
)


def invalid(rule: str, message: str, pointer: str) -> InvalidState:
    return InvalidState(f"{GAME}.{rule}", message, pointer)


class Gaps(core.Gaps):
    """The gaps found so far (:class:`arbiter.core.Gaps`), each added by its rule and reason."""

    def gap(self, rule: str, message: str, pointer: str) -> None:
        self.add(invalid(rule, message, pointer))


# --------------------------------------------------------------------------- the table


def _in_play(p: WargamePosition, seat: int) -> bool:
    return seat < len(p.players) and p.players[seat].eliminated is None


def table_gaps(p: WargamePosition, t: Tables, g: Gaps) -> None:
    _seat_gaps(p, t, g)
    _map_gaps(p, t, g)
    _hero_gaps(p, t, g)
    _diplomacy_gaps(p, g)


def _seat_gaps(p: WargamePosition, t: Tables, g: Gaps) -> None:
    held: set[str] = set()
    for i, x in enumerate(p.players):
        at = f"/players/{i}"
        if x.state not in t.states or x.state in held:
            g.gap(
                "position.seats",
                text(
                    "{state} is not a free state card of the pack («Каждый получает карточку "
                    "государства»)",
                    state=repr(x.state),
                ),
                f"{at}/state",
            )
        held.add(x.state)
        _unique(g, x.buildings, "position.buildings", f"{at}/buildings", _A_BUILDING)
        _unique(g, x.constructing, "position.buildings", f"{at}/constructing", _A_BUILDING)
        for k, b in enumerate(x.constructing):
            if b in x.buildings:
                g.gap(
                    "position.buildings",
                    text(
                        "{building} is built already: a card under construction is turned face "
                        "up the next turn («здание построено»)",
                        building=b,
                    ),
                    f"{at}/constructing/{k}",
                )
        for field, built in (("buildings", x.buildings), ("constructing", x.constructing)):
            for k, b in enumerate(built):
                needs = SCIENCE_OF[b]
                if needs not in x.sciences:
                    g.gap(
                        "position.buildings",
                        text(
                            "{building} needs the science {science} («позволяет строить»)",
                            building=b,
                            science=needs,
                        ),
                        f"{at}/{field}/{k}",
                    )
        _unique(g, x.sciences, "position.sciences", f"{at}/sciences", text("a science"))
        basics = [c for c in x.sciences if c in BASIC]
        for k, c in enumerate(x.sciences):
            if c in ADVANCED and len(basics) < len(BASIC):
                g.gap(
                    "position.sciences",
                    text(
                        "{science} is advanced: «Игрок изучает базовые науки, пока не изучит их "
                        "все»",
                        science=c,
                    ),
                    f"{at}/sciences/{k}",
                )
        if x.studying is not None and (
            x.studying not in ADVANCED or x.studying in x.sciences or len(basics) < len(BASIC)
        ):
            g.gap(
                "position.sciences",
                text(
                    "the science in study is an advanced one not learned yet, chosen once every "
                    "basic science is («выбирает, какую из продвинутых наук будет изучать "
                    "дальше»)"
                ),
                f"{at}/studying",
            )
        if x.eliminated is not None and x.eliminated > p.turn:
            g.gap(
                "position.eliminated",
                text("a seat is eliminated at a turn played"),
                f"{at}/eliminated",
            )
    if all(x.eliminated is not None for x in p.players):
        g.gap("position.eliminated", text("at least one seat stays in play"), "/players")
    for field, building in (
        ("shipyard_order", "shipyard"),
        ("admiralty_order", "admiralty"),
        ("spy_order", "spy_centre"),
    ):
        order: tuple[int, ...] = getattr(p, field)
        _unique(g, order, "position.buildings", f"/{field}", _A_SEAT)
        for k, seat in enumerate(order):
            if seat >= len(p.players) or building not in p.players[seat].buildings:
                g.gap(
                    "position.buildings",
                    text(
                        "only a seat that completed its {building} is in its order (Q25)",
                        building=building,
                    ),
                    f"/{field}/{k}",
                )
        for i, x in enumerate(p.players):
            if building in x.buildings and i not in order:
                g.gap(
                    "position.buildings",
                    text(
                        "seat {seat} completed its {building}: it has a place in the order (Q25)",
                        seat=i,
                        building=building,
                    ),
                    f"/{field}",
                )
    for field in ("counter_intel", "fulfilled"):
        seats: tuple[int, ...] = getattr(p, field)
        _unique(g, seats, "position.seats", f"/{field}", _A_SEAT)
        for k, seat in enumerate(seats):
            if not _in_play(p, seat):
                g.gap("position.seats", text("no seat {seat} in play", seat=seat), f"/{field}/{k}")
    for k, seat in enumerate(p.counter_intel):
        if seat < len(p.players) and "spy_centre" not in p.players[seat].buildings:
            g.gap(
                "position.buildings",
                text(
                    "counter-intelligence needs a spy centre («Игрок, уже построивший центр "
                    "шпионажа»)"
                ),
                f"/counter_intel/{k}",
            )


def _map_gaps(p: WargamePosition, t: Tables, g: Gaps) -> None:
    n = len(p.players)
    ships = [0] * n
    for pid, x in p.provinces.items():
        at = f"/provinces/{_escape(pid)}"
        known = t.province.get(pid)
        if known is None or known.min_players > n:
            g.gap(
                "position.map",
                text(
                    "{province} is no province in play at {count} players",
                    province=repr(pid),
                    count=n,
                ),
                at,
            )
            continue
        if x.owner is not None and not _in_play(p, x.owner):
            g.gap(
                "position.map",
                text("no seat {seat} in play owns a province", seat=x.owner),
                f"{at}/owner",
            )
        if x.fortresses and x.owner is None:
            g.gap(
                "position.fortresses",
                text("fortresses stand in a province someone owns («в любой своей провинции»)"),
                f"{at}/fortresses",
            )
        seen: set[int] = set()
        for j, a in enumerate(x.armies):
            where = f"{at}/armies/{j}"
            if not _in_play(p, a.seat):
                g.gap(
                    "position.eliminated",
                    text("an army of no seat in play ({seat})", seat=a.seat),
                    where,
                )
            if a.seat in seen:
                g.gap("position.map", text("a seat's soldiers in a province are one army"), where)
            seen.add(a.seat)
            if not (a.infantry or a.archers or a.cavalry):
                g.gap("position.map", text("an army has at least one soldier"), where)
            for k, origin in enumerate(a.entered_from):
                if origin not in t.province:
                    g.gap(
                        "position.map",
                        text("{province} is no province", province=repr(origin)),
                        f"{where}/entered_from/{k}",
                    )
    for sid, fleets in p.seas.items():
        at = f"/seas/{_escape(sid)}"
        known_sea = t.sea.get(sid)
        if known_sea is None or known_sea.min_players > n:
            g.gap(
                "position.map",
                text("{sea} is no sea in play at {count} players", sea=repr(sid), count=n),
                at,
            )
            continue
        if known_sea.storm >= CLOSED_SEA:
            g.gap(
                "position.map",
                text("a sea of class 6 is closed to ships («недоступно для кораблей»)"),
                at,
            )
        seen = set()
        for j, f in enumerate(fleets):
            where = f"{at}/{j}"
            if not _in_play(p, f.seat):
                g.gap(
                    "position.eliminated",
                    text("a fleet of no seat in play ({seat})", seat=f.seat),
                    where,
                )
                continue
            if f.seat in seen or not f.ships:
                g.gap(
                    "position.map",
                    text("a seat's ships in a sea are one fleet of 1 ship or more"),
                    where,
                )
            seen.add(f.seat)
            ships[f.seat] += f.ships
    for seat, count in enumerate(ships):
        if count > t.content.ships_per_state:
            g.gap(
                "position.map",
                text(
                    "seat {seat} has {count} ship cards («все карточки кораблей»)",
                    seat=seat,
                    count=t.content.ships_per_state,
                ),
                "/seas",
            )
    out = {i for i, x in enumerate(p.players) if x.eliminated is not None}
    for pid, y in p.provinces.items():
        if y.owner in out:
            g.gap(
                "position.eliminated",
                text("an eliminated seat owns no province («лишившиеся всех своих провинций»)"),
                f"/provinces/{_escape(pid)}/owner",
            )


def _hero_gaps(p: WargamePosition, t: Tables, g: Gaps) -> None:
    ids: set[str] = set()
    traits: set[str] = set()
    for k, c in enumerate(p.trait_discards):
        if c not in t.traits or c in traits:
            g.gap(
                "position.heroes",
                text("{card} is no trait card of the pack left", card=repr(c)),
                f"/trait_discards/{k}",
            )
        traits.add(c)
    for i, h in enumerate(p.heroes):
        at = f"/heroes/{i}"
        number = h.id[1:] if h.id.startswith("h") else ""
        if h.id in ids or not number.isdigit() or not 1 <= int(number) <= p.heroes_created:
            g.gap(
                "position.heroes",
                text(
                    "heroes are written in the list once, as h1 to h{created} "
                    "(«заносится в конец общего списка героев»)",
                    created=p.heroes_created,
                ),
                f"{at}/id",
            )
        ids.add(h.id)
        if h.owner >= len(p.players) or (
            p.players[h.owner].eliminated is not None and h.captor is None
        ):
            g.gap(
                "position.eliminated",
                text(
                    "no seat {seat} in play owns a free hero («лишившиеся всех своих провинций "
                    "и героев»)",
                    seat=h.owner,
                ),
                f"{at}/owner",
            )
        prefix = "admin" if h.kind == "administrator" else "general"
        for field, sign in (("plus", "plus"), ("minus", "minus")):
            card = getattr(h, field)
            if card is None:
                continue
            known = t.traits.get(card)
            deck = f"{prefix} {sign}"  # as the message names it: ``admin plus``
            if known is None or card in traits or known.deck != f"{prefix}_{sign}":
                g.gap(
                    "position.heroes",
                    text(
                        "{card} is no free {deck} trait card («одна положительная и одна "
                        "отрицательная характеристика»)",
                        card=repr(card),
                        deck=deck,
                    ),
                    f"{at}/{field}",
                )
            traits.add(card)
        if h.captor is not None:
            if h.province is not None:
                g.gap(
                    "position.heroes",
                    text("a prisoner stands in no province of his own"),
                    f"{at}/province",
                )
            if h.captor == h.owner or h.captor >= len(p.players):
                g.gap("position.heroes", text("a prisoner is held by another seat"), f"{at}/captor")
            if h.kind != "general":
                g.gap(
                    "position.heroes",
                    text("only generals are captured («Захваченные военачальники»)"),
                    f"{at}/captor",
                )
        elif h.province is not None:
            known_p = t.province.get(h.province)
            if known_p is None or known_p.min_players > len(p.players):
                g.gap(
                    "position.heroes",
                    text("{province} is no province in play", province=repr(h.province)),
                    f"{at}/province",
                )
        if h.acts_from > p.turn + 1:
            g.gap(
                "position.heroes",
                text("a hero acts from this turn or the next"),
                f"{at}/acts_from",
            )


def _diplomacy_gaps(p: WargamePosition, g: Gaps) -> None:
    n = len(p.players)
    _unique(g, p.wars, "position.diplomacy", "/wars", text("a war"))
    for k, (a, b) in enumerate(p.wars):
        if not a < b < n:
            g.gap(
                "position.diplomacy",
                text("a war is between two seats, the lower first"),
                f"/wars/{k}",
            )
    for k, d in enumerate(p.deals):
        at = f"/deals/{k}"
        if not d.a < d.b < n:
            g.gap("position.diplomacy", text("a deal is between two seats, the lower first"), at)
        if d.expires - d.made > MAX_DEAL or d.made > p.turn or d.expires < d.made:
            g.gap(
                "position.diplomacy",
                text(
                    "«Игрок не может заключать сделки сроком более чем на 5 ходов», made at a "
                    "turn played"
                ),
                f"{at}/expires",
            )
        if d.joint_attack is not None and (d.joint_attack >= n or d.joint_attack in (d.a, d.b)):
            g.gap(
                "position.diplomacy",
                text("a joint attack is on a third seat"),
                f"{at}/joint_attack",
            )
        if (min(d.a, d.b), max(d.a, d.b)) in p.wars:
            g.gap(
                "position.diplomacy",
                text(
                    "«Запрещается объявлять войну игроку, с которым заключены действующие "
                    "соглашения»"
                ),
                at,
            )


_A_BUILDING: Final = text("a building")
_A_SEAT: Final = text("a seat")


def _unique(g: Gaps, items: Iterable[object], rule: str, at: str, what: Text) -> None:
    seen: list[object] = []
    for k, x in enumerate(items):
        if x in seen:
            g.gap(rule, text("{what} is listed once", what=what), f"{at}/{k}")
        seen.append(x)


def _escape(key: str) -> str:
    """A map key as a JSON-pointer token (RFC 6901)."""
    return key.replace("~", "~0").replace("/", "~1")


# --------------------------------------------------------------------------- playable


def check_playable(p: WargamePosition, s: WargameState, t: Tables) -> None:
    """Refuse a state the rules cannot go on from, or from which they would go on by themselves:
    the flow engine lists the pending decision's moves (or chance its outcomes) and applies a few
    of them; a crash of the rules on this table is the table's gap (``position.steps``)."""
    if p.finished:
        return
    try:
        if flow.advance(s, t, []) != s:
            raise invalid(
                "position.unsettled",
                text(
                    "the rules would go on by themselves from here: the first step waits for no "
                    "decision"
                ),
                "/steps/0" if p.steps else "/steps",
            )
        actors = flow.to_act(s)
        if not actors:
            raise invalid(
                "position.unsettled", text("nobody decides and nothing is left"), "/steps"
            )
        for actor in actors:
            if actor == CHANCE:
                outcomes = flow.chance_outcomes(s, t)
                moves = [o.move for o in outcomes]
            else:
                moves = flow.generate_moves(s, t, actor)
            if not moves:
                raise invalid("position.steps", text("the seat to decide has no move"), "/steps/0")
            for move in {id(m): m for m in (moves[0], moves[len(moves) // 2], moves[-1])}.values():
                flow.perform(s, t, move)
    except InvalidState:
        raise
    except Exception as err:
        raise invalid(
            "position.steps",
            text("the rules cannot go on from these steps ({error})", error=type(err).__name__),
            "/steps/0" if p.steps else "/steps",
        ) from None
