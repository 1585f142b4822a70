"""Handles of sealed games: sealed, tamper-proof, bound to their game, keys that rotate, and
nothing readable in them -- not even a key id."""

from __future__ import annotations

import os
import random
from typing import Any

import msgspec
import pytest

from arbiter.api.sealing import MASTER, InvalidToken, Sealer, Ticket, b64decode, b64encode
from arbiter.core import Registry
from tests.api.conftest import OtherPig, new_game, problem
from tests.toy import Pig

HOLD = {"type": "hold", "seat": 0}
OLD_KEY, NEW_KEY = "0a" * 32, "0b" * 32


def test_every_altered_handle_is_refused(client: Any) -> None:
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
    response = client.post("/v1/games/pig/moves", json={"state_token": "A" * 100_000, "move": HOLD})
    problem(response, 422, "invalid_state_token")
    assert (
        client.post("/v1/games/pig/moves", json={"state_token": token, "move": HOLD}).status_code
        == 200
    )


def test_handles_cannot_be_read_without_the_key() -> None:
    key = bytes(range(32))
    sealer = Sealer((key,))
    table = b"T" * 16
    token = sealer.seal(Ticket("pig", table, 12345, 3))
    data = b64decode(token)
    assert table not in data and b"pig" not in data and (12345).to_bytes(2, "big") not in data
    assert sealer.seal(Ticket("pig", table, 12345, 3)) != token  # fresh nonce every time
    assert sealer.open(token) == Ticket("pig", table, 12345, 3)
    assert not sealer.open(sealer.seal(Ticket("pig", table, 0, MASTER))).seat >= 0
    with pytest.raises(InvalidToken):
        Sealer((bytes(32),)).open(token)
    assert b64encode(b64decode(token)) == token
    # no key id: handles sealed under two keys share no prefix beyond the format byte
    other = Sealer((bytes(32),)).seal(Ticket("pig", table, 12345, 3))
    assert b64decode(other)[:1] == data[:1] and b64decode(other)[1:5] != data[1:5]
    assert len(token) < 120


def test_a_handle_from_another_key_is_refused(make_client: Any) -> None:
    ours = make_client()
    theirs = make_client(state_keys=("cd" * 32,))
    token = new_game(theirs, sealed=True)["state_token"]
    response = ours.post("/v1/games/pig/moves", json={"state_token": token, "move": HOLD})
    assert "key" in problem(response, 422, "invalid_state_token")["detail"]


def test_keys_rotate() -> None:
    old, rotated, new_only = Sealer((bytes.fromhex(OLD_KEY),)), None, None
    rotated = Sealer((bytes.fromhex(NEW_KEY), bytes.fromhex(OLD_KEY)))
    new_only = Sealer((bytes.fromhex(NEW_KEY),))
    ticket = Ticket("pig", b"t" * 16, 1, 0)
    old_token = old.seal(ticket)
    assert rotated.open(old_token) == ticket
    new_token = rotated.seal(ticket)
    assert new_only.open(new_token) == ticket
    with pytest.raises(InvalidToken):
        new_only.open(old_token)
    with pytest.raises(InvalidToken):
        old.open(new_token)


def test_a_handle_of_another_game_is_refused(make_client: Any) -> None:
    client = make_client(Registry([Pig(), OtherPig()]))
    created = client.post("/v1/games/other-pig/states", json={"players": 2, "sealed": True})
    for token in (created.json()["state_token"], *created.json()["seat_tokens"]):
        response = client.post("/v1/games/pig/moves", json={"state_token": token, "move": HOLD})
        assert "other-pig" in problem(response, 422, "invalid_state_token")["detail"]
        response = client.post("/v1/games/pig/current", json={"state_token": token})
        problem(response, 422, "invalid_state_token")


def test_a_handle_of_a_game_this_server_never_kept_is_unknown(make_client: Any) -> None:
    one, other = make_client(), make_client()  # same key, separate in-process stores
    token = new_game(one, sealed=True)["state_token"]
    response = other.post("/v1/games/pig/moves", json={"state_token": token, "move": HOLD})
    problem(response, 404, "unknown_state")


def test_a_handle_of_an_earlier_release_without_a_head_still_opens() -> None:
    """Handles sealed before they carried the digest of their step (four members) open as
    before: their step is checked by version alone."""
    sealer = Sealer((bytes(32),))
    earlier = msgspec.msgpack.encode(["pig", b"t" * 16, 3, 0])
    nonce = os.urandom(12)
    sealed = sealer._cipher.encrypt(nonce, earlier, b"arbiter/handle/v2")
    ticket = sealer.open(b64encode(b"\x02" + nonce + sealed))
    assert ticket == Ticket("pig", b"t" * 16, 3, 0) and ticket.head == b""
