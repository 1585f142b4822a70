"""Hostile requests against every POST route, REST and GraphQL, over the real games (and the test
game Pig, which takes positions) -- with idempotency keys that are not keys, too (the header on
every route that takes one, the argument on every mutation).

A security review found 500s for JSON nested ~1,000 deep, invalid UTF-8 and the like; the service
must answer every such request with a 4xx problem (REST: ``application/problem+json`` with a
``code``; GraphQL: the same, or an error whose ``extensions`` carry the ``code``) and keep serving.
Each case is one request built byte by byte (hostile JSON cannot go through ``json.dumps``); after
each the app must still answer ``GET /healthz``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.api.operations import OPERATIONS
from arbiter.core import Registry, ScoreLine, rank
from arbiter.core.record import RECORD_FORMAT, GameRecord, RecordedMove, draw_chance
from arbiter.games import registry
from tests.api.conftest import settings
from tests.toy import Pig

JSON = "application/json"
DEEP = 5000  # ~1,000 levels already exhausted the recursion limit
DEEP_ARRAY = b"[" * DEEP + b"]" * DEEP
DEEP_OBJECT = b'{"a":' * DEEP + b"1" + b"}" * DEEP
BAD_UTF8 = b'"\xff\xfe\xc0\xaf"'  # invalid start bytes and an overlong "/"
HUGE = str(10**400).encode()
TOO_MANY_DIGITS = b"9" * 4400  # more digits than msgspec (and Python's int()) read
ANY_CODE = None  # any answer but a 5xx; a refusal still has to be a problem with a code
ANY_REFUSAL = ()  # a refusal with whatever code

_encode = msgspec.json.Encoder(order="deterministic").encode


@dataclass(frozen=True)
class Case:
    id: str
    path: str
    body: bytes
    expect: str | tuple[str, ...] | None  # problem code(s), or ANY_CODE
    content_type: str | None = JSON
    method: str = "POST"
    graphql: bool = False
    headers: tuple[tuple[str, bytes], ...] = ()


# ------------------------------------------------------------------------- valid requests


@dataclass(frozen=True)
class World:
    """A real position of one game, as a client would send it back."""

    game: str
    state: Any
    move: Any
    options: Any
    content: Any
    record: Any  # of setup and the first move, with a result (a record may claim one)
    position: Any  # None: the game takes no positions


def _world(game_id: str) -> World:
    game = GAMES.get(game_id)
    state = game.new_state(2, None, seed=7)
    state, _, drawn = draw_chance(game, state)
    move = game.legal_moves(state, game.to_act(state)[0])[0]
    content = game.content(state.content_id)
    decisions = [*drawn, move]
    record = GameRecord(
        format=RECORD_FORMAT,
        game=game_id,
        rules_version=game.rules_version,
        content_id=state.content_id,
        players=2,
        seed=7,
        options=game.options_type(),
        moves=[RecordedMove(step=i, move=m) for i, m in enumerate(decisions)],
        result=rank((3, 1), ("coins",), ((1,), (2,)), (ScoreLine(0, "points", 3),)),
    )

    def plain(value: Any) -> Any:
        return msgspec.json.decode(_encode(value))

    position = None if game.position_type is None else plain(game.position_of(state))
    return World(
        game_id,
        plain(state),
        plain(move),
        plain(game.options_type()),
        plain(content),
        plain(record),
        position,
    )


#: The real games, and the test game Pig for the routes of positions (a real game that takes no
#: positions yet answers them `positions_unsupported`, after its body was checked).
GAMES = Registry([*registry(), Pig()])
WORLDS = [_world(game) for game in ("scythe", "the-ancient-world", "pig")]


def emit(value: Any, at: tuple[Any, ...] | None = None, raw: bytes = b"", dup: Any = None) -> bytes:
    """``value`` as JSON bytes, with the value at path ``at`` replaced by the bytes ``raw`` and
    the first member of the object at path ``dup`` written twice."""
    return _emit(value, (), at, raw, dup)


def _emit(value: Any, here: tuple[Any, ...], at: Any, raw: bytes, dup: Any) -> bytes:
    if here == at:
        return raw
    if isinstance(value, dict):
        members = [
            _encode(key) + b":" + _emit(item, (*here, key), at, raw, dup)
            for key, item in value.items()
        ]
        if here == dup and members:
            members.insert(1, members[0])
        return b"{" + b",".join(members) + b"}"
    if isinstance(value, list):
        return (
            b"[" + b",".join(_emit(v, (*here, i), at, raw, dup) for i, v in enumerate(value)) + b"]"
        )
    return _encode(value)


def leaves(value: Any, kind: type, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of the leaves of type ``kind`` in ``value`` (bools are not ints here)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, kind, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, kind, (*here, i))
    elif isinstance(value, kind) and not isinstance(value, bool):
        yield here


def first_object(value: Any, here: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The path of the first object nested in ``value`` (depth >= 1), or of ``value`` itself."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        if isinstance(item, dict) and item:
            return (*here, key)
        if isinstance(item, list | dict):
            found = first_object(item, (*here, key))
            if found is not None and found != (*here, key):
                return found
    return here


# --------------------------------------------------------------------------- REST cases


#: A handle in the right format that no server sealed (the bodies around it are what is hostile).
HANDLE = "Ag" + "A" * 80


def rest_routes(world: World) -> dict[str, tuple[str, dict[str, Any]]]:
    """route name -> (path, a valid body)."""
    g = world.game
    text = {"render": True}  # answers with the text of a view: hostile bodies keep failing alike
    return {
        "states": (
            f"/v1/games/{g}/states",
            {"players": 2, "seed": 7, "options": world.options, **text},
        ),
        "moves": (f"/v1/games/{g}/moves", {"state": world.state, "move": world.move, **text}),
        "legal-moves": (f"/v1/games/{g}/legal-moves", {"state": world.state, "as_seat": 0}),
        "validate": (f"/v1/games/{g}/validate", {"state": world.state, "move": world.move}),
        "hints": (f"/v1/games/{g}/hints", {"state": world.state, "playouts": 3, "seed": 1}),
        "replay": (
            f"/v1/games/{g}/replay",
            {"players": 2, "seed": 7, "moves": [world.move], "options": world.options, **text},
        ),
        "replay-record": (f"/v1/games/{g}/replay", world.record),
        "record": (f"/v1/games/{g}/record", {"state": world.state}),
        "record-by-token": (f"/v1/games/{g}/record", {"state_token": HANDLE}),
        "content": (f"/v1/games/{g}/content", world.content),
        "current": (f"/v1/games/{g}/current", {"state_token": HANDLE, "as_seat": 0, **text}),
        "undo": (f"/v1/games/{g}/undo", {"state_token": HANDLE, "as_seat": 0, **text}),
        "echo": ("/v1/echo", {"any": ["json", 1, {"k": [2, None]}]}),
        "positions": (
            f"/v1/games/{g}/positions",
            {"position": world.position or {}, "seed": 7, "as_seat": 0, **text},
        ),
        "position": (f"/v1/games/{g}/position", {"state": world.state}),
        "position-by-token": (f"/v1/games/{g}/position", {"state_token": HANDLE}),
    }


#: The members of each route that carry game values (kept raw, decoded by the game's codec).
GAME_MEMBERS: dict[str, list[tuple[Any, ...]]] = {
    "states": [("options",)],
    "moves": [("state",), ("move",)],
    "legal-moves": [("state",)],
    "validate": [("state",), ("move",)],
    "hints": [("state",)],
    "replay": [("moves", 0), ("options",)],
    "replay-record": [("moves", 0), ("moves", 0, "move"), ("options",), ("result",)],
    "record": [("state",)],
    "record-by-token": [],
    "content": [()],
    "current": [],
    "undo": [],
    "echo": [()],
    "positions": [("position",)],  # a game that takes positions (see rest_cases)
    "position": [("state",)],
    "position-by-token": [],
}
NUMBER_MEMBERS: dict[str, list[tuple[str]]] = {
    "states": [("players",), ("seed",)],
    "moves": [("as_seat",)],
    "legal-moves": [("as_seat",)],
    "validate": [("as_seat",)],
    "hints": [("seat",), ("playouts",), ("seed",), ("seconds",)],
    "replay": [("players",), ("seed",)],
    "replay-record": [("players",), ("seed",)],
    "current": [("as_seat",)],
    "undo": [("as_seat",)],
    "positions": [("seed",), ("as_seat",)],
}


def rest_cases() -> Iterator[Case]:
    for world in WORLDS:
        g = world.game
        for route, (path, body) in rest_routes(world).items():
            name = f"{g}-{route}"
            raw = emit(body)
            yield from _whole_body_cases(name, path, raw, body, route)
            members = GAME_MEMBERS[route]
            if world.position is None and route.startswith("position"):
                # the body is checked first; then the game says it takes no positions
                yield Case(f"{name}-unsupported", path, raw, "positions_unsupported")
                members = []
            for member in members:
                yield from _member_cases(name, path, body, member, route)
            for member in NUMBER_MEMBERS.get(route, []):
                at = _label(member)
                given = {**body, member[0]: 0}
                for label, number in (("huge", HUGE), ("-huge", b"-" + HUGE), ("1e400", b"1e400")):
                    yield Case(
                        f"{name}-{at}-{label}", path, emit(given, member, number), "invalid_request"
                    )
                for label, literal in (("nan", b"NaN"), ("inf", b"Infinity")):
                    yield Case(
                        f"{name}-{at}-{label}", path, emit(given, member, literal), "malformed_json"
                    )
            for label, content_type in (
                ("text-plain", "text/plain"),
                ("form", "application/x-www-form-urlencoded"),
                ("multipart", "multipart/form-data; boundary=x"),
                ("no-content-type", None),
                ("latin-1", "application/json; charset=latin-1"),
                ("jsonp", "application/jsonp"),
            ):
                yield Case(f"{name}-{label}", path, raw, "unsupported_media_type", content_type)
            yield Case(f"{name}-trailing-slash", path + "/", raw, "not_found")
            if "render" in body:  # the flag is a boolean, nothing else
                for label, flag in (("string", b'"true"'), ("number", b"1"), ("null", b"null")):
                    odd = emit(body, ("render",), flag)
                    yield Case(f"{name}-render-{label}", path, odd, "invalid_request")
        yield from _string_cases(world)
        yield from _path_cases(world)


def _whole_body_cases(name: str, path: str, raw: bytes, body: Any, route: str) -> Iterator[Case]:
    echo = route == "echo"
    not_an_object = ANY_CODE if echo else "invalid_request"
    yield Case(f"{name}-empty", path, b"", "malformed_json")
    yield Case(f"{name}-truncated", path, raw[: len(raw) // 2], "malformed_json")
    yield Case(f"{name}-bom", path, b"\xef\xbb\xbf" + raw, "malformed_json")
    yield Case(f"{name}-utf8-outside-strings", path, raw[:-1] + b"\xff}", "malformed_json")
    yield Case(f"{name}-array", path, b"[1, 2]", not_an_object)
    yield Case(f"{name}-number", path, b"12", not_an_object)
    yield Case(f"{name}-string", path, b'"{}"', not_an_object)
    yield Case(f"{name}-nan", path, b"NaN", "malformed_json")
    yield Case(f"{name}-deep-array", path, DEEP_ARRAY, ("nesting_too_deep", "invalid_request"))
    yield Case(f"{name}-deep-object", path, DEEP_OBJECT, ("nesting_too_deep", "invalid_request"))
    yield Case(f"{name}-dup-top", path, emit(body, dup=()), "duplicate_key")
    first = next(iter(body))
    yield Case(
        f"{name}-dup-top-last",
        path,
        raw[:-1] + b"," + _encode(first) + b":" + _encode(body[first]) + b"}",
        "duplicate_key",
    )
    escaped = f'"\\u{ord(first[0]):04x}{first[1:]}"'.encode()  # the same key, written otherwise
    yield Case(
        f"{name}-dup-escaped",
        path,
        raw[:-1] + b"," + escaped + b":" + _encode(body[first]) + b"}",
        "duplicate_key",
    )


def _member_cases(
    name: str, path: str, body: Any, member: tuple[Any, ...], route: str
) -> Iterator[Case]:
    at = _label(member)
    value: Any = body
    for key in member:
        value = value[key]
    raw_member = route not in ("content", "echo")  # decoded raw first, then by the game's codec
    deep = (
        "nesting_too_deep"
        if raw_member or route == "echo"
        else ("nesting_too_deep", "invalid_request")
    )
    if member:
        yield Case(f"{name}-{at}-deep-array", path, emit(body, member, DEEP_ARRAY), deep)
        yield Case(f"{name}-{at}-deep-object", path, emit(body, member, DEEP_OBJECT), deep)
        yield Case(f"{name}-{at}-bad-utf8", path, emit(body, member, BAD_UTF8), "malformed_json")
        yield Case(f"{name}-{at}-nan", path, emit(body, member, b"NaN"), "malformed_json")
    if isinstance(value, dict) and value:
        yield Case(f"{name}-{at}-dup", path, emit(body, dup=member), "duplicate_key")
        nested = first_object(value)
        if nested:
            yield Case(
                f"{name}-{at}-dup-nested", path, emit(body, dup=(*member, *nested)), "duplicate_key"
            )
    strings = list(leaves(value, str))
    if strings:
        yield Case(
            f"{name}-{at}-bad-utf8-inside",
            path,
            emit(body, (*member, *strings[-1]), BAD_UTF8),
            "malformed_json",
        )
    ints = list(leaves(value, int))
    step = max(1, len(ints) // 8)  # some eight integers of each value, spread over it
    for leaf in ints[::step]:
        where = (*member, *leaf)
        label = _label(where)
        yield Case(f"{name}-{label}-huge", path, emit(body, where, HUGE), ANY_CODE)
        yield Case(f"{name}-{label}--huge", path, emit(body, where, b"-" + HUGE), ANY_CODE)
    for leaf in ints[:1]:
        where = (*member, *leaf)
        label = _label(where)
        for kind, literal in (("nan", b"NaN"), ("inf", b"Infinity"), ("-inf", b"-Infinity")):
            yield Case(f"{name}-{label}-{kind}", path, emit(body, where, literal), "malformed_json")
        yield Case(f"{name}-{label}-1e400", path, emit(body, where, b"1e400"), "invalid_request")
        yield Case(
            f"{name}-{label}-4400-digits",
            path,
            emit(body, where, TOO_MANY_DIGITS),
            "invalid_request",
        )


def _string_cases(world: World) -> Iterator[Case]:
    g = world.game
    states = f"/v1/games/{g}/states"
    yield Case(
        f"{g}-states-content_id-bad-utf8",
        states,
        b'{"players": 2, "content_id": "\xff\xfe"}',
        "malformed_json",
    )
    moves = f"/v1/games/{g}/moves"
    bad_id = b'{"state_id": "\xc3\x28", "move": ' + _encode(world.move) + b"}"
    yield Case(f"{g}-moves-state_id-bad-utf8", moves, bad_id, "malformed_json")
    yield Case(
        f"{g}-moves-state-twice",
        moves,
        emit({"state": world.state, "move": world.move})[:-1]
        + b',"state":'
        + _encode(world.state)
        + b"}",
        "duplicate_key",
    )


def _path_cases(world: World) -> Iterator[Case]:
    g = world.game
    body = emit({"players": 2})
    for label, path in (
        ("slash-encoded", f"/v1/games/{g}%2fstates"),
        ("slash-encoded-upper", f"/v1/games/{g}%2Fstates"),
        ("slash-encoded-game", f"/v1/games%2f{g}/states"),
        ("backslash-encoded", f"/v1/games/{g}%5cstates"),
        ("nul", f"/v1/games/{g}%00/states"),
        ("bad-utf8-escape", f"/v1/games/{g}%ff/states"),
        ("overlong-slash", f"/v1/games/{g}%c0%af/states"),
        ("double-slash", f"/v1/games//{g}/states"),
        ("long-game", f"/v1/games/{'a' * 129}/states"),
        ("odd-game", f"/v1/games/{g}~1/states"),
        ("space-game", f"/v1/games/{g}%20/states"),
    ):
        yield Case(f"{g}-path-{label}", path, body, "not_found")
    for label, path in (
        ("games-trailing-slash", "/v1/games/"),
        ("game-trailing-slash", f"/v1/games/{g}/"),
        ("long-content-id", f"/v1/games/{g}/content/{'f' * 129}"),
        ("content-id-slash", f"/v1/games/{g}/content/ab%2fcd"),
        ("long-state-id", f"/v1/states/{'A' * 300}"),
        ("state-id-bad-utf8", "/v1/states/%ff%fe"),
        ("state-id-nul", "/v1/states/abc%00"),
        ("healthz-trailing-slash", "/healthz/"),
        ("static-dot-dot", "/static/play/../../static.py"),
        ("static-encoded-dot-dot", "/static/%2e%2e/static.py"),
        ("static-encoded-slash", "/static/play%2fplay.js"),
        ("static-unknown", "/static/play/nope.js"),
        ("static-directory", "/static/play"),
        ("static-python", "/static/__init__.py"),
        ("play-trailing-slash", "/play/"),
    ):
        yield Case(f"{g}-get-{label}", path, b"", "not_found", None, "GET")
    for label, seat in (("superscript", "%C2%B2"), ("arabic-indic", "%D9%A3"), ("bad-utf8", "%ff")):
        path = f"/v1/states/AAAAAAAAAAAAAAAAAAAAAA?as_seat={seat}"  # int("²") raised: a 500
        yield Case(f"{g}-get-as_seat-{label}", path, b"", "invalid_request", None, "GET")


def _label(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in path) or "body"


# ------------------------------------------------------------------------ GraphQL cases

GRAPHQL_OPERATIONS = {
    "state": "query($g: String!, $v: JSON) { legalMoves(game: $g, state: $v) { toAct } }",
    "move": "mutation($g: String!, $v: JSON!, $s: JSON) { applyMove(game: $g, move: $v, state: $s, render: true) { game text } }",
    "options": "mutation($g: String!, $v: JSON) { newGame(game: $g, players: 2, seed: 7, options: $v, render: true) { game text } }",
    "moves": "query($g: String!, $v: [JSON!]!) { replay(game: $g, players: 2, seed: 7, moves: $v) { game } }",
    "record": "query($g: String!, $v: JSON) { replay(game: $g, record: $v) { game } }",
    "record-state": "query($g: String!, $v: JSON) { record(game: $g, state: $v) }",
    "content": "mutation($g: String!, $v: JSON!) { registerContent(game: $g, content: $v) { contentId } }",
    "position": "mutation($g: String!, $v: JSON!) { setUpPosition(game: $g, position: $v, render: true) { game text } }",
    "position-state": "query($g: String!, $v: JSON) { position(game: $g, state: $v) { position } }",
}


def graphql_cases() -> Iterator[Case]:
    for world in WORLDS:
        g = world.game
        values = {
            "state": world.state,
            "move": world.move,
            "options": world.options,
            "moves": [world.move],
            "record": world.record,
            "record-state": world.state,
            "content": world.content,
        }
        if world.position is not None:
            values.update({"position": world.position, "position-state": world.state})
        for member, value in values.items():
            query = GRAPHQL_OPERATIONS[member]

            state = b',"s":' + _encode(world.state) if member == "move" else b""

            def request(v: bytes, query: str = query, g: str = g, state: bytes = state) -> bytes:
                variables = b'{"g":' + _encode(g) + state + b',"v":' + v + b"}"
                return b'{"query":' + _encode(query) + b',"variables":' + variables + b"}"

            name = f"{g}-graphql-{member}"
            for label, v, expect in (
                ("deep-array", DEEP_ARRAY, "nesting_too_deep"),
                ("deep-object", DEEP_OBJECT, "nesting_too_deep"),
                ("bad-utf8", BAD_UTF8, "malformed_json"),
                ("nan", b"NaN", "malformed_json"),
                ("1e400", b"1e400", ("invalid_request", "malformed_json")),
                ("dup", emit(value, dup=(0,) if member == "moves" else ()), "duplicate_key"),
            ):
                yield Case(f"{name}-{label}", "/graphql", request(v), expect, graphql=True)
            plain = value[0] if member == "moves" else value
            ints = list(leaves(plain, int))
            if ints:
                where = ((0,) if member == "moves" else ()) + ints[0]
                yield Case(
                    f"{name}-huge",
                    "/graphql",
                    request(emit(value, where, HUGE)),
                    ANY_CODE,
                    graphql=True,
                )
        query = GRAPHQL_OPERATIONS["move"]
        body = emit({"query": query, "variables": {"g": g, "v": world.move, "s": world.state}})
        name = f"{g}-graphql"
        for label, content_type in (
            ("text-plain", "text/plain"),
            ("form", "application/x-www-form-urlencoded"),
            ("multipart", "multipart/form-data; boundary=x"),
            ("no-content-type", None),
        ):
            yield Case(
                f"{name}-{label}",
                "/graphql",
                body,
                "unsupported_media_type",
                content_type,
                graphql=True,
            )
        yield Case(f"{name}-trailing-slash", "/graphql/", body, "not_found", graphql=True)
        literal = b"[" * DEEP + b"]" * DEEP
        whole: tuple[tuple[str, bytes, str | tuple[str, ...]], ...] = (
            ("empty", b"", "malformed_json"),
            ("truncated", body[: len(body) // 2], "malformed_json"),
            ("bom", b"\xef\xbb\xbf" + body, "malformed_json"),
            ("utf8-outside-strings", body[:-1] + b"\xff}", "malformed_json"),
            ("array", b"[1, 2]", ANY_REFUSAL),
            ("number", b"12", ANY_REFUSAL),
            ("deep-body", DEEP_ARRAY, "nesting_too_deep"),
            ("dup-top", emit({"query": query, "variables": {}}, dup=()), "duplicate_key"),
            (
                "deep-literal",
                b'{"query": "{ validate(game: \\"x\\", move: ' + literal + b') { legal } }"}',
                ANY_REFUSAL,
            ),
        )
        for label, raw, refusal in whole:
            yield Case(f"{name}-{label}", "/graphql", raw, refusal, graphql=True)


# ---------------------------------------------------------------- idempotency keys (REST, GraphQL)

#: Keys a client may send that are not keys (1 to 255 visible ASCII characters): refused with
#: ``invalid_request`` before anything runs.
BAD_KEYS: tuple[tuple[str, bytes], ...] = (
    ("empty", b""),
    ("long", b"k" * 256),
    ("huge", b"k" * 6000),
    ("latin1", "clé".encode("latin-1")),
    ("utf8", "clé".encode()),
    ("bad-utf8", b"\xff\xfe\xc0\xaf"),
    ("space", b"two words"),
    ("tab", b"a\tb"),
)
#: The routes a key makes safe to retry (arbiter.api.operations.keyed_paths), by their last segment.
KEYED_ROUTES = tuple(op.path.rsplit("/", 1)[1] for op in OPERATIONS if op.idempotent)
KEYED_MUTATIONS = ("move", "options", "content", "position")


def key_cases() -> Iterator[Case]:
    """Every route and mutation that takes an idempotency key, with keys that are not keys (and a
    good key on a hostile body: the body's refusal, kept or not, is still a problem)."""
    for world in WORLDS:
        g = world.game
        routes = rest_routes(world)
        for route in KEYED_ROUTES:
            path, body = routes[route]
            raw = emit(body)
            for label, key in BAD_KEYS:
                yield Case(
                    f"{g}-{route}-key-{label}",
                    path,
                    raw,
                    "invalid_request",
                    headers=(("idempotency-key", key),),
                )
            for attempt in ("first", "again"):  # the refusal is kept: the retry gets it too
                yield Case(
                    f"{g}-{route}-key-deep-body-{attempt}",
                    path,
                    DEEP_ARRAY,
                    ANY_REFUSAL,
                    headers=(("idempotency-key", f"{g}-{route}-deep".encode()),),
                )
        values = {
            "move": world.move,
            "options": world.options,
            "content": world.content,
            "position": world.position,
        }
        for member in KEYED_MUTATIONS:
            if values[member] is None:
                continue
            query = (
                GRAPHQL_OPERATIONS[member]
                .replace("($g: String!", "($k: String, $g: String!")
                .replace("(game: $g", "(idempotencyKey: $k, game: $g")
            )
            state = {"s": world.state} if member == "move" else {}
            for label, key in (
                ("empty", ""),
                ("long", "k" * 256),
                ("huge", "k" * 6000),
                ("utf8", "clé"),
                ("control", "a\u0000b"),
            ):
                variables = {"g": g, "v": values[member], "k": key, **state}
                body = emit({"query": query, "variables": variables})
                yield Case(
                    f"{g}-graphql-{member}-key-{label}",
                    "/graphql",
                    body,
                    "invalid_request",
                    graphql=True,
                )
            wrong = emit({"query": query, "variables": {"g": g, "v": values[member], "k": 12, **state}})  # fmt: skip
            yield Case(
                f"{g}-graphql-{member}-key-int", "/graphql", wrong, ANY_REFUSAL, graphql=True
            )


def _params() -> list[Any]:
    cases = [*rest_cases(), *graphql_cases(), *key_cases()]
    return [pytest.param(case, id=case.id) for case in cases]


# -------------------------------------------------------------------------------- tests


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(settings(), GAMES)) as client:
        yield client


