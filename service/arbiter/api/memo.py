"""Known states: what this process already worked out about a state, keyed by its JSON bytes.

Rules are pure, so who must act in a state and the legal moves of each actor are functions of the
state (and of the rules this process runs). When the service answers with a state it has just
worked both out; a client's next request usually sends that very state back (as JSON, a token or
an id). Remembering them, with the state object itself, under a digest of the state's JSON means:

* a submitted state byte-identical to one the service made (or already checked) is neither
  decoded nor checked again (``check_state``): it passed the rules before;
* the move of that request is checked against a list already made instead of a fresh one.

The digest (the first 160 bits of the SHA-256 of the game id and the state's JSON as the service
writes it) also names the state in :meth:`arbiter.api.sealing.Sealer.state_id`. It must resist
collisions: a state crafted to collide with one already checked would skip ``check_state``.
SHA-256 runs on the CPU's SHA extensions: twice as fast as BLAKE2b on a state of 8 kB (~5 of ~300
us of a wargame request). Each entry also remembers the answers to the moves applied to its state
(rules are pure: the same move on the same state, with the same treatment of chance, always gives
the same next state and events), weakly, so that only entries still in the LRU are reused. This
is an in-process LRU bounded in bytes (``ARBITER_MEMO_BYTES``): an entry counts :data:`FACTOR`
times its state's JSON, about what the state object, its JSON and its legal moves take (measured
with tracemalloc over random games: 2.4 to 4.2 times, the four games' medians), and each other
spelling of the same state that finds it counts as much again. A state larger than the bound is
not kept. A miss costs only the work it would have saved.
"""

from __future__ import annotations

import contextlib
import hashlib
import weakref
from collections import OrderedDict
from typing import Any

from arbiter.core import Actor, Event
from arbiter.core.registry import AnyGame

#: Bytes an entry counts per byte of its state's JSON (module docstring).
FACTOR = 4
#: The JSON size assumed for a state whose size its maker did not say.
DEFAULT_JSON = 8192


class Known:
    """One state: who must act in it, the legal moves of the actors asked about so far, its JSON
    and digest, the answers to moves already applied to it, and the bytes it counts as."""

    __slots__ = ("__weakref__", "applied", "digest", "json", "moves", "size", "state", "to_act")

    def __init__(self, state: Any, to_act: tuple[Actor, ...], digest: bytes, size: int) -> None:
        self.state = state
        self.to_act = to_act
        self.digest = digest
        self.size = size
        self.json: bytes | None = None
        self.moves: dict[Actor, list[Any]] = {}
        #: (move, resolve_chance) -> (the next state's entry, the events on the way there, the
        #: JSON of every decision applied on the way: the move and the chance drawn after it)
        self.applied: dict[
            tuple[Any, bool], tuple[weakref.ref[Known], tuple[Event, ...], tuple[bytes, ...]]
        ] = {}

    def legal_moves(self, game: AnyGame, state: Any, actor: Actor) -> list[Any]:
        moves = self.moves.get(actor)
        if moves is None:
            moves = self.moves[actor] = game.legal_moves(state, actor)
        return moves

    def listed(self, actor: Actor, move: Any) -> bool:
        """Whether ``move`` is among the moves of ``actor`` already listed here (``False`` when
        they were not listed yet: the caller checks the move another way)."""
        moves = self.moves.get(actor)
        return moves is not None and move in moves

    def all_legal_moves(self, game: AnyGame, state: Any) -> list[Any]:
        return [m for actor in self.to_act for m in self.legal_moves(game, state, actor)]

    def after(
        self, move: Any, resolve_chance: bool
    ) -> tuple[Known, tuple[Event, ...], tuple[bytes, ...]] | None:
        """The remembered result of applying ``move`` here, if any (and still remembered)."""
        if not self.applied:  # as most are: no need to hash the move
            return None
        try:
            hit = self.applied.get((move, resolve_chance))
        except TypeError:  # a move with unhashable members: never remembered
            return None
        if hit is None:
            return None
        following = hit[0]()
        return None if following is None else (following, hit[1], hit[2])

    def remember(
        self,
        move: Any,
        resolve_chance: bool,
        following: Known,
        events: Any,
        applied: tuple[bytes, ...],
    ) -> None:
        with contextlib.suppress(TypeError):
            self.applied[(move, resolve_chance)] = (weakref.ref(following), tuple(events), applied)


class KnownStates:
    """An LRU of :class:`Known` by a digest of (game id, canonical state bytes), of at most
    ``max_bytes`` (module docstring)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        #: the bytes the entries count as
        self.total = 0
        self._items: OrderedDict[bytes, Known] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    @staticmethod
    def key(game_id: str, state_bytes: bytes) -> bytes:
        digest = hashlib.sha256(game_id.encode())
        digest.update(b"\0")
        digest.update(state_bytes)
        return digest.digest()[:20]

    def get(self, key: bytes) -> Known | None:
        known = self._items.get(key)
        if known is not None:
            self._items.move_to_end(key)
        return known

    def holds(self, known: Known) -> bool:
        """Whether ``known`` is still an entry (by its digest): an answer remembered on an entry
        already pushed out could never be found again."""
        return self._items.get(known.digest) is known

    def learn(
        self,
        key: bytes,
        game: AnyGame,
        state: Any,
        json: bytes | None = None,
        *,
        size: int | None = None,
    ) -> Known:
        """The entry of a state, made (with ``to_act``) if it is new; ``size``: the bytes of its
        JSON (or of another encoding) where ``json`` is not given."""
        known = self.get(key)
        if known is None:
            written = len(json) if json is not None else size or DEFAULT_JSON
            known = Known(state, game.to_act(state), key, FACTOR * written)
            self.alias(key, known)
        if known.json is None:
            known.json = json
        return known

    def alias(self, key: bytes, known: Known) -> None:
        """Also find ``known`` under ``key`` (the same state written differently)."""
        old = self._items.pop(key, None)
        if old is not None:
            self.total -= old.size
        if known.size > self.max_bytes:  # too large to keep
            return
        self._items[key] = known
        self.total += known.size
        while self.total > self.max_bytes:
            self.total -= self._items.popitem(last=False)[1].size
