"""The generated contracts: OpenAPI 3.1 with per-game schemas and links, JSON Schemas, SDL, export."""

from __future__ import annotations

import itertools
import json
import re
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
from arbiter.api.openapi_paths import MOVE_CHOICES, status_is
from arbiter.api.problems import CODES, PROBLEM_MEDIA_TYPE
from arbiter.core import Registry
from arbiter.games import registry as registry_of_the_service
from tests.api.conftest import OtherPig, app_of, new_game
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


def link(document: dict[str, Any], value: dict[str, Any]) -> dict[str, Any]:
    """A link of a response, its reference resolved."""
    return resolve(document, value["$ref"]) if "$ref" in value else value  # type: ignore[no-any-return]


def test_envelopes_link_to_the_next_requests() -> None:
    document = build_openapi(Registry([Pig()]))
    responses = document["paths"]["/v1/games/{game}/moves"]["post"]["responses"]
    links = {name: link(document, value) for name, value in responses["200"]["links"].items()}
    assert links["Apply0ById"]["operationId"] == "applyMove"
    assert links["Apply0ById"]["requestBody"] == {
        "state_id": "$response.body#/state_id",
        "move": "$response.body#/legal_moves/0",
    }
    for i in range(MOVE_CHOICES):  # a choice among the first legal moves
        assert links[f"Apply{i}ByToken"]["requestBody"] == {
            "state_token": "$response.body#/state_token",
            "move": f"$response.body#/legal_moves/{i}",
        }
    assert links["Apply0AsSeat1"]["requestBody"]["state_token"] == "$response.body#/seat_tokens/1"
    assert links["LegalMovesWithState"]["requestBody"] == {"state": "$response.body#/state"}
    assert links["Current"]["operationId"] == "current"
    assert links["CurrentAsSeat0"]["requestBody"] == {
        "state_token": "$response.body#/seat_tokens/0"
    }
    assert links["Undo"]["requestBody"] == {"state_token": "$response.body#/state_token"}
    assert links["GetState"]["parameters"] == {"path.state_id": "$response.body#/state_id"}
    operations = {
        op["operationId"]
        for path in document["paths"].values()
        for op in path.values()
        if isinstance(op, dict) and "operationId" in op
    }
    for path in document["paths"].values():
        for op in path.values():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            for response in op["responses"].values():
                for value in response.get("links", {}).values():
                    assert link(document, value)["operationId"] in operations
    # answers without a handle link back with the handle they were asked with
    listed = document["paths"]["/v1/games/{game}/legal-moves"]["post"]["responses"]["200"]
    apply = link(document, listed["links"]["Apply2ById"])
    assert apply["requestBody"] == {
        "state_id": "$request.body#/state_id",
        "move": "$response.body#/moves/2",
    }
    verdict = document["paths"]["/v1/games/{game}/validate"]["post"]["responses"]["200"]
    apply = link(document, verdict["links"]["ApplyValidatedByToken"])
    assert apply["requestBody"]["move"] == "$request.body#/move"
    assert "422" in responses and "503" in responses
    problem = responses["422"]["content"]["application/problem+json"]["schema"]
    assert problem["allOf"][0] == {"$ref": "#/components/schemas/Problem"}


