"""Scythe's list of rule codes (:mod:`arbiter.games.scythe.rule_codes`) is exactly what its source
can raise, and cites the rulebook as printed.

The codes are found by reading the source, not by playing: every ``IllegalMove(...)`` and
``InvalidState(...)`` of the game's package, with its first argument resolved -- a string, an
f-string over module constants (``f"{NS}.{code}"``) and the parameters of the function around it,
or a conditional of those. A function whose code is built from one of its parameters is a
*wrapper* (``refuse(code, message)``, ``_err(code, ...)``); every call of a wrapper, in any module
that defines or imports it, gives a code, its parameter defaults too, and a wrapper called with
its own caller's parameter makes that caller a wrapper in turn. Anything else -- a code read from
a variable, a dictionary, a call -- is reported as unresolved, so a new way of building codes
fails here until it is handled. The core raises ``<game>.not_your_turn``, ``<game>.game_over``
and ``<game>.setup.players`` for every game; ``core/game.py`` is read the same way, with
``self.id`` the game's id.

The Ancient World's test (``tests/the_ancient_world/test_rule_codes.py``) uses the same scanner.
"""

from __future__ import annotations

import ast
import importlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from arbiter.core import RuleCode
from arbiter.core.registry import AnyGame
from arbiter.games.scythe import Scythe
from tests.rulebooks import rulebook

ROOT = Path(__file__).resolve().parents[2]
#: The errors whose first argument is a rule code, and the kinds of code each raises.
ERRORS = {"IllegalMove": ("move",), "InvalidState": ("state", "content")}
#: The codes the core raises for every game (:class:`arbiter.core.Game`).
CORE_RULES = ("not_your_turn", "game_over", "setup.players")

Part = str | tuple[str]  # a literal piece, or ("name",): the value of a parameter
Template = tuple[Part, ...]
Function = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass
class Found:
    """The codes a package can raise, with the errors raising them, and what could not be read."""

    codes: dict[str, set[str]] = field(default_factory=dict)
    unresolved: set[str] = field(default_factory=set)


