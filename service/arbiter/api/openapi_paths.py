"""The paths of the OpenAPI document: operations, their problems, their links, their examples.

**Problems** come from :data:`arbiter.api.problems.CODES`: :data:`SCOPES` says which operations
may answer each code (at the code's status, unless an operation answers it with another). A code
:data:`SCOPES` does not name concerns the request body itself (malformed or duplicate JSON, media
type, size, ...) and is documented on every operation that takes a body, so a code added to
``CODES`` appears in the document without a change here (``graphql_*`` codes excepted: /graphql
has its own contract). Each problem response constrains ``code`` to the codes documented for it
(plus the games' rule codes, ``<game>.<rule>``, where the rules may refuse something), so a
contract test notices an undocumented refusal.

**Links** lead from every answer that carries a state (an envelope) to the requests that continue
the game: apply, validate, list the moves, fetch it again, catch up (``current``), take back
(``undo``). Runtime expressions pick the handle (``state_id``, ``state_token``, ``state``, or a
seat's handle ``seat_tokens/<k>`` of a sealed game's master answer) and a move
(``legal_moves/<i>``). A move is taken by position because OpenAPI expressions have no wildcard;
:data:`MOVE_CHOICES` positions give a walker such as schemathesis a choice among the first moves,
which is enough for games to go on rather than repeat one line of play. Answers without a handle
(``legal-moves``, ``validate``) link with ``$request.body``: the handle they were asked with. Every
link is written once under ``components/links``; responses refer to them.

A link names a handle the answer may lack (an open game has no ``state_token``, a sealed one no
``state_id``): a walker then has no value for it and makes up the request itself, which the
service refuses like any other. The links of both kinds of game are on every envelope because
OpenAPI cannot attach links to the content of an answer, only to its status.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from arbiter.api.openapi_examples import POSITION_OPERATIONS, Examples, Named, problem_example
from arbiter.api.problems import CODES, PROBLEM_MEDIA_TYPE
from arbiter.core import Registry

REF = "#/components/schemas/"
#: How many of an answer's legal moves (by position) the links offer.
MOVE_CHOICES = 5
#: Links for seats' handles go to the first seats only (a master's answer has one per seat).
MAX_SEAT_LINKS = 5
#: The state handles, by the suffix of the links that use them.
HANDLE_LINKS = {"ById": "state_id", "ByToken": "state_token", "WithState": "state"}
#: A path segment the service can serve (:mod:`arbiter.api.guard` refuses any other).
SEGMENT = r"^[A-Za-z0-9._-]{1,128}$"

GAME_PARAM = {"$ref": "#/components/parameters/game"}
#: The ``game`` of the position operations: its examples are the games that take positions.
POSITION_GAME_PARAM = {"$ref": "#/components/parameters/positionGame"}
#: Operations under ``/v1/games/{game}``.
GAME_OPS = frozenset(
    {
        "getGame", "newState", "applyMove", "legalMoves", "validateMove", "replayGame",
        "current", "undo", "registerContent", "getContent", "exportRecord", "setUpPosition",
        "exportPosition", "hint",
    }
)  # fmt: skip
#: Operations of the API (``/v1/...``): the ones that read a client's key (:mod:`.identify`).
API_OPS = GAME_OPS | {"getState", "listGames", "echo"}
#: Operations with a path parameter (:mod:`arbiter.api.guard` refuses odd segments: `not_found`).
PATH_OPS = GAME_OPS | {"getState", "staticFile"}
HANDLE_OPS = frozenset({"applyMove", "legalMoves", "validateMove"})
SEALED_OPS = frozenset({"current", "undo"})
STATE_OPS = HANDLE_OPS | SEALED_OPS | {"getState", "exportRecord", "exportPosition", "hint"}
SETUP_OPS = frozenset({"newState", "replayGame", "setUpPosition"})
#: Operations of positions from a real table (only games that take positions answer them).
POSITION_OPS = POSITION_OPERATIONS
#: Operations that export what a state holds, hidden values included (no ``as_seat``).
EXPORT_OPS = frozenset({"exportRecord", "exportPosition"})
#: Operations whose rules may refuse the request with a game's own code (``<game>.<rule>``).
RULE_OPS = STATE_OPS | SETUP_OPS | {"registerContent"}

#: Operations a client may retry safely with an ``Idempotency-Key`` (arbiter.api.idempotency).
IDEMPOTENT_OPS = frozenset({"applyMove", "newState", "setUpPosition", "undo", "registerContent"})
IDEMPOTENCY_PARAM = {"$ref": "#/components/parameters/idempotencyKey"}
#: ``components.parameters.idempotencyKey``.
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "Makes the request safe to retry: the first request with a key runs, every "
    "later one with the same key and body gets its answer (`Idempotency-Replayed: true`), "
    "nothing applied twice; the key with another body is 422 `idempotency_key_reused`, while "
    "the first still runs 409 `idempotency_in_progress`. Keys are per client and kept "
    "ARBITER_IDEMPOTENCY_TTL seconds (24 h by default).",
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
}
#: Operations that may answer each of the service's codes (see the module docstring), with the
#: status where an operation answers a code with another than its own.
SCOPES: dict[str, dict[str, int | None]] = {
    **dict.fromkeys(("key_required", "key_unknown", "key_revoked"), dict.fromkeys(API_OPS)),
    "not_found": {},  # every operation with a path parameter (filled in by `_scopes`)
    "unknown_game": {},  # every operation under /v1/games/{game} (idem)
    "invalid_request": {"getState": None},  # and every operation with a body
    "unknown_state": dict.fromkeys(STATE_OPS),
    "invalid_state_handle": dict.fromkeys(HANDLE_OPS | EXPORT_OPS | {"hint"}),
    "invalid_state_token": dict.fromkeys(HANDLE_OPS | SEALED_OPS | EXPORT_OPS | {"hint"}),
    "invalid_state": dict.fromkeys(
        HANDLE_OPS | SETUP_OPS | EXPORT_OPS | {"registerContent", "hint"}
    ),
    "invalid_seat": dict.fromkeys((STATE_OPS | SETUP_OPS) - EXPORT_OPS),
    "unknown_content": {**dict.fromkeys(STATE_OPS | SETUP_OPS), "getContent": 404},
    "rules_version_mismatch": dict.fromkeys(STATE_OPS | {"replayGame"}),
    "illegal_move": dict.fromkeys(("applyMove", "replayGame")),
    "forbidden_seat": dict.fromkeys(HANDLE_OPS | {"current", "hint"}),
    "not_deciding": {"hint": None},
    "chance_forbidden": dict.fromkeys(("applyMove", "validateMove")),
    # undo, a record (a seat's handle), and `acting_seats` but with a sealed game's master handle
    "master_only": dict.fromkeys(
        ("undo", "newState", "applyMove", "replayGame", "current", "setUpPosition", *EXPORT_OPS)
    ),
    "stale_state": dict.fromkeys(HANDLE_OPS | {"undo", "hint"}),
    "table_rolled_back": dict.fromkeys(HANDLE_OPS | {"undo", "hint"}),
    "nothing_to_undo": {"undo": None},
    "history_unavailable": {"exportRecord": None},
    "positions_unsupported": dict.fromkeys(POSITION_OPS),
    "game_mismatch": {"replayGame": None},
    "step_mismatch": {"replayGame": None},
    "result_mismatch": {"replayGame": None},
    "replay_too_long": {"replayGame": None},
    # a new sealed game; a content pack registered, or loaded from Redis for a state played with it
    "store_full": dict.fromkeys(SETUP_OPS | STATE_OPS | {"registerContent"}),
    "quota_exceeded": dict.fromkeys(SETUP_OPS | STATE_OPS | {"registerContent"}),
    "busy": {"replayGame": None, "hint": None},
    "rate_limited": dict.fromkeys(API_OPS),
    "shutting_down": dict.fromkeys(API_OPS),
    # requests with an Idempotency-Key (arbiter.api.idempotency)
    **dict.fromkeys(
        ("idempotency_key_reused", "idempotency_in_progress"),
        dict.fromkeys(IDEMPOTENT_OPS),
    ),
    "cache_unavailable": dict.fromkeys(STATE_OPS | SETUP_OPS),
}
#: Codes no operation documents: a 500 is a bug, never a contract, and 405 answers the methods
#: the document does not list. Codes of the GraphQL endpoint (``graphql_*``) belong to its own
#: contract, not to this document.
UNDOCUMENTED = frozenset({"internal_error", "method_not_allowed"})
GRAPHQL_ONLY = "graphql_"

STATUS_TEXT = {
    400: "The body is not acceptable JSON.",
    401: "The client's key is missing, unknown or revoked (where ARBITER_API_KEYS is set).",
    403: "The handle may not do this.",
    404: "Nothing of the kind lives here.",
    409: "A later step of the sealed game exists.",
    413: "The body is too large.",
    415: "The body is not sent as JSON.",
    422: "The request, the state or the move is refused.",
    429: "The client is over its rate limit, or holds its share; see `Retry-After`.",
    503: "The service cannot serve this now; retry later.",
}


#: The headers of the answers that say when to retry (``components.headers``).
RETRY_HEADERS: dict[int, dict[str, Any]] = {
    429: {
        "Retry-After": {"$ref": "#/components/headers/RetryAfter"},
        "RateLimit-Policy": {"$ref": "#/components/headers/RateLimitPolicy"},
        "RateLimit": {"$ref": "#/components/headers/RateLimit"},
    },
    503: {"Retry-After": {"$ref": "#/components/headers/RetryAfter"}},
}
#: ``components.headers``.
HEADERS: dict[str, Any] = {
    "RetryAfter": {
        "description": "Seconds to wait before retrying (every 429; a 503 where the service "
        "can tell).",
        "schema": {"type": "integer", "minimum": 1},
    },
    "RateLimitPolicy": {
        "description": "The rate limit the client is held to (`rate_limited` and every answer "
        "under a request limit; IETF draft-ietf-httpapi-ratelimit-headers): one item per "
        'window, `"requests-60s";q=2000;w=60` -- `q` requests per `w` seconds.',
        "schema": {"type": "string"},
    },
    "RateLimit": {
        "description": 'What remains of the window nearest exhaustion: `"requests-60s";r=0;t=12` '
        "-- `r` requests left, `t` seconds until it grows again.",
        "schema": {"type": "string"},
    },
}


def status_is(status: int) -> dict[str, Any]:
    """The schema of a problem's ``status`` member in a response of that status."""
    return {"type": "integer", "minimum": status, "maximum": status}


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF + name}


