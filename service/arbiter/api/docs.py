"""The games' reference pages: ``GET /docs/games/{game}`` serves :func:`arbiter.docs.reference`
as one self-contained HTML page (its own style, no script, nothing from another site), the same
content as the checked-in ``docs/games/<game>.md``. Every text is escaped: docstrings, examples and
rulebook quotes are data, not markup.

The first request for a game builds its reference: a second or two of play for the examples. It
runs in slices of :data:`~arbiter.api.long_tasks.SLICE` like a replay, so the event loop keeps
answering health probes and other requests meanwhile; requests arriving during the build wait for
it instead of starting their own; the page is then kept for the life of the process (a few
hundred kilobytes a game).
"""

from __future__ import annotations

import asyncio
import re
import time
from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from arbiter import docs
from arbiter.api.home import code_anchor, doc_path, page
from arbiter.api.long_tasks import SLICE
from arbiter.core import Registry, UnknownGame
from arbiter.core.recipes import script
from arbiter.core.registry import AnyGame

#: How often a request waiting for another one's build looks again, in seconds.
POLL = 0.01

BOLD = re.compile(r"\*\*(.+?)\*\*")
CODE_SPAN = re.compile(r"`([^`]+)`")
_NAME = re.compile(r"\b[A-Z][A-Za-z0-9]*\b")

_PAGES: dict[docs.Key, str] = {}
_BUILDING: set[docs.Key] = set()


async def reference(game: AnyGame, budget: int = docs.BUDGET) -> docs.GameDoc:
    """The game's reference, built in slices the first time (see the module docstring)."""
    key = docs.cache_key(game, budget)
    while key in _BUILDING:
        await asyncio.sleep(POLL)
    done = docs.cached(game, budget)
    if done is not None:
        return done
    _BUILDING.add(key)
    try:
        steps = docs.building(game, budget)
        deadline = time.perf_counter() + SLICE
        while True:
            try:
                next(steps)
            except StopIteration as finished:
                doc: docs.GameDoc = finished.value
                return docs.remember(game, doc, budget)
            if time.perf_counter() > deadline:
                await asyncio.sleep(0)
                deadline = time.perf_counter() + SLICE
    finally:
        _BUILDING.discard(key)


async def game_page(game: AnyGame, budget: int = docs.BUDGET) -> str:
    key = docs.cache_key(game, budget)
    html = _PAGES.get(key)
    if html is None:
        html = _PAGES[key] = render(await reference(game, budget))
    return html


def routes(registry: Registry, budget: int = docs.BUDGET) -> list[Route]:
    """``GET /docs/games/{game}``: a registered game's reference; 404 (HTML) for another id."""

    async def reference_page(request: Request) -> HTMLResponse:
        game_id = request.path_params["game"]
        try:
            game = registry.get(game_id)
        except UnknownGame:
            listed = "".join(
                f"<li><a href='{escape(doc_path(g.id))}'>{escape(g.title)}</a></li>"
                for g in registry
            )
            body = (
                f"<h1>No game <code>{escape(game_id)}</code></h1>"
                f"<p>No game is registered with this id. The games:</p><ul>{listed}</ul>"
                "<p><a href='/'>Arbiter</a></p>"
            )
            return HTMLResponse(page("Unknown game", body), 404)
        return HTMLResponse(await game_page(game, budget))

    return [Route("/docs/games/{game}", reference_page, methods=["GET"])]


# ------------------------------------------------------------------------------------- HTML


def inline(text: str) -> str:
    """Escaped text with literals (RST ````x````, Markdown ```x```) as ``<code>`` and ``**x**`` as
    ``<strong>``."""
    out = escape(text, quote=False)
    out = docs.LITERAL.sub(lambda m: f"<code>{m.group(1)}</code>", out)
    out = CODE_SPAN.sub(lambda m: f"<code>{m.group(1)}</code>", out)
    return BOLD.sub(r"<strong>\1</strong>", out)


def prose(text: str) -> str:
    parts = []
    for kind, lines in docs.blocks(text):
        if kind == "ul":
            parts.append("<ul>" + "".join(f"<li>{inline(item)}</li>" for item in lines) + "</ul>")
        else:
            parts.append(f"<p>{inline(lines[0])}</p>")
    return "".join(parts)


