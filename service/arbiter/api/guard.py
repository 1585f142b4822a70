"""The request guard: refuses requests by their shape before any parser sees them.

It looks at the request line and headers only, never the body, so it costs a microsecond or two:

* **paths** (:class:`Guard`, a pure ASGI middleware between :class:`~arbiter.api.app.Observe`,
  so refusals still get request ids, metrics and access logs, and Starlette's router) -- a path
  is ``/`` or segments of ``[A-Za-z0-9._-]{1,128}``: every route of the service (and every game,
  content, state and problem id) fits, so anything else is a ``404 not_found`` problem. That
  refuses, before routing: an encoded ``/`` or ``\\`` (``%2f``, ``%5c``:
  ``/v1/games/scythe%2fstates`` must not route as ``/v1/games/scythe/states``), NUL, escapes that
  are not UTF-8, empty segments and trailing slashes (Starlette's slash redirects are off as
  well: they build ``Location`` from the ``Host`` header), and over-long ids.
* **content type** (:func:`json_bodies`, on every route that takes ``POST``, ``PUT`` or
  ``PATCH``) -- the body must be ``Content-Type: application/json`` (parameters allowed, but a
  ``charset`` must be UTF-8), or ``415 unsupported_media_type``. ``text/plain``, form and
  multipart bodies are what a web page may send cross-origin without a CORS preflight; refusing
  them keeps every state-changing route (content registration included) out of other sites'
  reach. It runs once the router has matched path and method, so an unknown path is still a 404
  and a method no route takes a 405 (as HTTP, and the API's contract tests, want).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.routing import BaseRoute, Route

from arbiter.api.problems import Problem, problem_response
from arbiter.core.texts import text

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The paths the service may serve; Starlette's ``{param}`` placeholders then match one segment.
PATH = re.compile(r"/|(?:/[A-Za-z0-9._-]{1,128})+")
_ENCODED_SEPARATORS = (b"%2f", b"%5c")
_WITH_BODY = frozenset({"POST", "PUT", "PATCH"})
_JSON = b"application/json"


class Guard:
    """Pure ASGI middleware: a ``404`` problem for paths no route can have."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not path_allowed(scope["path"], scope.get("raw_path")):
            problem = Problem("not_found", text("no resource lives at this path"))
            await problem_response(problem)(scope, receive, send)
            return
        await self.app(scope, receive, send)


class JsonBody:
    """Pure ASGI wrapper of one route's app: ``415`` unless a body comes as JSON."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] in _WITH_BODY:
            types = [value for name, value in scope["headers"] if name == b"content-type"]
            if len(types) != 1 or not is_json(types[0]):
                problem = Problem(
                    "unsupported_media_type",
                    text("send the request body as application/json (UTF-8)"),
                    headers={"Accept-Post": "application/json"},
                )
                await problem_response(problem)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def json_bodies(routes: list[BaseRoute]) -> None:
    """Make every route that takes a body refuse one that is not JSON (:class:`JsonBody`).

    Starlette's :class:`~starlette.routing.Route` checks the method, then calls its ``app``:
    wrapping that puts the check after routing.
    """
    for route in routes:
        if isinstance(route, Route) and route.methods and route.methods & _WITH_BODY:
            route.app = JsonBody(route.app)


def path_allowed(path: str, raw_path: bytes | None) -> bool:
    """Whether a request path (as decoded by the server, and as sent) may name a resource."""
    if PATH.fullmatch(path) is None:  # also NUL, backslashes, U+FFFD of a bad escape
        return False
    if raw_path is not None and b"%" in raw_path:
        lowered = raw_path.lower()
        return not any(encoded in lowered for encoded in _ENCODED_SEPARATORS)
    return True


def is_json(content_type: bytes) -> bool:
    """Whether a ``Content-Type`` value is JSON: ``application/json``, any case, parameters
    allowed, but no ``charset`` other than UTF-8 (RFC 8259 JSON is UTF-8)."""
    media_type, _, parameters = content_type.partition(b";")
    if media_type.strip().lower() != _JSON:
        return False
    for parameter in parameters.split(b";"):
        name, _, value = parameter.partition(b"=")
        charset = value.strip().strip(b'"').lower()
        if name.strip().lower() == b"charset" and charset not in (b"utf-8", b"utf8"):
            return False
    return True
