"""RFC 9457 problem details: every error the service answers with, REST and GraphQL alike.

A problem is ``application/problem+json`` with the standard members ``type``, ``title``,
``status`` and ``detail``, plus ``code`` -- a stable machine-readable code -- and extensions where
they help: ``pointer`` (a JSON pointer into the request, RFC 6901), ``legal_moves_count``,
``move_index``, ``game``, ``request_id``, ``used`` and ``allowed`` (bytes a client holds and may
hold: ``quota_exceeded``), and ``errors`` with ``errors_left_out``: every gap of a state or a
position refused for several at once (each with its ``code``, ``detail`` and ``pointer``; the first
is the problem's own, at most :data:`arbiter.core.MAX_GAPS` listed, the rest counted).

``code`` is either one of the service's own codes listed in :data:`CODES`, or a rule code of a
game (``pig.not_your_turn``, ``the-ancient-world.build.no_space``) for an illegal move or a state
that breaks a game's invariants. ``type`` is the relative URI ``/problems/<code>``; the service
serves a short page there.
"""

from __future__ import annotations

import math
import re
from typing import Annotated

import msgspec
from starlette.responses import Response

from arbiter.api.languages import said
from arbiter.api.logs import refused, request_id
from arbiter.api.validation_texts import validation_text
from arbiter.core import MAX_GAPS, ArbiterError, IllegalMove, InvalidState
from arbiter.core.texts import english, text
from arbiter.languages import SERVICE, domain_of

PROBLEM_MEDIA_TYPE = "application/problem+json"


class ProblemCode(msgspec.Struct, frozen=True):
    """One of the service's own problem codes."""

    status: int
    title: str
    description: str


#: The titles of problems whose code is a game's rule code (their own code has none).
TITLES = ("Illegal move", "Invalid position", "Invalid state", "Unprocessable request")

