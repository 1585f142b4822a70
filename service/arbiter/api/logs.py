"""Structured logs: one JSON object a line on stderr, each with the id of its request.

The request id comes from the client's ``X-Request-ID`` header when it is a short token, else it
is drawn; it is echoed in the ``X-Request-ID`` response header and in problem documents. Log
records never carry states, moves, tokens or state ids -- only game ids, route templates, rule
codes and timings.
"""

from __future__ import annotations

import contextvars
import logging
import sys
import time
from typing import Any

import msgspec

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)

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
