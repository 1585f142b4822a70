"""Worked positions."""

from __future__ import annotations

from arbiter.games.scythe.position import ScythePosition


def examples() -> list[tuple[str, ScythePosition]]:
    return []
