"""Each distinct GraphQL document is parsed and validated once per process, and answered exactly as
if it were parsed and validated anew (:mod:`arbiter.api.graphql_documents`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from graphql import ValidationRule
from starlette.testclient import TestClient

from arbiter.api.graphql import schema
from arbiter.api.graphql_documents import TOKEN_BYTES, Documents, cost
from tests.api.test_graphql_limits import post, refused

GAMES = "{ games { id } }"


def counting_rule() -> tuple[type[ValidationRule], list[int]]:
    """A rule that counts the documents it checks."""
    checked: list[int] = []

    class Counting(ValidationRule):
        def enter_document(self, *_args: Any) -> None:
            checked.append(1)

    return Counting, checked


def test_a_document_is_parsed_and_validated_once() -> None:
    rule, checked = counting_rule()
    documents = Documents([rule])
    first = documents.parsed(GAMES)
    assert first is not None and documents.parsed(GAMES) is first
    assert documents.errors(GAMES, first, schema._schema, ()) == []
    assert documents.errors(GAMES, first, schema._schema, ()) == []
    assert len(checked) == 1


def test_a_documents_errors_are_answered_every_time(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    for _ in range(3):
        message = refused(client, "{ games { noSuchField } }", "graphql_validation_error")
        assert "noSuchField" in message


def test_a_document_that_does_not_parse_is_not_kept_and_refused_every_time(
    make_client: Callable[..., TestClient],
) -> None:
    documents = Documents(max_tokens=4)
    assert documents.parsed("{ games { id title } }") is None  # 6 tokens
    assert documents.parsed("{ games {") is None
    client = make_client(graphql_max_tokens=12)
    long = (
        "{ games { id title minPlayers maxPlayers rulesVersion description chance simultaneous } }"
    )
    for _ in range(2):
        assert "more than 12 tokens" in refused(client, long, "graphql_limit")
        refused(client, "{ games {", "graphql_parse_error")


def distinct(n: int) -> str:
    """The ``n``-th of documents that all cost the same."""
    return "{ games { a" + f"{n:04d}" + ": id } }"


def test_the_documents_kept_are_bounded_in_bytes() -> None:
    documents = Documents(max_bytes=16 * cost(distinct(0)))
    kept = [documents.parsed(distinct(n)) for n in range(16)]
    assert documents.total == documents.max_bytes and len(documents) == 16
    assert documents.parsed(distinct(0)) is kept[0]  # used: now the most recent
    documents.parsed(distinct(16))
    assert documents.total <= documents.max_bytes and len(documents) == 16
    assert documents.parsed(distinct(0)) is kept[0]
    assert documents.parsed(distinct(1)) is not kept[1]  # the least recently used: parsed again


def test_a_document_is_counted_by_its_length_and_its_tokens() -> None:
    """A long string literal is one token but many bytes; a dense document many tokens."""
    literal = '{ game(id: "' + "x" * 10_000 + '") { id } }'
    assert cost(literal) >= 10_000
    dense = "{ " + " ".join(f"a{i}: games {{ id }}" for i in range(100)) + " }"
    assert cost(dense) >= TOKEN_BYTES * 600


def test_a_document_too_large_to_keep_is_parsed_and_not_kept() -> None:
    large = "{ " + " ".join(f"a{i}: games {{ id }}" for i in range(100)) + " }"
    documents = Documents(max_bytes=cost(large) * 8)  # over a sixteenth of the bound
    assert documents.parsed(large) is not None
    assert not documents.holds(large) and documents.total == 0


def test_a_document_evicted_between_parse_and_validation_is_validated_all_the_same() -> None:
    rule, checked = counting_rule()
    documents = Documents([rule], max_bytes=cost(distinct(0)) * 16)
    tree = documents.parsed(GAMES)
    assert tree is not None
    for n in range(16):
        documents.parsed(distinct(n))  # pushes GAMES out
    assert not documents.holds(GAMES)
    assert documents.errors(GAMES, tree, schema._schema, ()) == []
    assert len(checked) == 1


def test_the_answer_to_a_kept_document_is_the_answer_to_a_new_one(client: TestClient) -> None:
    first = post(client, GAMES)
    assert post(client, GAMES) == first and first["data"]["games"]
