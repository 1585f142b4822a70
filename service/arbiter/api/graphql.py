"""The GraphQL schema (Strawberry) over the same operations as REST: each field is made from its
operation's declaration (:mod:`arbiter.api.graphql_fields`).

:mod:`arbiter.api.graphql_http` serves it at ``/graphql``, with the limits of the settings.

States, views, moves, events, options and content travel as the ``JSON`` scalar, exactly as in
the REST API. Seeds use the ``Seed`` scalar (GraphQL's ``Int`` has 32 bits only). A refusal is a
GraphQL error whose ``extensions`` carry the same members as the REST problem document
(``code``, ``status``, ``title``, ``type``, ``pointer``, ...).

The schema does not depend on the registered games (a game is a ``String`` id), so
``schema/schema.graphql`` is the same for every registry.

Why game values stay ``JSON`` rather than per-game unions: a move must be echoed back verbatim
(the same object the answer listed), and GraphQL input types have no unions, so typed moves
would need one input type per move type per game with a one-of wrapper -- a second encoding of
every move that clients would have to translate both ways. The shapes are published instead as
JSON Schemas per game (``schema/<game>/{state,move,view,event,options,content}.json``, the same
components as the OpenAPI document) and described per game at ``/docs/games/{game}``, so a client
can type them with the same generators it uses for REST.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import strawberry
from graphql import GraphQLError
from strawberry.schema.config import StrawberryConfig
from strawberry.types import ExecutionContext
from strawberry.types.graphql import OperationType

from arbiter.api.graphql_documents import DocumentCache, Documents
from arbiter.api.graphql_execution import ArbiterExecutionContext
from arbiter.api.graphql_fields import EXPENSIVE_FIELDS, root_type, serve_directly
from arbiter.api.graphql_live import Subscription
from arbiter.api.graphql_types import SEED_SCALAR, Seed

__all__ = ["EXPENSIVE_FIELDS", "ArbiterSchema", "make_schema", "schema"]

log = logging.getLogger("arbiter.graphql")

#: The root types: a field of each operation declared with a GraphQL part
#: (:mod:`arbiter.api.operations`), made by :mod:`arbiter.api.graphql_fields`.
Query = root_type("Query", mutation=False)
Mutation = root_type("Mutation", mutation=True)


class ArbiterSchema(strawberry.Schema):
    """Logs only unexpected errors: refusals (problems) and invalid queries are the client's.
    ``documents``: the documents it parsed and kept (:func:`make_schema`)."""

    documents: Documents

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        for error in errors:
            original = error.original_error
            if isinstance(original, RecursionError):  # a document or value nested by the client
                log.warning("graphql: recursion limit reached")
            elif original is not None and not isinstance(original, GraphQLError | ValueError):
                log.error("graphql resolver failed", exc_info=original)

    async def stream(  # type: ignore[override]
        self,
        query: str | None,
        variable_values: dict[str, Any] | None = None,
        context_value: Any | None = None,
        root_value: Any | None = None,
        operation_name: str | None = None,
        operation_extensions: dict[str, Any] | None = None,
        allowed_operation_types: Iterable[OperationType] | None = None,
    ) -> Any:
        """What a WebSocket runs (:mod:`arbiter.api.graphql_live`): subscriptions only. Queries
        and mutations go by ``POST /graphql``, where each request is rate-limited, held to its
        client's fair share and keyed for retries."""
        return await super().stream(
            query,
            variable_values,
            context_value,
            root_value,
            operation_name,
            operation_extensions,
            allowed_operation_types=(OperationType.SUBSCRIPTION,),
        )


def make_schema(documents: Documents | None = None) -> ArbiterSchema:
    """The schema, parsing and validating through ``documents`` (each distinct document once,
    :mod:`arbiter.api.graphql_documents`; by default without limits).

    :data:`schema` is the bare one (contracts, SDL); the served one has the limits of its
    settings (:func:`arbiter.api.graphql_http.build_schema`). The types are shared, so the SDL is
    the same for both.
    """
    kept = Documents() if documents is None else documents
    made = ArbiterSchema(
        query=Query,
        mutation=Mutation,
        subscription=Subscription,
        extensions=[lambda: DocumentCache(kept)],
        execution_context_class=ArbiterExecutionContext,
        config=StrawberryConfig(scalar_map={Seed: SEED_SCALAR}),
    )
    made.documents = kept
    serve_directly(made._schema)
    return made


#: The schema without limits: ``arbiter export-schemas`` writes its SDL to ``schema/schema.graphql``.
schema = make_schema()
