"""Every refusal code of :data:`legality.MESSAGES` is provoked by a test of this folder."""

from __future__ import annotations

import re
from pathlib import Path

from arbiter.games.raiders_of_scythia.legality import MESSAGES
from arbiter.games.raiders_of_scythia.rule_codes import RULE_CODES

HERE = Path(__file__).parent


def provoked() -> set[str]:
    """The codes the tests compare a refusal with, as in ``assert refused(s, move) == code``."""
    found: set[str] = set()
    for path in HERE.glob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r'refused\([^\n]*\) == "([a-z_.]+)"', text))
    return found


def test_every_move_code_is_provoked_by_a_test() -> None:
    missing = set(MESSAGES) - provoked()
    assert not missing, f"no test provokes {sorted(missing)}"


def test_every_provoked_code_is_a_documented_rule_code() -> None:
    documented = {code.code.removeprefix("raiders-of-scythia.") for code in RULE_CODES}
    assert provoked() <= documented
