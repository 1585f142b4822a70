"""Prometheus metrics, served as text at ``/metrics``.

* ``arbiter_requests_total{route,method,status}`` and
  ``arbiter_request_duration_seconds{route,method}`` -- per route template (``/v1/games/{game}/moves``);
* ``arbiter_moves_applied_total{game}`` and ``arbiter_moves_rejected_total{game,code}`` -- moves
  applied, and moves refused by rule code;
* ``arbiter_positions_refused_total{game,code}`` -- positions (``POST .../positions``) refused
  by the game, by its code: which impossible tables clients describe;
* ``arbiter_cache_errors_total`` -- calls to the shared cache that failed;
* ``arbiter_rollbacks_total`` -- handles shown to the service for a step of a sealed game its
  store no longer holds: the store went back (a restore, lost writes; ``table_rolled_back``);
* ``arbiter_merged_moves_total{game}`` -- sealed moves sent with a handle of an earlier step and
  applied to the current one, because they commuted with the steps since
  (:mod:`arbiter.api.merging`);
* ``arbiter_store_refusals_total{client,store,code}`` -- new entries the in-process store did not
  admit, by client (a key's name; every address is ``anonymous``, so the labels stay as few as
  the keys), store (``states``, ``tables``) and why (``quota_exceeded``: the client holds its
  share; ``store_full``: the store is full of others' recent entries);
* ``arbiter_rate_limited_total{client,limit}`` -- requests refused by a client's rate limit
  (``requests``, ``heavy``: :mod:`arbiter.api.rates`), by client as above;
* ``arbiter_client_bytes{client,store}`` -- the bytes each client holds in the in-process stores
  (``states``, ``tables``, ``packs``), clients as above (every address summed as ``anonymous``);
  with several workers, the sum over them. With Redis, what clients hold there is in its
  ``arbiter:usage:*`` keys (:mod:`arbiter.api.redis_quotas`);
* ``arbiter_long_task_refusals_total{client,code}`` -- long tasks (replays, hints) refused a place
  in their worker's queue: ``quota_exceeded`` (the client's part is full) or ``busy``;
* ``arbiter_held_requests_total{client}`` -- requests held back because their client had used
  more than its share of a worker's time while others asked (:mod:`arbiter.api.fair_share`);
* ``arbiter_streams_open`` -- event streams of sealed games open now (:mod:`arbiter.api.live`);
  ``arbiter_streams_dropped_total{why}`` -- streams the service ended: ``slow`` (a reader that
  left a write waiting a heartbeat's time), ``stopping`` (the worker was told to stop).

Each app gets its own registry (tests build many apps). With several worker processes
(``PROMETHEUS_MULTIPROC_DIR`` set) ``/metrics`` aggregates every worker's files.
"""

from __future__ import annotations

import os
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)

from arbiter.api.clients import label_of

# The ``*_created`` series would only double the output.
disable_created_metrics()  # type: ignore[no-untyped-call]

BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    """The service's metrics in one registry."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "arbiter_requests_total",
            "HTTP requests by route template, method and status.",
            ["route", "method", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "arbiter_request_duration_seconds",
            "HTTP request latency by route template and method.",
            ["route", "method"],
            buckets=BUCKETS,
            registry=self.registry,
        )
        self.moves_applied = Counter(
            "arbiter_moves_applied_total",
            "Moves applied, by game.",
            ["game"],
            registry=self.registry,
        )
        self.moves_rejected = Counter(
            "arbiter_moves_rejected_total",
            "Moves refused, by game and rule code.",
            ["game", "code"],
            registry=self.registry,
        )
        self.positions_refused = Counter(
            "arbiter_positions_refused_total",
            "Positions refused by their game, by game and code.",
            ["game", "code"],
            registry=self.registry,
        )
        self.hint_playouts = Counter(
            "arbiter_hint_playouts_total",
            "Playouts run by hints, by game.",
            ["game"],
            registry=self.registry,
        )
        self.hint_seconds = Counter(
            "arbiter_hint_seconds_total",
            "Seconds spent thinking on hints, by game.",
            ["game"],
            registry=self.registry,
        )
        self._children: dict[tuple[str, str, int], tuple[Counter, Histogram]] = {}
        self._applied: dict[str, Counter] = {}
        self.cache_errors = Counter(
            "arbiter_cache_errors_total",
            "Calls to the shared state cache that failed.",
            registry=self.registry,
        )
        self.rollbacks = Counter(
            "arbiter_rollbacks_total",
            "Handles of a sealed game's step its store no longer holds (the store went back).",
            registry=self.registry,
        )
        self.merged_moves = Counter(
            "arbiter_merged_moves_total",
            "Sealed moves made on an earlier step, applied to the current one (they commuted).",
            ["game"],
            registry=self.registry,
        )
        self.store_refusals = Counter(
            "arbiter_store_refusals_total",
            "New entries the in-process store did not admit, by client, store and reason.",
            ["client", "store", "code"],
            registry=self.registry,
        )

        self.rate_limited = Counter(
            "arbiter_rate_limited_total",
            "Requests refused by their client's rate limit, by client and limit.",
            ["client", "limit"],
            registry=self.registry,
        )
        self.long_task_refusals = Counter(
            "arbiter_long_task_refusals_total",
            "Long tasks refused a place in their worker's queue, by client and code.",
            ["client", "code"],
            registry=self.registry,
        )
        self.held_requests = Counter(
            "arbiter_held_requests_total",
            "Requests held back while their client was past its share of a worker's time.",
            ["client"],
            registry=self.registry,
        )
        self.streams_open = Gauge(
            "arbiter_streams_open",
            "Event streams of sealed games open now.",
            registry=self.registry,
            multiprocess_mode="livesum",
        )
        self.streams_dropped = Counter(
            "arbiter_streams_dropped_total",
            "Event streams the service ended, by why (slow reader, stopping).",
            ["why"],
            registry=self.registry,
        )

        self.client_bytes = Gauge(
            "arbiter_client_bytes",
            "Bytes each client holds in the in-process stores, by client and store.",
            ["client", "store"],
            registry=self.registry,
            multiprocess_mode="livesum",
        )
        self._held: dict[tuple[str, str], int] = {}
        #: each (client, store)'s gauge, labelled once (``labels`` locks and hashes every call)
        self._gauges: dict[tuple[str, str], Any] = {}

    def usage(self, store: str, client: str, delta: int) -> None:
        """A client (:attr:`~arbiter.api.clients.Client.id`) holds ``delta`` bytes more of
        ``store``: its gauge follows (every address counts as ``anonymous``)."""
        key = (label_of(client), store)
        held = self._held[key] = self._held.get(key, 0) + delta
        gauge = self._gauges.get(key)
        if gauge is None:
            gauge = self._gauges[key] = self.client_bytes.labels(*key)
        gauge.set(held)

    def observe(self, route: str, method: str, status: int, seconds: float) -> None:
        key = (route, method, status)
        children = self._children.get(key)
        if children is None:
            children = self._children[key] = (
                self.requests.labels(route, method, str(status)),
                self.latency.labels(route, method),
            )
        children[0].inc()
        children[1].observe(seconds)

    def applied(self, game: str) -> None:
        child = self._applied.get(game)
        if child is None:
            child = self._applied[game] = self.moves_applied.labels(game)
        child.inc()

    def hint(self, game: str, playouts: int, seconds: float) -> None:
        self.hint_playouts.labels(game).inc(playouts)
        self.hint_seconds.labels(game).inc(seconds)

    def render(self) -> bytes:
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            from prometheus_client import multiprocess

            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
            return generate_latest(registry)
        return generate_latest(self.registry)