def test_problem_responses_come_from_the_codes() -> None:
    """Every code of CODES is documented somewhere, at its status, and each problem response
    names exactly the codes it may carry (plus the games' rule codes where rules refuse)."""
    document = build_openapi(Registry([Pig()]))
    documented: dict[str, set[int]] = {}
    for path in document["paths"].values():
        for op in path.values():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            for status, response in op["responses"].items():
                media = response.get("content", {}).get(PROBLEM_MEDIA_TYPE)
                if media is None or "allOf" not in media["schema"]:
                    continue
                members = media["schema"]["allOf"][1]["properties"]
                assert members["status"] == status_is(int(status))
                allowed = members["code"]
                if "pattern" in allowed:  # the listed codes or a game's rule code
                    assert allowed["pattern"].endswith("^(?:pig)\\.")
                    listed = [c for c in CODES if re.search(allowed["pattern"], c)]
                else:
                    listed = allowed["enum"]
                for code in listed:
                    documented.setdefault(code, set()).add(int(status))
    for code, known in CODES.items():
        if code in ("internal_error", "method_not_allowed") or code.startswith("graphql_"):
            assert code not in documented
        else:
            assert known.status in documented[code], code
    moves = document["paths"]["/v1/games/{game}/moves"]["post"]["responses"]
    assert set(moves) >= {"200", "400", "403", "404", "409", "413", "415", "422", "503"}
    code_422 = moves["422"]["content"][PROBLEM_MEDIA_TYPE]["schema"]["allOf"][1]
    pattern = code_422["properties"]["code"]["pattern"]
    assert re.search(pattern, "pig.not_your_turn") and re.search(pattern, "illegal_move")
    assert not re.search(pattern, "pigs.x") and not re.search(pattern, "illegal_move_")
    undo = document["paths"]["/v1/games/{game}/undo"]["post"]["responses"]
    assert "master_only" in undo["403"]["description"]
    assert "nothing_to_undo" in undo["422"]["description"]


