"""GraphQL: every query and mutation, refusals in ``extensions``, and the same answers as REST."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.api.graphql import schema
from arbiter.games import registry
from tests.api.conftest import move, new_game

ENVELOPE = """
    game rulesVersion stateId sealed resolveChance asSeat state stateToken seatTokens view
    toAct legalMoves events finished result
"""


def gql(client: TestClient, query: str, **variables: Any) -> dict[str, Any]:
    response = client.post("/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    payload: dict[str, Any] = response.json()
    return payload


def data(client: TestClient, query: str, **variables: Any) -> dict[str, Any]:
    payload = gql(client, query, **variables)
    assert "errors" not in payload, payload["errors"]
    result: dict[str, Any] = payload["data"]
    return result


def error(client: TestClient, query: str, **variables: Any) -> dict[str, Any]:
    payload = gql(client, query, **variables)
    (only,) = payload["errors"]
    extensions: dict[str, Any] = only["extensions"]
    assert extensions["detail"] == only["message"]
    return extensions


def snake(envelope: dict[str, Any]) -> dict[str, Any]:
    """A GraphQL envelope with REST's member names, absent members dropped."""
    out = {re.sub(r"[A-Z]", lambda m: "_" + m.group().lower(), k): v for k, v in envelope.items()}
    return {k: v for k, v in out.items() if v is not None or k in ("state_id", "as_seat", "result")}


NEW_GAME = f"""
mutation($game: String!, $players: Int!, $seed: Seed, $options: JSON, $sealed: Boolean! = false,
         $asSeat: Int, $resolveChance: Boolean! = true, $contentId: String) {{
  newGame(game: $game, players: $players, seed: $seed, options: $options, sealed: $sealed,
          asSeat: $asSeat, resolveChance: $resolveChance, contentId: $contentId) {{ {ENVELOPE} }}
}}
"""

APPLY = f"""
mutation($game: String!, $move: JSON!, $state: JSON, $stateId: String, $stateToken: String,
         $asSeat: Int, $resolveChance: Boolean) {{
  applyMove(game: $game, move: $move, state: $state, stateId: $stateId, stateToken: $stateToken,
            asSeat: $asSeat, resolveChance: $resolveChance) {{ {ENVELOPE} }}
}}
"""


def test_games_and_game(client: TestClient) -> None:
    games = data(
        client,
        "{ games { id title minPlayers maxPlayers rulesVersion options { name type default description } } }",
    )
    assert games["games"] == [
        {
            "id": "pig",
            "title": "Pig (test game)",
            "minPlayers": 2,
            "maxPlayers": 4,
            "rulesVersion": "1",
            "options": [
                {"name": "target", "type": "integer", "default": 20, "description": "points to win"}
            ],
        }
    ]
    rest = client.get("/v1/games/pig").json()
    one = data(client, '{ game(id: "pig") { id defaultContentId hiddenInformation chance } }')
    assert one["game"] == {
        "id": "pig",
        "defaultContentId": rest["default_content_id"],
        "hiddenInformation": True,
        "chance": True,
    }
    assert error(client, '{ game(id: "go") { id } }')["code"] == "unknown_game"


def test_options_say_their_choices_bounds_and_player_counts(
    make_client: Callable[..., TestClient],
) -> None:
    """GraphQL's fact sheets carry what REST's do: an option's choices, an integer's bounds,
    the player counts it applies to (null where the option says none)."""
    client = make_client(registry())
    fields = "name choices minimum maximum minPlayers maxPlayers"
    for game in ("raiders-of-scythia", "ancient-wargame"):
        rest = client.get(f"/v1/games/{game}").json()["options"]
        found = data(client, f'{{ game(id: "{game}") {{ options {{ {fields} }} }} }}')
        assert found["game"]["options"] == [
            {
                "name": o["name"],
                "choices": o.get("choices"),
                "minimum": o.get("minimum"),
                "maximum": o.get("maximum"),
                "minPlayers": o.get("min_players"),
                "maxPlayers": o.get("max_players"),
            }
            for o in rest
        ]
    solo = client.get("/v1/games/raiders-of-scythia").json()["options"][0]
    assert (solo["min_players"], solo["max_players"]) == (1, 1)
    assert solo["choices"] == ["trader", "lookout", "huntsman", "outrider"]


