"""The service's settings, read once from environment variables.

* ``ARBITER_ENV`` -- ``production`` (default), ``staging``, ``development`` or ``test``. Outside
  ``development`` and ``test`` a state key is required and the service refuses to start without it.
* ``ARBITER_STATE_KEY`` -- the secret that seals state tokens (AES-256-GCM) and keys state ids
  (HMAC-SHA256): any string of at least 16 characters, for example the output of
  ``python3 -c 'import secrets; print(secrets.token_urlsafe(32))'``. Several keys separated by
  commas rotate them: the first seals new tokens, every one of them opens old tokens. Without a key
  (development and test only) each process draws a random one and logs a loud warning: tokens and
  state ids then do not survive a restart (``arbiter serve --workers N`` shares one random key
  between its workers).
* ``ARBITER_REDIS_URL`` -- the Redis URL (``redis://host:6379/0``) of the shared state cache. Without
  it the cache is an in-process LRU, one per worker process.
* ``ARBITER_CACHE_TTL`` -- seconds a cached state (a ``state_id``) lives; default 86400 (24 h).
* ``ARBITER_CACHE_SIZE`` -- entries of the in-process LRU cache; default 10000.
* ``ARBITER_MEMO_SIZE`` -- states each process remembers it made or checked (their JSON, legal
  moves and the answers to moves applied to them; see :mod:`arbiter.api.memo`); default 4096.
* ``ARBITER_CACHE_RETRY`` -- seconds to wait after a Redis failure before trying Redis again;
  default 1.0. Meanwhile ``state_id`` requests get ``503 cache_unavailable`` and responses carry
  ``"state_id": null``; open and token requests are served as usual.
* ``ARBITER_REDIS_TIMEOUT`` -- seconds allowed for one Redis command, connecting included;
  default 0.5.
* ``ARBITER_MAX_BODY`` -- the largest request body in bytes; default 1048576 (1 MiB). Larger bodies
  get ``413 body_too_large``.
* ``ARBITER_LOG_LEVEL`` -- ``debug``, ``info`` (default), ``warning``, ``error`` or ``critical``.
  Logs are JSON lines on stderr, each with the request id; they never contain states or moves.
* ``PROMETHEUS_MULTIPROC_DIR`` -- the directory of Prometheus' multi-process files; ``arbiter serve
  --workers N`` with N > 1 creates a fresh one when it is not set.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

DEVELOPMENT_ENVS = frozenset({"development", "test"})
KNOWN_ENVS = frozenset({"production", "staging"}) | DEVELOPMENT_ENVS
LOG_LEVELS = frozenset({"debug", "info", "warning", "error", "critical"})
MIN_KEY_LENGTH = 16


class SettingsError(ValueError):
    """An environment variable is missing or malformed."""


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Everything the service reads from its environment (see the module docstring)."""

    env: str = "production"
    state_keys: tuple[str, ...] = ()
    redis_url: str | None = None
    cache_ttl: int = 86_400
    cache_size: int = 10_000
    memo_size: int = 4096
    cache_retry: float = 1.0
    redis_timeout: float = 0.5
    max_body: int = 1_048_576
    log_level: str = "info"

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
            if len(key) < MIN_KEY_LENGTH:
                raise SettingsError(
                    f"every ARBITER_STATE_KEY must have at least {MIN_KEY_LENGTH} characters"
                )
        if self.log_level not in LOG_LEVELS:
            raise SettingsError(f"ARBITER_LOG_LEVEL must be one of {', '.join(sorted(LOG_LEVELS))}")
        for name in ("cache_ttl", "cache_size", "memo_size", "max_body"):
            if getattr(self, name) < 1:
                raise SettingsError(f"ARBITER_{name.upper()} must be a positive integer")
        if self.cache_retry < 0 or self.redis_timeout <= 0:
            raise SettingsError("ARBITER_CACHE_RETRY must be >= 0 and ARBITER_REDIS_TIMEOUT > 0")

    @property
    def is_development(self) -> bool:
        return self.env in DEVELOPMENT_ENVS

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

        def seconds(name: str, default: float) -> float:
            raw = get(name)
            if raw is None:
                return default
            try:
                return float(raw)
            except ValueError:
                raise SettingsError(f"{name} must be a number of seconds, not {raw!r}") from None

        keys = tuple(k.strip() for k in (get("ARBITER_STATE_KEY") or "").split(",") if k.strip())
        return cls(
            env=(get("ARBITER_ENV") or "production").lower(),
            state_keys=keys,
            redis_url=get("ARBITER_REDIS_URL"),
            cache_ttl=number("ARBITER_CACHE_TTL", 86_400),
            cache_size=number("ARBITER_CACHE_SIZE", 10_000),
            memo_size=number("ARBITER_MEMO_SIZE", 4096),
            cache_retry=seconds("ARBITER_CACHE_RETRY", 1.0),
            redis_timeout=seconds("ARBITER_REDIS_TIMEOUT", 0.5),
            max_body=number("ARBITER_MAX_BODY", 1_048_576),
            log_level=(get("ARBITER_LOG_LEVEL") or "info").lower(),
        )
