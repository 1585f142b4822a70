"""What the service's parts (:mod:`.positions`, :mod:`.hints`) ask of the service they belong to:
its games, its store, its metrics, its long tasks, and the two ways it answers with a state.

:class:`~arbiter.api.service.Service` answers this protocol; the parts name the protocol, not the
service, so that the service can hold them without an import circle.
"""

from __future__ import annotations

from typing import Any, Protocol

from arbiter.api.audience import Audience
from arbiter.api.codec import GameCodec
from arbiter.api.envelope import Envelope
from arbiter.api.handles import StateStore
from arbiter.api.history import Link
from arbiter.api.long_tasks import LongTasks
from arbiter.api.metrics import Metrics
from arbiter.core import Event
from arbiter.core.registry import AnyGame


class ServiceCore(Protocol):
    """The service as its parts see it."""

    store: StateStore
    metrics: Metrics
    long_tasks: LongTasks

    def game(self, game_id: str) -> tuple[AnyGame, GameCodec]:
        """The game of ``game_id`` and its codec (``404 unknown_game``)."""
        ...

    async def envelope(
        self,
        game: AnyGame,
        codec: GameCodec,
        state: Any,
        *,
        resolve_chance: bool,
        audience: Audience,
        events: list[Event],
        inline: bool,
        pointer: str = "/state",
        link: Link | None = None,
    ) -> Envelope:
        """The answer for an open ``state``, stored with ``link``."""
        ...

    async def new_table(
        self,
        game: AnyGame,
        codec: GameCodec,
        state: Any,
        resolve_chance: bool,
        audience: Audience,
        events: list[Event],
        setup: Link,
    ) -> Envelope:
        """Keep a new sealed game; its creator's answer, with the master handle."""
        ...
