"""GraphQL over HTTP with a bounded cost: limits, switches, and problem documents for bad bytes.

Every refusal carries a stable code: a problem document (``application/problem+json``) when the
body is not a GraphQL request, a GraphQL error with ``extensions.code`` when it is one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from graphql import get_introspection_query
from starlette.testclient import TestClient

from arbiter.api.graphql import EXPENSIVE_FIELDS, schema
from arbiter.api.graphql_http import build_schema
from tests.api.conftest import app_of, new_game, problem, settings

#: A wall-clock bound only a blow-up (exponential or quadratic work) reaches, however loaded the
#: machine: the suite's timings under load reached 5.5 s for work of a few ms.
CATASTROPHIC = 60

REPLAY = 'replay(game: "pig", players: 2, seed: 1, moves: []) { finished }'
NEW_GAME = 'newGame(game: "pig", players: 2, seed: 1) { stateId }'


def post(client: TestClient, query: str, **body: Any) -> dict[str, Any]:
    """The GraphQL answer to ``query``: always 200 ``application/json``, every error coded."""
    response = client.post("/graphql", json={"query": query, **body})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    payload: dict[str, Any] = response.json()
    for error in payload.get("errors", ()):
        extensions = error["extensions"]
        assert extensions["code"] and extensions["detail"] == error["message"], error
        assert extensions["type"] == f"/problems/{extensions['code']}"
    return payload


def refused(client: TestClient, query: str, code: str, **body: Any) -> str:
    """Assert ``query`` is refused before execution with ``code``; the error's message."""
    payload = post(client, query, **body)
    assert "data" not in payload, payload  # nothing ran
    assert payload["errors"] and {e["extensions"]["code"] for e in payload["errors"]} == {code}
    message: str = payload["errors"][0]["message"]
    return message


def aliases(count: int, field: str = "games { id }") -> str:
    return "{ " + " ".join(f"a{i}: {field}" for i in range(count)) + " }"


# --------------------------------------------------------------------------------- limits


