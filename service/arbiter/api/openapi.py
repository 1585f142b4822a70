"""The contracts, generated from the code: OpenAPI 3.1, JSON Schemas per game, GraphQL SDL.

* ``openapi/openapi.json`` -- the REST API (also served at ``/openapi.json``). Schemas come from
  the msgspec types with :func:`msgspec.json.schema_components`. Each registered game contributes
  its own components, named ``<game>.State``, ``<game>.Move``, ``<game>.View``, ``<game>.Event``,
  ``<game>.Options`` and ``<game>.Content`` (its structs as ``<game>.<StructName>``); the
  request and response members that carry game values point at the unions ``State`` (``oneOf``
  the games' states), ``Move``, ``View``, ``Event``, ``Options`` and ``Content`` (``anyOf``: two
  games may share a move's shape). Responses that carry a state declare OpenAPI **links** from
  ``state_id``, ``state_token`` and ``state`` to the next ``moves``, ``legal-moves`` and
  ``validate`` requests, which is how schemathesis walks real games.
* ``schema/<game>/{state,move,view,content,options,event}.json`` -- JSON Schema 2020-12.
* ``schema/schema.graphql`` -- the GraphQL SDL.

Everything is deterministic: sorted keys, two-space indentation, a trailing newline.
"""

from __future__ import annotations

import difflib
import inspect
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

import arbiter
from arbiter.api.envelope import (
    ContentCreated,
    Envelope,
    GameList,
    HandleRequest,
    Health,
    LegalMoves,
    MoveRequest,
    NewStateRequest,
    ReplayRequest,
    Validation,
)
from arbiter.api.problems import CODES, PROBLEM_MEDIA_TYPE, ProblemDetails
from arbiter.core import Registry
from arbiter.core.registry import AnyGame

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
REF = "#/components/schemas/"
ROLES = ("State", "Move", "View", "Content", "Options", "Event")
_NAME = re.compile(r"^[A-Za-z0-9._-]+$")


class SchemaError(ValueError):
    """A game's types cannot be published (a component name clash, an invalid name)."""


def dumps(document: Any) -> bytes:
    """Deterministic JSON: sorted keys, two-space indentation, a trailing newline."""
    return msgspec.json.format(msgspec.json.encode(document, order="sorted"), indent=2) + b"\n"


def _clean(node: Any) -> Any:
    """Docstrings made descriptions: common indentation removed."""
    if isinstance(node, dict):
        return {
            k: inspect.cleandoc(v) if k == "description" and isinstance(v, str) else _clean(v)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_clean(v) for v in node]
    return node


def _role_types(game: AnyGame) -> list[Any]:
    return [
        game.state_type,
        game.move_type,
        game.view_type,
        game.content_type,
        game.options_type,
        game.event_type,
    ]


def game_components(game: AnyGame) -> dict[str, Any]:
    """The OpenAPI components of one game, every name prefixed with the game's id."""
    prefix = f"{game.id}."
    refs, structs = msgspec.json.schema_components(
        _role_types(game), ref_template=REF + prefix + "{name}"
    )
    components: dict[str, Any] = {}
    for name, schema in structs.items():
        if not _NAME.match(name):
            raise SchemaError(f"{game.id}: struct name {name!r} is not a valid component name")
        components[prefix + name] = schema
    for role, ref in zip(ROLES, refs, strict=True):
        name = prefix + role
        if ref == {"$ref": REF + name}:
            continue  # the struct is already called like its role
        if name in components:
            raise SchemaError(f"{game.id}: the struct {role!r} is not the game's {role.lower()}")
        components[name] = ref
    return components


def _union(registry: Registry, role: str, keyword: str) -> dict[str, Any]:
    refs = [{"$ref": f"{REF}{game.id}.{role}"} for game in registry]
    if not refs:
        return {"not": {}, "description": f"No game is registered: there is no {role.lower()}."}
    return {keyword: refs, "description": f"The {role.lower()} of one of the registered games."}


def _patch(component: dict[str, Any], field: str, schema: dict[str, Any]) -> None:
    """Put ``schema`` where msgspec wrote ``{}`` (an ``Any`` or ``Raw`` member) for ``field``.

    Optional request members may also be ``null`` (the service reads it as absent).
    """
    prop = component["properties"][field]
    if field not in component.get("required", ()) and prop == {}:
        prop = component["properties"][field] = {"anyOf": [{}, {"type": "null"}]}
    if prop.get("type") == "array":
        prop["items"] = schema
    elif "anyOf" in prop:
        prop["anyOf"] = [schema if option == {} else option for option in prop["anyOf"]]
    else:
        rest = {k: v for k, v in prop.items() if k != "description"}
        assert rest == {}, (field, prop)
        component["properties"][field] = {**schema, **prop}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": REF + name}


