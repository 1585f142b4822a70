"""A map bounded in bytes and shared among clients, none of whom can starve the others.

:class:`Budget` is the in-process store's map (of open states, and separately of sealed games):

* it holds at most ``max_bytes`` (an entry counts the bytes its owner gave: a state's JSON, a
  sealed game's states and move log);
* one client (:mod:`arbiter.api.clients`) holds at most ``share`` of it (its *quota*);
* a new entry of a client at its quota makes room from that client's **own** entries, least
  recently used first: any of them where the map allows it (``own_first``: open states, which
  their owner can always make again), else only those that are over (``finished``) or idle --
  unused for ``min_age`` seconds (sealed games: a live game is never dropped to admit another).
  When that cannot make room the entry is refused with :class:`OverQuota` -- that client's
  refusal alone. So a client that plays games one after the other, however many, is never
  refused; one that keeps more live games than its share is;
* a new entry of a client under its quota makes room from the least recently used entries of
  anyone that were not used for ``min_age`` seconds, or expired; when every entry is younger the
  new one is refused (:class:`StoreFull`) rather than another client's recent entry dropped. With
  quotas, that takes several clients at once: one alone fills its share only.

Entries expire ``ttl`` seconds after their last write. An entry rewritten (a sealed game's next
move) stays its first owner's, with its new size: a game under way is never refused a move, and
the bound may be passed by what its growth adds until room is made (the next new entry makes it).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True)
class StoreFull(Exception):
    """The store is full of recently used entries and admits no new one now: in
    ``retry_after`` seconds its least recently used entry may go."""

    retry_after: float


@dataclass(frozen=True)
class OverQuota(Exception):
    """A client holds its share of the store and may not add this entry: what it uses, what it
    may use, in bytes, and when an entry of its own expires at the latest (seconds from now)."""

    used: int
    allowed: int
    retry_after: float


@dataclass(slots=True)
class _Entry(Generic[V]):
    owner: str
    size: int
    used: float
    expires: float
    value: V
    finished: bool = False


def share_of(whole: int, share: float) -> int:
    """What one client may hold of ``whole`` with ``share`` (``ARBITER_CLIENT_SHARE``): at
    least one."""
    return max(1, int(whole * share))


class Budget(Generic[K, V]):
    """The map (module docstring)."""

    def __init__(
        self,
        max_bytes: int,
        share: float,
        ttl: float,
        min_age: float,
        *,
        own_first: bool,
        clock: Callable[[], float] = time.monotonic,
        on_drop: Callable[[K, V], None] | None = None,
        on_usage: Callable[[str, int], None] | None = None,
    ) -> None:
        self.max_bytes = max_bytes
        self.quota = share_of(max_bytes, share)
        self.ttl = ttl
        self.min_age = min_age
        self.own_first = own_first
        self._clock = clock
        #: told of every entry that leaves the map (evicted, expired, replaced by another)
        self._on_drop = on_drop
        #: told of every change of the bytes a client holds: the client, and by how many bytes
        self._on_usage = on_usage
        #: every entry, least recently used first
        self._entries: OrderedDict[K, _Entry[V]] = OrderedDict()
        #: each client's keys, least recently used first, and the bytes they hold
        self._owned: dict[str, OrderedDict[K, None]] = {}
        self._used: dict[str, int] = {}
        self.total = 0

    def __len__(self) -> int:
        return len(self._entries)

    def used_by(self, client: str) -> int:
        """The bytes ``client`` holds."""
        return self._used.get(client, 0)

    def clients(self) -> int:
        """How many clients hold anything."""
        return len(self._used)

    def discard(self, key: K) -> None:
        """Forget ``key`` now (nothing if it is not kept)."""
        if key in self._entries:
            self._drop(key)

    def get(self, key: K) -> V | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        now = self._clock()
        if entry.expires <= now:
            self._drop(key)
            return None
        entry.used = now
        self._entries.move_to_end(key)
        self._owned[entry.owner].move_to_end(key)
        return entry.value

    def put(self, key: K, value: V, size: int, client: str, *, finished: bool = False) -> None:
        """Keep ``value`` under ``key``, ``size`` bytes of ``client``'s (``finished``: a game that
        is over, the first its owner's new entries may replace); :class:`OverQuota` or
        :class:`StoreFull` when a new entry is not admitted."""
        now = self._clock()
        entry = self._entries.get(key)
        if entry is not None and entry.expires > now:  # a rewrite: its owner's, never refused
            self._resize(entry, size)
            entry.value, entry.used, entry.expires = value, now, now + self.ttl
            entry.finished = finished
            self._entries.move_to_end(key)
            self._owned[entry.owner].move_to_end(key)
            self._make_room(0, now, refuse=False)
            return
        if entry is not None:
            self._drop(key, replaced=True)
        if self.used_by(client) + size > self.quota:
            self._make_own_room(client, size, now)
        self._make_room(size, now, refuse=True)
        self._entries[key] = _Entry(client, size, now, now + self.ttl, value, finished)
        self._owned.setdefault(client, OrderedDict())[key] = None
        self._used[client] = self.used_by(client) + size
        self.total += size
        if self._on_usage is not None:
            self._on_usage(client, size)

    def _make_own_room(self, client: str, size: int, now: float) -> None:
        """Drop ``client``'s own entries that may go (module docstring), least recently used
        first, until ``size`` more bytes fit its quota; :class:`OverQuota` (dropping nothing)
        when they cannot."""
        need = self.used_by(client) + size - self.quota
        victims: list[K] = []
        if size <= self.quota:
            for key in self._owned.get(client, ()):  # stops at the first entries that suffice
                entry = self._entries[key]
                if self.own_first or entry.finished or now - entry.used >= self.min_age:
                    victims.append(key)
                    need -= entry.size
                    if need <= 0:
                        break
        if need > 0:
            raise OverQuota(self.used_by(client), self.quota, self._oldest_expiry(client, now))
        for key in victims:
            self._drop(key)

    def _make_room(self, size: int, now: float, *, refuse: bool) -> None:
        """Drop least recently used entries, unused for ``min_age`` or expired, until ``size``
        more bytes fit; :class:`StoreFull` when they cannot and ``refuse`` (else keep what cannot
        be dropped)."""
        while self.total + size > self.max_bytes and self._entries:
            key, oldest = next(iter(self._entries.items()))
            if oldest.expires > now and now - oldest.used < self.min_age:
                if refuse:
                    raise StoreFull(min(oldest.used + self.min_age, oldest.expires) - now)
                return
            self._drop(key)

    def _resize(self, entry: _Entry[V], size: int) -> None:
        self._used[entry.owner] += size - entry.size
        self.total += size - entry.size
        if self._on_usage is not None and size != entry.size:
            self._on_usage(entry.owner, size - entry.size)
        entry.size = size

    def _drop(self, key: K, *, replaced: bool = False) -> None:
        """Drop an entry; ``replaced``: by a new one under the same key (``on_drop`` not told)."""
        entry = self._entries.pop(key)
        own = self._owned[entry.owner]
        del own[key]
        self.total -= entry.size
        self._used[entry.owner] -= entry.size
        if not own:
            del self._owned[entry.owner], self._used[entry.owner]
        if self._on_usage is not None:
            self._on_usage(entry.owner, -entry.size)
        if self._on_drop is not None and not replaced:
            self._on_drop(key, entry.value)

    def _oldest_expiry(self, client: str, now: float) -> float:
        """Seconds until the first of ``client``'s entries expires (the ttl if it holds none)."""
        own = self._owned.get(client)
        if not own:
            return self.ttl
        return max(0.0, min(self._entries[k].expires for k in own) - now)
