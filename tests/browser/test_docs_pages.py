"""The API docs pages render offline in a real browser: Swagger UI lists every operation -- of one
game's document first (``/docs/games/<game>/openapi.json``, a fraction of ``/openapi.json``), then
of the whole document when asked -- and GraphiQL loads the schema, with nothing fetched from
another site (the ``page`` fixture aborts and reports any such request)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, expect

from bench.support import Server, get

METHODS = {"get", "put", "post", "delete", "patch", "head", "options"}


def operation_count(document: dict[str, Any]) -> int:
    return sum(1 for item in document["paths"].values() for method in item if method in METHODS)


def test_swagger_ui_opens_one_game_document_first(page: Page, server: Server, output: Path) -> None:
    """``/docs`` reads the first game's document, not the whole one, and lists every operation
    of the API from it."""
    first = get(f"{server.base}/v1/games")["games"][0]["id"]
    alone = f"/docs/games/{first}/openapi.json"
    operations = operation_count(get(f"{server.base}{alone}"))
    assert operations == operation_count(get(f"{server.base}/openapi.json"))
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.removeprefix(server.base)))
    page.goto(f"{server.base}/docs")
    page.wait_for_function(f"() => document.querySelectorAll('.opblock').length === {operations}")
    summaries = page.locator(".opblock-summary-path").all_text_contents()
    assert any(text.replace("\u200b", "") == "/v1/games/{game}/moves" for text in summaries)
    assert alone in fetched and "/openapi.json" not in fetched
    assert page.input_value("#document") == first
    expect(page.locator("#loading")).to_have_text("")
    assert page.evaluate("() => document.body.dataset.document") == alone
    page.screenshot(path=str(output / "docs.png"))


def test_the_bar_is_usable_while_a_document_loads(page: Page, server: Server) -> None:
    """While the whole document is on its way the bar says so, and its links and list of
    documents already work; once it has come, every operation is listed from it."""
    held: list[Route] = []
    page.route(f"{server.base}/openapi.json", lambda route: held.append(route))  # held back
    page.goto(f"{server.base}/docs?game=all")
    page.wait_for_function("() => document.querySelectorAll('#document option').length > 1")
    expect(page.locator("#loading")).to_have_text("loading /openapi.json…")
    assert len(held) == 1 and page.locator(".opblock").count() == 0
    games = [game["id"] for game in get(f"{server.base}/v1/games")["games"]]
    listed = page.locator("#document option").evaluate_all(
        "(options) => options.map((o) => o.value)"
    )
    assert listed == ["all", *games]
    assert page.get_by_role("link", name="playground").get_attribute("href") == "/play"
    held[0].continue_()
    operations = operation_count(get(f"{server.base}/openapi.json"))
    page.wait_for_function(f"() => document.querySelectorAll('.opblock').length === {operations}")
    expect(page.locator("#loading")).to_have_text("")


def test_the_list_switches_to_another_document(page: Page, server: Server, output: Path) -> None:
    games = [game["id"] for game in get(f"{server.base}/v1/games")["games"]]
    page.goto(f"{server.base}/docs")
    page.wait_for_function("() => document.body.dataset.document !== undefined")
    with page.expect_navigation():
        page.select_option("#document", games[-1])
    page.wait_for_function(
        f"() => document.body.dataset.document === '/docs/games/{games[-1]}/openapi.json'"
    )
    assert page.input_value("#document") == games[-1]
    with page.expect_navigation():
        page.select_option("#document", "all")
    page.wait_for_function("() => document.body.dataset.document === '/openapi.json'")
    page.screenshot(path=str(output / "docs-all.png"))


def test_graphiql_loads_the_schema(page: Page, server: Server, output: Path) -> None:
    page.goto(f"{server.base}/graphql")
    page.wait_for_selector(".graphiql-container")
    assert "query Games" in page.locator(".graphiql-query-editor").inner_text()
    page.get_by_label("Show Documentation Explorer").click()
    page.wait_for_selector(".graphiql-doc-explorer")
    page.get_by_text("Mutation", exact=True).first.click()  # the root type of the mutations
    page.wait_for_selector(".graphiql-doc-explorer-field-name >> text=applyMove")
    page.screenshot(path=str(output / "graphiql.png"))
