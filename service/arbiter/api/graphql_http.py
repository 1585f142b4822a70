"""``/graphql`` over HTTP: the schema of :mod:`arbiter.api.graphql` with a bounded cost per request.

This replaces Strawberry's ASGI view, which a security review found answering bad bodies with
``text/plain`` 400s, accepting batches, and running any number of aliased fields in one request
(ten aliases of one ``replay`` took 10 s; 20,000 aliases 15.6 s and 13 MB; deeper documents
ended in "maximum recursion depth exceeded"). Here the HTTP layer is written like the REST routes: msgspec
decodes and encodes, and every bad request is an RFC 9457 problem document. It is also faster
than Strawberry's view (no ``json`` module, no per-request view machinery).

**POST** (the only method that runs operations; mutations and queries alike):

* ``Content-Type: application/json`` (UTF-8) or ``415 unsupported_media_type`` -- checked here
  as well as by :class:`~arbiter.api.guard.Guard`, so the endpoint is right on its own.
* The body is one JSON object ``{"query", "variables"?, "operationName"?, "extensions"?}``
  (``extensions`` is accepted and ignored; other members are refused). Bytes that are not one are
  ``application/problem+json``, exactly as on REST: ``400 malformed_json`` (not JSON, not UTF-8,
  ``NaN``), ``400 nesting_too_deep``, ``400 duplicate_key``, ``413 body_too_large``, and
  ``400 invalid_request`` with a ``pointer`` for a body of the wrong shape -- a JSON array (batches
  are refused: one request, one operation, one bounded cost), no ``query``, an empty one, a member
  of the wrong type or an unknown one. ``400``, not REST's ``422``: GraphQL-over-HTTP calls a body
  that is not a GraphQL request a bad request.
* Everything else is a GraphQL response, ``200 application/json`` ``{"errors"?, "data"?,
  "extensions"?}``: with ``application/json`` GraphQL-over-HTTP answers 200 even to documents that
  do not parse or validate, so a client reads one format for everything GraphQL says. ``data`` is
  left out when the request failed before execution (parse, validation, variables, limits).

Every GraphQL error carries ``extensions`` with the members of a problem document (``code``,
``status``, ``title``, ``type``, ``detail``) -- a resolver's refusal its own problem
(``unknown_game``, ``pig.not_your_turn``, ...) -- and otherwise one of these codes:

* ``graphql_parse_error`` -- the document does not parse;
* ``graphql_validation_error`` -- it does not fit the schema, its variables do not fit their
  types, it names no operation it holds, it asks for a subscription, or it introspects the schema
  where introspection is off;
* ``graphql_limit`` -- it is over a limit below;
* ``internal_error`` -- a resolver failed unexpectedly (logged; the message is masked).

**GET** runs nothing (a mutation behind a link would be a cross-site request; a query in a URL
lands in logs and caches): ``?query=`` is ``405 method_not_allowed``; without it GET serves
GraphiQL (:func:`arbiter.api.static.graphiql_page`: the service serves its files, nothing
comes from another site) when ``ARBITER_GRAPHIQL`` is on, and is ``404 not_found`` when it is
off.

**Limits** (:func:`build_schema`), checked before anything runs; each applies to every
operation of a document, with the fragments it spreads (only one operation runs per request):

* tokens -- ``ARBITER_GRAPHQL_MAX_TOKENS``, graphql-core's parse option: the parser stops at the
  limit, so 20,000 aliases cost a few milliseconds and no syntax tree is built for them;
* depth -- ``ARBITER_GRAPHQL_MAX_DEPTH`` fields nested inside one another (``{ games { id } }``
  is 2; introspection fields are not counted);
* aliases -- ``ARBITER_GRAPHQL_MAX_ALIASES``, counted once per use of the fragment holding them;
* expensive root fields -- one operation may select one of
  :data:`~arbiter.api.graphql.EXPENSIVE_FIELDS` (``replay``, ``newGame``, ``applyMove``,
  ``registerContent``, ...) once at most, so a request costs what one REST call of it costs.
  Fields merged into one response key (same name or alias) run once and count once;
* repeated fields -- graphql-core's own budget for comparing the fields that share a response
  name, lowered to :data:`MERGE_BUDGET`: 280 repeated ``games { options { name } }`` (1 KB)
  took 0.7 s to validate under its default;
* introspection -- graphql-core's ``NoSchemaIntrospectionCustomRule`` unless
  ``ARBITER_GRAPHQL_INTROSPECTION`` (on in development and test only, like GraphiQL).

Each distinct document is parsed and validated once, with these limits, and kept by its text
(:mod:`arbiter.api.graphql_documents`).

Depth and aliases are one validation rule of ours, not Strawberry's ``QueryDepthLimiter`` and
``MaxAliasesLimiter``: those walk every path through fragment spreads again, so their cost is
exponential in the spreads -- 18 fragments each spreading the next twice (about 200 tokens) took
one second, 25 would take minutes. Ours measures each fragment once. Recursion is bounded too: the
parser turns too deep a document into a syntax error, and a ``RecursionError`` anywhere else
becomes a ``graphql_limit`` error, never a 5xx.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import Any

import msgspec
from graphql import (
    BREAK,
    ASTValidationRule,
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLSyntaxError,
    InlineFragmentNode,
    Node,
    NoSchemaIntrospectionCustomRule,
    OperationDefinitionNode,
    SelectionSetNode,
    ValidationRule,
)
from graphql import ExecutionResult as CoreResult
from graphql.validation.rules import overlapping_fields_can_be_merged
from graphql.validation.validate import ValidationAbortedError
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from strawberry.exceptions import MissingQueryError
from strawberry.schema.exceptions import CannotGetOperationTypeError, InvalidOperationTypeError
from strawberry.types import ExecutionResult
from strawberry.types.graphql import OperationType

from arbiter.api import static
from arbiter.api.graphql import EXPENSIVE_FIELDS, ArbiterSchema, make_schema
from arbiter.api.graphql_documents import Documents
from arbiter.api.graphql_plain import Plain
from arbiter.api.guard import is_json
from arbiter.api.jsonguard import decode_json
from arbiter.api.languages import said
from arbiter.api.logs import refused
from arbiter.api.problems import Problem, from_validation, problem_response
from arbiter.api.rates import LARGE_DOCUMENT
from arbiter.api.rest import JSON_MEDIA_TYPE
from arbiter.api.service import Service
from arbiter.api.settings import Settings
from arbiter.core.texts import english, text

log = logging.getLogger("arbiter.graphql")

_OPERATIONS = frozenset({OperationType.QUERY, OperationType.MUTATION})
_TOO_DEEP = text("the document nests too deeply for this service")
_MASKED = text("the service failed; see its logs")
_TOO_COSTLY = text(
    "the document is too costly to validate (fields or fragments repeated too often)"
)

#: The work graphql-core's ``OverlappingFieldsCanBeMergedRule`` may spend comparing fields that
#: share a response name, for one document. Its default (500,000) lets 280 repetitions of
#: ``games { options { name } }`` (1 KB, well under the token limit) take 0.7 s to validate.
#: The documents clients write spend none of it (measured: GraphiQL's introspection query, an
#: envelope, ten aliased fact sheets or legal-move lists: 0); 10,000 bounds the worst to some
#: 20 ms. graphql-core documents this module attribute as the knob; setting it is process-wide.
MERGE_BUDGET = 10_000
overlapping_fields_can_be_merged.MAX_COMPLEXITY_BUDGET = MERGE_BUDGET


class GraphQLRequest(msgspec.Struct, forbid_unknown_fields=True):
    """The body of a GraphQL POST (GraphQL-over-HTTP), one operation."""

    query: str
    variables: dict[str, Any] | None = None
    operation_name: str | None = msgspec.field(default=None, name="operationName")
    extensions: dict[str, Any] | None = None


class _Result(msgspec.Struct):
    """A GraphQL response; unset members are left out (``errors`` first, as the spec suggests)."""

    errors: list[dict[str, Any]] | msgspec.UnsetType = msgspec.UNSET
    data: Any = msgspec.UNSET
    extensions: dict[str, Any] | msgspec.UnsetType = msgspec.UNSET


_encoder = msgspec.json.Encoder(enc_hook=english)


# --------------------------------------------------------------------------------- limits


def build_schema(settings: Settings) -> ArbiterSchema:
    """The served schema: :data:`arbiter.api.graphql.schema` with the limits of ``settings``.

    The limits are a parse option and validation rules (:mod:`arbiter.api.graphql_documents`),
    made once here: each distinct document is parsed and validated once.
    """
    rules: list[type[ASTValidationRule]] = [
        limits_rule(settings.graphql_max_depth, settings.graphql_max_aliases)
    ]
    if not settings.introspection_enabled:
        rules.append(NoSchemaIntrospectionCustomRule)
    documents = Documents(
        rules, max_tokens=settings.graphql_max_tokens, max_bytes=settings.graphql_document_bytes
    )
    return make_schema(documents)


def limits_rule(
    max_depth: int, max_aliases: int, expensive: frozenset[str] = EXPENSIVE_FIELDS
) -> type[ValidationRule]:
    """A validation rule refusing operations over these limits (see the module docstring)."""

    class Limits(ValidationRule):
        def enter_document(self, node: DocumentNode, *_args: Any) -> Any:
            try:
                for error in limit_errors(node, max_depth, max_aliases, expensive):
                    self.report_error(error)
            except RecursionError:  # a long chain of fragments spreading one another
                self.report_error(limit_error(_TOO_DEEP, []))
            return BREAK  # all measured: nothing more to visit

    return Limits


def limit_errors(
    document: DocumentNode, max_depth: int, max_aliases: int, expensive: frozenset[str]
) -> Iterator[GraphQLError]:
    """The ``graphql_limit`` errors of the operations of ``document``."""
    measure = _Measure(document)
    for operation in document.definitions:
        if not isinstance(operation, OperationDefinitionNode):
            continue
        name = (
            text("the operation {name!r}", name=operation.name.value)
            if operation.name
            else text("the operation")
        )
        depth, aliases = measure.selections(operation.selection_set)
        if depth > max_depth:
            yield limit_error(
                text(
                    "{operation} nests fields {depth} deep; this service allows {max}",
                    operation=name,
                    depth=depth,
                    max=max_depth,
                ),
                [operation],
            )
        if aliases > max_aliases:
            yield limit_error(
                text(
                    "{operation} uses {aliases} aliases; this service allows {max}",
                    operation=name,
                    aliases=aliases,
                    max=max_aliases,
                ),
                [operation],
            )
        found: dict[str, FieldNode] = {}
        measure.root_fields(operation.selection_set, expensive, found, set())
        if len(found) > 1:
            keys = ", ".join(list(found)[:5]) + (", ..." if len(found) > 5 else "")
            yield limit_error(
                text(
                    "{operation} selects {count} expensive fields ({keys}); one request may "
                    "select one of {expensive} once at most: send one request for each",
                    operation=name,
                    count=len(found),
                    keys=keys,
                    expensive=", ".join(sorted(expensive)),
                ),
                list(found.values())[:2],
            )


def limit_error(message: str, nodes: Sequence[Node]) -> GraphQLError:
    return GraphQLError(
        said(message),
        list(nodes) or None,
        extensions=Problem("graphql_limit", message).extensions(),
    )


class _Measure:
    """Depth and aliases of selection sets, each fragment measured once (memoized by name)."""

    def __init__(self, document: DocumentNode) -> None:
        self.fragments: dict[str, FragmentDefinitionNode] = {}
        for definition in document.definitions:
            if isinstance(definition, FragmentDefinitionNode):
                self.fragments.setdefault(definition.name.value, definition)
        self.measured: dict[str, tuple[int, int]] = {}
        self.open: set[str] = set()

    def selections(self, selection_set: SelectionSetNode) -> tuple[int, int]:
        """The depth (fields nested in one another) and the aliases of ``selection_set``."""
        depth = aliases = 0
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                inner_depth, inner_aliases = (0, 0)
                if selection.selection_set is not None:
                    inner_depth, inner_aliases = self.selections(selection.selection_set)
                aliases += inner_aliases + (selection.alias is not None)
                if not selection.name.value.startswith("__"):  # introspection: not counted
                    depth = max(depth, 1 + inner_depth)
                continue
            if isinstance(selection, InlineFragmentNode):
                inner_depth, inner_aliases = self.selections(selection.selection_set)
            elif isinstance(selection, FragmentSpreadNode):
                inner_depth, inner_aliases = self.fragment(selection.name.value)
            else:  # pragma: no cover - GraphQL has these three selections
                continue
            depth = max(depth, inner_depth)
            aliases += inner_aliases
        return depth, aliases

    def fragment(self, name: str) -> tuple[int, int]:
        known = self.measured.get(name)
        if known is not None:
            return known
        definition = self.fragments.get(name)
        if definition is None or name in self.open:  # unknown or a cycle: other rules refuse it
            return 0, 0
        self.open.add(name)
        try:
            measured = self.selections(definition.selection_set)
        finally:
            self.open.discard(name)
        self.measured[name] = measured
        return measured

    def root_fields(
        self,
        selection_set: SelectionSetNode,
        expensive: frozenset[str],
        found: dict[str, FieldNode],
        seen: set[str],
    ) -> None:
        """Add the expensive fields of a root selection set to ``found``, by response key.

        Fields of one response key are merged by GraphQL into one call, so they count once.
        """
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                if selection.name.value in expensive:
                    key = (selection.alias or selection.name).value
                    found.setdefault(key, selection)
            elif isinstance(selection, InlineFragmentNode):
                self.root_fields(selection.selection_set, expensive, found, seen)
            elif isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                definition = self.fragments.get(name)
                if definition is not None and name not in seen:
                    seen.add(name)
                    self.root_fields(definition.selection_set, expensive, found, seen)


# ------------------------------------------------------------------------------- endpoint


def route(service: Service, settings: Settings, schema: ArbiterSchema | None = None) -> Route:
    """The ``/graphql`` route over ``service``, with the schema (by default
    :func:`build_schema`'s) and switches of ``settings``."""
    return Route("/graphql", endpoint(service, settings, schema), methods=["GET", "POST"])


def endpoint(
    service: Service, settings: Settings, schema: ArbiterSchema | None = None
) -> Callable[[Request], Awaitable[Response]]:
    """The request handler of ``/graphql`` (see the module docstring)."""
    schema = build_schema(settings) if schema is None else schema
    plain = Plain(schema)
    graphiql = static.graphiql_page() if settings.graphiql_enabled else None
    allow = "GET, POST" if graphiql is not None else "POST"

    async def graphql(request: Request) -> Response:
        if request.method != "POST":
            if "query" in request.query_params:
                return problem_response(
                    Problem(
                        "method_not_allowed",
                        text("GraphQL operations are sent by POST, as a JSON body"),
                        headers={"Allow": allow},
                    )
                )
            if graphiql is None:
                return problem_response(
                    Problem(
                        "not_found", text("GraphiQL is off here (ARBITER_GRAPHIQL); POST queries")
                    )
                )
            return static.answer(request, graphiql, page=True)
        types = [value for name, value in request.scope["headers"] if name == b"content-type"]
        if len(types) != 1 or not is_json(types[0]):
            return problem_response(
                Problem(
                    "unsupported_media_type",
                    text("send the GraphQL request as application/json (UTF-8)"),
                    headers={"Accept-Post": JSON_MEDIA_TYPE},
                )
            )
        try:
            body = read_request(await request.body())
            if len(body.query) > LARGE_DOCUMENT and not schema.documents.holds(body.query):
                await service.rates.heavy()  # a large document, parsed anew: heavy
        except Problem as problem:
            return problem_response(problem)
        context = {"request": request, "service": service}
        return Response(await execute(schema, body, context, plain), 200, None, JSON_MEDIA_TYPE)

    return graphql


def read_request(body: bytes) -> GraphQLRequest:
    """The GraphQL request of a POST body, or a 4xx :class:`Problem`."""
    value = decode_json(body)  # malformed, not UTF-8, too deep, duplicate keys: 400s
    if isinstance(value, list):
        raise Problem(
            "invalid_request",
            text(
                "batched requests (a JSON array) are not supported: send one operation per request"
            ),
            status=400,
        )
    if not isinstance(value, dict):
        raise Problem("invalid_request", text("the body must be a JSON object"), status=400)
    if "query" not in value:
        raise Problem(
            "invalid_request", text("the body has no `query` (the GraphQL document)"), status=400
        )
    try:
        request = msgspec.convert(value, GraphQLRequest)
    except msgspec.ValidationError as error:
        problem = from_validation(error)
        problem.status = 400
        raise problem from None
    if not request.query:
        raise Problem("invalid_request", text("the query is empty"), status=400, pointer="/query")
    return request


async def execute(
    schema: ArbiterSchema, request: GraphQLRequest, context: Any, plain: Plain | None = None
) -> bytes:
    """The encoded GraphQL response of ``request``: always a response, never an exception. A
    plain document is answered by ``plain`` (:mod:`arbiter.api.graphql_plain`)."""
    if plain is not None:
        answered = await plain.execute(
            request.query, request.variables, request.operation_name, context
        )
        if answered is not None:
            return encode(answered)
    try:
        result = await schema.execute(
            request.query,
            variable_values=request.variables,
            context_value=context,
            operation_name=request.operation_name,
            allowed_operation_types=_OPERATIONS,
        )
    except CannotGetOperationTypeError:
        name = request.operation_name
        detail = (
            "the document has no operation to run"
            if name is None
            else f"the document has no operation named {name!r}"
        )
        return _request_error("graphql_validation_error", detail)
    except InvalidOperationTypeError:
        return _request_error("graphql_validation_error", "subscriptions are not supported")
    except MissingQueryError:  # pragma: no cover - read_request refuses an empty query
        return _request_error("graphql_validation_error", "the query is empty")
    except RecursionError:  # pragma: no cover - Strawberry turns exceptions into errors
        return _request_error("graphql_limit", _TOO_DEEP)
    return encode(result)


def encode(result: ExecutionResult | CoreResult) -> bytes:
    """The JSON of ``result`` in one pass; ``data`` is left out when nothing was executed."""
    answer = _Result()
    if result.errors:
        answer.errors = [format_error(error) for error in result.errors]
        if result.data is not None or any(error.path for error in result.errors):
            answer.data = result.data
    else:
        answer.data = result.data
    if result.extensions:
        answer.extensions = dict(result.extensions)
    try:
        return _encoder.encode(answer)
    except (TypeError, ValueError, OverflowError, RecursionError):  # a value JSON cannot hold
        log.exception("graphql: the result cannot be encoded")
        return _request_error("internal_error", _MASKED)


def format_error(error: GraphQLError) -> dict[str, Any]:
    """The JSON of a GraphQL error, with a problem's members (and a ``code``) in ``extensions``."""
    formatted: dict[str, Any] = dict(error.formatted)
    if error.extensions and "code" in error.extensions:
        refused(str(error.extensions["code"]))  # the access line names it
        return formatted  # a refusal (problem) or a limit: already carries its members
    original = error.original_error
    message = error.message
    if isinstance(error, GraphQLSyntaxError):
        # The parser's own limits (tokens, nesting) end their message so.
        code = "graphql_limit" if message.endswith("Parsing aborted.") else "graphql_parse_error"
    elif isinstance(original, RecursionError):
        code, message = "graphql_limit", _TOO_DEEP
    elif isinstance(error, ValidationAbortedError):  # graphql-core's budgets, see MERGE_BUDGET
        code, message = "graphql_limit", _TOO_COSTLY
    elif not error.path and (original is None or isinstance(original, GraphQLError | ValueError)):
        # Before execution: the document, the variables (a scalar's ValueError), the operation.
        code = "graphql_validation_error"
    else:  # a field failed without a problem, or Strawberry caught an exception: a bug of ours
        code = "internal_error"
        if original is not None and not isinstance(original, GraphQLError):
            message = _MASKED
    formatted["message"] = said(message)
    formatted["extensions"] = Problem(code, message).extensions()
    refused(code)
    return formatted


def _request_error(code: str, message: str) -> bytes:
    """A GraphQL response of one request error (nothing executed)."""
    refused(code)
    error = {"message": said(message), "extensions": Problem(code, message).extensions()}
    return _encoder.encode(_Result(errors=[error]))
