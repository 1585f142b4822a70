"""Each distinct GraphQL document is parsed and validated once per process, and answered exactly as
if it were parsed and validated anew (:mod:`arbiter.api.graphql_documents`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from graphql import ValidationRule
from starlette.testclient import TestClient

from arbiter.api.graphql import schema
from arbiter.api.graphql_documents import Documents
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


def test_the_documents_kept_are_bounded() -> None:
    documents = Documents(size=2)
    kept = [documents.parsed("{ games { id } }"), documents.parsed("{ games { title } }")]
    documents.parsed("{ games { chance } }")
    assert documents.parsed("{ games { title } }") is kept[1]
    assert documents.parsed("{ games { id } }") is not kept[0]  # evicted: parsed again


def test_a_document_evicted_between_parse_and_validation_is_validated_all_the_same() -> None:
    rule, checked = counting_rule()
    documents = Documents([rule], size=1)
    tree = documents.parsed(GAMES)
    assert tree is not None
    documents.parsed("{ games { title } }")  # pushes GAMES out
    assert documents.errors(GAMES, tree, schema._schema, ()) == []
    assert len(checked) == 1


def test_the_answer_to_a_kept_document_is_the_answer_to_a_new_one(client: TestClient) -> None:
    first = post(client, GAMES)
    assert post(client, GAMES) == first and first["data"]["games"]
