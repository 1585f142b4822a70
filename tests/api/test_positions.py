"""Positions from a real table over REST and GraphQL (:mod:`arbiter.api.positions`): set a game up
from what the table shows, tell the position of a state; problems with pointers into the
position; seats never get a position; records, metrics, docs; every registered game either takes
positions through the API or refuses them with ``positions_unsupported``."""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from arbiter import docs
from arbiter.api import positions
from arbiter.api.docs import render
from arbiter.api.logs import JsonFormatter
from arbiter.core import MAX_GAPS, InvalidState, Registry, every_gap
from arbiter.games import registry
from tests.api.conftest import new_game, problem
from tests.conformance.positions import play
from tests.toy import Pig, PigPosition, PigSeat, PigState

ROLLING = {
    "target": 20,
    "seats": [{"banked": 9, "rolls": 4, "lucky": 4}, {"banked": 12, "rolls": 5}],
    "current": 1,
    "turn_points": 7,
    "decision": "die",
}


def set_up(client: TestClient, status: int = 201, **body: Any) -> dict[str, Any]:
    body.setdefault("position", ROLLING)
    response = client.post("/v1/games/pig/positions", json=body)
    assert response.status_code == status, response.text
    answer: dict[str, Any] = response.json()
    return answer


def position_of(client: TestClient, **handle: Any) -> dict[str, Any]:
    response = client.post("/v1/games/pig/position", json=handle)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


class NoPositionsPig(Pig):
    """Pig that takes no positions."""

    id = "plain-pig"
    position_type = None


class CrashingPig(Pig):
    """Pig whose ``state_of`` crashes on a target of 13."""

    def state_of(self, position: Any, seed: int, content_id: str | None = None) -> PigState:
        if position.target == 13:
            raise ZeroDivisionError
        return super().state_of(position, seed, content_id)


class GappyPig(Pig):
    """Pig whose ``state_of`` finds a gap for each point of a target over 1,000, all at once."""

    def state_of(self, position: Any, seed: int, content_id: str | None = None) -> PigState:
        if position.target > 1000:
            raise every_gap(
                [
                    InvalidState("pig.position.gap", f"gap {k}", f"/seats/0/gap{k}")
                    for k in range(position.target - 1000)
                ]
            )
        return super().state_of(position, seed, content_id)


class CarelessPig(Pig):
    """Pig whose ``state_of`` makes a state its own ``check_state`` refuses (a negative roll)."""

    def state_of(self, position: Any, seed: int, content_id: str | None = None) -> PigState:
        state = super().state_of(position, seed, content_id)
        return msgspec.structs.replace(state, rolls=(-1, *state.rolls[1:]))


# ------------------------------------------------------------------------- setting up


def test_a_table_sets_up_an_open_game_that_waits_for_its_die(client: TestClient) -> None:
    response = client.post("/v1/games/pig/positions", json={"position": ROLLING, "seed": 3})
    assert response.status_code == 201
    answer = response.json()
    assert response.headers["location"] == f"/v1/states/{answer['state_id']}"
    # a real table's die decides: the outcome waits for the table (resolve_chance is false)
    assert answer["resolve_chance"] is False and answer["to_act"] == ["chance"]
    assert answer["legal_moves"] == [{"type": "die", "face": f} for f in range(1, 7)]
    assert answer["events"] == [] and answer["finished"] is False
    expected = Pig().state_of(msgspec.convert(ROLLING, PigPosition), 3)
    assert answer["state"] == msgspec.json.decode(msgspec.json.encode(expected))
    # the table says the die showed 5; the game goes on by its id, still waiting for the table
    rolled = client.post(
        "/v1/games/pig/moves",
        json={"state_id": answer["state_id"], "move": {"type": "die", "face": 5}},
    ).json()
    assert rolled["state"]["turn_points"] == 12 and rolled["resolve_chance"] is False
    held = client.post(
        "/v1/games/pig/moves",
        json={"state_id": rolled["state_id"], "move": {"type": "hold", "seat": 1}},
    ).json()
    assert held["finished"] is True and held["result"]["winners"] == [1]