class Package:
    """The modules of one package, parsed, with what each top-level name refers to."""

    def __init__(self, package: str, *, self_id: str = "", folder: Path | None = None) -> None:
        if folder is None:
            module = importlib.import_module(package)
            assert module.__file__ is not None
            folder = Path(module.__file__).parent
        self.package = package
        self.self_id = self_id
        self.trees = {p.stem: ast.parse(p.read_text(), str(p)) for p in sorted(folder.glob("*.py"))}
        self.functions: dict[tuple[str, str], Function] = {}
        self.constants: dict[tuple[str, str], str] = {}
        self.names: dict[str, dict[str, tuple[str, str]]] = {}
        for name, tree in self.trees.items():
            table: dict[str, tuple[str, str]] = {}
            for node in tree.body:
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    self.functions[(name, node.name)] = node
                    table[node.name] = (name, node.name)
                elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                    for target in node.targets:
                        if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                            self.constants[(name, target.id)] = node.value.value
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module:
                    for alias in node.names:
                        local = alias.asname or alias.name
                        if alias.name in ERRORS and node.module.startswith("arbiter.core"):
                            table[local] = ("<error>", alias.name)
                        elif node.module == package:
                            table[local] = ("<module>", alias.name)
                        elif node.module.startswith(package + "."):
                            table[local] = (node.module.rsplit(".", 1)[1], alias.name)
            self.names[name] = table

    def target(self, module: str, func: ast.expr) -> tuple[str, str] | None:
        """What a call's function refers to: an error class, or a function of the package."""
        if isinstance(func, ast.Name):
            return self.names[module].get(func.id)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            owner = self.names[module].get(func.value.id)
            if owner is not None and owner[0] == "<module>":
                return (owner[1], func.attr)
        return None

    def constant(self, module: str, name: str) -> str | None:
        if (module, name) in self.constants:
            return self.constants[(module, name)]
        imported = self.names[module].get(name)
        return None if imported is None else self.constants.get(imported)

    def templates(self, module: str, fn: Function | None, node: ast.expr) -> list[Template] | None:
        """The code templates an expression can give; ``None`` when it cannot be read."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [(node.value,)]
        if isinstance(node, ast.Name):
            if node.id in parameters(fn):
                return [((node.id,),)]
            value = self.constant(module, node.id)
            return None if value is None else [(value,)]
        if self.self_id and ast.unparse(node) == "self.id":
            return [(self.self_id,)]
        if isinstance(node, ast.IfExp):
            body = self.templates(module, fn, node.body)
            orelse = self.templates(module, fn, node.orelse)
            return None if body is None or orelse is None else body + orelse
        if isinstance(node, ast.JoinedStr):
            out: list[Template] = [()]
            for part in node.values:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    out = [(*t, part.value) for t in out]
                    continue
                if not isinstance(part, ast.FormattedValue) or part.format_spec is not None:
                    return None
                inner = self.templates(module, fn, part.value)
                if inner is None:
                    return None
                out = [t + i for t in out for i in inner]
            return out
        return None


def parameters(fn: Function | None) -> list[str]:
    if fn is None:
        return []
    args = fn.args
    return [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]


def argument(call: ast.Call, fn: Function, name: str) -> ast.expr | None:
    """The expression a call passes for parameter ``name`` of ``fn`` (its default if none)."""
    for keyword in call.keywords:
        if keyword.arg == name:
            return keyword.value
    args = fn.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if name in positional:
        index = positional.index(name)
        if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args):
            return call.args[index]
        first_default = len(positional) - len(args.defaults)
        return args.defaults[index - first_default] if index >= first_default else None
    for kwonly, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        if kwonly.arg == name:
            return default
    return None


def calls(tree: ast.AST, fn: Function | None = None) -> Iterator[tuple[Function | None, ast.Call]]:
    """Every call with the function it is written in (``None``: module level)."""
    for child in ast.iter_child_nodes(tree):
        inner = child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else fn
        if isinstance(child, ast.Call):
            yield fn, child
        yield from calls(child, inner)


def raised_codes(package: str, *, self_id: str = "", folder: Path | None = None) -> Found:
    """Every code the package's source can raise (see the module docstring); ``folder`` reads
    the package's modules from there instead of importing it."""
    pkg = Package(package, self_id=self_id, folder=folder)
    found = Found()
    wrappers: dict[tuple[str, str], set[tuple[str, Template]]] = {}

    def where(module: str, call: ast.Call) -> str:
        return f"{package}.{module}:{call.lineno}: {ast.unparse(call)[:100]}"

    def record(
        module: str, fn: Function | None, call: ast.Call, kind: str, ts: list[Template]
    ) -> bool:
        grew = False
        for template in ts:
            if all(isinstance(part, str) for part in template):
                found.codes.setdefault("".join(str(p) for p in template), set()).add(kind)
            elif fn is not None and (module, fn.name) in pkg.functions:
                known = wrappers.setdefault((module, fn.name), set())
                grew |= (kind, template) not in known
                known.add((kind, template))
            else:  # a parameter of a nested function or a method: not followed
                found.unresolved.add(where(module, call))
        return grew

    first, grew = True, True
    while grew:
        grew = False
        for module, tree in pkg.trees.items():
            for fn, call in calls(tree):
                target = pkg.target(module, call.func)
                if target is None:
                    continue
                if target[0] == "<error>":
                    if not first:
                        continue
                    code = call.args[0] if call.args else None
                    code = next((k.value for k in call.keywords if k.arg == "code"), code)
                    ts = None if code is None else pkg.templates(module, fn, code)
                    if ts is None:
                        found.unresolved.add(where(module, call))
                        continue
                    grew |= record(module, fn, call, target[1], ts)
                    continue
                for kind, template in sorted(wrappers.get(target, ())):
                    resolved: list[Template] | None = [()]
                    for part in template:
                        if isinstance(part, str):
                            resolved = [(*r, part) for r in resolved or ()]
                            continue
                        given = argument(call, pkg.functions[target], part[0])
                        values = None if given is None else pkg.templates(module, fn, given)
                        if values is None:
                            found.unresolved.add(where(module, call))
                            resolved = None
                            break
                        resolved = [r + v for r in resolved or () for v in values]
                    if resolved is not None:
                        grew |= record(module, fn, call, kind, resolved)
        first = False
    return found