def json_content(schema: dict[str, Any], examples: Named | None = None) -> dict[str, Any]:
    media: dict[str, Any] = {"schema": schema}
    if examples:
        media["examples"] = examples
    return {"application/json": media}


class Operations:
    """Builds the operations of the document over a registry."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.game_ids = registry.ids()
        self.examples = Examples(registry)
        self.most_players = max((g.max_players for g in registry), default=1_000_000)

    # --------------------------------------------------------------------------- problems

    def codes_of(
        self, operation: str, *, body: bool, path: bool, game: bool
    ) -> dict[int, list[str]]:
        """The service's codes ``operation`` may answer, by status."""
        by_status: dict[int, list[str]] = {}
        for code, problem in sorted(CODES.items()):
            if code in UNDOCUMENTED or code.startswith(GRAPHQL_ONLY):
                continue
            where = SCOPES.get(code)
            if where is None:
                answered = body
                status = problem.status
            else:
                answered = operation in where
                status = where.get(operation) or problem.status
                if code == "not_found":
                    answered = path
                elif code == "unknown_game":
                    answered = game
                elif code == "invalid_request":
                    answered = answered or body
            if answered:
                by_status.setdefault(status, []).append(code)
        return by_status

    def problem_responses(
        self, operation: str, *, body: bool, path: bool = False, game: bool = False
    ) -> dict[str, Any]:
        """The problem responses of ``operation``: each status with the codes it may carry."""
        responses: dict[str, Any] = {}
        rules = operation in RULE_OPS and self.game_ids
        by_status = self.codes_of(operation, body=body, path=path, game=game)
        if rules:
            by_status.setdefault(422, [])
        for status, codes in sorted(by_status.items()):
            allowed: dict[str, Any] = {"enum": codes} if codes else {"not": {}}
            listed = ", ".join(f"`{c}`" for c in codes)
            text = f"{STATUS_TEXT.get(status, 'Refused.')} `code`: {listed}"
            if rules and status == 422:
                # one string schema, not ``anyOf`` an enum and a pattern: generators cannot merge
                # a union into the problem's ``code`` (openapi-python-client drops the response)
                games = "|".join(re.escape(g) for g in self.game_ids)
                pattern = f"^(?:{games})\\."
                if codes:
                    pattern = "^(?:" + "|".join(re.escape(c) for c in codes) + ")$|" + pattern
                allowed = {"type": "string", "pattern": pattern}
                text += ", or a rule code of the game (`<game>.<rule>`, see `detail`)"
            schema = {
                "allOf": [
                    ref("Problem"),
                    # ``status`` pinned by bounds, not ``const``: generators cannot merge an
                    # integer member with a constant (openapi-python-client drops the response)
                    {"properties": {"status": status_is(status), "code": allowed}},
                ]
            }
            media: dict[str, Any] = {"schema": schema}
            examples = dict(self.examples.responses.get((operation, status), {}))
            if codes and not examples:
                first = CODES[codes[0]]
                value = problem_example(codes[0], status=status)
                examples[codes[0]] = {"summary": first.title, "value": value}
            if examples:
                media["examples"] = examples
            responses[str(status)] = {
                "description": text + ".",
                **({"headers": RETRY_HEADERS[status]} if status in RETRY_HEADERS else {}),
                "content": {PROBLEM_MEDIA_TYPE: media},
            }
        return responses

    # ------------------------------------------------------------------------------ links

    @staticmethod
    def _link(
        operation: str, description: str, body: dict[str, Any] | None, game: str
    ) -> dict[str, Any]:
        link: dict[str, Any] = {
            "operationId": operation,
            "parameters": {"path.game": game},
            "description": description,
        }
        if body is not None:
            link["requestBody"] = body
            # the body is the link's own: no generated members mixed in (schemathesis)
            link["x-schemathesis"] = {"merge_body": False}
        return link

    def envelope_links(self) -> dict[str, Any]:
        """Links from an envelope to the requests that continue the game from it."""
        game = "$response.body#/game"
        links: dict[str, Any] = {}
        for suffix, member in HANDLE_LINKS.items():
            handle = {member: f"$response.body#/{member}"}
            # a full state travels both ways; two choices are enough to exercise that path
            for i in range(MOVE_CHOICES if member != "state" else 2):
                move = {**handle, "move": f"$response.body#/legal_moves/{i}"}
                text = f"Apply legal move {i} of this answer to its state (by `{member}`)."
                links[f"Apply{i}{suffix}"] = self._link("applyMove", text, move, game)
            move = {**handle, "move": "$response.body#/legal_moves/0"}
            text = f"Validate the first legal move of this answer (by `{member}`)."
            links[f"Validate{suffix}"] = self._link("validateMove", text, move, game)
            text = f"List the legal moves of this answer's state (by `{member}`)."
            links[f"LegalMoves{suffix}"] = self._link("legalMoves", text, handle, game)
        for seat in range(min(self.most_players, MAX_SEAT_LINKS)):
            token = {"state_token": f"$response.body#/seat_tokens/{seat}"}
            move = {**token, "move": "$response.body#/legal_moves/0"}
            text = (
                f"Seat {seat} applies the first legal move of the master's answer with its own "
                "handle (refused with 403 unless the move is that seat's)."
            )
            links[f"Apply0AsSeat{seat}"] = self._link("applyMove", text, move, game)
            text = f"Seat {seat} catches up with its own handle."
            links[f"CurrentAsSeat{seat}"] = self._link("current", text, token, game)
        for suffix, member in HANDLE_LINKS.items():
            handle = {member: f"$response.body#/{member}"}
            text = f"Export the record of this game up to this state (by `{member}`)."
            links[f"Record{suffix}"] = self._link("exportRecord", text, handle, game)
            text = (
                f"The position this state shows, what its table shows (by `{member}`; games "
                "that take positions)."
            )
            links[f"Position{suffix}"] = self._link("exportPosition", text, handle, game)
        token = {"state_token": "$response.body#/state_token"}
        text = "The current step of this sealed game (this handle may be stale by then)."
        links["Current"] = self._link("current", text, token, game)
        text = "Take the last step back (master handle only)."
        links["Undo"] = self._link("undo", text, token, game)
        links["GetState"] = {
            "operationId": "getState",
            "parameters": {"path.state_id": "$response.body#/state_id"},
            "description": "Fetch this state again by its id.",
        }
        return links

    def asked_links(self, moves: str | None) -> dict[str, Any]:
        """Links from an answer without a handle (legal moves, a verdict) to a move on the state
        it was asked about: one of the listed ``moves``, or (``None``) the move just validated."""
        game = "$request.path.game"
        links: dict[str, Any] = {}
        for suffix, member in HANDLE_LINKS.items():
            handle = {member: f"$request.body#/{member}"}
            if moves is None:
                move = {**handle, "move": "$request.body#/move"}
                text = f"Apply the move just validated (by `{member}`)."
                links[f"ApplyValidated{suffix}"] = self._link("applyMove", text, move, game)
                continue
            for i in range(MOVE_CHOICES):
                move = {**handle, "move": f"$response.body#/{moves}/{i}"}
                text = f"Apply listed move {i} to the state asked about (by `{member}`)."
                links[f"Apply{i}{suffix}"] = self._link("applyMove", text, move, game)
        return links

    # ------------------------------------------------------------------------- operations

    def _operation(
        self,
        operation_id: str,
        summary: str,
        responses: dict[str, Any],
        *,
        tags: Iterable[str] = ("games",),
        parameters: list[Any] | None = None,
        body: tuple[dict[str, Any], str] | None = None,
        description: str | None = None,
        problems: bool = True,
    ) -> dict[str, Any]:
        """An operation; its problem responses are added from :data:`SCOPES` and ``CODES``."""
        path = operation_id in PATH_OPS
        if problems:
            responses = {
                **responses,
                **self.problem_responses(
                    operation_id, body=body is not None, path=path, game=operation_id in GAME_OPS
                ),
            }
        op: dict[str, Any] = {
            "operationId": operation_id,
            "summary": summary,
            "tags": list(tags),
            "responses": dict(sorted(responses.items())),
        }
        if description:
            op["description"] = description
        if operation_id in IDEMPOTENT_OPS:
            parameters = [*(parameters or []), IDEMPOTENCY_PARAM]
        if parameters:
            op["parameters"] = parameters
        if body is not None:
            schema, text = body
            examples = self.examples.requests.get(operation_id)
            op["requestBody"] = {
                "required": True,
                "description": text,
                "content": json_content(schema, examples),
            }
        return op

    def _answer(
        self, operation: str, status: int, description: str, schema: dict[str, Any]
    ) -> dict[str, Any]:
        examples = self.examples.responses.get((operation, status))
        return {
            str(status): {"description": description, "content": json_content(schema, examples)}
        }

    def link_components(self) -> dict[str, Any]:
        """Every link, once (``components/links``); responses refer to them."""
        return {
            **{f"Envelope{name}": link for name, link in self.envelope_links().items()},
            **{f"Listed{name}": link for name, link in self.asked_links("moves").items()},
            **{f"Validated{name}": link for name, link in self.asked_links(None).items()},
        }

    def _links(self, prefix: str) -> dict[str, Any]:
        return {
            name.removeprefix(prefix): {"$ref": f"#/components/links/{name}"}
            for name in self.link_components()
            if name.startswith(prefix)
        }

    def _envelope(self, operation: str, status: int, description: str) -> dict[str, Any]:
        response = self._answer(operation, status, description, ref("Envelope"))
        response[str(status)]["links"] = self._links("Envelope")
        if status == 201:
            response[str(status)]["headers"] = {
                "Location": {
                    "description": "The path of the new open state (absent when it is not cached).",
                    "schema": {"type": "string"},
                }
            }
        return response

    def _linked(self, responses: dict[str, Any], prefix: str) -> dict[str, Any]:
        responses["200"]["links"] = self._links(prefix)
        return responses

    def _game_post(
        self,
        operation: str,
        summary: str,
        responses: dict[str, Any],
        request: str,
        text: str,
        description: str | None = None,
    ) -> dict[str, Any]:
        return {
            "parameters": [POSITION_GAME_PARAM if operation in POSITION_OPS else GAME_PARAM],
            "post": self._operation(
                operation, summary, responses, body=(ref(request), text), description=description
            ),
        }

    def paths(self) -> dict[str, Any]:
        """Every path of the REST API."""
        ex = self.examples
        health: dict[str, Any] = {"status": "ok", "checks": {}}
        checks = {"cache": "embedded", "games": str(len(ex.game_ids))}
        ready = {"status": "ok", "checks": checks}
        down = {"status": "unavailable", "checks": {**checks, "cache": "redis: unavailable"}}
        echo = {"echo": {"summary": "Any JSON document", "value": {"hello": ["world", 1]}}}
        html = {"text/html": {"schema": {"type": "string"}}}
        seat_query = {
            "name": "as_seat",
            "in": "query",
            "required": False,
            "description": "The seat whose view (and, if sealed, moves) to show.",
            "schema": {"type": "integer", "minimum": 0, "maximum": self.most_players - 1},
        }

        render_query = {
            "name": "render",
            "in": "query",
            "required": False,
            "description": "Answer `text` too: the game's text of the view shown (of `as_seat`, "
            "the public view without it).\n\nDefault: `false`.",
            "schema": {"type": "boolean"},
        }

        def one(value: Any, summary: str) -> Named:
            return {"example": {"summary": summary, "value": value}}

        def segment(name: str, description: str, examples: Named | None = None) -> dict[str, Any]:
            parameter: dict[str, Any] = {
                "name": name,
                "in": "path",
                "required": True,
                "description": description,
                "schema": {"type": "string", "pattern": SEGMENT},
            }
            if examples:
                parameter["examples"] = examples
            return parameter

        return {
            "/": {
                "get": self._operation(
                    "home",
                    "A short human page about the service",
                    {"200": {"description": "HTML.", "content": html}},
                    tags=["docs"],
                )
            },
            "/openapi.json": {
                "get": self._operation(
                    "openapi",
                    "This document",
                    {
                        "200": {
                            "description": "OpenAPI 3.1.",
                            "content": json_content({"type": "object"}),
                        }
                    },
                    tags=["docs"],
                )
            },
            "/problems/{code}": {
                "parameters": [segment("code", "A problem code.", ex.problem_codes)],
                "get": self._operation(
                    "problemType",
                    "What a problem code means (the `type` of problem documents)",
                    {
                        "200": {"description": "HTML.", "content": html},
                        "404": {
                            "description": "Not a code of this service (HTML), or not a path "
                            "the service serves (a `not_found` problem).",
                            "content": {
                                **html,
                                PROBLEM_MEDIA_TYPE: {"schema": ref("Problem")},
                            },
                        },
                    },
                    tags=["docs"],
                    problems=False,
                ),
            },
            "/docs/games/{game}": {
                "parameters": [GAME_PARAM],
                "get": self._operation(
                    "gameReference",
                    "A game's reference for people: rules, moves, options, rule codes",
                    {
                        "200": {"description": "One self-contained HTML page.", "content": html},
                        "404": {
                            "description": "No game has this id (HTML), or not a path the "
                            "service serves (a `not_found` problem).",
                            "content": {
                                **html,
                                PROBLEM_MEDIA_TYPE: {"schema": ref("Problem")},
                            },
                        },
                    },
                    tags=["docs"],
                    problems=False,
                    description="The first request for a game builds its page (a second or two "
                    "of play for its examples); later ones are served from memory.",
                ),
            },
            "/play": {
                "get": self._operation(
                    "playground",
                    "The playground: play any game in a browser through this API",
                    {
                        "200": {
                            "description": "HTML (its scripts: `/static/play/`).",
                            "content": html,
                        }
                    },
                    tags=["docs"],
                    description="A plain client of the REST API: set up a game (open, or sealed "
                    "and played seat by seat through seat handles), play it by clicking its legal "
                    "moves, supply chance by hand, undo, export and import records, let hints "
                    "play a seat. Nothing is loaded from another site.",
                )
            },
            "/docs": {
                "get": self._operation(
                    "apiExplorer",
                    "Swagger UI over this document",
                    {
                        "200": {
                            "description": "HTML (its files: `/static/vendor/`).",
                            "content": html,
                        }
                    },
                    tags=["docs"],
                )
            },
            "/static/{path}": {
                "parameters": [
                    {
                        "name": "path",
                        "in": "path",
                        "required": True,
                        "description": "A file of the pages: `play/play.js`, "
                        "`vendor/swagger-ui/swagger-ui.css`, ... (its `/` are sent as they are).",
                        "schema": {
                            "type": "string",
                            "pattern": r"^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$",
                        },
                    }
                ],
                "get": self._operation(
                    "staticFile",
                    "A script, style, page or licence of the browser pages",
                    {
                        "200": {
                            "description": "The file, with its `ETag` (`Cache-Control: no-cache`).",
                            "content": {
                                media: {"schema": {"type": "string"}}
                                for media in (
                                    "text/javascript; charset=utf-8",
                                    "text/css; charset=utf-8",
                                    "text/html; charset=utf-8",
                                    "text/plain; charset=utf-8",
                                    "application/json",
                                )
                            },
                        },
                        "304": {"description": "Not modified (`If-None-Match` names its ETag)."},
                    },
                    tags=["docs"],
                    description="Files are read when the service starts and served from memory; "
                    "a path that is not one of them is a `not_found` problem.",
                ),
            },
            "/healthz": {
                "get": self._operation(
                    "healthz",
                    "Liveness: the process is alive",
                    {
                        "200": {
                            "description": "Alive.",
                            "content": json_content(ref("Health"), one(health, "Alive")),
                        }
                    },
                    tags=["operations"],
                )
            },
            "/readyz": {
                "get": self._operation(
                    "readyz",
                    "Readiness: the service can serve (Redis reachable when configured)",
                    {
                        "200": {
                            "description": "Ready.",
                            "content": json_content(ref("Health"), one(ready, "Ready")),
                        },
                        "503": {
                            "description": "Not ready.",
                            "content": json_content(ref("Health"), one(down, "Redis is down")),
                        },
                    },
                    tags=["operations"],
                )
            },
            "/metrics": {
                "get": self._operation(
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
                "post": self._operation(
                    "echo",
                    "Diagnostic: answer the request body as it came",
                    {
                        "200": {
                            "description": "The request body, unchanged.",
                            "content": json_content({}, echo),
                        }
                    },
                    tags=["operations"],
                    body=({}, "Any JSON document."),
                    description="A bare endpoint to measure the HTTP stack's own cost (`make bench` "
                    "compares `POST .../moves` with it). Not part of the game API.",
                )
            },
            "/v1/games": {
                "get": self._operation(
                    "listGames",
                    "The games this service referees",
                    self._answer("listGames", 200, "Fact sheets.", ref("GameList")),
                )
            },
            "/v1/games/{game}": {
                "parameters": [GAME_PARAM],
                "get": self._operation(
                    "getGame",
                    "One game's fact sheet",
                    self._answer("getGame", 200, "The fact sheet.", ref("GameInfo")),
                ),
            },
            "/v1/games/{game}/states": self._game_post(
                "newState",
                "Set up a new game",
                self._envelope("newState", 201, "The game after setup."),
                "NewStateRequest",
                "Players, seed, options and treatment.",
                "An open game answers with its full `state` (and `state_id`); a sealed one "
                "answers the master handle (`state_token`) and each seat's (`seat_tokens`).",
            ),
            "/v1/games/{game}/moves": self._game_post(
                "applyMove",
                "Check and apply a move",
                self._envelope("applyMove", 200, "The game after the move."),
                "MoveRequest",
                "Exactly one state handle, and a move.",
                "An illegal move is refused with 422 and the game's rule `code`. A sealed game's "
                "handle must be current (409 otherwise); a seat's handle moves for its seat only.",
            ),
            "/v1/games/{game}/legal-moves": self._game_post(
                "legalMoves",
                "Who must act and the moves the viewer may make",
                self._linked(
                    self._answer("legalMoves", 200, "Actors and moves.", ref("LegalMoves")),
                    "Listed",
                ),
                "HandleRequest",
                "Exactly one state handle.",
            ),
            "/v1/games/{game}/validate": self._game_post(
                "validateMove",
                "Whether a move is legal now, without applying it",
                self._linked(
                    self._answer("validateMove", 200, "The verdict.", ref("Validation")),
                    "Validated",
                ),
                "MoveRequest",
                "Exactly one state handle, and a move.",
            ),
            "/v1/games/{game}/hints": self._game_post(
                "hint",
                "The move recommended to a seat that decides now",
                self._answer("hint", 200, "The hint.", ref("Hint")),
                "HintRequest",
                "Exactly one state handle; the seat, and a budget in playouts and seconds.",
                "Monte-Carlo tree search over random playouts, each from a state the seat cannot "
                "tell from this one (`hidden_variant`): a hint never uses another seat's secrets. "
                "A seat's handle asks for its own seat only (403 `forbidden_seat`); a seat that "
                "does not decide now is 409 `not_deciding`. `seconds` (default 1) and `playouts` "
                "are bounded by the server (`ARBITER_HINT_SECONDS`, `ARBITER_HINT_PLAYOUTS`); "
                "hints are long tasks, turns taken by client slice by slice (429 `quota_exceeded` "
                "when too many of the client's wait, 503 `busy` when too many of all clients').",
            ),
            "/v1/games/{game}/replay": self._game_post(
                "replayGame",
                "Set up a game and play a list of moves",
                self._envelope("replayGame", 200, "The game after the last move."),
                "ReplayRequest",
                "Setup and moves.",
                "An illegal move is refused with 422 naming its index (`move_index`).",
            ),
            "/v1/games/{game}/record": self._game_post(
                "exportRecord",
                "The record of a game: its setup and every move with its step",
                self._record_answer(),
                "RecordRequest",
                "Exactly one state handle: an open state's id (or the state itself), or a sealed "
                "game's master handle.",
                "One JSON document (`GameRecord`, also `schema/<game>/record.json`) that "
                "`POST .../replay` accepts as it is: the game, its rules version and content "
                "pack, players, seed and options, and every move -- chance outcomes included -- "
                "with the step it was made at; the result once the game is over. An open game's "
                "history lives in the states along it (each expires `ARBITER_CACHE_TTL` after "
                "it was stored): `404 history_unavailable` once part of it is gone, or for a "
                "state this service did not make. A sealed game's record holds its seed and "
                "every hidden move: its master handle only (`403 master_only` for a seat's).",
            ),
            "/v1/games/{game}/positions": self._game_post(
                "setUpPosition",
                "Set up a game from a position: what a real table shows",
                self._envelope("setUpPosition", 201, "The game the table shows."),
                "SetUpPositionRequest",
                "A position of the game, and the treatment of the game set up from it.",
                "For companion apps at a real table: the position says what the table shows in "
                "the game's own terms (`Position`, also `schema/<game>/position.json`; worked "
                "examples in the game's reference, `/docs/games/{game}`). What the table does "
                "not show -- deck orders, hands given as counts -- is drawn from what the content "
                "pack leaves, by `seed`; the rest is checked: an impossible position is refused "
                "with 422, the game's `code` and a `pointer` into the position (`/position/...`). "
                "The answer is a new game's (open, or sealed with `sealed`). A real table's dice "
                "and cards decide chance, so `resolve_chance` is false unless asked. Games whose "
                "fact sheet says `positions: false` answer `404 positions_unsupported`. A game "
                "set up from a position has no record (`history_unavailable`).",
            ),
            "/v1/games/{game}/position": self._game_post(
                "exportPosition",
                "The position a state shows: what its table shows, everything known",
                self._position_answer(),
                "PositionOfRequest",
                "Exactly one state handle: an open state's id (or the state itself), or a sealed "
                "game's master handle.",
                "The reverse of `POST .../positions`: setting up the answer's `position` (with its "
                "`content_id`) gives a state whose position is this one. A position shows every "
                "hidden card: a sealed game's master handle only (`403 master_only` for a "
                "seat's); a stale master handle gets the position of the game's current step.",
            ),
            "/v1/games/{game}/current": self._game_post(
                "current",
                "The current step of a sealed game, for the holder of any of its handles",
                self._envelope("current", 200, "The current step, as the handle's holder sees it."),
                "CurrentRequest",
                "A handle of the sealed game, current or stale.",
                "How a seat catches up after others moved: answers the current step with the "
                "holder's next handle (the master's also with every seat's).",
            ),
            "/v1/games/{game}/undo": self._game_post(
                "undo",
                "Take the last step of a sealed game back (master handle only)",
                self._envelope("undo", 200, "The step before, with new handles."),
                "CurrentRequest",
                "The current master handle.",
                "Only moves that revealed nothing hidden can be taken back (`nothing_to_undo`).",
            ),
            "/v1/games/{game}/content": self._game_post(
                "registerContent",
                "Register a content pack (cards, boards) for new games",
                self._content_created(),
                "Content",
                "A content pack of the game.",
            ),
            "/v1/games/{game}/content/{content_id}": {
                "parameters": [
                    GAME_PARAM,
                    segment("content_id", "A content pack's id.", ex.content_ids),
                ],
                "get": self._operation(
                    "getContent",
                    "A registered content pack",
                    self._answer("getContent", 200, "The pack.", ref("Content")),
                ),
            },
            "/v1/states/{state_id}": {
                "parameters": [
                    segment("state_id", "The id of a cached open state.", ex.state_ids),
                    seat_query,
                    render_query,
                ],
                "get": self._operation(
                    "getState",
                    "A cached open state",
                    self._envelope("getState", 200, "The state as the viewer may see it."),
                    tags=["states"],
                ),
            },
        }

    def _record_answer(self) -> dict[str, Any]:
        response = self._answer(
            "exportRecord",
            200,
            "The game's record, up to the state asked about.",
            ref("GameRecord"),
        )
        response["200"]["links"] = {
            "Replay": {
                "operationId": "replayGame",
                "parameters": {"path.game": "$response.body#/game"},
                "requestBody": "$response.body",
                "description": "Replay the record as it is: the state it leads to.",
            }
        }
        return response

    def _position_answer(self) -> dict[str, Any]:
        response = self._answer(
            "exportPosition", 200, "The position of the state asked about.", ref("TablePosition")
        )
        response["200"]["links"] = {
            "SetUp": {
                "operationId": "setUpPosition",
                "parameters": {"path.game": "$response.body#/game"},
                "requestBody": {
                    "position": "$response.body#/position",
                    "content_id": "$response.body#/content_id",
                },
                "description": "Set the same table up again: a state whose position is this one.",
            }
        }
        return response

    def _content_created(self) -> dict[str, Any]:
        response = self._answer(
            "registerContent",
            201,
            "The pack's id: the hash of its canonical JSON.",
            ref("ContentCreated"),
        )
        response["201"]["headers"] = {
            "Location": {"description": "The path of the pack.", "schema": {"type": "string"}}
        }
        response["201"]["links"] = {
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
        }
        return response