def test_every_route_of_the_app_is_documented(client: Any) -> None:
    """Each route and method the app serves is an operation of the document -- except /graphql,
    whose contract is the SDL (``schema/schema.graphql``)."""
    document = client.get("/openapi.json").json()
    served = {
        (path, method.lower())
        for route in app_of(client).starlette.routes
        for path in [re.sub(r"\{(\w+):\w+\}", r"{\1}", getattr(route, "path", ""))]
        for method in getattr(route, "methods", None) or ()
        if method != "HEAD" and path != "/graphql"
    }
    documented = {
        (path, method)
        for path, item in document["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    assert served == documented


HANDLES = ("state", "state_id", "state_token")


@pytest.mark.parametrize("request_type", ["HandleRequest", "MoveRequest", "PositionOfRequest"])
def test_the_handle_schemas_accept_exactly_one_handle(client: Any, request_type: str) -> None:
    """Every combination of the three handles (absent, null, given): the schema accepts it exactly
    when one handle is given (not null), and so does the service (``invalid_state_handle``)."""
    document = json.loads(dumps(build_openapi(Registry([Pig()]))))
    root = {"$ref": f"#/components/schemas/{request_type}", "components": document["components"]}
    validator = jsonschema_rs.Draft202012Validator(root)
    game = new_game(client)
    given = {"state": game["state"], "state_id": game["state_id"], "state_token": "x" * 20}
    path = {
        "MoveRequest": "/v1/games/pig/moves",
        "HandleRequest": "/v1/games/pig/legal-moves",
        "PositionOfRequest": "/v1/games/pig/position",
    }[request_type]
    for combination in itertools.product(("absent", "null", "given"), repeat=3):
        body: dict[str, Any] = (
            {"move": game["legal_moves"][0]} if request_type == "MoveRequest" else {}
        )
        for handle, how in zip(HANDLES, combination, strict=True):
            if how != "absent":
                body[handle] = given[handle] if how == "given" else None
        exactly_one = combination.count("given") == 1
        assert validator.is_valid(body) == exactly_one, combination
        answer = client.post(path, json=body)
        refused = answer.status_code == 422 and answer.json()["code"] == "invalid_state_handle"
        assert refused != exactly_one, (combination, answer.text)


@pytest.mark.parametrize("games", ["pig", "registry"])
def test_examples_are_valid_and_are_what_the_service_answers(make_client: Any, games: str) -> None:
    """Every example of the document is valid against its schema; every request example that sends
    a full state (so it works on any server) gets the answer of the same name, handles aside."""
    registry = Registry([Pig()]) if games == "pig" else registry_of_the_service()
    client = make_client(registry)
    document = json.loads(dumps(build_openapi(registry)))
    components = document["components"]
    checked = compared = 0
    for path, item in document["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            validator = jsonschema_rs.Draft202012Validator(
                {**body.get("schema", {}), "components": components}
            )
            for name, example in body.get("examples", {}).items():
                if "value" not in example:
                    continue
                validator.validate(example["value"])
                checked += 1
                if "state_id" in example["value"] or "state_token" in example["value"]:
                    continue  # ids and handles of the document are unknown to every server
                game = name.split(".", 1)[1]
                answer = client.request(method, path.replace("{game}", game), json=example["value"])
                expected = op["responses"][str(answer.status_code)]["content"]
                media = next(iter(expected.values()))
                assert name in media["examples"], (path, name, answer.text)
                assert without_handles(answer.json()) == without_handles(
                    media["examples"][name]["value"]
                ), (path, name)
                compared += 1
            for response in op["responses"].values():
                for media in response.get("content", {}).values():
                    schema = {**media["schema"], "components": components}
                    for example in media.get("examples", {}).values():
                        if "value" in example:
                            jsonschema_rs.Draft202012Validator(schema).validate(example["value"])
                            checked += 1
    assert checked > 40 and compared >= 8


def without_handles(value: Any) -> Any:
    if isinstance(value, dict):
        hidden = ("state_id", "state_token", "seat_tokens", "request_id")
        return {k: v for k, v in value.items() if k not in hidden}
    return value


def test_the_examples_are_deterministic_and_reach_far_into_a_game() -> None:
    first = build_openapi(registry_of_the_service())
    again = build_openapi(registry_of_the_service())
    assert dumps(first) == dumps(again)
    examples = first["paths"]["/v1/games/{game}/moves"]["post"]["requestBody"]["content"]
    named = examples["application/json"]["examples"]
    late = named["endgame.the-ancient-world"]["value"]["state"]["step"]
    assert late > 100  # The Ancient World's example line plays to its end
    answers = first["paths"]["/v1/games/{game}/moves"]["post"]["responses"]["200"]["content"]
    ended = answers["application/json"]["examples"]["endgame.the-ancient-world"]["value"]
    assert ended["finished"] and ended["result"] is not None
    # the game parameter's examples come in the order of the body examples' games
    games = list(first["components"]["parameters"]["game"]["examples"])
    assert [name.split(".", 1)[1] for name in sorted(named)][: len(games)] == sorted(games)


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
        "content.json", "event.json", "move.json", "options.json", "position.json", "record.json",
        "state.json", "view.json",
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
    moved = client.post(
        "/v1/games/pig/moves",
        json={"state_id": envelope["state_id"], "move": envelope["legal_moves"][0]},
    ).json()
    record = client.post("/v1/games/pig/record", json={"state_id": moved["state_id"]}).json()
    jsonschema_rs.validate(schemas["record.json"], record)
    assert record["moves"] and not jsonschema_rs.is_valid(
        schemas["record.json"], {**record, "moves": [{"step": 0, "move": {"type": "fly"}}]}
    )
    shown = client.post("/v1/games/pig/position", json={"state_id": moved["state_id"]}).json()
    jsonschema_rs.validate(schemas["position.json"], shown["position"])
    assert not jsonschema_rs.is_valid(schemas["position.json"], {**shown["position"], "seats": []})


def test_a_game_without_positions_has_no_position_schema() -> None:
    from arbiter.games import registry

    for game in registry():
        if game.position_type is None:
            assert "position.json" not in game_json_schemas(game)


def test_export_is_deterministic_and_check_reports_drift(tmp_path: Path, capsys: Any) -> None:
    registry = Registry([Pig()])
    files = generate(registry, graphql_schema.as_str())
    assert files == generate(registry, graphql_schema.as_str())
    assert sorted(files) == [
        "openapi/openapi.json",
        *[
            f"schema/pig/{n}.json"
            for n in ("content", "event", "move", "options", "position", "record", "state", "view")
        ],
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
