"""Schemathesis' pytest tests built when they run, not when they are collected.

``schema.parametrize()`` builds each operation's Hypothesis test while pytest *collects* it, and
building it works out the whole coverage phase (every boundary and negative body of the
operation's schema). Over the four games' document that is some 80 s of one core, and pytest-xdist
collects every module in every worker: each worker paid it for every operation, although it runs
only some of them, and ``pytest -k`` paid it for none.

:func:`build_when_run` makes the build lazy: the item pytest collects is the same
(``SchemathesisFunction``, same name, same hooks), and its function builds the real test -- same
config, operation, seed and phases -- the first time it is called, then runs it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import schemathesis.pytest._test_builder as builder

_build = builder.build_operation_test


def _build_when_run(**arguments: Any) -> Callable[..., Any]:
    built: list[Callable[..., Any]] = []

    def test(*args: Any, **kwargs: Any) -> Any:
        if not built:
            built.append(_build(**arguments))
        return built[0](*args, **kwargs)

    # named as the test, but with no ``__wrapped__``: like the Hypothesis test it stands for, it
    # asks pytest for no fixture (Hypothesis gives ``case``)
    test.__name__ = test.__qualname__ = arguments["test_func"].__name__
    test.__module__ = arguments["test_func"].__module__
    return test


def build_when_run() -> None:
    """From now on, schemathesis builds an operation's test when the test runs."""
    builder.build_operation_test = _build_when_run  # type: ignore[assignment]
