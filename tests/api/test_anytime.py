"""Anytime moves over the API: a seat gives coins while another must decide (Scythe «Союзы и
подкуп»); answers for a seat list its anytime moves compactly, apart from the decision under way."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.core import Registry
from arbiter.games.scythe import Scythe

QUERY = """query($s: String!, $k: Int!) { legalMoves(game: "scythe", stateId: $s, asSeat: $k) {
  toAct moves anytime { moves moveRanges { index field min max } descriptions } } }"""


@pytest.fixture
def client(make_client: Any) -> TestClient:
    made: TestClient = make_client(Registry([Scythe()]))
    return made


def post(client: TestClient, route: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"/v1/games/scythe/{route}", json=body)
    assert response.status_code in (200, 201), response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_a_seat_gives_coins_while_another_decides(client: TestClient) -> None:
    game = post(client, "states", players=2, seed=3, as_seat=1, describe=True)
    active = game["to_act"][0]
    other = 1 - active
    mine = post(client, "legal-moves", state_id=game["state_id"], as_seat=other, describe=True)
    assert all(m["seat"] == active for m in mine["moves"]), "the decision is the active seat's"
    offers = mine["anytime"]
    (gift,) = offers["moves"]
    assert gift["type"] == "give_coins" and gift["seat"] == other and gift["amount"] == 1
    (span,) = offers["move_ranges"]
    assert span["field"] == "amount" and span["min"] == 1 and span["max"] >= 2
    assert "or any amount from 1 to" in offers["descriptions"][0]
    moved = post(
        client,
        "moves",
        state_id=game["state_id"],
        move={**gift, "amount": 2},
        as_seat=other,
    )
    assert moved["to_act"] == game["to_act"], "nobody waited and the turn is unchanged"
    changes = {(e["seat"], e["change"]) for e in moved["events"] if e["type"] == "coins_changed"}
    assert changes == {(other, -2), (active, 2)}
    assert "anytime" not in post(client, "legal-moves", state_id=game["state_id"])
    asked = {"query": QUERY, "variables": {"s": game["state_id"], "k": other}}
    listed = client.post("/graphql", json=asked).json()["data"]["legalMoves"]
    assert listed["anytime"]["moves"][0] == gift
    assert listed["anytime"]["moveRanges"][0]["field"] == "amount"


def test_a_sealed_seat_gives_coins_with_its_own_handle_only(client: TestClient) -> None:
    master = post(client, "states", players=2, seed=3, sealed=True)
    active = master["to_act"][0]
    other = 1 - active
    handle = master["seat_tokens"][other]
    seen = post(client, "current", state_token=handle)
    gift = seen["anytime"]["moves"][0]
    refused = client.post(
        "/v1/games/scythe/moves",
        json={"state_token": master["seat_tokens"][active], "move": gift},
    )
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden_seat"
    given = post(client, "moves", state_token=handle, move=gift)
    assert given["to_act"] == master["to_act"]
    stale = client.post(
        "/v1/games/scythe/moves",
        json={
            "state_token": master["seat_tokens"][active],
            "move": {"type": "end_turn", "seat": active},
        },
    )
    assert stale.status_code == 409, "the acting seat catches up with current first"
