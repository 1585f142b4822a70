"""The API docs pages render offline in a real browser: Swagger UI lists every operation of
``/openapi.json`` and GraphiQL loads the schema, with nothing fetched from another site (the
``page`` fixture aborts and reports any such request)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from bench.support import Server, get

METHODS = {"get", "put", "post", "delete", "patch", "head", "options"}


def test_swagger_ui_lists_every_operation(page: Page, server: Server, output: Path) -> None:
    document = get(f"{server.base}/openapi.json")
    operations = sum(
        1 for item in document["paths"].values() for method in item if method in METHODS
    )
    page.goto(f"{server.base}/docs")
    page.wait_for_function(f"() => document.querySelectorAll('.opblock').length === {operations}")
    summaries = page.locator(".opblock-summary-path").all_text_contents()
    assert any(text.replace("\u200b", "") == "/v1/games/{game}/moves" for text in summaries)
    page.screenshot(path=str(output / "docs.png"))


def test_graphiql_loads_the_schema(page: Page, server: Server, output: Path) -> None:
    page.goto(f"{server.base}/graphql")
    page.wait_for_selector(".graphiql-container")
    assert "query Games" in page.locator(".graphiql-query-editor").inner_text()
    page.get_by_label("Show Documentation Explorer").click()
    page.wait_for_selector(".graphiql-doc-explorer")
    page.get_by_text("Mutation", exact=True).first.click()  # the root type of the mutations
    page.wait_for_selector(".graphiql-doc-explorer-field-name >> text=applyMove")
    page.screenshot(path=str(output / "graphiql.png"))
