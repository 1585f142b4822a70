"""The events of the ancient wargame: what happened, and every change of the table it made.

*Happenings* (:class:`Happened`, :class:`Revealed`, :class:`DiceRolled`) are told by the rules
where they happen, in the text's words. *Changes* (:func:`ledger`): after every move the state
before and after are compared, and each changed member of the table gets an event with its new
value and the ``reason`` (the move that changed it), so a client keeps its view current from the
events alone. A seat's private parts (buildings under construction, the science in study, its
draft) are shown to it only; the others get what they may see (:func:`redact`).
"""

from __future__ import annotations

import operator
from typing import ClassVar, TypeAlias

from arbiter.core import Event
from arbiter.games.ancient_wargame.battle_state import BattleCtx
from arbiter.games.ancient_wargame.diplomacy_state import Deal
from arbiter.games.ancient_wargame.state import (
    Draft,
    Hero,
    ProvinceState,
    SeaState,
    WargameState,
)
from arbiter.games.ancient_wargame.tables import Tables

# ------------------------------------------------------------------------------ happenings


class Happened(Event, frozen=True, kw_only=True, tag="happened"):
    """Something the rules did, in words (``what``: a short id such as ``hero_born``,
    ``storm``, ``battle_won``; ``seat`` the seat concerned; ``text`` the sentence)."""

    what: str
    seat: int | None = None
    at: str | None = None
    text: str = ""


class DiceRolled(Event, frozen=True, kw_only=True, tag="dice_rolled"):
    """A die or a pool of dice was rolled (``face`` of a D6, or ``hits`` of ``dice`` dice)."""

    purpose: str
    seat: int | None = None
    at: str | None = None
    face: int | None = None
    dice: int | None = None
    hits: int | None = None


class Revealed(Event, frozen=True, kw_only=True, tag="revealed"):
    """A sealed step was revealed: every seat's draft."""

    step: str
    drafts: tuple[Draft, ...]


# --------------------------------------------------------------------------------- changes


class _Change(Event, frozen=True, kw_only=True):
    reason: str


class PlayerChanged(_Change, frozen=True, kw_only=True, tag="player_changed"):
    """A seat's public members as they are now."""

    explains: ClassVar[tuple[str, ...]] = tuple(
        f"/players/{{seat}}/{m}"
        for m in (
            "state",
            "food",
            "money",
            "vp",
            "buildings",
            "constructing_count",
            "sciences",
            "studies",
            "appeared",
            "vp_bought",
            "eliminated",
            "committed",
        )
    )
    seat: int
    state: str | None
    food: int
    money: int
    vp: int
    buildings: tuple[str, ...]
    constructing_count: int
    sciences: tuple[str, ...]
    studies: bool
    appeared: int
    vp_bought: bool
    eliminated: int | None
    committed: bool


class PrivateChanged(_Change, frozen=True, kw_only=True, tag="private_changed"):
    """A seat's private members (its own only): buildings under construction, the science in
    study, its draft of the sealed step."""

    explains: ClassVar[tuple[str, ...]] = (
        "/players/{seat}/constructing",
        "/players/{seat}/studying",
        *(f"/players/{{seat}}/draft/{f}" for f in Draft.__struct_fields__),
    )
    seat: int
    constructing: tuple[str, ...]
    studying: str | None
    draft: Draft | None


class ProvinceChanged(_Change, frozen=True, kw_only=True, tag="province_changed"):
    """A province as it is now (owner, fortresses, armies, sabotage, whether it is in play)."""

    explains: ClassVar[tuple[str, ...]] = (
        "/provinces/{province}/in_play",
        "/provinces/{province}/owner",
        "/provinces/{province}/fortresses",
        "/provinces/{province}/armies",
        "/provinces/{province}/sabotaged",
    )
    province: str
    now: ProvinceState


class SeaChanged(_Change, frozen=True, kw_only=True, tag="sea_changed"):
    """A sea as it is now (its fleets, whether it is in play)."""

    explains: ClassVar[tuple[str, ...]] = ("/seas/{sea}/in_play", "/seas/{sea}/fleets")
    sea: str
    now: SeaState


class HeroesChanged(_Change, frozen=True, kw_only=True, tag="heroes_changed"):
    """The hero list as it is now (births, deaths, moves, captures)."""

    explains: ClassVar[tuple[str, ...]] = ("/heroes",)
    heroes: tuple[Hero, ...]


class DiplomacyChanged(_Change, frozen=True, kw_only=True, tag="diplomacy_changed"):
    """The wars and the deal sheet as they are now."""

    explains: ClassVar[tuple[str, ...]] = ("/wars", "/deals")
    wars: tuple[tuple[int, int], ...]
    deals: tuple[Deal, ...]


class TableChanged(_Change, frozen=True, kw_only=True, tag="table_changed"):
    """The turn, phase, orders of building, trait decks, and the rest of the table."""

    explains: ClassVar[tuple[str, ...]] = (
        "/stage",
        "/turn",
        "/phase",
        "/shipyard_order",
        "/admiralty_order",
        "/spy_order",
        "/trait_decks",
        "/trait_discards",
        "/states_left",
        "/counter_intel",
        "/fulfilled",
        "/clashes",
    )
    stage: str
    turn: int
    phase: int
    shipyard_order: tuple[int, ...]
    admiralty_order: tuple[int, ...]
    spy_order: tuple[int, ...]
    trait_decks: dict[str, int]
    trait_discards: tuple[str, ...]
    states_left: tuple[str, ...]
    counter_intel: tuple[int, ...]
    fulfilled: tuple[int, ...]
    clashes: tuple[str, ...]


