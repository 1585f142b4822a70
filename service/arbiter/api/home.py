"""The small human pages: ``/`` (what this service is, where its docs are) and ``/problems/<code>``
(what a problem code means; the ``type`` URI of every problem document points there).

A game's rule code (``scythe.move.river_crossing``) gets its own page when the game lists it
(:meth:`arbiter.core.Game.rule_codes`): what it refuses, the rulebook section it enforces, and a
link to the game's reference (``/docs/games/<game>``, :mod:`arbiter.api.docs`). A code of a game
that lists its codes but not this one is a 404, like a code nobody issues; a game that lists none
keeps the generic page. Every text is escaped: codes come from the request path.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse

from arbiter.api.problems import CODES
from arbiter.core import GameInfo, Registry, RuleCode

_STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; }
code, pre { font: 14px ui-monospace, monospace; background: #f4f4f4; }
pre { padding: .75rem; overflow-x: auto; }
td, th { text-align: left; padding: .2rem .8rem .2rem 0; vertical-align: top; }
body.wide { max-width: 72rem; }
table.list { border-collapse: collapse; }
table.list td, table.list th { border-bottom: 1px solid #ddd; padding: .3rem .8rem .3rem 0; }
"""

README = "README.md"


def page(title: str, body: str, *, wide: bool = False) -> str:
    """A self-contained HTML page (its own style, no script): ``body`` is HTML already escaped."""
    attrs = " class=wide" if wide else ""
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<meta name=viewport content='width=device-width'><title>{escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body{attrs}>{body}</body></html>"
    )


def home_page(games: list[GameInfo], version: str) -> str:
    rows = "".join(
        f"<tr><td><code>{escape(g.id)}</code></td><td>{escape(g.title)}</td>"
        f"<td>{g.min_players}&ndash;{g.max_players}</td><td>{escape(g.rules_version)}</td>"
        f"<td><a href='{escape(doc_path(g.id))}'>reference</a></td></tr>"
        for g in games
    )
    table = (
        "<table><tr><th>id</th><th>game</th><th>players</th><th>rules</th><th></th></tr>"
        f"{rows}</table>"
        if games
        else "<p>No game is registered yet.</p>"
    )
    body = f"""
<h1>Arbiter</h1>
<p>Rules as a service for tabletop board games (version {escape(version)}). Send a state and a
move: Arbiter checks the move against the rulebook, applies it, and answers with the next state,
what happened, and every legal follow-up move. Refusals carry a stable rule code.</p>
<h2>Games</h2>
{table}
<p><a href="/play">Play a game in the playground</a> &mdash; every game, open or sealed, chance
drawn or supplied by hand, through the REST API.</p>
<h2>Documentation</h2>
<ul>
<li><a href="/docs">/docs</a> (Swagger UI) and <a href="/openapi.json">/openapi.json</a> &mdash;
the REST API (OpenAPI 3.1), generated from the code; start with
<code>POST /v1/games/{{game}}/states</code>.</li>
<li><a href="/graphql">/graphql</a> &mdash; the same operations in GraphQL (GraphiQL in a
browser), and the <code>tableUpdates</code> subscription over WebSocket.</li>
<li>Live tables: <code>GET /v1/games/{{game}}/tables/&lt;handle&gt;/events</code> streams a sealed
game's changes to each handle as its holder may see them (Server-Sent Events);
<code>POST /v1/games/{{game}}/spectators</code> gives a spectator's handle.</li>
<li><a href="/v1/games">/v1/games</a> &mdash; the games' fact sheets;
<code>/docs/games/&lt;game&gt;</code> &mdash; each game's reference (linked above): options, every
move and event type with an example, every rule code with its rulebook section, the state and view
layout, and the positions it takes from a real table.</li>
<li>The project's {README}: sections <em>HTTP API</em> (open and sealed games, state handles,
chance, replay, game records, positions from a real table, content packs), <em>Two commands</em>
and <em>Layout</em>; the
settings are listed in <code>arbiter/api/settings.py</code>.</li>
<li><a href="/problems/illegal_move">/problems/&lt;code&gt;</a> &mdash; what each problem code
means.</li>
<li><a href="/healthz">/healthz</a>, <a href="/readyz">/readyz</a>,
<a href="/metrics">/metrics</a> &mdash; liveness, readiness, Prometheus metrics.</li>
</ul>
<h2>Try it</h2>
<pre>curl -s localhost:8000/v1/games/GAME/states -H 'content-type: application/json' -d '{{"players": 2, "seed": 1}}'</pre>
<p><code>POST /v1/echo</code> is a diagnostic endpoint: it answers the request body unchanged and
serves only to measure the HTTP stack's own cost.</p>
"""
    return page("Arbiter", body)


