"""Where hero traits and state features change the rules' numbers (:data:`.content.ModifierKind`).

State scope: a seat's state card features count everywhere for that seat. Hero scope: an
administrator's traits count in the province he stands in (income, hire and fortress costs,
sabotage guard) or for his owner (research dice, spy rolls); a general's traits count for the
flank he is attached to, the province he stands in, the annexations he makes, his own fate and
the assassinations aimed at him. Owner-wide hooks count every free hero of the kind: research
dice, spy rolls, building and counter-intelligence costs (administrators), upkeep (generals). A
prisoner's traits count for nobody.
"""

from __future__ import annotations

from collections import defaultdict

from arbiter.core.lastcall import last_answer
from arbiter.games.ancient_wargame.content import Modifier
from arbiter.games.ancient_wargame.state import Hero, WargameState
from arbiter.games.ancient_wargame.tables import Tables


def of_hero(t: Tables, h: Hero, kind: str, unit: str | None = None) -> int:
    """The sum of ``kind`` modifiers of a free hero's traits (those for ``unit`` or for any
    unit, as :func:`of_state`)."""
    if h.captor is not None:
        return 0
    total = 0 if h.plus is None else t.trait_value(h.plus, kind, unit)
    return total if h.minus is None else total + t.trait_value(h.minus, kind, unit)


def features(s: WargameState, t: Tables, seat: int) -> tuple[Modifier, ...]:
    state = s.players[seat].state
    return t.states[state].features if state is not None else ()


def of_state(s: WargameState, t: Tables, seat: int, kind: str, unit: str | None = None) -> int:
    """The sum of ``kind`` features of ``seat``'s state (those for ``unit`` or for any unit)."""
    return sum(
        m.value
        for m in features(s, t, seat)
        if m.kind == kind and (m.unit is None or m.unit == unit)
    )


def in_province(
    s: WargameState,
    t: Tables,
    seat: int,
    pid: str,
    kind: str,
    hero_kind: str = "administrator",
    unit: str | None = None,
) -> int:
    """``kind`` of ``seat``'s free heroes of ``hero_kind`` standing in ``pid`` (for ``unit``)."""
    placed = _placed(s.heroes).get((seat, pid, hero_kind))
    return 0 if placed is None else sum(of_hero(t, h, kind, unit) for h in placed)


def of_seat_heroes(s: WargameState, t: Tables, seat: int, kind: str, hero_kind: str) -> int:
    """``kind`` of all of ``seat``'s free heroes of ``hero_kind`` (owner-scoped hooks)."""
    known = _seat_sums(s.heroes)
    key = (t, seat, kind, hero_kind)
    total = known.get(key)
    if total is None:
        placed = _placed(s.heroes).get((seat, None, hero_kind))
        total = known[key] = 0 if placed is None else sum(of_hero(t, h, kind) for h in placed)
    return total


@last_answer  # a seat's draft lists again after each line: its costs ask the same heroes again
def _seat_sums(heroes: tuple[Hero, ...]) -> dict[tuple[Tables, int, str, str], int]:
    """The sums :func:`of_seat_heroes` found with this hero list, by (tables, seat, modifier
    kind, hero kind): a sum depends on nothing else."""
    return {}


#: Heroes by (owner, province, kind), and by (owner, ``None``, kind) wherever they stand.
_Placed = dict[tuple[int, str | None, str], list[Hero]]


@last_answer  # states share an untouched hero list: most decisions find it
def _placed(heroes: tuple[Hero, ...]) -> _Placed:
    """The heroes of ``heroes`` by owner, province and kind (income and hire costs ask for one
    province at a time, for every province: one pass over the heroes instead of one each)."""
    placed: _Placed = defaultdict(list)
    for h in heroes:
        placed[(h.owner, None, h.kind)].append(h)
        if h.province is not None:
            placed[(h.owner, h.province, h.kind)].append(h)
    return dict(placed)
