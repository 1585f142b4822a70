"""The bounded scalar types states, moves and the battle share."""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import msgspec

Seat: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=5)]
Count: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
Id: TypeAlias = Annotated[str, msgspec.Meta(max_length=40)]
Ids: TypeAlias = Annotated[tuple[Id, ...], msgspec.Meta(max_length=200)]
Seats: TypeAlias = Annotated[tuple[Seat, ...], msgspec.Meta(max_length=6)]
Flank: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=2)]
HeroKind: TypeAlias = Literal["administrator", "general"]


class _T(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="task"):
    """Base of every pending task: a tagged union on ``task``."""
