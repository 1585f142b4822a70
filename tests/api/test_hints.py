"""``POST /v1/games/{game}/hints`` and GraphQL's ``hint``: a recommended move for the seat that
decides, within a budget the server bounds, for its own seat only."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from tests.api.conftest import new_game, problem

ROLL0 = {"type": "roll", "seat": 0}
HOLD0 = {"type": "hold", "seat": 0}


def hint(client: TestClient, **body: Any) -> Any:
    return client.post("/v1/games/pig/hints", json=body)


def test_an_open_state_gets_a_hint_by_id_or_in_full(client: TestClient) -> None:
    game = new_game(client)
    by_id = hint(client, state_id=game["state_id"], playouts=20, seed=3, describe=True)
    assert by_id.status_code == 200, by_id.text
    answer = by_id.json()
    assert answer["game"] == "pig" and answer["seat"] == 0 and answer["seed"] == 3
    assert answer["move"] in game["legal_moves"] and answer["playouts"] == 20
    assert answer["options"][0]["move"] == answer["move"]
    assert sorted(map(str, (o["move"] for o in answer["options"]))) == sorted(
        map(str, game["legal_moves"])
    )
    assert sum(o["playouts"] for o in answer["options"]) == 20
    assert all(0 <= o["value"] <= 1 and o["description"] for o in answer["options"])
    assert answer["description"] == answer["options"][0]["description"]
    in_full = hint(client, state=game["state"], playouts=20, seed=3, describe=True).json()
    assert {**in_full, "seconds": 0} == {**answer, "seconds": 0}, "the same search, the same hint"


def test_the_budget_is_bounded_by_the_server(make_client: Callable[..., TestClient]) -> None:
    client = make_client(hint_seconds=0.2, hint_playouts=50)
    game = new_game(client)
    start = time.perf_counter()
    answer = hint(client, state_id=game["state_id"], seconds=3600, playouts=1_000_000).json()
    assert answer["playouts"] <= 50 and answer["seconds"] <= 0.2 + 0.1
    assert time.perf_counter() - start < 2
    slow = make_client(hint_seconds=0.2, hint_playouts=1_000_000)
    game = new_game(slow)
    answer = hint(slow, state_id=game["state_id"], seconds=3600).json()
    assert 0.2 <= answer["seconds"] < 0.5 and answer["playouts"] > 0


def test_a_seat_handle_asks_for_its_own_seat_only(client: TestClient) -> None:
    sealed = new_game(client, sealed=True)
    seat0, seat1 = sealed["seat_tokens"]
    own = hint(client, state_token=seat0, playouts=10)
    assert own.status_code == 200 and own.json()["seat"] == 0
    assert own.json()["move"] in (ROLL0, HOLD0)
    document = problem(hint(client, state_token=seat0, seat=1, playouts=10), 403, "forbidden_seat")
    assert document["pointer"] == "/seat"
    problem(hint(client, state_token=seat1, playouts=10), 409, "not_deciding")
    problem(hint(client, state_token=seat1, seat=0, playouts=10), 403, "forbidden_seat")
    master = hint(client, state_token=sealed["state_token"], seat=0, playouts=10)
    assert master.status_code == 200 and master.json()["seat"] == 0
    problem(hint(client, state_token=sealed["state_token"], seat=1), 409, "not_deciding")


def test_only_a_seat_that_decides_is_advised(client: TestClient) -> None:
    waiting = new_game(client, resolve_chance=False)
    rolled = client.post(
        "/v1/games/pig/moves", json={"state_id": waiting["state_id"], "move": ROLL0}
    ).json()
    assert rolled["to_act"] == ["chance"]
    document = problem(hint(client, state_id=rolled["state_id"]), 409, "not_deciding")
    assert "no seat decides" in document["detail"]
    problem(hint(client, state_id=waiting["state_id"], seat=5), 422, "invalid_seat")
    problem(hint(client, state_id=waiting["state_id"], playouts=0), 422, "invalid_request")
    problem(hint(client, state_id=waiting["state_id"], seconds=-1), 422, "invalid_request")
    problem(hint(client, playouts=3), 422, "invalid_state_handle")


def test_graphql_hint_is_the_rest_hint(client: TestClient) -> None:
    game = new_game(client)
    query = """query($id: String!) {
      hint(game: "pig", stateId: $id, playouts: 20, seed: 3) {
        game seat move playouts seed options { move playouts value }
      }
    }"""
    answer = client.post("/graphql", json={"query": query, "variables": {"id": game["state_id"]}})
    data = answer.json()["data"]["hint"]
    rest = hint(client, state_id=game["state_id"], playouts=20, seed=3).json()
    assert data["move"] == rest["move"] and data["seed"] == 3 and data["playouts"] == 20
    assert data["options"] == [
        {k: o[k] for k in ("move", "playouts", "value")} for o in rest["options"]
    ]
    refused = client.post(
        "/graphql",
        json={"query": '{ hint(game: "pig", stateId: "x", playouts: 0) { move } }'},
    ).json()
    assert refused["errors"][0]["extensions"]["code"] == "invalid_request"
