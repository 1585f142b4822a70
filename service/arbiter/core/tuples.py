"""Small helpers for updating immutable tuples inside frozen states."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced by ``value``."""
    return (*items[:index], value, *items[index + 1 :])


def remove_at(items: tuple[T, ...], index: int) -> tuple[T, ...]:
    """``items`` without the element at ``index``."""
    return items[:index] + items[index + 1 :]


def remove_first(items: tuple[T, ...], value: T) -> tuple[T, ...]:
    """``items`` without the first element equal to ``value`` (``ValueError`` if absent)."""
    return remove_at(items, items.index(value))
