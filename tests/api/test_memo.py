"""The memo of known states (:mod:`arbiter.api.memo`): what it keeps, and what it no longer keeps."""

from __future__ import annotations

import hashlib

from arbiter.api.memo import KnownStates


def test_the_digest_is_sha256_of_the_game_id_and_the_bytes() -> None:
    assert KnownStates.key("pig", b"{}") == hashlib.sha256(b"pig\0{}").digest()
    assert KnownStates.key("pig", b"{}") != KnownStates.key("pi", b"g{}")
