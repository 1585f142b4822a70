"""What one seat (or a spectator) may know of a game of the ancient wargame.

Public (Q88): the map, every army, fleet and fortress, the heroes with their traits (laid face up
on the hero card), the hero list, the deal sheet and the wars, every seat's ₣, $ and VP tokens,
its finished buildings and learned sciences. Hidden from the other seats: the buildings under
construction (face down; their number is public), the advanced science in study (whether one is),
and the drafts of a sealed step until every seat has committed (only whether a seat has committed
is public); hidden from everyone: the seed.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from arbiter.games.ancient_wargame.battle_state import BattleCtx
from arbiter.games.ancient_wargame.diplomacy_state import Deal
from arbiter.games.ancient_wargame.rules import Building, Science
from arbiter.games.ancient_wargame.state import (
    Draft,
    Hero,
    ProvinceState,
    SeaState,
    Task,
    WargameState,
)
from arbiter.games.ancient_wargame.state_types import Count, Id, Ids, Seat, Seats
from arbiter.games.ancient_wargame.tables import Tables


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """A seat as the viewer sees it: ``constructing``, ``studying`` and ``draft`` are ``None``
    unless the viewer is that seat."""

    state: Id | None
    food: Count
    money: Count
    vp: Count
    buildings: tuple[Building, ...]
    constructing: tuple[Building, ...] | None
    constructing_count: Count
    sciences: tuple[Science, ...]
    studying: Science | None
    studies: bool
    appeared: Count
    vp_bought: bool
    eliminated: Count | None
    draft: Draft | None
    committed: bool


class WargameView(msgspec.Struct, frozen=True, kw_only=True):
    """The table as ``seat`` sees it (``None``: a spectator). ``provinces`` and ``seas`` are
    keyed by the pack's ids; ``heroes`` is the hero list, the oldest first."""

    rules_version: str
    content_id: str
    step: Count
    seat: Seat | None
    stage: str
    turn: Count
    phase: Count
    players: tuple[PlayerView, ...]
    provinces: dict[str, ProvinceState]
    seas: dict[str, SeaState]
    heroes: tuple[Hero, ...]
    wars: tuple[tuple[Seat, Seat], ...]
    deals: tuple[Deal, ...]
    shipyard_order: Seats
    admiralty_order: Seats
    spy_order: Seats
    trait_decks: dict[str, Count]
    trait_discards: Ids
    states_left: Ids
    counter_intel: Seats
    fulfilled: Seats
    clashes: Ids
    battle: BattleCtx | None
    pending: Annotated[tuple[Task, ...], msgspec.Meta(max_length=200)]


def make_view(s: WargameState, t: Tables, seat: int | None) -> WargameView:
    players = []
    for i, p in enumerate(s.players):
        mine = seat == i
        draft = s.drafts[i] if i < len(s.drafts) else Draft()
        players.append(
            PlayerView(
                state=p.state,
                food=p.food,
                money=p.money,
                vp=p.vp,
                buildings=p.buildings,
                constructing=p.constructing if mine else None,
                constructing_count=len(p.constructing),
                sciences=p.sciences,
                studying=p.studying if mine else None,
                studies=p.studying is not None,
                appeared=p.appeared,
                vp_bought=p.vp_bought,
                eliminated=p.eliminated,
                draft=draft if mine else None,
                committed=draft.committed,
            )
        )
    decks = s.traits
    return WargameView(
        rules_version=s.rules_version,
        content_id=s.content_id,
        step=s.step,
        seat=seat,
        stage=s.stage,
        turn=s.turn,
        phase=s.phase,
        players=tuple(players),
        provinces={x.id: p for x, p in zip(t.provinces, s.provinces, strict=True)},
        seas={x.id: p for x, p in zip(t.seas, s.seas, strict=True)},
        heroes=s.heroes,
        wars=s.wars,
        deals=s.deals,
        shipyard_order=s.shipyard_order,
        admiralty_order=s.admiralty_order,
        spy_order=s.spy_order,
        trait_decks={
            "admin_plus": len(decks.admin_plus),
            "admin_minus": len(decks.admin_minus),
            "general_plus": len(decks.general_plus),
            "general_minus": len(decks.general_minus),
        },
        trait_discards=decks.discards,
        states_left=s.states_left,
        counter_intel=s.counter_intel,
        fulfilled=s.fulfilled,
        clashes=s.clashes,
        battle=s.battle,
        pending=s.pending,
    )
