"""Per-game msgspec decoders, built once per game and reused by every request.

A game's states, moves, options and content arrive either as raw JSON bytes (REST: the request
envelope is decoded first with :class:`msgspec.Raw` fields, then each field straight into the
game's type) or as plain Python values (GraphQL's JSON scalar), converted with
:func:`msgspec.convert` -- by way of their JSON when they are JSON values (see
:meth:`GameCodec._convert`). Either way a type error becomes an ``invalid_request`` problem whose
``pointer`` is rooted at the member that carried the value (``/state/banked/1``).

Request bytes are also checked for what msgspec lets through (:mod:`arbiter.api.jsonguard`):
duplicate keys and invalid UTF-8 in a raw slice; nesting deep enough to exhaust the recursion
limit (bytes or plain values) is caught. Every such refusal is a 4xx problem, never a 500.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from arbiter.api.dict_keys import exact_parts
from arbiter.api.jsonguard import check_json, decode_error
from arbiter.api.kept_texts import Kept, kept, restored
from arbiter.api.problems import Problem, ProblemError, from_validation
from arbiter.api.shape_gaps import shape_gaps
from arbiter.core import MAX_GAPS, Result
from arbiter.core.record import Step
from arbiter.core.registry import AnyGame
from arbiter.core.texts import english, text

#: A game value as it arrives: raw JSON (REST) or plain Python values (GraphQL).
Payload = msgspec.Raw | Any


class _Probe(msgspec.Struct):
    """The members that tell a replay's plain move from a record's ``{"step", "move"}`` (every
    move has a ``type``, an entry never); other members are skipped."""

    type: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    step: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    move: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET


class _Entry(msgspec.Struct, forbid_unknown_fields=True):
    """A move of a record and its step (:class:`arbiter.core.record.RecordedMove`), its move
    kept raw for the game's decoder."""

    step: Step
    move: msgspec.Raw


class _PlainEntry(msgspec.Struct, forbid_unknown_fields=True):
    step: Step
    move: Any


_probe = msgspec.json.Decoder(_Probe)
_entry = msgspec.json.Decoder(_Entry)

_canonical_json = msgspec.json.Encoder(order="deterministic")
_plain_json = msgspec.json.Encoder().encode
_WHITESPACE = b" \t\n\r"
_FIELD = re.compile(r"field `([^`]*)`")


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
        self.result_decoder = msgspec.json.Decoder(Result)
        #: ``None`` when the game takes no positions (:attr:`arbiter.core.Game.position_type`)
        self.position_decoder = (
            None if game.position_type is None else msgspec.json.Decoder(game.position_type)
        )
        self.state_bytes = msgspec.msgpack.Encoder(order="deterministic", enc_hook=english).encode
        self.state_json = msgspec.json.Encoder(order="deterministic", enc_hook=english).encode
        self._kept = msgspec.msgpack.Decoder(Kept[game.event_type])  # type: ignore[name-defined]
        self._events = msgspec.msgpack.Decoder(list[game.event_type])  # type: ignore[name-defined]

    def events_bytes(self, events: list[Any]) -> bytes:
        """A step's events as a table's feed keeps them (:class:`arbiter.api.tables.Change`),
        their texts whole (:mod:`arbiter.api.kept_texts`)."""
        return self.state_bytes(kept(events))

    def events(self, packed: bytes) -> list[Any]:
        """The events a table's feed keeps (written by this service: never client input), their
        texts made again; a feed written by an earlier release kept only the events (their
        texts in English)."""
        try:
            return restored(self._kept.decode(packed))
        except msgspec.ValidationError:
            events: list[Any] = self._events.decode(packed)
            return events

    def _decode(
        self, decoder: msgspec.json.Decoder[Any], kind: Any, value: Payload, at: str
    ) -> Any:
        try:
            if isinstance(value, msgspec.Raw | bytes):
                decoded = decoder.decode(value)
                if not self._canonical(value, decoded):
                    check_json(value, at)  # what msgspec lets through: duplicate keys, bad UTF-8
                return decoded
            return self._convert(decoder, kind, value)
        except msgspec.ValidationError as error:
            raise _validation(decoder, value, error, at) from None
        except (RecursionError, UnicodeDecodeError, msgspec.DecodeError) as error:
            raise decode_error(error, at) from None

    @staticmethod
    def _convert(decoder: msgspec.json.Decoder[Any], kind: Any, value: Any) -> Any:
        """Plain values as ``kind``, as :func:`msgspec.convert` makes them.

        ``msgspec.convert`` works out a union's layout again on every call: 65-125 us for one
        game's move union (its decoder, built once, takes ~1 us for the same move). So the
        values are written as JSON and decoded; only a success is taken from that road. Values
        JSON cannot hold, and values the decoder refuses, are converted as before, so a
        refusal's message is convert's own (``got `NoneType```), as it always was. The values
        are JSON values (GraphQL's JSON scalar), on which both roads accept the same.
        """
        try:
            return decoder.decode(_plain_json(value))
        except (TypeError, ValueError, OverflowError, msgspec.DecodeError):
            return msgspec.convert(value, type=kind)

    def _canonical(self, value: msgspec.Raw | bytes, decoded: Any) -> bool:
        """Whether ``value`` is the canonical JSON of ``decoded`` give or take whitespace (as
        ``json.dumps`` or an indenting client adds it) -- so it needs no duplicate-key scan.

        Most states this process did not make were made by another worker or sent back
        re-serialised: comparing them with the canonical encoding (~5 us on a Scythe state) is
        much cheaper than the scan (~20 us). It proves what the scan would: the bytes are the
        encoder's plus whitespace (valid UTF-8); and with no backslash (no escapes: equal keys are
        equal texts) and no space in the encoding, deleting whitespace keeps the structure and
        the key texts, so a key repeated in ``value`` would be repeated in the encoding, which
        has no duplicates.
        """
        data = bytes(value)
        if b"\\" in data:
            return False
        written = self.state_json(decoded)
        if data == written:
            return True
        return b" " not in written and data.translate(None, _WHITESPACE) == written

    def state(self, value: Payload, at: str = "/state") -> Any:
        return self._decode(self.state_decoder, self.game.state_type, value, at)

    def move(self, value: Payload, at: str = "/move") -> Any:
        return self._decode(self.move_decoder, self.game.move_type, value, at)

    def entry(self, value: Payload, at: str) -> tuple[int | None, Any, str]:
        """One item of a replay's ``moves``: a plain move, or a record's ``{"step": n, "move":
        m}`` (an object with a ``step`` or a ``move`` and no ``type``). Its step (``None`` for a
        plain move), the move, and the pointer of the move."""
        if isinstance(value, msgspec.Raw | bytes):
            try:
                probe = _probe.decode(value)
            except (RecursionError, UnicodeDecodeError, msgspec.DecodeError):
                probe = None  # not an object (or not JSON): the move's decoder says what is wrong
            if probe is None or probe.type is not msgspec.UNSET:
                return None, self.move(value, at), at
            if probe.step is msgspec.UNSET and probe.move is msgspec.UNSET:
                return None, self.move(value, at), at
            try:
                entry = _entry.decode(value)
            except (RecursionError, UnicodeDecodeError, msgspec.DecodeError) as error:
                raise decode_error(error, at) from None
            return entry.step, self.move(entry.move, f"{at}/move"), f"{at}/move"
        if isinstance(value, dict) and "type" not in value and ("step" in value or "move" in value):
            try:
                plain = msgspec.convert(value, type=_PlainEntry)
            except (RecursionError, msgspec.ValidationError) as error:
                raise decode_error(error, at) from None
            return plain.step, self.move(plain.move, f"{at}/move"), f"{at}/move"
        return None, self.move(value, at), at

    def position(self, value: Payload, at: str = "/position") -> Any:
        """A position of a game that takes them (the caller checks it does). One of the wrong
        shape is refused with every member it misses or should not have (:mod:`.shape_gaps`)
        in the problem's ``errors``, msgspec's own first error first."""
        assert self.position_decoder is not None, "the game takes no positions"
        try:
            return self._decode(self.position_decoder, self.game.position_type, value, at)
        except Problem as problem:
            if problem.code == "invalid_request":
                with_every_gap(problem, self.game.position_type, value, at)
            raise

    def options(self, value: Payload, at: str = "/options") -> Any:
        return self._decode(self.options_decoder, self.game.options_type, value, at)

    def content(self, value: Payload, at: str = "") -> Any:
        return self._decode(self.content_decoder, self.game.content_type, value, at)

    def result(self, value: Payload, at: str = "/result") -> Result:
        result: Result = self._decode(self.result_decoder, Result, value, at)
        return result


