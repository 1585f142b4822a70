"""The pages of the service, declared as its operations are (:class:`~.operation.Operation`):
pages for people (the home page, the problem codes, the games' references, the playground, the
API explorer and their files), for operators (health, readiness, metrics, the echo) and this
document. Each is served by an endpoint of its own module (``run`` is ``None``); the declaration
documents it (:mod:`arbiter.api.openapi_paths`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.api.envelope import Health
from arbiter.api.operation import Answer, Operation, Parameter
from arbiter.api.problems import PROBLEM_MEDIA_TYPE

HTML: dict[str, Any] = {"text/html": {"schema": {"type": "string"}}}
#: A 404 that is HTML for a name the page does not know, a problem for a path not served.
NOT_HERE: dict[str, Any] = {
    **HTML,
    PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}},
}
#: The media types of the pages' files.
FILE_TYPES = (
    "text/javascript; charset=utf-8",
    "text/css; charset=utf-8",
    "text/html; charset=utf-8",
    "text/plain; charset=utf-8",
    "application/json",
)


def _html(description: str) -> dict[str, Any]:
    return {"200": {"description": description, "content": HTML}}


PAGES: tuple[Operation, ...] = (
    Operation(
        id="echo",
        path="/v1/echo",
        summary="Diagnostic: answer the request body as it came",
        description="A bare endpoint to measure the HTTP stack's own cost (`make bench` compares "
        "`POST .../moves` with it). Not part of the game API.",
        tags=("operations",),
        body=msgspec.Raw,
        body_schema="",
        body_text="Any JSON document.",
        answer=Answer(type=object, schema="", description="The request body, unchanged."),
    ),
    Operation(
        id="home",
        method="GET",
        path="/",
        summary="A short human page about the service",
        tags=("docs",),
        responses={"200": {"description": "HTML.", "content": HTML}},
    ),
    Operation(
        id="openapi",
        method="GET",
        path="/openapi.json",
        summary="This document",
        tags=("docs",),
        responses={
            "200": {
                "description": "OpenAPI 3.1.",
                "content": {"application/json": {"schema": {"type": "object"}}},
            }
        },
    ),
    Operation(
        id="gameOpenapi",
        method="GET",
        path="/docs/games/{game}/openapi.json",
        summary="This document for one game: its types and examples only",
        description="The same paths and operations as `/openapi.json`, as if the game were the "
        "only one registered: a fraction of the whole document's size (`/docs` opens one of "
        "these first). Built on its first request, then served from memory.",
        tags=("docs",),
        responses={
            "200": {
                "description": "OpenAPI 3.1.",
                "content": {"application/json": {"schema": {"type": "object"}}},
            }
        },
        errors={"unknown_game": None},
    ),
    Operation(
        id="problemType",
        method="GET",
        path="/problems/{code}",
        summary="What a problem code means (the `type` of problem documents)",
        tags=("docs",),
        parameters=(
            Parameter(name="code", description="A problem code.", examples="problem_codes"),
        ),
        responses={
            **_html("HTML."),
            "404": {
                "description": "Not a code of this service (HTML), or not a path the service "
                "serves (a `not_found` problem).",
                "content": NOT_HERE,
            },
        },
        problems=False,
    ),
    Operation(
        id="gameReference",
        method="GET",
        path="/docs/games/{game}",
        summary="A game's reference for people: rules, moves, options, rule codes",
        description="The first request for a game builds its page (a second or two of play for "
        "its examples); later ones are served from memory.",
        tags=("docs",),
        responses={
            **_html("One self-contained HTML page."),
            "404": {
                "description": "No game has this id (HTML), or not a path the service serves (a "
                "`not_found` problem).",
                "content": NOT_HERE,
            },
        },
        problems=False,
    ),
    Operation(
        id="playground",
        method="GET",
        path="/play",
        summary="The playground: play any game in a browser through this API",
        description="A plain client of the REST API: set up a game (open, or sealed and played "
        "seat by seat through seat handles), play it by clicking its legal moves, supply chance "
        "by hand, undo, export and import records, let hints play a seat. Nothing is loaded "
        "from another site.",
        tags=("docs",),
        responses=_html("HTML (its scripts: `/static/play/`)."),
    ),
    Operation(
        id="apiExplorer",
        method="GET",
        path="/docs",
        summary="Swagger UI over this document",
        description="It opens one game's document first (`/docs/games/{game}/openapi.json`, a "
        "fraction of this one's size); a list in its bar switches to another game's or to "
        "the whole document (`?game=all`).",
        tags=("docs",),
        responses=_html("HTML (its files: `/static/vendor/`)."),
    ),
    Operation(
        id="staticFile",
        method="GET",
        path="/static/{path}",
        summary="A script, style, page or licence of the browser pages",
        description="Files are read when the service starts and served from memory; a path "
        "that is not one of them is a `not_found` problem.",
        tags=("docs",),
        parameters=(
            Parameter(
                name="path",
                description="A file of the pages: `play/play.js`, "
                "`vendor/swagger-ui/swagger-ui.css`, ... (its `/` are sent as they are).",
                schema={"type": "string", "pattern": r"^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$"},
            ),
        ),
        responses={
            "200": {
                "description": "The file, with its `ETag` (`Cache-Control: no-cache`).",
                "content": {media: {"schema": {"type": "string"}} for media in FILE_TYPES},
            },
            "304": {"description": "Not modified (`If-None-Match` names its ETag)."},
        },
    ),
    Operation(
        id="healthz",
        method="GET",
        path="/healthz",
        summary="Liveness: the process is alive",
        tags=("operations",),
        answer=Answer(type=Health, description="Alive."),
    ),
    Operation(
        id="readyz",
        method="GET",
        path="/readyz",
        summary="Readiness: the service can serve (Redis reachable when configured)",
        tags=("operations",),
        answer=Answer(type=Health, description="Ready."),
        responses={
            "503": {
                "description": "Not ready.",
                "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/Health"}}
                },
            }
        },
    ),
    Operation(
        id="metrics",
        method="GET",
        path="/metrics",
        summary="Prometheus metrics",
        tags=("operations",),
        responses={
            "200": {
                "description": "Prometheus text exposition format.",
                "content": {"text/plain": {"schema": {"type": "string"}}},
            }
        },
    ),
)
