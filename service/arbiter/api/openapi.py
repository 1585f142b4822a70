"""The contracts, generated from the code: OpenAPI 3.1, JSON Schemas per game, GraphQL SDL.

* ``openapi/openapi.json`` -- the REST API (also served at ``/openapi.json``). Schemas come from
  the msgspec types with :func:`msgspec.json.schema_components`. Each registered game contributes
  its own components, named ``<game>.State``, ``<game>.Move``, ``<game>.View``, ``<game>.Event``,
  ``<game>.Options``, ``<game>.Content`` and -- for a game that takes positions --
  ``<game>.Position`` (its structs as ``<game>.<StructName>``); the
  request and response members that carry game values point at the unions ``State`` (``oneOf``
  the games' states), ``Move``, ``View``, ``Event``, ``Options``, ``Content`` and ``Position``
  (``anyOf``: two games may share a move's shape; ``Position`` of the games that take them). Requests that name a state say "exactly one handle" with a
  ``oneOf`` (:func:`exactly_one_handle`). The paths -- operations, problem responses drawn from
  :data:`arbiter.api.problems.CODES`, the links that continue a game from every answer that
  carries a state -- are built in :mod:`arbiter.api.openapi_paths`; the examples, played from the
  registered games, in :mod:`arbiter.api.openapi_examples`.
* ``schema/<game>/{state,move,view,content,options,event}.json`` -- JSON Schema 2020-12; and
  ``schema/<game>/record.json``, the game's records (:mod:`arbiter.core.record`) with its own
  options and moves; ``schema/<game>/position.json`` for a game that takes positions.
* ``schema/schema.graphql`` -- the GraphQL SDL.

Everything is deterministic: sorted keys, two-space indentation, a trailing newline.
"""

from __future__ import annotations

import copy
import difflib
import inspect
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

import arbiter
from arbiter.api.openapi_paths import (
    ACCEPT_LANGUAGE,
    DECLARED,
    HEADERS,
    IDEMPOTENCY_KEY,
    Operations,
)
from arbiter.api.problems import CODES, ProblemDetails
from arbiter.core import Registry
from arbiter.core.record import record_type
from arbiter.core.registry import AnyGame
from arbiter.core.texts import english

#: The requests that name a state by one of its handles.
HANDLE_REQUESTS = (
    "HandleRequest", "MoveRequest", "RecordRequest", "PositionOfRequest", "HintRequest",
)  # fmt: skip
JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
REF = "#/components/schemas/"
ROLES = ("State", "Move", "View", "Content", "Options", "Event")
_NAME = re.compile(r"^[A-Za-z0-9._-]+$")


class SchemaError(ValueError):
    """A game's types cannot be published (a component name clash, an invalid name)."""


def dumps(document: Any) -> bytes:
    """Deterministic JSON: sorted keys, two-space indentation, a trailing newline."""
    return (
        msgspec.json.format(
            msgspec.json.encode(document, order="sorted", enc_hook=english), indent=2
        )
        + b"\n"
    )


