"""Plain GraphQL documents, answered without graphql-core's executor.

Most requests are one operation that selects one of the service's fields (``applyMove``,
``legalMoves``, ...) and some members of its answer: no fragments, no directives. For those,
graphql-core's executor (a resolve info, an awaitable test and a completion for every member) and
Strawberry's execution hooks cost more than the service's whole call. A plain document is
answered here instead, with graphql-core's own functions for what is GraphQL's -- the document's
validation (kept once per document, :mod:`arbiter.api.graphql_documents`), the coercion of
variables and arguments, every leaf's output coercion, the errors with their locations and paths
-- and the field's own resolver (:func:`arbiter.api.graphql_fields.answer`), so the answer is the
one the executor would give. Any other document (fragments, directives, several root fields,
introspection, a subscription), and a plain one whose variables or arguments do not coerce, takes
Strawberry's road, which answers its errors.

Not a cache of answers: every request runs its field.
"""

from __future__ import annotations

import logging
from typing import Any

from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    GraphQLError,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    located_error,
    specified_rules,
)
from graphql.execution.values import get_argument_values, get_variable_values

from arbiter.api.graphql import ArbiterSchema
from arbiter.api.graphql_fields import answer, python_arguments
from arbiter.api.operation import Operation
from arbiter.api.operations import OPERATIONS

log = logging.getLogger("arbiter.graphql")

#: Where Strawberry keeps a member's own field on graphql-core's.
_DEFINITION = "strawberry-definition"


class _Null(Exception):
    """A non-null member came back null (a bug of ours, reported as graphql-core would)."""


class Plain:
    """The plain documents of one schema (module docstring)."""

    def __init__(self, schema: ArbiterSchema) -> None:
        self.schema = schema
        self.core = schema._schema
        self.documents = schema.documents
        self.rules = tuple(specified_rules)
        self.fields: dict[tuple[bool, str], Operation] = {
            (op.graphql.mutation, op.graphql.name): op for op in OPERATIONS if op.graphql
        }
        self._members: dict[str, dict[str, str]] = {}

    async def execute(
        self, query: str, variables: dict[str, Any] | None, name: str | None, context: Any
    ) -> ExecutionResult | None:
        """The result of a plain document, or ``None`` for Strawberry's road."""
        if not self.documents.holds(query):  # new: Strawberry's road parses and keeps it
            return None
        document = self.documents.parsed(query)
        if document is None or self.documents.errors(query, document, self.core, self.rules):
            return None
        found = _plain_field(document, name)
        if found is None:
            return None
        operation, node = found
        mutation = operation.operation == OperationType.MUTATION
        op = self.fields.get((mutation, node.name.value))
        root = self.core.mutation_type if mutation else self.core.query_type
        if op is None or root is None:
            return None
        definitions = operation.variable_definitions or ()
        coerced = get_variable_values(self.core, definitions, variables or {})
        if isinstance(coerced, list):  # the variables' errors: Strawberry's road reports them
            return None
        field = root.fields[node.name.value]
        try:
            given = get_argument_values(field, node, coerced)
        except GraphQLError:
            return None
        key = (node.alias or node.name).value
        try:
            value = await answer(op, context["service"], python_arguments(op, given))
            return ExecutionResult({key: self._complete(field.type, node.selection_set, value)})
        except Exception as error:  # a refusal (a GraphQLError), or a bug logged as such
            if isinstance(error, _Null):
                error = GraphQLError(f"Cannot return null for non-nullable field {error}.")
            located = located_error(error, [node], [key])
            self.schema.process_errors([located])
            return ExecutionResult(None, [located])

    def _complete(
        self, kind: GraphQLOutputType, selection: SelectionSetNode | None, value: Any
    ) -> Any:
        """``value`` as graphql-core completes it for ``selection`` (a plain one)."""
        if isinstance(kind, GraphQLNonNull):
            if value is None:
                raise _Null(str(kind))
            kind = kind.of_type
        if value is None:
            return None
        if isinstance(kind, GraphQLList):
            return [self._complete(kind.of_type, selection, item) for item in value]
        if not isinstance(kind, GraphQLObjectType):
            return kind.serialize(value)  # type: ignore[union-attr]
        assert selection is not None
        members = self._members_of(kind)
        out: dict[str, Any] = {}
        for node in selection.selections:
            assert isinstance(node, FieldNode)
            name = node.name.value
            key = (node.alias or node.name).value
            if name == "__typename":
                out[key] = kind.name
            else:
                member = kind.fields[name]
                out[key] = self._complete(
                    member.type, node.selection_set, getattr(value, members[name])
                )
        return out

    def _members_of(self, kind: GraphQLObjectType) -> dict[str, str]:
        """The Python attribute of each member of a Strawberry type, by its GraphQL name."""
        members = self._members.get(kind.name)
        if members is None:
            members = self._members[kind.name] = {
                name: field.extensions[_DEFINITION].python_name
                for name, field in kind.fields.items()
            }
        return members


def _plain_field(
    document: DocumentNode, name: str | None
) -> tuple[OperationDefinitionNode, FieldNode] | None:
    """The operation and its one root field, if ``document`` is plain (module docstring)."""
    if len(document.definitions) != 1:
        return None
    operation = document.definitions[0]
    if not isinstance(operation, OperationDefinitionNode) or operation.directives:
        return None
    if operation.operation not in (OperationType.QUERY, OperationType.MUTATION):
        return None
    if name is not None and (operation.name is None or operation.name.value != name):
        return None
    selections = operation.selection_set.selections
    if len(selections) != 1 or not _plain(operation.selection_set):
        return None
    node = selections[0]
    assert isinstance(node, FieldNode)
    return operation, node


def _plain(selection: SelectionSetNode) -> bool:
    """Fields only, each response key once, no directives, no arguments below the root."""
    keys: set[str] = set()
    for node in selection.selections:
        if not isinstance(node, FieldNode) or node.directives:
            return False
        key = (node.alias or node.name).value
        if key in keys:
            return False
        keys.add(key)
        if node.selection_set is not None:
            if any(isinstance(n, FieldNode) and n.arguments for n in node.selection_set.selections):
                return False
            if not _plain(node.selection_set):
                return False
    return True