class BattleChanged(_Change, frozen=True, kw_only=True, tag="battle_changed"):
    """The land battle under way as it is now (``None``: over)."""

    explains: ClassVar[tuple[str, ...]] = tuple(f"/battle/{f}" for f in BattleCtx.__struct_fields__)
    battle: BattleCtx | None


WargameEvent: TypeAlias = (
    Happened
    | DiceRolled
    | Revealed
    | PlayerChanged
    | PrivateChanged
    | ProvinceChanged
    | SeaChanged
    | HeroesChanged
    | DiplomacyChanged
    | TableChanged
    | BattleChanged
)


def redact(event: Event) -> Event | None:
    """The other seats see nothing of a private change (its counts come with
    :class:`PlayerChanged`)."""
    return None


def _player(s: WargameState, seat: int, reason: str) -> PlayerChanged:
    p = s.players[seat]
    draft = _draft(s, seat)
    return PlayerChanged(
        seat=seat,
        state=p.state,
        food=p.food,
        money=p.money,
        vp=p.vp,
        buildings=p.buildings,
        constructing_count=len(p.constructing),
        sciences=p.sciences,
        studies=p.studying is not None,
        appeared=p.appeared,
        vp_bought=p.vp_bought,
        eliminated=p.eliminated,
        committed=draft.committed,
        reason=reason,
    )


def _table(s: WargameState, reason: str) -> TableChanged:
    d = s.traits
    return TableChanged(
        stage=s.stage,
        turn=s.turn,
        phase=s.phase,
        shipyard_order=s.shipyard_order,
        admiralty_order=s.admiralty_order,
        spy_order=s.spy_order,
        trait_decks={
            "admin_plus": len(d.admin_plus),
            "admin_minus": len(d.admin_minus),
            "general_plus": len(d.general_plus),
            "general_minus": len(d.general_minus),
        },
        trait_discards=d.discards,
        states_left=s.states_left,
        counter_intel=s.counter_intel,
        fulfilled=s.fulfilled,
        clashes=s.clashes,
        reason=reason,
    )


_TABLE = (
    "stage",
    "turn",
    "phase",
    "shipyard_order",
    "admiralty_order",
    "spy_order",
    "traits",
    "states_left",
    "counter_intel",
    "fulfilled",
    "clashes",
)
_table_members = operator.attrgetter(*_TABLE)


#: A player's members every seat sees (with how many buildings it has under construction and
#: whether it studies a science: :func:`_player`).
_public_members = operator.attrgetter(
    "state", "food", "money", "vp", "buildings", "sciences", "appeared", "vp_bought", "eliminated"
)

_NO_DRAFT = Draft()


def _draft(s: WargameState, seat: int) -> Draft:
    return s.drafts[seat] if seat < len(s.drafts) else _NO_DRAFT


def _seats(a: WargameState, b: WargameState, reason: str, ev: list[Event]) -> None:
    """The events of each seat whose player or draft differs between ``a`` and ``b``."""
    for seat, (p, q) in enumerate(zip(a.players, b.players, strict=True)):
        da, db = _draft(a, seat), _draft(b, seat)
        if p is q and da is db:
            continue  # states share what no move touched
        public_changed = da.committed != db.committed or (
            p is not q
            and (
                _public_members(p) != _public_members(q)
                or len(p.constructing) != len(q.constructing)
                or (p.studying is None) != (q.studying is None)
            )
        )
        if public_changed:
            ev.append(_player(b, seat, reason))
        if da != db or (
            p is not q and (p.constructing, p.studying) != (q.constructing, q.studying)
        ):
            ev.append(
                PrivateChanged(
                    seat=seat,
                    constructing=q.constructing,
                    studying=q.studying,
                    draft=db,
                    reason=reason,
                    visible_to=(seat,),
                )
            )


def ledger(a: WargameState, b: WargameState, reason: str, t: Tables) -> list[Event]:
    """An event for each member of the table that differs between ``a`` and ``b``."""
    ev: list[Event] = []
    if a.players is not b.players or a.drafts is not b.drafts:
        _seats(a, b, reason, ev)
    if a.provinces is not b.provinces:
        for x, pa, pb in zip(t.provinces, a.provinces, b.provinces, strict=True):
            if pa is not pb and pa != pb:
                ev.append(ProvinceChanged(province=x.id, now=pb, reason=reason))
    if a.seas is not b.seas:
        for y, sa, sb in zip(t.seas, a.seas, b.seas, strict=True):
            if sa is not sb and sa != sb:
                ev.append(SeaChanged(sea=y.id, now=sb, reason=reason))
    # states share what a step leaves alone: an identical member is unchanged
    if a.heroes is not b.heroes and a.heroes != b.heroes:
        ev.append(HeroesChanged(heroes=b.heroes, reason=reason))
    if (a.wars is not b.wars and a.wars != b.wars) or (
        a.deals is not b.deals and a.deals != b.deals
    ):
        ev.append(DiplomacyChanged(wars=b.wars, deals=b.deals, reason=reason))
    if _table_members(a) != _table_members(b):
        ev.append(_table(b, reason))
    if a.battle is not b.battle and a.battle != b.battle:
        ev.append(BattleChanged(battle=b.battle, reason=reason))
    return ev
