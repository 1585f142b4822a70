"""Structured logs: one JSON object a line on stderr, each with the id of its request.

The request id comes from the client's ``X-Request-ID`` header when it is a short token, else it
is drawn; it is echoed in the ``X-Request-ID`` response header and in problem documents. Log
records never carry states, moves, tokens or state ids -- only game ids, route templates, rule
codes and timings.

The access line of a request (``arbiter.access``) also carries what the request was about, as the
service learnt it (:class:`Facts`): the rules version of its game, the type of the move it sent
(``choose_section``: a move's type tag, never the move), and the code of the problem it was
refused with (``scythe.move.river_crossing``, ``stale_state``).
"""

from __future__ import annotations

import contextvars
import logging
import sys
import time
from typing import Any

import msgspec

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)


class Facts:
    """What one request was about, for its access line (set as the service learns it)."""

    __slots__ = ("move_type", "rule_code", "rules_version")

    def __init__(self) -> None:
        self.rules_version: str | None = None
        self.move_type: str | None = None
        self.rule_code: str | None = None

    def fields(self) -> dict[str, str]:
        """The facts known, by name."""
        return {name: value for name in self.__slots__ if (value := getattr(self, name))}


facts: contextvars.ContextVar[Facts | None] = contextvars.ContextVar("facts", default=None)


def learn(*, rules_version: str | None = None, move_type: str | None = None) -> None:
    """Note what the current request is about (outside a request: nothing)."""
    known = facts.get()
    if known is None:
        return
    if rules_version is not None:
        known.rules_version = rules_version
    if move_type is not None:
        known.move_type = move_type


def refused(code: str) -> None:
    """Note the problem code the current request is answered with."""
    known = facts.get()
    if known is not None:
        known.rule_code = code


_STANDARD = frozenset(
    logging.LogRecord("", 0, "", 0, "", None, None).__dict__.keys() | {"message", "asctime"}
)
_encoder = msgspec.json.Encoder(enc_hook=str)


class JsonFormatter(logging.Formatter):
    """Formats a record as a JSON line: time, level, logger, message, request id, extras."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        rid = getattr(record, "request_id", None) or request_id.get()
        if rid is not None:
            line["request_id"] = rid
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                line[key] = value
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return _encoder.encode(line).decode()


def configure(level: str = "info") -> None:
    """Send ``arbiter.*`` and uvicorn's logs to stderr as JSON lines at ``level``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    for name in ("arbiter", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level.upper())
        logger.propagate = False
    logging.getLogger("uvicorn.access").disabled = True  # the service logs its own access lines