@pytest.mark.parametrize(
    "body",
    [
        {"players": 2, "seed": 7},
        {"players": 3, "seed": 2**62, "options": {"target": 9}, "as_seat": 2},
        {"players": 2, "seed": 5, "resolve_chance": False},
    ],
)
def test_new_game_and_apply_move_answer_like_rest(client: TestClient, body: dict[str, Any]) -> None:
    rest = new_game(client, **body)
    variables = {
        "game": "pig",
        "players": body["players"],
        "seed": body["seed"],
        "options": body.get("options"),
        "asSeat": body.get("as_seat"),
        "resolveChance": body.get("resolve_chance", True),
    }
    graph = data(client, NEW_GAME, **variables)["newGame"]
    assert snake(graph) == rest
    roll = {"type": "roll", "seat": 0}
    for handle in ({"state": rest["state"]}, {"state_id": rest["state_id"]}):
        rest_after = move(client, move=roll, **handle)
        graph_handle = (
            {"state": rest["state"]} if "state" in handle else {"stateId": rest["state_id"]}
        )
        graph_after = data(client, APPLY, game="pig", move=roll, **graph_handle)["applyMove"]
        assert snake(graph_after) == rest_after


CURRENT = f"""
query($game: String!, $stateToken: String!, $asSeat: Int) {{
  current(game: $game, stateToken: $stateToken, asSeat: $asSeat) {{ {ENVELOPE} }}
}}
"""

UNDO = f"""
mutation($game: String!, $stateToken: String!) {{
  undo(game: $game, stateToken: $stateToken) {{ {ENVELOPE} }}
}}
"""


def test_sealed_games_over_graphql(client: TestClient) -> None:
    master = data(client, NEW_GAME, game="pig", players=2, seed=7, sealed=True)["newGame"]
    assert master["state"] is None and master["stateId"] is None and master["view"]["seat"] is None
    seat0, seat1 = master["seatTokens"]
    mine = data(client, CURRENT, game="pig", stateToken=seat0)["current"]
    assert mine["view"]["seat"] == 0 and mine["seatTokens"] is None
    peek = error(client, CURRENT, game="pig", stateToken=seat1, asSeat=0)
    assert peek["code"] == "forbidden_seat" and peek["status"] == 403
    other = error(client, APPLY, game="pig", move={"type": "hold", "seat": 0}, stateToken=seat1)
    assert other["code"] == "forbidden_seat"
    die = error(client, APPLY, game="pig", move={"type": "die", "face": 6}, stateToken=seat0)
    assert die["code"] == "chance_forbidden"
    after = data(client, APPLY, game="pig", move={"type": "hold", "seat": 0}, stateToken=seat0)[
        "applyMove"
    ]
    assert after["state"] is None and after["view"]["seat"] == 0 and after["toAct"] == [1]
    stale = error(client, APPLY, game="pig", move={"type": "hold", "seat": 0}, stateToken=seat0)
    assert stale["code"] == "stale_state" and stale["status"] == 409
    not_master = error(client, UNDO, game="pig", stateToken=after["stateToken"])
    assert not_master["code"] == "master_only"
    boss = data(client, CURRENT, game="pig", stateToken=master["stateToken"])["current"]
    back = data(client, UNDO, game="pig", stateToken=boss["stateToken"])["undo"]
    assert back["toAct"] == [0] and len(back["seatTokens"]) == 2
    tampered = seat0[:-2] + ("AA" if seat0[-2:] != "AA" else "BB")
    refusal = error(
        client, APPLY, game="pig", move={"type": "hold", "seat": 0}, stateToken=tampered
    )
    assert refusal["code"] == "invalid_state_token" and refusal["status"] == 422


def test_state_legal_moves_and_validate_queries(client: TestClient) -> None:
    rest = new_game(client, as_seat=0)
    query = (
        f"query($id: String!, $asSeat: Int) {{ state(id: $id, asSeat: $asSeat) {{ {ENVELOPE} }} }}"
    )
    fetched = data(client, query, id=rest["state_id"], asSeat=0)["state"]
    by_rest = client.get(f"/v1/states/{rest['state_id']}?as_seat=0").json()
    assert snake(fetched) == by_rest
    assert error(client, query, id="nope")["code"] == "unknown_state"
    sealed = new_game(client, sealed=True, as_seat=0)
    legal = data(
        client,
        'query($t: String!) { legalMoves(game: "pig", stateToken: $t, asSeat: 0) { toAct moves } }',
        t=sealed["state_token"],
    )["legalMoves"]
    assert legal == {"toAct": [0], "moves": sealed["legal_moves"]}
    validate = """query($id: String!, $move: JSON!) {
        validate(game: "pig", stateId: $id, move: $move) { legal code detail } }"""
    assert data(client, validate, id=rest["state_id"], move={"type": "hold", "seat": 0})[
        "validate"
    ] == {"legal": True, "code": None, "detail": None}
    refused = data(client, validate, id=rest["state_id"], move={"type": "hold", "seat": 1})[
        "validate"
    ]
    rest_refused = client.post(
        "/v1/games/pig/validate",
        json={"state_id": rest["state_id"], "move": {"type": "hold", "seat": 1}},
    ).json()
    assert refused == rest_refused