def test_depth_is_counted_in_fields_through_fragments(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(graphql_max_depth=3)
    assert post(client, "{ games { options { name } } }")["data"]["games"][0]["options"]
    fragment = "{ games { ...F } } fragment F on GameInfo { options { name } }"
    assert "errors" not in post(client, fragment)
    shallow = make_client(graphql_max_depth=2)
    message = refused(shallow, "{ games { options { name } } }", "graphql_limit")
    assert "3 deep" in message and "allows 2" in message
    refused(shallow, fragment, "graphql_limit")
    refused(shallow, "{ games { ... on GameInfo { options { name } } } }", "graphql_limit")


def test_introspection_fields_do_not_count_towards_depth(client: TestClient) -> None:
    deep = "{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType " \
        "{ ofType { ofType { name } } } } } } } } } } } }"  # fmt: skip
    assert "errors" not in post(client, deep)
    assert "errors" not in post(client, get_introspection_query(descriptions=True))


def test_aliases(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    assert len(post(client, aliases(10))["data"]) == 10
    assert "11 aliases" in refused(client, aliases(11), "graphql_limit")
    twice = "{ x: games { ...F } y: games { ...F } } fragment F on GameInfo { a: id b: title }"
    assert "errors" not in post(client, twice)
    assert "6 aliases" in refused(make_client(graphql_max_aliases=5), twice, "graphql_limit")


def test_twenty_thousand_aliases_stop_at_the_token_limit_at_once(client: TestClient) -> None:
    # The parser's own abort: nothing past the 2,000th token is read (this took 15.6 s when the
    # aliases were counted after a full parse; a few ms now)
    message = refused(client, aliases(20_000), "graphql_limit")
    assert "more than 2000 tokens" in message


def test_tokens(make_client: Callable[..., TestClient]) -> None:
    client = make_client(graphql_max_tokens=12)
    assert "errors" not in post(client, "{ games { id title } }")  # 6 tokens
    refused(client, "{ games { id title minPlayers maxPlayers rulesVersion description chance "
            "simultaneous } }", "graphql_limit")  # fmt: skip


def test_documents_nested_past_the_parser_are_limits_not_crashes(client: TestClient) -> None:
    nested = "{ games " + "{ options " * 3000 + "}" * 3001
    refused(client, nested, "graphql_limit")
    literal = "{ " + REPLAY.replace("moves: []", "moves: " + "[" * 1500 + "]" * 1500) + " }"
    refused(client, literal, "graphql_limit")


@pytest.mark.parametrize(
    "query",
    [
        "{ a: " + REPLAY + " b: " + REPLAY + " }",
        "mutation { a: " + NEW_GAME + " b: " + NEW_GAME + " }",
        "mutation { " + NEW_GAME + " ...M } fragment M on Mutation { x: " + NEW_GAME + " }",
        "mutation { ... on Mutation { " + NEW_GAME + ' } registerContent(game: "pig", '
        "content: {faces: [2]}) { contentId } }",
        "query { ...Q } fragment Q on Query { a: "
        + REPLAY
        + " ...R } fragment R on Query { "
        + REPLAY
        + " }",
    ],
)
def test_one_expensive_root_field_per_request(client: TestClient, query: str) -> None:
    message = refused(client, query, "graphql_limit")
    assert "2 expensive fields" in message and "send one request for each" in message


def test_an_expensive_field_selected_again_under_one_response_key_runs_once(
    client: TestClient,
) -> None:
    query = "{ " + REPLAY + " ...F } fragment F on Query { " + REPLAY + " }"
    assert post(client, query)["data"] == {"replay": {"finished": False}}
    two_operations = f"query A {{ {REPLAY} }} query B {{ b: {REPLAY} }}"
    assert "errors" not in post(client, two_operations, operationName="B")  # one operation runs


def test_the_expensive_fields_are_root_fields_of_the_schema() -> None:
    query, mutation = schema._schema.query_type, schema._schema.mutation_type
    assert query is not None and mutation is not None
    roots = set(query.fields) | set(mutation.fields)
    assert {"replay", "newGame", "applyMove", "registerContent"} <= EXPENSIVE_FIELDS & roots
    assert set(mutation.fields) <= EXPENSIVE_FIELDS  # every mutation writes a state or a pack


def test_fragment_bombs_are_measured_once_per_fragment(client: TestClient) -> None:
    # Strawberry's own depth and alias limiters walk each path: 2^25 here.
    fragments = "".join(
        f"fragment F{i} on GameInfo {{ ...F{i + 1} ...F{i + 1} }}\n" for i in range(25)
    )
    query = "{ games { ...F0 } }\n" + fragments + "fragment F25 on GameInfo { id }"
    started = time.perf_counter()
    assert post(client, query)["data"] == {"games": [{"id": "pig"}]}
    # a few ms; walking each path would take hours: a bound no load reaches, not a speed target
    assert time.perf_counter() - started < CATASTROPHIC
    with_aliases = query.replace("{ id }", "{ a: id }")
    assert "aliases" in refused(client, with_aliases, "graphql_limit")


def test_fields_repeated_past_the_merge_budget_are_refused(client: TestClient) -> None:
    # graphql-core's default budget validates this document in full (0.7-2 s) and accepts it:
    # refused as too costly, the check stopped at MERGE_BUDGET
    message = refused(client, "{ " + "games { options { name } } " * 280 + "}", "graphql_limit")
    assert "too costly" in message
    assert "errors" not in post(client, "{ " + "games { options { name } } " * 3 + "}")


def test_the_served_schema_has_the_contract_sdl() -> None:
    production = settings(env="production")
    assert build_schema(production).as_str() == schema.as_str()


# ------------------------------------------------------------------ introspection, GraphiQL


def test_introspection_and_graphiql_are_on_in_test(client: TestClient) -> None:
    assert post(client, "{ __schema { queryType { name } } }")["data"]
    page = client.get("/graphql", headers={"accept": "text/html"})
    assert page.status_code == 200 and "graphiql" in page.text.lower()


def test_introspection_and_graphiql_are_off_in_production(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(env="production")
    message = refused(client, "{ __schema { queryType { name } } }", "graphql_validation_error")
    assert "introspection" in message.lower()
    refused(client, '{ __type(name: "Query") { name } }', "graphql_validation_error")
    assert post(client, "{ games { __typename id } }")["data"]["games"][0]["id"] == "pig"
    problem(client.get("/graphql", headers={"accept": "text/html"}), 404, "not_found")
    switched = make_client(env="production", graphiql=True, graphql_introspection=True)
    assert post(switched, "{ __schema { queryType { name } } }")["data"]
    assert switched.get("/graphql").status_code == 200


@pytest.mark.parametrize("env", ["test", "production"])
def test_get_never_runs_an_operation(make_client: Callable[..., TestClient], env: str) -> None:
    client = make_client(env=env)
    response = client.get("/graphql", params={"query": "{ games { id } }"})
    assert "POST" in problem(response, 405, "method_not_allowed")["detail"]
    assert "POST" in response.headers["allow"]
    problem(client.delete("/graphql"), 405, "method_not_allowed")


# ------------------------------------------------------------------------------ bad bodies


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"", 400, "malformed_json"),
        (b"{query: 1}", 400, "malformed_json"),
        (b'{"query": "{ games { id } }"', 400, "malformed_json"),
        (b'{"query": "{ games { id } }", "variables": {"x": NaN}}', 400, "malformed_json"),
        (b'{"query": "{ games { id } }", "variables": {"x": Infinity}}', 400, "malformed_json"),
        (b'{"query": "{ game(id: \\"\xff\\") { id } }"}', 400, "malformed_json"),
        (b'{"query": "\\ud800"}', 400, "malformed_json"),
        (b'{"query": "{ games { id } }", "query": "{ games { id } }"}', 400, "duplicate_key"),
        (b'{"query": "{ games { id } }", "variables": {"a": 1, "a": 2}}', 400, "duplicate_key"),
        (
            b'{"query": "{ games { id } }", "variables": {"a": '
            + b"[" * 3000
            + b"]" * 3000
            + b"}}",
            400,
            "nesting_too_deep",
        ),
        (b'[{"query": "{ games { id } }"}]', 400, "invalid_request"),
        (b"[]", 400, "invalid_request"),
        (b'"{ games { id } }"', 400, "invalid_request"),
        (b"null", 400, "invalid_request"),
        (b"{}", 400, "invalid_request"),
        (b'{"variables": {}}', 400, "invalid_request"),
        (b'{"query": ""}', 400, "invalid_request"),
        (b'{"query": 5}', 400, "invalid_request"),
        (b'{"query": "{ games { id } }", "variables": []}', 400, "invalid_request"),
        (b'{"query": "{ games { id } }", "operationName": 1}', 400, "invalid_request"),
        (b'{"query": "{ games { id } }", "id": "persisted"}', 400, "invalid_request"),
    ],
)
def test_bad_bodies_are_problem_documents(
    client: TestClient, body: bytes, status: int, code: str
) -> None:
    response = client.post("/graphql", content=body, headers={"content-type": "application/json"})
    document = problem(response, status, code)
    if code == "invalid_request" and body.startswith(b"["):
        assert "batched requests" in document["detail"]


