"""Seats deciding at once do not take turns at the store (:mod:`arbiter.api.merging`).

In a simultaneous decision every seat holds a handle of the same step. Its move is applied to the
table's current step when it commutes with the steps taken since: they were other seats' moves,
the seat is still to act and its legal moves are the same. So all seats may send their sealed
orders at once, in any order, on any worker: all are accepted and the table ends where it would
have ended had they taken turns. A real conflict is still ``409 stale_state``.

Games: the wargame's sealed steps (phase 1, the hire: «независимо друг от друга») and Scythe's
power dials («БИТВА», the rulebook's own example), embedded and over Redis with two workers.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.api.handles import Handle
from arbiter.api.problems import Problem
from arbiter.games.scythe.position_examples import BATTLE_OF_THE_RULEBOOK
from tests.api.conftest import problem, settings
from tests.api.test_scale_out import Pod
from tests.conftest import Store

WARGAME = "/v1/games/ancient-wargame"
SEATS = 3


def post(client: TestClient, path: str, **body: Any) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code in (200, 201), response.text
    answer: dict[str, Any] = response.json()
    return answer


def sealed_phase(client: TestClient, seed: int = 5) -> dict[str, Any]:
    """A sealed 3-seat wargame at its first sealed step (phase 1: every seat hires at once)."""
    answer = post(client, f"{WARGAME}/states", players=SEATS, seed=seed, sealed=True)
    while len(answer["to_act"]) < SEATS:
        answer = post(
            client,
            f"{WARGAME}/moves",
            state_token=answer["state_token"],
            move=answer["legal_moves"][0],
        )
    assert answer["to_act"] == [0, 1, 2]
    return answer


def orders(seat: int, first: dict[str, Any]) -> list[dict[str, Any]]:
    """A seat's orders in phase 1: its first hire, then its commit."""
    hire = next(m for m in first["legal_moves"] if m["type"] == "hire")
    return [hire, {"type": "commit", "seat": seat}]


def merged(client: TestClient) -> float:
    for line in client.get("/metrics").text.splitlines():
        if line.startswith('arbiter_merged_moves_total{game="ancient-wargame"}'):
            return float(line.split()[-1])
    return 0.0


def test_every_seat_commits_on_the_same_steps_handle_and_all_are_taken() -> None:
    """The case of the issue: all three seats commit at once, each with the handle of the step
    they all saw; all three are taken and the orders revealed."""
    with TestClient(create_app(settings())) as client:
        master = sealed_phase(client)
        for seat, handle in enumerate(master["seat_tokens"]):
            moved = post(
                client,
                f"{WARGAME}/moves",
                state_token=handle,
                move={"type": "commit", "seat": seat},
            )
            assert moved["as_seat"] == seat
        assert "revealed" in {event["type"] for event in moved["events"]}
        assert merged(client) == SEATS - 1


def play_phase(client: TestClient, order: tuple[int, ...]) -> dict[str, Any]:
    """Phase 1 with each seat's orders sent with the handle of its own last answer, the seats
    taking turns in ``order``; the master's answer after the reveal."""
    master = sealed_phase(client)
    handles = list(master["seat_tokens"])
    firsts = [post(client, f"{WARGAME}/current", state_token=t) for t in handles]
    for step in range(2):
        for seat in order:
            move = orders(seat, firsts[seat])[step]
            moved = post(client, f"{WARGAME}/moves", state_token=handles[seat], move=move)
            handles[seat] = moved["state_token"]
    return post(client, f"{WARGAME}/current", state_token=master["state_token"])


def test_orders_in_any_order_end_where_turns_would_have_ended() -> None:
    with TestClient(create_app(settings())) as client:
        ends = {order: play_phase(client, order) for order in itertools.permutations(range(SEATS))}
        # seat by seat, one after another, never stale: the table every order must reach
        turns = ends[(0, 1, 2)]
        assert turns["view"]["phase"] > 1  # phase 1 is over: the orders were revealed
        for order, end in ends.items():
            assert (end["view"], end["to_act"]) == (turns["view"], turns["to_act"]), order
        assert merged(client) > 0


def test_a_real_conflict_is_still_stale() -> None:
    with TestClient(create_app(settings())) as client:
        master = sealed_phase(client)
        seats = master["seat_tokens"]
        first = post(client, f"{WARGAME}/current", state_token=seats[0])
        hire, commit = orders(0, first)
        post(client, f"{WARGAME}/moves", state_token=seats[0], move=hire)
        # the step since is the seat's own move: it decided on a step it has left
        again = client.post(f"{WARGAME}/moves", json={"state_token": seats[0], "move": commit})
        problem(again, 409, "stale_state")
        # another seat's handle never acts for this one, stale or not
        other = client.post(f"{WARGAME}/moves", json={"state_token": seats[1], "move": commit})
        problem(other, 409, "stale_state")
        # asking is never merged: only a move is
        for route in ("legal-moves", "validate"):
            body: dict[str, Any] = {"state_token": seats[0]}
            if route == "validate":
                body["move"] = commit
            problem(client.post(f"{WARGAME}/{route}", json=body), 409, "stale_state")


