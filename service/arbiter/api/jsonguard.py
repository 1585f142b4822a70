"""Request JSON that cannot crash the service or mean two things: depth, UTF-8, duplicate keys.

msgspec decodes request bodies, and it is fast because it trusts a few things this module checks
for it:

* **nesting** -- msgspec recurses, so ~1,000 nested arrays (a 2 KB body) raise ``RecursionError``
  (even while skipping over a :class:`msgspec.Raw` member): ``400 nesting_too_deep``;
* **UTF-8** -- a :class:`msgspec.Raw` slice is not checked until it is decoded, and then a bad
  byte raises ``UnicodeDecodeError``: ``400 malformed_json``;
* **duplicate keys** -- msgspec keeps the last of ``{"seat": 0, "seat": 1}`` silently; the client
  may have meant the first, and two parsers disagreeing about one body is how request smuggling
  starts: ``400 duplicate_key``.

Numbers need nothing here: msgspec refuses ``NaN``/``Infinity`` (not JSON), floats beyond the
double range (``1e400``) and integers of more than 4,300 digits, and the game types' bounds refuse
the rest with a pointer (``422``). Big integers the types allow are ordinary Python ints; the
state store refuses the ones its encoding cannot hold (``422 invalid_state``).

The duplicate-key check has to be cheap: ``POST /v1/games/{game}/moves`` is the hot path and its
body usually carries a whole state (several KB). The stdlib scanner with ``object_pairs_hook``
costs ~40 us on a Scythe state; instead :func:`check_json` decodes into plain values with msgspec
and counts colons: each object member has one colon outside strings, and the strings keep theirs
when decoded and written again, so ``colons(body) == colons(encode(decode(body)))`` (counting an
escaped ``\\u003a`` as a colon) holds exactly when no member was dropped. Only when it fails (or
an escaped backslash fools the escape count) does the exact stdlib scan decide and name the key.
And :func:`check_envelope` skips a state member altogether: its owner checks it when, and only
when, it decodes it -- a state the service wrote itself is never decoded again.
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec

from arbiter.api.problems import Problem, from_validation
from arbiter.core.texts import text

_any = msgspec.json.Decoder()
_encode = msgspec.json.Encoder().encode
_ESCAPED_COLONS = (b"\\u003a", b"\\u003A")
_COLON = re.compile(rb"[ \t\n\r]*:[ \t\n\r]*")


def too_deep(at: str = "") -> Problem:
    """The problem of JSON nested deeper than the parsers recurse (``RecursionError``)."""
    return Problem(
        "nesting_too_deep",
        text("the JSON at {at} is nested too deeply for this service", at=at)
        if at
        else text("the JSON is nested too deeply for this service"),
        status=400,
        pointer=at or None,
    )


def decode_error(error: Exception, at: str = "") -> Problem:
    """The problem of an error msgspec (or ``bytes.decode``) raised on request JSON at ``at``."""
    if isinstance(error, RecursionError):
        return too_deep(at)
    if isinstance(error, msgspec.ValidationError):
        return from_validation(error, at)
    if isinstance(error, UnicodeDecodeError):
        detail = (
            text("the JSON at {at} is not valid UTF-8", at=at)
            if at
            else text("the body is not valid UTF-8")
        )
    elif at:
        detail = text("the JSON at {at} is not valid JSON: {error}", at=at, error=str(error))
    else:
        detail = text("the body is not valid JSON: {error}", error=str(error))
    return Problem("malformed_json", detail, status=400, pointer=at or None)


def decode_json(data: bytes | msgspec.Raw, at: str = "") -> Any:
    """The JSON value of request bytes as plain Python values, or a :class:`Problem`.

    Refuses malformed JSON and invalid UTF-8 (``400 malformed_json``), deep nesting
    (``400 nesting_too_deep``), duplicate object keys (``400 duplicate_key``) and numbers beyond
    what msgspec decodes (``422 invalid_request``). ``at`` is the JSON pointer of ``data`` in the
    request (``/state``); problems' pointers start there.

    This is the decoder for any request body read as plain values (GraphQL's, for one).
    """
    if isinstance(data, msgspec.Raw):
        data = bytes(data)
    try:
        value = _any.decode(data)
    except (RecursionError, UnicodeDecodeError, msgspec.DecodeError) as error:
        raise decode_error(error, at) from None
    _check_decoded(data, value, at)
    return value


def check_json(data: bytes | msgspec.Raw, at: str = "") -> None:
    """Refuse ``data`` as :func:`decode_json` does; for bytes a typed decoder reads as well."""
    decode_json(data, at)


def check_envelope(data: bytes, opaque: Any, member: str = "state") -> None:
    """Check a request body whose top-level ``member`` (a :class:`msgspec.Raw`) is checked apart.

    The owner of ``opaque`` must check it (with :func:`check_json`, as
    :class:`arbiter.api.codec.GameCodec` does) whenever it decodes it; the rest of the body is
    checked here. A state the service made itself is found by its bytes and never decoded, so on
    the hot path only the envelope and the move are scanned. Small members are not worth the
    bother and are checked with the rest.
    """
    if isinstance(opaque, msgspec.Raw) and len(opaque) >= 256:
        start = _value_of(data, member, opaque)
        if start >= 0 and data[start] in b"{[":
            # The body with the member's value replaced by 0. If that is clean JSON whose
            # top-level ``member`` is this very 0, the replaced bytes were exactly that value
            # (JSON parses left to right: the same prefix leaves the parser expecting it there).
            skeleton = data[:start] + b"0" + data[start + len(opaque) :]
            try:
                value = decode_json(skeleton)
            except Problem:
                value = None  # judged on the whole body below, so the answer names the right cause
            if isinstance(value, dict) and type(value.get(member)) is int:
                return  # an int there can only be our 0: the member's value is an object/array
    check_json(data)


def _value_of(data: bytes, member: str, inner: msgspec.Raw) -> int:
    """Where ``inner`` follows ``"member":`` in ``data`` (the first few tries), or -1.

    ``data.find(inner)`` would do, but a search for a long needle costs more than everything
    else on the hot path; the key is short, and usually found at the first try.
    """
    key = b'"' + member.encode() + b'"'
    at = data.find(key)
    for _ in range(4):
        if at < 0:
            break
        colon = _COLON.match(data, at + len(key))
        if colon is not None and data.startswith(inner, colon.end()):
            return colon.end()
        at = data.find(key, at + 1)
    return -1


# ------------------------------------------------------------------------------ internals


def _check_decoded(data: bytes, value: Any, at: str) -> None:
    if not isinstance(value, dict | list):
        return
    colons = data.count(b":")
    if colons == 0:
        return
    try:
        written = _encode(value).count(b":")
    except RecursionError:  # pragma: no cover - the decoder recursed as deep already
        raise too_deep(at) from None
    if b"\\" in data:  # rare: the service writes no escapes but in strings with controls
        colons += sum(data.count(escaped) for escaped in _ESCAPED_COLONS)
    if written != colons:  # a member was dropped -- or a string holds a colon: find out
        _find_duplicate(data, at)


class _Duplicate(Exception):
    pass


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    members = dict(pairs)
    if len(members) != len(pairs):
        raise _Duplicate
    return members


class _Pairs(list[tuple[str, Any]]):
    """An object as the stdlib scanner saw it: its members in order, duplicates kept."""


def _find_duplicate(data: bytes, at: str) -> None:
    """Raise ``duplicate_key`` if some object of ``data`` (valid JSON) repeats a key."""
    try:
        json.loads(data, object_pairs_hook=_unique)
        return
    except _Duplicate:
        pass
    except RecursionError:
        raise too_deep(at) from None
    except ValueError as error:  # pragma: no cover - msgspec read it; the stdlib should too
        raise decode_error(error, at) from None
    # Found one: parse again, keeping every member, to say where (errors only).
    where, key = _first_duplicate(json.loads(data, object_pairs_hook=_Pairs), at)
    raise Problem(
        "duplicate_key",
        text(
            "the member {key!r} appears more than once in the object at {where}",
            key=key,
            where=where or "/",
        ),
        status=400,
        pointer=where,
    )


def _first_duplicate(value: Any, at: str) -> tuple[str, str]:
    stack: list[tuple[Any, str]] = [(value, at)]
    while stack:
        node, where = stack.pop()
        if isinstance(node, _Pairs):
            seen: set[str] = set()
            for key, _ in node:
                if key in seen:
                    return where, key
                seen.add(key)
            stack.extend((item, f"{where}/{_escape(key)}") for key, item in reversed(node))
        elif isinstance(node, list):
            stack.extend((item, f"{where}/{i}") for i, item in reversed(list(enumerate(node))))
    raise AssertionError("no duplicate found")  # pragma: no cover - _unique found one


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")
