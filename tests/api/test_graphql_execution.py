"""Lists of scalars completed in one pass (:mod:`arbiter.api.graphql_execution`) answer exactly
what graphql-core's own completion answers: values, nulls where they are allowed, and errors
at the item's path."""

from __future__ import annotations

import asyncio
from typing import Any

import strawberry
from starlette.testclient import TestClient
from strawberry.scalars import JSON
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from arbiter.api.graphql_execution import ArbiterExecutionContext
from tests.api.conftest import new_game

MOVES: list[Any] = [{"type": "roll", "seat": 0}, {"type": "hold", "seat": 0, "at": [1, 2.5]}]


async def later() -> int:
    return 7


@strawberry.type
class Query:
    @strawberry.field
    def moves(self) -> list[JSON]:
        return MOVES

    @strawberry.field
    def with_null(self) -> list[JSON]:
        return [*MOVES, None]

    @strawberry.field
    def maybe_null(self) -> list[JSON | None]:
        return [*MOVES, None]

    @strawberry.field
    def counts(self) -> list[int]:
        return [1, 2, 3]

    @strawberry.field
    def bad_counts(self) -> list[int]:
        return [1, "two", 3]  # type: ignore[list-item]

    @strawberry.field
    def too_big(self) -> list[int]:
        return [1, 2**40]

    @strawberry.field
    def awaited(self) -> list[int]:
        return [1, later()]  # type: ignore[list-item]

    @strawberry.field
    def empty(self) -> list[JSON]:
        return []

    @strawberry.field
    def names(self) -> list[str]:
        return ["a", "b"]


def answer(context: type[Any], query: str) -> tuple[Any, list[tuple[str, Any]]]:
    schema = strawberry.Schema(query=Query, execution_context_class=context)
    result = asyncio.run(schema.execute(query))
    errors = [(error.message, error.path) for error in result.errors or []]
    return result.data, errors


QUERIES = [
    "{ moves }",
    "{ withNull }",
    "{ maybeNull }",
    "{ counts }",
    "{ badCounts }",
    "{ tooBig }",
    "{ awaited }",
    "{ empty }",
    "{ names moves counts }",
    "{ moves withNull }",
]


def test_every_list_answers_as_graphql_core_does() -> None:
    for query in QUERIES:
        ours = answer(ArbiterExecutionContext, query)
        theirs = answer(StrawberryGraphQLCoreExecutionContext, query)
        assert ours == theirs, query


def test_the_one_pass_answers_lists_of_scalars_and_leaves_the_rest() -> None:
    assert answer(ArbiterExecutionContext, "{ moves counts }") == (
        {"moves": MOVES, "counts": [1, 2, 3]},
        [],
    )
    data, errors = answer(ArbiterExecutionContext, "{ withNull }")
    assert data is None and errors and errors[0][1] == ["withNull", 2]  # the null item's path
    data, errors = answer(ArbiterExecutionContext, "{ badCounts }")
    assert data is None and errors[0][1] == ["badCounts", 1]


def test_an_answers_lists_are_the_services(client: TestClient) -> None:
    game = new_game(client)
    query = """mutation($move: JSON!, $stateId: String) {
      applyMove(game: "pig", move: $move, stateId: $stateId) { toAct legalMoves events }
    }"""
    move = game["legal_moves"][0]
    variables = {"move": move, "stateId": game["state_id"]}
    graphql = client.post("/graphql", json={"query": query, "variables": variables}).json()
    rest = client.post("/v1/games/pig/moves", json={"state_id": game["state_id"], "move": move})
    applied = graphql["data"]["applyMove"]
    assert applied["legalMoves"] == rest.json()["legal_moves"] and applied["legalMoves"]
    assert applied["events"] == rest.json()["events"] and applied["toAct"] == rest.json()["to_act"]