def test_the_seed_draws_what_the_table_hides_and_chance_if_asked(client: TestClient) -> None:
    drawn = {set_up(client, seed=s)["state"]["lucky"][1] for s in range(12)}
    assert drawn <= {1, 2, 3, 4, 5} and len(drawn) > 1  # seat 1's lucky number lay face down
    assert set_up(client, seed=4) == {**set_up(client, seed=4)}  # the same seed, the same game
    unseeded = [set_up(client)["state"]["seed"] for _ in range(3)]
    assert len(set(unseeded)) == 3  # no seed: a random one, as for new games
    resolved = set_up(client, seed=3, resolve_chance=True)
    assert resolved["resolve_chance"] is True and resolved["to_act"] != ["chance"]
    assert [e["type"] for e in resolved["events"]][:1] == ["rolled"]


def test_the_answer_takes_the_flags_of_a_new_game(client: TestClient) -> None:
    shown = set_up(client, seed=3, as_seat=0, describe=True, render=True)
    assert shown["as_seat"] == 0 and shown["view"]["my_lucky"] == 4
    assert len(shown["descriptions"]) == len(shown["legal_moves"])
    assert "your lucky number: 4" in shown["text"]
    problem(
        client.post("/v1/games/pig/positions", json={"position": ROLLING, "as_seat": 2}),
        422,
        "invalid_seat",
    )
    refused = client.post(
        "/v1/games/pig/positions", json={"position": ROLLING, "acting_seats": True}
    )
    assert problem(refused, 403, "master_only")["pointer"] == "/acting_seats"


def test_a_position_comes_back_from_its_state(client: TestClient) -> None:
    answer = set_up(client, seed=3)
    shown = position_of(client, state_id=answer["state_id"])
    completed = {**ROLLING, "seats": [ROLLING["seats"][0], {**ROLLING["seats"][1], "lucky": 2}]}
    assert shown == {
        "game": "pig",
        "rules_version": "1",
        "content_id": Pig().default_content_id,
        "position": completed,
    }
    assert position_of(client, state=answer["state"]) == shown
    # and setting it up again gives a state whose position is this one
    again = set_up(client, position=shown["position"], content_id=shown["content_id"], seed=9)
    assert position_of(client, state_id=again["state_id"]) == shown


def test_any_state_has_a_position(client: TestClient) -> None:
    played = new_game(client, players=3, seed=11)
    moved = client.post(
        "/v1/games/pig/moves",
        json={"state_id": played["state_id"], "move": played["legal_moves"][0]},
    ).json()
    shown = position_of(client, state=moved["state"])["position"]
    state = msgspec.convert(moved["state"], PigState)
    assert msgspec.convert(shown, PigPosition) == Pig().position_of(state)


# ------------------------------------------------------------------------------ problems


def test_a_position_of_the_wrong_shape_is_refused_with_a_pointer(client: TestClient) -> None:
    for position, pointer in (
        ({**ROLLING, "current": "one"}, "/position/current"),
        ({**ROLLING, "seats": [{"banked": -1}, {}]}, "/position/seats/0/banked"),
        ({**ROLLING, "seats": [{"banked": 0, "lucky": 6}, {}]}, "/position/seats/0/lucky"),
        ({**ROLLING, "decision": "dance"}, "/position/decision"),
        ({**ROLLING, "extra": 1}, "/position/extra"),
        ([1, 2], "/position"),
    ):
        response = client.post("/v1/games/pig/positions", json={"position": position})
        assert problem(response, 422, "invalid_request")["pointer"] == pointer, position
    missing = client.post("/v1/games/pig/positions", json={"seed": 1})
    problem(missing, 422, "invalid_request")


def test_an_impossible_table_is_refused_with_the_games_code_and_pointer(
    client: TestClient,
) -> None:
    for position, code, pointer in (
        ({**ROLLING, "current": 2}, "pig.position.current", "/position/current"),
        ({**ROLLING, "seats": ROLLING["seats"][:1]}, "pig.position.players", "/position/seats"),
        ({**ROLLING, "turn_points": 1}, "pig.position.turn_points", "/position/turn_points"),
        (
            {**ROLLING, "seats": [{"banked": 30, "rolls": 4}, ROLLING["seats"][1]]},
            "pig.position.banked",
            "/position/seats/0/banked",
        ),
        (
            {**ROLLING, "decision": "over", "turn_points": 0},
            "pig.position.won",
            "/position/seats/1/banked",
        ),
    ):
        response = client.post("/v1/games/pig/positions", json={"position": position})
        document = problem(response, 422, code)
        assert document["pointer"] == pointer and document["title"] == "Invalid position"
        assert document["game"] == "pig"
    metrics = client.get("/metrics").text
    assert 'arbiter_positions_refused_total{code="pig.position.current",game="pig"} 1.0' in metrics
    assert 'route="/v1/games/{game}/positions"' in metrics


