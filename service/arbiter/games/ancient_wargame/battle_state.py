"""The state of the land battles (phase 9), owned by :mod:`.battles`.

:class:`BattleCtx` is public (every seat's view shows it): the provinces besieged at the last
phase 9 (Q49), and the battle under way -- its stage and both sides once revealed. A side's
deployment and reserve timing are private until both have committed: they are built in the
seat's :class:`~.state.Draft` and copied here at the reveal.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import msgspec

from arbiter.games.ancient_wargame.state_types import _T, Count, Flank, Id, Ids, Seat

Stage: TypeAlias = Literal[
    "siege",
    "deploy",
    "timing",
    "fortress",
    "archery",
    "archery_hits",
    "melee1",
    "melee1_hits",
    "melee2",
    "melee2_hits",
    "result",
    "fates",
    "done",
]


class FlankState(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A side's flank as the battle goes: archers in front, the main soldiers, the reserve
    behind (joining ``early``: after the archery, or late: after the first melee), whether it
    was fielded (≥1 soldier deployed) and broken, its melee ``target`` (the enemy flank it
    strikes this melee), the ``hits`` rolled and not yet allocated, and the losses allocated to
    it and not yet removed (``hit_infantry``, ``hit_cavalry``: removed together, Q52, Q54)."""

    archers: Count = 0
    infantry: Count = 0
    cavalry: Count = 0
    reserve_infantry: Count = 0
    reserve_cavalry: Count = 0
    early: bool = True
    fielded: bool = False
    broken: bool = False
    target: Flank | None = None
    hits: Count = 0
    hit_infantry: Count = 0
    hit_cavalry: Count = 0

    def main(self) -> int:
        return self.infantry + self.cavalry

    def total(self) -> int:
        return (
            self.archers
            + self.infantry
            + self.cavalry
            + self.reserve_infantry
            + self.reserve_cavalry
        )


class Side(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A side of the battle: its seat, its three flanks (once revealed), its generals present
    and the flank each is attached to, its warriors knocked out so far by type, its generals
    captured by the enemy, and its points (counted at the result)."""

    seat: Seat
    flanks: Annotated[tuple[FlankState, ...], msgspec.Meta(max_length=3)] = ()
    generals: Ids = ()
    attach: Annotated[tuple[Flank, ...], msgspec.Meta(max_length=200)] = ()
    lost_infantry: Count = 0
    lost_archers: Count = 0
    lost_cavalry: Count = 0
    captured: Ids = ()
    points: Count = 0

    def lost(self) -> int:
        return self.lost_infantry + self.lost_archers + self.lost_cavalry


class BattleCtx(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The sieges that go on (provinces, in the order they began: resolved first next turn,
    Q49), and the battle under way in ``province``: its ``stage``, the defender and the attacker
    (``sides``), the fortresses that fired, the winner, where the loser retreated."""

    sieges: Ids = ()
    province: Id | None = None
    stage: Stage | None = None
    sides: Annotated[tuple[Side, ...], msgspec.Meta(max_length=2)] = ()
    fired: Count = 0
    winner: Seat | None = None
    retreated_to: Id | None = None


class Clash(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="clash"):
    """Automatic: the clash in ``province`` -- lone generals captured (Q46), an undefended
    province taken or besieged (Q47), then its battles pair by pair (Q50); ``done``: the pairs
    already settled this phase."""

    province: Id
    done: Annotated[tuple[tuple[Seat, Seat], ...], msgspec.Meta(max_length=15)] = ()
    #: Lone generals captured here (Q46): their fates are rolled once the clash is settled (Q60).
    captives: Ids = ()


class Battle(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="battle"):
    """Automatic: the battle in ``province`` between ``defender`` and ``attacker``, run stage by
    stage (:attr:`BattleCtx.stage`); its decisions are pushed above it."""

    province: Id
    defender: Seat
    attacker: Seat


class SiegeChoice(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="siege_choice"):
    """The defender ``seat`` hides in its fortresses or fights (``step`` ``hide``); after
    hiding, the attacker ``seat`` besieges or holds (``besiege``)."""

    seat: Seat
    province: Id
    step: Literal["hide", "besiege"]
    opponent: Seat


class Muster(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="muster"):
    """Sealed, both sides: the deployment in ``province``; ``steps``: how many of its questions
    (a fixed list known from the public army) each side answered (defender, attacker)."""

    province: Id
    seats: Annotated[tuple[Seat, ...], msgspec.Meta(max_length=2)]
    steps: Annotated[tuple[Count, ...], msgspec.Meta(max_length=2)] = (0, 0)


class Timing(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="timing"):
    """Sealed, both sides: the timing of each reserve (Q55); ``steps`` as for :class:`Muster`."""

    province: Id
    seats: Annotated[tuple[Seat, ...], msgspec.Meta(max_length=2)]
    steps: Annotated[tuple[Count, ...], msgspec.Meta(max_length=2)] = (0, 0)


class Volley(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="volley"):
    """The owner ``seat`` names the enemy flank the next fortress fires at (Q56)."""

    seat: Seat
    province: Id


class Assign(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="assign"):
    """``seat`` allocates ``hits`` on the flank ``flank`` of side ``side`` (0 the defender, 1
    the attacker): first how many archers (fortress fire only: ``archers`` once chosen), then how
    many cavalry; the rest are infantry. Fortress losses are removed at once (``immediate``),
    archery and melee losses together at the check."""

    seat: Seat
    side: Annotated[int, msgspec.Meta(ge=0, le=1)]
    flank: Flank
    hits: Count
    immediate: bool = False
    archers: Count | None = None


class Strike(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="strike"):
    """``seat``'s flank ``flank``, whose opponent is gone, chooses the enemy flank it strikes."""

    seat: Seat
    flank: Flank


class Spill(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="spill"):
    """``seat``'s flank ``flank``, attacked from both sides, chooses which flank attacker its
    surplus hits go to first (Q54)."""

    seat: Seat
    flank: Flank


class Retreat(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="retreat"):
    """The loser ``seat`` chooses where to retreat from ``province`` (``heroes_only``: the
    administrators of a province taken undefended, Q47)."""

    seat: Seat
    province: Id
    heroes_only: bool = False


class TakeNeutral(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_neutral"):
    """The winner of a battle in the neutral ``province`` may take it for 1 $."""

    seat: Seat
    province: Id


class Fate(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="fate"):
    """A captured general ``hero``'s fate rolled ``roll`` (3-6): ``seat``, his captor, keeps or
    kills him; on a 6 he may also accept him, placed in ``to``."""

    seat: Seat
    hero: Id
    roll: Annotated[int, msgspec.Meta(ge=1, le=6)]
    to: Id | None = None


BattleTask: TypeAlias = (
    Clash
    | Battle
    | SiegeChoice
    | Muster
    | Timing
    | Volley
    | Assign
    | Strike
    | Spill
    | Retreat
    | TakeNeutral
    | Fate
)
