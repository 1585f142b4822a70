"""The shape of the code: the rules core knows no service, and no modules import in a circle.

Every import counts -- at the top of a module, under ``TYPE_CHECKING``, inside a function -- since
each hides the same knot of two modules that need each other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "service"


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted((SOURCE / "arbiter").rglob("*.py")):
        parts = list(path.relative_to(SOURCE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imported(name: str, path: Path) -> Iterator[str]:
    """The modules of the package ``name``'s source imports, wherever in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield full if full in MODULES else base


GRAPH = {
    name: {m for m in _imported(name, path) if m in MODULES and m != name}
    for name, path in MODULES.items()
}


def _circles(prefix: str) -> list[list[str]]:
    """The strongly connected groups of more than one module under ``prefix`` (Tarjan)."""
    graph = {n: {m for m in edges if m.startswith(prefix)} for n, edges in GRAPH.items()}
    graph = {n: edges for n, edges in graph.items() if n.startswith(prefix)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                popped = stack.pop()
                group.append(popped)
                if popped == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_rules_core_imports_neither_the_service_nor_a_game() -> None:
    core = {n: edges for n, edges in GRAPH.items() if n.startswith("arbiter.core")}
    assert core, "no module found under arbiter.core"
    for name, edges in core.items():
        outside = sorted(m for m in edges if m.startswith(("arbiter.api", "arbiter.games")))
        assert not outside, f"{name} imports {outside}"


@pytest.mark.parametrize("package", ["arbiter.core", "arbiter.api", "arbiter.games"])
def test_no_import_circles(package: str) -> None:
    assert _circles(package + ".") == []


def test_a_circle_is_found() -> None:
    """The check itself: two modules of a package that import each other are one circle."""
    GRAPH["arbiter.core.a"], GRAPH["arbiter.core.b"] = {"arbiter.core.b"}, {"arbiter.core.a"}
    try:
        assert _circles("arbiter.core.") == [["arbiter.core.a", "arbiter.core.b"]]
    finally:
        del GRAPH["arbiter.core.a"], GRAPH["arbiter.core.b"]
