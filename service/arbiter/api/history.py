"""How the store keeps the history of games, so that any game can be exported as a record
(:mod:`arbiter.core.record`).

The server keeps no list of states per game; it keeps, beside each state it stores, how it got
there:

* **an open state** (a ``state_id`` entry) keeps a :class:`Link`: the entry it was reached from
  (``parent``, that entry's ``state_id``) and the moves applied since (player moves and the chance
  outcomes drawn after them), or -- for the state of a new game or a replay -- the setup
  (``players``, ``options``) and every move since. Following the links back to a setup gives every
  move of the game. A link whose parent already has a short link takes over that one instead
  (:func:`link_after`): a game played by ``state_id`` is kept in segments of up to
  :data:`SEGMENT` moves, so an export reads one entry per segment, not one per request. Each entry
  expires on its own (``ARBITER_CACHE_TTL``; the in-process store also evicts old entries when it
  is full): an export that meets a missing entry is refused (``404 history_unavailable``). States
  are content-addressed, so the same state reached by two paths keeps the latest; both replay to
  it. A link always leads to a state of a smaller step (the moves between them are that many
  steps), so a walk back ends.
* **a sealed game** (a table, :mod:`arbiter.api.tables`) keeps its **move log**: every decision
  since setup, in order, beside the table; the table keeps its setup (``players``, ``options``).
  A move appends to it in the same compare-and-set that writes the table, and an undo trims it to
  the step it returns to (:class:`LogWrite`), so the log of a table always has as many moves as
  its current state has steps -- an export checks exactly that.

Histories are bounded: a state past step ``ARBITER_MAX_REPLAY`` keeps no link and a table's log
is dropped once it would grow past it (a record that long could not be replayed).
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

#: The most moves a link takes over from its parent's (see the module docstring).
SEGMENT = 64


class Link(msgspec.Struct, array_like=True, frozen=True):
    """How the service reached a stored open state.

    ``parent`` is the ``state_id`` of the entry the ``moves`` start from; ``None`` when they start
    from setup, which ``players`` and ``options`` (the options' JSON) then describe -- or from a
    ``position`` (a real table's, ``POST .../positions``): a game with no setup to replay from,
    so no record. ``moves`` is the JSON of each decision since, player moves and chance outcomes,
    in order.
    """

    parent: str | None
    moves: tuple[bytes, ...]
    players: int = 0
    options: bytes = b""
    position: bool = False

    @property
    def is_setup(self) -> bool:
        return self.parent is None


def setup_link(players: int, options: bytes, moves: tuple[bytes, ...]) -> Link:
    """The link of a state reached from setup by ``moves``."""
    return Link(None, moves, players, options)


def position_link(moves: tuple[bytes, ...] = ()) -> Link:
    """The link of a state set up from a position, then reached by ``moves``."""
    return Link(None, moves, position=True)


def link_after(parent_id: str | None, parent: Link | None, moves: tuple[bytes, ...]) -> Link | None:
    """The link of the state ``moves`` lead to from the entry ``parent_id`` (whose link is
    ``parent``, when the request read it): that link extended, while it stays short, else a new
    one from ``parent_id``. ``None`` when neither is known."""
    if parent is not None and len(parent.moves) + len(moves) <= SEGMENT:
        return Link(
            parent.parent, parent.moves + moves, parent.players, parent.options, parent.position
        )
    if parent_id is None or not moves:
        return None
    return Link(parent_id, moves)


@dataclass(frozen=True, slots=True)
class LogWrite:
    """A change of a sealed game's move log, written with its table: keep the first ``keep``
    moves, then append ``append``. A log shorter than ``keep`` is broken (a table written before
    logs were kept, or a log dropped for its length): it is emptied and stays so.
    ``keep == 0`` with nothing to append drops the log."""

    keep: int
    append: tuple[bytes, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveLog:
    """A sealed game's move log in the in-process store: a persistent list (each write makes a
    new log that shares the earlier moves), in chunks of up to :data:`SEGMENT` moves, with the
    bytes of all its moves (``size``: what the store counts)."""

    before: MoveLog | None
    chunk: tuple[bytes, ...]
    length: int
    size: int = 0

    def written(self, write: LogWrite) -> MoveLog:
        """The log after ``write`` (see :class:`LogWrite`)."""
        if self.length < write.keep or (write.keep == 0 and not write.append):
            return EMPTY
        log = self._kept(write.keep)
        if not write.append:
            return log
        size = log.size + sum(map(len, write.append))
        if len(log.chunk) + len(write.append) <= SEGMENT:
            return MoveLog(
                log.before, log.chunk + write.append, log.length + len(write.append), size
            )
        return MoveLog(log, write.append, log.length + len(write.append), size)

    def _kept(self, keep: int) -> MoveLog:
        log = self
        while log.length - len(log.chunk) >= keep and log.before is not None:
            log = log.before
        if log.length <= keep:
            return log
        start = log.length - len(log.chunk)
        chunk = log.chunk[: keep - start]
        before = 0 if log.before is None else log.before.size
        return MoveLog(log.before, chunk, keep, before + sum(map(len, chunk)))

    def moves(self) -> list[bytes]:
        """Every move, first to last."""
        chunks: list[tuple[bytes, ...]] = []
        log: MoveLog | None = self
        while log is not None:
            chunks.append(log.chunk)
            log = log.before
        return [move for chunk in reversed(chunks) for move in chunk]


EMPTY = MoveLog(None, (), 0)
