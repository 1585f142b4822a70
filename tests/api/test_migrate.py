"""``POST /v1/games/{game}/migrate`` and states of an earlier shape over the API
(:mod:`arbiter.api.migrations`, :mod:`arbiter.api.outdated`): a state of an earlier shape is
brought to today's, told what replaced what when sent elsewhere, and upgraded as it is read when
the service stored it under an earlier release."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from arbiter.api.codec import GameCodec
from arbiter.core.shapes import migrate
from arbiter.games import registry
from tests.api.conftest import app_of
from tests.shapes.test_state_shapes import states_of

GAMES = registry()


@pytest.fixture
def games_client(make_client: Any) -> TestClient:
    client: TestClient = make_client(GAMES)
    return client


def test_migrate_answers_todays_state_and_what_was_replaced(games_client: TestClient) -> None:
    (old, _) = states_of("the-ancient-world", "1.1.0")
    response = games_client.post("/v1/games/the-ancient-world/migrate", json={"state": old})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["from_version"] == "1.1.0" and answer["rules_version"] == "1.2.0"
    assert answer["state"]["rules_version"] == "1.2.0"
    assert answer["replaced"][0] == {
        "version": "1.2.0",
        "old": "/empire_discard_a",
        "new": "/empire_discard",
        "how": "one pile for both empire decks",
    }
    # today's state plays on: its legal moves are listed
    listed = games_client.post(
        "/v1/games/the-ancient-world/legal-moves", json={"state": answer["state"]}
    )
    assert listed.status_code == 200, listed.text
    again = games_client.post(
        "/v1/games/the-ancient-world/migrate", json={"state": answer["state"]}
    ).json()
    assert again["from_version"] == "1.2.0" and again["replaced"] == []
    assert again["state"] == answer["state"]


def test_an_earlier_shape_sent_as_a_state_is_told_its_version_and_the_route(
    games_client: TestClient,
) -> None:
    (old, _) = states_of("the-ancient-world", "1.1.0")
    response = games_client.post("/v1/games/the-ancient-world/legal-moves", json={"state": old})
    assert response.status_code == 422
    problem = response.json()
    assert problem["code"] == "rules_version_mismatch"
    assert problem["pointer"] == "/state/empire_discard_a"
    assert "rules 1.1.0" in problem["detail"] and "1.2.0" in problem["detail"]
    assert "/empire_discard_a is now /empire_discard" in problem["detail"]
    assert "POST /v1/games/the-ancient-world/migrate" in problem["detail"]
    # a state of the same layout, only its version older, is told the same way
    (scythe_old, _) = states_of("scythe", "1.1.0")
    scythe_old["pending"] = []
    response = games_client.post("/v1/games/scythe/legal-moves", json={"state": scythe_old})
    problem = response.json()
    assert response.status_code == 422 and problem["code"] == "rules_version_mismatch"
    assert problem["pointer"] == "/state/rules_version"
    assert "POST /v1/games/scythe/migrate" in problem["detail"]


def test_migrate_brings_scythe_1_0_0_to_today(games_client: TestClient) -> None:
    for old in states_of("scythe", "1.0.0"):
        response = games_client.post("/v1/games/scythe/migrate", json={"state": old})
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["from_version"] == "1.0.0" and answer["state"]["rules_version"] == "1.2.0"
        assert {"version": "1.1.0", "old": "/resources", "new": "/resources"}.items() <= (
            answer["replaced"][0].items()
        )


def test_migrate_refuses_what_is_no_shape_of_the_game(games_client: TestClient) -> None:
    for body, pointer in (
        ({"state": {"rules_version": "0.9"}}, "/state/rules_version"),
        ({"state": {"content_id": "nope", "rules_version": "1.0.0"}}, "/state/content_id"),
        ({"state": [1, 2]}, "/state"),
    ):
        refused = games_client.post("/v1/games/scythe/migrate", json=body)
        assert refused.status_code in (404, 422), refused.text
        assert refused.json()["pointer"] == pointer, refused.json()


def test_graphql_migrates_as_rest_does(games_client: TestClient) -> None:
    (old, _) = states_of("the-ancient-world", "1.1.0")
    query = 'query($s: JSON!) { migrateState(game: "the-ancient-world", state: $s) { fromVersion rulesVersion state replaced { old new } } }'
    response = games_client.post("/graphql", json={"query": query, "variables": {"s": old}})
    data = response.json()["data"]["migrateState"]
    rest = games_client.post("/v1/games/the-ancient-world/migrate", json={"state": old}).json()
    assert data["state"] == rest["state"] and data["fromVersion"] == "1.1.0"
    assert data["replaced"][0] == {"old": "/empire_discard_a", "new": "/empire_discard"}


def test_a_state_stored_by_an_earlier_release_is_upgraded_as_it_is_read(
    games_client: TestClient,
) -> None:
    store = app_of(games_client).service.store
    game = GAMES.get("scythe")
    codec = GameCodec(game)
    (old, _) = states_of("scythe", "1.1.0")
    state = store.decode(game, codec, msgspec.msgpack.encode(old))
    assert state.rules_version == "1.2.0"
    assert codec.state_json(state) == codec.state_json(
        msgspec.convert(migrate(game.id, game.shapes(), old, game.content).state, game.state_type)
    )