API_TYPES = [
    GameList,
    NewStateRequest,
    HandleRequest,
    MoveRequest,
    ReplayRequest,
    Envelope,
    LegalMoves,
    Validation,
    ContentCreated,
    Health,
    ProblemDetails,
]


def api_components(registry: Registry) -> dict[str, Any]:
    """Every component: the API's own types, the unions over games, and each game's types."""
    _, components = msgspec.json.schema_components(API_TYPES, ref_template=REF + "{name}")
    components["Problem"] = components.pop("ProblemDetails")
    components["Problem"]["title"] = "Problem"
    components["Problem"]["properties"]["code"]["description"] = (
        "A stable code: one of the service's own (" + ", ".join(sorted(CODES)) + ") or a "
        "game's rule code such as `pig.not_your_turn`."
    )
    components["State"] = _union(registry, "State", "oneOf")
    for role in ROLES[1:]:
        components[role] = _union(registry, role, "anyOf")
    for name in ("HandleRequest", "MoveRequest"):
        _patch(components[name], "state", _ref("State"))
    for name in ("MoveRequest",):
        _patch(components[name], "move", _ref("Move"))
    _patch(components["NewStateRequest"], "options", _ref("Options"))
    _patch(components["ReplayRequest"], "options", _ref("Options"))
    _patch(components["ReplayRequest"], "moves", _ref("Move"))
    _patch(components["Envelope"], "state", _ref("State"))
    _patch(components["Envelope"], "view", _ref("View"))
    _patch(components["Envelope"], "legal_moves", _ref("Move"))
    _patch(components["Envelope"], "events", _ref("Event"))
    _patch(components["LegalMoves"], "moves", _ref("Move"))
    describe(components)
    bound_seats(components, registry)
    for game in registry:
        for name, schema in game_components(game).items():
            if name in components:
                raise SchemaError(f"component {name!r} is defined twice")
            components[name] = schema
    return components


def seat_bounds(registry: Registry) -> tuple[int, int]:
    """The fewest and most players of any registered game."""
    games = list(registry)
    if not games:
        return 1, 1_000_000
    return min(g.min_players for g in games), max(g.max_players for g in games)


def bound_seats(components: dict[str, Any], registry: Registry) -> None:
    """Narrow ``players`` and ``as_seat`` to what the registered games accept."""
    fewest, most = seat_bounds(registry)
    for name in ("NewStateRequest", "ReplayRequest"):
        players = components[name]["properties"]["players"]
        players.update(minimum=fewest, maximum=most)
    for name in ("NewStateRequest", "ReplayRequest", "HandleRequest", "MoveRequest"):
        seat = components[name]["properties"]["as_seat"]["anyOf"][0]
        seat["maximum"] = most - 1


def describe(components: dict[str, Any]) -> None:
    """Field descriptions the clients rely on."""
    notes = {
        ("HandleRequest", "state"): "The full state of an open game. Give exactly one handle.",
        ("HandleRequest", "state_id"): "The id of a cached state. Give exactly one handle.",
        ("HandleRequest", "state_token"): "A sealed state token. Give exactly one handle.",
        ("HandleRequest", "resolve_chance"): (
            "Override the handle's treatment of chance (default: as the handle says; true for a "
            "full state)."
        ),
        ("NewStateRequest", "seed"): "Default: a random 63-bit seed drawn by the server.",
        ("NewStateRequest", "sealed"): (
            "Seal the game: answers never carry the state, only a token and a seat's view."
        ),
        ("NewStateRequest", "as_seat"): "The seat whose view (and, if sealed, moves) to show.",
        ("NewStateRequest", "resolve_chance"): (
            "Draw chance decisions from the seed (true) or wait for the client to supply them."
        ),
        ("ReplayRequest", "moves"): (
            "Moves in order; chance outcomes may be included. A chance decision still pending "
            "when the next move is a player's is drawn from the seed."
        ),
        ("Envelope", "state_id"): "The id of this state in the cache; null when it is down.",
        ("Envelope", "state"): "The full state (open games only).",
        ("Envelope", "state_token"): "The sealed state token (sealed games only).",
        ("Envelope", "view"): (
            "The view of as_seat (the public view of a sealed game without as_seat)."
        ),
        ("Envelope", "to_act"): 'Seats that must decide now; "chance" while a chance decision '
        "waits for a client-supplied outcome.",
        ("Envelope", "legal_moves"): (
            "Every move the viewer may make now; each can be echoed back verbatim as `move`."
        ),
        ("Envelope", "events"): "What happened while serving this request, as the viewer sees it.",
    }
    for (component, field), text in notes.items():
        components[component]["properties"][field]["description"] = text
    for field in ("state", "state_id", "state_token", "resolve_chance"):
        components["MoveRequest"]["properties"][field]["description"] = notes[
            ("HandleRequest", field)
        ]


