"""The declarations of the operations (:mod:`arbiter.api.operations`, :mod:`arbiter.api.pages`)
say only what exists: a misspelt code, member or parameter would otherwise be skipped quietly by
what is made from them."""

from __future__ import annotations

import msgspec
import pytest

from arbiter.api.graphql import schema
from arbiter.api.operation import Operation
from arbiter.api.operations import OPERATIONS, keyed_paths
from arbiter.api.pages import PAGES
from arbiter.api.problems import CODES

DECLARED = (*OPERATIONS, *PAGES)


@pytest.mark.parametrize("op", DECLARED, ids=lambda op: op.id)
def test_a_declaration_names_what_exists(op: Operation) -> None:
    assert set(op.errors) <= set(CODES), sorted(set(op.errors) - set(CODES))
    assert {p.name for p in op.parameters} <= set(op.path_names)
    # every API operation does something (a stream in an endpoint of its own)
    assert op.run is not None or op in PAGES or op.answer.media == "text/event-stream"
    if op.graphql is not None:
        kind = op.body if op.body is not None else op.query
        members = set()
        if kind is not None and kind is not msgspec.Raw:
            members = {m.name for m in msgspec.structs.fields(kind)}
        assert set(op.graphql.omit) <= members
        assert set(op.graphql.rename) <= set(op.path_names)


def test_ids_paths_and_fields_are_each_declared_once() -> None:
    ids = [op.id for op in DECLARED]
    assert len(ids) == len(set(ids))
    routes = [(op.method, op.path) for op in DECLARED]
    assert len(routes) == len(set(routes))
    fields = [(op.graphql.mutation, op.graphql.name) for op in OPERATIONS if op.graphql]
    assert len(fields) == len(set(fields))


def test_the_graphql_root_fields_are_the_declared_ones() -> None:
    core = schema._schema
    assert core.query_type is not None and core.mutation_type is not None
    declared = {(op.graphql.mutation, op.graphql.name) for op in OPERATIONS if op.graphql}
    made = {(False, name) for name in core.query_type.fields} | {
        (True, name) for name in core.mutation_type.fields
    }
    assert made == declared


def test_a_key_makes_exactly_the_idempotent_operations_safe_to_retry() -> None:
    paths = keyed_paths()
    for op in OPERATIONS:
        concrete = op.path.replace("{game}", "scythe").replace("{content_id}", "abc")
        concrete = concrete.replace("{state_id}", "abc")
        assert bool(paths.match(concrete)) == op.idempotent, op.id
    assert paths.match("/graphql")
    assert not paths.match("/v1/games/scythe/moves/extra")
