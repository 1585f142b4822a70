"""The options of a game of Raiders of Scythia."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from arbiter.games.raiders_of_scythia.content import ChiefLevel


class RaidersOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options.

    * ``solo_chief`` -- solo play only: the chief's AI crew card, which sets the difficulty
      («ОДИНОЧНАЯ ИГРА. СОРАТНИКИ»): ``trader`` (low), ``lookout`` (medium), ``huntsman``
      (high), ``outrider`` (very high).
    """

    solo_chief: ChiefLevel = "lookout"

    __option_docs__: ClassVar[dict[str, str]] = {
        "solo_chief": (
            "solo play: the chief's AI crew card, the difficulty -- trader (low), lookout "
            "(medium), huntsman (high), outrider (very high)"
        ),
    }