def test_members_of_the_wrong_type_are_named_by_pointer(client: TestClient) -> None:
    response = client.post("/graphql", json={"query": "{ games { id } }", "variables": 3})
    assert problem(response, 400, "invalid_request")["pointer"] == "/variables"


@pytest.mark.parametrize(
    "content_type",
    [
        None,
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/graphql",
        "application/json; charset=latin-1",
    ],
)
def test_posts_must_be_json(client: TestClient, content_type: str | None) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    response = client.post("/graphql", content=b'{"query": "{ games { id } }"}', headers=headers)
    problem(response, 415, "unsupported_media_type")


def test_json_with_parameters_is_json(client: TestClient) -> None:
    response = client.post(
        "/graphql",
        content=b'{"query": "{ games { id } }"}',
        headers={"content-type": "Application/JSON; charset=UTF-8"},
    )
    assert response.json() == {"data": {"games": [{"id": "pig"}]}}


def test_the_endpoint_refuses_non_json_without_the_guard(client: TestClient) -> None:
    """Another middleware refuses non-JSON bodies too; the endpoint must not rely on it."""
    response = TestClient(app_of(client).starlette).post(
        "/graphql", content=b'{"query": "{ games { id } }"}', headers={"content-type": "text/plain"}
    )
    problem(response, 415, "unsupported_media_type")


def test_too_large_bodies_are_problems(make_client: Callable[..., TestClient]) -> None:
    client = make_client(max_body=100)
    response = client.post(
        "/graphql", json={"query": "{ games { id } }", "variables": {"x": "y" * 200}}
    )
    problem(response, 413, "body_too_large")


