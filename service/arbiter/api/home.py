"""The small human pages: ``/`` (what this service is, where its docs are) and ``/problems/<code>``
(what a problem code means; the ``type`` URI of every problem document points there).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse

from arbiter.api.problems import CODES
from arbiter.core import GameInfo

_STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; }
code, pre { font: 14px ui-monospace, monospace; background: #f4f4f4; }
pre { padding: .75rem; overflow-x: auto; }
td, th { text-align: left; padding: .2rem .8rem .2rem 0; vertical-align: top; }
"""

README = "README.md"


def _page(title: str, body: str) -> str:
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<meta name=viewport content='width=device-width'><title>{escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body>{body}</body></html>"
    )


def home_page(games: list[GameInfo], version: str) -> str:
    rows = "".join(
        f"<tr><td><code>{escape(g.id)}</code></td><td>{escape(g.title)}</td>"
        f"<td>{g.min_players}&ndash;{g.max_players}</td><td>{escape(g.rules_version)}</td></tr>"
        for g in games
    )
    table = (
        f"<table><tr><th>id</th><th>game</th><th>players</th><th>rules</th></tr>{rows}</table>"
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
<h2>Documentation</h2>
<ul>
<li><a href="/openapi.json">/openapi.json</a> &mdash; the REST API (OpenAPI 3.1), generated from
the code; start with <code>POST /v1/games/{{game}}/states</code>.</li>
<li><a href="/graphql">/graphql</a> &mdash; the same operations in GraphQL (GraphiQL in a
browser).</li>
<li><a href="/v1/games">/v1/games</a> &mdash; the games' fact sheets.</li>
<li>The project's {README}: sections <em>HTTP API</em> (open and sealed games, state handles,
chance, replay, content packs), <em>Two commands</em> and <em>Layout</em>; the settings are listed
in <code>arbiter/api/settings.py</code>.</li>
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
    return _page("Arbiter", body)


def problem_page(code: str) -> str:
    known = CODES.get(code)
    if known is not None:
        text = (
            f"<p><strong>{escape(known.title)}</strong> (HTTP {known.status})</p>"
            f"<p>{escape(known.description)}</p>"
        )
    elif "." in code:
        game, _, rule = code.partition(".")
        text = (
            f"<p>A rule code of the game <code>{escape(game)}</code>: "
            f"<code>{escape(rule)}</code>. The problem's <code>detail</code> says what the rule "
            "refused; see that game's rulebook.</p>"
        )
    else:
        text = "<p>This is not a problem code of this service.</p>"
    listing = "".join(
        f"<tr><td><a href='/problems/{c}'><code>{c}</code></a></td><td>{p.status}</td>"
        f"<td>{escape(p.title)}</td></tr>"
        for c, p in sorted(CODES.items())
    )
    body = (
        f"<h1>Problem <code>{escape(code)}</code></h1>{text}"
        f"<h2>The service's own codes</h2><table>{listing}</table>"
        "<p><a href='/'>Arbiter</a></p>"
    )
    return _page(f"Problem {code}", body)


Endpoint = Callable[[Request], Awaitable[HTMLResponse]]


def routes_html(games: list[GameInfo], version: str) -> tuple[Endpoint, Endpoint]:
    """The two page endpoints: ``/`` and ``/problems/{code}``."""
    home = home_page(games, version)

    async def index(request: Request) -> HTMLResponse:
        return HTMLResponse(home)

    async def problem(request: Request) -> HTMLResponse:
        code = request.path_params["code"]
        status = 200 if code in CODES or "." in code else 404
        return HTMLResponse(problem_page(code), status)

    return index, problem