def _problem_responses(*statuses: int) -> dict[str, Any]:
    titles = {
        400: "Malformed JSON.",
        404: "Unknown game, state or content.",
        413: "Request body too large.",
        422: "Invalid request, state or move (see `code` and `pointer`).",
        503: "The state cache is unavailable.",
    }
    return {
        str(status): {
            "description": titles[status],
            "content": {PROBLEM_MEDIA_TYPE: {"schema": _ref("Problem")}},
        }
        for status in statuses
    }


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _body(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"required": True, "description": description, "content": _json(schema)}


GAME_PARAM = {"$ref": "#/components/parameters/game"}


def _seat_query(registry: Registry) -> dict[str, Any]:
    return {
        "name": "as_seat",
        "in": "query",
        "required": False,
        "description": "The seat whose view (and, if sealed, moves) to show.",
        "schema": {"type": "integer", "minimum": 0, "maximum": seat_bounds(registry)[1] - 1},
    }


def _links() -> dict[str, Any]:
    """Links from an envelope to the requests that continue the game from it."""
    first_move = "$response.body#/legal_moves/0"
    handles = {
        "ById": {"state_id": "$response.body#/state_id"},
        "ByToken": {"state_token": "$response.body#/state_token"},
        "WithState": {"state": "$response.body#/state"},
    }
    links: dict[str, Any] = {}
    for suffix, handle in handles.items():
        for name, operation, body in (
            ("Apply", "applyMove", {**handle, "move": first_move}),
            ("Validate", "validateMove", {**handle, "move": first_move}),
            ("LegalMoves", "legalMoves", dict(handle)),
        ):
            links[f"{name}{suffix}"] = {
                "operationId": operation,
                "parameters": {"path.game": "$response.body#/game"},
                "requestBody": body,
                "x-schemathesis": {"merge_body": False},
                "description": f"{name} from the state of this answer ({suffix}).",
            }
    links["GetState"] = {
        "operationId": "getState",
        "parameters": {"path.state_id": "$response.body#/state_id"},
        "description": "Fetch this state again by its id.",
    }
    return links


def _envelope_response(status: int, description: str) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": _json(_ref("Envelope")),
        "links": _links(),
    }
    if status == 201:
        response["headers"] = {
            "Location": {
                "description": "The path of the new state (absent when the cache is down).",
                "schema": {"type": "string"},
            }
        }
    return {str(status): response}


def _operation(
    operation_id: str,
    summary: str,
    responses: dict[str, Any],
    *,
    tags: Iterable[str] = ("games",),
    parameters: list[Any] | None = None,
    body: dict[str, Any] | None = None,
    description: str | None = None,
) -> dict[str, Any]:
    op: dict[str, Any] = {
        "operationId": operation_id,
        "summary": summary,
        "tags": list(tags),
        "responses": responses,
    }
    if description:
        op["description"] = description
    if parameters:
        op["parameters"] = parameters
    if body:
        op["requestBody"] = body
    return op


