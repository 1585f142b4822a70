"""Phase 9's record: reading and writing :class:`~.battle_state.BattleCtx`, and the modifiers a
battle counts.

The helpers every stage of a land battle (:mod:`.battles`) shares: the record on the state (none
outside a battle), a side's and a flank's replacement, a flank's live main soldiers and those not
yet allocated a hit, a side's troops.

Ruling applied here:

* **R4** Modifiers: a side's state features count for every flank (``melee_dice`` and
  ``archery_dice`` with a ``unit`` only for a flank with main soldiers of that unit); a general's
  traits for the flank he is attached to; ``fortress_fire`` from the owner's features and his
  generals in the battle; ``fate_roll`` from the captive's own traits and the captor's features.
  Dice never go below 0, a modified face is clamped to 1-6 for the fate (0-… for fortress hits).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from arbiter.core.tuples import replace_at
from arbiter.games.ancient_wargame import modifiers
from arbiter.games.ancient_wargame.battle_state import BattleCtx, FlankState, Side, Stage
from arbiter.games.ancient_wargame.common import State
from arbiter.games.ancient_wargame.content import Modifier
from arbiter.games.ancient_wargame.state import Hero
from arbiter.games.ancient_wargame.tables import Tables

_R = msgspec.structs.replace


# ------------------------------------------------------------------------ the record


def record(s: State) -> BattleCtx:
    return s.battle if s.battle is not None else BattleCtx()


def set_record(s: State, ctx: BattleCtx) -> State:
    return _R(s, battle=None if ctx == BattleCtx() else ctx)


def set_side(ctx: BattleCtx, i: int, side: Side) -> BattleCtx:
    return _R(ctx, sides=replace_at(ctx.sides, i, side))


def set_flank(ctx: BattleCtx, i: int, f: int, fl: FlankState) -> BattleCtx:
    side = ctx.sides[i]
    return set_side(ctx, i, _R(side, flanks=replace_at(side.flanks, f, fl)))


def set_stage(s: State, stage: Stage) -> State:
    return set_record(s, _R(record(s), stage=stage))


def side_of(ctx: BattleCtx, seat: int) -> int:
    return 0 if ctx.sides[0].seat == seat else 1


def alive(fl: FlankState) -> bool:
    return not fl.broken and fl.main() > 0


def unhit(fl: FlankState) -> int:
    """Main soldiers of ``fl`` not yet allocated a hit."""
    return fl.main() - fl.hit_infantry - fl.hit_cavalry


def troops_of(side: Side) -> int:
    return sum(fl.total() for fl in side.flanks)


# ------------------------------------------------------------------------ modifiers (R4)


def mod_sum(mods: Iterable[Modifier], kind: str, units: set[str] | None = None) -> int:
    return sum(
        m.value
        for m in mods
        if m.kind == kind and (m.unit is None or (units is not None and m.unit in units))
    )


def trait_mods(t: Tables, h: Hero) -> list[Modifier]:
    return [m for c in (h.plus, h.minus) if c is not None for m in t.traits[c].modifiers]


def flank_mod(s: State, t: Tables, side: Side, f: int, kind: str) -> int:
    """``kind`` for ``side``'s flank ``f``: the state's features and the traits of the free
    generals attached to it."""
    fl = side.flanks[f]
    units = {u for u, n in (("infantry", fl.infantry), ("cavalry", fl.cavalry)) if n}
    total = mod_sum(modifiers.features(s, t, side.seat), kind, units)
    for hid, at in zip(side.generals, side.attach, strict=False):
        h = next((x for x in s.heroes if x.id == hid), None)
        if at == f and h is not None and h.captor is None:
            total += mod_sum(trait_mods(t, h), kind, units)
    return total
