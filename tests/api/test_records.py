"""Game records: any game exported as one JSON document that ``/replay`` takes as it is.

An open game by any of its states (its history lives in the store beside them), a sealed game by
its master handle only; a record replays to the very state it was exported from, and a record
that does not say the truth about itself (a step, its result, its game, its rules) is refused
with a pointer at what is wrong. The golden playthroughs are records too: each is sent here as
it is.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.api.cache import Cached, MemoryCache
from arbiter.api.history import SEGMENT
from arbiter.core import Registry, Result
from arbiter.games import registry
from tests.api.conftest import NeverEndingPig, app_of, new_game, problem, settings
from tests.playthroughs.cases import CASES, GAMES
from tests.playthroughs.golden import load, load_hashes, path_for, state_hash
from tests.toy import Pig

RECORD = "/v1/games/pig/record"
REPLAY = "/v1/games/pig/replay"


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    answer: dict[str, Any] = response.json()
    return answer


def play(
    client: TestClient,
    answer: dict[str, Any],
    decisions: int,
    rng: random.Random,
    *,
    by_state: bool = False,
) -> dict[str, Any]:
    """Play up to ``decisions`` random legal moves from ``answer``, one request each (by id, or
    by sending the full state back); the last answer."""
    for _ in range(decisions):
        if answer["finished"]:
            break
        handle = {"state": answer["state"]} if by_state else {"state_id": answer["state_id"]}
        move = rng.choice(answer["legal_moves"])
        answer = ok(client.post("/v1/games/pig/moves", json={**handle, "move": move}))
    return answer


def export(client: TestClient, game: str = "pig", **handle: Any) -> dict[str, Any]:
    return ok(client.post(f"/v1/games/{game}/record", json=handle))


# ------------------------------------------------------------------------------ open games


def test_an_open_game_played_over_many_requests_replays_from_its_record(
    client: TestClient,
) -> None:
    rng = random.Random(5)
    start = new_game(client, seed=31)
    middle = play(client, start, 5, rng)
    middle = play(client, middle, 5, rng, by_state=True)  # a companion app sends states back
    assert not middle["finished"]
    last = play(client, middle, 200, rng)
    assert last["finished"]
    record = export(client, state_id=last["state_id"])
    assert record["format"] == "arbiter.record/1"
    assert (record["game"], record["rules_version"]) == ("pig", "1")
    assert (record["players"], record["seed"], record["options"]) == (2, 31, {"target": 20})
    assert record["content_id"] == start["state"]["content_id"]
    assert record["resolve_chance"] is True
    # every decision in order, the dice the server rolled included, each at its step
    assert [entry["step"] for entry in record["moves"]] == list(range(last["state"]["step"]))
    assert "die" in {entry["move"]["type"] for entry in record["moves"]}
    assert record["result"] == last["result"]
    replayed = ok(client.post(REPLAY, json=record))
    assert replayed["state"] == last["state"] and replayed["state_id"] == last["state_id"]
    assert replayed["result"] == last["result"]
    # a record of an earlier state stops there, and is a prefix of the later one
    earlier = export(client, state_id=middle["state_id"])
    assert "result" not in earlier  # not over: no result
    assert earlier["moves"] == record["moves"][: len(earlier["moves"])]
    assert ok(client.post(REPLAY, json=earlier))["state"] == middle["state"]


def test_a_game_at_a_real_table_records_the_chance_the_table_supplied(client: TestClient) -> None:
    """``resolve_chance: false``: the outcomes are moves like any other; the record says how
    chance is treated, so its replay stops where the game stopped (a die still to be rolled)."""
    answer = new_game(client, seed=3, resolve_chance=False)
    moves = [{"type": "roll", "seat": 0}, {"type": "die", "face": 5}, {"type": "roll", "seat": 0}]
    for move in moves:
        answer = ok(
            client.post("/v1/games/pig/moves", json={"state_id": answer["state_id"], "move": move})
        )
    assert answer["to_act"] == ["chance"]
    record = export(client, state_id=answer["state_id"])
    assert record["resolve_chance"] is False
    assert [entry["move"] for entry in record["moves"]] == moves
    replayed = ok(client.post(REPLAY, json=record))
    assert replayed["state"] == answer["state"] and replayed["to_act"] == ["chance"]


def test_a_full_state_exports_when_this_service_made_it(client: TestClient) -> None:
    rng = random.Random(8)
    last = play(client, new_game(client, seed=12), 9, rng, by_state=True)
    by_state = export(client, state=last["state"])
    assert by_state == export(client, state_id=last["state_id"])
    # a state the service never made (nor kept) has no history
    made_up = {**last["state"], "banked": [3, 4]}
    refused = client.post(RECORD, json={"state": made_up})
    document = problem(refused, 404, "history_unavailable")
    assert "not made by this service" in document["detail"]
    # nor a state from a library
    state = msgspec.to_builtins(Pig().new_state(2, seed=99))
    problem(client.post(RECORD, json={"state": state}), 404, "history_unavailable")


def test_a_long_game_is_kept_in_segments_and_a_short_one_in_one_entry(
    make_client: Any,
) -> None:
    client = make_client(Registry([NeverEndingPig()]))
    store = app_of(client).service.store
    rng = random.Random(2)
    answer = new_game_of(client, "pig")
    for _ in range(SEGMENT // 2):
        answer = play(client, answer, 1, rng)
    cached = app_of(client).cache._states.get(answer["state_id"])  # type: ignore[attr-defined]
    assert cached is not None and cached.link is not None and cached.link.parent is None
    for _ in range(3 * SEGMENT):
        answer = play(client, answer, 1, rng)
    reads = 0
    get_state = store.cache.get_state

    async def counting(state_id: str) -> Cached | None:
        nonlocal reads
        reads += 1
        return await get_state(state_id)

    store.cache.get_state = counting  # type: ignore[method-assign]
    record = export(client, state_id=answer["state_id"])
    decisions = answer["state"]["step"]
    assert len(record["moves"]) == decisions > 3 * SEGMENT
    assert reads <= 2 + decisions // (SEGMENT // 2), reads  # one read a segment, not a request
    assert ok(client.post(REPLAY, json=record))["state"] == answer["state"]


def new_game_of(client: TestClient, game: str, **body: Any) -> dict[str, Any]:
    return ok(client.post(f"/v1/games/{game}/states", json={"players": 2, "seed": 7, **body}))


def test_an_expired_history_is_refused_with_its_own_code() -> None:
    now = [0.0]
    cache = MemoryCache(10_000_000, 100, clock=lambda: now[0], min_age=0)
    app = create_app(settings(), Registry([NeverEndingPig()]), cache=cache)
    rng = random.Random(4)
    with TestClient(app) as client:
        answer = new_game_of(client, "pig")
        answer = play(client, answer, SEGMENT + 2, rng)  # the first segment's states, at t=0
        now[0] = 60
        answer = play(client, answer, 5, rng)  # these live until t=160
        assert export(client, state_id=answer["state_id"])["moves"]
        now[0] = 120  # the first segment's states expired at t=100
        refused = client.post(RECORD, json={"state_id": answer["state_id"]})
        assert "no longer kept" in problem(refused, 404, "history_unavailable")["detail"]
        # a state the store kept from before histories were (no link): refused the same way
        old = Cached("pig", True, b"x" * 20, Pig().new_state(2, seed=1))
        state_id = app.service.store.state_id("pig", True, old.digest)
        cache._states.put(state_id, old, 100, "")
        problem(client.post(RECORD, json={"state_id": state_id}), 404, "history_unavailable")
        # an unknown id is an unknown state, as everywhere
        problem(client.post(RECORD, json={"state_id": "A" * 22}), 404, "unknown_state")


def test_a_game_longer_than_a_replay_keeps_no_history(make_client: Any) -> None:
    client = make_client(Registry([NeverEndingPig()]), max_replay=10)
    answer = play(client, new_game_of(client, "pig"), 15, random.Random(1))
    assert answer["state"]["step"] > 10
    refused = client.post(RECORD, json={"state_id": answer["state_id"]})
    assert "ARBITER_MAX_REPLAY" in problem(refused, 404, "history_unavailable")["detail"]
    master = new_game_of(client, "pig", sealed=True)
    for _ in range(12):
        master = ok(
            client.post(
                "/v1/games/pig/moves",
                json={"state_token": master["state_token"], "move": master["legal_moves"][0]},
            )
        )
    refused = client.post(RECORD, json={"state_token": master["state_token"]})
    assert "ARBITER_MAX_REPLAY" in problem(refused, 404, "history_unavailable")["detail"]


# ---------------------------------------------------------------------------- sealed games


def sealed_move(client: TestClient, token: str, move: dict[str, Any]) -> dict[str, Any]:
    return ok(client.post("/v1/games/pig/moves", json={"state_token": token, "move": move}))


def current(client: TestClient, token: str) -> dict[str, Any]:
    return ok(client.post("/v1/games/pig/current", json={"state_token": token}))


def test_a_sealed_game_exports_through_its_master_handle_and_replays(client: TestClient) -> None:
    rng = random.Random(6)
    master = new_game(client, seed=17, sealed=True)
    first_master, seats = master["state_token"], master["seat_tokens"]
    undone = 0
    while True:
        seen = current(client, first_master)
        if seen["finished"]:
            break
        seat = seen["to_act"][0]
        mine = current(client, seats[seat])
        sealed_move(client, mine["state_token"], rng.choice(mine["legal_moves"]))
        if undone < 3 and rng.random() < 0.3:  # the backend takes a move back: the log too
            back = client.post(
                "/v1/games/pig/undo",
                json={"state_token": current(client, first_master)["state_token"]},
            )
            undone += back.status_code == 200
    assert undone
    final = current(client, first_master)
    # any master handle, current or stale, exports the game as it stands
    record = export(client, state_token=first_master)
    assert record == export(client, state_token=final["state_token"])
    assert record["seed"] == 17 and record["result"] == final["result"]
    assert [e["step"] for e in record["moves"]] == list(range(len(record["moves"])))
    replayed = ok(client.post(REPLAY, json=record))
    assert replayed["result"] == final["result"] and replayed["finished"]
    # ...and sealed again, by its new master
    resealed = ok(client.post(REPLAY, json={**record, "sealed": True}))
    assert resealed["sealed"] and resealed["result"] == final["result"]
    assert export(client, state_token=resealed["state_token"]) == record


def test_a_seat_handle_never_gets_a_record(client: TestClient) -> None:
    master = new_game(client, seed=2, sealed=True)
    seats = master["seat_tokens"]
    sealed_move(client, seats[0], {"type": "hold", "seat": 0})
    for token in [*seats, current(client, seats[0])["state_token"]]:  # stale or current
        refused = client.post(RECORD, json={"state_token": token})
        assert problem(refused, 403, "master_only")["pointer"] == "/state_token"
    query = 'query($t: String) { record(game: "pig", stateToken: $t) }'
    answer = client.post("/graphql", json={"query": query, "variables": {"t": seats[1]}}).json()
    assert answer["data"] is None
    assert answer["errors"][0]["extensions"]["code"] == "master_only"


def test_a_record_request_names_exactly_one_handle(client: TestClient) -> None:
    game = new_game(client)
    none = problem(client.post(RECORD, json={}), 422, "invalid_state_handle")
    assert none["detail"].endswith("; none was given")
    both = {"state_id": game["state_id"], "state": game["state"]}
    assert problem(client.post(RECORD, json=both), 422, "invalid_state_handle")["detail"].endswith(
        "; got state, state_id"
    )
    every = {**both, "state_token": "nope"}
    assert problem(client.post(RECORD, json=every), 422, "invalid_state_handle")["detail"].endswith(
        "; got state, state_id, state_token"
    )
    problem(client.post(RECORD, json={"state_token": "nope"}), 422, "invalid_state_token")
    extra = client.post(RECORD, json={"state_id": game["state_id"], "as_seat": 0})
    assert "as_seat" in problem(extra, 422, "invalid_request")["detail"]
    problem(client.post("/v1/games/nope/record", json={"state_id": "x"}), 404, "unknown_game")


# ---------------------------------------------------------------------- replaying records


@pytest.fixture
def finished(client: TestClient) -> dict[str, Any]:
    last = play(client, new_game(client, seed=44), 300, random.Random(44))
    assert last["finished"]
    return export(client, state_id=last["state_id"])


def test_a_record_that_lies_about_a_step_is_refused_at_that_move(
    client: TestClient, finished: dict[str, Any]
) -> None:
    tampered = copy.deepcopy(finished)
    tampered["moves"][5]["step"] = 6
    document = problem(client.post(REPLAY, json=tampered), 422, "step_mismatch")
    assert document["pointer"] == "/moves/5/step" and document["move_index"] == 5
    assert "step 6" in document["detail"] and "step 5" in document["detail"]
    skipped = copy.deepcopy(finished)
    del skipped["moves"][3]  # a move lost: the next one comes a step early
    document = problem(client.post(REPLAY, json=skipped), 422, "step_mismatch")
    assert document["pointer"] == "/moves/3/step"


def test_a_record_that_lies_about_its_result_game_or_rules_is_refused(
    client: TestClient, finished: dict[str, Any]
) -> None:
    result = finished["result"]
    wrong = {**finished, "result": {**result, "scores": [s + 1 for s in result["scores"]]}}
    assert problem(client.post(REPLAY, json=wrong), 422, "result_mismatch")["pointer"] == "/result"
    unfinished = {**finished, "moves": finished["moves"][:-1]}  # not over, yet a result claimed
    document = problem(client.post(REPLAY, json=unfinished), 422, "result_mismatch")
    assert "not over" in document["detail"]
    assert ok(client.post(REPLAY, json={**unfinished, "result": None}))["finished"] is False
    other = client.post(REPLAY, json={**finished, "game": "other-pig"})
    assert problem(other, 422, "game_mismatch")["pointer"] == "/game"
    rules = client.post(REPLAY, json={**finished, "rules_version": "0.9"})
    assert problem(rules, 422, "rules_version_mismatch")["pointer"] == "/rules_version"
    future = client.post(REPLAY, json={**finished, "format": "arbiter.record/2"})
    assert problem(future, 422, "invalid_request")["pointer"] == "/format"
    illegal = copy.deepcopy(finished)
    illegal["moves"][0]["move"] = {"type": "hold", "seat": 1}
    document = problem(client.post(REPLAY, json=illegal), 422, "pig.not_your_turn")
    assert document["pointer"] == "/moves/0/move" and document["move_index"] == 0
    typo = copy.deepcopy(finished)
    typo["moves"][1]["mvoe"] = typo["moves"][1].pop("move")
    assert (
        problem(client.post(REPLAY, json=typo), 422, "invalid_request")["pointer"]
        == "/moves/1/mvoe"
    )
    content = client.post(REPLAY, json={**finished, "content_id": "0000000000000000"})
    assert problem(content, 422, "unknown_content")["pointer"] == "/content_id"


def test_a_record_may_leave_chance_out_and_mix_plain_moves(
    client: TestClient, finished: dict[str, Any]
) -> None:
    """Steps are the replay's: without the dice (drawn from the seed again) they skip them."""
    players_only = [e for e in finished["moves"] if e["move"]["type"] != "die"]
    assert len(players_only) < len(finished["moves"])
    replayed = ok(client.post(REPLAY, json={**finished, "moves": players_only}))
    assert replayed["result"] == finished["result"]
    mixed = [e if i % 2 else e["move"] for i, e in enumerate(finished["moves"])]
    assert (
        ok(client.post(REPLAY, json={**finished, "moves": mixed}))["result"] == finished["result"]
    )


