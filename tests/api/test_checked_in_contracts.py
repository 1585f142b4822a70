"""The contracts checked in under ``openapi/`` and ``schema/`` are exactly what the code generates.

When a type or a route changes on purpose, run ``make schemas`` and commit the regenerated files.
"""

from __future__ import annotations

from pathlib import Path

from arbiter.api.graphql import schema as graphql_schema
from arbiter.api.openapi import differences, generate
from arbiter.games import registry

ROOT = Path(__file__).resolve().parents[2]


def test_checked_in_contracts_match_the_code() -> None:
    drift = differences(ROOT, generate(registry(), graphql_schema.as_str()))
    assert not drift, "contracts out of date, run `make schemas`:\n" + "\n".join(drift)
