"""GraphQL documents, each parsed and validated once per process.

Clients send the same few documents again and again with other variables. The schema's one
extension, :class:`DocumentCache`, keeps each distinct document's syntax tree and validation
errors in an LRU keyed by the document's text, and does the work of four Strawberry extensions in
one: ``ParserCache`` and ``ValidationCache``, ``MaxTokensLimiter`` (the token limit is a parse
option) and ``AddValidationRules`` (the service's own rules, introspection's refusal among them).

Why not Strawberry's own: each extension costs a hook context per stage of every request, and
``ValidationCache`` keys its LRU by the parsed document, which graphql-core 3.3 hashes field by
field on every request (frozen dataclasses): together about 15% of a GraphQL ``applyMove``
(cProfile, Scythe). A document's text names its tree and errors as well as the tree itself does:
both are functions of the text, the parse options and the rules, which are fixed per schema.

A document that does not parse (a syntax error, too many tokens) is not kept: Strawberry parses it
again with the same options and answers its error.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Sequence

from graphql import DocumentNode, GraphQLError, GraphQLSchema, parse
from graphql.validation import ASTValidationRule
from strawberry.extensions import SchemaExtension
from strawberry.schema.schema import validate_document

#: Distinct documents kept (as Strawberry's caches were configured).
SIZE = 1024


class _Entry:
    __slots__ = ("document", "errors")

    def __init__(self, document: DocumentNode) -> None:
        self.document = document
        self.errors: list[GraphQLError] | None = None


class Documents:
    """The documents of one schema: an LRU of ``SIZE`` entries by text.

    ``rules`` are validated on top of Strawberry's (GraphQL's specified rules and its own);
    ``max_tokens`` bounds a document's tokens (``None``: no bound).
    """

    def __init__(
        self,
        rules: Sequence[type[ASTValidationRule]] = (),
        max_tokens: int | None = None,
        size: int = SIZE,
    ) -> None:
        self.rules = tuple(rules)
        self.max_tokens = max_tokens
        self.size = size
        self._entries: OrderedDict[str, _Entry] = OrderedDict()

    def parsed(self, query: str) -> DocumentNode | None:
        """The syntax tree of ``query``; ``None`` if it does not parse."""
        entry = self._entries.get(query)
        if entry is not None:
            self._entries.move_to_end(query)
            return entry.document
        try:
            document = parse(query, max_tokens=self.max_tokens)
        except GraphQLError:
            return None
        self._entries[query] = _Entry(document)
        if len(self._entries) > self.size:
            self._entries.popitem(last=False)
        return document

    def errors(
        self,
        query: str,
        document: DocumentNode,
        schema: GraphQLSchema,
        rules: tuple[type[ASTValidationRule], ...],
    ) -> list[GraphQLError]:
        """The validation errors of ``document`` (the tree of ``query``) against ``schema`` with
        Strawberry's ``rules`` and this schema's."""
        entry = self._entries.get(query)
        if entry is None or entry.document is not document:  # left the LRU in between
            return self._validate(document, schema, rules)
        if entry.errors is None:
            entry.errors = self._validate(document, schema, rules)
        return list(entry.errors)

    def _validate(
        self,
        document: DocumentNode,
        schema: GraphQLSchema,
        rules: tuple[type[ASTValidationRule], ...],
    ) -> list[GraphQLError]:
        return validate_document(schema, document, (*rules, *self.rules))


class DocumentCache(SchemaExtension):
    """The extension that parses and validates through :class:`Documents`."""

    def __init__(self, documents: Documents) -> None:
        super().__init__()
        self.documents = documents

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        if context.query and context.graphql_document is None:
            context.graphql_document = self.documents.parsed(context.query)
            if context.graphql_document is None and self.documents.max_tokens is not None:
                # Strawberry parses it again for its error: with the same limit
                context.parse_options["max_tokens"] = self.documents.max_tokens
        yield

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        document = context.graphql_document
        if context.query and document is not None:
            context.pre_execution_errors = self.documents.errors(
                context.query, document, context.schema._schema, context.validation_rules
            )
        yield
