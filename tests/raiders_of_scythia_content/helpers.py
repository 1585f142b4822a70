"""The default pack, decoded once, and small readers of it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from arbiter.core.provenance import origins
from arbiter.games.raiders_of_scythia import content as content_module
from arbiter.games.raiders_of_scythia.content import (
    Band,
    CrewCard,
    RaidersContent,
    Settlement,
    cards,
)

PACK = Path(content_module.__file__).parent / "data" / "default.json"


@cache
def load() -> RaidersContent:
    return msgspec.json.decode(PACK.read_bytes(), type=RaidersContent)


def crew_named(c: RaidersContent, name: str) -> list[CrewCard]:
    return [card for card in c.crew if card.name == name]


def settlement(c: RaidersContent, sid: str) -> Settlement:
    (found,) = [s for s in c.settlements if s.id == sid]
    return found


def band_at(s: Settlement, strength: int) -> Band:
    """The highest band whose minimum is at most ``strength`` (spec §1.9)."""
    return [b for b in s.bands if b.min_strength <= strength][-1]


def sourced_values(c: RaidersContent, card: str) -> set[str]:
    """The values of the card with key ``card`` (``crew/merchant-1``) its labels say a source
    gives; every other value of a labelled pack is the project's own."""
    (found,) = [value for key, value in cards(c) if key == card]
    return {v.path for v in origins([(card, found)], c.labels) if v.origin == "sourced"}
