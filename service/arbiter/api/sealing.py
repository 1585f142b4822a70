"""State tokens and state ids: what lets a stateless service hand out states it keeps secret.

A **state token** carries a full state and how to treat it (game id, sealed flag,
``resolve_chance``) serialized with msgpack and sealed with AES-256-GCM::

    token = base64url( 0x01 | key id (4 bytes) | nonce (12 bytes) | ciphertext+tag )

A client holding a token can neither read it (decks, other seats' hands and the seed stay hidden)
nor forge or alter one: any change fails authentication and is refused as
``invalid_state_token``. Nonces are random, so one key should seal fewer than 2**32 tokens; rotate
keys (``ARBITER_STATE_KEY=new,old``) well before that.

A **state id** names a state kept in the cache. It is content-addressed and keyed::

    state_id = base64url( HMAC-SHA256(id key, game | sealed | resolve_chance | digest)[:16] )

where ``digest`` is the BLAKE2b-160 of the game id and the state's JSON (the digest that keys
:mod:`arbiter.api.memo`). The same state with the same treatment always gets the same id, and
nobody without the server key can guess the id of a state.

Both keys are derived with HKDF-SHA256 from the first ``ARBITER_STATE_KEY``.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import logging
import os
import secrets

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

log = logging.getLogger("arbiter.sealing")

_VERSION = b"\x01"
_AAD = b"arbiter/state-token/v1"
_NONCE = 12
_KID = 4


class Entry(msgspec.Struct, array_like=True, frozen=True):
    """A state and its treatment, as sealed in a token or kept in Redis.

    ``state`` holds the msgpack bytes of the game's state struct, ``digest`` its
    :meth:`arbiter.api.memo.KnownStates.key`.
    """

    game: str
    sealed: bool
    resolve_chance: bool
    state: msgspec.Raw
    digest: bytes


_entry_encoder = msgspec.msgpack.Encoder()
_entry_decoder = msgspec.msgpack.Decoder(Entry)


def encode_entry(entry: Entry) -> bytes:
    return _entry_encoder.encode(entry)


def decode_entry(data: bytes) -> Entry:
    return _entry_decoder.decode(data)


class InvalidToken(Exception):
    """The token is malformed, forged, tampered with, or sealed under a key we do not hold."""


def _derive(secret: bytes, purpose: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=b"arbiter", info=purpose).derive(secret)


def b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sealer:
    """Seals and opens state tokens, and names states with keyed ids."""

    def __init__(self, secrets_: tuple[str, ...]) -> None:
        if not secrets_:
            raise ValueError("a sealer needs at least one key")
        self._ciphers: dict[bytes, AESGCM] = {}
        for index, secret in enumerate(secrets_):
            raw = secret.encode()
            kid = _derive(raw, b"key-id")[:_KID]
            self._ciphers.setdefault(kid, AESGCM(_derive(raw, b"state-token")))
            if index == 0:
                self._kid = kid
                self._cipher = self._ciphers[kid]
                self._id_key = _derive(raw, b"state-id")

    @classmethod
    def development(cls) -> Sealer:
        """A sealer with a random per-process key (development and test only)."""
        log.warning(
            "ARBITER_STATE_KEY is not set: using a random per-process key. State tokens and "
            "state ids will not survive a restart and are not shared between processes. "
            "Never run like this in production."
        )
        return cls((secrets.token_urlsafe(32),))

    def seal(self, entry: Entry) -> str:
        nonce = os.urandom(_NONCE)
        sealed = self._cipher.encrypt(nonce, encode_entry(entry), _AAD)
        return b64encode(_VERSION + self._kid + nonce + sealed)

    def open(self, token: str) -> Entry:
        try:
            data = b64decode(token)
        except (binascii.Error, ValueError):
            raise InvalidToken("the token is not base64url") from None
        if b64encode(data) != token:  # only the canonical spelling: no stray or padding bits
            raise InvalidToken("the token is not canonical base64url")
        head = 1 + _KID + _NONCE
        if len(data) < head + 16 or data[:1] != _VERSION:
            raise InvalidToken("the token is not a state token of this service")
        cipher = self._ciphers.get(data[1 : 1 + _KID])
        if cipher is None:
            raise InvalidToken("the token was sealed under a key this server does not hold")
        try:
            plain = cipher.decrypt(data[1 + _KID : head], data[head:], _AAD)
        except InvalidTag:
            raise InvalidToken("the token failed authentication (tampered or forged)") from None
        try:
            return decode_entry(plain)
        except msgspec.MsgspecError:  # pragma: no cover - only we seal tokens
            raise InvalidToken("the token's content is malformed") from None

    def state_id(self, game: str, sealed: bool, resolve_chance: bool, state_digest: bytes) -> str:
        """The id of a state with its treatment, from a collision-resistant digest of its bytes."""
        head = b"%s\0%d%d\0" % (game.encode(), sealed, resolve_chance)
        mac = hmac.digest(self._id_key, head + state_digest, "sha256")  # one-shot, in C
        return b64encode(mac[:16])
