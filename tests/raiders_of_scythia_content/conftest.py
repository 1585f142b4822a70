"""The default pack as a fixture."""

from __future__ import annotations

import pytest

from arbiter.games.raiders_of_scythia.content import RaidersContent
from tests.raiders_of_scythia_content.helpers import load


@pytest.fixture
def pack() -> RaidersContent:
    return load()