def with_every_gap(problem: Problem, kind: Any, value: Payload, at: str) -> None:
    """Add to ``problem`` (of a value of the wrong shape) every member the value misses or
    should not have, its own first error first; at most :data:`MAX_GAPS`, the rest counted."""
    try:
        plain = msgspec.json.decode(value) if isinstance(value, msgspec.Raw | bytes) else value
    except (RecursionError, msgspec.DecodeError):  # pragma: no cover - decoded once already
        return
    gaps, more = shape_gaps(kind, plain, at)
    first = ProblemError(code=problem.code, detail=problem.detail, pointer=problem.pointer)
    # the problem's own gap: an unknown member is pointed at itself; a missing one at the
    # object that lacks it (msgspec's path), the walk names the member
    named = _FIELD.search(problem.detail)
    same = {problem.pointer, f"{problem.pointer}/{named.group(1)}" if named else None}
    others = [
        ProblemError(
            code=problem.code,
            detail=text("{detail} at {pointer}", detail=gap.detail, pointer=gap.pointer),
            pointer=gap.pointer,
        )
        for gap in gaps
        if gap.pointer not in same
    ]
    if not others:
        return
    listed = [first, *others][:MAX_GAPS]
    problem.errors = tuple(listed)
    problem.errors_left_out = (1 + len(others) + more - len(listed)) or None


def _validation(
    decoder: msgspec.json.Decoder[Any], value: Payload, error: msgspec.ValidationError, at: str
) -> Problem:
    """The problem of ``error``, pointing into a dictionary's entry where msgspec's path stops at
    the dictionary (:mod:`arbiter.api.dict_keys`)."""
    message = str(error)
    where = message.rpartition(" - at `")
    if "[...]" not in where[2]:
        return from_validation(error, at)
    try:
        plain = msgspec.json.decode(value) if isinstance(value, msgspec.Raw | bytes) else value
    except (msgspec.DecodeError, RecursionError):
        return from_validation(error, at)
    parts = exact_parts(decoder.decode, plain, where[2].rstrip("`"), where[0])
    return from_validation(error, at, parts)


def content_json(content: msgspec.Struct) -> bytes:
    """The canonical JSON of a content pack: the bytes its content id hashes."""
    return _canonical_json.encode(content)
