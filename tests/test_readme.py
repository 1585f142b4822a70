"""The README's examples, run against a live ``arbiter serve``: what a reader copies must work.

Every ```sh block of ``README.md`` is a script, and so is every one of the games' references
(``docs/games/<game>.md``: their table recipes, :mod:`arbiter.core.recipes`). Its ``curl`` commands run in order against one
``arbiter serve`` on a free loopback port (``localhost:8000`` is rewritten to it); ``make ...``
lines are not run (they build and serve the project itself); anything else fails the test, so no
example escapes it. The commands are parsed here and sent with :mod:`urllib` (``curl -s URL
[-X METHOD] [-H 'name: value']... [-d 'body']``): the test needs no ``curl`` binary.

The README's convention ("Reading the examples"), as checked here:

* the comment right under a command is its answer: ``# <status> <JSON>``; a long answer goes on
  over the next comment lines until its brackets close, and a line break inside a string stands
  for one space;
* in that JSON, ``...`` as an item of an array means "more items" (without it the array has
  exactly the items shown); ``{...}`` and ``[...]`` (with any words between the dots, e.g.
  ``{...the public view...}``) stand for any object or array; an object may carry members it does
  not show (``...`` among its members is for the reader only); every other value is literal and
  must be equal;
* a placeholder ``<NAME>`` in an answer matches whatever stands there (``"<NAME>"`` any string,
  a bare ``<NAME>`` any JSON value) and binds ``NAME`` to it, for the rest of the block; a name
  met again must carry the same value;
* in a command, ``"<NAME>"`` becomes the bound value as JSON and a bare ``<NAME>`` its text (a
  string as is, anything else as JSON); a name no earlier answer of the block bound fails.

The examples give their seeds, so everything but ids and handles is the same on every run.
"""

from __future__ import annotations

import json
import re
import shlex
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeAlias

import pytest

from tests.api.test_server_timeouts import start_serve, wait_until_healthy

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
#: The games' references: their table recipes are scripts too.
REFERENCES = sorted((ROOT / "docs" / "games").glob("*.md"))
EXAMPLE_HOST = "localhost:8000"
SKIPPED = ("make ",)  # builds and serves the project: not an example of the API


# --------------------------------------------------------------------------------------------
# Answer patterns: JSON with ``...`` and placeholders
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bind:
    """A placeholder: matches any string (``"<NAME>"``) or any value (``<NAME>``) and binds it."""

    name: str
    string: bool


@dataclass(frozen=True)
class AnyOf:
    """``{...}`` or ``[...]``: any object or any array."""

    kind: type


@dataclass(frozen=True)
class Obj:
    """An object showing these members (it may carry more)."""

    members: tuple[tuple[str, Pattern], ...]


@dataclass(frozen=True)
class Arr:
    """An array with these first items: exactly these unless ``more`` (a trailing ``...``)."""

    items: tuple[Pattern, ...]
    more: bool


Pattern: TypeAlias = Bind | AnyOf | Obj | Arr | str | int | float | bool | None

_PLACEHOLDER = re.compile(r"<([^<>\n]+)>")
_ELLIPSIS = "..."
_scan = json.JSONDecoder().raw_decode


