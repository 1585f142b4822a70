"""The browser pages and their files, served by the service itself with nothing from another site.

* ``GET /play`` -- the playground (``static/play/``): a page that plays any registered game
  against the public REST API, so it is also a readable example client;
* ``GET /docs`` -- Swagger UI over one game's document (:mod:`arbiter.api.game_documents`)
  first, and over ``/openapi.json`` on request;
* ``GET /graphql`` -- GraphiQL (when ``ARBITER_GRAPHIQL`` is on; :mod:`arbiter.api.graphql_http`
  serves it with :func:`graphiql_page`);
* ``GET /static/<path>`` -- the files under ``static/``: the pages' own scripts and styles, and
  Swagger UI, GraphiQL and React vendored from the npm registry with their licences
  (``static/vendor/MANIFEST.json``, written by ``scripts/vendor_assets.py``).

Every file is read once per process (the first app built reads them) and served from memory; a
path that is not one of them is a ``404 not_found`` problem (no file system lookup per request, so
no path tricks). Files answer with an ``ETag`` (``304`` to a matching ``If-None-Match``) and
``Cache-Control: no-cache`` (revalidated, so a new version shows at once). The pages carry a
``Content-Security-Policy`` that allows scripts, styles, images and requests from this origin
only.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from arbiter.api.problems import Problem
from arbiter.core.texts import text

ROOT = Path(__file__).resolve().parent / "static"

#: What a page may load: this origin only. Inline styles are allowed (Swagger UI and GraphiQL set
#: them from script); inline scripts are not.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'none'"
)

_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    "": "text/plain; charset=utf-8",  # LICENSE, NOTICE
}


@dataclass(frozen=True, slots=True)
class File:
    """One served file: its bytes, media type and entity tag."""

    body: bytes
    media_type: str
    etag: str


@functools.cache
def load(root: Path = ROOT) -> dict[str, File]:
    """Every file under ``root`` by its URL path below ``/static/`` (``play/play.js``); read once
    (package data does not change while the process runs)."""
    files = {}
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix == ".py" or "__pycache__" in path.parts:
            continue
        media_type = _TYPES.get(path.suffix)
        if media_type is None:
            continue
        body = path.read_bytes()
        etag = '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'
        files[path.relative_to(root).as_posix()] = File(body, media_type, etag)
    return files


def answer(request: Request, file: File, *, page: bool = False) -> Response:
    """``file``, or ``304`` when the client holds this version already."""
    headers = {"ETag": file.etag, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}
    if page:
        headers["Content-Security-Policy"] = CSP
        headers["Referrer-Policy"] = "no-referrer"
    if file.etag in request.headers.get("if-none-match", ""):
        return Response(None, 304, headers)
    return Response(file.body, 200, headers, file.media_type)


def routes() -> list[Route]:
    """``/static/<path>``, ``/play`` and ``/docs``."""
    served = load()

    async def static(request: Request) -> Response:
        file = served.get(request.path_params["path"])
        if file is None:
            raise Problem("not_found", text("no file lives at this path"))
        return answer(request, file, page=file.media_type.startswith("text/html"))

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        file = served[name]

        async def endpoint(request: Request) -> Response:
            return answer(request, file, page=True)

        return endpoint

    return [
        Route("/play", page("play/index.html"), methods=["GET"]),
        Route("/docs", page("docs/swagger.html"), methods=["GET"]),
        Route("/static/{path:path}", static, methods=["GET"]),
    ]


def graphiql_page() -> File:
    """The GraphiQL page (``static/docs/graphiql.html``)."""
    return load()["docs/graphiql.html"]