#: The rule codes of the registered games: code -> (the game's fact sheet, the code's entry).
RuleBook = Mapping[str, tuple[GameInfo, RuleCode]]

#: What each kind of rule code is refused as.
KIND_TITLES = {
    "move": "Illegal move (HTTP 422)",
    "state": "Invalid state (HTTP 422): a submitted state breaks an invariant",
    "content": "Invalid content pack: the pack cannot be played",
    "position": "Invalid position (HTTP 422): what the table shows cannot happen",
}


def doc_path(game_id: str) -> str:
    """Where a game's reference is served."""
    return f"/docs/games/{game_id}"


def code_anchor(code: str) -> str:
    """The fragment of a rule code's row on its game's reference page."""
    return f"code-{code}"


def rule_book(registry: Registry) -> dict[str, tuple[GameInfo, RuleCode]]:
    """Every rule code the registered games list, with the game listing it."""
    book: dict[str, tuple[GameInfo, RuleCode]] = {}
    for game in registry:
        info = game.info()
        for entry in game.rule_codes():
            book[entry.code] = (info, entry)
    return book


def problem_page(code: str, rules: RuleBook | None = None) -> tuple[str, int]:
    """The page of a problem code and its status: 200 for a code this service or a game issues."""
    rules = rules or {}
    known = CODES.get(code)
    rule = rules.get(code)
    listing_games = {info.id: info for info, _ in rules.values()}
    game, _, rest = code.partition(".")
    status = 200
    if known is not None:
        text = (
            f"<p><strong>{escape(known.title)}</strong> (HTTP {known.status})</p>"
            f"<p>{escape(known.description)}</p>"
        )
    elif rule is not None:
        info, entry = rule
        where = f"«{escape(entry.section)}»"
        if entry.paragraph:
            where += f", paragraph «{escape(entry.paragraph)}»"
        reference = f"{doc_path(info.id)}#{code_anchor(entry.code)}"
        text = (
            f"<p>A rule code of <a href='{escape(doc_path(info.id))}'>{escape(info.title)}</a>: "
            f"<strong>{escape(KIND_TITLES.get(entry.kind, entry.kind))}</strong>.</p>"
            f"<p>{escape(entry.description)}</p>"
            f"<p>Rulebook section: {where}.</p>"
            "<p>The problem's <code>detail</code> says what was refused this time. "
            f"<a href='{escape(reference)}'>All of the game's rule codes</a>.</p>"
        )
    elif game in listing_games and rest:
        info = listing_games[game]
        status = 404
        text = (
            f"<p>{escape(info.title)} issues no such rule code; "
            f"<a href='{escape(doc_path(info.id))}#rule-codes'>its rule codes</a> are listed in "
            "its reference.</p>"
        )
    elif rest:
        text = (
            f"<p>A rule code of the game <code>{escape(game)}</code>: "
            f"<code>{escape(rest)}</code>. The problem's <code>detail</code> says what the rule "
            "refused; see that game's rulebook.</p>"
        )
    else:
        status = 404
        text = "<p>This is not a problem code of this service.</p>"
    listing = "".join(
        f"<tr><td><a href='/problems/{c}'><code>{c}</code></a></td><td>{p.status}</td>"
        f"<td>{escape(p.title)}</td></tr>"
        for c, p in sorted(CODES.items())
    )
    games = "".join(
        f"<li><a href='{escape(doc_path(info.id))}#rule-codes'>{escape(info.title)}</a></li>"
        for info in listing_games.values()
    )
    body = (
        f"<h1>Problem <code>{escape(code)}</code></h1>{text}"
        f"<h2>The service's own codes</h2><table>{listing}</table>"
        + (f"<h2>The games' rule codes</h2><ul>{games}</ul>" if games else "")
        + "<p><a href='/'>Arbiter</a></p>"
    )
    return page(f"Problem {code}", body), status


Endpoint = Callable[[Request], Awaitable[HTMLResponse]]


def routes_html(
    games: list[GameInfo], version: str, registry: Registry | None = None
) -> tuple[Endpoint, Endpoint]:
    """The two page endpoints: ``/`` and ``/problems/{code}`` (the rule codes of ``registry``'s
    games get pages of their own)."""
    home = home_page(games, version)
    rules = rule_book(registry) if registry is not None else {}

    async def index(request: Request) -> HTMLResponse:
        return HTMLResponse(home)

    async def problem(request: Request) -> HTMLResponse:
        text, status = problem_page(request.path_params["code"], rules)
        return HTMLResponse(text, status)

    return index, problem
