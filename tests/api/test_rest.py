"""The REST API over the Pig test game: every endpoint, handles, chance, problems (sealed games:
``test_sealed.py``)."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from arbiter.api.cache import MemoryCache
from arbiter.api.openapi import build_openapi, dumps
from arbiter.core import Registry
from tests.api.conftest import app_of, move, new_game, problem
from tests.toy import Pig

# ----------------------------------------------------------------------------- fact sheets


def test_games_lists_the_fact_sheets(client: TestClient) -> None:
    response = client.get("/v1/games")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    (pig,) = response.json()["games"]
    assert pig["id"] == "pig"
    assert (pig["min_players"], pig["max_players"], pig["rules_version"]) == (2, 4, "1")
    assert pig["options"] == [
        {"name": "target", "type": "integer", "default": 20, "description": "points to win"}
    ]
    assert client.get("/v1/games/pig").json() == pig


def test_an_unknown_game_is_a_404_problem(client: TestClient) -> None:
    problem(client.get("/v1/games/chess"), 404, "unknown_game")
    problem(client.post("/v1/games/chess/states", json={"players": 2}), 404, "unknown_game")
    problem(client.post("/v1/games/chess/moves", json={}), 404, "unknown_game")


# ------------------------------------------------------------------------------ new games


def test_a_new_open_game_returns_the_full_state_and_the_legal_moves(client: TestClient) -> None:
    response = client.post("/v1/games/pig/states", json={"players": 2, "seed": 7})
    assert response.status_code == 201
    envelope = response.json()
    assert response.headers["location"] == f"/v1/states/{envelope['state_id']}"
    assert list(envelope) == [
        "game", "rules_version", "state_id", "sealed", "resolve_chance", "as_seat", "state",
        "to_act", "legal_moves", "events", "finished", "result",
    ]  # fmt: skip
    assert envelope["game"] == "pig" and envelope["rules_version"] == "1"
    assert envelope["sealed"] is False and envelope["resolve_chance"] is True
    assert envelope["state"]["seed"] == 7 and envelope["state"]["players"] == 2
    assert envelope["to_act"] == [0]
    assert envelope["legal_moves"] == [{"type": "roll", "seat": 0}, {"type": "hold", "seat": 0}]
    assert envelope["events"] == [] and envelope["finished"] is False
    assert envelope["result"] is None


def test_the_server_draws_a_63_bit_seed_when_none_is_given(client: TestClient) -> None:
    seeds = {new_game(client, seed=None)["state"]["seed"] for _ in range(5)}
    assert len(seeds) == 5
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_options_are_decoded_into_the_games_options(client: TestClient) -> None:
    assert new_game(client, options={"target": 5})["state"]["target"] == 5
    assert new_game(client, options=None)["state"]["target"] == 20
    bad = client.post("/v1/games/pig/states", json={"players": 2, "options": {"target": "x"}})
    assert problem(bad, 422, "invalid_request")["pointer"] == "/options/target"
    unknown = client.post("/v1/games/pig/states", json={"players": 2, "options": {"speed": 1}})
    assert problem(unknown, 422, "invalid_request")["pointer"] == "/options/speed"


def test_setup_refusals_are_problems(client: TestClient) -> None:
    too_many = client.post("/v1/games/pig/states", json={"players": 9})
    assert problem(too_many, 422, "pig.setup.players")["pointer"] == "/players"
    missing = client.post("/v1/games/pig/states", json={"seed": 1})
    assert "players" in problem(missing, 422, "invalid_request")["detail"]
    extra = client.post("/v1/games/pig/states", json={"players": 2, "colour": "red"})
    problem(extra, 422, "invalid_request")
    negative = client.post("/v1/games/pig/states", json={"players": 2, "seed": -1})
    assert problem(negative, 422, "invalid_request")["pointer"] == "/seed"
    seat = client.post("/v1/games/pig/states", json={"players": 2, "as_seat": 2})
    assert problem(seat, 422, "invalid_seat")["pointer"] == "/as_seat"
    content = client.post("/v1/games/pig/states", json={"players": 2, "content_id": "feed"})
    assert problem(content, 422, "unknown_content")["pointer"] == "/content_id"


def test_malformed_json_is_a_400_problem(client: TestClient) -> None:
    response = client.post(
        "/v1/games/pig/states",
        content=b'{"players": 2',
        headers={"content-type": "application/json"},
    )
    problem(response, 400, "malformed_json")


def test_an_open_game_shows_a_view_when_a_seat_is_named(client: TestClient) -> None:
    envelope = new_game(client, as_seat=1)
    assert envelope["view"]["seat"] == 1
    assert envelope["view"]["my_lucky"] == envelope["state"]["lucky"][1]
    assert envelope["legal_moves"] == [{"type": "roll", "seat": 0}, {"type": "hold", "seat": 0}]


# ---------------------------------------------------------------------------------- moves


def test_a_move_on_a_full_state_returns_the_next_envelope(client: TestClient) -> None:
    start = new_game(client, seed=3)
    after = move(client, state=start["state"], move={"type": "roll", "seat": 0})
    pig = Pig()
    state = pig.new_state(2, seed=3)
    from tests.toy import Roll

    state, _ = pig.apply(state, Roll(seat=0))
    state, events = pig.resolve_chance(state)
    assert after["state"]["step"] == state.step == 2
    assert after["state"]["turn_points"] == state.turn_points
    assert after["events"] == [
        {"type": "rolled", "visible_to": None, "seat": 0, "face": events[0].face}  # type: ignore[attr-defined]
    ]


def test_every_legal_move_can_be_echoed_back_verbatim(client: TestClient) -> None:
    rng = random.Random(5)
    envelope = new_game(client, seed=11, options={"target": 12})
    for _ in range(200):
        if envelope["finished"]:
            break
        for legal in envelope["legal_moves"]:
            verdict = client.post(
                "/v1/games/pig/validate", json={"state_id": envelope["state_id"], "move": legal}
            )
            assert verdict.json() == {"legal": True}
        envelope = move(
            client, state_id=envelope["state_id"], move=rng.choice(envelope["legal_moves"])
        )
    assert envelope["finished"] is True
    assert envelope["to_act"] == [] and envelope["legal_moves"] == []
    result = envelope["result"]
    assert sorted(result["ranking"]) == [0, 1]
    assert result["winners"] == [result["ranking"][0]]
    assert len(result["scores"]) == 2
    over = client.post(
        "/v1/games/pig/moves",
        json={"state_id": envelope["state_id"], "move": {"type": "roll", "seat": 0}},
    )
    problem(over, 422, "pig.game_over")


def test_an_illegal_move_is_a_422_problem_with_the_rule_code(client: TestClient) -> None:
    start = new_game(client)
    response = client.post(
        "/v1/games/pig/moves", json={"state": start["state"], "move": {"type": "roll", "seat": 1}}
    )
    document = problem(response, 422, "pig.not_your_turn")
    assert document["legal_moves_count"] == 2
    assert document["pointer"] == "/move"
    assert "seat 1" in document["detail"]


def test_exactly_one_state_handle_must_be_given(client: TestClient) -> None:
    start = new_game(client)
    roll = {"type": "roll", "seat": 0}
    problem(client.post("/v1/games/pig/moves", json={"move": roll}), 422, "invalid_state_handle")
    both = {"state": start["state"], "state_id": start["state_id"], "move": roll}
    document = problem(client.post("/v1/games/pig/moves", json=both), 422, "invalid_state_handle")
    assert "state, state_id" in document["detail"]
    nulls = {"state": None, "state_token": None, "state_id": start["state_id"], "move": roll}
    assert client.post("/v1/games/pig/moves", json=nulls).status_code == 200


def test_a_move_that_does_not_decode_names_its_pointer(client: TestClient) -> None:
    start = new_game(client)
    bad_seat = {"state": start["state"], "move": {"type": "roll", "seat": "zero"}}
    response = client.post("/v1/games/pig/moves", json=bad_seat)
    assert problem(response, 422, "invalid_request")["pointer"] == "/move/seat"
    bad_type = {"state": start["state"], "move": {"type": "fly", "seat": 0}}
    response = client.post("/v1/games/pig/moves", json=bad_type)
    assert problem(response, 422, "invalid_request")["pointer"] == "/move/type"


def test_a_broken_state_is_refused_with_a_pointer_before_any_move(client: TestClient) -> None:
    state = new_game(client)["state"]
    roll = {"type": "roll", "seat": 0}
    typed = client.post(
        "/v1/games/pig/moves", json={"state": {**state, "banked": [0, "x"]}, "move": roll}
    )
    assert problem(typed, 422, "invalid_request")["pointer"] == "/state/banked/1"
    negative = {"state": {**state, "banked": [0, -4]}, "move": roll}
    document = problem(client.post("/v1/games/pig/moves", json=negative), 422, "pig.state.negative")
    assert document["pointer"] == "/state/banked/1"
    short = {"state": {**state, "lucky": [1]}, "move": roll}
    document = problem(client.post("/v1/games/pig/moves", json=short), 422, "pig.state.players")
    assert document["pointer"] == "/state/lucky"
    unknown = {"state": {**state, "colour": "red"}, "move": roll}
    assert (
        problem(client.post("/v1/games/pig/moves", json=unknown), 422, "invalid_request")["pointer"]
        == "/state/colour"
    )


def test_states_pinned_to_other_rules_or_unknown_content_are_refused(client: TestClient) -> None:
    state = new_game(client)["state"]
    roll = {"type": "roll", "seat": 0}
    old = client.post(
        "/v1/games/pig/moves", json={"state": {**state, "rules_version": "0"}, "move": roll}
    )
    assert problem(old, 422, "rules_version_mismatch")["pointer"] == "/state/rules_version"
    pack = client.post(
        "/v1/games/pig/legal-moves", json={"state": {**state, "content_id": "0123456789abcdef"}}
    )
    assert problem(pack, 422, "unknown_content")["pointer"] == "/state/content_id"


def test_a_state_the_rules_cannot_evaluate_is_the_clients_fault(make_client: Any) -> None:
    class FragilePig(Pig):
        """Pig whose move generator breaks on a target that check_state does not refuse."""

        def generate_moves(self, state: Any, actor: Any) -> Any:
            if state.target == 13:
                raise KeyError("unlucky")
            return super().generate_moves(state, actor)

    client = make_client(Registry([FragilePig()]))
    state = new_game(client)["state"]
    fragile = {**state, "target": 13}
    response = client.post("/v1/games/pig/legal-moves", json={"state": fragile})
    document = problem(response, 422, "invalid_state")
    assert document["pointer"] == "/state" and "KeyError" in document["detail"]
    response = client.post(
        "/v1/games/pig/moves", json={"state": fragile, "move": {"type": "hold", "seat": 0}}
    )
    problem(response, 422, "invalid_state")
    setup = client.post("/v1/games/pig/states", json={"players": 2, "options": {"target": 13}})
    assert problem(setup, 422, "invalid_state")["pointer"] == "/options"


def test_big_numbers_in_an_open_state_are_fine(client: TestClient) -> None:
    state = new_game(client)["state"]
    big = {**state, "seed": 2**70}  # JSON has no limit; msgpack (tokens, Redis) has
    response = client.post(
        "/v1/games/pig/moves", json={"state": big, "move": {"type": "hold", "seat": 0}}
    )
    assert response.status_code == 200 and response.json()["state"]["seed"] == 2**70


# ------------------------------------------------------------------------------- handles


def test_state_ids_round_trip_through_the_cache(client: TestClient) -> None:
    created = new_game(client)
    fetched = client.get(f"/v1/states/{created['state_id']}")
    assert fetched.status_code == 200
    assert fetched.json() == created  # the same state, treatment and (empty) events
    seen = client.get(f"/v1/states/{created['state_id']}", params={"as_seat": 1}).json()
    assert seen["view"]["seat"] == 1
    problem(client.get("/v1/states/unknown"), 404, "unknown_state")
    problem(client.get(f"/v1/states/{created['state_id']}?as_seat=x"), 422, "invalid_request")
    problem(client.get(f"/v1/states/{created['state_id']}?as_seat=2"), 422, "invalid_seat")
    unknown = {"state_id": "AAAAAAAAAAAAAAAAAAAAAA", "move": {"type": "roll", "seat": 0}}
    problem(client.post("/v1/games/pig/moves", json=unknown), 404, "unknown_state")


def test_texts_come_when_asked_for_of_the_view_shown(client: TestClient) -> None:
    pig = Pig()
    state = pig.new_state(2, seed=3)
    created = new_game(client, seed=3, render=True)
    assert created["text"] == pig.render(state) == pig.render_view(pig.view(state, None))
    assert "lucky" not in created["text"] and "view" not in created  # the public view's text
    assert "text" not in new_game(client, seed=3)  # default answers are unchanged
    seat = new_game(client, seed=3, as_seat=1, render=True)
    assert seat["text"] == pig.render_view(pig.view(state, 1)) and "lucky number" in seat["text"]
    moved = client.post(
        "/v1/games/pig/moves",
        json={"state": created["state"], "move": {"type": "hold", "seat": 0}, "render": True},
    ).json()
    assert moved["text"].splitlines()[1:3] == [
        "seat 0: 0 banked",
        "seat 1: 0 banked <- to roll or hold, 0 points this turn",
    ]
    replayed = client.post(
        "/v1/games/pig/replay",
        json={"players": 2, "seed": 3, "moves": [{"type": "hold", "seat": 0}], "render": True},
    ).json()
    assert replayed["text"] == moved["text"]
    path = f"/v1/states/{created['state_id']}"
    assert client.get(path, params={"render": "true", "as_seat": 1}).json()["text"] == seat["text"]
    assert "text" not in client.get(path, params={"render": "false"}).json()
    problem(client.get(path, params={"render": "yes"}), 422, "invalid_request")
    # legal-moves answers moves, not a state: no text to ask for
    listed = client.post(
        "/v1/games/pig/legal-moves", json={"state_id": created["state_id"], "render": True}
    )
    assert "render" in problem(listed, 422, "invalid_request")["detail"]


def test_state_ids_are_content_addressed_and_keyed(make_client: Any) -> None:
    a, b, other_key = (
        make_client(),
        make_client(),
        make_client(state_keys=("ab" * 32,)),
    )
    assert new_game(a)["state_id"] == new_game(b)["state_id"] == new_game(a)["state_id"]
    assert new_game(a)["state_id"] != new_game(other_key)["state_id"]
    assert new_game(a)["state_id"] != new_game(a, seed=8)["state_id"]
    # sealed games are named by their handles only, never by a state id
    assert new_game(a, sealed=True)["state_id"] is None


def test_cached_states_expire_after_their_ttl(make_client: Any) -> None:
    now = [1000.0]
    cache = MemoryCache(10_000_000, ttl=60, clock=lambda: now[0])
    from arbiter.api.app import create_app
    from tests.api.conftest import settings

    with TestClient(create_app(settings(), Registry([Pig()]), cache=cache)) as client:
        state_id = new_game(client)["state_id"]
        now[0] += 59
        assert client.get(f"/v1/states/{state_id}").status_code == 200
        now[0] += 61
        problem(client.get(f"/v1/states/{state_id}"), 404, "unknown_state")


def entry_bytes(client: TestClient) -> int:
    """The bytes the embedded store counts for one new game of Pig (its state's JSON: every
    new game of these tests writes as long a state)."""
    store = app_of(client).cache
    assert isinstance(store, MemoryCache)
    before = store._states.total
    new_game(client, seed=999)
    return store._states.total - before


def test_the_embedded_cache_evicts_the_least_recently_used(make_client: Any) -> None:
    one = entry_bytes(make_client())
    client = make_client(cache_bytes=2 * one + one // 2, cache_min_age=0, client_share=1.0)
    first, second = new_game(client, seed=1), new_game(client, seed=2)
    assert client.get(f"/v1/states/{first['state_id']}").status_code == 200  # first is fresh
    new_game(client, seed=3)
    assert client.get(f"/v1/states/{first['state_id']}").status_code == 200
    problem(client.get(f"/v1/states/{second['state_id']}"), 404, "unknown_state")


def test_a_burst_of_new_states_cannot_evict_recent_ones(make_client: Any) -> None:
    """The fairness policy: entries used in the last ARBITER_CACHE_MIN_AGE seconds are never
    evicted for another client's; when all are that recent, new states are not admitted
    (``state_id: null``). (Here one client may hold the whole store: the share is 1.)"""
    one = entry_bytes(make_client())
    now = [1000.0]
    cache = MemoryCache(50 * one, ttl=3600, clock=lambda: now[0], min_age=300, share=1.0)
    from arbiter.api.app import create_app
    from tests.api.conftest import settings

    app = create_app(settings(), Registry([Pig()]), cache=cache)
    victim_client = TestClient(app, client=("203.0.113.1", 1))
    with TestClient(app, client=("203.0.113.2", 2)) as client:
        victim = new_game(victim_client, seed=1)["state_id"]
        burst = [new_game(client, seed=1000 + i)["state_id"] for i in range(200)]
        full = burst.index(None)  # the store full (with ~50 states): refused, not evicting
        assert 45 <= full <= 49 and burst[full:] == [None] * (200 - full)
        assert client.get(f"/v1/states/{victim}").status_code == 200
        now[0] += 301  # once they are old enough, the least recently used go first
        assert new_game(client, seed=5000)["state_id"] is not None
        assert client.get(f"/v1/states/{victim}").status_code == 200  # used just before
        problem(client.get(f"/v1/states/{burst[0]}"), 404, "unknown_state")


def test_a_client_flooding_the_store_starves_nobody_else(make_client: Any) -> None:
    """One client sets up new states and sealed games as fast as it can: it holds its share of
    each store at most. At its share of open states it loses its own oldest; past its share of
    live sealed games it alone is refused (429, with what it uses and may use and when to
    retry). Another client meanwhile keeps its states and gets new state ids and sealed games;
    the open-state flood never evicted a sealed game."""
    one = entry_bytes(make_client())
    client = make_client(cache_bytes=40 * one, table_bytes=40 * one, client_share=0.25)
    app = app_of(client)
    flooder = TestClient(app, client=("198.51.100.7", 1))
    honest = TestClient(app, client=("203.0.113.9", 2))
    kept = new_game(honest, seed=1)["state_id"]
    table = new_game(honest, seed=2, sealed=True)["state_token"]
    flood = [new_game(flooder, seed=100 + i)["state_id"] for i in range(300)]
    assert None not in flood  # its own oldest made room: its newest states all have ids
    assert flooder.get(f"/v1/states/{flood[-1]}").status_code == 200
    problem(flooder.get(f"/v1/states/{flood[0]}"), 404, "unknown_state")
    refused = None
    for i in range(100):
        answer = flooder.post(
            "/v1/games/pig/states", json={"players": 2, "seed": 500 + i, "sealed": True}
        )
        if answer.status_code != 201:
            refused = answer
            break
    assert refused is not None, "a client set up sealed games past its share"
    document = problem(refused, 429, "quota_exceeded")
    assert document["allowed"] == int(40 * one * 0.25) and document["used"] <= document["allowed"]
    assert int(refused.headers["retry-after"]) >= 1
    # the honest client was not touched and is served as before
    assert honest.get(f"/v1/states/{kept}").status_code == 200
    current = honest.post("/v1/games/pig/current", json={"state_token": table})
    assert current.status_code == 200, current.text
    assert new_game(honest, seed=3)["state_id"] is not None
    assert new_game(honest, seed=4, sealed=True)["state_token"]
    # operators see it: refusals by client (addresses are all `anonymous`), store and reason
    metrics = client.get("/metrics").text
    refusals = (
        'arbiter_store_refusals_total{client="anonymous",code="quota_exceeded",store="tables"}'
    )
    assert f"{refusals} 1.0" in metrics


# ----------------------------------------------------------------------------------- chance


def test_clients_may_supply_chance_outcomes(client: TestClient) -> None:
    start = new_game(client, resolve_chance=False)
    assert start["resolve_chance"] is False
    rolled = move(client, state_id=start["state_id"], move={"type": "roll", "seat": 0})
    assert rolled["to_act"] == ["chance"]
    assert rolled["legal_moves"] == [{"type": "die", "face": f} for f in range(1, 7)]
    assert rolled["resolve_chance"] is False  # the handle carried it
    six = move(client, state=rolled["state"], move={"type": "die", "face": 6}, resolve_chance=False)
    assert six["state"]["turn_points"] == 6 and six["to_act"] == [0]
    assert six["events"] == [{"type": "rolled", "visible_to": None, "seat": 0, "face": 6}]
    seven = client.post(
        "/v1/games/pig/moves",
        json={"state_id": rolled["state_id"], "move": {"type": "die", "face": 7}},
    )
    problem(seven, 422, "pig.die.face")
    # a request may override the handle's treatment; the override then travels on
    drawn = move(
        client, state_id=six["state_id"], move={"type": "roll", "seat": 0}, resolve_chance=True
    )
    assert drawn["to_act"] != ["chance"] and drawn["resolve_chance"] is True


def test_a_pending_chance_decision_is_drawn_before_a_players_move(client: TestClient) -> None:
    start = new_game(client, seed=4, resolve_chance=False)
    rolled = move(client, state_id=start["state_id"], move={"type": "roll", "seat": 0})
    pig = Pig()
    import msgspec

    from tests.toy import PigState

    state = msgspec.convert(rolled["state"], PigState)
    drawn, _ = pig.resolve_chance(state)
    seat = pig.to_act(drawn)[0]
    after = move(client, state=rolled["state"], move={"type": "hold", "seat": seat})
    assert after["state"]["step"] == drawn.step + 1


# ----------------------------------------------------------------------- legal moves, validate


def test_legal_moves_and_validate_do_not_apply_anything(client: TestClient) -> None:
    start = new_game(client)
    listed = client.post("/v1/games/pig/legal-moves", json={"state": start["state"]})
    assert listed.json() == {"to_act": [0], "moves": start["legal_moves"]}
    verdict = client.post(
        "/v1/games/pig/validate",
        json={"state_id": start["state_id"], "move": {"type": "hold", "seat": 1}},
    ).json()
    assert verdict["legal"] is False and verdict["code"] == "pig.not_your_turn"
    assert "seat 1" in verdict["detail"]
    good = {"state_id": start["state_id"], "move": {"type": "hold", "seat": 0}}
    assert client.post("/v1/games/pig/validate", json=good).json() == {"legal": True}
    assert client.get(f"/v1/states/{start['state_id']}").json()["state"]["step"] == 0


# ----------------------------------------------------------------------------------- replay


def test_replay_reproduces_a_game_from_its_seed_and_player_moves(client: TestClient) -> None:
    rng = random.Random(9)
    envelope = new_game(client, seed=21)
    played = []
    for _ in range(25):
        if envelope["finished"]:
            break
        chosen = rng.choice(envelope["legal_moves"])
        played.append(chosen)
        envelope = move(client, state_id=envelope["state_id"], move=chosen)
    replayed = client.post("/v1/games/pig/replay", json={"players": 2, "seed": 21, "moves": played})
    assert replayed.status_code == 200, replayed.text
    assert replayed.json()["state"] == envelope["state"]
    assert replayed.json()["state_id"] == envelope["state_id"]


def test_replay_takes_chance_outcomes_given_explicitly(client: TestClient) -> None:
    moves = [{"type": "roll", "seat": 0}, {"type": "die", "face": 5}, {"type": "hold", "seat": 0}]
    response = client.post("/v1/games/pig/replay", json={"players": 2, "seed": 1, "moves": moves})
    assert response.json()["state"]["banked"] == [5, 0]
    kinds = [e["type"] for e in response.json()["events"]]
    assert kinds == ["rolled", "banked", "turn_passed"]


def test_replay_names_the_first_illegal_move(client: TestClient) -> None:
    moves = [
        {"type": "roll", "seat": 0},
        {"type": "die", "face": 4},
        {"type": "roll", "seat": 1},
        {"type": "roll", "seat": 1},
    ]
    response = client.post("/v1/games/pig/replay", json={"players": 2, "seed": 1, "moves": moves})
    document = problem(response, 422, "pig.not_your_turn")
    assert document["move_index"] == 2 and document["pointer"] == "/moves/2"
    bad = client.post(
        "/v1/games/pig/replay",
        json={"players": 2, "seed": 1, "moves": [moves[0], {"type": "die", "face": "x"}]},
    )
    assert problem(bad, 422, "invalid_request")["pointer"] == "/moves/1/face"


# ---------------------------------------------------------------------------------- content


def test_content_packs_register_once_and_serve_new_games(client: TestClient) -> None:
    response = client.post("/v1/games/pig/content", json={"faces": [1, 6, 6]})
    assert response.status_code == 201
    created = response.json()
    content_id = created["content_id"]
    assert created == {"game": "pig", "content_id": content_id}
    assert response.headers["location"] == f"/v1/games/pig/content/{content_id}"
    again = client.post("/v1/games/pig/content", json={"faces": [1, 6, 6]})
    assert again.json()["content_id"] == content_id
    assert client.get(f"/v1/games/pig/content/{content_id}").json() == {"faces": [1, 6, 6]}
    game = new_game(client, content_id=content_id, resolve_chance=False)
    assert game["state"]["content_id"] == content_id
    rolled = move(client, state_id=game["state_id"], move={"type": "roll", "seat": 0})
    assert rolled["legal_moves"] == [{"type": "die", "face": 1}, {"type": "die", "face": 6}]
    problem(client.get("/v1/games/pig/content/0000000000000000"), 404, "unknown_content")
    bad = client.post("/v1/games/pig/content", json={"faces": "many"})
    assert problem(bad, 422, "invalid_request")["pointer"] == "/faces"
    problem(
        client.post(
            "/v1/games/pig/content", content=b"{", headers={"content-type": "application/json"}
        ),
        400,
        "malformed_json",
    )


# ------------------------------------------------------------------------- HTTP-level problems


def test_unknown_paths_and_methods_are_problems(client: TestClient) -> None:
    problem(client.get("/v2/games"), 404, "not_found")
    problem(client.delete("/v1/games/pig"), 405, "method_not_allowed")


def test_bodies_over_the_limit_are_refused_with_413(make_client: Any) -> None:
    client = make_client(max_body=1024)
    big = {"players": 2, "padding": "x" * 2000}
    problem(client.post("/v1/games/pig/states", json=big), 413, "body_too_large")

    def chunks() -> Any:
        for _ in range(4):
            yield b" " * 500

    streamed = client.post(
        "/v1/games/pig/states", content=chunks(), headers={"content-type": "application/json"}
    )
    problem(streamed, 413, "body_too_large")
    assert client.post("/v1/games/pig/states", json={"players": 2}).status_code == 201


def test_request_ids_are_echoed_and_named_in_problems(client: TestClient) -> None:
    response = client.get("/v1/games/nope", headers={"x-request-id": "abc-123"})
    assert response.headers["x-request-id"] == "abc-123"
    assert response.json()["request_id"] == "abc-123"
    drawn = client.get("/v1/games", headers={"x-request-id": "bad id with spaces"})
    assert drawn.headers["x-request-id"] != "bad id with spaces"
    assert len(drawn.headers["x-request-id"]) == 16


# ------------------------------------------------------------------------ operations, docs


def test_health_readiness_and_metrics(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok", "checks": {}}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ok", "checks": {"games": "1", "cache": "embedded"}}
    start = new_game(client)
    move(client, state_id=start["state_id"], move={"type": "hold", "seat": 0})
    client.post(
        "/v1/games/pig/moves",
        json={"state_id": start["state_id"], "move": {"type": "hold", "seat": 1}},
    )
    text = client.get("/metrics").text
    assert (
        'arbiter_requests_total{method="POST",route="/v1/games/{game}/moves",status="200"} 1.0'
        in text
    )
    assert 'arbiter_moves_applied_total{game="pig"} 1.0' in text
    assert 'arbiter_moves_rejected_total{code="pig.not_your_turn",game="pig"} 1.0' in text
    assert "arbiter_request_duration_seconds_bucket" in text


def test_echo_answers_the_body_unchanged(client: TestClient) -> None:
    body = b'{"any": ["json", 1, null]}'
    response = client.post("/v1/echo", content=body, headers={"content-type": "application/json"})
    assert response.content == body
    assert response.headers["content-type"] == "application/json"


def test_the_docs_are_served(client: TestClient) -> None:
    served = client.get("/openapi.json")
    assert served.content == dumps(build_openapi(app_of(client).service.registry))
    home = client.get("/")
    assert home.status_code == 200 and "text/html" in home.headers["content-type"]
    for link in ("/openapi.json", "/graphql", "/healthz", "README"):
        assert link in home.text
    assert "pig" in home.text
    assert client.get("/problems/illegal_move").status_code == 200
    assert client.get("/problems/pig.not_your_turn").status_code == 200
    assert client.get("/problems/nonsense").status_code == 404
    ide = client.get("/graphql", headers={"accept": "text/html"})
    assert ide.status_code == 200 and "graphiql" in ide.text.lower()
