"""Handles of sealed games and ids of cached states: what a client may hold, and nothing more.

A sealed game lives in the store as a **table** (:mod:`arbiter.api.tables`): its current state,
its version, and the states a backend may return to with ``undo``. Clients never see the state;
they hold **handles**, each a small sealed :class:`Ticket` naming the game, the table, the version
it was issued at and the role of its holder -- the master (the backend that set the game up) or
one seat::

    handle = base64url( 0x02 | nonce (12 bytes) | AES-256-GCM(msgpack(ticket)) + tag )

A holder can neither read a handle (not even which table or seat it names) nor forge or alter one:
any change fails authentication (``invalid_state_token``). Handles carry no key id: opening tries
each configured key (at most a few), so a handle tells nothing about the key that sealed it.
Nonces are random, so one key should seal fewer than 2**32 handles; rotate keys
(``ARBITER_STATE_KEY=new,old``) well before that.

A **state id** names an open state kept in the cache. It is content-addressed and keyed::

    state_id = base64url( BLAKE2b-128(key = id key; game | resolve_chance | digest) )

where ``digest`` is the SHA-256 (first 160 bits) of the game id and the state's JSON (the digest
that keys :mod:`arbiter.api.memo`). The same state with the same treatment always gets the same
id, and nobody without the server key can guess the id of a state. BLAKE2b's keyed mode is a MAC
(a PRF) by design, as HMAC-SHA256 is; it is the stdlib's own code, where a one-shot HMAC goes
through OpenSSL 3's algorithm fetch on every call: 15 us of a ~300 us ``moves`` request by
``state_id`` with the caches as a request leaves them, against ~1 us.

Both keys are derived with HKDF-SHA256 from each ``ARBITER_STATE_KEY`` (256 bits or more).
"""

from __future__ import annotations

import base64
import binascii
import logging
import os
import secrets
from hashlib import blake2b

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from arbiter.api.history import Link
from arbiter.core.texts import Text, text

log = logging.getLogger("arbiter.sealing")

_VERSION = b"\x02"
_AAD = b"arbiter/handle/v2"
_NONCE = 12
_TAG = 16

#: The role of a master handle in :attr:`Ticket.seat`.
MASTER = -1
#: The role of a spectator's handle in :attr:`Ticket.seat`: it reads the public view and its
#: events (``current``, the table's stream) and never acts.
SPECTATOR = -2
#: The bytes of a state's digest a handle carries (:attr:`Ticket.head`).
HEAD_BYTES = 8


class Entry(msgspec.Struct, array_like=True, frozen=True):
    """A cached open state and its treatment, as kept in Redis.

    ``state`` holds the msgpack bytes of the game's state struct, ``digest`` its
    :meth:`arbiter.api.memo.KnownStates.key`, ``link`` how the service reached it
    (:mod:`arbiter.api.history`; absent in entries written before links were kept).
    """

    game: str
    resolve_chance: bool
    state: msgspec.Raw
    digest: bytes
    link: Link | None = None


class Ticket(msgspec.Struct, array_like=True, frozen=True):
    """What a handle of a sealed game says: whose it is and which step of which game.

    ``seat`` is the seat the handle sees and acts for, or :data:`MASTER`, or
    :data:`SPECTATOR`. ``head`` is the first
    :data:`HEAD_BYTES` bytes of the digest of the state at ``version``: a handle binds to that one
    state, so a store that went back and took another path to the same version is told from the
    game the handle was given for (empty in handles of earlier releases).
    """

    game: str
    table: bytes
    version: int
    seat: int
    head: bytes = b""

    @property
    def is_master(self) -> bool:
        return self.seat == MASTER

    @property
    def is_spectator(self) -> bool:
        return self.seat == SPECTATOR


_entry_encoder = msgspec.msgpack.Encoder()
_entry_decoder = msgspec.msgpack.Decoder(Entry)
_ticket_decoder = msgspec.msgpack.Decoder(Ticket)


def encode_entry(entry: Entry) -> bytes:
    return _entry_encoder.encode(entry)


def decode_entry(data: bytes) -> Entry:
    return _entry_decoder.decode(data)


class InvalidToken(Exception):
    """The handle is malformed, forged, tampered with, or sealed under a key we do not hold."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.message = message


def _derive(secret: bytes, purpose: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=b"arbiter", info=purpose).derive(secret)


def b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sealer:
    """Seals and opens handles, and names open states with keyed ids."""

    #: The longest handle this service makes is far shorter; longer input is refused unread.
    MAX_TOKEN = 512

    def __init__(self, keys: tuple[bytes, ...]) -> None:
        if not keys:
            raise ValueError("a sealer needs at least one key")
        self._ciphers = [AESGCM(_derive(key, b"handle")) for key in keys]
        self._cipher = self._ciphers[0]
        self._id_key = _derive(keys[0], b"state-id")

    @classmethod
    def development(cls) -> Sealer:
        """A sealer with a random per-process key (development and test only)."""
        log.warning(
            "ARBITER_STATE_KEY is not set: using a random per-process key. Handles and state ids "
            "will not survive a restart and are not shared between processes. Never run like "
            "this in production."
        )
        return cls((secrets.token_bytes(32),))

    def seal(self, ticket: Ticket) -> str:
        nonce = os.urandom(_NONCE)
        sealed = self._cipher.encrypt(nonce, _entry_encoder.encode(ticket), _AAD)
        return b64encode(_VERSION + nonce + sealed)

    def open(self, token: str) -> Ticket:
        if len(token) > self.MAX_TOKEN:
            raise InvalidToken(text("the handle is not a handle of this service"))
        try:
            data = b64decode(token)
        except (binascii.Error, ValueError):
            raise InvalidToken(text("the handle is not base64url")) from None
        if b64encode(data) != token:  # only the canonical spelling: no stray or padding bits
            raise InvalidToken(text("the handle is not canonical base64url"))
        head = 1 + _NONCE
        if len(data) < head + _TAG or data[:1] != _VERSION:
            raise InvalidToken(text("the handle is not a handle of this service"))
        nonce, body = data[1:head], data[head:]
        for cipher in self._ciphers:
            try:
                plain = cipher.decrypt(nonce, body, _AAD)
            except InvalidTag:
                continue
            try:
                return _ticket_decoder.decode(plain)
            except msgspec.MsgspecError:  # pragma: no cover - only we seal handles
                break
        raise InvalidToken(
            text(
                "the handle failed authentication (tampered with, forged, or sealed under a key "
                "this server does not hold)"
            )
        )

    def state_id(self, game: str, resolve_chance: bool, state_digest: bytes) -> str:
        """The id of a state with its treatment, from a collision-resistant digest of its bytes."""
        message = b"%s\0%d\0%s" % (game.encode(), resolve_chance, state_digest)
        return b64encode(blake2b(message, key=self._id_key, digest_size=16).digest())
