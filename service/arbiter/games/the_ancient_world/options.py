"""The options of a game of The Ancient World."""

from __future__ import annotations

from typing import ClassVar

import msgspec


class AncientWorldOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options.

    * ``expand_borders_plus`` -- «Альтернативное расширение границ» (Expand borders+): Expand
      borders looks at the 3 top province cards (the face-up one included), keeps one and puts
      the others under the province deck face down.
    """

    expand_borders_plus: bool = False

    __option_docs__: ClassVar[dict[str, str]] = {
        "expand_borders_plus": (
            "Expand borders+ («Расширять границы+»): choose 1 of the 3 top province cards "
            "(the face-up one included); the others go under the province deck"
        ),
    }