def normalized(node: Any) -> Any:
    """Every ``description`` under ``node`` as :func:`inspect.cleandoc` reads it.

    The one place where descriptions are normalized. msgspec makes them from docstrings, and a
    docstring comes indented or not depending on the Python (3.13 dedents at compile time) and on
    msgspec (0.23 dedents, 0.19-0.22 did not). So every schema msgspec makes passes through here
    before anything is composed onto it (:func:`exactly_one_handle` appends a paragraph,
    :func:`for_generators` a default): the contracts come out the same either way.
    """
    if isinstance(node, dict):
        return {
            k: inspect.cleandoc(v) if k == "description" and isinstance(v, str) else normalized(v)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [normalized(v) for v in node]
    return node


def schema_components(
    types: Sequence[Any], ref_template: str
) -> tuple[tuple[dict[str, Any], ...], dict[str, Any]]:
    """:func:`msgspec.json.schema_components`, descriptions :func:`normalized`."""
    refs, components = msgspec.json.schema_components(types, ref_template=ref_template)
    return refs, normalized(components)


def schema(kind: Any) -> dict[str, Any]:
    """:func:`msgspec.json.schema`, descriptions :func:`normalized`."""
    made: dict[str, Any] = normalized(msgspec.json.schema(kind))
    return made


def _role_types(game: AnyGame) -> list[Any]:
    return [
        game.state_type,
        game.move_type,
        game.view_type,
        game.content_type,
        game.options_type,
        game.event_type,
    ]


def _roles(game: AnyGame) -> list[tuple[str, Any]]:
    """The game's types by role: :data:`ROLES`, and ``Position`` when it takes positions."""
    roles = list(zip(ROLES, _role_types(game), strict=True))
    if game.position_type is not None:
        roles.append(("Position", game.position_type))
    return roles


def game_components(game: AnyGame) -> dict[str, Any]:
    """The OpenAPI components of one game, every name prefixed with the game's id."""
    prefix = f"{game.id}."
    roles = _roles(game)
    refs, structs = schema_components(
        [kind for _, kind in roles], ref_template=REF + prefix + "{name}"
    )
    components: dict[str, Any] = {}
    for name, schema in structs.items():
        if not _NAME.match(name):
            raise SchemaError(f"{game.id}: struct name {name!r} is not a valid component name")
        components[prefix + name] = schema
    for (role, _), ref in zip(roles, refs, strict=True):
        name = prefix + role
        if ref == {"$ref": REF + name}:
            continue  # the struct is already called like its role
        if name in components:
            raise SchemaError(f"{game.id}: the struct {role!r} is not the game's {role.lower()}")
        if "$ref" in ref:
            # an alias of one struct, written as an ``allOf`` of it: generators resolve a bare
            # ``$ref`` component to the struct itself and then define it twice
            struct = ref["$ref"].removeprefix(REF)
            ref = {"allOf": [ref], "title": name, "description": f"The {role.lower()}: `{struct}`."}
        components[name] = ref
    return components


def _union(registry: Registry, role: str, keyword: str) -> dict[str, Any]:
    refs = [{"$ref": f"{REF}{game.id}.{role}"} for game in registry]
    if not refs:
        return {"not": {}, "description": f"No game is registered: there is no {role.lower()}."}
    return {keyword: refs, "description": f"The {role.lower()} of one of the registered games."}


def _position_union(registry: Registry) -> dict[str, Any]:
    """``Position``: the position of one of the registered games that take positions -- or, when
    none does, any value (every game refuses it: ``positions_unsupported``)."""
    refs = [{"$ref": f"{REF}{game.id}.Position"} for game in registry if game.position_type]
    if not refs:
        return {
            "description": "No registered game takes positions: every game refuses them "
            "(`positions_unsupported`)."
        }
    return {
        "anyOf": refs,
        "description": "The position of one of the registered games that take positions (the "
        "fact sheet's `positions`): what a real table shows, in the game's own terms.",
    }


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


#: The API's own types: every struct a declared operation reads or answers (its declaration,
#: :mod:`arbiter.api.openapi_paths`), and the problem document.
API_TYPES = [
    *dict.fromkeys(
        kind
        for op in DECLARED
        for kind in (op.body, op.answer.type if op.answer else None)
        if isinstance(kind, type) and issubclass(kind, msgspec.Struct)
    ),
    ProblemDetails,
]


def _generic_names(schemas: dict[str, Any], prefix: str = REF) -> None:
    """Name generic structs' schemas by their struct alone (msgspec writes ``RecordedMove__MoveT_``
    for ``RecordedMove[MoveT]``), references included: ``GameRecord``, ``RecordedMove``."""
    renamed = {
        name: name.split("_", 1)[0]
        for name, schema in schemas.items()
        if "[" in schema.get("title", "") and "_" in name
    }
    for old, new in renamed.items():
        schema = schemas.pop(old)
        schema["title"] = new
        schemas[new] = schema

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.removeprefix(prefix) in renamed:
                node["$ref"] = prefix + renamed[ref.removeprefix(prefix)]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schemas)


