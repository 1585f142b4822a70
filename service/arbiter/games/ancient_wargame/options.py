"""The options of a game of the ancient wargame."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec


class WargameOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options.

    * ``state_assignment`` -- «случайно или по своему усмотрению»: the states are dealt at random
      (``random``) or picked in seat order (``draft``);
    * ``turn_limit`` -- the game ends after this many turns; the rules say 25 («после 25
      ходов»): any other value is not the standard game (for tests and short games).
    """

    state_assignment: Literal["random", "draft"] = "random"
    turn_limit: Annotated[int, msgspec.Meta(ge=1, le=25)] = 25

    __option_docs__: ClassVar[dict[str, str]] = {
        "state_assignment": "how states are assigned: random (dealt) or draft (picked in seat order)",
        "turn_limit": "turns before the scoring; the rules' game is 25 (other values are not standard)",
    }