def test_old_replay_requests_work_as_before(client: TestClient, finished: dict[str, Any]) -> None:
    plain = {"players": 2, "seed": 44, "moves": [e["move"] for e in finished["moves"]]}
    assert ok(client.post(REPLAY, json=plain))["result"] == finished["result"]


def test_graphql_exports_and_replays_the_same_records(
    client: TestClient, finished: dict[str, Any]
) -> None:
    last = ok(client.post(REPLAY, json=finished))
    query = 'query($id: String) { record(game: "pig", stateId: $id) }'
    graph = client.post("/graphql", json={"query": query, "variables": {"id": last["state_id"]}})
    assert graph.json()["data"]["record"] == finished
    replay = 'query($r: JSON) { replay(game: "pig", record: $r) { stateId finished result } }'
    answer = client.post("/graphql", json={"query": replay, "variables": {"r": finished}}).json()
    assert answer["data"]["replay"]["stateId"] == last["state_id"]
    tampered = copy.deepcopy(finished)
    tampered["moves"][2]["step"] = 0
    error = client.post("/graphql", json={"query": replay, "variables": {"r": tampered}}).json()
    extensions = error["errors"][0]["extensions"]
    assert extensions["code"] == "step_mismatch" and extensions["pointer"] == "/record/moves/2/step"
    both = 'query($r: JSON) { replay(game: "pig", record: $r, players: 2) { finished } }'
    error = client.post("/graphql", json={"query": both, "variables": {"r": finished}}).json()
    assert error["errors"][0]["extensions"]["code"] == "invalid_request"


