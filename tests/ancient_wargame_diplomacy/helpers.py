"""Build diplomacy states directly and drive phase 10 the way the flow engine does."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from arbiter.games.ancient_wargame import diplomacy
from arbiter.games.ancient_wargame.common import pop
from arbiter.games.ancient_wargame.state import Player, ProvinceState, WargameState

#: A stand-in for the tables: seat i plays state ``s{i}`` whose capital is province ``p{i}``.
TABLES: Any = SimpleNamespace(
    capital_of={f"s{i}": f"p{i}" for i in range(6)},
    province_index={f"p{i}": i for i in range(7)},
)


def table(n: int = 3, turn: int = 1, **fields: Any) -> WargameState:
    players = fields.pop(
        "players", tuple(Player(state=f"s{i}", food=10, money=10, vp=2) for i in range(n))
    )
    return WargameState(
        rules_version="1.2.0",
        content_id="x",
        seed=0,
        stage="play",
        turn=turn,
        phase=10,
        players=players,
        provinces=fields.pop("provinces", tuple(ProvinceState(owner=i) for i in range(n))),
        **fields,
    )


def actor(s: WargameState) -> int:
    task = s.pending[-1]
    found = diplomacy.actors(s, task)
    return found[0] if found is not None else int(task.seat)


def settle(s: WargameState) -> WargameState:
    """Run automatic steps and skip decisions without moves, as ``flow.advance`` does."""
    while s.pending and type(s.pending[-1]) in diplomacy.TASKS:
        task = s.pending[-1]
        done = diplomacy.run(s, TABLES, task, [])
        if done is None:
            if diplomacy.moves(s, TABLES, task, actor(s)):
                return s
            s = pop(s)
        else:
            s = done
    return s


def begin(s: WargameState) -> WargameState:
    return settle(diplomacy.begin(s, TABLES, []))


def legal(s: WargameState) -> list[Any]:
    return diplomacy.moves(s, TABLES, s.pending[-1], actor(s))


def refusal(s: WargameState, move: Any) -> tuple[str, str] | None:
    return diplomacy.refusal(s, TABLES, s.pending[-1], move)


def play(s: WargameState, *moves: Any) -> WargameState:
    for move in moves:
        assert move in legal(s), (move, refusal(s, move), legal(s))
        s = settle(diplomacy.perform(s, TABLES, s.pending[-1], move, []))
    return s


def in_phase(s: WargameState) -> bool:
    return bool(s.pending) and type(s.pending[-1]) in diplomacy.TASKS
