"""The browser pages and their files (:mod:`arbiter.api.static`): served from memory, cacheable,
same-origin only, and the vendored assets exactly what the npm registry published."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from starlette.testclient import TestClient

from arbiter.api import static

MANIFEST = static.ROOT / "vendor" / "MANIFEST.json"
#: Every URL a page names in ``src=`` or ``href=``.
URLS = re.compile(r"""(?:src|href)=["']([^"']*)["']""")


def test_the_pages_load_nothing_from_another_site(client: TestClient) -> None:
    for path in ("/play", "/docs", "/graphql"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["content-type"] == "text/html; charset=utf-8"
        assert answer.headers["content-security-policy"] == static.CSP
        assert answer.headers["x-content-type-options"] == "nosniff"
        urls = URLS.findall(answer.text)
        assert urls, path
        for url in urls:
            assert (url.startswith("/") and not url.startswith("//")) or url == "data:,", url
            if url.startswith("/static/"):
                assert client.get(url).status_code == 200, url
    assert "'self'" in static.CSP and "http" not in static.CSP


def test_no_page_runs_an_inline_script() -> None:
    """The policy forbids inline scripts: every script is a file."""
    for name, file in static.load().items():
        if file.media_type.startswith("text/html"):
            assert not re.search(rb"<script(?![^>]*\bsrc=)[^>]*>", file.body), name


def test_files_answer_with_their_type_and_revalidate(client: TestClient) -> None:
    answer = client.get("/static/play/play.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
    assert answer.headers["cache-control"] == "no-cache"
    etag = answer.headers["etag"]
    again = client.get("/static/play/play.js", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    assert client.get("/static/vendor/swagger-ui/swagger-ui.css").headers["content-type"] == (
        "text/css; charset=utf-8"
    )
    assert (
        client.get("/static/vendor/graphiql/LICENSE")
        .headers["content-type"]
        .startswith("text/plain")
    )


@pytest.mark.parametrize(
    "path",
    [
        "/static/play/nope.js",
        "/static/play",
        "/static/static.py",
        "/static/vendor",
    ],
)
def test_only_the_listed_files_are_served(client: TestClient, path: str) -> None:
    """(Paths with ``..`` or encoded separators are among the hostile clients' cases: this
    client would normalise them.)"""
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.json()["code"] == "not_found"


def test_no_python_file_is_served() -> None:
    assert not [name for name in static.load() if name.endswith((".py", ".pyc"))]


def test_the_vendored_assets_are_the_registry_s_with_their_licences() -> None:
    """``scripts/vendor_assets.py`` fetched them (integrity-checked) and wrote the manifest;
    nobody edited them since. ``--check`` compares them with the registry again."""
    manifest = json.loads(MANIFEST.read_text())
    assert {entry["package"] for entry in manifest} == {
        "swagger-ui-dist",
        "graphiql",
        "react",
        "react-dom",
    }
    for entry in manifest:
        directory = static.ROOT / "vendor" / entry["directory"]
        assert entry["integrity"].startswith("sha512-")
        assert "LICENSE" in entry["files"], entry["package"]
        on_disk = {path.name for path in directory.iterdir()}
        assert on_disk == set(entry["files"]), entry["package"]
        for name, digest in entry["files"].items():
            assert hashlib.sha256((directory / name).read_bytes()).hexdigest() == digest, name