def test_exports_are_counted_and_logged_like_every_route(
    client: TestClient, finished: dict[str, Any]
) -> None:
    metrics = client.get("/metrics").text
    assert 'route="/v1/games/{game}/record"' in metrics


# ---------------------------------------------------------------------- the real games


@pytest.mark.parametrize("game", ["the-ancient-world", "scythe"])
def test_a_real_game_exports_and_replays_open_and_sealed(make_client: Any, game: str) -> None:
    client = make_client(registry())
    rng = random.Random(9)
    answer = new_game_of(client, game)
    setup_draws = len(export(client, game, state_id=answer["state_id"])["moves"])
    assert setup_draws == answer["state"]["step"] > 0  # setup's chance, drawn by the server
    for _ in range(25):
        move = rng.choice(answer["legal_moves"])
        answer = ok(
            client.post(
                f"/v1/games/{game}/moves", json={"state_id": answer["state_id"], "move": move}
            )
        )
    record = export(client, game, state_id=answer["state_id"])
    replayed = ok(client.post(f"/v1/games/{game}/replay", json=record))
    assert replayed["state"] == answer["state"]
    master = new_game_of(client, game, sealed=True)
    for _ in range(25):
        master = ok(
            client.post(
                f"/v1/games/{game}/moves",
                json={
                    "state_token": master["state_token"],
                    "move": rng.choice(master["legal_moves"]),
                },
            )
        )
    sealed = export(client, game, state_token=master["state_token"])
    again = ok(client.post(f"/v1/games/{game}/replay", json={**sealed, "sealed": True}))
    assert again["view"] == master["view"] and again["legal_moves"] == master["legal_moves"]


