"""The content packs a game keeps in memory: a bounded registry, least recently used first out.

Content packs are registered by clients, so a process that kept every pack it was ever sent would
grow without end (2,000 packs took one worker from 117 MB to 806 MB). :class:`ContentPacks` keeps
at most ``limit`` of them, each with the derived data the rules build from it (lookup tables), and
drops the least recently used pack together with that data when one more arrives. Pinned packs
(a game's default pack) are kept outside the limit and never dropped. A dropped pack is simply
unknown again: the caller registers it anew (the service reloads it from its shared store).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar

#: How many client-registered packs a game keeps by default (the service's
#: ``ARBITER_CONTENT_LIMIT``).
DEFAULT_CONTENT_LIMIT: Final = 64

ContentT = TypeVar("ContentT")

#: Marks derived data that was not built yet (``None`` is a valid result of a hook).
_UNBUILT: Final = object()


class NotKept(KeyError):
    """The pack asked for is not kept (never registered, or dropped)."""


class _Entry(Generic[ContentT]):
    """A kept pack and its derived data, built on first use."""

    __slots__ = ("content", "derived")

    def __init__(self, content: ContentT) -> None:
        self.content = content
        self.derived: object = _UNBUILT


class ContentPacks(Generic[ContentT]):
    """Content packs by content id: pinned ones, and at most ``limit`` others in LRU order.

    Every lookup (:meth:`get`, :meth:`__contains__`, :meth:`derived`) counts as a use and makes the
    pack the most recently used. Not thread-safe: one registry serves one event loop.
    """

    def __init__(self, limit: int = DEFAULT_CONTENT_LIMIT) -> None:
        self._pinned: dict[str, _Entry[ContentT]] = {}
        #: Earlier ids of pinned packs (:meth:`alias`), each to the id it stands for.
        self._aliases: dict[str, str] = {}
        #: The derived data of pinned packs, once :meth:`derived` built it (read-only for
        #: callers): the rules ask for it at every decision, and a pinned pack is never dropped
        #: and needs no recency, so :meth:`arbiter.core.Game.tables` reads it first
        self.pinned_derived: dict[str, Any] = {}
        self._recent: OrderedDict[str, _Entry[ContentT]] = OrderedDict()
        self._limit = 1
        self.limit = limit

    @property
    def limit(self) -> int:
        """How many packs besides the pinned ones are kept; lowering it drops the excess now."""
        return self._limit

    @limit.setter
    def limit(self, value: int) -> None:
        if value < 1:
            raise ValueError(f"a content limit keeps at least 1 pack, not {value}")
        self._limit = value
        self._trim()

    def add(self, content_id: str, content: ContentT, *, pinned: bool = False) -> None:
        """Keep a pack (or use it again if it is kept), dropping the least recently used ones."""
        if content_id in self._pinned or content_id in self._aliases:
            return
        entry = self._recent.pop(content_id, None)
        if pinned:
            self._pinned[content_id] = entry or _Entry(content)
            return
        self._recent[content_id] = entry or _Entry(content)
        self._trim()

    def alias(self, content_id: str, of: str) -> None:
        """Answer for the pinned pack ``of`` under ``content_id`` too (an id it had before a
        change that left every value the rules read as it was), sharing its derived data."""
        if of not in self._pinned:
            raise NotKept(of)
        self._recent.pop(content_id, None)
        self._aliases[content_id] = of

    def remove(self, content_id: str) -> None:
        """Drop a registered pack now, with its derived data (a pinned one stays)."""
        self._recent.pop(content_id, None)

    def get(self, content_id: str) -> ContentT | None:
        """The pack with this id, or ``None`` if it is not kept (never registered or dropped)."""
        entry = self._entry(content_id)
        return None if entry is None else entry.content

    def __contains__(self, content_id: object) -> bool:
        if content_id in self._pinned or content_id in self._aliases:
            return True
        return isinstance(content_id, str) and self._entry(content_id) is not None

    def __len__(self) -> int:
        """How many packs are kept, pinned ones included."""
        return len(self._pinned) + len(self._recent)

    def ids(self) -> tuple[str, ...]:
        """The kept ids: pinned first, then least to most recently used (not a use)."""
        return (*self._pinned, *self._recent)

    def derived(self, content_id: str, build: Callable[[ContentT], Any]) -> Any:
        """The derived data of a kept pack, built by ``build`` on first use and kept with it.

        :class:`NotKept` (a :class:`KeyError`) if the pack is not kept.
        """
        entry = self._entry(content_id)
        if entry is None:
            raise NotKept(content_id)
        if entry.derived is _UNBUILT:
            entry.derived = build(entry.content)
        if content_id in self._pinned or content_id in self._aliases:
            self.pinned_derived[content_id] = entry.derived
        return entry.derived

    def _entry(self, content_id: str) -> _Entry[ContentT] | None:
        entry = self._pinned.get(self._aliases.get(content_id, content_id))
        if entry is not None:
            return entry
        entry = self._recent.get(content_id)
        if entry is not None:
            self._recent.move_to_end(content_id)
        return entry

    def _trim(self) -> None:
        while len(self._recent) > self._limit:
            self._recent.popitem(last=False)