def code(text: str) -> str:
    return f"<code>{escape(text)}</code>"


def render(doc: docs.GameDoc) -> str:
    """A game's reference as one HTML page."""
    info = doc.info
    structs = frozenset(t.name for t in (*doc.state, *doc.view, *doc.position))
    yes = {True: "yes", False: "no"}
    facts = [
        ("id", code(info.id)),
        ("title", escape(info.title)),
        ("players", escape(docs.player_range(info))),
        ("rules version", code(info.rules_version)),
        ("chance", yes[info.chance]),
        ("simultaneous moves", yes[info.simultaneous]),
        ("hidden information", yes[info.hidden_information]),
        ("positions from a table", yes[info.positions]),
        ("default content pack", code(info.default_content_id)),
    ]
    contents = [
        ("facts", "Fact sheet"),
        ("content", "Default content pack"),
        ("options", "Options"),
        ("recipes", "Table recipes"),
        ("moves", "Moves"),
        ("events", "Events"),
        ("rule-codes", "Rule codes"),
        ("state", "State"),
        ("view", "View"),
        ("positions", "Positions"),
    ]
    out = [
        f"<h1>{escape(info.title)}: reference</h1>",
        "<p>Generated from the code (the same content as <code>docs/games/"
        f"{escape(info.id)}.md</code> in the repository). <a href='/'>Arbiter</a> &middot; "
        f"<a href='/v1/games/{escape(info.id)}'>fact sheet as JSON</a></p>",
        "<nav><ul>"
        + "".join(f"<li><a href='#{a}'>{escape(t)}</a></li>" for a, t in contents)
        + "</ul></nav>",
        "<h2 id=facts>Fact sheet</h2>",
        "<table class=list>"
        + "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in facts)
        + "</table>",
        f"<p>{escape(info.description)}</p>",
        "<h2 id=content>Default content pack</h2>",
        f"<p>{inline(docs.CONTENT_INTRO)}</p>",
        "<table class=list><tr>"
        + "".join(f"<th>{escape(h)}</th>" for h in docs.CONTENT_HEADERS)
        + "</tr>"
        + "".join(
            "<tr>" + "".join(f"<td>{inline(cell)}</td>" for cell in row) + "</tr>"
            for row in docs.content_rows(doc.content)
        )
        + "</table>",
        "<h2 id=options>Options</h2>",
    ]
    if doc.options:
        rows = "".join(
            f"<tr><td>{code(m.name)}</td><td>{code(m.type)}</td>"
            f"<td>{code(m.default or '')}</td><td>{inline(m.doc)}</td></tr>"
            for m in doc.options
        )
        out.append(
            "<table class=list><tr><th>option</th><th>type</th><th>default</th>"
            f"<th>meaning</th></tr>{rows}</table>"
        )
    else:
        out.append("<p>None.</p>")
    out += _recipes(doc)
    out += _union(doc, "move", doc.moves)
    out += _union(doc, "event", doc.events, silent=doc.silent)
    out += ["<h2 id=rule-codes>Rule codes</h2>", f"<p>{inline(docs.RULE_CODES_INTRO)}</p>"]
    for kind, title, how in docs.KINDS:
        codes = [c for c in doc.rule_codes if c.kind == kind]
        if not codes:
            continue
        rows = "".join(
            f"<tr id='{escape(code_anchor(c.code))}'><td><a href='/problems/{escape(c.code)}'>"
            f"{code(c.code)}</a></td><td>{escape(docs.section_of(c))}</td>"
            f"<td>{inline(c.description)}</td></tr>"
            for c in codes
        )
        out += [
            f"<h3>{escape(title)}</h3>",
            f"<p>Kind {code(kind)}: {escape(how)}.</p>",
            f"<table class=list><tr><th>code</th><th>{escape(docs.SECTION_HEADERS[kind])}</th>"
            f"<th>{escape(docs.DESCRIPTION_HEADERS[kind])}</th></tr>{rows}</table>",
        ]
    if not doc.rule_codes:
        out.append("<p>The game lists no rule codes.</p>")
    out += ["<h2 id=state>State</h2>", f"<p>{inline(docs.STATE_INTRO)}</p>"]
    out += [_type(t, "struct", doc.play, structs) for t in doc.state]
    out += ["<h2 id=view>View</h2>", f"<p>{inline(docs.VIEW_INTRO)}</p>"]
    out += [_type(t, "struct", doc.play, structs) for t in doc.view]
    out += _positions(doc, structs)
    return page(f"{info.title}: reference", "".join(out), wide=True)