def build_openapi(registry: Registry) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the REST API over ``registry``'s games."""
    game_ids = registry.ids()
    handle_problems = _problem_responses(400, 404, 413, 422, 503)
    paths: dict[str, Any] = {
        "/healthz": {
            "get": _operation(
                "healthz",
                "Liveness: the process is alive",
                {"200": {"description": "Alive.", "content": _json(_ref("Health"))}},
                tags=["operations"],
            )
        },
        "/readyz": {
            "get": _operation(
                "readyz",
                "Readiness: the service can serve (Redis reachable when configured)",
                {
                    "200": {"description": "Ready.", "content": _json(_ref("Health"))},
                    "503": {"description": "Not ready.", "content": _json(_ref("Health"))},
                },
                tags=["operations"],
            )
        },
        "/metrics": {
            "get": _operation(
                "metrics",
                "Prometheus metrics",
                {
                    "200": {
                        "description": "Prometheus text exposition format.",
                        "content": {"text/plain": {"schema": {"type": "string"}}},
                    }
                },
                tags=["operations"],
            )
        },
        "/v1/echo": {
            "post": _operation(
                "echo",
                "Diagnostic: answer the request body as it came",
                {
                    "200": {"description": "The request body, unchanged.", "content": _json({})},
                    **_problem_responses(400, 413),
                },
                tags=["operations"],
                body=_body({}, "Any JSON document."),
                description="A bare endpoint to measure the HTTP stack's own cost (`make bench` "
                "compares `POST .../moves` with it). Not part of the game API.",
            )
        },
        "/v1/games": {
            "get": _operation(
                "listGames",
                "The games this service referees",
                {"200": {"description": "Fact sheets.", "content": _json(_ref("GameList"))}},
            )
        },
        "/v1/games/{game}": {
            "parameters": [GAME_PARAM],
            "get": _operation(
                "getGame",
                "One game's fact sheet",
                {
                    "200": {"description": "The fact sheet.", "content": _json(_ref("GameInfo"))},
                    **_problem_responses(404),
                },
            ),
        },
        "/v1/games/{game}/states": {
            "parameters": [GAME_PARAM],
            "post": _operation(
                "newState",
                "Set up a new game",
                {**_envelope_response(201, "The game after setup."), **handle_problems},
                body=_body(_ref("NewStateRequest"), "Players, seed, options and treatment."),
            ),
        },
        "/v1/games/{game}/moves": {
            "parameters": [GAME_PARAM],
            "post": _operation(
                "applyMove",
                "Check and apply a move",
                {**_envelope_response(200, "The game after the move."), **handle_problems},
                body=_body(_ref("MoveRequest"), "One state handle and a move."),
                description="An illegal move is refused with 422 and the game's rule `code`.",
            ),
        },
        "/v1/games/{game}/legal-moves": {
            "parameters": [GAME_PARAM],
            "post": _operation(
                "legalMoves",
                "Who must act and the moves the viewer may make",
                {
                    "200": {
                        "description": "Actors and moves.",
                        "content": _json(_ref("LegalMoves")),
                    },
                    **handle_problems,
                },
                body=_body(_ref("HandleRequest"), "One state handle."),
            ),
        },
        "/v1/games/{game}/validate": {
            "parameters": [GAME_PARAM],
            "post": _operation(
                "validateMove",
                "Whether a move is legal now, without applying it",
                {
                    "200": {"description": "The verdict.", "content": _json(_ref("Validation"))},
                    **handle_problems,
                },
                body=_body(_ref("MoveRequest"), "One state handle and a move."),
            ),
        },
        "/v1/games/{game}/replay": {
            "parameters": [GAME_PARAM],
            "post": _operation(
                "replayGame",
                "Set up a game and play a list of moves",
                {
                    **_envelope_response(200, "The game after the last move."),
                    **_problem_responses(400, 404, 413, 422),
                },
                body=_body(_ref("ReplayRequest"), "Setup and moves."),
                description="An illegal move is refused with 422 naming its index (`move_index`).",
            ),
        },
        "/v1/games/{game}/content": {
            "parameters": [GAME_PARAM],
            "post": _operation(
                "registerContent",
                "Register a content pack (cards, boards) for new games",
                {
                    "201": {
                        "description": "The pack's id: the hash of its canonical JSON.",
                        "content": _json(_ref("ContentCreated")),
                        "headers": {
                            "Location": {
                                "description": "The path of the pack.",
                                "schema": {"type": "string"},
                            }
                        },
                        "links": {
                            "GetContent": {
                                "operationId": "getContent",
                                "parameters": {
                                    "path.game": "$response.body#/game",
                                    "path.content_id": "$response.body#/content_id",
                                },
                                "description": "Fetch the pack.",
                            },
                            "NewStateWithContent": {
                                "operationId": "newState",
                                "parameters": {"path.game": "$response.body#/game"},
                                "requestBody": {"content_id": "$response.body#/content_id"},
                                "description": "Set up a game with the pack.",
                            },
                        },
                    },
                    **_problem_responses(400, 404, 413, 422),
                },
                body=_body(_ref("Content"), "A content pack of the game."),
            ),
        },
        "/v1/games/{game}/content/{content_id}": {
            "parameters": [
                GAME_PARAM,
                {
                    "name": "content_id",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string"},
                },
            ],
            "get": _operation(
                "getContent",
                "A registered content pack",
                {
                    "200": {"description": "The pack.", "content": _json(_ref("Content"))},
                    **_problem_responses(404),
                },
            ),
        },
        "/v1/states/{state_id}": {
            "parameters": [
                {
                    "name": "state_id",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string"},
                },
                _seat_query(registry),
            ],
            "get": _operation(
                "getState",
                "A cached state",
                {
                    **_envelope_response(200, "The state as the viewer may see it."),
                    **_problem_responses(404, 422, 503),
                },
                tags=["states"],
            ),
        },
    }
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": JSON_SCHEMA_DIALECT,
        "info": {
            "title": "Arbiter",
            "version": arbiter.__version__,
            "summary": "Rules as a service for tabletop board games.",
            "description": "Validate and apply moves, list legal follow-ups, keep hidden "
            "information sealed. Errors are RFC 9457 problem documents with a stable `code`. "
            "GraphQL is served at /graphql over the same operations.",
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "tags": [
            {"name": "games", "description": "Rules: setup, moves, legality, replay, content."},
            {"name": "states", "description": "Cached states named by id."},
            {"name": "operations", "description": "Health, readiness, metrics, diagnostics."},
        ],
        "paths": paths,
        "components": {
            "parameters": {
                "game": {
                    "name": "game",
                    "in": "path",
                    "required": True,
                    "description": "A game id (`GET /v1/games`).",
                    "schema": {"type": "string", "enum": game_ids}
                    if game_ids
                    else {"type": "string"},
                }
            },
            "schemas": _clean(api_components(registry)),
        },
    }