def test_a_table_with_many_gaps_is_refused_with_every_gap_bounded(make_client: Any) -> None:
    """The first gap is the problem's own; ``errors`` lists every one (at most ``MAX_GAPS``, each
    with its code, detail and pointer into the request), ``errors_left_out`` counts the rest."""
    client = make_client(Registry([GappyPig()]))
    for target, listed, left_out in ((3, 3, None), (MAX_GAPS, MAX_GAPS, None), (25, MAX_GAPS, 5)):
        position = {**ROLLING, "target": 1000 + target}
        document = problem(
            client.post("/v1/games/pig/positions", json={"position": position}),
            422,
            "pig.position.gap",
        )
        assert (document["detail"], document["pointer"]) == ("gap 0", "/position/seats/0/gap0")
        assert document["errors"] == [
            {
                "code": "pig.position.gap",
                "detail": f"gap {k}",
                "pointer": f"/position/seats/0/gap{k}",
            }
            for k in range(listed)
        ]
        assert document.get("errors_left_out") == left_out
        extensions = gql(client, SET_UP, p=position)["errors"][0]["extensions"]
        assert extensions["errors"] == document["errors"]
    # one gap: no list
    one = problem(
        client.post("/v1/games/pig/positions", json={"position": {**ROLLING, "current": 2}}),
        422,
        "pig.position.current",
    )
    assert "errors" not in one and "errors_left_out" not in one


#: Issue #39's table: a round, a turn and the players' coins, nothing else.
BARE = {"round": 1, "turn": 0, "players": [{"coins": 3}, {"coins": 3}]}
#: What each game says of it: the first gap's code, and every gap's pointer.
BARE_GAPS = {
    "the-ancient-world": (
        "the-ancient-world.position.unknown_cards",
        [
            f"/position/decks/{name}/unknown"
            for name in (
                "army",
                "province",
                "titan_1",
                "titan_2",
                "titan_3",
                "empire_b",
                "empire_a",
            )
        ],
    ),
    "scythe": (
        "invalid_request",
        [
            "/position/round",  # msgspec's own: the unknown member round
            "/position/players",
            "/position/structure_tile",
            "/position/seats",
            "/position/turn",
            "/position/decision",
        ],
    ),
    "raiders-of-scythia": (
        "invalid_request",
        [
            "/position/round",  # msgspec's own: the unknown member round
            "/position/players/0/coins",
            "/position/players/0/hero",
            "/position/players/1/coins",
            "/position/players/1/hero",
        ],
    ),
}


@pytest.mark.parametrize("game_id", sorted(BARE_GAPS))
def test_a_table_of_only_round_turn_and_players_lists_every_gap(
    make_client: Any, game_id: str
) -> None:
    """Issue #39: not only the first missing deck or member, every one, each with its pointer."""
    client = make_client(registry())
    code, pointers = BARE_GAPS[game_id]
    document = problem(
        client.post(f"/v1/games/{game_id}/positions", json={"position": BARE}), 422, code
    )
    errors = document["errors"]
    assert [error["pointer"] for error in errors] == pointers
    assert errors[0] == {k: document[k] for k in ("code", "detail", "pointer")}
    assert all(error["detail"] for error in errors)
    assert "errors_left_out" not in document


def test_a_position_of_the_wrong_shape_lists_every_member_bounded(client: TestClient) -> None:
    """Every unknown or missing member, msgspec's own first error first; at most ``MAX_GAPS``."""
    strange = {**ROLLING, **{f"x{k}": k for k in range(30)}}
    document = set_up(client, 422, position=strange)
    errors = document["errors"]
    assert errors[0] == {k: document[k] for k in ("code", "detail", "pointer")}
    assert "`x0`" in errors[0]["detail"]
    assert [e["pointer"] for e in errors[1:]] == [f"/position/x{k}" for k in range(1, MAX_GAPS)]
    assert document["errors_left_out"] == 30 - MAX_GAPS
    extensions = gql(client, SET_UP, p=strange)["errors"][0]["extensions"]
    assert (extensions["errors"], extensions["errors_left_out"]) == (errors, 30 - MAX_GAPS)
    mixed = {"seats": [{"bank": 1}, 7]}
    document = set_up(client, 422, position=mixed)
    assert document["pointer"] == "/position/seats/0/bank" and "`bank`" in document["detail"]
    assert [e["pointer"] for e in document["errors"]] == [
        "/position/seats/0/bank",
        "/position/seats/1",
    ]
    assert document["errors"][1]["detail"] == "expected an object at /position/seats/1"
    alone = set_up(client, 422, position={"current": 0})  # one gap: seats missing
    assert alone["pointer"] == "/position" and "errors" not in alone