#: The service's own problem codes. Games add their rule codes (``<game>.<rule>``).
CODES: dict[str, ProblemCode] = {
    "malformed_json": ProblemCode(
        400, "Malformed JSON", "The request body is not valid JSON (or not valid UTF-8)."
    ),
    "duplicate_key": ProblemCode(
        400,
        "Duplicate key",
        "An object in the request names the same member twice. JSON parsers disagree about "
        "which one counts, so the service refuses to guess; `pointer` names the object.",
    ),
    "nesting_too_deep": ProblemCode(
        400,
        "Nested too deeply",
        "The request's JSON nests arrays or objects deeper than the service parses (no game "
        "value comes close).",
    ),
    "unsupported_media_type": ProblemCode(
        415,
        "Unsupported media type",
        "A request with a body must send it as `Content-Type: application/json`.",
    ),
    "not_found": ProblemCode(404, "Not found", "No resource lives at this path."),
    "unknown_game": ProblemCode(404, "Unknown game", "No game is registered with this id."),
    "unknown_state": ProblemCode(
        404,
        "Unknown state",
        "No cached state has this id: it never existed, or it expired (see ARBITER_CACHE_TTL). "
        "Send the full state or the state token instead.",
    ),
    "method_not_allowed": ProblemCode(
        405, "Method not allowed", "This path does not accept this HTTP method."
    ),
    "body_too_large": ProblemCode(
        413, "Request body too large", "The request body exceeds ARBITER_MAX_BODY bytes."
    ),
    "invalid_request": ProblemCode(
        422,
        "Invalid request",
        "The request does not match its schema; `pointer` names the offending member. A "
        "position of the wrong shape lists in `errors` every member it misses or should not "
        "have, each with its `pointer`.",
    ),
    "invalid_state_handle": ProblemCode(
        422,
        "Invalid state handle",
        "Exactly one of `state`, `state_id` and `state_token` must be given.",
    ),
    "invalid_state_token": ProblemCode(
        422,
        "Invalid state token",
        "The state token was not sealed by this service (or by a key it still holds), was "
        "tampered with, or belongs to another game.",
    ),
    "invalid_state": ProblemCode(
        422,
        "Invalid state",
        "The submitted state cannot be evaluated by the rules; games report broken invariants "
        "with their own codes (`<game>.state.*`).",
    ),
    "invalid_seat": ProblemCode(
        422, "Invalid seat", "`as_seat` names no seat of this game (seats count from 0)."
    ),
    "unknown_content": ProblemCode(
        422,
        "Unknown content pack",
        "The state or request names a content pack this service does not know; register it "
        "with POST /v1/games/{game}/content first.",
    ),
    "rules_version_mismatch": ProblemCode(
        422,
        "Rules version mismatch",
        "The state was made under another version of the game's rules than this server runs.",
    ),
    "illegal_move": ProblemCode(
        422,
        "Illegal move",
        "The move is not legal now; the problem's `code` is the game's rule code.",
    ),
    "forbidden_seat": ProblemCode(
        403,
        "Not this seat's handle",
        "A seat's handle of a sealed game sees and acts for its own seat only: `as_seat`, the "
        "move or a hint's `seat` names another seat. Use that seat's handle, or the master "
        "handle.",
    ),
    "chance_forbidden": ProblemCode(
        403,
        "Chance belongs to the server",
        "In a sealed game chance is drawn from the game's secret seed. Only a sealed game set up "
        "for a real table (`resolve_chance: false`) takes outcomes, and only through its master "
        "handle. A seat's handle is refused whatever the outcome, so it learns nothing from it.",
    ),
    "master_only": ProblemCode(
        403,
        "Master handle required",
        "Only the master handle of a sealed game (the one its creator received) may do this.",
    ),
    "spectator_handle": ProblemCode(
        403,
        "Spectator's handle",
        "A spectator's handle of a sealed game reads the public view and its events only "
        "(`POST .../current`, `POST .../spectators`, the table's events); it never acts, lists "
        "no seat's moves and exports nothing.",
    ),
    "too_many_streams": ProblemCode(
        429,
        "Too many streams",
        "Your client holds as many open event streams as one client may in this worker "
        "(ARBITER_CLIENT_STREAMS; `used` and `allowed` in streams); close one first. Other "
        "clients are not affected.",
    ),
    "streams_full": ProblemCode(
        503,
        "Streams full",
        "This worker holds as many open event streams as it serves (ARBITER_MAX_STREAMS); retry "
        "after `Retry-After`, or on another worker.",
    ),
    "table_rolled_back": ProblemCode(
        409,
        "Sealed game rolled back",
        "The store holds an earlier step of this sealed game than the handle was given for, or "
        "another state at its step: the store went back (restored from a snapshot, a replica "
        "that lagged, a restart that lost writes), and the moves after the step it holds are "
        "not in it. The handle acts on nothing; `current` with any of the game's handles answers "
        "the game as the store holds it. Never a stale handle: those are `stale_state`.",
    ),
    "idempotency_key_reused": ProblemCode(
        422,
        "Idempotency key reused",
        "This `Idempotency-Key` was sent before with another request (another body or path). "
        "A key names one request: use a new key for a new request.",
    ),
    "idempotency_in_progress": ProblemCode(
        409,
        "Request in progress",
        "The first request with this `Idempotency-Key` is still running; retry after "
        "`Retry-After` to get its answer.",
    ),
    "stale_state": ProblemCode(
        409,
        "Stale state",
        "The handle names an earlier step of a sealed game and a later step exists, so it can no "
        "longer act. Get the current step with POST /v1/games/{game}/current (any handle of the "
        "same seat works), or take moves back with the master handle's undo. (A seat's move in a "
        "simultaneous decision is applied to the current step instead when the steps since were "
        "other seats' moves and left the seat's legal moves as they were.)",
    ),
    "nothing_to_undo": ProblemCode(
        422,
        "Nothing to take back",
        "The last step of this sealed game cannot be taken back: no move was made since setup, "
        "or the move revealed a hidden value, or chance decided something after it.",
    ),
    "positions_unsupported": ProblemCode(
        404,
        "Positions not supported",
        "This game does not set up states from positions, nor tell a state's position (its fact "
        "sheet says `positions: false`): set it up with POST /v1/games/{game}/states or replay "
        "its moves instead.",
    ),
    "history_unavailable": ProblemCode(
        404,
        "History unavailable",
        "The game's record cannot be exported: the service no longer keeps (or never kept) the "
        "moves that led to this state. An open game's history lives in the states along it, each "
        "expiring ARBITER_CACHE_TTL after it was stored; a state sent in full has one only if "
        "this service made it; histories longer than ARBITER_MAX_REPLAY moves are not kept; a "
        "game set up from a position has no setup to replay from.",
    ),
    "game_mismatch": ProblemCode(
        422,
        "Record of another game",
        "The record's `game` is not the game of the path: replay it at its own game's path.",
    ),
    "step_mismatch": ProblemCode(
        422,
        "Step mismatch",
        "A move of the record is recorded at another step than the one the replay reaches it "
        "at (a move left out, repeated or moved); `pointer` and `move_index` name the move.",
    ),
    "result_mismatch": ProblemCode(
        422,
        "Result mismatch",
        "The record's `result` is not the result its replay reaches (or the replayed game is "
        "not over).",
    ),
    "replay_too_long": ProblemCode(
        422,
        "Replay too long",
        "A replay may play at most ARBITER_MAX_REPLAY moves; split the game or send its state.",
    ),
    "store_full": ProblemCode(
        503,
        "State store full",
        "The in-process store of sealed games, or of content packs, is full of recently used "
        "entries and does not evict them for newer ones; retry after `Retry-After` (see "
        "ARBITER_TABLE_BYTES, ARBITER_CONTENT_BYTES and ARBITER_CACHE_MIN_AGE).",
    ),
    "quota_exceeded": ProblemCode(
        429,
        "Quota exceeded",
        "Your client holds its share (ARBITER_CLIENT_SHARE) of what one worker keeps: of the "
        "store's live sealed games (`used` and `allowed` in bytes, `Retry-After` when one of "
        "them expires: finish or abandon a game first), of its queue of long requests "
        "(replays, hints; `used` and `allowed` in requests), or a content pack alone is larger "
        "than its share of the packs kept (bytes). Other clients are not affected.",
    ),
    "rate_limited": ProblemCode(
        429,
        "Rate limited",
        "Your client sent more requests, or more hints, replays, content registrations and large "
        "GraphQL documents, than its rate limit allows (ARBITER_RATE_LIMIT, "
        "ARBITER_HEAVY_RATE_LIMIT, or its key's own). `Retry-After` says when to retry; "
        "`RateLimit-Policy` and `RateLimit` (IETF draft) the limit and what remains of it.",
    ),
    "not_deciding": ProblemCode(
        409,
        "Seat not deciding",
        "A hint is asked for a seat that does not decide now: another seat decides, chance must "
        "be drawn, or the game is over. `to_act` says who decides.",
    ),
    "busy": ProblemCode(
        503,
        "Busy",
        "Too many long requests (replays, hints) are waiting in this worker; retry later.",
    ),
    "key_required": ProblemCode(
        401,
        "Key required",
        "This service counts its API's clients by key (ARBITER_API_KEYS): send yours as "
        "`Authorization: Bearer <key>`.",
    ),
    "key_unknown": ProblemCode(
        401,
        "Unknown key",
        "The key sent is not one of the service's keys, or not sent as `Authorization: Bearer "
        "<key>`.",
    ),
    "key_revoked": ProblemCode(
        401, "Key revoked", "The key sent was revoked; ask the service's operators for another."
    ),
    "internal_error": ProblemCode(500, "Internal error", "The service failed; see its logs."),
    "shutting_down": ProblemCode(
        503,
        "Shutting down",
        "The worker was stopped (SIGTERM) and its grace (ARBITER_SHUTDOWN_GRACE) ran out before "
        "this request was answered. Nothing it would have changed was kept unless a later "
        "`current` shows it; retry after `Retry-After`.",
    ),
    "cache_unavailable": ProblemCode(
        503,
        "State cache unavailable",
        "The shared state cache (Redis) cannot be reached, so `state_id` handles cannot be "
        "resolved now. Retry later, or send the full state or the state token.",
    ),
    # GraphQL errors (in a 200 answer's `errors`, see arbiter.api.graphql_http); the status is
    # the one a REST answer of the same refusal would have.
    "graphql_parse_error": ProblemCode(
        400, "GraphQL syntax error", "The GraphQL document does not parse; `locations` say where."
    ),
    "graphql_validation_error": ProblemCode(
        400,
        "Invalid GraphQL request",
        "The document does not fit the schema, its variables do not fit their types, it names "
        "no operation it holds, or it introspects a schema whose introspection is off.",
    ),
    "graphql_limit": ProblemCode(
        400,
        "GraphQL document over a limit",
        "The document has too many tokens, aliases or nested fields (ARBITER_GRAPHQL_MAX_TOKENS, "
        "_MAX_ALIASES, _MAX_DEPTH), or selects more than one expensive root field (replay, "
        "newGame, applyMove, registerContent, ...): send one request for each.",
    ),
}