class _Parser:
    """A recursive descent over one answer's text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self, what: str) -> AssertionError:
        return AssertionError(f"{what} at {self.at} of the answer {self.text!r}")

    def skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1

    def peek(self, token: str) -> bool:
        self.skip()
        return self.text.startswith(token, self.at)

    def take(self, token: str) -> None:
        if not self.peek(token):
            raise self.fail(f"expected {token!r}")
        self.at += len(token)

    def whole(self) -> Pattern:
        pattern = self.value()
        self.skip()
        if self.at != len(self.text):
            raise self.fail("unexpected text after the answer")
        return pattern

    def value(self) -> Pattern:
        self.skip()
        for opening, closing, kind in (("{", "}", dict), ("[", "]", list)):
            if self.text.startswith(opening + _ELLIPSIS, self.at):
                # {...} or {...words...}: any object (any array for [...]).
                end = self.text.find(_ELLIPSIS + closing, self.at + 1)
                if end < 0:
                    raise self.fail(f"{opening}... without ...{closing}")
                self.at = end + len(_ELLIPSIS + closing)
                return AnyOf(kind)
        if self.peek("{"):
            return self.object()
        if self.peek("["):
            return self.array()
        if self.peek("<"):
            found = _PLACEHOLDER.match(self.text, self.at)
            if found is None:
                raise self.fail("a placeholder without its >")
            self.at = found.end()
            return Bind(found.group(1), string=False)
        try:
            literal, self.at = _scan(self.text, self.at)
        except json.JSONDecodeError as error:
            raise self.fail(f"not a JSON value ({error.msg})") from None
        if isinstance(literal, str) and (bound := _PLACEHOLDER.fullmatch(literal)):
            return Bind(bound.group(1), string=True)
        assert not isinstance(literal, (dict, list))
        pattern: Pattern = literal
        return pattern

    def object(self) -> Obj:
        self.take("{")
        members: list[tuple[str, Pattern]] = []
        while not self.peek("}"):
            if self.peek(_ELLIPSIS):
                self.at += len(_ELLIPSIS)
            else:
                self.skip()
                key, self.at = _scan(self.text, self.at)
                if not isinstance(key, str):
                    raise self.fail("a member name must be a string")
                self.take(":")
                members.append((key, self.value()))
            if not self.peek("}"):
                self.take(",")
        self.take("}")
        return Obj(tuple(members))

    def array(self) -> Arr:
        self.take("[")
        items: list[Pattern] = []
        more = False
        while not self.peek("]"):
            if more:
                raise self.fail("... must be the last item of an array")
            if self.peek(_ELLIPSIS):
                self.at += len(_ELLIPSIS)
                more = True
            else:
                items.append(self.value())
            if not self.peek("]"):
                self.take(",")
        self.take("]")
        return Arr(tuple(items), more)


def parse_answer(text: str) -> Pattern:
    """The pattern of an answer's JSON (the text after its status)."""
    return _Parser(text).whole()


def match(pattern: Pattern, value: Any, bound: dict[str, Any], where: str = "") -> None:
    """Assert ``value`` fits ``pattern``; binds the placeholders it meets into ``bound``."""
    here = where or "/"
    if isinstance(pattern, Bind):
        if pattern.string:
            assert isinstance(value, str), f"{here}: <{pattern.name}> is a string, got {value!r}"
        if pattern.name in bound:
            assert bound[pattern.name] == value, f"{here}: <{pattern.name}> changed"
        bound[pattern.name] = value
    elif isinstance(pattern, AnyOf):
        assert isinstance(value, pattern.kind), f"{here}: not a {pattern.kind.__name__}: {value!r}"
    elif isinstance(pattern, Obj):
        assert isinstance(value, dict), f"{here}: not an object: {value!r}"
        for key, member in pattern.members:
            assert key in value, f"{here}: no member {key!r} in {sorted(value)}"
            match(member, value[key], bound, f"{where}/{key}")
    elif isinstance(pattern, Arr):
        assert isinstance(value, list), f"{here}: not an array: {value!r}"
        if pattern.more:
            assert len(value) >= len(pattern.items), f"{here}: {len(value)} items"
        else:
            assert len(value) == len(pattern.items), f"{here}: {len(value)} items: {value!r}"
        for index, item in enumerate(pattern.items):
            match(item, value[index], bound, f"{where}/{index}")
    else:
        assert value == pattern and type(value) is type(pattern), (
            f"{here}: {value!r}, the README says {pattern!r}"
        )


# --------------------------------------------------------------------------------------------
# The blocks and their commands
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One ``curl`` command of a block and the answer written under it."""

    line: int  # of its file, 1-based, where the command starts
    argv: tuple[str, ...]
    status: int
    answer: Pattern
    source: str = "README.md"


@dataclass(frozen=True)
class Block:
    line: int  # of its file, where the block's first line is
    lines: tuple[str, ...]
    source: str = "README.md"  # its file, relative to the repository


def sh_blocks(text: str, source: str = "README.md") -> list[Block]:
    """Every ```sh block of a Markdown text (of the file ``source``)."""
    blocks: list[Block] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```sh":
            end = lines.index("```", index + 1)
            blocks.append(Block(index + 2, tuple(lines[index + 1 : end]), source))
            index = end
        index += 1
    return blocks


