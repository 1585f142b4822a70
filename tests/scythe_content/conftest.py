"""Shared fixtures: the default Scythe content pack."""

from __future__ import annotations

import pytest

from arbiter.games.scythe.content import ScytheContent, default_content


@pytest.fixture(scope="session")
def pack() -> ScytheContent:
    return default_content()
