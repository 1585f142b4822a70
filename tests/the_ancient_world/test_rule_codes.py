"""The Ancient World's list of rule codes (:mod:`arbiter.games.the_ancient_world.rule_codes`) is
exactly what its source can raise, and cites the rulebook as printed.

The codes are read from the source by the scanner of ``tests/scythe/test_rule_codes.py`` (see its
docstring): ``refuse(code, ...)`` of ``common.py`` and ``_bad(code, ...)`` of ``checks.py`` are
wrappers over ``f"{NS}.{code}"``; the game raises ``game_over`` and ``not_your_turn`` itself
too, and the core raises them with ``setup.players``.
"""

from __future__ import annotations

from arbiter.games.the_ancient_world import TheAncientWorld
from tests.rulebooks import rulebook
from tests.scythe.test_rule_codes import listing_problems, raised_codes, rulebook_problems

GAME = TheAncientWorld()
PACKAGE = "arbiter.games.the_ancient_world"


def test_every_code_the_game_raises_is_listed_and_nothing_else() -> None:
    problems = listing_problems(GAME, PACKAGE)
    assert not problems, "\n".join(problems)


def test_the_scanner_reads_both_wrappers() -> None:
    codes = raised_codes(PACKAGE).codes
    assert codes["the-ancient-world.build.no_space"] == {"IllegalMove"}  # common.refuse
    assert codes["the-ancient-world.state.citizens"] == {"InvalidState"}  # checks._bad
    assert codes["the-ancient-world.content.dice"] == {"InvalidState"}
    kinds = {entry.code: entry.kind for entry in GAME.rule_codes()}
    assert kinds["the-ancient-world.content.dice"] == "content"
    assert kinds["the-ancient-world.state.citizens"] == "state"


def test_the_sections_are_printed_in_the_rulebook() -> None:
    problems = rulebook_problems(GAME.rule_codes(), rulebook("the-ancient-world.ru.txt"))
    assert not problems, "\n".join(problems)
