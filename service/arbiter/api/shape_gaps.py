"""Every member a value of the wrong shape misses, not only the first one msgspec stops at.

msgspec refuses a value at its first error (``Object missing required field `seats```). A
position written from a real table may miss many members at once; :func:`shape_gaps` walks the
value (plain JSON values) along its struct type and names every required member missing and every
member its struct does not have, each with a JSON pointer, in the order of the value. An object
given as something else is a gap too; other leaves of the wrong type are msgspec's to say (its
first error stays the problem's own): the walk looks at objects, arrays and tagged unions only.

**Bounded cost.** The walk visits a node of the value at most once, and only where the type goes
(its depth is the type's) -- the value is a request body, bounded by ``ARBITER_MAX_BODY``; it
keeps the first :data:`arbiter.core.MAX_GAPS` gaps and counts the others.
"""

from __future__ import annotations

from typing import Any

import msgspec
import msgspec.inspect as mi

from arbiter.core import MAX_GAPS
from arbiter.core.texts import text


class Gap(msgspec.Struct, frozen=True):
    """A member missing or not expected: its pointer and what is wrong."""

    pointer: str
    detail: str


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def shape_gaps(kind: Any, value: Any, at: str = "") -> tuple[list[Gap], int]:
    """The gaps of ``value`` (plain JSON values) as a ``kind``, at most :data:`MAX_GAPS`; and
    how many more there are."""
    gaps: list[Gap] = []
    more = 0

    def gap(pointer: str, detail: str) -> None:
        nonlocal more
        if len(gaps) < MAX_GAPS:
            gaps.append(Gap(pointer, detail))
        else:
            more += 1

    def walk(t: mi.Type, node: Any, pointer: str) -> None:
        if isinstance(t, mi.Metadata):
            walk(t.type, node, pointer)
        elif isinstance(t, mi.StructType):
            _struct(t, node, pointer)
        elif isinstance(t, mi.UnionType):
            structs = [x for x in t.types if isinstance(x, mi.StructType)]
            if isinstance(node, dict) and structs and structs[0].tag_field is not None:
                tag = node.get(structs[0].tag_field)
                chosen = next((x for x in structs if x.tag == tag), None)
                if chosen is not None:
                    _struct(chosen, node, pointer)
            elif isinstance(node, dict) and len(structs) == 1:
                _struct(structs[0], node, pointer)
            elif isinstance(node, list):
                items = [x for x in t.types if isinstance(x, _ARRAYS)]
                if len(items) == 1:
                    walk(items[0], node, pointer)
        elif isinstance(t, _ARRAYS) and isinstance(node, list):
            for index, item in enumerate(node):
                walk(t.item_type, item, f"{pointer}/{index}")
        elif isinstance(t, mi.TupleType) and isinstance(node, list):
            for index, (item_type, item) in enumerate(zip(t.item_types, node, strict=False)):
                walk(item_type, item, f"{pointer}/{index}")
        elif isinstance(t, mi.DictType) and isinstance(node, dict):
            for key, item in node.items():
                walk(t.value_type, item, f"{pointer}/{_escape(str(key))}")

    def _struct(t: mi.StructType, node: Any, pointer: str) -> None:
        if not isinstance(node, dict):
            gap(pointer, text("expected an object"))
            return
        names = {f.encode_name: f for f in t.fields}
        if t.forbid_unknown_fields:
            for key in node:
                if key not in names and key != t.tag_field:
                    gap(f"{pointer}/{_escape(str(key))}", text("no member {key!r} here", key=key))
        for name, f in names.items():
            if name in node:
                walk(f.type, node[name], f"{pointer}/{_escape(name)}")
            elif f.required:
                gap(
                    f"{pointer}/{_escape(name)}",
                    text("the required member {name!r} is missing", name=name),
                )

    walk(mi.type_info(kind), value, at)
    return gaps, more


_ARRAYS = (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)
