"""No document the service serves contains a filesystem path.

The default Scythe pack once named its sources by the absolute paths of the files they were
transcribed from, on the machine the pack was built on (``/work/shared/rules/scythe.ru.txt``),
and ``GET /v1/games/scythe/content/{id}`` served them. This test fetches every ``GET`` route of
a live ``arbiter serve`` (each game's fact sheet and default pack, every problem page, GraphiQL,
error documents) and a few ``POST`` answers (a new game of each game, open and sealed, a move, a
replay, a record, a position, GraphQL with its introspection), and looks in each body -- its raw
text and, for JSON, every decoded string -- for the paths of this machine: the repository, the
installed ``arbiter`` package, the Python prefix, the server's working directory, and the usual
roots.

A new ``GET`` route fails :func:`test_every_get_route_is_fetched` until it is fetched here.
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.routing import Route, WebSocketRoute

import arbiter
from arbiter.api import static
from arbiter.api.app import create_app
from arbiter.api.problems import CODES
from arbiter.games import registry
from tests.api.conftest import settings
from tests.api.test_server_timeouts import start_serve, wait_until_healthy

REPOSITORY = Path(__file__).resolve().parents[2]

#: Markers of a filesystem path, whatever the machine.
ROOTS = ("/work/", "/root/", "/home/", "/Users/", "site-packages", "dist-packages", "C:\\")


def forbidden(server_cwd: Path) -> list[str]:
    """The paths of this machine that no answer may contain, longest first."""
    paths = {
        Path.cwd(),
        REPOSITORY,
        Path(arbiter.__file__).resolve().parent,
        Path(sys.prefix),
        Path(sys.base_prefix),
        server_cwd,
    }
    texts = {str(path) for path in paths if len(path.parts) > 2}  # never "/" or "/usr" alone
    return sorted(texts | set(ROOTS), key=len, reverse=True)


def strings(value: Any) -> Iterator[str]:
    """Every string of a decoded JSON document, member names included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, member in value.items():
            yield key
            yield from strings(member)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


