"""The GraphQL fields, made from the operations' declarations (:mod:`arbiter.api.operations`).

A field's arguments are its operation's path parameters (``game`` first), then the members of
the struct its REST body (or query) is read into, camelCase; a mutation safe to retry also takes
``idempotencyKey``. A field's resolver writes its arguments as that REST body and reads them with
the operation's own reader (:meth:`~arbiter.api.operation.Operation.read`): the same checks, the
same problems, the same call (``run``). Problems point at the REST body's members
(``/as_seat``, ``/state/banked/1``), as every problem the service raises does.

Game values (states, moves, options, content) are ``JSON`` arguments; seeds the ``Seed`` scalar.
"""

from __future__ import annotations

import enum
import inspect
import typing
from collections.abc import Awaitable, Callable, Mapping
from typing import Annotated, Any, Optional, TypeVar

import msgspec
import strawberry
from graphql import GraphQLError, GraphQLResolveInfo, GraphQLSchema
from strawberry.scalars import JSON
from strawberry.types import Info

from arbiter.api import envelope as rest
from arbiter.api import graphql_types as types
from arbiter.api.idempotency import once
from arbiter.api.jsonguard import decode_error
from arbiter.api.languages import language
from arbiter.api.operation import Operation
from arbiter.api.operations import OPERATIONS
from arbiter.api.problems import Problem
from arbiter.core import GameInfo
from arbiter.core.record import GameRecord
from arbiter.core.texts import english, text

T = TypeVar("T")

#: A mutation's ``idempotencyKey`` argument.
IdempotencyKey = Annotated[
    Optional[str],  # noqa: UP045 -- a runtime annotation: strawberry reads it as it is
    strawberry.argument(
        description="Makes the mutation safe to retry (as REST's `Idempotency-Key` header): a "
        "retry with the same key and the same arguments gets the first answer (or refusal), "
        "nothing is applied twice, on any worker; the key with other arguments is refused "
        "(`idempotency_key_reused`), while the first still runs `idempotency_in_progress`. 1 to "
        "255 visible ASCII characters, kept `ARBITER_IDEMPOTENCY_TTL` seconds, per client."
    ),
]


@strawberry.enum(description="A language texts are said in (issue #40): English, Russian, Polish.")
class Language(enum.Enum):
    en = "en"
    ru = "ru"
    pl = "pl"


#: Every field's ``language`` argument.
LanguageArgument = Annotated[
    Optional[Language],  # noqa: UP045 -- a runtime annotation: strawberry reads it as it is
    strawberry.argument(
        description="The language of the answer's texts (problem details, `descriptions`, "
        "`text`, option descriptions); by default the one the request's `Accept-Language` "
        "header prefers, else English. Codes, moves and states are the same in every language."
    ),
]

#: What a field answers, by the struct its operation answers: its GraphQL type, and how the
#: struct becomes it.
ANSWERS: dict[Any, tuple[Any, Callable[[Any], Any]]] = {
    rest.Envelope: (types.Envelope, types.envelope_of),
    rest.LegalMoves: (types.LegalMoves, types.legal_moves_of),
    rest.Validation: (types.Validation, types.validation_of),
    rest.Hint: (types.Hint, types.hint_of),
    rest.TablePosition: (types.TablePosition, types.table_position_of),
    rest.MigratedState: (types.MigratedState, types.migrated_of),
    rest.ContentCreated: (types.ContentRegistration, types.registration_of),
    rest.GameList: (list[types.GameInfo], types.games_of),
    GameInfo: (types.GameInfo, types.game_info_of),
    GameRecord: (JSON, types.json_of),
    object: (JSON, types.json_of),
}
#: The members of a game record: a ``record`` argument stands for them.
RECORD_MEMBERS = frozenset(member.name for member in msgspec.structs.fields(rest.RecordDocument))
_record_decoder = msgspec.json.Decoder(rest.RecordDocument)
_json = msgspec.json.Encoder(enc_hook=english)


def refusal(problem: Problem) -> GraphQLError:
    """The GraphQL error of ``problem``: its message is its detail in the request's language."""
    extensions = problem.extensions()
    return GraphQLError(str(extensions["detail"]), extensions=extensions)


async def _call(awaitable: Awaitable[T]) -> T:
    try:
        return await awaitable
    except Problem as problem:
        raise refusal(problem) from None


class _Refused(msgspec.Struct, array_like=True):
    """A refusal kept under an idempotency key: the GraphQL error it was."""

    detail: str
    extensions: dict[str, object]


async def _once(
    service: Any,
    field: str,
    key: str | None,
    arguments: dict[str, Any],
    run: Callable[[], Awaitable[Any]],
    kind: Any,
) -> Any:
    """``run`` (a mutation's call), once per ``key``: a retry of the field with the same
    arguments (variables and defaults filled in) gets the kept answer or refusal
    (:func:`arbiter.api.idempotency.once`)."""
    if key is None:
        return await _call(run())

    async def first() -> tuple[int, bytes]:
        try:
            return 200, _json.encode(await run())
        except Problem as problem:
            extensions = problem.extensions()
            return problem.status, _json.encode(_Refused(str(extensions["detail"]), extensions))

    asked = _json.encode((field, arguments))
    status, kept = await _call(once(service.keys, key, asked, first))
    if status != 200:
        refused = msgspec.json.decode(kept, type=_Refused)
        raise GraphQLError(refused.detail, extensions=refused.extensions)
    return msgspec.json.decode(kept, type=kind)


