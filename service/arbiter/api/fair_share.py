"""Fair shares of a worker's time between clients: :class:`FairShare`, which
:class:`~arbiter.api.identify.Identify` runs each request through once it knows the client.

A worker answers one request at a time (an event loop), and a request that has begun runs to its
end. A client whose requests cost ten times another's (a new sealed game against a move by
``state_id``), sending them back to back, would make the other wait for one of its requests
before each of its own -- ten times its quiet latency -- however fairly the waiting requests were
ordered: only time the worker spends on nobody's request lets the other's through at once.

So each worker measures the time its clients' requests take (a sum that halves every
:data:`HALF_LIFE` seconds), and while two or more clients are asking (a request in the last
:data:`ACTIVE` seconds), a request of a client that has used more than an even share of the
total by more than :data:`QUANTUM` is held back until it no longer has (at most ``hold``
seconds, ``ARBITER_FAIR_SHARE_HOLD``): meanwhile the others' requests run at once. Only while
the others keep the worker busy (a request of theirs being answered, or sent in the last
:data:`BUSY` seconds): a hold with nobody else's request to run would only leave the worker
idle, so that clients taking turns at a light load are never held. The requests
a client has held wait in line, one at a time, so that they do not all run together when the
hold ends. A client alone is never held: one client driving a worker at full speed (a conformance
run, an audit) keeps all of it, and nothing is refused here -- refusals are the quotas' and rate
limits' (:mod:`arbiter.api.rates`). Only the API (``/v1/...``, ``/graphql``) is counted and held;
probes, metrics and documentation never wait.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final

from arbiter.api.clients import API_PREFIXES, Client, is_stream
from arbiter.api.metrics import Metrics

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Seconds over which a client's use of the worker halves.
HALF_LIFE: Final = 0.1
#: A client that sent a request in the last this many seconds is asking.
ACTIVE: Final = 0.05
#: Seconds of the worker's time a client may use past its even share before it is held.
QUANTUM: Final = 0.002
#: The longest a held request sleeps before it looks again, in seconds.
STEP: Final = 0.002
#: Another client that asked in the last this many seconds keeps the worker busy: it is about to
#: ask again (a client that sends its next request as soon as it has an answer).
BUSY: Final = 0.002
#: Half-lives after which the sums are brought back to today's scale (and the idle forgotten).
RESCALE: Final = 16


class FairShare:
    """Holds back the requests of a client past its share while others ask (module docstring).

    Sums are kept in the scale of :attr:`since`: a second of use at time ``t`` counts
    ``2 ** ((t - since) / HALF_LIFE)``, so every client's sum decays at once without being
    touched, and sums are compared as they are."""

    def __init__(self, hold: float, metrics: Metrics | None = None) -> None:
        self.hold = hold
        self.metrics = metrics
        self.since = time.perf_counter()
        self.used: dict[str, float] = {}
        self.total = 0.0
        #: the requests of the last :data:`ACTIVE` seconds, oldest first, and their clients
        self._recent: deque[tuple[float, str]] = deque()
        self._asking: Counter[str] = Counter()
        #: the line of each client's held requests
        self._lines: dict[str, asyncio.Lock] = {}
        #: the requests each client has being answered now, and when each asking client last asked
        self._serving: Counter[str] = Counter()
        self._last: dict[str, float] = {}

    async def serve(
        self, client: Client, app: ASGIApp, scope: Scope, receive: Receive, send: Send
    ) -> None:
        """``app`` answers ``client``'s request, at once or once its hold is over."""
        if not scope["path"].startswith(API_PREFIXES) or is_stream(scope["path"]):
            await app(scope, receive, send)
            return
        who = client.id
        now = time.perf_counter()
        self._ask(who, now)
        if self.over_share(who) and self.others_busy(who, now):
            line = self._lines.get(who)
            if line is None:
                line = self._lines[who] = asyncio.Lock()
            try:
                async with line:
                    await self._wait(who, client.label)
                    await self._serve(who, app, scope, receive, send)
            finally:
                if not line.locked() and self._lines.get(who) is line:
                    del self._lines[who]
        else:
            await self._serve(who, app, scope, receive, send)

    async def _serve(
        self, who: str, app: ASGIApp, scope: Scope, receive: Receive, send: Send
    ) -> None:
        start = time.perf_counter()
        self._serving[who] += 1
        try:
            await app(scope, receive, send)
        finally:
            self._serving[who] -= 1
            if not self._serving[who]:
                del self._serving[who]
            end = time.perf_counter()
            spent = (end - start) * self._scale(end)
            self.used[who] = self.used.get(who, 0.0) + spent
            self.total += spent

    async def _wait(self, who: str, label: str) -> None:
        """Sleeps while ``who`` is past its share and others keep the worker busy, at most
        :attr:`hold`."""
        now = time.perf_counter()
        deadline = now + self.hold
        held = False
        while self.over_share(who) and self.others_busy(who, now) and now < deadline:
            held = True
            await asyncio.sleep(min(STEP, deadline - now))
            now = time.perf_counter()
            self._ask(who, now)
        if held and self.metrics is not None:
            self.metrics.held_requests.labels(label).inc()

    def over_share(self, who: str) -> bool:
        """Whether ``who`` is past its even share while another client asks (sent a request in
        the last :data:`ACTIVE` seconds, or has one being answered)."""
        asking = len(self._asking)
        if asking < 2:  # a client whose request runs longer than ACTIVE asks too
            asking = len(self._asking.keys() | self._serving.keys())
            if asking < 2:
                return False
        now = time.perf_counter()
        return self.used.get(who, 0.0) > self.total / asking + QUANTUM * self._scale(now)

    def others_busy(self, who: str, now: float) -> bool:
        """Whether another client has a request in this worker now, or sent one in the last
        :data:`BUSY` seconds (it will send the next soon): holding ``who`` back lets it run.
        With nobody else's request to run, a hold would only leave the worker idle."""
        if any(other != who for other in self._serving):
            return True
        since = now - BUSY
        return any(other != who and self._last[other] >= since for other in self._asking)

    def _ask(self, who: str, now: float) -> None:
        self._last[who] = now
        recent, asking = self._recent, self._asking
        recent.append((now, who))
        asking[who] += 1
        while recent[0][0] < now - ACTIVE:
            _, gone = recent.popleft()
            asking[gone] -= 1
            if not asking[gone]:
                del asking[gone]
                del self._last[gone]

    def _scale(self, now: float) -> float:
        if now - self.since > RESCALE * HALF_LIFE:
            self._rescale(now)
        return float(2 ** ((now - self.since) / HALF_LIFE))

    def _rescale(self, now: float) -> None:
        """Today's scale; clients whose sum has decayed to nothing are forgotten (bounded by
        the clients of the last few seconds)."""
        factor = 2 ** (-(now - self.since) / HALF_LIFE)
        self.since = now
        self.used = {
            who: kept
            for who, used in self.used.items()
            if (kept := used * factor) > 1e-6 or who in self._asking
        }
        self.total = sum(self.used.values())
