"""Where the tests find the rulebooks' text, and how they skip without it.

The rulebooks (Russian and Polish originals, ``<game>.<language>.txt``) are the team's, not the
project's: they lie in ``shared/rules/`` *beside* the checkout (``../shared/rules/``), which CI and
every developer's machine have, and a plain ``git clone`` does not. The few tests that quote them
skip there, and say so in the skip reason (``pytest -rs`` prints it in the summary).
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "rules"


def rulebook(name: str) -> Path:
    """The rulebook ``shared/rules/<name>``, or skip the calling test and say why."""
    path = RULES / name
    if not path.exists():
        pytest.skip(
            f"needs the rulebook {name}: the team's rulebooks lie in shared/rules/ beside the "
            f"checkout ({RULES}), not in the repository; a plain clone has none"
        )
    return path
