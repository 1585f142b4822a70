"""A real headless Chromium driven by Playwright against a real ``arbiter serve``.

Chromium is Debian's (``chromium`` on the PATH, or the executable ``ARBITER_CHROMIUM`` names);
``make test`` installs it where it can (``scripts/system-deps.sh``). Without it the tests fail
loudly instead of skipping. Pages may load nothing but the server's own origin: any other request
is aborted and fails the test (the pages must work offline). Screenshots go to
``build/test-output/playground/``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from bench.support import Server, arbiter_server

OUTPUT = Path(__file__).resolve().parents[2] / "build" / "test-output" / "playground"


def chromium() -> str:
    found = (
        os.environ.get("ARBITER_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    if not found:
        pytest.fail(
            "no Chromium: install Debian's chromium (apt-get install -y chromium; make test "
            "does it as root) or name an executable in ARBITER_CHROMIUM",
            pytrace=False,
        )
    return found


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    with arbiter_server() as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=chromium(), headless=True, args=["--no-sandbox"]
        )
        yield launched
        launched.close()


@pytest.fixture
def output() -> Path:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:
    """A fresh page that may reach the server only, and that must raise no script error."""
    context = browser.new_context(viewport={"width": 1500, "height": 1100}, accept_downloads=True)
    elsewhere: list[str] = []
    errors: list[str] = []

    def only_the_server(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        if url.startswith(server.base + "/") or url.startswith("data:"):
            route.continue_()  # type: ignore[attr-defined]
        else:
            elsewhere.append(url)
            route.abort()  # type: ignore[attr-defined]

    context.route("**/*", only_the_server)
    opened = context.new_page()
    opened.set_default_timeout(20_000)
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and "Failed to load resource" not in message.text
            else None
        ),
    )
    yield opened
    context.close()
    assert not elsewhere, f"the page reached beyond the server: {elsewhere}"
    assert not errors, f"script errors: {errors}"
