"""The paths of the OpenAPI document: operations, their problems, their links, their examples.

Every operation comes from its declaration (:mod:`arbiter.api.operations`, :mod:`arbiter.api.pages`).

**Problems** come from :data:`arbiter.api.problems.CODES`: each declaration names the codes it
may answer (at the code's status, unless it answers it with another), and :data:`BY_KIND` adds
those of every operation of a kind (``graphql_*`` codes excepted: /graphql has its own
contract). Each problem response constrains ``code`` to the codes documented for it
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
import typing
from collections.abc import Callable
from typing import Any, Literal

import msgspec

from arbiter.api.openapi_examples import Examples, Named, problem_example
from arbiter.api.operation import Operation, Parameter, unwrapped
from arbiter.api.operations import OPERATIONS
from arbiter.api.pages import PAGES
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
#: Every declared operation: the API's and the pages'.
DECLARED = (*OPERATIONS, *PAGES)

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
LANGUAGE_PARAM = {"$ref": "#/components/parameters/acceptLanguage"}
#: ``components.parameters.acceptLanguage`` (:mod:`arbiter.api.languages`).
ACCEPT_LANGUAGE = {
    "name": "Accept-Language",
    "in": "header",
    "required": False,
    "description": "The language of the answer's texts: `ru`, `pl` or `en` (RFC 9110 language "
    "ranges with q-values, `ru-RU` for `ru`; English when none fits). Problem titles and "
    "details, move `descriptions`, the rendered `text`, hint and option descriptions change; "
    "codes, members, moves, states and state ids never do. `Content-Language` says which. "
    "Only the first 1,024 characters and 32 ranges are read; a header that names no language "
    "the service speaks is answered in English, never refused.",
    "schema": {"type": "string"},
    "examples": {
        "russian": {"value": "ru-RU,ru;q=0.9,en;q=0.5"},
        "polish": {"value": "pl"},
    },
}
CONTENT_LANGUAGE = {"$ref": "#/components/headers/ContentLanguage"}

#: Codes every operation of a kind may answer, by the kind (:func:`answers`): the API's (a
#: client's key, its rate, a service going down), a path's, a game's, an idempotency key's.
#: A code no declaration names and no kind claims concerns the request body itself (malformed or
#: duplicate JSON, media type, size, ...) and is documented on every operation that takes a body,
#: so a code added to ``CODES`` appears in the document without a change here.
BY_KIND: dict[str, Callable[[Operation], bool]] = {
    **dict.fromkeys(
        ("key_required", "key_unknown", "key_revoked", "rate_limited", "shutting_down"),
        lambda op: op.api,
    ),
    "not_found": lambda op: bool(op.path_names),
    "unknown_game": lambda op: op.of_game,
    "invalid_request": lambda op: op.body is not None,
    **dict.fromkeys(
        ("idempotency_key_reused", "idempotency_in_progress"), lambda op: op.idempotent
    ),
}
#: The codes some declaration names (:attr:`Operation.errors`).
NAMED = frozenset(code for op in DECLARED for code in op.errors)
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
    "ContentLanguage": {
        "description": "The language of the answer's texts (`Accept-Language` chose it).",
        "schema": {"type": "string", "enum": ["en", "ru", "pl"]},
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

    def codes_of(self, op: Operation) -> dict[int, list[str]]:
        """The service's codes ``op`` may answer, by status."""
        by_status: dict[int, list[str]] = {}
        for code, problem in sorted(CODES.items()):
            if code in UNDOCUMENTED or code.startswith(GRAPHQL_ONLY):
                continue
            status = problem.status
            if code in op.errors:
                answered = True
                status = op.errors[code] or status
            elif code in BY_KIND:
                answered = BY_KIND[code](op)
            else:  # a code of the body (module docstring)
                answered = code not in NAMED and op.body is not None
            if answered:
                by_status.setdefault(status, []).append(code)
        return by_status

    def problem_responses(self, op: Operation) -> dict[str, Any]:
        """The problem responses of ``op``: each status with the codes it may carry."""
        responses: dict[str, Any] = {}
        rules = op.rule_codes and self.game_ids
        by_status = self.codes_of(op)
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
            examples = dict(self.examples.responses.get((op.id, status), {}))
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

    def paths(self) -> dict[str, Any]:
        """Every path of the service, each operation from its declaration."""
        paths: dict[str, Any] = {}
        for op in DECLARED:
            item = paths.setdefault(op.path, {})
            parameters = self._path_parameters(op)
            if parameters:
                item["parameters"] = parameters
            item[op.method.lower()] = self.operation(op)
        return paths

    def _path_parameters(self, op: Operation) -> list[Any]:
        """The parameters of ``op``'s path (``game`` first) and of its query."""
        parameters: list[Any] = []
        if "game" in op.path_names:
            parameters.append(POSITION_GAME_PARAM if op.positions else GAME_PARAM)
        parameters.extend(self._segment(p) for p in op.parameters)
        if op.query is not None:
            parameters.extend(self._query_parameters(op.query))
        return parameters

    def _segment(self, declared: Parameter) -> dict[str, Any]:
        parameter: dict[str, Any] = {
            "name": declared.name,
            "in": "path",
            "required": True,
            "description": declared.description,
            "schema": dict(declared.schema or {"type": "string", "pattern": SEGMENT}),
        }
        if declared.examples and getattr(self.examples, declared.examples):
            parameter["examples"] = getattr(self.examples, declared.examples)
        return parameter

    def _query_parameters(self, kind: Any) -> list[dict[str, Any]]:
        """A query struct's members as parameters: the seats a game may have, flags."""
        parameters = []
        for member in msgspec.structs.fields(kind):
            base, text = unwrapped(member.type)
            if base is bool:
                text = f"{text}\n\nDefault: `{'true' if member.default else 'false'}`."
                schema: dict[str, Any] = {"type": "boolean"}
            elif member.encode_name == "as_seat":
                schema = {"type": "integer", "minimum": 0, "maximum": self.most_players - 1}
            elif typing.get_origin(base) is Literal:
                schema = {"type": "string", "enum": list(typing.get_args(base))}
            else:
                schema = {"type": "integer", "minimum": 0}
            parameters.append(
                {
                    "name": member.encode_name,
                    "in": "query",
                    "required": False,
                    "description": text,
                    "schema": schema,
                }
            )
        return parameters

    def operation(self, op: Operation) -> dict[str, Any]:
        """The operation of a declaration; its problem responses from :meth:`codes_of`."""
        responses: dict[str, Any] = {}
        if op.answer is not None:
            responses.update(self._answer(op))
        for status, response in (op.responses or {}).items():
            responses[status] = self._with_examples(op.id, int(status), response)
        if op.problems:
            responses.update(self.problem_responses(op))
        if op.api:  # every answer of the API says the language of its texts
            for status, response in responses.items():
                said = {**response.get("headers", {}), "Content-Language": CONTENT_LANGUAGE}
                responses[status] = {**response, "headers": said}
        operation: dict[str, Any] = {
            "operationId": op.id,
            "summary": op.summary,
            "tags": list(op.tags),
            "responses": dict(sorted(responses.items())),
        }
        if op.description:
            operation["description"] = op.description
        asked = [LANGUAGE_PARAM] if op.api else []
        if op.idempotent:
            asked.append(IDEMPOTENCY_PARAM)
        if asked:
            operation["parameters"] = asked
        if op.body is not None:
            name = op.body.__name__ if op.body_schema is None else op.body_schema
            operation["requestBody"] = {
                "required": True,
                "description": op.body_text,
                "content": json_content(
                    ref(name) if name else {}, self.examples.requests.get(op.id)
                ),
            }
        return operation

    def _with_examples(self, operation: str, status: int, response: dict[str, Any]) -> Any:
        """A page's response, its JSON with the examples of :class:`Examples`."""
        examples = self.examples.responses.get((operation, status))
        if not examples or "application/json" not in response.get("content", {}):
            return response
        schema = response["content"]["application/json"]["schema"]
        return {**response, "content": json_content(schema, examples)}

    def _answer(self, op: Operation) -> dict[str, Any]:
        answer = op.answer
        assert answer is not None
        schema = ref(answer.component) if answer.component else {}
        examples = self.examples.responses.get((op.id, answer.status))
        content = json_content(schema, examples)
        if answer.media != "application/json":  # a stream: the schema is each event's data
            content = {answer.media: {"schema": {"type": "string"}, "x-item-schema": schema}}
        response: dict[str, Any] = {"description": answer.description, "content": content}
        if isinstance(answer.links, str):
            response["links"] = self._links(answer.links)
        elif answer.links:
            response["links"] = dict(answer.links)
        if answer.location:
            response["headers"] = {
                "Location": {"description": answer.location, "schema": {"type": "string"}}
            }
        return {str(answer.status): response}
