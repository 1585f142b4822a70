"""Schemathesis against the app in-process: every REST operation, a stateful run along the OpenAPI
links, and the GraphQL endpoint. Bounded (``schemathesis.toml``) so the suite stays fast."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import graphql
import hypothesis
import msgspec
import schemathesis
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.graphql import nodes
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.core import Registry
from tests.api.conftest import settings
from tests.toy import Pig

ROOT = Path(__file__).resolve().parents[2]
CONFIG = SchemathesisConfig.from_path(str(ROOT / "schemathesis.toml"))
CONFIG.update(seed=20_240_917, max_failures=None)  # the same cases on every run and worker
BOUNDED = hypothesis.settings(
    deadline=None, max_examples=30, suppress_health_check=list(hypothesis.HealthCheck)
)

app = create_app(settings(), Registry([Pig()]))
schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=CONFIG)


@schema.parametrize()
@BOUNDED
def test_rest_api(case: Any) -> None:
    case.call_and_validate()


def test_a_stateful_run_follows_the_links() -> None:
    """Schemathesis chains requests along the OpenAPI links: it plays Pig through the API."""
    fresh = create_app(settings(), Registry([Pig()]))
    machine = schemathesis.openapi.from_asgi(
        "/openapi.json", fresh, config=CONFIG
    ).as_state_machine()
    machine.run(
        settings=hypothesis.settings(
            BOUNDED, max_examples=40, stateful_step_count=8, derandomize=True
        )
    )
    metrics = TestClient(fresh).get("/metrics").text
    assert 'route="/v1/games/{game}/moves",status="200"' in metrics
    followed = [
        route
        for route in (
            "/v1/games/{game}/legal-moves",
            "/v1/games/{game}/validate",
            "/v1/states/{state_id}",
        )
        if f'route="{route}",status="200"' in metrics
    ]
    assert followed, metrics


# --------------------------------------------------------------------------------- GraphQL


def json_node(value: Any) -> graphql.ValueNode:
    """The GraphQL literal of a JSON value (for the ``JSON`` scalar)."""
    if value is None:
        return nodes.Null
    if isinstance(value, bool):
        return nodes.Boolean(value)
    if isinstance(value, int):
        return nodes.Int(value)
    if isinstance(value, str):
        return nodes.String(value)
    if isinstance(value, list | tuple):
        return nodes.List([json_node(v) for v in value])
    return nodes.Object(
        [
            graphql.ObjectFieldNode(name=graphql.NameNode(value=k), value=json_node(v))
            for k, v in value.items()
        ]
    )


pig = Pig()
pig_moves = st.sampled_from(
    [{"type": "roll", "seat": 0}, {"type": "hold", "seat": 0}, {"type": "die", "face": 3}]
)
pig_states = st.integers(0, 2**32).map(lambda seed: pig.new_state(2, seed=seed))
json_values = st.one_of(
    pig_moves,
    pig_states.map(msgspec.to_builtins),
    st.dictionaries(
        st.from_regex(r"\A[a-z_]{1,6}\Z"), st.integers() | st.text(max_size=5), max_size=3
    ),
    st.just({"target": 5}),
)
schemathesis.graphql.scalar("JSON", json_values.map(json_node))
schemathesis.graphql.scalar("Seed", st.integers(0, 2**63 - 1).map(nodes.Int))
schemathesis.graphql.scalar("String", st.sampled_from(["pig", "pig", "nope"]).map(nodes.String))

graphql_schema = schemathesis.graphql.from_asgi("/graphql", app, config=CONFIG)


def refusals_are_problems(ctx: Any, response: Any, case: Any) -> None:
    """Every GraphQL error is a deliberate refusal: a problem code, never an internal error."""
    assert response.status_code == 200, response.status_code
    payload = response.json()
    for error in payload.get("errors") or []:
        extensions = error.get("extensions") or {}
        if "path" not in error:  # a query the generator built against the schema's rules
            continue
        assert "code" in extensions, error
        assert extensions.get("status", 500) < 500, error


@graphql_schema.parametrize()
@BOUNDED
def test_graphql_api(case: Any) -> None:
    case.call_and_validate(
        checks=[refusals_are_problems],
        excluded_checks=[not_a_server_error],
    )