def api_components(registry: Registry) -> dict[str, Any]:
    """Every component: the API's own types, the unions over games, and each game's types."""
    _, components = schema_components(API_TYPES, ref_template=REF + "{name}")
    _generic_names(components)
    components["Problem"] = components.pop("ProblemDetails")
    components["Problem"]["title"] = "Problem"
    components["Problem"]["properties"]["code"]["description"] = (
        "A stable code: one of the service's own (" + ", ".join(sorted(CODES)) + ") or a "
        "game's rule code such as `pig.not_your_turn`."
    )
    components["State"] = _union(registry, "State", "oneOf")
    for role in ROLES[1:]:
        components[role] = _union(registry, role, "anyOf")
    components["Position"] = _position_union(registry)
    for name in HANDLE_REQUESTS:
        _patch(components[name], "state", _ref("State"))
    _patch(components["SetUpPositionRequest"], "position", _ref("Position"))
    _patch(components["TablePosition"], "position", _ref("Position"))
    for name in ("MoveRequest",):
        _patch(components[name], "move", _ref("Move"))
    _patch(components["NewStateRequest"], "options", _ref("Options"))
    _patch(components["ReplayRequest"], "options", _ref("Options"))
    _patch(
        components["ReplayRequest"],
        "moves",
        {"anyOf": [_ref("Move"), _ref("RecordedMove")]},
    )
    _patch(components["ReplayRequest"], "result", _ref("Result"))
    _patch(components["GameRecord"], "options", _ref("Options"))
    _patch(components["RecordedMove"], "move", _ref("Move"))
    _patch(components["Envelope"], "state", _ref("State"))
    _patch(components["Envelope"], "view", _ref("View"))
    _patch(components["Envelope"], "legal_moves", _ref("Move"))
    _patch(components["Envelope"], "events", _ref("Event"))
    _patch(components["LegalMoves"], "moves", _ref("Move"))
    _patch(components["Hint"], "move", _ref("Move"))
    _patch(components["HintOption"], "move", _ref("Move"))
    if "SeatAnswer" in components:  # one seat's part of an envelope
        _patch(components["SeatAnswer"], "view", _ref("View"))
        _patch(components["SeatAnswer"], "legal_moves", _ref("Move"))
        _patch(components["SeatAnswer"], "events", _ref("Event"))
    _patch(components["TableUpdate"], "events", _ref("Event"))  # a change, as a stream tells it
    _patch(components["SeatUpdate"], "events", _ref("Event"))
    describe(components)
    bound_seats(components, registry)
    for name in HANDLE_REQUESTS:
        exactly_one_handle(components[name], name)
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
    for name in (
        "NewStateRequest",
        "ReplayRequest",
        "HandleRequest",
        "MoveRequest",
        "CurrentRequest",
        "SetUpPositionRequest",
    ):
        seat = components[name]["properties"]["as_seat"]["anyOf"][0]
        seat["maximum"] = most - 1


#: The members that name a state; a request gives exactly one (:mod:`arbiter.api.handles`).
HANDLES = ("state", "state_id", "state_token")


