"""Content packs: a game's cards, boards and tiles as data, named by the hash of their JSON."""

from __future__ import annotations

import hashlib

import msgspec

_encoder = msgspec.json.Encoder(order="deterministic")


def content_id(content: msgspec.Struct) -> str:
    """The content id of a pack: the first 16 hex digits of the SHA-256 of its canonical JSON."""
    return hashlib.sha256(_encoder.encode(content)).hexdigest()[:16]