class ProblemError(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One gap of a refused state or position: its code, what is wrong and where."""

    code: str
    detail: str
    pointer: str | None = None


class ProblemDetails(msgspec.Struct, kw_only=True, omit_defaults=True):
    """An RFC 9457 problem document with Arbiter's extensions."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    instance: str | None = None
    pointer: str | None = None
    legal_moves_count: int | None = None
    move_index: int | None = None
    game: str | None = None
    request_id: str | None = None
    used: int | None = None
    allowed: int | None = None
    errors: (
        Annotated[
            tuple[ProblemError, ...],
            msgspec.Meta(
                description="Every gap found at once in a refused state or position (a position "
                "that leaves several decks short, say), each with its code, detail and pointer: "
                "the first is the problem's own `code`, `detail` and `pointer`. At most "
                f"{MAX_GAPS} are listed; `errors_left_out` counts the others. Absent when there is one gap."
            ),
        ]
        | None
    ) = None
    errors_left_out: (
        Annotated[
            int,
            msgspec.Meta(ge=1, description="How many gaps `errors` leaves out (absent: none)."),
        ]
        | None
    ) = None


class Problem(Exception):
    """An error answered with a problem document (REST) or an error with ``extensions`` (GraphQL)."""

    def __init__(
        self,
        code: str,
        detail: str,
        *,
        status: int | None = None,
        title: str | None = None,
        pointer: str | None = None,
        legal_moves_count: int | None = None,
        move_index: int | None = None,
        game: str | None = None,
        headers: dict[str, str] | None = None,
        used: int | None = None,
        allowed: int | None = None,
        errors: tuple[ProblemError, ...] | None = None,
        errors_left_out: int | None = None,
    ) -> None:
        super().__init__(detail)
        known = CODES.get(code)
        self.code = code
        self.detail = detail
        self.status = status or (known.status if known else 422)
        self.title = title or (known.title if known else "Unprocessable request")
        self.pointer = pointer
        self.legal_moves_count = legal_moves_count
        self.move_index = move_index
        self.game = game
        self.headers = headers or {}
        self.used = used
        self.allowed = allowed
        self.errors = errors
        self.errors_left_out = errors_left_out

    def details(self, request_id: str | None = None) -> ProblemDetails:
        """The problem's document, its title and details in the request's language
        (:mod:`.languages`; a game's rule refusals from the game's catalog)."""
        domain = SERVICE if self.game is None else domain_of(self.game)
        errors = self.errors
        if errors is not None:
            errors = tuple(
                msgspec.structs.replace(e, detail=said(e.detail, domain)) for e in errors
            )
        return ProblemDetails(
            type=f"/problems/{self.code}",
            title=said(text(self.title), SERVICE),
            status=self.status,
            detail=said(self.detail, domain),
            code=self.code,
            pointer=self.pointer,
            legal_moves_count=self.legal_moves_count,
            move_index=self.move_index,
            game=self.game,
            request_id=request_id,
            used=self.used,
            allowed=self.allowed,
            errors=errors,
            errors_left_out=self.errors_left_out,
        )

    def extensions(self) -> dict[str, object]:
        """The GraphQL ``extensions`` of this problem: the same members as the REST document."""
        return msgspec.to_builtins(self.details())  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"Problem({self.status}, {self.code!r}, {self.detail!r})"


_encoder = msgspec.json.Encoder(enc_hook=english)


def retry_after(seconds: float) -> dict[str, str]:
    """The ``Retry-After`` header of a refusal: whole seconds, at least one."""
    return {"Retry-After": str(max(1, math.ceil(seconds)))}


def store_full(detail: str, retry: float, game: str | None = None) -> Problem:
    """``503 store_full``: a store full of others' recent entries admits no new one now."""
    return Problem("store_full", detail, headers=retry_after(retry), game=game)


def over_quota(
    detail: str, used: int, allowed: int, retry: float, game: str | None = None
) -> Problem:
    """``429 quota_exceeded``: the client holds its share; what it uses, what it may."""
    return Problem(
        "quota_exceeded",
        detail,
        used=used,
        allowed=allowed,
        headers=retry_after(retry),
        game=game,
    )


def problem_response(problem: Problem) -> Response:
    """The REST answer of ``problem``: its document, status and headers (and the refusal noted
    for the access log)."""
    refused(problem.code)
    body = _encoder.encode(problem.details(request_id.get()))
    return Response(body, problem.status, problem.headers or None, PROBLEM_MEDIA_TYPE)


def from_core(error: ArbiterError, *, prefix: str = "", game: str | None = None) -> Problem:
    """The problem for an error of the rules core; ``prefix`` roots game pointers in the request."""
    if isinstance(error, IllegalMove):
        return Problem(error.code, error.message, status=422, title="Illegal move", game=game)
    if isinstance(error, InvalidState):

        def rooted(pointer: str) -> str | None:
            return prefix + pointer if pointer or prefix else None

        gaps = tuple(
            ProblemError(code=g.code, detail=g.message, pointer=rooted(g.pointer))
            for g in error.gaps
        )
        return Problem(
            error.code,
            error.message,
            status=422,
            title="Invalid state",
            pointer=rooted(error.pointer),
            game=game,
            errors=gaps or None,
            errors_left_out=error.gaps_left_out or None,
        )
    return Problem(error.code, error.message, game=game)


_PATH_PART = re.compile(r"\.([^.\[]+)|\[(\d+)\]|\[([^\]]*)\]")
_AT = re.compile(r" - at `(\$[^`]*)`$")
_UNKNOWN = re.compile(r"Object contains unknown field `(.*)`")


def pointer_from_path(path: str) -> str:
    """The JSON pointer of a msgspec error path: ``$.players[1].coins`` -> ``/players/1/coins``.

    Dictionary keys are not named in msgspec's paths (``[...]``); the pointer then stops at the
    object that holds them.
    """
    parts: list[str] = []
    for match in _PATH_PART.finditer(path[1:]):
        name, index, other = match.groups()
        if name is not None:
            parts.append(name.replace("~", "~0").replace("/", "~1"))
        elif index is not None:
            parts.append(index)
        else:
            del other
            break
    return "".join("/" + p for p in parts)


def from_validation(
    error: msgspec.ValidationError, prefix: str = "", parts: list[str] | None = None
) -> Problem:
    """The ``invalid_request`` problem of a msgspec validation error, rooted at ``prefix``;
    ``parts``: the members the error is about where the caller found them more exactly than
    msgspec's path names them (:mod:`arbiter.api.dict_keys`)."""
    message = str(error)
    match = _AT.search(message)
    pointer = prefix
    if match:
        pointer = prefix + pointer_from_path(match.group(1))
        message = message[: match.start()]
    exact = parts is not None or not (match and "[...]" in match.group(1))
    if parts is not None:
        pointer = prefix + "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)
    unknown = _UNKNOWN.fullmatch(message)
    if unknown and exact:  # the member, not the object that holds it
        pointer += "/" + unknown.group(1).replace("~", "~0").replace("/", "~1")
    where = pointer or "/"
    # msgspec's own sentence is said too where its form is known (:mod:`.validation_texts`)
    return Problem(
        "invalid_request",
        text("{detail} at {pointer}", detail=validation_text(message), pointer=where),
        pointer=pointer,
    )
