"""The options of a game of Raiders of Scythia."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from arbiter.games.raiders_of_scythia.content import ChiefLevel


class RaidersOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options.

    * ``solo_chief`` -- solo play only: the chief's AI crew card, which sets the difficulty
      («ОДИНОЧНАЯ ИГРА. СОРАТНИКИ»): ``trader`` (low), ``lookout`` (medium), ``huntsman``
      (high), ``outrider`` (very high). It applies at one player only: the chief plays only in
      solo play («ОДИНОЧНАЯ ИГРА»), and setting up more players ignores it.
    """

    solo_chief: ChiefLevel = "lookout"

    __option_players__: ClassVar[dict[str, tuple[int, int]]] = {"solo_chief": (1, 1)}
    __option_docs__: ClassVar[dict[str, str]] = {
        "solo_chief": (
            "solo play: the chief's AI crew card, the difficulty -- trader (low), lookout "
            "(medium), huntsman (high), outrider (very high)"
        ),
    }