def test_an_unknown_pack_is_refused_at_content_id(client: TestClient) -> None:
    response = client.post(
        "/v1/games/pig/positions", json={"position": ROLLING, "content_id": "0123456789abcdef"}
    )
    assert problem(response, 422, "unknown_content")["pointer"] == "/content_id"
    pack = client.post("/v1/games/pig/content", json={"faces": [1, 2, 3]}).json()["content_id"]
    # with faces up to 3, seat 1 cannot have 12 banked and 7 more in 5 rolls: the pack decides
    refused = client.post("/v1/games/pig/positions", json={"position": ROLLING, "content_id": pack})
    assert problem(refused, 422, "pig.position.turn_points")["pointer"] == "/position/turn_points"


def test_a_crash_or_a_careless_game_is_the_positions_fault_not_a_500(make_client: Any) -> None:
    client = make_client(Registry([CrashingPig()]))
    response = client.post("/v1/games/pig/positions", json={"position": {**ROLLING, "target": 13}})
    assert problem(response, 422, "invalid_state")["pointer"] == "/position"
    careless = make_client(Registry([CarelessPig()]))
    response = careless.post("/v1/games/pig/positions", json={"position": ROLLING})
    document = problem(response, 422, "pig.state.negative")
    assert document["pointer"] == "/position" and "the rules refuse" in document["detail"]