def _command(lines: tuple[str, ...], start: int) -> tuple[list[str], int]:
    """The words of the command starting at ``lines[start]``, and the index after its last line.

    A line ending in a backslash goes on; so does a quoted string left open (a body over lines).
    """
    text = ""
    index = start
    while index < len(lines):
        line = lines[index]
        index += 1
        if line.endswith("\\"):
            text += line[:-1] + " "
            continue
        text += line
        try:
            return shlex.split(text, comments=True), index
        except ValueError:  # a quotation still open
            text += "\n"
    raise AssertionError(f"a command of README.md never ends: {text[:60]!r}")


def _balanced(text: str) -> bool:
    """Whether every bracket opened in ``text`` (outside its strings) is closed."""
    depth = 0
    quoted = False
    escaped = False
    for char in text:
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
    return depth == 0 and not quoted


_STATUS = re.compile(r"#\s*(\d{3})\s+(.*)")


def _answer(lines: tuple[str, ...], start: int, where: str) -> tuple[int, Pattern, int]:
    """The status and pattern of the answer comment at ``lines[start]``; the index after it."""
    found = _STATUS.fullmatch(lines[start].strip()) if start < len(lines) else None
    assert found, f"{where}: no '# <status> <JSON>' answer right under the command"
    text = found.group(2)
    index = start + 1
    while not _balanced(text):
        assert index < len(lines) and lines[index].lstrip().startswith("#"), (
            f"{where}: the answer's brackets never close"
        )
        # A wrapped line: its break is one space (inside a string as well as between tokens).
        text = text.rstrip() + " " + lines[index].lstrip()[1:].strip()
        index += 1
    return int(found.group(1)), parse_answer(text), index


def steps(block: Block) -> list[Step]:
    """The ``curl`` commands of a block, each with its answer; other commands are refused."""
    found: list[Step] = []
    index = 0
    lines = block.lines
    while index < len(lines):
        line = lines[index].strip()
        number = block.line + index
        where = f"{block.source}:{number}"
        if not line or line.startswith("#") or line.startswith(SKIPPED):
            index += 1
            continue
        assert line.startswith("curl "), f"{where}: not a curl command: {line!r}"
        argv, index = _command(lines, index)
        status, answer, index = _answer(lines, index, where)
        found.append(Step(number, tuple(argv), status, answer, block.source))
    return found


# --------------------------------------------------------------------------------------------
# Running them
# --------------------------------------------------------------------------------------------


def substitute(word: str, bound: dict[str, Any], where: str) -> str:
    """``word`` with its placeholders replaced by the values bound to them."""

    def value(name: str) -> Any:
        assert name in bound, f"{where}: <{name}> is not in an earlier answer of this block"
        return bound[name]

    word = re.sub(r'"<([^<>\n]+)>"', lambda m: json.dumps(value(m.group(1))), word)

    def text(found: re.Match[str]) -> str:
        bound_value = value(found.group(1))
        return bound_value if isinstance(bound_value, str) else json.dumps(bound_value)

    return _PLACEHOLDER.sub(text, word)


def request(argv: tuple[str, ...], base: str) -> urllib.request.Request:
    """The request a ``curl -s URL [-X M] [-H 'h: v']... [-d BODY]`` command sends."""
    assert argv[0] == "curl", argv
    url = method = data = None
    headers: dict[str, str] = {}
    words = iter(argv[1:])
    for word in words:
        if word in ("-s", "--silent"):
            continue
        if word in ("-H", "--header"):
            name, _, header = next(words).partition(":")
            headers[name.strip()] = header.strip()
        elif word in ("-d", "--data", "--data-raw"):
            data = next(words).encode()
        elif word in ("-X", "--request"):
            method = next(words)
        else:
            assert not word.startswith("-"), f"a curl option this test does not know: {word}"
            assert url is None, f"two URLs: {url}, {word}"
            url = word
    assert url is not None, argv
    url = url.removeprefix("http://")
    assert url.startswith(EXAMPLE_HOST + "/"), f"an example must call {EXAMPLE_HOST}: {url}"
    target = base + url.removeprefix(EXAMPLE_HOST)
    return urllib.request.Request(target, data=data, headers=headers, method=method)


