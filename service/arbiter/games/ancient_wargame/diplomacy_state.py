"""The deals and the diplomacy phase's tasks (phase 10), owned by :mod:`.diplomacy`."""

from __future__ import annotations

from typing import Annotated, TypeAlias

import msgspec

from arbiter.games.ancient_wargame.state_types import _T, Count, Id, Seat


class Deal(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A deal of the diplomacy sheet between seats ``a`` < ``b`` with lasting terms, active until
    phase 10 of turn ``expires``: rights of passage each way, alliance, peace, a joint attack on
    ``joint_attack``."""

    a: Seat
    b: Seat
    passage_ab: bool = False
    passage_ba: bool = False
    alliance: bool = False
    peace: bool = False
    joint_attack: Seat | None = None
    made: Count = 0
    expires: Count = 0


class Diplomacy(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="diplomacy"):
    """Phase 10: the round-robin; ``seat`` acts now (``passes``: seats that passed in a row;
    ``proposals``: how many deals each seat proposed this turn)."""

    seat: Seat
    passes: Count = 0
    proposals: Annotated[
        tuple[Annotated[int, msgspec.Meta(ge=0, le=1_000)], ...], msgspec.Meta(max_length=6)
    ] = ()


class Offer(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="offer"):
    """Phase 10: ``seat`` builds a deal for ``partner`` term by term (``deal`` so far, the
    transfers ``food``/``money``/``vp`` from ``seat`` to ``partner``, negative the other way),
    then proposes it; ``release``: the prisoner the deal frees; ``general``: the free general it
    gives to the other seat; ``cancel``: a proposal to cancel every active deal between them."""

    seat: Seat
    partner: Seat
    deal: Deal
    food: Annotated[int, msgspec.Meta(ge=-1_000_000, le=1_000_000)] = 0
    money: Annotated[int, msgspec.Meta(ge=-1_000_000, le=1_000_000)] = 0
    vp: Annotated[int, msgspec.Meta(ge=-1_000_000, le=1_000_000)] = 0
    release: Id | None = None
    general: Id | None = None
    terms: Annotated[
        tuple[Annotated[str, msgspec.Meta(max_length=40)], ...], msgspec.Meta(max_length=12)
    ] = ()
    cancel: bool = False
    proposed: bool = False


DiplomacyTask: TypeAlias = Diplomacy | Offer