def test_slow_and_careless_positions_are_logged_without_the_position(
    make_client: Any, caplog: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(positions, "SLOW", 0.0)
    client = make_client(Registry([CarelessPig()]))
    with caplog.at_level(logging.WARNING, logger="arbiter.positions"):
        client.post("/v1/games/pig/positions", json={"position": ROLLING, "seed": 987654321})
    lines = [JsonFormatter().format(r) for r in caplog.records if r.name == "arbiter.positions"]
    said = [json.loads(line) for line in lines]
    assert [line["msg"] for line in said] == [
        "a position took long to set up",
        "a position made a state its game refuses",
    ]
    assert said[0]["game"] == "pig" and said[1]["code"] == "pig.state.negative"
    assert not any("987654321" in line or "banked" in line for line in lines)


def test_a_game_without_positions_says_so(make_client: Any) -> None:
    client = make_client(Registry([NoPositionsPig()]))
    assert client.get("/v1/games/plain-pig").json()["positions"] is False
    for path, body in (
        ("/v1/games/plain-pig/positions", {"position": ROLLING}),
        ("/v1/games/plain-pig/position", {"state_id": "A" * 22}),
    ):
        document = problem(client.post(path, json=body), 404, "positions_unsupported")
        assert "plain-pig" in document["detail"]
    query = 'mutation($p: JSON!) { setUpPosition(game: "plain-pig", position: $p) { stateId } }'
    payload = client.post("/graphql", json={"query": query, "variables": {"p": ROLLING}}).json()
    assert payload["errors"][0]["extensions"]["code"] == "positions_unsupported"
    assert payload["errors"][0]["extensions"]["status"] == 404


def test_one_handle_is_named(client: TestClient) -> None:
    answer = set_up(client, seed=3)
    for body in ({}, {"state_id": answer["state_id"], "state": answer["state"]}):
        problem(client.post("/v1/games/pig/position", json=body), 422, "invalid_state_handle")
    problem(
        client.post("/v1/games/pig/position", json={"state_id": "A" * 22}), 404, "unknown_state"
    )
    broken = {**answer["state"], "current": 7}
    response = client.post("/v1/games/pig/position", json={"state": broken})
    assert problem(response, 422, "pig.state.current")["pointer"] == "/state/current"


# -------------------------------------------------------------------- sealed, records


def test_a_sealed_table_gives_its_position_to_the_master_only(client: TestClient) -> None:
    master = set_up(client, seed=3, sealed=True)
    assert master["sealed"] is True and "state" not in master and master["to_act"] == ["chance"]
    seats = master["seat_tokens"]
    # chance belongs to the master at a real table; a seat cannot roll for it
    refused = client.post(
        "/v1/games/pig/moves", json={"state_token": seats[1], "move": {"type": "die", "face": 6}}
    )
    problem(refused, 403, "chance_forbidden")
    for token in seats:
        response = client.post("/v1/games/pig/position", json={"state_token": token})
        assert problem(response, 403, "master_only")["pointer"] == "/state_token"
    shown = position_of(client, state_token=master["state_token"])["position"]
    assert shown["decision"] == "die" and shown["seats"][1]["lucky"] is not None
    rolled = client.post(
        "/v1/games/pig/moves",
        json={"state_token": master["state_token"], "move": {"type": "die", "face": 2}},
    ).json()
    # the master's stale handle gets the position of the game's current step
    later = position_of(client, state_token=master["state_token"])["position"]
    assert later["turn_points"] == 9 and later["decision"] == "roll_or_hold"
    assert position_of(client, state_token=rolled["state_token"])["position"] == later
    for token in (*seats, *rolled["seat_tokens"]):  # current or stale, no seat gets it
        response = client.post("/v1/games/pig/position", json={"state_token": token})
        problem(response, 403, "master_only")
    record = client.post("/v1/games/pig/record", json={"state_token": rolled["state_token"]})
    assert "set up from a position" in problem(record, 404, "history_unavailable")["detail"]


def test_an_open_game_from_a_position_has_no_record(client: TestClient) -> None:
    answer = set_up(client, seed=3, resolve_chance=True)
    state_id = answer["state_id"]
    for _ in range(70):  # past one segment of history
        moved = client.post(
            "/v1/games/pig/moves", json={"state_id": state_id, "move": answer["legal_moves"][0]}
        )
        answer = moved.json()
        if answer["finished"]:
            break
        state_id = answer["state_id"]
    for body in ({"state_id": state_id}, {"state": answer["state"]}):
        record = client.post("/v1/games/pig/record", json=body)
        assert "set up from a position" in problem(record, 404, "history_unavailable")["detail"]


def test_tables_from_positions_live_in_redis_too(make_client: Any, redis_url: str) -> None:
    a = make_client(redis_url=redis_url)
    b = make_client(redis_url=redis_url)
    master = set_up(a, seed=3, sealed=True, resolve_chance=True)
    shown = b.post("/v1/games/pig/position", json={"state_token": master["state_token"]})
    assert shown.status_code == 200, shown.text
    record = b.post("/v1/games/pig/record", json={"state_token": master["state_token"]})
    problem(record, 404, "history_unavailable")
    opened = set_up(a, seed=3)
    assert position_of(b, state_id=opened["state_id"])["position"]["decision"] == "die"
    record = b.post("/v1/games/pig/record", json={"state_id": opened["state_id"]})
    problem(record, 404, "history_unavailable")


# ------------------------------------------------------------------------------ GraphQL


SET_UP = """
mutation($p: JSON!, $seed: Seed, $sealed: Boolean! = false, $rc: Boolean) {
  setUpPosition(game: "pig", position: $p, seed: $seed, sealed: $sealed, resolveChance: $rc) {
    stateId stateToken seatTokens state toAct resolveChance
  }
}
"""
SET_UP_DEFAULT = """
mutation($p: JSON!, $seed: Seed) {
  setUpPosition(game: "pig", position: $p, seed: $seed) { stateId state toAct resolveChance }
}
"""
POSITION = """
query($id: String, $token: String, $state: JSON) {
  position(game: "pig", stateId: $id, stateToken: $token, state: $state) {
    game rulesVersion contentId position
  }
}
"""


def gql(client: TestClient, query: str, **variables: Any) -> dict[str, Any]:
    response = client.post("/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    payload: dict[str, Any] = response.json()
    return payload


def test_graphql_sets_up_and_tells_positions_as_rest_does(client: TestClient) -> None:
    made = gql(client, SET_UP_DEFAULT, p=ROLLING, seed=3)["data"]["setUpPosition"]
    rest = set_up(client, seed=3)
    assert made["stateId"] == rest["state_id"] and made["state"] == rest["state"]
    assert made["toAct"] == ["chance"] and made["resolveChance"] is False
    shown = gql(client, POSITION, id=made["stateId"])["data"]["position"]
    assert shown == {
        "game": "pig",
        "rulesVersion": "1",
        "contentId": Pig().default_content_id,
        "position": position_of(client, state_id=rest["state_id"])["position"],
    }
    assert gql(client, POSITION, state=made["state"])["data"]["position"] == shown
    sealed = gql(client, SET_UP, p=ROLLING, seed=3, sealed=True)["data"]["setUpPosition"]
    assert sealed["state"] is None and len(sealed["seatTokens"]) == 2
    assert gql(client, POSITION, token=sealed["stateToken"])["data"]["position"] == shown
    refused = gql(client, POSITION, token=sealed["seatTokens"][0])["errors"][0]["extensions"]
    assert refused["code"] == "master_only" and refused["status"] == 403


def test_graphql_refusals_point_into_the_position(client: TestClient) -> None:
    for position, code, pointer in (
        ({**ROLLING, "current": "x"}, "invalid_request", "/position/current"),
        ({**ROLLING, "current": 5}, "pig.position.current", "/position/current"),
    ):
        errors = gql(client, SET_UP, p=position)["errors"]
        assert errors[0]["extensions"]["code"] == code
        assert errors[0]["extensions"]["pointer"] == pointer
    twice = (
        'mutation($p: JSON!) { a: setUpPosition(game: "pig", position: $p) { stateId } '
        'b: setUpPosition(game: "pig", position: $p) { stateId } }'
    )
    payload = gql(client, twice, p=ROLLING)
    assert payload["errors"][0]["extensions"]["code"] == "graphql_limit"


# --------------------------------------------------------------------------------- docs


def test_the_reference_shows_the_position_and_its_worked_examples(make_client: Any) -> None:
    doc = docs.build(Pig(), budget=300)
    text = docs.markdown(doc)
    section = text[text.index("## Positions") :]
    for name in ("### PigPosition", "### PigSeat", "### Worked examples", "`decision`"):
        assert name in section
    for title, position in Pig().position_examples():
        shown = msgspec.json.format(msgspec.json.encode(position), indent=2).decode()
        assert f"#### {title}\n\n```json\n{shown}\n```" in section
    assert "| positions from a table | yes |" in text
    page = render(doc)
    assert "<h2 id=positions>Positions</h2>" in page and "type-PigSeat" in page
    assert "&quot;decision&quot;: &quot;die&quot;" in page
    plain = docs.markdown(docs.build(NoPositionsPig(), budget=100))
    assert "does not take positions yet" in plain and "positions from a table | no" in plain


# ------------------------------------------------------------------------- every game


@pytest.mark.parametrize("game", list(registry()), ids=lambda g: g.id)
def test_every_game_takes_positions_through_the_api_or_refuses_them(
    make_client: Any, game: Any
) -> None:
    client = make_client(Registry([type(game)()]))
    path = f"/v1/games/{game.id}"
    assert client.get(path).json()["positions"] is (game.position_type is not None)
    state = play(game, game.min_players, 21, 150)
    body = {"state": msgspec.to_builtins(state)}
    if game.position_type is None:
        problem(client.post(f"{path}/position", json=body), 404, "positions_unsupported")
        problem(
            client.post(f"{path}/positions", json={"position": {}}), 404, "positions_unsupported"
        )
        return
    shown = client.post(f"{path}/position", json=body)
    assert shown.status_code == 200, shown.text
    position = shown.json()["position"]
    made = client.post(f"{path}/positions", json={"position": position, "seed": 5})
    assert made.status_code == 201, made.text
    again = client.post(f"{path}/position", json={"state_id": made.json()["state_id"]})
    assert again.json()["position"] == position
    rng = random.Random(5)
    for title, worked in game.position_examples():
        answer = client.post(
            f"{path}/positions",
            json={"position": msgspec.to_builtins(worked), "seed": rng.randrange(99)},
        )
        assert answer.status_code == 201, (title, answer.text)


def test_the_example_types_are_what_the_toy_game_says() -> None:
    with pytest.raises(InvalidState):
        Pig().state_of(PigPosition(seats=(PigSeat(),)), 1)
