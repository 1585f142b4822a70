"""One game's OpenAPI document: ``GET /docs/games/{game}/openapi.json``.

``/openapi.json`` documents every registered game at once -- each game's states, moves, views,
events, options and content, and examples played from each -- so it runs to megabytes, and
Swagger UI (``/docs``) takes its time to read and lay it out. A game's document is the same API
as if that game were the only one registered (:func:`~arbiter.api.openapi.build_openapi` over a
registry of that game alone): the same paths and operations, that game's types and examples
only, a fraction of the size. ``/docs`` opens one of them first and offers the others and the
whole document from a list.

A game's document is built on its first request and kept for the life of the process. The
build plays the game for its examples, so it runs on the event loop like every other use of the
game objects (their caches are not shared with threads): a stall of a fifth of a second or so, once
per game and process. It is sent compact: about an eighth of the bytes of the whole document.
"""

from __future__ import annotations

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from arbiter.api.openapi import build_openapi
from arbiter.api.problems import Problem
from arbiter.core import Registry, UnknownGame
from arbiter.core.registry import AnyGame
from arbiter.core.texts import english, text

PATH = "/docs/games/{game}/openapi.json"


def document(game: AnyGame) -> bytes:
    """The OpenAPI document of the API serving ``game`` alone, compact (no indentation: it is
    for a program to read)."""
    return msgspec.json.encode(build_openapi(Registry([game])), order="sorted", enc_hook=english)


def routes(registry: Registry) -> list[Route]:
    """``GET /docs/games/{game}/openapi.json``; an unknown game is a ``404 unknown_game``."""
    built: dict[str, bytes] = {}

    async def game_document(request: Request) -> Response:
        game_id = request.path_params["game"]
        try:
            game = registry.get(game_id)
        except UnknownGame:
            raise Problem(
                "unknown_game", text("no game is registered with id {game!r}", game=game_id)
            ) from None
        body = built.get(game.id)
        if body is None:
            body = built[game.id] = document(game)
        return Response(body, 200, media_type="application/json")

    return [Route(PATH, game_document, methods=["GET"])]
