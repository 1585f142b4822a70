"""The content packs this process keeps for its clients: bounded in bytes, shared fairly.

A game keeps the packs registered with it (:class:`arbiter.core.Game`, by content id); which of
them stay is the service's to decide, so that one client registering pack after pack neither grows
the process nor pushes out the packs other clients' games are played with. :class:`KeptPacks` is a
:class:`~arbiter.api.budget.Budget` of every game's registered packs:

* at most ``ARBITER_CONTENT_BYTES`` in all, each pack counted as :data:`FACTOR` times its
  canonical JSON (the decoded pack and the tables the rules build from it: measured 2.5 to 4.0
  times over the four games' default packs);
* one client holds at most ``ARBITER_CLIENT_SHARE`` of it: past its share, its own least recently
  used packs go first (a client can always register them again);
* another client's pack used in the last ``ARBITER_CACHE_MIN_AGE`` seconds is never pushed out:
  when nothing else can go, a new pack is refused (``503 store_full`` with ``Retry-After``);
* a pack is the client's that registered it first (or whose request loaded it from Redis); every
  use of it -- a state played with it -- counts as a use.

A pack that leaves is dropped from its game at once; with Redis it is loaded again when a state
needs it, without Redis it is unknown again (``unknown_content``) until registered anew. A game's
default pack (by today's id or a former one) is never counted: it is always kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from arbiter.api.budget import Budget, OverQuota, StoreFull
from arbiter.api.problems import over_quota, store_full
from arbiter.core.registry import AnyGame
from arbiter.core.texts import plural, text

#: Bytes a pack counts per byte of its canonical JSON (module docstring).
FACTOR: Final = 4


class KeptPacks:
    """The registered packs of every game in this process (module docstring)."""

    def __init__(
        self,
        max_bytes: int,
        share: float,
        ttl: float,
        min_age: float,
        usage: Callable[[str, str, int], None] | None = None,
    ) -> None:
        self._budget: Budget[tuple[str, str], AnyGame] = Budget(
            max_bytes,
            share,
            ttl,
            min_age,
            own_first=True,
            on_drop=self._dropped,
            on_usage=None if usage is None else lambda c, d: usage("packs", c, d),
        )

    @property
    def total(self) -> int:
        """The bytes the kept packs count as."""
        return self._budget.total

    def __len__(self) -> int:
        return len(self._budget)

    def keep(self, game: AnyGame, content_id: str, size: int, client: str) -> None:
        """Count a pack the game has just registered (``size``: its canonical JSON's bytes) as
        ``client``'s; when it cannot stay, the game drops it and the client gets the refusal
        (``429 quota_exceeded``: one pack larger than a client's share; ``503 store_full``)."""
        if game.is_default_content(content_id):
            return
        try:
            self._budget.put((game.id, content_id), game, FACTOR * size, client)
        except StoreFull as full:
            game.drop_content(content_id)
            raise store_full(
                text(
                    "this process keeps as many content packs as it may, all of them used "
                    "recently; retry later"
                ),
                full.retry_after,
                game.id,
            ) from None
        except OverQuota as over:
            game.drop_content(content_id)
            raise over_quota(
                plural(
                    "this pack counts as {count} bytes, more than the {allowed} one client's "
                    "content packs may hold in this process",
                    "this pack counts as {count} bytes, more than the {allowed} one client's "
                    "content packs may hold in this process",
                    count=FACTOR * size,
                    allowed=over.allowed,
                ),
                over.used,
                over.allowed,
                over.retry_after,
                game.id,
            ) from None

    def used(self, game: AnyGame, content_id: str) -> None:
        """A state of ``game`` is played with the pack: a use of it (nothing for the default)."""
        if not game.is_default_content(content_id):
            self._budget.get((game.id, content_id))

    @staticmethod
    def _dropped(key: tuple[str, str], game: AnyGame) -> None:
        game.drop_content(key[1])
