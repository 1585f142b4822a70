"""Every move rule code of :data:`.legality.CODES` is provoked (``IllegalMove.code``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from arbiter.core import IllegalMove
from arbiter.games.ancient_wargame import legality
from arbiter.games.ancient_wargame.moves import (
    Annex,
    BuildFortress,
    BuyVp,
    Commit,
    Hire,
    HitsRolled,
    MoveHero,
    StartBuilding,
    StartNaval,
    TakeSoldiers,
)
from arbiter.games.ancient_wargame.state import HeroTurn, MoveFleets, WargameState
from tests.ancient_wargame.helpers import (
    G,
    army,
    at_phase,
    hero_of,
    play,
    player,
    ships,
    start,
    top,
)
from tests.ancient_wargame.test_movement import turn_of


def _raised(s: WargameState, move: Any) -> str:
    with pytest.raises(IllegalMove) as err:
        G.apply(s, move)
    return err.value.code


def decision() -> str:
    s = turn_of(at_phase(start(), 8), hero_of(start(), 0, "general").id)
    return _raised(s, Annex(seat=0))


def chance_outcome() -> str:
    s = ships(ships(start(), "tyrrhenian", 0, 2), "tyrrhenian", 1, 5)
    s = at_phase(s, 7)
    while isinstance(top(s), MoveFleets):
        s = play(s, *[m for m in G.legal_moves(s, top(s).seat) if type(m).__name__ == "Done"])
    s = play(s, StartNaval(seat=0))
    return _raised(s, HitsRolled(hits=3))  # 2 dice


def sealed_committed() -> str:
    """A committed seat is no longer asked: ``apply`` says ``not_your_turn`` first, so the
    code is ``explain``'s answer."""
    s = play(start(), Commit(seat=0))
    assert _raised(s, Hire(seat=0, at="latium", unit="infantry", count=1)).endswith("not_your_turn")
    return G.explain(s, Hire(seat=0, at="latium", unit="infantry", count=1)).code


def sealed_commit() -> str:
    s = at_phase(player(army(start(), "latium", 0, infantry=6), 0, food=1), 2)
    return _raised(s, Commit(seat=0))


def p1_hire() -> str:
    return _raised(start(), Hire(seat=0, at="latium", unit="cavalry", count=1))


def p4_build() -> str:
    return _raised(
        at_phase(player(start(), 0, money=50), 4), StartBuilding(seat=0, building="mill")
    )


def p4_fortress() -> str:
    return _raised(at_phase(start(), 4), BuildFortress(seat=0, province="campania"))


def p6_vp() -> str:
    s = at_phase(player(start(), 0, food=20, money=20), 6)
    s = play(s, BuyVp(seat=0))
    return _raised(s, BuyVp(seat=0))


def p8_move() -> str:
    s = turn_of(at_phase(start(), 8), hero_of(start(), 0, "general").id)
    return _raised(s, MoveHero(seat=0, to="carthago"))


def illegal() -> str:
    s = army(start(), "latium", 0, infantry=2)
    s = turn_of(at_phase(s, 8), hero_of(s, 0, "general").id)
    assert isinstance(top(s), HeroTurn)
    s = play(s, MoveHero(seat=0, to="etruria"))
    return _raised(s, TakeSoldiers(seat=0, unit="infantry", count=3))


PROVOKE: dict[str, Callable[[], str]] = {
    "decision": decision,
    "chance.outcome": chance_outcome,
    "sealed.committed": sealed_committed,
    "sealed.commit": sealed_commit,
    "P1.hire": p1_hire,
    "P4.build": p4_build,
    "P4.fortress": p4_fortress,
    "P6.vp": p6_vp,
    "P8.move": p8_move,
    "illegal": illegal,
}


def test_every_code_has_a_provocation() -> None:
    assert set(PROVOKE) == {tail for tail, _, _ in legality.CODES}


@pytest.mark.parametrize("tail", sorted(PROVOKE))
def test_code_is_provoked(tail: str) -> None:
    assert PROVOKE[tail]() == f"ancient-wargame.{tail}"
