"""Sealed games over REST: a master handle and one handle per seat, seat-bound views and moves,
chance that belongs to the server, no forks by replayed handles, and undo through the master."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.core import Registry
from tests.api.conftest import SecretPig, new_game, problem
from tests.toy import Banked, Hold, Pig, PigState

ROLL0 = {"type": "roll", "seat": 0}
HOLD0 = {"type": "hold", "seat": 0}
HOLD1 = {"type": "hold", "seat": 1}


def post(client: TestClient, route: str, **body: Any) -> Any:
    return client.post(f"/v1/games/pig/{route}", json=body)


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    result: dict[str, Any] = response.json()
    return result


# ---------------------------------------------------------------------------------- handles


def test_setup_answers_the_master_with_a_handle_per_seat(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    assert "state" not in master and master["sealed"] is True and master["state_id"] is None
    assert len(master["seat_tokens"]) == 2 and len(set(master["seat_tokens"])) == 2
    assert master["state_token"] not in master["seat_tokens"]
    # the master sees the public view and every actor's moves
    assert master["view"]["seat"] is None and master["view"]["my_lucky"] is None
    assert master["legal_moves"] == [ROLL0, HOLD0]
    seat0, seat1 = master["seat_tokens"]
    mine = ok(post(client, "current", state_token=seat0))
    assert mine["view"]["seat"] == 0 and mine["view"]["my_lucky"] is not None
    assert mine["legal_moves"] == [ROLL0, HOLD0] and "seat_tokens" not in mine
    theirs = ok(post(client, "current", state_token=seat1))
    assert theirs["view"]["seat"] == 1 and theirs["legal_moves"] == [] and theirs["to_act"] == [0]


def test_a_seats_handle_sees_and_acts_for_its_seat_only(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    seat0, seat1 = master["seat_tokens"]
    # another seat's view: refused on every route, whatever else the request says
    for route, extra in (
        ("current", {}),
        ("legal-moves", {}),
        ("moves", {"move": HOLD1}),
        ("validate", {"move": HOLD1}),
    ):
        refused = post(client, route, state_token=seat1, as_seat=0, **extra)
        assert problem(refused, 403, "forbidden_seat")["pointer"] == "/as_seat"
    # another seat's move: refused before any rule looks at it
    for route in ("moves", "validate"):
        refused = post(client, route, state_token=seat1, move=HOLD0)
        assert problem(refused, 403, "forbidden_seat")["pointer"] == "/move/seat"
    # its own move, out of turn: the rule's refusal
    problem(post(client, "moves", state_token=seat1, move=HOLD1), 422, "pig.not_your_turn")
    after = ok(post(client, "moves", state_token=seat0, move=HOLD0))
    assert after["view"]["seat"] == 0 and after["to_act"] == [1] and after["legal_moves"] == []
    assert "seat_tokens" not in after and after["state_token"] != seat0


def test_a_seat_catches_up_with_any_of_its_handles(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    seat0, seat1 = master["seat_tokens"]
    moved = ok(post(client, "moves", state_token=seat0, move=HOLD0))
    # seat 1's handle from setup is stale now; current turns it into the current one
    problem(post(client, "moves", state_token=seat1, move=HOLD1), 409, "stale_state")
    fresh = ok(post(client, "current", state_token=seat1))
    assert fresh["to_act"] == [1] and fresh["legal_moves"] == [HOLD1 | {"type": "roll"}, HOLD1]
    ok(post(client, "moves", state_token=fresh["state_token"], move=HOLD1))
    # and so does seat 0, and the master, from their old handles
    again = ok(post(client, "current", state_token=moved["state_token"]))
    assert again["to_act"] == [0] and again["view"]["seat"] == 0
    boss = ok(post(client, "current", state_token=master["state_token"]))
    assert boss["to_act"] == [0] and len(boss["seat_tokens"]) == 2


def test_an_earlier_step_cannot_act_or_be_read(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    seat0 = master["seat_tokens"][0]
    ok(post(client, "moves", state_token=seat0, move=HOLD0))
    for route, extra in (("moves", {"move": HOLD0}), ("legal-moves", {}), ("validate", {"move": HOLD0})):  # fmt: skip
        problem(post(client, route, state_token=seat0, **extra), 409, "stale_state")
        problem(post(client, route, state_token=master["state_token"], **extra), 409, "stale_state")


def test_the_master_acts_for_any_seat_and_sees_any_view(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    as1 = ok(post(client, "legal-moves", state_token=master["state_token"], as_seat=1))
    assert as1 == {"to_act": [0], "moves": []}
    after = ok(post(client, "moves", state_token=master["state_token"], move=HOLD0, as_seat=1))
    assert after["view"]["seat"] == 1 and after["legal_moves"] == [HOLD1 | {"type": "roll"}, HOLD1]
    assert len(after["seat_tokens"]) == 2


# ----------------------------------------------------------------------------------- chance


def test_chance_belongs_to_the_server(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    seat0 = master["seat_tokens"][0]
    for token in (master["state_token"], seat0):
        for face in (1, 6, 7):
            die = {"type": "die", "face": face}
            for route in ("moves", "validate"):
                refused = post(client, route, state_token=token, move=die)
                assert problem(refused, 403, "chance_forbidden")["detail"].startswith("chance")
    # and no request can switch the server's draws off
    refused = post(client, "moves", state_token=seat0, move=ROLL0, resolve_chance=False)
    assert problem(refused, 422, "invalid_request")["pointer"] == "/resolve_chance"
    rolled = ok(post(client, "moves", state_token=seat0, move=ROLL0))
    assert rolled["to_act"] != ["chance"]


def test_a_real_table_supplies_chance_through_the_master_only(client: TestClient) -> None:
    master = new_game(client, sealed=True, resolve_chance=False)
    seat0 = master["seat_tokens"][0]
    rolled = ok(post(client, "moves", state_token=seat0, move=ROLL0))
    assert rolled["to_act"] == ["chance"] and rolled["legal_moves"] == []
    seat0 = rolled["state_token"]
    die = {"type": "die", "face": 6}
    # the seat is refused whatever the face, even one the die does not have
    for face in (6, 7):
        for route in ("moves", "validate"):
            refused = post(client, route, state_token=seat0, move={"type": "die", "face": face})
            problem(refused, 403, "chance_forbidden")
    boss = ok(post(client, "current", state_token=master["state_token"]))
    assert boss["legal_moves"] == [{"type": "die", "face": f} for f in range(1, 7)]
    six = ok(post(client, "moves", state_token=boss["state_token"], move=die))
    assert six["to_act"] == [0] and six["resolve_chance"] is False


# ------------------------------------------------------------------------------------- undo


def test_the_master_takes_moves_back_until_chance_or_the_end(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    boss = master["state_token"]
    problem(post(client, "undo", state_token=boss), 422, "nothing_to_undo")
    held = ok(post(client, "moves", state_token=boss, move=HOLD0))
    problem(post(client, "undo", state_token=held["seat_tokens"][0]), 403, "master_only")
    problem(post(client, "undo", state_token=boss), 409, "stale_state")
    back = ok(post(client, "undo", state_token=held["state_token"]))
    assert back["to_act"] == [0] and back["legal_moves"] == [ROLL0, HOLD0]
    # the undone step's handles are stale, the restored step has new ones
    problem(
        post(client, "moves", state_token=held["seat_tokens"][1], move=HOLD1), 409, "stale_state"
    )
    rolled = ok(post(client, "moves", state_token=back["seat_tokens"][0], move=ROLL0))
    assert rolled["to_act"] != ["chance"]
    boss = ok(post(client, "current", state_token=back["state_token"]))["state_token"]
    problem(post(client, "undo", state_token=boss), 422, "nothing_to_undo")  # chance came after


def test_undo_crosses_several_moves_in_a_row(client: TestClient) -> None:
    master = new_game(client, sealed=True)
    boss = master["state_token"]
    for seat in (0, 1, 0):
        boss = ok(post(client, "moves", state_token=boss, move={"type": "hold", "seat": seat}))[
            "state_token"
        ]
    for expected in (0, 1, 0):
        back = ok(post(client, "undo", state_token=boss))
        assert back["to_act"] == [expected]
        boss = back["state_token"]
    problem(post(client, "undo", state_token=boss), 422, "nothing_to_undo")


class TellingPig(Pig):
    """Pig whose seat 1 holding shows somebody something hidden (so it may not be taken back),
    counting how often the rules are asked."""

    asked = 0

    def can_take_back(self, before: PigState, move: Any, after: PigState) -> bool:
        TellingPig.asked += 1
        return not (isinstance(move, Hold) and move.seat == 1)


def test_the_rules_are_asked_whether_a_move_may_be_taken_back_at_undo(make_client: Any) -> None:
    """Moves cost no sampling of hidden worlds (Game.can_take_back); an undo asks the rules about
    the step it would take back, and stops at one that showed something hidden."""
    client = make_client(Registry([TellingPig()]))
    TellingPig.asked = 0
    boss = new_game(client, sealed=True)["state_token"]
    for seat in (0, 1, 0):  # the second one told somebody something
        boss = ok(post(client, "moves", state_token=boss, move={"type": "hold", "seat": seat}))[
            "state_token"
        ]
    assert TellingPig.asked == 0
    back = ok(post(client, "undo", state_token=boss))
    assert back["to_act"] == [0] and TellingPig.asked == 1
    for _ in range(2):  # the same answer each time it is asked
        problem(post(client, "undo", state_token=back["state_token"]), 422, "nothing_to_undo")
    assert TellingPig.asked == 3


# --------------------------------------------------------------------------- what seats see


def test_sealed_events_are_filtered_per_viewer(make_client: Any) -> None:
    class WhisperingPig(Pig):
        """Pig whose bank events only the banking seat may see."""

        def perform(self, state: PigState, move: Any) -> Any:
            next_state, events = super().perform(state, move)
            return next_state, [
                Banked(seat=e.seat, points=e.points, visible_to=(e.seat,))
                if isinstance(e, Banked)
                else e
                for e in events
            ]

    client = make_client(Registry([WhisperingPig()]))
    master = new_game(client, sealed=True)
    seen = ok(post(client, "moves", state_token=master["seat_tokens"][0], move=HOLD0))
    assert seen["events"] == [
        {"type": "banked", "visible_to": [0], "seat": 0, "points": 0},
        {"type": "turn_passed", "visible_to": None, "seat": 1},
    ]
    boss = ok(post(client, "undo", state_token=ok(post(client, "current", state_token=master["state_token"]))["state_token"]))  # fmt: skip
    passed = [{"type": "turn_passed", "visible_to": None, "seat": 1}]  # public, unlike the bank
    hidden = ok(post(client, "moves", state_token=boss["state_token"], move=HOLD0, as_seat=1))
    assert hidden["events"] == passed
    boss = ok(post(client, "undo", state_token=hidden["state_token"]))
    public = ok(post(client, "moves", state_token=boss["state_token"], move=HOLD0))
    assert public["events"] == passed


@pytest.mark.parametrize("seed", [10**15 + 1, 10**15 + 2, 10**15 + 3])
def test_no_seat_handle_leaks_another_seats_secret(make_client: Any, seed: int) -> None:
    client = make_client(Registry([SecretPig()]))
    state = SecretPig().new_state(3, seed=seed)
    secrets = [str(v).encode() for v in state.lucky]
    rng = random.Random(seed)
    master = new_game(client, players=3, seed=seed, sealed=True)
    tokens = list(master["seat_tokens"])

    def clean(seat: int, body: bytes) -> None:
        for other, secret in enumerate(secrets):
            if other != seat:
                assert secret not in body
        assert str(seed).encode() not in body and b'"seed"' not in body
        assert b'"lucky":' not in body

    for _ in range(60):
        answers = [post(client, "current", state_token=t, render=True) for t in tokens]
        for seat, answer in enumerate(answers):
            clean(seat, answer.content)
            tokens[seat] = ok(answer)["state_token"]
        current = ok(answers[0])
        if current["finished"]:
            break
        mover = current["to_act"][0]
        own = ok(post(client, "legal-moves", state_token=tokens[mover]))["moves"]
        clean(mover, b"".join(str(m).encode() for m in own))
        response = post(
            client, "moves", state_token=tokens[mover], move=rng.choice(own), render=True
        )
        clean(mover, response.content)
        tokens[mover] = ok(response)["state_token"]


def test_descriptions_come_when_asked_for_one_per_listed_move(client: TestClient) -> None:
    master = new_game(client, sealed=True, describe=True)
    assert master["descriptions"] == ["roll", "hold"]  # Pig keeps the core's generic words
    seat1 = ok(post(client, "current", state_token=master["seat_tokens"][1], describe=True))
    assert seat1["legal_moves"] == [] and seat1["descriptions"] == []
    plain = ok(post(client, "current", state_token=master["seat_tokens"][0]))
    assert "descriptions" not in plain
    listed = ok(post(client, "legal-moves", state_token=plain["state_token"], describe=True))
    assert len(listed["descriptions"]) == len(listed["moves"]) == 2
    open_game = new_game(client, describe=True)
    assert len(open_game["descriptions"]) == len(open_game["legal_moves"])


def test_texts_are_those_of_the_view_each_handle_may_see(make_client: Any) -> None:
    pig = SecretPig()
    client = make_client(Registry([pig]))
    state = pig.resolve_chance(pig.new_state(2, seed=9))[0]
    master = new_game(client, seed=9, sealed=True, render=True, acting_seats=True)
    assert master["text"] == pig.render_view(pig.view(state, None))  # the public view's
    assert all(str(v) not in master["text"] for v in state.lucky)
    for seat, token in enumerate(master["seat_tokens"]):
        own = ok(post(client, "current", state_token=token, render=True))
        assert own["text"] == pig.render_view(pig.view(state, seat))
        assert str(state.lucky[seat]) in own["text"]
        assert str(state.lucky[1 - seat]) not in own["text"]
    (acting,) = master["acting"]
    assert acting["text"] == pig.render_view(pig.view(state, 0))
    as_one = ok(post(client, "current", state_token=master["state_token"], as_seat=1, render=True))
    assert as_one["text"] == pig.render_view(pig.view(state, 1))
    assert "text" not in ok(post(client, "current", state_token=master["state_token"]))


def test_the_master_gets_every_acting_seat_in_one_answer(client: TestClient) -> None:
    master = new_game(client, sealed=True, acting_seats=True, describe=True)
    assert master["acting"] == [
        {
            "seat": 0,
            "view": ok(post(client, "current", state_token=master["seat_tokens"][0]))["view"],
            "legal_moves": [ROLL0, HOLD0],
            "descriptions": ["roll", "hold"],
            "events": [],
        }
    ]
    moved = ok(
        post(client, "moves", state_token=master["state_token"], move=HOLD0, acting_seats=True)
    )
    (acting,) = moved["acting"]
    assert acting["seat"] == 1 and acting["view"]["seat"] == 1 and acting["legal_moves"][1] == HOLD1
    assert acting["events"] == [
        {"type": "banked", "visible_to": None, "seat": 0, "points": 0},
        {"type": "turn_passed", "visible_to": None, "seat": 1},
    ]
    assert "acting" not in ok(post(client, "current", state_token=moved["state_token"]))
    # a seat's handle, or an open game, has no use for it
    refused = post(client, "current", state_token=moved["seat_tokens"][1], acting_seats=True)
    assert problem(refused, 403, "master_only")["pointer"] == "/acting_seats"
    problem(
        client.post("/v1/games/pig/states", json={"players": 2, "acting_seats": True}),
        403,
        "master_only",
    )


def test_acting_seats_of_a_real_game_match_each_seats_own_handle(make_client: Any) -> None:
    from arbiter.games import registry

    client = make_client(registry())
    created = client.post(
        "/v1/games/the-ancient-world/states",
        json={"players": 3, "seed": 3, "sealed": True, "acting_seats": True},
    )
    master = ok(created)
    for answer in master["acting"]:
        token = master["seat_tokens"][answer["seat"]]
        own = ok(client.post("/v1/games/the-ancient-world/current", json={"state_token": token}))
        assert (answer["view"], answer["legal_moves"]) == (own["view"], own["legal_moves"])
