"""The exact member a msgspec validation error is about, dictionary keys included.

msgspec names no key of a dictionary in an error's path (``$.resources[...].food``), so a
problem's pointer would stop at the dictionary (``/state/resources``). When a path has such a
step, the value is decoded again with that dictionary cut down to one entry at a time: the first
entry that fails alone with the same message is the one (``/state/resources/r1c1/food``). Only a
refusal pays for this, once per key at most, on a body the request limit already bounds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import msgspec

_PART = re.compile(r"\.([^.\[]+)|\[(\d+)\]|\[\.\.\.\]")
#: The most entries of one dictionary tried (a game's dictionaries are a board's territories).
MAX_KEYS = 512


def exact_parts(decode: Callable[[bytes], Any], value: Any, path: str, message: str) -> list[str]:
    """The members of msgspec error ``path`` (``$.a[0][...].b``) in ``value`` (plain JSON), each
    dictionary key found (module docstring); a key not found ends the list at its dictionary."""
    parts: list[str | int] = []
    for match in _PART.finditer(path[1:]):
        name, index = match.group(1), match.group(2)
        if name is not None:
            parts.append(name)
        elif index is not None:
            parts.append(int(index))
        else:
            key = _failing_key(decode, value, parts, message)
            if key is None:
                break
            parts.append(key)
    return [str(part) for part in parts]


def _failing_key(
    decode: Callable[[bytes], Any], value: Any, parts: list[str | int], message: str
) -> str | None:
    held = _at(value, parts)
    if not isinstance(held, dict):
        return None
    for key in list(held)[:MAX_KEYS]:
        try:
            decode(msgspec.json.encode(_replaced(value, parts, {key: held[key]})))
        except msgspec.ValidationError as error:
            if str(error).split(" - at `")[0] == message:
                return str(key)
        except (msgspec.DecodeError, TypeError, RecursionError):
            return None
    return None


def _at(value: Any, parts: list[str | int]) -> Any:
    for part in parts:
        if isinstance(value, dict) and isinstance(part, str):
            value = value.get(part)
        elif isinstance(value, list) and isinstance(part, int) and part < len(value):
            value = value[part]
        else:
            return None
    return value


def _replaced(value: Any, parts: list[str | int], new: Any) -> Any:
    """``value`` with the member at ``parts`` replaced by ``new`` (containers on the way
    copied, the rest shared)."""
    if not parts:
        return new
    head, rest = parts[0], parts[1:]
    if isinstance(value, dict):
        return {**value, str(head): _replaced(value[str(head)], rest, new)}
    copied = list(value)
    copied[int(head)] = _replaced(copied[int(head)], rest, new)
    return copied
