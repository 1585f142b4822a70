"""The generated contracts: OpenAPI 3.1 with per-game schemas and links, JSON Schemas, SDL, export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from arbiter import cli
from arbiter.api.graphql import schema as graphql_schema
from arbiter.api.openapi import (
    build_openapi,
    differences,
    dumps,
    game_json_schemas,
    generate,
    write,
)
from arbiter.core import Registry
from tests.api.conftest import OtherPig, new_game
from tests.toy import Pig


def refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for value in node.values() for r in refs(value)]
    if isinstance(node, list):
        return [r for value in node for r in refs(value)]
    return []


def resolve(document: dict[str, Any], ref: str) -> Any:
    node: Any = document
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


@pytest.mark.parametrize("games", [[], [Pig()], [Pig(), OtherPig()]], ids=["none", "one", "two"])
def test_the_openapi_document_is_complete_for_any_registry(games: list[Pig]) -> None:
    document = json.loads(dumps(build_openapi(Registry(games))))
    assert document["openapi"] == "3.1.0"
    for ref in refs(document):
        resolve(document, ref)  # every reference resolves
    schemas = document["components"]["schemas"]
    state = schemas["State"]
    if games:
        assert state["oneOf"] == [{"$ref": f"#/components/schemas/{g.id}.State"} for g in games]
        for game in games:
            for role in ("State", "Move", "View", "Content", "Options", "Event"):
                assert f"{game.id}.{role}" in schemas
    else:
        assert state["not"] == {}
    move_request = schemas["MoveRequest"]["properties"]
    assert move_request["state"]["anyOf"] == [
        {"$ref": "#/components/schemas/State"},
        {"type": "null"},
    ]
    assert move_request["move"]["$ref"] == "#/components/schemas/Move"
    envelope = schemas["Envelope"]["properties"]
    assert envelope["legal_moves"]["items"] == {"$ref": "#/components/schemas/Move"}
    assert envelope["events"]["items"] == {"$ref": "#/components/schemas/Event"}


def test_envelopes_link_to_the_next_requests() -> None:
    document = build_openapi(Registry([Pig()]))
    responses = document["paths"]["/v1/games/{game}/moves"]["post"]["responses"]
    links = responses["200"]["links"]
    assert links["ApplyById"]["operationId"] == "applyMove"
    assert links["ApplyById"]["requestBody"] == {
        "state_id": "$response.body#/state_id",
        "move": "$response.body#/legal_moves/0",
    }
    assert links["ApplyByToken"]["requestBody"]["state_token"] == "$response.body#/state_token"
    assert links["LegalMovesWithState"]["requestBody"] == {"state": "$response.body#/state"}
    assert links["GetState"]["parameters"] == {"path.state_id": "$response.body#/state_id"}
    operations = {
        op["operationId"]
        for path in document["paths"].values()
        for op in path.values()
        if isinstance(op, dict) and "operationId" in op
    }
    for link in links.values():
        assert link["operationId"] in operations
    assert "422" in responses and "503" in responses
    problem = responses["422"]["content"]["application/problem+json"]["schema"]
    assert problem == {"$ref": "#/components/schemas/Problem"}


def test_real_answers_validate_against_the_document(client: Any) -> None:
    document = json.loads(dumps(build_openapi(Registry([Pig()]))))

    def validate(instance: Any, component: str) -> None:
        root = {"$ref": f"#/components/schemas/{component}", "components": document["components"]}
        jsonschema_rs.Draft202012Validator(root).validate(instance)

    open_game = new_game(client, as_seat=1)
    validate(open_game, "Envelope")
    validate(new_game(client, sealed=True), "Envelope")
    validate({"state": open_game["state"], "move": open_game["legal_moves"][0]}, "MoveRequest")
    validate(client.get("/v1/games/nope").json(), "Problem")
    with pytest.raises(jsonschema_rs.ValidationError):
        validate(
            {"state": {**open_game["state"], "extra": 1}, "move": {"type": "roll"}}, "MoveRequest"
        )


def test_game_json_schemas_are_2020_12_and_match_real_values(client: Any) -> None:
    schemas = game_json_schemas(Pig())
    assert sorted(schemas) == [
        "content.json", "event.json", "move.json", "options.json", "state.json", "view.json",
    ]  # fmt: skip
    for schema in schemas.values():
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema_rs.meta.validate(schema)
    envelope = new_game(client, as_seat=0)
    jsonschema_rs.validate(schemas["state.json"], envelope["state"])
    jsonschema_rs.validate(schemas["view.json"], envelope["view"])
    for move in envelope["legal_moves"]:
        jsonschema_rs.validate(schemas["move.json"], move)
    event = {"type": "rolled", "visible_to": None, "seat": 0, "face": 3}
    jsonschema_rs.validate(schemas["event.json"], event)
    assert not jsonschema_rs.is_valid(schemas["state.json"], {**envelope["state"], "seed": "x"})


def test_export_is_deterministic_and_check_reports_drift(tmp_path: Path, capsys: Any) -> None:
    registry = Registry([Pig()])
    files = generate(registry, graphql_schema.as_str())
    assert files == generate(registry, graphql_schema.as_str())
    assert sorted(files) == [
        "openapi/openapi.json",
        *[f"schema/pig/{n}.json" for n in ("content", "event", "move", "options", "state", "view")],
        "schema/schema.graphql",
    ]
    for data in files.values():
        assert data.endswith(b"\n") and not data.endswith(b"\n\n")
    text = files["openapi/openapi.json"].decode()
    assert text == json.dumps(json.loads(text), indent=2, sort_keys=True, ensure_ascii=False) + "\n"

    assert write(tmp_path, files) == [f"missing: {path}" for path in files]
    assert differences(tmp_path, files) == []
    (tmp_path / "schema/pig/state.json").write_text("{}\n")
    (tmp_path / "schema/gone").mkdir()
    (tmp_path / "schema/gone/state.json").write_text("{}\n")
    lines = differences(tmp_path, files)
    assert lines[0].startswith("differs: schema/pig/state.json (")
    assert lines[1] == "stale: schema/gone/state.json"
    write(tmp_path, files)
    assert differences(tmp_path, files) == []


def test_the_cli_exports_and_checks(tmp_path: Path, capsys: Any) -> None:
    assert cli.main(["export-schemas", "--root", str(tmp_path)]) == 0
    assert (tmp_path / "openapi/openapi.json").exists()
    sdl = (tmp_path / "schema/schema.graphql").read_text()
    assert sdl == graphql_schema.as_str().rstrip("\n") + "\n"
    assert "type Mutation" in sdl and "scalar Seed" in sdl
    capsys.readouterr()
    assert cli.main(["export-schemas", "--check", "--root", str(tmp_path)]) == 0
    (tmp_path / "schema/schema.graphql").write_text("type Query { nothing: Int }\n")
    assert cli.main(["export-schemas", "--check", "--root", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "differs: schema/schema.graphql" in err and "make schemas" in err


def test_the_app_serves_an_empty_registry(make_client: Any) -> None:
    client = make_client(Registry([]))
    assert client.get("/v1/games").json() == {"games": []}
    assert client.get("/openapi.json").status_code == 200
    graph = client.post("/graphql", json={"query": "{ games { id } }"}).json()
    assert graph == {"data": {"games": []}}
    assert client.post("/v1/games/pig/states", json={"players": 2}).status_code == 404
    assert "No game is registered yet" in client.get("/").text


def test_the_app_serves_several_games(make_client: Any) -> None:
    client = make_client(Registry([Pig(), OtherPig()]))
    assert [g["id"] for g in client.get("/v1/games").json()["games"]] == ["pig", "other-pig"]
    for game in ("pig", "other-pig"):
        created = client.post(f"/v1/games/{game}/states", json={"players": 2, "seed": 3}).json()
        assert created["game"] == game
        moved = client.post(
            f"/v1/games/{game}/moves",
            json={"state_id": created["state_id"], "move": created["legal_moves"][0]},
        )
        assert moved.status_code == 200
    # the same state under two games has two ids: the game is part of what an id names
    pig = client.post("/v1/games/pig/states", json={"players": 2, "seed": 3}).json()
    other = client.post("/v1/games/other-pig/states", json={"players": 2, "seed": 3}).json()
    assert pig["state"] == other["state"] and pig["state_id"] != other["state_id"]
    document = client.get("/openapi.json").json()
    assert document["components"]["parameters"]["game"]["schema"]["enum"] == ["pig", "other-pig"]