class Server:
    """A live ``arbiter serve``: fetches documents and keeps every answer."""

    def __init__(self, base: str, cwd: Path) -> None:
        self.base = base
        self.cwd = cwd
        #: (request, status, body) of every answer, in order.
        self.answers: list[tuple[str, int, bytes]] = []

    def fetch(
        self,
        path: str,
        body: Any = None,
        *,
        raw: bytes | None = None,
        content_type: str = "application/json",
    ) -> tuple[int, Any]:
        """``GET path``, or ``POST`` it ``body`` as JSON (``raw`` as is); the status and JSON."""
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        headers = {} if data is None else {"content-type": content_type}
        request = urllib.request.Request(self.base + path, data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read()
        self.answers.append((f"{request.get_method()} {path}", status, text))
        try:
            return status, json.loads(text)
        except ValueError:
            return status, None

    def graphql(self, query: str, **variables: Any) -> Any:
        status, answer = self.fetch("/graphql", {"query": query, "variables": variables})
        assert status == 200, answer
        return answer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``arbiter serve`` as ``make serve`` runs it (development: GraphiQL and introspection on),
    with every document of :func:`fetch_everything` fetched."""
    directory = tmp_path_factory.mktemp("no-paths")
    process, port = start_serve(directory)
    try:
        wait_until_healthy(process, port, directory)
        served = Server(f"http://127.0.0.1:{port}", directory)
        fetch_everything(served)
        yield served
    finally:
        process.terminate()
        process.wait(timeout=30)


def get_routes() -> set[str]:
    """The path templates of every ``GET`` route of the app."""
    app = create_app(settings(), registry())
    routes = app.starlette.routes
    assert all(isinstance(route, Route | WebSocketRoute) for route in routes), "a mount?"
    return {
        route.path
        for route in routes
        if isinstance(route, Route) and "GET" in (route.methods or ())
    }


def fetch_everything(server: Server) -> None:
    """Every ``GET`` route, a few ``POST`` answers of each game, and error documents."""
    for path in ("/", "/openapi.json", "/healthz", "/readyz", "/metrics", "/graphql"):
        server.fetch(path)
    for path in ("/play", "/docs", *(f"/static/{name}" for name in static.load())):
        assert server.fetch(path)[0] == 200, path
    status, listing = server.fetch("/v1/games")
    assert status == 200
    games = {game["id"]: game["default_content_id"] for game in listing["games"]}
    assert set(games) == {game.id for game in registry()}
    for code in [*CODES, "the-ancient-world.place.action_closed", "no-such-code"]:
        server.fetch(f"/problems/{code}")

    for game, content_id in games.items():
        base = f"/v1/games/{game}"
        assert server.fetch(base)[0] == 200
        assert server.fetch(f"/docs/games/{game}")[0] == 200
        assert server.fetch(f"/docs/games/{game}/openapi.json")[0] == 200
        status, pack = server.fetch(f"{base}/content/{content_id}")
        assert status == 200 and pack, f"the default pack of {game} is served"
        server.fetch(f"{base}/content/0123456789abcdef")  # unknown_content
        status, opened = server.fetch(f"{base}/states", {"players": 2, "seed": 7})
        assert status == 201, opened
        state_id = opened["state_id"]
        server.fetch(f"/v1/states/{state_id}")
        server.fetch(f"/v1/states/{state_id}?as_seat=0")
        first = opened["legal_moves"][0]
        server.fetch(f"{base}/moves", {"state_id": state_id, "move": first})
        server.fetch(f"{base}/legal-moves", {"state_id": state_id})
        server.fetch(f"{base}/validate", {"state_id": state_id, "move": {"type": "no-such"}})
        server.fetch(f"{base}/moves", {"state_id": state_id, "move": {"type": "no-such"}})
        server.fetch(f"{base}/moves", {"state": {"broken": True}, "move": first})
        server.fetch(f"{base}/replay", {"players": 2, "seed": 7, "moves": [first]})
        status, record = server.fetch(f"{base}/record", {"state_id": state_id})
        assert status == 200, record
        server.fetch(f"{base}/replay", record)
        server.fetch(f"{base}/record", {"state": {"broken": True}})
        status, shown = server.fetch(f"{base}/position", {"state_id": state_id})
        if status == 200:  # a game that takes positions: set its table up again
            server.fetch(f"{base}/positions", {"position": shown["position"], "seed": 7})
        server.fetch(f"{base}/positions", {"position": {"broken": True}})
        status, sealed = server.fetch(f"{base}/states", {"players": 2, "seed": 7, "sealed": True})
        assert status == 201, sealed
        master = sealed["state_token"]
        server.fetch(f"{base}/moves", {"state_token": master, "move": first})
        server.fetch(f"{base}/current", {"state_token": sealed["seat_tokens"][1]})
        server.fetch(f"{base}/undo", {"state_token": master})
        server.fetch(f"{base}/record", {"state_token": master})
        server.fetch(f"{base}/record", {"state_token": sealed["seat_tokens"][0]})  # master_only
        server.fetch(f"{base}/position", {"state_token": master})
        server.fetch(f"{base}/position", {"state_token": sealed["seat_tokens"][0]})
        server.fetch(f"{base}/moves", {"state_token": "A" * 90, "move": first})
        server.fetch(f"{base}/spectators", {"state_token": master})
        server.fetch(f"{base}/tables/{'A' * 90}/events")  # a stream refused before it opens
        server.graphql(
            "query($g: String!, $c: String!) { content(game: $g, contentId: $c) }",
            g=game,
            c=content_id,
        )

    # Error documents: routing, media type, bodies, GraphQL.
    server.fetch("/no-such-page")
    server.fetch("/v1/games/no-such-game")
    server.fetch("/v1/states/no-such-state")
    server.fetch("/v1/games/no-such-game/states", {"players": 2})
    server.fetch("/v1/games/scythe/states", {"players": 2}, content_type="text/plain")
    server.fetch("/v1/games/scythe/states", raw=b'{"players": 2,')
    server.fetch("/v1/games/scythe/states", raw=b"[" * 10_000 + b"]" * 10_000)
    server.fetch("/v1/games/scythe/states", {"players": "two", "surprise": 1})
    server.fetch("/v1/games/scythe/replay", {"players": 2, "seed": 1, "moves": [{"x": 1}]})
    server.fetch("/graphql?query={games{id}}")
    server.graphql("{ games { id defaultContentId description } }")
    server.graphql("{ __schema { types { name description fields { name description } } } }")
    server.graphql('{ game(id: "no-such-game") { id } }')
    server.graphql("{ games { id ")  # a parse error


def _matches(template: str, path: str) -> bool:
    """Whether ``path`` (a query string allowed) is one of the route ``template``; a last
    ``{name:path}`` takes the rest of the path."""
    left, right = template.split("/"), path.partition("?")[0].split("/")
    if left[-1].endswith(":path}") and len(right) > len(left):
        right = [*right[: len(left) - 1], "/".join(right[len(left) - 1 :])]
    return len(left) == len(right) and all(
        a == b or a.startswith("{") for a, b in zip(left, right, strict=True)
    )


def test_every_get_route_is_fetched(server: Server) -> None:
    fetched = [request.split(" ", 1)[1] for request, _, _ in server.answers]
    missed = sorted(
        route for route in get_routes() if not any(_matches(route, path) for path in fetched)
    )
    assert not missed, f"GET routes this test does not fetch: {missed}"


def test_no_served_document_contains_a_filesystem_path(server: Server) -> None:
    markers = forbidden(server.cwd)
    assert len(server.answers) > 50
    leaks: list[str] = []
    for request, status, body in server.answers:
        text = body.decode("utf-8", errors="replace")
        try:
            pieces = [text, *strings(json.loads(body))]
        except ValueError:
            pieces = [text]
        for marker in markers:
            if any(marker in piece for piece in pieces):
                at = max(text.find(marker), 0)
                leaks.append(f"{request} ({status}) has {marker!r}: {text[at - 60 : at + 60]!r}")
                break
    assert not leaks, "\n".join(leaks)


def test_the_default_packs_name_their_sources_without_paths() -> None:
    """The packs themselves, as the games load them (the served bytes are checked above)."""
    markers = forbidden(REPOSITORY)
    for game in registry():
        text = msgspec.json.encode(game.default_content()).decode()
        assert not [marker for marker in markers if marker in text], game.id
