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

**Bounded in bytes** (``ARBITER_GRAPHQL_DOCUMENT_BYTES``): an entry is counted as its text and
:data:`TOKEN_BYTES` per token-like piece of it (a name, a punctuator, a string's words), about
what graphql-core's tree takes (measured with tracemalloc: 19 kB for a 117-character query of 30
tokens; 47 MB for 120,000 tokens), so a long string literal costs its length and a dense document
its nodes. A document counted at more than a sixteenth of the bound is parsed each time, never
kept (and counts as a heavy operation of its client, :mod:`arbiter.api.rates`).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterator, Sequence

from graphql import DocumentNode, GraphQLError, GraphQLSchema, parse
from graphql.validation import ASTValidationRule
from strawberry.extensions import SchemaExtension
from strawberry.schema.schema import validate_document

#: Bytes of documents kept by default (``ARBITER_GRAPHQL_DOCUMENT_BYTES``).
MAX_BYTES = 16 * 1024 * 1024
#: Bytes counted per token-like piece of a document (module docstring).
TOKEN_BYTES = 640
#: What is counted as a token: a name or number, a punctuator, a spread (an over-count inside
#: strings and comments, which only keeps a document out sooner).
_TOKEN = re.compile(r"[_0-9A-Za-z]+|\.\.\.|[^\s,_0-9A-Za-z]")


def cost(query: str) -> int:
    """The bytes a document is counted as (module docstring)."""
    return len(query) + TOKEN_BYTES * sum(1 for _ in _TOKEN.finditer(query))


class _Entry:
    __slots__ = ("document", "errors", "size")

    def __init__(self, document: DocumentNode, size: int) -> None:
        self.document = document
        self.size = size
        self.errors: list[GraphQLError] | None = None


class Documents:
    """The documents of one schema: an LRU by text of at most ``max_bytes`` (module docstring).

    ``rules`` are validated on top of Strawberry's (GraphQL's specified rules and its own);
    ``max_tokens`` bounds a document's tokens (``None``: no bound).
    """

    def __init__(
        self,
        rules: Sequence[type[ASTValidationRule]] = (),
        max_tokens: int | None = None,
        max_bytes: int = MAX_BYTES,
    ) -> None:
        self.rules = tuple(rules)
        self.max_tokens = max_tokens
        self.max_bytes = max_bytes
        #: bytes the entries are counted as
        self.total = 0
        self._entries: OrderedDict[str, _Entry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def holds(self, query: str) -> bool:
        """Whether ``query`` is kept (parsing it costs nothing)."""
        return query in self._entries

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
        size = cost(query)
        if size * 16 > self.max_bytes:  # too large to keep: parsed each time
            return document
        self._entries[query] = _Entry(document, size)
        self.total += size
        while self.total > self.max_bytes:
            self.total -= self._entries.popitem(last=False)[1].size
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
