"""The table options of a game of Scythe."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec


class ScytheOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options.

    * ``assignment`` -- «Выбор фракции» (choosing factions): ``random`` deals the faction mats and
      the player mats at random (the dealt factions take the seats in the recommended clockwise
      order «Нордик, Русвет, Кримея, Саксония, Полания»); ``chosen`` lets each seat in turn choose
      a faction and a player mat;
    * ``tournament`` -- «Союзы и подкуп»: «В режиме турнира монеты нельзя обменять на сделки или
      союзы» (no giving coins).
    """

    assignment: Literal["random", "chosen"] = "random"
    tournament: bool = False

    __option_docs__: ClassVar[dict[str, str]] = {
        "assignment": (
            "random: faction and player mats dealt at random; chosen: each seat in turn picks a "
            "faction and a player mat"
        ),
        "tournament": "tournament mode: players may not give coins to each other (no bribes)",
    }
