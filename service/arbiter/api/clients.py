"""Who is asking: the client each request is counted against.

Arbiter is one service for many third-party clients; what one client may use (quotas, rate
limits) and what ``/metrics`` shows of it is kept per client. A client is:

* **a key's name** -- with ``ARBITER_API_KEYS`` naming a file of keys, a client sends
  ``Authorization: Bearer <key>``. The file holds each key's SHA-256, never the key itself, with
  the name the key stands for (:class:`KeyFile`)::

      {"keys": [{"name": "acme-backend", "sha256": "9f86d0...", "revoked": false},
                {"name": "audit", "sha256": "60303a...", "rate": "unlimited"}]}

  Make a key with ``python3 -c 'import secrets; print(secrets.token_urlsafe(32))'`` and its
  digest with ``printf %s "$KEY" | sha256sum``. The API (``/v1/...``, ``/graphql``) reads the
  key: one the file does not hold, or holds as revoked, is refused with ``401`` (``key_unknown``,
  ``key_revoked``); outside development a request to the API without a key is refused too
  (``401 key_required``). The rest -- health, readiness, metrics, the documentation -- is open to
  all and reads no key (probes and scrapers hold none). In development a request without a key
  is its address, as below.
* **an address** -- without a key: the remote address of the connection. Behind a reverse proxy
  every connection comes from the proxy, so ``ARBITER_TRUSTED_PROXIES`` names the proxies'
  addresses or networks (``10.0.0.0/8,192.168.1.7``): a request whose connection comes from one
  of them is the right-most address of ``X-Forwarded-For`` that is not itself a trusted proxy
  (what the first proxy saw; anything left of it the client may have written). The header of a
  connection from anywhere else is ignored: a client cannot choose who it is counted as.

A request's client is :data:`current` while it is served (:class:`~arbiter.api.identify.Identify`,
pure ASGI middleware after the path guard).
"""

from __future__ import annotations

import contextvars
import hashlib
import ipaddress
import re
from pathlib import Path
from typing import Final, Literal

import msgspec
from limits import RateLimitItem, parse_many

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

#: The API's paths: where a key is read (:mod:`.identify`), requests are counted against their
#: client's rate limit (:mod:`.rates`) and held to its fair share (:mod:`.fair_share`). The rest --
#: probes, metrics, documentation -- is open to all and free.
API_PREFIXES: Final = ("/v1/", "/graphql")


def is_stream(path: str) -> bool:
    """Whether ``path`` is a sealed game's event stream (:mod:`arbiter.api.streams`): it waits
    rather than computes, so it is outside a client's fair share of a worker's time (streams
    have bounds of their own, :mod:`arbiter.api.live`)."""
    return path.endswith("/events") and "/tables/" in path


_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_NAME = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


class KeyFileError(ValueError):
    """The key file is missing or malformed."""


class Key(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One key of the key file: the client's ``name`` (letters, digits, ``.``, ``_``, ``-``; up
    to 64 -- it labels metrics), the SHA-256 of the key in lowercase hex, and whether it is
    revoked; ``rate`` and ``heavy_rate``, when given, replace the service's rate limits for this
    client (:mod:`arbiter.api.rates`; ``"unlimited"``: none)."""

    name: str
    sha256: str
    revoked: bool = False
    rate: str | None = None
    heavy_rate: str | None = None


class KeyFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The file ``ARBITER_API_KEYS`` names."""

    keys: tuple[Key, ...]


class Client(msgspec.Struct, frozen=True):
    """Who a request is counted against: a key's name, or an address."""

    kind: Literal["key", "address"]
    name: str

    @property
    def id(self) -> str:
        """What the stores count it as: ``key:<name>`` or ``address:<address>``."""
        return f"{self.kind}:{self.name}"

    @property
    def label(self) -> str:
        """What metrics call it: :func:`label_of` its id."""
        return label_of(self.id)


def label_of(client_id: str) -> str:
    """What metrics call the client of :attr:`Client.id` ``client_id``: a key's name; every
    address is ``anonymous`` (addresses are unbounded, a label's values must not be)."""
    return client_id[4:] if client_id.startswith("key:") else "anonymous"


#: The client of the request being served (``None`` outside a request).
current: contextvars.ContextVar[Client | None] = contextvars.ContextVar(
    "arbiter_client", default=None
)


def current_id() -> str:
    """The :attr:`Client.id` of the request being served; ``""`` outside a request (the service's
    own work, tests that call the store directly)."""
    client = current.get()
    return "" if client is None else client.id


def current_label() -> str:
    """The :attr:`Client.label` of the request being served (``anonymous`` outside one)."""
    client = current.get()
    return "anonymous" if client is None else client.label


def key_digest(key: str) -> str:
    """The SHA-256 of a key, as the key file holds it."""
    return hashlib.sha256(key.encode()).hexdigest()


def load_keys(path: str) -> dict[str, Key]:
    """The keys of the file at ``path`` by digest; :class:`KeyFileError` when it cannot be read,
    is not a key file, names a client twice or holds a digest twice."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise KeyFileError(f"ARBITER_API_KEYS: cannot read {path}: {error.strerror}") from None
    try:
        keys = msgspec.json.decode(data, type=KeyFile).keys
    except msgspec.ValidationError as error:
        raise KeyFileError(f"ARBITER_API_KEYS: {path} is not a key file: {error}") from None
    except msgspec.DecodeError:
        raise KeyFileError(f"ARBITER_API_KEYS: {path} is not JSON") from None
    found: dict[str, Key] = {}
    names: set[str] = set()
    for key in keys:
        if not _NAME.match(key.name):
            raise KeyFileError(f"ARBITER_API_KEYS: {key.name!r} is not a client name")
        if not _SHA256.match(key.sha256):
            raise KeyFileError(f"ARBITER_API_KEYS: the sha256 of {key.name} is not 64 hex digits")
        try:
            for limit in (key.rate, key.heavy_rate):
                if limit is not None:
                    parse_limit(limit, f"ARBITER_API_KEYS: a limit of {key.name}")
        except ValueError as error:
            raise KeyFileError(str(error)) from None
        if key.name in names or key.sha256 in found:
            raise KeyFileError(f"ARBITER_API_KEYS: {key.name} or its key is listed twice")
        names.add(key.name)
        found[key.sha256] = key
    return found


#: What a key's limit says for "no limit for this key".
UNLIMITED = "unlimited"


def parse_limit(text: str, setting: str) -> tuple[RateLimitItem, ...]:
    """The windows of a rate limit in the notation of the `limits` library (``50/second``,
    ``50/second;2000/minute``; ``unlimited``: none); ``ValueError`` naming ``setting``."""
    if text.strip().lower() == UNLIMITED:
        return ()
    try:
        items = tuple(parse_many(text))
    except ValueError:
        items = ()
    if not items or any(item.amount < 1 for item in items):
        raise ValueError(
            f"{setting}: {text!r} is not a rate limit (write it as `50/second` or "
            f"`50/second;2000/minute`)"
        )
    return items


def parse_networks(text: str) -> tuple[Network, ...]:
    """The networks of ``ARBITER_TRUSTED_PROXIES`` (comma-separated addresses or networks);
    ``ValueError`` for anything else."""
    networks = []
    for part in text.split(","):
        if part.strip():
            try:
                networks.append(ipaddress.ip_network(part.strip(), strict=False))
            except ValueError:
                raise ValueError(
                    f"ARBITER_TRUSTED_PROXIES: {part.strip()!r} is not an address or network"
                ) from None
    return tuple(networks)