@pytest.fixture(scope="module")
def every_game() -> Any:
    app = create_app(settings(), Registry([type(game)() for game in GAMES]))
    with TestClient(app) as client:
        yield client


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [pytest.param(g, p, s, id=f"{g.id}-{p}p-seed{s}") for g, p, s in CASES],
)
def test_the_service_replays_each_golden_file_as_it_is(
    every_game: TestClient, game: Any, players: int, seed: int
) -> None:
    """A golden playthrough is a game record: ``/replay`` takes its very bytes and reaches the
    recorded result and the last recorded state."""
    path = path_for(game.id, players, seed)
    answer = every_game.post(
        f"/v1/games/{game.id}/replay",
        content=path.read_bytes(),
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 200, answer.text
    replayed = answer.json()
    golden = load(game, path)
    assert replayed["finished"] and golden.result is not None
    assert msgspec.convert(replayed["result"], type=Result) == golden.result
    state = msgspec.json.decode(json.dumps(replayed["state"]), type=game.state_type)
    assert state_hash(state) == load_hashes(path)[-1]
    # and exported again, the record is the golden one
    exported = every_game.post(
        f"/v1/games/{game.id}/record", json={"state_id": replayed["state_id"]}
    )
    assert msgspec.json.decode(exported.content) == msgspec.json.decode(path.read_bytes())


def test_a_record_is_a_replay_request() -> None:
    """The record type the service answers is the core's, and every member of it is a member
    the replay request reads (a record is a replay request as it is)."""
    from arbiter.api.envelope import ReplayRequest
    from arbiter.core.record import GameRecord

    assert set(GameRecord.__struct_fields__) <= set(ReplayRequest.__struct_fields__)
    formats = msgspec.inspect.type_info(ReplayRequest).fields  # type: ignore[attr-defined]
    (format_field,) = [f for f in formats if f.name == "format"]
    assert "arbiter.record/1" in str(format_field.type)