def test_replay_query(client: TestClient) -> None:
    moves = [{"type": "roll", "seat": 0}, {"type": "die", "face": 5}, {"type": "hold", "seat": 0}]
    query = f"""query($moves: [JSON!]!) {{
        replay(game: "pig", players: 2, seed: "1", moves: $moves) {{ {ENVELOPE} }} }}"""
    graph = data(client, query, moves=moves)["replay"]
    rest = client.post("/v1/games/pig/replay", json={"players": 2, "seed": 1, "moves": moves})
    assert snake(graph) == rest.json()
    bad = error(client, query, moves=[*moves[:2], {"type": "hold", "seat": 1}])
    assert bad["code"] == "pig.not_your_turn" and bad["move_index"] == 2


def test_register_content_and_content(client: TestClient) -> None:
    register = (
        'mutation($c: JSON!) { registerContent(game: "pig", content: $c) { game contentId } }'
    )
    created = data(client, register, c={"faces": [2, 3]})["registerContent"]
    rest = client.post("/v1/games/pig/content", json={"faces": [2, 3]}).json()
    assert created == {"game": "pig", "contentId": rest["content_id"]}
    query = 'query($id: String!) { content(game: "pig", contentId: $id) }'
    pack = data(client, query, id=rest["content_id"])
    assert pack == {"content": {"faces": [2, 3]}}
    bad = error(client, register, c={"faces": "x"})
    assert bad["code"] == "invalid_request" and bad["pointer"] == "/faces"


def test_refusals_carry_the_problem_in_extensions(client: TestClient) -> None:
    start = new_game(client)
    illegal = error(
        client, APPLY, game="pig", move={"type": "roll", "seat": 1}, stateId=start["state_id"]
    )
    rest = client.post(
        "/v1/games/pig/moves",
        json={"state_id": start["state_id"], "move": {"type": "roll", "seat": 1}},
    ).json()
    rest.pop("request_id")
    assert illegal == rest
    broken = {**start["state"], "banked": [0, -1]}
    invalid = error(client, APPLY, game="pig", move={"type": "roll", "seat": 0}, state=broken)
    assert invalid["code"] == "pig.state.negative" and invalid["pointer"] == "/state/banked/1"
    seat = error(
        client,
        APPLY,
        game="pig",
        move={"type": "roll", "seat": 0},
        stateId=start["state_id"],
        asSeat=-1,
    )
    assert seat["code"] == "invalid_seat"
    players = error(client, NEW_GAME, game="pig", players=0)
    assert players["code"] == "invalid_request"
    seeds = gql(client, NEW_GAME, game="pig", players=2, seed=-5)
    assert "seed" in seeds["errors"][0]["message"]


def test_the_sdl_has_the_operations() -> None:
    sdl = schema.as_str()
    for name in (
        "games:", "game(", "state(", "legalMoves(", "validate(", "replay(", "record(", "content(",
        "newGame(", "applyMove(", "registerContent(", "scalar JSON", "scalar Seed",
    ):  # fmt: skip
        assert name in sdl, name


def test_acting_seats_over_graphql(client: TestClient) -> None:
    query = """
    mutation { newGame(game: "pig", players: 2, seed: 7, sealed: true, actingSeats: true) {
      acting { seat view legalMoves events } } }"""
    (acting,) = data(client, query)["newGame"]["acting"]
    assert acting["seat"] == 0 and acting["legalMoves"] == [
        {"type": "roll", "seat": 0},
        {"type": "hold", "seat": 0},
    ]


def test_texts_over_graphql_are_those_of_the_views_shown(client: TestClient) -> None:
    from tests.toy import Pig

    pig = Pig()
    query = """
    mutation { newGame(game: "pig", players: 2, seed: 7, sealed: true, actingSeats: true,
      render: true) { stateToken seatTokens view text acting { seat text } } }"""
    master = data(client, query)["newGame"]
    assert master["text"].startswith("Pig -- first to 20") and "lucky" not in master["text"]
    (acting,) = master["acting"]
    seat = """
    query($t: String!) { current(game: "pig", stateToken: $t, render: true) { view text } }"""
    own = data(client, seat, t=master["seatTokens"][0])["current"]
    assert (
        acting["text"] == own["text"]
        and f"your lucky number: {own['view']['my_lucky']}" in own["text"]
    )
    plain = """query($t: String!) { current(game: "pig", stateToken: $t) { text } }"""
    assert data(client, plain, t=master["seatTokens"][0])["current"]["text"] is None
    opened = data(
        client, 'mutation { newGame(game: "pig", players: 2, seed: 7) { stateId text } }'
    )["newGame"]
    public = pig.render_view(pig.view(pig.new_state(2, seed=7), None))
    assert opened["text"] is None
    cached = """query($id: String!) { state(id: $id, asSeat: 1, render: true) { text } }"""
    text = data(client, cached, id=opened["stateId"])["state"]["text"]
    assert text == pig.render_view(pig.view(pig.new_state(2, seed=7), 1)) != public