@pytest.mark.parametrize("case", _params())
def test_hostile_requests_are_4xx_problems(client: TestClient, case: Case) -> None:
    headers: dict[str, str | bytes] = dict(case.headers)
    if case.content_type is not None:
        headers["content-type"] = case.content_type
    response = client.request(case.method, case.path, content=case.body, headers=headers)
    assert response.status_code < 500, response.text
    assert not 300 <= response.status_code < 400, response.headers  # no redirect, no Location
    code = _code(response, case)
    if case.expect == ANY_REFUSAL:
        assert code is not None, response.text
    elif case.expect is not ANY_CODE:
        expected = (case.expect,) if isinstance(case.expect, str) else case.expect
        assert code in expected, response.text
    assert client.get("/healthz").status_code == 200


def _code(response: Any, case: Case) -> str | None:
    """The problem code of a refusal (None for an answer that is not one)."""
    content_type = response.headers.get("content-type", "")
    if content_type == "application/problem+json":
        document = response.json()
        assert document["status"] == response.status_code
        assert document["type"] == f"/problems/{document['code']}"
        assert document["title"] and document["detail"]
        return str(document["code"])
    if case.graphql and content_type.startswith(JSON):
        errors = response.json().get("errors")
        return str(errors[0]["extensions"]["code"]) if errors else None
    assert response.status_code < 400, f"a refusal that is not a problem: {response.text[:300]}"
    return None


def test_json_is_accepted_with_any_case_and_utf8_parameters(client: TestClient) -> None:
    for content_type in (
        "application/json",
        "Application/JSON; charset=UTF-8",
        'application/json;charset="utf-8"',
    ):
        response = client.post("/v1/echo", content=b"[1]", headers={"content-type": content_type})
        assert response.status_code == 200 and response.content == b"[1]"


def test_refusals_before_routing_still_get_request_ids_and_metrics(client: TestClient) -> None:
    response = client.post(
        "/v1/games/scythe%2fstates", content=b"{}", headers={"content-type": JSON}
    )
    assert response.json()["request_id"] == response.headers["x-request-id"]
    assert 'route="unmatched",status="404"' in client.get("/metrics").text


def test_a_method_no_route_takes_is_405_whatever_the_body(client: TestClient) -> None:
    for method, path in (("PUT", "/v1/echo"), ("POST", "/v1/games"), ("PATCH", "/healthz")):
        response = client.request(
            method, path, content=b"x", headers={"content-type": "text/plain"}
        )
        assert response.status_code == 405, (method, path, response.text)
        assert response.json()["code"] == "method_not_allowed"