# ---------------------------------------------------------------------------- arguments


def _argument_type(kind: Any) -> Any:
    """The GraphQL argument type of a struct member's type."""
    members = typing.get_args(kind) if typing.get_origin(kind) in (typing.Union, _UNION) else ()
    given = [m for m in members if m not in (type(None), msgspec.UnsetType)]
    optional = bool(members) and len(given) < len(members)
    if members:
        kind = given[0]
    if kind is msgspec.Raw:
        base: Any = JSON
    elif typing.get_origin(kind) is list:
        base = list[_argument_type(typing.get_args(kind)[0])]  # type: ignore[misc]
    elif kind == rest.Seed:
        base = types.Seed
    elif typing.get_origin(kind) is Annotated:
        base = typing.get_args(kind)[0]
    elif typing.get_origin(kind) is typing.Literal:
        base = str
    else:
        base = kind
    return Optional[base] if optional else base  # noqa: UP045


_UNION = type(int | None)


def _parameters(op: Operation) -> list[inspect.Parameter]:
    """The arguments of ``op``'s field, as a resolver's parameters."""
    keyword = inspect.Parameter.KEYWORD_ONLY
    declared = op.graphql
    assert declared is not None
    made = [inspect.Parameter("info", keyword, annotation=Info)]
    for name in op.path_names:
        made.append(inspect.Parameter(declared.rename.get(name, name), keyword, annotation=str))
    if declared.whole:
        made.append(inspect.Parameter(declared.whole, keyword, annotation=JSON))
    kind = op.body if op.body is not None else op.query
    if kind is not None and not declared.whole:
        for member in msgspec.structs.fields(kind):
            if member.name in declared.omit:
                continue
            annotation = _argument_type(member.type)
            default = member.default
            if declared.record and member.name in RECORD_MEMBERS:  # a record may stand for it
                annotation, default = Optional[annotation], None  # noqa: UP045
            if default is msgspec.UNSET:
                default = None
            if default is msgspec.NODEFAULT:
                default = inspect.Parameter.empty
            made.append(
                inspect.Parameter(member.name, keyword, default=default, annotation=annotation)
            )
    if declared.record:
        made.append(inspect.Parameter("record", keyword, default=None, annotation=Optional[JSON]))  # noqa: UP045
    if op.idempotent and declared.mutation:
        made.append(
            inspect.Parameter("idempotency_key", keyword, default=None, annotation=IdempotencyKey)
        )
    made.append(inspect.Parameter("language", keyword, default=None, annotation=LanguageArgument))
    return made


# ---------------------------------------------------------------------------- resolvers


def _body(op: Operation, arguments: dict[str, Any]) -> bytes:
    """The REST body of a field's arguments (a replay's ``record`` spread into it)."""
    declared = op.graphql
    assert declared is not None
    if declared.whole:
        return _json.encode(arguments[declared.whole])
    record = arguments.pop("record", None)
    given = {name: value for name, value in arguments.items() if value is not None}
    if not declared.record:
        return _json.encode(given)
    setup = [name for name in given if name in RECORD_MEMBERS and name != "resolve_chance"]
    if record is None:
        if not {"players", "seed", "moves"} <= given.keys():
            problem = Problem(
                "invalid_request",
                text("give players, seed and moves, or a record"),
                pointer="/record",
            )
            raise problem
        return _json.encode(given)
    if setup:
        names = ", ".join(_camel(name) for name in setup)
        detail = text(
            "give a record or the game's setup and moves, not both (got record and {names})",
            names=names,
        )
        raise Problem("invalid_request", detail, pointer="/record")
    try:  # its members, as a record has them
        _record_decoder.decode(_json.encode(record))
    except (RecursionError, UnicodeDecodeError, msgspec.DecodeError) as error:
        raise decode_error(error, "/record") from None
    assert isinstance(record, dict)  # decoded as a record: an object
    return _json.encode({**record, **given})


def _read(op: Operation, arguments: dict[str, Any]) -> Any:
    """The struct of a field's arguments; ``asSeat`` out of range is ``invalid_seat`` (GraphQL's
    ``Int`` cannot spell a seat beyond REST's bounds, only a negative one)."""
    try:
        return op.read(_body(op, arguments))
    except Problem as problem:
        if problem.code == "invalid_request" and problem.pointer == "/as_seat":
            raise Problem("invalid_seat", problem.detail, pointer=problem.pointer) from None
        raise


def _camel(name: str) -> str:
    first, *rest_ = name.split("_")
    return first + "".join(part.capitalize() for part in rest_)


def _into_record(problem: Problem, record: Mapping[str, Any]) -> Problem:
    """A problem about a replay's record points into its ``record`` argument."""
    pointer = problem.pointer
    if pointer is not None and (pointer == "" or pointer.split("/")[1] in record):
        problem.pointer = "/record" + pointer
    return problem


