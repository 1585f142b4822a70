"""Every change of a view is accounted for by an event of that answer (generic, every game).

A client that shows the table keeps its view current from the events alone. So, for a move, every
member of a seat's view that changed must lie on the branch of a pointer some event shown to that
seat names in :attr:`~arbiter.core.Event.explains` (the event's pointer is the member, one of its
parents, or one of its children), unless the game lists it in
:attr:`~arbiter.core.Game.silent_view_members`.

So that the claims stay honest, an event may not account for a whole composite struct of the view
(a player, the board): its pointers end on a value, a list, a map keyed by ids, a struct of plain
values (a resource count), or a member of those.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from arbiter.core import Event, Game

AnyGame = Game[Any, Any, Any, Any]
Path = tuple[str, ...]
PLAIN = (
    msgspec.inspect.IntType,
    msgspec.inspect.StrType,
    msgspec.inspect.BoolType,
    msgspec.inspect.FloatType,
    msgspec.inspect.LiteralType,
    msgspec.inspect.NoneType,
)


def changed(before: Any, after: Any, at: Path = ()) -> Iterator[Path]:
    """The paths of the members that differ between two JSON-like values."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in before.keys() | after.keys():
            if key not in before or key not in after:
                yield (*at, str(key))
            elif before[key] != after[key]:
                yield from changed(before[key], after[key], (*at, str(key)))
    elif isinstance(before, list | tuple) and isinstance(after, list | tuple):
        for index in range(max(len(before), len(after))):
            if index >= len(before) or index >= len(after):
                yield (*at, str(index))
            elif before[index] != after[index]:
                yield from changed(before[index], after[index], (*at, str(index)))
    elif before != after:
        yield at


def parse(pointer: str) -> Path:
    """A JSON pointer as its keys (``/players/0/coins`` -> ``("players", "0", "coins")``)."""
    assert pointer.startswith("/"), f"{pointer!r} is not a JSON pointer"
    return tuple(p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/"))


def on_branch(path: Path, pointer: Path) -> bool:
    """Whether one is a prefix of the other (``*`` in the pointer matches any key)."""
    n = min(len(path), len(pointer))
    return all(q in ("*", p) for p, q in zip(path[:n], pointer[:n], strict=True))


def _resolve(info: msgspec.inspect.Type, path: Path) -> msgspec.inspect.Type | None:
    """The type of the member at ``path`` of a view type (``None`` where it does not exist)."""
    for key in path:
        while isinstance(info, msgspec.inspect.UnionType):
            kinds = [t for t in info.types if not isinstance(t, msgspec.inspect.NoneType)]
            if len(kinds) != 1:
                return None
            info = kinds[0]
        if isinstance(info, msgspec.inspect.StructType):
            field = next((f for f in info.fields if f.encode_name == key), None)
            if field is None:
                return None
            info = field.type
        elif isinstance(info, msgspec.inspect.DictType):
            info = info.value_type
        elif isinstance(info, msgspec.inspect.ListType | msgspec.inspect.VarTupleType):
            info = info.item_type
        elif isinstance(info, msgspec.inspect.TupleType):
            if not key.isdigit() or int(key) >= len(info.item_types):
                return None
            info = info.item_types[int(key)]
        else:
            return None
    return info


class Explained:
    """The check for one game, its view type inspected once."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.view_info = msgspec.inspect.type_info(game.view_type)
        self.silent = [parse(p) for p in game.silent_view_members]
        self._honest: dict[Path, bool] = {}

    def _check_honest(self, event: Event, pointer: Path) -> None:
        shape = tuple("*" if p.isdigit() else p for p in pointer)
        ok = self._honest.get(shape)
        if ok is None:
            info = _resolve(self.view_info, pointer)
            assert info is not None, f"{event!r} explains {pointer}, not a member of the view"
            ok = not isinstance(info, msgspec.inspect.StructType) or all(
                isinstance(f.type, PLAIN) for f in info.fields
            )
            self._honest[shape] = ok
        assert ok, f"{type(event).__name__} explains {'/'.join(pointer)}: a whole struct"

    def check(self, view_before: Any, view_after: Any, events: list[Event]) -> None:
        """Every changed member of a view is accounted for by ``events`` (those shown)."""
        if view_before == view_after:
            return
        claims: list[Path] = []
        for event in events:
            for pointer in event.explained():
                path = parse(pointer)
                self._check_honest(event, path)
                claims.append(path)
        before = msgspec.to_builtins(view_before)
        after = msgspec.to_builtins(view_after)
        for path in changed(before, after):
            if any(on_branch(path, s) and len(path) >= len(s) for s in self.silent):
                continue
            if not any(on_branch(path, c) for c in claims):
                names = [type(e).__name__ for e in events]
                raise AssertionError(
                    f"{self.game.id}: /{'/'.join(path)} changed with no event accounting for it "
                    f"(events shown: {names})"
                )