def send(prepared: urllib.request.Request) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(prepared, timeout=30) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    try:
        return status, json.loads(body)
    except ValueError:
        return status, body.decode(errors="replace")


BLOCKS = sh_blocks(README.read_text(encoding="utf-8"))
RECIPES = [
    block
    for path in REFERENCES
    for block in sh_blocks(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``arbiter serve`` (development, in-process store) on a free loopback port."""
    directory = tmp_path_factory.mktemp("readme")
    process, port = start_serve(directory)
    try:
        wait_until_healthy(process, port, directory)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_readme_has_examples_and_every_curl_command_has_its_answer() -> None:
    commands = [step for block in BLOCKS for step in steps(block)]
    assert len(BLOCKS) >= 4 and len(commands) >= 10
    assert all(step.argv[0] == "curl" for step in commands)


def test_every_games_reference_has_table_recipes_to_run() -> None:
    """Each game's reference shows its table recipes as scripts (issue #39): at least two each."""
    for path in REFERENCES:
        text = path.read_text(encoding="utf-8")
        assert "\n## Table recipes\n" in text, path
        source = path.relative_to(ROOT).as_posix()
        scripts = [block for block in RECIPES if block.source == source]
        assert len(scripts) >= 2, f"{source}: {len(scripts)} recipe scripts"
        assert all(steps(block) for block in scripts), source


@pytest.mark.parametrize(
    "block",
    BLOCKS + RECIPES,
    ids=[f"{Path(block.source).stem}-line{block.line}" for block in BLOCKS + RECIPES],
)
def test_every_example_of_the_readme_runs_as_written(block: Block, base: str) -> None:
    bound: dict[str, Any] = {}
    for step in steps(block):
        where = f"{step.source}:{step.line}"
        argv = tuple(substitute(word, bound, where) for word in step.argv)
        status, answer = send(request(argv, base))
        assert status == step.status, f"{where}: {status}, the README says {step.status}: {answer}"
        try:
            match(step.answer, answer, bound)
        except AssertionError as error:
            raise AssertionError(f"{where}: {error}") from None


def test_the_patterns_mean_what_the_readme_says() -> None:
    bound: dict[str, Any] = {}
    pattern = parse_answer(
        '{"id": "<ID>", "moves": [<MOVE>, ...], "view": {...a view...}, "n": [1], ...}'
    )
    match(pattern, {"id": "x", "moves": [{"a": 1}, 2], "view": {}, "n": [1], "more": 0}, bound)
    assert bound == {"ID": "x", "MOVE": {"a": 1}}
    for wrong in (
        {"id": 1, "moves": [1], "view": {}, "n": [1]},  # "<ID>" is a string
        {"id": "x", "moves": [], "view": {}, "n": [1]},  # a first move is shown
        {"id": "x", "moves": [1], "view": [], "n": [1]},  # {...} is an object
        {"id": "x", "moves": [1], "view": {}, "n": [1, 2]},  # no ... : exactly [1]
        {"id": "x", "moves": [1], "view": {}, "n": [True]},  # true is not 1
        {"id": "x", "moves": [1], "view": {}},  # a member shown is missing
        {"id": "y", "moves": [{"a": 1}], "view": {}, "n": [1]},  # <ID> bound to "x" already
    ):
        with pytest.raises(AssertionError):
            match(pattern, wrong, dict(bound))
    assert substitute('{"id": "<ID>", "m": <MOVE>} /s/<ID>', bound, "") == (
        '{"id": "x", "m": {"a": 1}} /s/x'
    )
    with pytest.raises(AssertionError, match="not in an earlier answer"):
        substitute("<UNBOUND>", bound, "")