def _recipes(doc: docs.GameDoc) -> list[str]:
    """The Table recipes section: each recipe's text and script."""
    out = ["<h2 id=recipes>Table recipes</h2>", f"<p>{inline(docs.RECIPES_INTRO)}</p>"]
    for recipe in doc.recipes:
        out += [f"<h3>{escape(recipe.title)}</h3>", prose(recipe.text)]
        if recipe.calls:
            text = "\n".join(script(recipe))
            out.append(f"<pre><code>{escape(text)}</code></pre>")
    if not doc.recipes:
        out.append("<p>The game gives no recipe yet.</p>")
    return out


def _positions(doc: docs.GameDoc, structs: frozenset[str]) -> list[str]:
    """The Positions section: the position's layout and its worked examples."""
    out = ["<h2 id=positions>Positions</h2>"]
    if not doc.position:
        return [*out, f"<p>{inline(docs.no_positions(doc.info.id))}</p>"]
    out.append(f"<p>{inline(docs.positions_intro(doc.info.id))}</p>")
    out += [_type(t, "struct", doc.play, structs) for t in doc.position]
    out.append("<h3 id=position-examples>Worked examples</h3>")
    if not doc.position_examples:
        out.append("<p>The game gives no worked example yet.</p>")
    for example in doc.position_examples:
        out.append(
            f"<h4>{escape(example.title)}</h4><pre><code>{escape(example.json)}</code></pre>"
        )
    return out


def _union(
    doc: docs.GameDoc,
    role: str,
    types: tuple[docs.TypeDoc, ...],
    silent: tuple[tuple[str, str], ...] | None = None,
) -> list[str]:
    anchor = f"{role}s"
    index = ", ".join(
        f"<a href='#{role}-{escape(t.tag or '')}'>{code(t.tag or '')}</a>" for t in types
    )
    out = [
        f"<h2 id={anchor}>{role.capitalize()}s</h2>",
        f"<p>{inline(docs.union_intro(doc, role))}</p>",
    ]
    if silent is not None:
        out.append(f"<p>{inline(docs.EVENTS_INTRO)}</p>")
        out.append(
            "<ul>" + "".join(f"<li>{code(p)}: {escape(why)}</li>" for p, why in silent) + "</ul>"
        )
    return [*out, f"<p>{index}</p>", *(_type(t, role, doc.play, frozenset()) for t in types)]


def _type(t: docs.TypeDoc, role: str, play: str, structs: frozenset[str]) -> str:
    if role == "struct":
        head = f"<h3 id='type-{escape(t.name)}'>{escape(t.name)}</h3>"
    else:
        head = f"<h3 id='{role}-{escape(t.tag or '')}'>{code(t.tag or '')} ({escape(t.name)})</h3>"
    rows = "".join(
        f"<tr><td>{code(m.name)}</td><td>{_type_name(m.type, structs)}</td>"
        f"<td>{code(m.default) if m.default else 'required'}</td></tr>"
        for m in t.members
    )
    parts = [
        head,
        prose(t.doc),
        f"<table class=list><tr><th>member</th><th>type</th><th>default</th></tr>{rows}</table>",
    ]
    if t.accounts_for:
        parts.append("<p>Accounts for: " + ", ".join(code(p) for p in t.accounts_for) + "</p>")
    if role != "struct":
        if t.example is None:
            parts.append(f"<p>No example: no game reached this {role} in {escape(play)}.</p>")
        else:
            parts.append(
                f"<p>Example, from {escape(t.example.where)}:</p>"
                f"<pre><code>{escape(t.example.json)}</code></pre>"
            )
    return "".join(parts)


def _type_name(name: str, structs: frozenset[str]) -> str:
    """A type, the names of the layout's structs linked to them."""

    def link(match: re.Match[str]) -> str:
        word = match.group(0)
        return f"<a href='#type-{word}'>{word}</a>" if word in structs else word

    return f"<code>{_NAME.sub(link, escape(name))}</code>"
