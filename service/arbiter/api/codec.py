"""Per-game msgspec decoders, built once per game and reused by every request.

A game's states, moves, options and content arrive either as raw JSON bytes (REST: the request
envelope is decoded first with :class:`msgspec.Raw` fields, then each field straight into the
game's type) or as plain Python values (GraphQL's JSON scalar), converted with
:func:`msgspec.convert`. Either way a type error becomes an ``invalid_request`` problem whose
``pointer`` is rooted at the member that carried the value (``/state/banked/1``).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.api.problems import Problem, from_validation
from arbiter.core.registry import AnyGame

#: A game value as it arrives: raw JSON (REST) or plain Python values (GraphQL).
Payload = msgspec.Raw | Any

_canonical_json = msgspec.json.Encoder(order="deterministic")


class GameCodec:
    """The decoders of one game's types, and the encoders of its states (JSON for answers and
    digests, msgpack for tokens and Redis)."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.state_decoder = msgspec.json.Decoder(game.state_type)
        self.state_msgpack = msgspec.msgpack.Decoder(game.state_type)
        self.move_decoder = msgspec.json.Decoder(game.move_type)
        self.options_decoder = msgspec.json.Decoder(game.options_type)
        self.content_decoder = msgspec.json.Decoder(game.content_type)
        self.state_bytes = msgspec.msgpack.Encoder(order="deterministic").encode
        self.state_json = msgspec.json.Encoder(order="deterministic").encode

    def _decode(
        self, decoder: msgspec.json.Decoder[Any], kind: Any, value: Payload, at: str
    ) -> Any:
        try:
            if isinstance(value, msgspec.Raw | bytes):
                return decoder.decode(value)
            return msgspec.convert(value, type=kind)
        except msgspec.ValidationError as error:
            raise from_validation(error, at) from None
        except msgspec.DecodeError as error:  # pragma: no cover - the outer decode checked it
            raise Problem("malformed_json", str(error), status=400) from None

    def state(self, value: Payload, at: str = "/state") -> Any:
        return self._decode(self.state_decoder, self.game.state_type, value, at)

    def move(self, value: Payload, at: str = "/move") -> Any:
        return self._decode(self.move_decoder, self.game.move_type, value, at)

    def options(self, value: Payload, at: str = "/options") -> Any:
        return self._decode(self.options_decoder, self.game.options_type, value, at)

    def content(self, value: Payload, at: str = "") -> Any:
        return self._decode(self.content_decoder, self.game.content_type, value, at)


def content_json(content: msgspec.Struct) -> bytes:
    """The canonical JSON of a content pack: the bytes its content id hashes."""
    return _canonical_json.encode(content)