def test_a_decision_that_ended_does_not_take_late_orders() -> None:
    with TestClient(create_app(settings())) as client:
        master = sealed_phase(client)
        old = list(master["seat_tokens"])
        handles = list(old)
        firsts = [post(client, f"{WARGAME}/current", state_token=t) for t in handles]
        for step in range(2):
            for seat in range(SEATS):
                move = orders(seat, firsts[seat])[step]
                handles[seat] = post(
                    client, f"{WARGAME}/moves", state_token=handles[seat], move=move
                )["state_token"]
        # every seat committed: the orders were revealed and the step is over (chance was
        # drawn, the history cleared); an order on the old step is refused, never replayed
        late = client.post(f"{WARGAME}/moves", json={"state_token": old[1], "move": orders(1, firsts[1])[0]})  # fmt: skip
        problem(late, 409, "stale_state")


def test_orders_arriving_together_are_retried_against_each_other() -> None:
    """All seats' commits in flight at once on one worker: each reads the same step, the first
    write wins and the others try again on the table as it is then (compare-and-set)."""
    app = create_app(settings())
    with TestClient(app) as client:
        master = sealed_phase(client)
        seats = master["seat_tokens"]
        store = app.service.store
        read = store.cache.get_table

        async def slow_read(table_id: bytes) -> Any:
            table = await read(table_id)
            await asyncio.sleep(0)  # every request reads before any writes
            return table

        store.cache.get_table = slow_read  # type: ignore[method-assign]

        async def all_at_once() -> list[Any]:
            return await asyncio.gather(
                *(
                    app.service.apply_move(
                        "ancient-wargame", Handle(state_token=t), {"type": "commit", "seat": k}
                    )
                    for k, t in enumerate(seats)
                ),
                return_exceptions=True,
            )

        answers = client.portal.call(all_at_once)  # type: ignore[union-attr]
        refused = [a for a in answers if isinstance(a, Problem | Exception)]
        assert not refused, refused
        assert merged(client) == SEATS - 1
        after = post(client, f"{WARGAME}/current", state_token=master["state_token"])
        assert after["view"]["phase"] > 1  # phase 1 is over: the orders were revealed


# ------------------------------------------------------------------------------ Scythe


def test_scythe_both_sides_set_their_dials_at_once_and_the_rulebook_battle_follows() -> None:
    """«БИТВА», ПРИМЕР: Ваня (seat 1) dials 7, Света (seat 0) 4 and a card of 3, both on the
    handles of the step the battle began with; 7 against 7, the attacker wins the farm."""
    with TestClient(create_app(settings())) as client:
        master = post(
            client,
            "/v1/games/scythe/positions",
            position=msgspec.to_builtins(BATTLE_OF_THE_RULEBOOK),
            seed=11,
            sealed=True,
            resolve_chance=True,
        )
        sveta, vanya = master["seat_tokens"]
        assert sorted(master["to_act"]) == [0, 1]
        path = "/v1/games/scythe/moves"
        card = post(
            client, path, state_token=sveta, move={"type": "add_combat_card", "seat": 0, "value": 3}
        )
        post(client, path, state_token=vanya, move={"type": "commit_power", "seat": 1, "power": 7})
        post(
            client,
            path,
            state_token=card["state_token"],
            move={"type": "commit_power", "seat": 0, "power": 4},
        )
        after = post(client, "/v1/games/scythe/current", state_token=master["state_token"])
        assert after["view"]["control"]["r2c5"] == 1  # «Иван захватывает территорию»


# ------------------------------------------------------------------------------- Redis


@pytest.fixture
def pod(tmp_path: Path, store: Store) -> Iterator[Pod]:
    served = Pod(tmp_path / "pod", store, workers=2)
    try:
        yield served
    finally:
        served.stop()


@pytest.mark.redis
def test_over_redis_every_seat_sends_its_orders_at_once_to_two_workers(pod: Pod) -> None:
    status, answer = pod.call("POST", f"{WARGAME}/states", {"players": SEATS, "seed": 5, "sealed": True})  # fmt: skip
    assert status == 201, answer
    while len(answer["to_act"]) < SEATS:
        status, answer = pod.call(
            "POST",
            f"{WARGAME}/moves",
            {"state_token": answer["state_token"], "move": answer["legal_moves"][0]},
        )
        assert status == 200, answer
    master = answer
    results: dict[int, list[tuple[int, Any]]] = {seat: [] for seat in range(SEATS)}
    start = threading.Barrier(SEATS)

    def seat_plays(seat: int) -> None:
        handle = master["seat_tokens"][seat]
        _, first = pod.call("POST", f"{WARGAME}/current", {"state_token": handle})
        start.wait()
        for move in orders(seat, first):
            status, moved = pod.call(
                "POST", f"{WARGAME}/moves", {"state_token": handle, "move": move}
            )
            results[seat].append((status, moved))
            if status == 200:
                handle = moved["state_token"]

    threads = [threading.Thread(target=seat_plays, args=(seat,)) for seat in range(SEATS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for seat, answers in results.items():
        assert [status for status, _ in answers] == [200, 200], (seat, answers)
    _, after = pod.call("POST", f"{WARGAME}/current", {"state_token": master["state_token"]})
    # the same orders taken in turns, embedded: the very same table
    with TestClient(create_app(settings())) as client:
        turns = play_phase(client, (0, 1, 2))
    assert (after["view"], after["to_act"]) == (turns["view"], turns["to_act"])
    status, metrics = pod.call("GET", "/metrics")
    assert 'arbiter_merged_moves_total{game="ancient-wargame"}' in metrics
