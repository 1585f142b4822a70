"""Hints: the service's side of :mod:`arbiter.core.search` (``POST /v1/games/{game}/hints``,
GraphQL's ``hint``).

A hint recommends a move to a seat that must decide, from Monte-Carlo tree search over random
playouts. The search sees only what the seat may see: each playout starts from a state drawn by
the game's ``hidden_variant`` for that seat, so a hint never uses another seat's secrets (or the
seed of chance), in an open game as in a sealed one.

* **Who may ask.** Any handle of an open state, for any seat; a sealed game's master handle, for
  any seat; a seat's handle, for its own seat only (``403 forbidden_seat``). The seat must be
  one that decides now (``409 not_deciding`` otherwise: the game is over, chance must be drawn, or
  another seat decides).
* **Budget.** ``seconds`` (default 1) and ``playouts`` (default: as many as the time allows), each
  bounded by the server (``ARBITER_HINT_SECONDS``, ``ARBITER_HINT_PLAYOUTS``): a request asking
  for more gets the bound. A forced move (the only legal one) is answered at once.
* **Bounded cost.** Hints are long tasks, as long replays are: they take turns by client, slice
  by slice, the others waiting (``503 busy`` past :data:`~arbiter.api.long_tasks.MAX_WAITING`),
  and the search yields to other requests within one decision of a slice's end
  (:class:`~arbiter.api.long_tasks.Slices`, :meth:`~arbiter.core.search.Search.run_until`).
* **Reproducible.** ``seed`` seeds the search's own generator (drawn at random when not given, and
  answered): the same state, seat, seed and ``playouts``, with time to spare, give the same hint.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from arbiter.api.audience import check_seat
from arbiter.api.envelope import Hint, HintOption
from arbiter.api.handles import Handle, untrusted
from arbiter.api.languages import said as in_language
from arbiter.api.problems import Problem
from arbiter.api.service_core import ServiceCore
from arbiter.core import CHANCE
from arbiter.core.search import Search
from arbiter.core.texts import text
from arbiter.languages import domain_of

#: Seconds a hint thinks when the request does not say.
DEFAULT_SECONDS = 1.0
#: Moves an answer lists with what the search found of them (the best first).
OPTIONS = 5


@dataclass(frozen=True, slots=True)
class HintLimits:
    """The server's bounds on one hint (``ARBITER_HINT_SECONDS``, ``ARBITER_HINT_PLAYOUTS``)."""

    seconds: float = 2.0
    playouts: int = 20_000


class Hints:
    """The hint operation of a :class:`~arbiter.api.service.Service`."""

    def __init__(self, service: ServiceCore, limits: HintLimits) -> None:
        self.service = service
        self.limits = limits

    async def hint(
        self,
        game_id: str,
        handle: Handle,
        *,
        seat: int | None = None,
        playouts: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        resolve_chance: bool | None = None,
        describe: bool = False,
    ) -> Hint:
        """The move recommended to ``seat`` (see the module docstring)."""
        service = self.service
        game, codec = service.game(game_id)
        resolved = await service.store.resolve(game, codec, handle, resolve_chance)
        state = resolved.state
        own = resolved.seat
        if seat is not None and own is not None and seat != own:
            raise Problem(
                "forbidden_seat",
                text("this handle asks for seat {seat} only", seat=own),
                pointer="/seat",
                status=403,
            )
        check_seat(state, seat, member="seat")
        to_act = resolved.known.to_act
        if seat is None:
            seat = own
        if seat is None:
            seat = next((a for a in to_act if a != CHANCE), None)
            if seat is None:
                raise not_deciding(
                    text("no seat decides now") if to_act else text("the game is over")
                )
        if seat not in to_act:
            raise not_deciding(text("seat {seat} does not decide now", seat=seat))
        budget = min(playouts or self.limits.playouts, self.limits.playouts)
        allowed = min(seconds or DEFAULT_SECONDS, self.limits.seconds)
        seed = secrets.randbits(63) if seed is None else seed
        async with service.long_tasks.turn() as slices:
            start = time.perf_counter()
            with untrusted(resolved.inline, game.id):
                search = Search(game, state, seat, random.Random(seed))
            while search.iterations < budget and len(search.moves) > 1:
                if time.perf_counter() - start >= allowed:
                    break
                with untrusted(resolved.inline, game.id):
                    search.run_until(budget, past(min(slices.deadline, start + allowed)))
                await slices.pause()
            elapsed = time.perf_counter() - start
            with untrusted(resolved.inline, game.id):
                ranked = search.options()
                domain = domain_of(game.id)
                said = (
                    [in_language(game.describe(state, o.move), domain) for o in ranked[:OPTIONS]]
                    if describe
                    else []
                )
        service.metrics.hint(game.id, search.iterations, elapsed)
        options = [
            HintOption(
                move=o.move,
                playouts=o.visits,
                value=round(o.value, 4),
                **({"description": said[i]} if describe else {}),
            )
            for i, o in enumerate(ranked[:OPTIONS])
        ]
        return Hint(
            game=game.id,
            seat=seat,
            move=ranked[0].move,
            playouts=search.iterations,
            seconds=round(elapsed, 4),
            seed=seed,
            options=options,
            **({"description": said[0]} if describe else {}),
        )


def not_deciding(detail: str) -> Problem:
    """``409 not_deciding``: the seat asked about does not decide now."""
    return Problem("not_deciding", detail, pointer="/seat")


def past(moment: float) -> Callable[[], bool]:
    """Whether ``moment`` (of :func:`time.perf_counter`) has come: when a search stops."""
    return lambda: time.perf_counter() >= moment
