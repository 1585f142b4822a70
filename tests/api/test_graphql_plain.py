"""Plain GraphQL documents (:mod:`arbiter.api.graphql_plain`) answer exactly as graphql-core's
executor does: the same data, the same errors with their locations and paths.

A document's first request takes Strawberry's road (it parses and keeps the document); every
later one of a plain document is answered without the executor. So each document is sent twice
and the two answers compared, and a spy counts the answers the plain road gave.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.api import graphql_plain
from tests.api.conftest import new_game
from tests.api.test_graphql import ENVELOPE, gql


@pytest.fixture
def plain_answers(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The queries the plain road answered, in order."""
    answered: list[str] = []
    execute = graphql_plain.Plain.execute

    async def spy(self: graphql_plain.Plain, query: str, *args: Any) -> Any:
        result = await execute(self, query, *args)
        if result is not None:
            answered.append(query)
        return result

    monkeypatch.setattr(graphql_plain.Plain, "execute", spy)
    yield answered


def twice(client: TestClient, query: str, **variables: Any) -> dict[str, Any]:
    """The answer of ``query``, the same by either road."""
    first = gql(client, query, **variables)
    second = gql(client, query, **variables)
    assert second == first
    return first


def test_plain_documents_answer_as_the_executor_does(
    client: TestClient, plain_answers: list[str]
) -> None:
    start = new_game(client, as_seat=0)
    state_id = start["state_id"]
    hold = {"type": "hold", "seat": 0}
    documents: list[tuple[str, dict[str, Any]]] = [
        # a mutation on an open game, every member of the envelope; aliases and __typename
        (
            'mutation($id: String!, $move: JSON!) { applyMove(game: "pig", stateId: $id, '
            f"move: $move) {{ {ENVELOPE} }} }}",
            {"id": state_id, "move": hold},
        ),
        (
            'mutation($id: String!) { moved: applyMove(game: "pig", stateId: $id, '
            'move: {type: "hold", seat: 0}, describe: true) { __typename kind: game '
            "stateId descriptions moveRanges { __typename } } }",
            {"id": state_id},
        ),
        # queries: nested objects and lists of them, arguments from literals and variables
        ("query { games { id title options { name description } } }", {}),
        ('query { game(id: "pig") { id minPlayers maxPlayers } }', {}),
        (
            f"query($id: String!) {{ state(id: $id, asSeat: 0, render: true) {{ {ENVELOPE} text }} }}",
            {"id": state_id},
        ),
        (
            'query($id: String!) { legalMoves(game: "pig", stateId: $id) { toAct moves } }',
            {"id": state_id},
        ),
        (
            'query($id: String!, $m: JSON!) { validate(game: "pig", stateId: $id, move: $m) '
            "{ legal code detail } }",
            {"id": state_id, "m": {"type": "hold", "seat": 1}},
        ),
        # refusals: the same errors, located at the field, with the problem in extensions
        (
            'mutation($id: String!) { applyMove(game: "pig", stateId: $id, '
            'move: {type: "hold", seat: 1}) { game } }',
            {"id": state_id},
        ),
        ('query { state(id: "nope") { game } }', {}),
        ('query { legalMoves(game: "nope", stateId: "x") { moves } }', {}),
    ]
    for query, variables in documents:
        twice(client, query, **variables)
    assert plain_answers == [query for query, _ in documents]
    refused = gql(client, documents[7][0], **documents[7][1])
    (error,) = refused["errors"]
    assert refused["data"] is None and error["path"] == ["applyMove"]
    assert error["locations"] and error["extensions"]["code"] == "pig.not_your_turn"


@pytest.mark.parametrize(
    ("query", "variables"),
    [
        # a fragment, a directive, two root fields, introspection: the executor's
        ('query { game(id: "pig") { ...F } } fragment F on GameInfo { id }', {}),
        ('query($x: Boolean!) { game(id: "pig") { id @include(if: $x) } }', {"x": True}),
        ('query { games { id } game(id: "pig") { id } }', {}),
        ("query { __typename }", {}),
        ('query { __type(name: "Envelope") { name } }', {}),
        # variables or arguments that do not coerce: the executor reports them
        ('query($id: Int!) { game(id: "pig") { id } }', {"id": "seven"}),
        ("query($id: String!) { state(id: $id) { game } }", {}),
    ],
)
def test_other_documents_take_the_executors_road(
    client: TestClient, plain_answers: list[str], query: str, variables: dict[str, Any]
) -> None:
    twice(client, query, **variables)
    assert plain_answers == []
