"""Worked positions of Raiders of Scythia (:mod:`.position`)."""

from __future__ import annotations

from typing import Any


def position_examples() -> list[tuple[str, Any]]:
    return []