def game_json_schemas(game: AnyGame) -> dict[str, Any]:
    """The JSON Schemas (2020-12) of one game's types, by file name."""
    out: dict[str, Any] = {}
    for role, kind in zip(ROLES, _role_types(game), strict=True):
        schema = msgspec.json.schema(kind)
        out[f"{role.lower()}.json"] = _clean(
            {
                "$schema": JSON_SCHEMA_DIALECT,
                "title": f"{game.title}: {role.lower()} (rules {game.rules_version})",
                **schema,
            }
        )
    return out


def generate(registry: Registry, graphql_sdl: str) -> dict[str, bytes]:
    """Every contract file by path relative to the repository root."""
    files = {"openapi/openapi.json": dumps(build_openapi(registry))}
    for game in registry:
        for name, schema in game_json_schemas(game).items():
            files[f"schema/{game.id}/{name}"] = dumps(schema)
    files["schema/schema.graphql"] = graphql_sdl.rstrip("\n").encode() + b"\n"
    return dict(sorted(files.items()))


def write(root: Path, files: dict[str, bytes]) -> list[str]:
    """Write the files under ``root``, drop stale generated ones; the paths that changed."""
    changed = differences(root, files)
    for path in stale(root, files):
        (root / path).unlink()
    for path, data in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
    return changed


def stale(root: Path, files: dict[str, bytes]) -> list[str]:
    """Generated-looking files under ``openapi/`` and ``schema/`` the code no longer makes."""
    found: list[str] = []
    for folder in ("openapi", "schema"):
        base = root / folder
        if base.is_dir():
            for path in sorted(base.rglob("*")):
                rel = path.relative_to(root).as_posix()
                if path.suffix in (".json", ".graphql") and rel not in files:
                    found.append(rel)
    return found


def differences(root: Path, files: dict[str, bytes]) -> list[str]:
    """A summary line per file that is missing, different or stale under ``root``."""
    lines: list[str] = []
    for path, data in files.items():
        target = root / path
        if not target.exists():
            lines.append(f"missing: {path}")
            continue
        current = target.read_bytes()
        if current != data:
            diff = list(
                difflib.unified_diff(
                    current.decode(errors="replace").splitlines(),
                    data.decode().splitlines(),
                    lineterm="",
                    n=0,
                )
            )
            changes = sum(1 for d in diff if d[:1] in "+-" and d[:3] not in ("+++", "---"))
            lines.append(f"differs: {path} ({changes} changed lines)")
    lines.extend(f"stale: {path}" for path in stale(root, files))
    return lines
