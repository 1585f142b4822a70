"""The default pack, decoded once, and small readers of it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from arbiter.games.ancient_wargame import content as content_module
from arbiter.games.ancient_wargame.content import Province, Sea, StateCard, WargameContent

PACK = Path(content_module.__file__).parent / "data" / "default.json"


@cache
def load() -> WargameContent:
    return msgspec.json.decode(PACK.read_bytes(), type=WargameContent)


def province(c: WargameContent, pid: str) -> Province:
    (found,) = [p for p in c.provinces if p.id == pid]
    return found


def sea(c: WargameContent, sid: str) -> Sea:
    (found,) = [s for s in c.seas if s.id == sid]
    return found


def state(c: WargameContent, sid: str) -> StateCard:
    (found,) = [s for s in c.states if s.id == sid]
    return found


def index(items: tuple[Province, ...] | tuple[Sea, ...] | tuple[StateCard, ...], id_: str) -> int:
    return [x.id for x in items].index(id_)