def rulebook_problems(codes: tuple[RuleCode, ...], rulebook: Path) -> list[str]:
    """Sections that are not headings of the rulebook, paragraphs that are not in its text."""
    text = rulebook.read_text()
    headings = {line.strip().rstrip(":").strip() for line in text.splitlines()}
    problems = []
    for entry in codes:
        if entry.section not in headings:
            problems.append(f"{entry.code}: {entry.section!r} is not a heading of the rulebook")
        if entry.paragraph and entry.paragraph not in text:
            problems.append(f"{entry.code}: {entry.paragraph!r} is not in the rulebook")
    return problems


def listing_problems(game: AnyGame, package: str) -> list[str]:
    """How the game's list of rule codes differs from what its source and the core raise."""
    listed = {entry.code: entry for entry in game.rule_codes()}
    counts = Counter(entry.code for entry in game.rule_codes())
    problems = [f"listed twice: {code}" for code, n in sorted(counts.items()) if n > 1]
    found = raised_codes(package)
    core = raised_codes("arbiter.core", self_id=game.id)
    problems += [f"cannot read the code of {where}" for where in sorted(found.unresolved)]
    raised = dict(found.codes)
    for code, errors in core.codes.items():
        raised.setdefault(code, set()).update(errors)
    assert {f"{game.id}.{rule}" for rule in CORE_RULES} <= set(core.codes)
    for code, errors in sorted(raised.items()):
        entry = listed.get(code)
        if entry is None:
            problems.append(f"raised but not listed: {code}")
        elif not any(entry.kind in ERRORS[error] for error in errors):
            problems.append(f"{code}: kind {entry.kind!r} but raised by {sorted(errors)}")
    problems += [f"listed but never raised: {code}" for code in sorted(set(listed) - set(raised))]
    for entry in listed.values():
        if not entry.code.startswith(game.id + "."):
            problems.append(f"{entry.code}: not a code of {game.id}")
        text = entry.description
        if not text or "\n" in text or not text.endswith("."):
            problems.append(f"{entry.code}: the description is not one sentence on one line")
    return problems


GAME = Scythe()


def test_every_code_scythe_raises_is_listed_and_nothing_else() -> None:
    problems = listing_problems(GAME, "arbiter.games.scythe")
    assert not problems, "\n".join(problems)


def test_the_scanner_finds_codes_built_by_wrappers_and_defaults() -> None:
    codes = raised_codes("arbiter.games.scythe").codes
    assert codes["scythe.move.river_crossing"] == {"IllegalMove"}  # refuse("move....", ...)
    assert codes["scythe.state.task_seat"] == {"InvalidState"}  # _seat(..., code="task_seat")
    assert codes["scythe.state.seat"] == {"InvalidState"}  # _seat(..., "seat") -> _err(code, ...)
    assert codes["scythe.invalid_content"] == {"InvalidState"}  # a literal code


def test_codes_the_scanner_cannot_read_are_reported(tmp_path: Path) -> None:
    (tmp_path / "common.py").write_text(
        "from arbiter.core import IllegalMove\n"
        'NS = "toy"\n'
        "def refuse(code, message):\n"
        '    return IllegalMove(f"{NS}.{code}", message)\n'
    )
    (tmp_path / "rules.py").write_text(
        "from arbiter.core import InvalidState\n"
        "from toy.common import refuse\n"
        "def a(late):\n"
        '    return refuse("move.late" if late else "move.early", "")\n'
        "def b(kind):\n"
        '    name = f"move.{kind}"\n'
        '    return refuse(name, "")\n'
        "def c(table, kind):\n"
        '    raise InvalidState(table[kind], "")\n'
    )
    found = raised_codes("toy", folder=tmp_path)
    assert found.codes == {"toy.move.late": {"IllegalMove"}, "toy.move.early": {"IllegalMove"}}
    assert [u.split(":")[0] for u in sorted(found.unresolved)] == ["toy.rules", "toy.rules"]


def test_the_sections_are_printed_in_the_rulebook() -> None:
    problems = rulebook_problems(GAME.rule_codes(), rulebook("scythe.ru.txt"))
    assert not problems, "\n".join(problems)
