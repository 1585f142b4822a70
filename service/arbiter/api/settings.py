"""The service's settings, read once from environment variables.

Secrets and storage:

* ``ARBITER_ENV`` -- ``production`` (default), ``staging``, ``development`` or ``test``. Outside
  ``development`` and ``test`` a state key is required and the service refuses to start without it;
  GraphiQL and introspection are off there unless switched on.
* ``ARBITER_STATE_KEY`` -- the secret that seals handles (AES-256-GCM) and keys state ids
  (keyed BLAKE2b): at least 256 bits, written as hex (64 digits or more) or base64/base64url (43
  characters or more), for example ``python3 -c 'import secrets; print(secrets.token_hex(32))'``.
  Anything shorter or in another form is refused. Several keys separated by commas rotate them:
  the first seals new handles, every one of them opens old ones. Without a key (development and
  test only) each process draws a random one and logs a loud warning.
* ``ARBITER_REDIS_URL`` -- the Redis URL (``redis://host:6379/0``) of the shared store: states
  named by ``state_id``, sealed games (tables) and content packs. Without it the store is in
  process memory, one per worker, and ``arbiter serve --workers N`` with N > 1 refuses to start.
* ``ARBITER_REDIS_CLUSTER`` -- ``true``: ``ARBITER_REDIS_URL`` names any node of a Redis Cluster
  (:class:`~arbiter.api.cache.RedisCache` in cluster mode); default false.
* ``ARBITER_CACHE_TTL`` -- seconds a cached state (a ``state_id``) lives, and a sealed game after
  its last use; default 86400 (24 h).
* ``ARBITER_IDEMPOTENCY_TTL`` -- seconds the answer to a request with an ``Idempotency-Key`` is
  kept for its retries (:mod:`arbiter.api.idempotency`); default 86400 (24 h).
* ``ARBITER_CACHE_BYTES`` -- bytes of open states the in-process store keeps (each counted as its
  JSON and the moves that reached it; the process holds about three times that); default
  67108864 (64 MiB). (``ARBITER_CACHE_SIZE``, a count of states, is retired: setting it is
  refused.)
* ``ARBITER_TABLE_BYTES`` -- bytes of sealed games the in-process store keeps (states, undo
  history, move log), apart from open states: open-state traffic never evicts a game; default
  67108864 (64 MiB).
* ``ARBITER_CLIENT_SHARE`` -- the fraction of each in-process store one client
  (:mod:`arbiter.api.clients`) may hold; default 0.25. A client at its share of open states loses
  its own least recently used ones; a new sealed game past its share is refused to it alone
  (``429 quota_exceeded`` with ``Retry-After``).
* ``ARBITER_CACHE_MIN_AGE`` -- seconds an entry of the in-process store is protected from
  eviction by newer ones of other clients; default 300. When a store is full of protected
  entries a new state is not admitted (its answer carries ``"state_id": null``; a new sealed game
  is refused with 503) instead of evicting another client's recent state.
* ``ARBITER_MEMO_BYTES`` -- bytes of states each process remembers it made or checked (each
  counted as four times its JSON, :mod:`arbiter.api.memo`); default 67108864 (64 MiB).
  (``ARBITER_MEMO_SIZE``, a count of states, is retired: setting it is refused.)
* ``ARBITER_CONTENT_BYTES`` -- bytes of registered content packs each process keeps, every game's
  together, each counted as four times its JSON (:mod:`arbiter.api.kept_packs`: a client holds
  at most ``ARBITER_CLIENT_SHARE`` of it, losing its own least recently used packs first; the
  default packs are always kept; a pack dropped is reloaded from Redis when it is configured);
  default 67108864 (64 MiB). (``ARBITER_CONTENT_LIMIT``, a count of packs, is retired: setting
  it is refused.)
* ``ARBITER_CONTENT_TTL`` -- seconds a registered pack lives in Redis after its last use;
  default 2592000 (30 days).
* ``ARBITER_CACHE_RETRY`` -- seconds Redis rests after a failure before it is tried again (by a
  background probe; requests meanwhile skip it at no cost); default 1.0.
* ``ARBITER_REDIS_TIMEOUT`` -- seconds allowed for one Redis command, connecting included;
  default 0.25.
* ``ARBITER_REDIS_DURABILITY`` -- what makes a step of a sealed game durable before the service
  answers it: ``none`` (default: as durable as Redis' own settings make it), ``aof`` (Redis must
  run ``appendonly yes`` and ``appendfsync always``, so every write is on disk before Redis
  answers it; checked at start and by every readiness probe, which fails otherwise), or
  ``replicas:N`` (each step waits for N replicas to acknowledge it, within the timeout, or is
  answered 503; a single Redis with replicas only).

Clients (:mod:`arbiter.api.clients`):

* ``ARBITER_API_KEYS`` -- the path of a JSON file of API keys, each stored as its SHA-256 with the
  name of the client it stands for (``{"keys": [{"name": "acme", "sha256": "<64 hex digits>"}]}``,
  ``"revoked": true`` to refuse a key). A client sends ``Authorization: Bearer <key>``; an
  unknown or revoked key is refused with 401. With keys, a request to the API outside development
  needs one (health, metrics and the documentation stay open). Without this setting, and in
  development for a request without a key, a client is its remote address. A file that cannot be
  read or is malformed stops the service from starting.
* ``ARBITER_TRUSTED_PROXIES`` -- comma-separated addresses or networks of reverse proxies in
  front of the service (``10.0.0.0/8,192.168.1.7``). A request whose connection comes from one is
  counted as the address its ``X-Forwarded-For`` names (the right-most one that is not a trusted
  proxy); the header is ignored from anywhere else. Default: none.

Rate limits per client (:mod:`arbiter.api.rates`), in the notation ``50/second`` or
``50/second;2000/minute``; off unless set, so one client driving a worker at full speed is never
limited by default. A key of the key file may carry its own (``"rate"``, ``"heavy_rate"``):

* ``ARBITER_RATE_LIMIT`` -- requests to the API (``/v1/...``, ``/graphql``) per client.
* ``ARBITER_HEAVY_RATE_LIMIT`` -- hints, replays, content registrations and large GraphQL
  documents per client, over REST and GraphQL alike.
* ``ARBITER_FAIR_SHARE_HOLD`` -- the longest a request of a client past its share of a worker's
  time waits while other clients ask (:mod:`arbiter.api.fair_share`), in seconds; default 0.05,
  ``0`` turns fair shares off. A client alone is never held.

Bounds on work:

* ``ARBITER_MAX_BODY`` -- the largest request body in bytes; default 1048576 (1 MiB). Larger bodies
  get ``413 body_too_large``.
* ``ARBITER_MAX_REPLAY`` -- the most moves one ``replay`` may play, and so the longest history kept
  for a game's record; default 10000.
* ``ARBITER_HINT_SECONDS`` -- the longest a hint (``POST .../hints``) thinks, in seconds; default 2.
  A request asking for longer gets this much. Hints run in slices, taking turns with other
  clients' long tasks, so other requests are served meanwhile.
* ``ARBITER_HINT_PLAYOUTS`` -- the most playouts one hint runs; default 20000.
* ``ARBITER_GRAPHIQL`` / ``ARBITER_GRAPHQL_INTROSPECTION`` -- ``true`` or ``false``; default true in
  development and test, false otherwise.
* ``ARBITER_GRAPHQL_MAX_DEPTH`` (default 10), ``ARBITER_GRAPHQL_MAX_ALIASES`` (default 10),
  ``ARBITER_GRAPHQL_MAX_TOKENS`` (default 2000) -- limits on one GraphQL document.
* ``ARBITER_GRAPHQL_DOCUMENT_BYTES`` -- bytes of GraphQL documents each process keeps parsed
  (each counted as its text and its tokens' tree, :mod:`arbiter.api.graphql_documents`); default
  16777216 (16 MiB).
* ``ARBITER_HEADER_TIMEOUT`` -- seconds a client may take to send a request's head; default 10.
  They count from the connection's opening (or the head's first byte on a kept-alive connection)
  and are not extended by more bytes; the same bound applies to each pause while a request's body
  arrives. Enforced by :mod:`arbiter.api.server`.
* ``ARBITER_SHUTDOWN_GRACE`` -- seconds the requests still running when a worker is told to stop
  (SIGTERM) get to finish; those still running then are answered ``503 shutting_down`` with
  ``Retry-After``. Keep it below the orchestrator's own grace (Kubernetes: 30 s); default 20.
* ``ARBITER_IDLE_TIMEOUT`` -- seconds an idle keep-alive connection stays open; default 5. Behind a
  proxy that pools connections, make it longer than the proxy's own idle timeout.
* ``ARBITER_MAX_CONNECTIONS`` -- the most connections one worker holds (open event streams
  included); default 1000, at most half the process's soft open-file limit
  (:mod:`arbiter.api.server`).

Live tables (the event streams of sealed games, :mod:`arbiter.api.live`):

* ``ARBITER_MAX_STREAMS`` -- the most event streams one worker holds open; default 800, so that
  streams leave connections for requests. More: ``503 streams_full``.
* ``ARBITER_CLIENT_STREAMS`` -- the most event streams one client holds open in one worker;
  default 32. More: ``429 too_many_streams``.
* ``ARBITER_STREAM_HEARTBEAT`` -- seconds between two heartbeats of an idle stream (a comment line
  that keeps proxies from closing it); also how long one write to a stream may wait for a slow
  reader before the stream is dropped; default 15.

Operations:

* ``ARBITER_LOG_LEVEL`` -- ``debug``, ``info`` (default), ``warning``, ``error`` or ``critical``.
  Logs are JSON lines on stderr, each with the request id; they never contain states or moves.
* ``PROMETHEUS_MULTIPROC_DIR`` -- the directory of Prometheus' multi-process files; ``arbiter serve
  --workers N`` with N > 1 creates a fresh one when it is not set.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from arbiter.api.clients import Key, Network, load_keys, parse_limit, parse_networks

DEVELOPMENT_ENVS = frozenset({"development", "test"})
KNOWN_ENVS = frozenset({"production", "staging"}) | DEVELOPMENT_ENVS
LOG_LEVELS = frozenset({"debug", "info", "warning", "error", "critical"})
MIN_KEY_BYTES = 32
_HEX = re.compile(r"^[0-9a-fA-F]+$")
_DURABILITY = re.compile(r"^(none|aof|replicas:[1-9])$")
_BASE64 = re.compile(r"^[A-Za-z0-9+/_-]+={0,2}$")


class SettingsError(ValueError):
    """An environment variable is missing or malformed."""


def key_bytes(text: str) -> bytes:
    """The secret a state key writes: hex, or base64/base64url; at least 256 bits.

    Raises :class:`SettingsError` for anything else (a passphrase, a short key).
    """
    raw: bytes | None = None
    if _HEX.match(text):  # hex digits only: read as hex, never as base64 (a typo stays a typo)
        if len(text) % 2:
            raise SettingsError("an ARBITER_STATE_KEY in hex needs an even number of digits")
        raw = bytes.fromhex(text)
    elif _BASE64.match(text):
        normal = text.replace("-", "+").replace("_", "/").rstrip("=")
        try:
            raw = base64.b64decode(normal + "=" * (-len(normal) % 4), validate=True)
        except (binascii.Error, ValueError):
            raw = None
    if raw is None:
        raise SettingsError(
            "every ARBITER_STATE_KEY must be hex or base64 (generate one with "
            "`python3 -c 'import secrets; print(secrets.token_hex(32))'`)"
        )
    if len(raw) < MIN_KEY_BYTES:
        raise SettingsError(
            f"every ARBITER_STATE_KEY must carry at least {MIN_KEY_BYTES * 8} bits "
            f"(this one has {len(raw) * 8})"
        )
    return raw


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Everything the service reads from its environment (see the module docstring)."""

    env: str = "production"
    state_keys: tuple[str, ...] = ()
    redis_url: str | None = None
    redis_cluster: bool = False
    cache_ttl: int = 86_400
    cache_bytes: int = 64 * 1024 * 1024
    table_bytes: int = 64 * 1024 * 1024
    client_share: float = 0.25
    cache_min_age: float = 300.0
    memo_bytes: int = 64 * 1024 * 1024
    content_bytes: int = 64 * 1024 * 1024
    content_ttl: int = 2_592_000
    cache_retry: float = 1.0
    redis_timeout: float = 0.25
    redis_durability: str = "none"
    max_body: int = 1_048_576
    max_replay: int = 10_000
    hint_seconds: float = 2.0
    hint_playouts: int = 20_000
    graphiql: bool | None = None
    graphql_introspection: bool | None = None
    graphql_max_depth: int = 10
    graphql_max_aliases: int = 10
    graphql_max_tokens: int = 2000
    graphql_document_bytes: int = 16 * 1024 * 1024
    header_timeout: float = 10.0
    shutdown_grace: float = 20.0
    idempotency_ttl: int = 86_400
    idle_timeout: float = 5.0
    log_level: str = "info"
    api_keys: str | None = None
    trusted_proxies: tuple[str, ...] = ()
    rate_limit: str | None = None
    heavy_rate_limit: str | None = None
    fair_share_hold: float = 0.05
    max_connections: int = 1000
    max_streams: int = 800
    client_streams: int = 32
    stream_heartbeat: float = 15.0
    #: the key file's keys by digest (``None``: no keys) and the trusted proxies' networks, read
    #: once when the settings are made
    keys: dict[str, Key] | None = field(init=False, repr=False, compare=False, default=None)
    networks: tuple[Network, ...] = field(init=False, repr=False, compare=False, default=())

    def __post_init__(self) -> None:
        if self.env not in KNOWN_ENVS:
            raise SettingsError(
                f"ARBITER_ENV must be one of {', '.join(sorted(KNOWN_ENVS))}, not {self.env!r}"
            )
        if not self.state_keys and not self.is_development:
            raise SettingsError(
                "ARBITER_STATE_KEY is required when ARBITER_ENV is not development or test"
            )
        for key in self.state_keys:
            key_bytes(key)
        if self.log_level not in LOG_LEVELS:
            raise SettingsError(f"ARBITER_LOG_LEVEL must be one of {', '.join(sorted(LOG_LEVELS))}")
        for name in (
            "cache_ttl",
            "idempotency_ttl",
            "cache_bytes",
            "table_bytes",
            "memo_bytes",
            "content_bytes",
            "content_ttl",
            "max_body",
            "max_replay",
            "hint_playouts",
            "graphql_max_depth",
            "graphql_max_aliases",
            "graphql_max_tokens",
            "graphql_document_bytes",
            "max_connections",
            "max_streams",
            "client_streams",
        ):
            if getattr(self, name) < 1:
                raise SettingsError(f"ARBITER_{name.upper()} must be a positive integer")
        if self.redis_cluster and not self.redis_url:
            raise SettingsError("ARBITER_REDIS_CLUSTER needs ARBITER_REDIS_URL (any node of it)")
        if not _DURABILITY.match(self.redis_durability):
            raise SettingsError(
                "ARBITER_REDIS_DURABILITY must be none, aof or replicas:N (N from 1 to 9), not "
                f"{self.redis_durability!r}"
            )
        if self.redis_durability.startswith("replicas:") and self.redis_cluster:
            raise SettingsError(
                "ARBITER_REDIS_DURABILITY=replicas:N is not supported with a Redis Cluster yet: "
                "use aof (each master with appendfsync always)"
            )
        if not 0 < self.client_share <= 1:
            raise SettingsError("ARBITER_CLIENT_SHARE must be a fraction above 0, at most 1")
        if not 0 <= self.fair_share_hold <= 10:
            raise SettingsError("ARBITER_FAIR_SHARE_HOLD must be 0 (off) to 10 seconds")
        if self.cache_retry < 0 or self.cache_min_age < 0:
            raise SettingsError("ARBITER_CACHE_RETRY and ARBITER_CACHE_MIN_AGE must be >= 0")
        for name in (
            "redis_timeout",
            "header_timeout",
            "idle_timeout",
            "hint_seconds",
            "shutdown_grace",
            "stream_heartbeat",
        ):
            if getattr(self, name) <= 0:
                raise SettingsError(f"ARBITER_{name.upper()} must be a positive number of seconds")
        try:
            object.__setattr__(self, "networks", parse_networks(",".join(self.trusted_proxies)))
            if self.api_keys is not None:
                object.__setattr__(self, "keys", load_keys(self.api_keys))
            if self.rate_limit is not None:
                parse_limit(self.rate_limit, "ARBITER_RATE_LIMIT")
            if self.heavy_rate_limit is not None:
                parse_limit(self.heavy_rate_limit, "ARBITER_HEAVY_RATE_LIMIT")
        except ValueError as error:
            raise SettingsError(str(error)) from None

    @property
    def is_development(self) -> bool:
        return self.env in DEVELOPMENT_ENVS

    @property
    def graphiql_enabled(self) -> bool:
        return self.is_development if self.graphiql is None else self.graphiql

    @property
    def introspection_enabled(self) -> bool:
        if self.graphql_introspection is None:
            return self.is_development
        return self.graphql_introspection

    @property
    def secrets(self) -> tuple[bytes, ...]:
        """The state keys as bytes, the sealing key first."""
        return tuple(key_bytes(k) for k in self.state_keys)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Read the settings from ``environ`` (``os.environ`` by default)."""
        env = os.environ if environ is None else environ

        def get(name: str) -> str | None:
            value = env.get(name, "").strip()
            return value or None

        def number(name: str, default: int) -> int:
            raw = get(name)
            if raw is None:
                return default
            try:
                return int(raw)
            except ValueError:
                raise SettingsError(f"{name} must be an integer, not {raw!r}") from None

        def seconds(name: str, default: float, what: str = "a number of seconds") -> float:
            raw = get(name)
            if raw is None:
                return default
            try:
                return float(raw)
            except ValueError:
                raise SettingsError(f"{name} must be {what}, not {raw!r}") from None

        def flag(name: str) -> bool | None:
            raw = get(name)
            if raw is None:
                return None
            if raw.lower() in {"1", "true", "yes", "on"}:
                return True
            if raw.lower() in {"0", "false", "no", "off"}:
                return False
            raise SettingsError(f"{name} must be true or false, not {raw!r}")

        if get("ARBITER_CACHE_SIZE") is not None:
            raise SettingsError(
                "ARBITER_CACHE_SIZE (a count of states) is retired: the in-process store is "
                "bounded in bytes, ARBITER_CACHE_BYTES and ARBITER_TABLE_BYTES"
            )
        if get("ARBITER_CONTENT_LIMIT") is not None:
            raise SettingsError(
                "ARBITER_CONTENT_LIMIT (a count of packs) is retired: the packs a process keeps "
                "are bounded in bytes, ARBITER_CONTENT_BYTES"
            )
        if get("ARBITER_MEMO_SIZE") is not None:
            raise SettingsError(
                "ARBITER_MEMO_SIZE (a count of states) is retired: the memo is bounded in bytes, "
                "ARBITER_MEMO_BYTES"
            )
        keys = tuple(k.strip() for k in (get("ARBITER_STATE_KEY") or "").split(",") if k.strip())
        return cls(
            env=(get("ARBITER_ENV") or "production").lower(),
            state_keys=keys,
            redis_url=get("ARBITER_REDIS_URL"),
            redis_cluster=bool(flag("ARBITER_REDIS_CLUSTER")),
            cache_ttl=number("ARBITER_CACHE_TTL", 86_400),
            cache_bytes=number("ARBITER_CACHE_BYTES", 64 * 1024 * 1024),
            table_bytes=number("ARBITER_TABLE_BYTES", 64 * 1024 * 1024),
            client_share=seconds("ARBITER_CLIENT_SHARE", 0.25, "a fraction"),
            cache_min_age=seconds("ARBITER_CACHE_MIN_AGE", 300.0),
            memo_bytes=number("ARBITER_MEMO_BYTES", 64 * 1024 * 1024),
            content_bytes=number("ARBITER_CONTENT_BYTES", 64 * 1024 * 1024),
            content_ttl=number("ARBITER_CONTENT_TTL", 2_592_000),
            cache_retry=seconds("ARBITER_CACHE_RETRY", 1.0),
            redis_timeout=seconds("ARBITER_REDIS_TIMEOUT", 0.25),
            redis_durability=(get("ARBITER_REDIS_DURABILITY") or "none").lower(),
            max_body=number("ARBITER_MAX_BODY", 1_048_576),
            max_replay=number("ARBITER_MAX_REPLAY", 10_000),
            hint_seconds=seconds("ARBITER_HINT_SECONDS", 2.0),
            hint_playouts=number("ARBITER_HINT_PLAYOUTS", 20_000),
            graphiql=flag("ARBITER_GRAPHIQL"),
            graphql_introspection=flag("ARBITER_GRAPHQL_INTROSPECTION"),
            graphql_max_depth=number("ARBITER_GRAPHQL_MAX_DEPTH", 10),
            graphql_max_aliases=number("ARBITER_GRAPHQL_MAX_ALIASES", 10),
            graphql_max_tokens=number("ARBITER_GRAPHQL_MAX_TOKENS", 2000),
            graphql_document_bytes=number("ARBITER_GRAPHQL_DOCUMENT_BYTES", 16 * 1024 * 1024),
            header_timeout=seconds("ARBITER_HEADER_TIMEOUT", 10.0),
            shutdown_grace=seconds("ARBITER_SHUTDOWN_GRACE", 20.0),
            idempotency_ttl=number("ARBITER_IDEMPOTENCY_TTL", 86_400),
            idle_timeout=seconds("ARBITER_IDLE_TIMEOUT", 5.0),
            log_level=(get("ARBITER_LOG_LEVEL") or "info").lower(),
            api_keys=get("ARBITER_API_KEYS"),
            trusted_proxies=tuple(
                p.strip() for p in (get("ARBITER_TRUSTED_PROXIES") or "").split(",") if p.strip()
            ),
            rate_limit=get("ARBITER_RATE_LIMIT"),
            fair_share_hold=seconds("ARBITER_FAIR_SHARE_HOLD", 0.05),
            heavy_rate_limit=get("ARBITER_HEAVY_RATE_LIMIT"),
            max_connections=number("ARBITER_MAX_CONNECTIONS", 1000),
            max_streams=number("ARBITER_MAX_STREAMS", 800),
            client_streams=number("ARBITER_CLIENT_STREAMS", 32),
            stream_heartbeat=seconds("ARBITER_STREAM_HEARTBEAT", 15.0),
        )
