"""One game's OpenAPI document (:mod:`arbiter.api.game_documents`): the same operations as the
whole document, that game's types only, far fewer bytes; an unknown game is a problem."""

from __future__ import annotations

from collections.abc import Callable

from starlette.testclient import TestClient

from arbiter.core import Registry
from arbiter.games import registry
from tests.api.conftest import OtherPig, problem
from tests.toy import Pig

METHODS = {"get", "put", "post", "delete", "patch", "head", "options"}


def operations(document: dict[str, object]) -> set[str]:
    paths = document["paths"]
    assert isinstance(paths, dict)
    return {item[m]["operationId"] for item in paths.values() for m in item if m in METHODS}


def test_a_game_document_is_the_api_for_that_game_alone(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(Registry([Pig(), OtherPig()]))
    whole = client.get("/openapi.json").json()
    answer = client.get("/docs/games/other-pig/openapi.json")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    alone = answer.json()
    assert alone["openapi"] == whole["openapi"] and alone["info"] == whole["info"]
    assert operations(alone) == operations(whole)
    schemas = set(alone["components"]["schemas"])
    assert any(name.startswith("other-pig.") for name in schemas)
    assert not any(name.startswith("pig.") for name in schemas)
    assert any(name.startswith("pig.") for name in whole["components"]["schemas"])
    assert alone["components"]["parameters"]["game"]["schema"]["enum"] == ["other-pig"]
    assert client.get("/docs/games/other-pig/openapi.json").content == answer.content  # kept


def test_a_real_game_document_is_a_fraction_of_the_whole(
    make_client: Callable[..., TestClient],
) -> None:
    games = registry()
    client = make_client(games)
    whole = client.get("/openapi.json")
    for game in games.ids():
        alone = client.get(f"/docs/games/{game}/openapi.json")
        assert alone.status_code == 200, game
        assert len(alone.content) * 4 < len(whole.content), game
        assert operations(alone.json()) == operations(whole.json())


def test_an_unknown_game_has_no_document(client: TestClient) -> None:
    problem(client.get("/docs/games/chess/openapi.json"), 404, "unknown_game")