# ------------------------------------------------------------------------- GraphQL errors


@pytest.mark.parametrize(
    ("query", "variables", "operation", "code"),
    [
        ("{ games { id }", None, None, "graphql_parse_error"),
        ("{ games { id } } }", None, None, "graphql_parse_error"),
        ('{ game(id: "\\uD800") { id } }', None, None, "graphql_parse_error"),
        ("{ nope }", None, None, "graphql_validation_error"),
        ("{ games }", None, None, "graphql_validation_error"),
        (
            'query($s: Seed!) { replay(game: "pig", players: 2, seed: $s, moves: []) { finished } }',
            {"s": -5},
            None,
            "graphql_validation_error",
        ),
        (
            'query($s: Seed!) { replay(game: "pig", players: 2, seed: $s, moves: []) { finished } }',
            {},
            None,
            "graphql_validation_error",
        ),
        ("query A { games { id } }", None, "B", "graphql_validation_error"),
        ("fragment F on Query { games { id } }", None, None, "graphql_validation_error"),
        ("subscription { games { id } }", None, None, "graphql_validation_error"),
        (
            "{ games { ...F } } fragment F on GameInfo { ...F }",
            None,
            None,
            "graphql_validation_error",
        ),
    ],
)
def test_request_errors_are_coded_and_run_nothing(
    client: TestClient,
    query: str,
    variables: dict[str, Any] | None,
    operation: str | None,
    code: str,
) -> None:
    payload = post(client, query, variables=variables, operationName=operation)
    assert "data" not in payload
    assert {error["extensions"]["code"] for error in payload["errors"]} == {code}
    assert all(error["extensions"]["status"] == 400 for error in payload["errors"])


def test_field_errors_keep_data_and_refusals_keep_their_problem(client: TestClient) -> None:
    payload = post(client, '{ games { id } game(id: "go") { id } }')
    assert payload["data"] is None  # game is non-null: the null reaches the root
    (error,) = payload["errors"]
    assert error["path"] == ["game"] and error["extensions"]["code"] == "unknown_game"
    assert error["extensions"]["status"] == 404


def test_unexpected_resolver_failures_are_masked_internal_errors(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken() -> None:
        raise RuntimeError("secret detail of the failure")

    monkeypatch.setattr(app_of(client).service, "games", broken)
    payload = post(client, "{ games { id } }")
    (error,) = payload["errors"]
    assert error["extensions"]["code"] == "internal_error" and error["path"] == ["games"]
    assert "secret" not in error["message"] and error["extensions"]["status"] == 500
    assert "secret detail" in caplog.text  # logged for the operator


def test_answers_are_one_json_document_like_rest(client: TestClient) -> None:
    rest = new_game(client)
    query = "mutation($s: JSON) { applyMove(game: \"pig\", state: $s, move: {type: \"roll\", " \
        "seat: 0}) { state legalMoves } }"  # fmt: skip
    payload = post(client, query, variables={"s": rest["state"]})
    moved = client.post(
        "/v1/games/pig/moves", json={"state": rest["state"], "move": {"type": "roll", "seat": 0}}
    ).json()
    assert payload == {
        "data": {"applyMove": {"state": moved["state"], "legalMoves": moved["legal_moves"]}}
    }


@pytest.mark.parametrize(
    "query",
    [
        "{" * 5000,
        "{ games { id } }" + " ...F" * 3000,
        "query(" + "$a: [" * 2000 + "Int" + "]" * 2000 + ") { games { id } }",
        "{ games " + "@skip(if: false) " * 600 + "{ id } }",
        "".join(f"fragment F{i} on Query {{ ...F{i + 1} }} " for i in range(300)) + "{ ...F0 }",
    ],
)
def test_hostile_documents_are_graphql_errors_not_crashes(client: TestClient, query: str) -> None:
    payload = post(client, query)
    assert payload["errors"] and "data" not in payload


@pytest.mark.parametrize("padding", ["#" * 100_000 + "\n", "\n" * 200_000, "," * 200_000])
def test_ignored_characters_are_cheap(client: TestClient, padding: str) -> None:
    started = time.perf_counter()
    assert post(client, padding + "{ games { id } }")["data"] == {"games": [{"id": "pig"}]}
    assert time.perf_counter() - started < CATASTROPHIC  # linear: ms; quadratic: hours