async def answer(op: Operation, service: Any, arguments: dict[str, Any]) -> Any:
    """The answer of ``op``'s field to ``arguments`` (by their Python names): read as its REST
    body, its call (once per idempotency key), its struct as GraphQL types."""
    declared, returned, run = op.graphql, op.answer, op.run
    assert declared is not None and returned is not None and run is not None
    given = dict(arguments)
    at = {path: given.pop(declared.rename.get(path, path)) for path in op.path_names}
    key = given.pop("idempotency_key", None)
    spoken = given.pop("language", None)
    if spoken is not None:  # the argument over the header, for this field
        token = language.set(spoken.value if isinstance(spoken, Language) else str(spoken))
        try:
            return await _answer(op, service, at, key, given, arguments)
        finally:
            language.reset(token)
    return await _answer(op, service, at, key, given, arguments)


async def _answer(
    op: Operation,
    service: Any,
    at: dict[str, Any],
    key: str | None,
    given: dict[str, Any],
    arguments: dict[str, Any],
) -> Any:
    declared, returned, run = op.graphql, op.answer, op.run
    assert declared is not None and returned is not None and run is not None
    record = given.get("record")
    reads = op.body is not None or op.query is not None

    async def call() -> Any:
        try:
            if op.of_game:
                service.game(at["game"])
            read = _read(op, given) if reads else None
            return await run(service, at, read)
        except Problem as problem:
            if isinstance(record, dict):
                raise _into_record(problem, record) from None
            raise

    convert = ANSWERS[returned.type][1]
    if declared.mutation:
        # the language changes texts only: a retry in another language is the same request
        asked = {k: v for k, v in arguments.items() if k not in ("idempotency_key", "language")}
        return convert(await _once(service, declared.name, key, asked, call, returned.type))
    return convert(await _call(call()))


def resolver(op: Operation) -> Callable[..., Awaitable[Any]]:
    """Strawberry's resolver of ``op``'s field: its signature declares the field's arguments
    and type (:func:`_parameters`); :func:`direct` serves the field itself."""
    declared, returned = op.graphql, op.answer
    assert declared is not None and returned is not None

    async def resolve(info: Info, **arguments: Any) -> Any:
        return await answer(op, info.context["service"], arguments)

    resolve.__name__ = declared.name
    resolve.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        _parameters(op), return_annotation=ANSWERS[returned.type][0]
    )
    return resolve


def python_arguments(op: Operation, given: Mapping[str, Any]) -> dict[str, Any]:
    """graphql-core's arguments of ``op``'s field (by their GraphQL names) by Python name."""
    names = _NAMES.get(op.id)
    if names is None:
        names = _NAMES[op.id] = {_camel(p.name): p.name for p in _parameters(op)[1:]}
    return {names[name]: value for name, value in given.items()}


_NAMES: dict[str, dict[str, str]] = {}


def direct(op: Operation) -> Callable[..., Awaitable[Any]]:
    """graphql-core's resolver of ``op``'s field, in place of Strawberry's wrapper.

    Every argument of these fields is a scalar that graphql-core has already coerced (``JSON``
    parsed, ``Seed`` checked), so Strawberry's conversion of each argument, every call, changes
    nothing but costs ~100 us a request; this takes graphql-core's arguments (by their GraphQL
    names) as they come."""

    async def resolve(root: Any, info: GraphQLResolveInfo[Any], **given: Any) -> Any:
        return await answer(op, info.context["service"], python_arguments(op, given))

    return resolve


def serve_directly(core: GraphQLSchema) -> None:
    """Every declared field of ``core`` (a schema made of :func:`root_type`'s) resolved by
    :func:`direct`."""
    for op in OPERATIONS:
        declared = op.graphql
        if declared is not None:
            root = core.mutation_type if declared.mutation else core.query_type
            assert root is not None
            root.fields[declared.name].resolve = direct(op)


def root_type(name: str, mutation: bool) -> type:
    """The ``Query`` or ``Mutation`` type: a field of each declared operation of its kind."""
    namespace: dict[str, Any] = {"__annotations__": {}}
    for op in OPERATIONS:
        declared = op.graphql
        if declared is None or declared.mutation != mutation:
            continue
        assert op.answer is not None
        made = strawberry.mutation if mutation else strawberry.field
        namespace["__annotations__"][declared.name] = ANSWERS[op.answer.type][0]
        namespace[declared.name] = made(
            resolver=resolver(op), name=declared.name, description=declared.description
        )
    return strawberry.type(type(name, (), namespace))


#: The root fields one call of which may cost a lot (:attr:`Operation.costly`): a replay plays up
#: to ARBITER_MAX_REPLAY moves, the mutations decode, check, seal and store states. A GraphQL
#: document may select one of them once at most (aliases and fragments included), so one request
#: costs one REST call of them at most; :mod:`arbiter.api.graphql_http` enforces it.
EXPENSIVE_FIELDS = frozenset(op.graphql.name for op in OPERATIONS if op.graphql and op.costly)