def exactly_one_handle(component: dict[str, Any], name: str) -> None:
    """Say "exactly one of ``state``, ``state_id``, ``state_token``" in the request's schema.

    msgspec describes each member on its own (each optional, each nullable), which lets through
    no handle or two; the service refuses those (``422 invalid_state_handle``). So the schema also
    gets a ``oneOf`` of three alternatives, one per handle: that handle is required and not
    ``null``, and the other two are absent or ``null`` -- the service reads a ``null`` member as
    absent, so ``{"state_id": "...", "state": null}`` is a valid request. Each alternative forbids
    the others' handles itself, so exactly one alternative matches any valid request (which is
    what ``oneOf`` asks), and a generator can build a request from one alternative alone: each
    alternative lists every member of the request (openapi-python-client makes a class of each
    alternative and nothing else). They are titled after the request (``<name> by <handle>``):
    generators name classes after titles, and both requests have these alternatives.
    """
    given = {
        "state": {"$ref": REF + "State"},
        "state_id": {"type": "string"},
        "state_token": {"type": "string"},
    }
    members = component["properties"]
    component["oneOf"] = [
        {
            "title": f"{name} by {handle}",
            "type": "object",
            "required": [*component.get("required", ()), handle],
            "properties": {
                **copy.deepcopy(members),
                **{
                    other: given[other] if other == handle else {"type": "null"}
                    for other in HANDLES
                },
            },
        }
        for handle in HANDLES
    ]
    component["description"] = (
        component.get("description", "").rstrip()
        + "\n\nGive exactly one of `state`, `state_id` and `state_token` (a member given as "
        "`null` counts as absent)."
    )


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
            "when the next move is a player's is drawn from the seed. Each item is a move, or a "
            'move with the step it was made at (`{"step": n, "move": m}`, as a record lists '
            "them): the replay must reach it at that step (`step_mismatch` otherwise)."
        ),
        ("ReplayRequest", "format"): (
            "A game record's format (`arbiter.record/1`): a record is a replay request as it is."
        ),
        ("ReplayRequest", "game"): (
            "A game record's game: it must be the game of the path (`game_mismatch`)."
        ),
        ("ReplayRequest", "rules_version"): (
            "A game record's rules version: it must be this server's (`rules_version_mismatch`)."
        ),
        ("ReplayRequest", "result"): (
            "A game record's result: the replay must reach it (`result_mismatch`); absent or "
            "null: not checked."
        ),
        ("ReplayRequest", "content_id"): (
            "The content pack to play with (default: the game's own pack)."
        ),
        ("RecordRequest", "state"): (
            "The full state of an open game this service made. Give exactly one handle."
        ),
        ("RecordRequest", "state_id"): "The id of a cached open state. Give exactly one handle.",
        ("RecordRequest", "state_token"): (
            "The master handle of a sealed game (current or stale; a seat's is refused). Give "
            "exactly one handle."
        ),
        ("Envelope", "state_id"): (
            "The id of this open state in the cache; null for sealed games and when the cache "
            "cannot keep it."
        ),
        ("Envelope", "state"): "The full state (open games only).",
        ("Envelope", "state_token"): (
            "The handle of a sealed game for whoever asked (the master's, or one seat's), at "
            "this step: the next request with it acts on this step (sealed games only)."
        ),
        ("Envelope", "seat_tokens"): (
            "Each seat's handle at this step, index = seat (answers to the master handle only): "
            "the backend hands them out; a seat's handle sees and moves for its seat only."
        ),
        ("CurrentRequest", "state_token"): (
            "A handle of the sealed game (the master's or a seat's), current or stale."
        ),
        ("CurrentRequest", "as_seat"): (
            "With the master handle, the seat whose view and moves to show; a seat's handle may "
            "name only its own seat."
        ),
        ("SetUpPositionRequest", "position"): (
            "What the table shows, in the game's own terms (`schema/<game>/position.json`; the "
            "game's reference shows worked examples). Problems about it point below `/position`."
        ),
        ("SetUpPositionRequest", "seed"): (
            "Draws what the table does not show (deck orders, cards given as counts) and later "
            "chance. Default: a random 63-bit seed drawn by the server."
        ),
        ("SetUpPositionRequest", "content_id"): (
            "The content pack the table plays with (default: the game's own pack); hidden parts "
            "are drawn from what it leaves."
        ),
        ("SetUpPositionRequest", "resolve_chance"): (
            "A real table's dice and cards decide chance: by default (false) a chance decision "
            "the position leaves pending waits for the table to supply its outcome; true draws it "
            "from the seed."
        ),
        ("SetUpPositionRequest", "sealed"): (
            "Seal the game set up from the table: answers never carry the state, only a token "
            "and a seat's view (chance through the master handle unless `resolve_chance`)."
        ),
        ("SetUpPositionRequest", "as_seat"): (
            "The seat whose view (and, if sealed, moves) to show."
        ),
        ("PositionOfRequest", "state"): "The full state of an open game. Give exactly one handle.",
        ("PositionOfRequest", "state_id"): (
            "The id of a cached open state. Give exactly one handle."
        ),
        ("PositionOfRequest", "state_token"): (
            "The master handle of a sealed game (current or stale: the position of its current "
            "step; a seat's handle is refused). Give exactly one handle."
        ),
        ("TablePosition", "position"): (
            "The position the state shows, everything known: hidden cards by value."
        ),
        ("TablePosition", "content_id"): "The content pack the state is played with.",
        ("Envelope", "view"): (
            "The view of as_seat (the public view of a sealed game without as_seat)."
        ),
        ("Envelope", "to_act"): 'Seats that must decide now; "chance" while a chance decision '
        "waits for a client-supplied outcome.",
        ("Envelope", "legal_moves"): (
            "Every move the viewer may make now; each can be echoed back verbatim as `move`. "
            "Moves that differ only in an amount are listed once, with the smallest amount, and "
            "a `move_ranges` entry gives the other amounts."
        ),
        ("Envelope", "move_ranges"): (
            "For listed moves that stand for a run of amounts: the listed move at `index` may be "
            "sent with its member `field` set to any whole number from `min` to `max` (absent "
            "when no listed move stands for more than itself)."
        ),
        ("Envelope", "events"): "What happened while serving this request, as the viewer sees it.",
    }
    describing = "Answer `descriptions` too: one English sentence per listed legal move."
    for name in (
        "NewStateRequest",
        "HandleRequest",
        "MoveRequest",
        "ReplayRequest",
        "SetUpPositionRequest",
    ):
        notes[(name, "describe")] = describing
    notes[("CurrentRequest", "describe")] = describing
    acting = (
        "Sealed games, master handle only: answer `acting` too, every seat that must act with "
        "its view, legal moves and the events it may see (403 master_only otherwise)."
    )
    for name in (
        "NewStateRequest",
        "MoveRequest",
        "ReplayRequest",
        "CurrentRequest",
        "SetUpPositionRequest",
    ):
        notes[(name, "acting_seats")] = acting
    rendering = (
        "Answer `text` too: the game's text of the view the answer shows, for people to follow "
        "the game (of `as_seat`'s view; the public view's without `as_seat`, open games "
        "included). A seat's handle gets the text of its own view only."
    )
    for name in (
        "NewStateRequest",
        "MoveRequest",
        "ReplayRequest",
        "CurrentRequest",
        "SetUpPositionRequest",
    ):
        notes[(name, "render")] = rendering
    notes[("Envelope", "text")] = (
        "With `render`: the game's text of the view this answer shows -- `view`, or the public "
        "view when an open game's answer has no `view` -- so it shows nothing `view` hides."
    )
    notes[("SeatAnswer", "text")] = "With `render`: the game's text of this seat's `view`."
    notes[("Envelope", "acting")] = (
        "With `acting_seats` (a sealed game's master): every seat that must act, ready to hand on."
    )
    notes[("Envelope", "descriptions")] = (
        "With `describe`: one English sentence per legal move, in the order of `legal_moves`."
    )
    notes[("LegalMoves", "descriptions")] = notes[("Envelope", "descriptions")].replace(
        "legal_moves", "moves"
    )
    notes[("Envelope", "anytime")] = (
        "The anytime moves of `as_seat` (or of a seat's handle): moves it may make at any moment "
        "of play, whoever must decide now (Scythe's coins changing hands), listed like "
        "`legal_moves`; absent when it has none, and without `as_seat`."
    )
    notes[("LegalMoves", "anytime")] = notes[("Envelope", "anytime")]
    notes[("SeatAnswer", "anytime")] = notes[("Envelope", "anytime")]
    notes[("LegalMoves", "move_ranges")] = notes[("Envelope", "move_ranges")]
    notes[("SeatAnswer", "move_ranges")] = notes[("Envelope", "move_ranges")]
    for (component, field), text in notes.items():
        components[component]["properties"][field]["description"] = text
    for field in ("state", "state_id", "state_token", "resolve_chance"):
        components["MoveRequest"]["properties"][field]["description"] = notes[
            ("HandleRequest", field)
        ]


