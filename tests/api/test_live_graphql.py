"""GraphQL's live tables: the ``tableUpdates`` subscription over WebSocket (graphql-transport-ws)
tells what the REST stream of the same handle tells, with the same refusals and bounds; over the
WebSocket only subscriptions run."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.api.conftest import new_game

SUBSCRIBE = """
subscription($game: String!, $token: String!, $after: Int) {
  tableUpdates(game: $game, stateToken: $token, after: $after) {
    version undo missed events toAct finished stateToken
    seats { seat stateToken events }
    current { asSeat view legalMoves toAct }
  }
}
"""


@contextmanager
def connected(client: TestClient) -> Iterator[Any]:
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json() == {"type": "connection_ack"}
        yield ws


def subscribe(
    ws: Any, id: str, token: str, after: int | None = None, query: str = SUBSCRIBE
) -> None:
    variables = {"game": "pig", "token": token, "after": after}
    ws.send_json(
        {"id": id, "type": "subscribe", "payload": {"query": query, "variables": variables}}
    )


def update(ws: Any, id: str) -> dict[str, Any]:
    message = ws.receive_json()
    assert message["type"] == "next" and message["id"] == id, message
    assert "errors" not in message["payload"], message
    got: dict[str, Any] = message["payload"]["data"]["tableUpdates"]
    return got


def test_a_subscription_tells_each_change_as_the_rest_stream_does(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    seats = master["seat_tokens"]
    with connected(client) as ws:
        subscribe(ws, "1", seats[1])
        first = update(ws, "1")
        assert first["version"] == 0 and first["events"] == []
        assert first["current"]["asSeat"] == 1 and first["current"]["legalMoves"] == []
        moved = client.post(
            "/v1/games/pig/moves",
            json={"state_token": seats[0], "move": {"type": "roll", "seat": 0}},
        ).json()
        told = update(ws, "1")
        assert told["version"] == 1 and told["events"] == moved["events"]
        assert told["toAct"] == moved["to_act"] and told["seats"] is None
        ws.send_json({"id": "1", "type": "complete"})
        # resumed after the first change, a master's subscription tells nothing twice
        subscribe(ws, "2", master["state_token"], after=0)
        again = update(ws, "2")
        assert again["version"] == 1 and [s["seat"] for s in again["seats"]] == [0, 1]
        ws.send_json({"id": "2", "type": "complete"})


def test_a_subscription_is_refused_as_the_rest_stream_is(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    with connected(client) as ws:
        subscribe(ws, "1", "A" * 90)
        message = ws.receive_json()
        assert message["type"] == "next", message
        [error] = message["payload"]["errors"]
        assert error["extensions"]["code"] == "invalid_state_token"
        assert ws.receive_json() == {"id": "1", "type": "complete"}
        subscribe(ws, "2", master["state_token"], after=99)
        message = ws.receive_json()
        assert message["payload"]["errors"][0]["extensions"]["code"] == "table_rolled_back"


def test_only_subscriptions_run_over_the_websocket(client: TestClient) -> None:
    with connected(client) as ws:
        subscribe(ws, "1", "x", query="{ games { id } }")
        message = ws.receive_json()
        assert message["type"] == "error" and message["id"] == "1", message
        mutation = 'mutation { newGame(game: "pig", players: 2) { stateId } }'
        subscribe(ws, "2", "x", query=mutation)
        message = ws.receive_json()
        assert message["type"] == "error" and message["id"] == "2", message
    # nothing was set up: the one game made by POST is the only one
    assert client.post("/graphql", json={"query": "{ games { id } }"}).status_code == 200


def test_subscriptions_count_among_the_clients_streams(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(client_streams=1)
    master = new_game(client, sealed=True)
    with connected(client) as ws:
        subscribe(ws, "1", master["state_token"])
        update(ws, "1")
        subscribe(ws, "2", master["state_token"])
        message = ws.receive_json()
        assert message["payload"]["errors"][0]["extensions"]["code"] == "too_many_streams"
        ws.send_json({"id": "1", "type": "complete"})


def test_a_refused_key_closes_the_websocket_before_it_opens(
    make_client: Callable[..., TestClient], tmp_path: Any
) -> None:
    import json

    keys = tmp_path / "keys.json"
    keys.write_text(json.dumps({"keys": []}))
    client = make_client(env="staging", api_keys=str(keys))
    try:
        with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]):
            raise AssertionError("the WebSocket opened without a key")
    except WebSocketDisconnect as closed:
        assert closed.code == 1008


def test_a_subscription_document_is_held_to_the_graphql_limits(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    aliased = " ".join(f"v{k}: version" for k in range(12))  # 12 aliases; 10 allowed
    query = (
        "subscription($game: String!, $token: String!, $after: Int) {"
        f" tableUpdates(game: $game, stateToken: $token, after: $after) {{ {aliased} }} }}"
    )
    with connected(client) as ws:
        subscribe(ws, "1", master["state_token"], query=query)
        message = ws.receive_json()
        assert message["type"] == "error", message
        assert message["payload"][0]["extensions"]["code"] == "graphql_limit"
