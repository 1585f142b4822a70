"""State tokens: sealed, tamper-proof, bound to their game, and rotatable keys."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from arbiter.api.sealing import Entry, InvalidToken, Sealer, b64decode, b64encode
from arbiter.core import Registry
from tests.api.conftest import OtherPig, new_game, problem
from tests.toy import Pig

HOLD = {"type": "hold", "seat": 0}


def test_every_altered_token_is_refused(client: Any) -> None:
    token = new_game(client, sealed=True)["state_token"]
    rng = random.Random(1)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    positions = sorted(set(rng.sample(range(len(token)), 40)) | {0, 1, len(token) - 1})
    for index in positions:
        other = rng.choice(alphabet.replace(token[index], ""))
        tampered = token[:index] + other + token[index + 1 :]
        response = client.post("/v1/games/pig/moves", json={"state_token": tampered, "move": HOLD})
        assert problem(response, 422, "invalid_state_token")["pointer"] == "/state_token"
    for broken in ("", "AA", token[:-10], token + "A", token + "==", "é" + token, "!" + token):
        response = client.post("/v1/games/pig/moves", json={"state_token": broken, "move": HOLD})
        problem(response, 422, "invalid_state_token")
    assert (
        client.post("/v1/games/pig/moves", json={"state_token": token, "move": HOLD}).status_code
        == 200
    )


def test_tokens_cannot_be_read_without_the_key() -> None:
    sealer = Sealer(("k" * 20,))
    state = msgspec.msgpack.encode({"lucky": [123456789], "seed": 987654321})
    token = sealer.seal(Entry("pig", True, True, msgspec.Raw(state), b"digest"))
    data = b64decode(token)
    assert b"123456789" not in data and (123456789).to_bytes(4, "big") not in data
    assert b"lucky" not in data and b"seed" not in data
    assert sealer.seal(Entry("pig", True, True, msgspec.Raw(state), b"digest")) != token
    opened = sealer.open(token)
    assert (opened.game, opened.sealed, opened.resolve_chance) == ("pig", True, True)
    assert bytes(opened.state) == state
    with pytest.raises(InvalidToken):
        Sealer(("x" * 20,)).open(token)
    assert b64encode(b64decode(token)) == token


def test_a_token_from_another_key_is_refused(make_client: Any) -> None:
    ours = make_client()
    theirs = make_client(state_keys=("a-different-key-0123456789",))
    token = new_game(theirs, sealed=True)["state_token"]
    response = ours.post("/v1/games/pig/moves", json={"state_token": token, "move": HOLD})
    assert "key" in problem(response, 422, "invalid_state_token")["detail"]


def test_keys_rotate(make_client: Any) -> None:
    old = make_client(state_keys=("the-old-key-0123456789",))
    rotated = make_client(state_keys=("the-new-key-0123456789", "the-old-key-0123456789"))
    new_only = make_client(state_keys=("the-new-key-0123456789",))
    old_token = new_game(old, sealed=True)["state_token"]
    after = rotated.post("/v1/games/pig/moves", json={"state_token": old_token, "move": HOLD})
    assert after.status_code == 200
    new_token = after.json()["state_token"]
    assert (
        new_only.post(
            "/v1/games/pig/moves",
            json={"state_token": new_token, "move": {"type": "hold", "seat": 1}},
        ).status_code
        == 200
    )
    refused = new_only.post("/v1/games/pig/moves", json={"state_token": old_token, "move": HOLD})
    problem(refused, 422, "invalid_state_token")


def test_a_token_of_another_game_is_refused(make_client: Any) -> None:
    client = make_client(Registry([Pig(), OtherPig()]))
    created = client.post("/v1/games/other-pig/states", json={"players": 2, "sealed": True})
    token = created.json()["state_token"]
    response = client.post("/v1/games/pig/moves", json={"state_token": token, "move": HOLD})
    assert "other-pig" in problem(response, 422, "invalid_state_token")["detail"]
    state_id = created.json()["state_id"]
    response = client.post("/v1/games/pig/moves", json={"state_id": state_id, "move": HOLD})
    problem(response, 404, "unknown_state")


def test_a_token_minted_under_older_rules_is_refused_by_version(make_client: Any) -> None:
    class OldPig(Pig):
        rules_version = "0"

    old = make_client(Registry([OldPig()]))
    token = new_game(old, sealed=True)["state_token"]
    current = make_client()
    response = current.post("/v1/games/pig/moves", json={"state_token": token, "move": HOLD})
    document = problem(response, 422, "rules_version_mismatch")
    assert "'0'" in document["detail"]