#: Keywords whose value is a map of names to schemas (a property may be called ``default``).
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
#: Keywords whose value is a list of schemas.
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
#: Keywords whose value is one schema.
_SCHEMA_ONE = (
    "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
    "unevaluatedItems", "unevaluatedProperties",
)  # fmt: skip


def _subschemas(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The schemas directly inside ``schema`` (not its examples, enums, consts or defaults)."""
    found: list[dict[str, Any]] = []
    for key, value in schema.items():
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            found.extend(v for v in value.values() if isinstance(v, dict))
        elif key in _SCHEMA_LISTS and isinstance(value, list):
            found.extend(v for v in value if isinstance(v, dict))
        elif key in _SCHEMA_ONE and isinstance(value, dict):
            found.append(value)
    return found


def _walk(schema: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """``schema`` and every schema inside it, depth first."""
    yield schema
    for inner in _subschemas(schema):
        yield from _walk(inner)


def _ref_names(node: Any) -> set[str]:
    """The components a node refers to (``$ref`` anywhere inside it)."""
    if isinstance(node, dict):
        found = {node["$ref"].removeprefix(REF)} if isinstance(node.get("$ref"), str) else set()
        return found.union(*(_ref_names(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_ref_names(v) for v in node))
    return set()


def request_components(schemas: dict[str, Any], paths: dict[str, Any]) -> set[str]:
    """The components a request body may contain (directly or through other components)."""
    todo = set()
    for item in paths.values():
        for operation in item.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                todo |= _ref_names(operation["requestBody"]["content"])
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in schemas:
            continue
        seen.add(name)
        todo |= _ref_names(schemas[name])
    return seen


def for_generators(schemas: dict[str, Any], paths: dict[str, Any], registry: Registry) -> None:
    """Write the schemas in the forms client generators read as meant (the service is unchanged).

    * A fixed-length array (a tuple: ``prefixItems`` and ``"items": false``) gets ``items``, the
      union of its positions' schemas, instead of ``false``: ``minItems`` = ``maxItems`` = the
      number of positions already leave no room for more items, and generators that read
      ``items`` only (openapi-python-client refuses ``false``) get the items' type.
    * A game's structs are titled like their components (``<game>.<Struct>``): generators name
      classes after titles, and two games may have structs of the same name.
    * Members of what a request may carry have no ``default``: generators take a default as
      "always present" (openapi-typescript makes such a member required). The default is said in
      the member's description instead; ``required`` is unchanged.
    """
    for schema in schemas.values():
        for node in _walk(schema):
            if node.get("type") == "array" and "items" not in node and "prefixItems" not in node:
                node["items"] = {}  # any items, said (generators want ``items``)
            if node.get("items") is False and "prefixItems" in node:
                options: list[Any] = []
                for position in node["prefixItems"]:
                    if position not in options:
                        options.append(position)
                node["items"] = options[0] if len(options) == 1 else {"anyOf": options}
    for game in registry:
        for name, schema in list(schemas.items()):
            if name.startswith(f"{game.id}.") and "title" in schema:
                schema["title"] = name
                _name_maps(schemas, name, schema)
    for name in sorted(request_components(schemas, paths)):
        for node in _walk(schemas[name]):
            for member in node.get("properties", {}).values():
                if isinstance(member, dict) and "default" in member:
                    default = member.pop("default")
                    text = member.get("description", "").rstrip()
                    if "Default:" not in text:
                        said = msgspec.json.encode(default).decode()
                        text = f"{text}\n\nDefault: `{said}`.".lstrip()
                    member["description"] = text


def _name_maps(schemas: dict[str, Any], name: str, schema: dict[str, Any]) -> None:
    """A struct member that is a map (an object of ``additionalProperties``, such as Scythe's
    resources by territory) becomes a component of its own, ``<game>.<Struct><Member>``:
    generators name an inline map after the struct holding it, and define it twice when a role
    alias (``<game>.State``) holds the same struct."""
    for member, node in schema.get("properties", {}).items():
        if (
            isinstance(node, dict)
            and node.get("type") == "object"
            and "additionalProperties" in node
        ):
            title = name + "".join(part.capitalize() for part in member.split("_"))
            described = {k: node.pop(k) for k in ("description", "default") if k in node}
            schemas[title] = {**node, "title": title}
            schema["properties"][member] = {"$ref": REF + title, **described}


def build_openapi(registry: Registry) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the REST API over ``registry``'s games."""
    game_ids = registry.ids()
    operations = Operations(registry)
    game_schema: dict[str, Any] = {"type": "string"}
    if game_ids:
        game_schema["enum"] = game_ids
    game_param: dict[str, Any] = {
        "name": "game",
        "in": "path",
        "required": True,
        "description": "A game id (`GET /v1/games`).",
        "schema": game_schema,
    }
    if operations.examples.game_ids:
        game_param["examples"] = operations.examples.game_ids
    position_game: dict[str, Any] = {
        **{k: v for k, v in game_param.items() if k != "examples"},
        "description": "A game id (`GET /v1/games`); a game whose fact sheet says "
        "`positions: false` answers `404 positions_unsupported`.",
    }
    if operations.examples.position_game_ids:
        position_game["examples"] = operations.examples.position_game_ids
    components: dict[str, Any] = {
        "parameters": {
            "game": game_param,
            "positionGame": position_game,
            "idempotencyKey": IDEMPOTENCY_KEY,
            "acceptLanguage": ACCEPT_LANGUAGE,
        },
        "schemas": api_components(registry),
        "headers": HEADERS,
        "securitySchemes": {
            "apiKey": {
                "type": "http",
                "scheme": "bearer",
                "description": "A key of the service's key file (ARBITER_API_KEYS), sent as "
                "`Authorization: Bearer <key>`. Where the service has no keys, or in "
                "development, a request without one is counted as its address.",
            }
        },
    }
    components["links"] = operations.link_components()
    if operations.examples.shared:
        components["examples"] = operations.examples.shared
    paths = operations.paths()
    for_generators(components["schemas"], paths, registry)
    return {
        "openapi": "3.1.0",  # schemas in OpenAPI 3.1's own dialect (JSON Schema 2020-12 and
        # its vocabulary: ``discriminator``, ``example``), so no ``jsonSchemaDialect``
        "info": {
            "title": "Arbiter",
            "version": arbiter.__version__,
            "summary": "Rules as a service for tabletop board games.",
            "description": "Validate and apply moves, list legal follow-ups, keep hidden "
            "information sealed. Errors are RFC 9457 problem documents with a stable `code`. "
            "GraphQL is served at /graphql over the same operations (its contract is "
            "`schema/schema.graphql`).",
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "tags": [
            {"name": "games", "description": "Rules: setup, moves, legality, replay, content."},
            {"name": "states", "description": "Cached states named by id."},
            {"name": "operations", "description": "Health, readiness, metrics, diagnostics."},
            {"name": "docs", "description": "Pages for people, and this document."},
        ],
        # a key where the service has keys; none where it has not (an empty requirement)
        "security": [{"apiKey": []}, {}],
        "paths": paths,
        "components": components,
    }


def game_json_schemas(game: AnyGame) -> dict[str, Any]:
    """The JSON Schemas (2020-12) of one game's types, by file name; ``record.json`` is its game
    records' (:class:`arbiter.core.record.GameRecord` over its options and moves), and
    ``position.json`` its positions' (a game that takes them)."""
    out: dict[str, Any] = {}
    kinds = [*_roles(game), ("Record", record_type(game))]
    for role, kind in kinds:
        made = schema(kind)
        _generic_names(made.get("$defs", {}), "#/$defs/")
        _generic_names_ref(made)
        out[f"{role.lower()}.json"] = {
            "$schema": JSON_SCHEMA_DIALECT,
            "title": f"{game.title}: {role.lower()} (rules {game.rules_version})",
            **made,
        }
    return out


def _generic_names_ref(schema: dict[str, Any]) -> None:
    """The top ``$ref`` of a schema whose ``$defs`` :func:`_generic_names` renamed."""
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.removeprefix("#/$defs/") not in schema.get("$defs", {}):
        schema["$ref"] = "#/$defs/" + ref.removeprefix("#/$defs/").split("_", 1)[0]


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
