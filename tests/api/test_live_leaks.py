"""Streams of sealed games keep every holder to what it may see, for every registered game (a
new game gets this for free).

A sealed game is played at random through its master's handle while a stream is open for each
seat, the master and a spectator. After every decision each stream tells the change, and:

* a seat's update shows what that seat's own ``current`` shows (its view, its moves, whose turn)
  and the step's events as the rules let that seat see them (:meth:`Game.events_for`);
* the master's shows the public view and events, and each seat's share beside them;
* a spectator's shows the public view (``Game.view(state, None)``) and events, and no moves;
* a seat's and a spectator's update carry nothing else: no other member (no seats' shares, no
  seats' handles, no state), so what they show is all they carry.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgspec
import pytest

from arbiter.api.app import ArbiterApp, create_app
from arbiter.core import Game, Registry
from arbiter.core.texts import english
from arbiter.games import registry
from tests.api.conftest import settings
from tests.api.streaming import Stream, call
from tests.toy import Pig

AnyGame = Game[Any, Any, Any, Any]
GAMES: list[AnyGame] = [Pig(), *registry()]
#: Decisions played in each game.
DECISIONS = 120
#: All a seat's or a spectator's update may carry, and its ``current``.
UPDATE = {
    "game",
    "version",
    "undo",
    "missed",
    "events",
    "to_act",
    "finished",
    "state_token",
    "current",
}
CURRENT = {
    "game", "rules_version", "state_id", "sealed", "resolve_chance", "as_seat", "state_token",
    "view", "to_act", "legal_moves", "events", "finished", "result", "anytime", "move_ranges",
}  # fmt: skip


def plain(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value, enc_hook=english))


async def check(game: AnyGame, seed: int) -> int:
    app: ArbiterApp = create_app(settings(client_streams=16), Registry([game]))
    base = f"/v1/games/{game.id}"
    players = game.min_players
    status, master = await call(
        app, "POST", f"{base}/states", {"players": players, "seed": seed, "sealed": True}
    )
    assert status == 201, master
    status, watcher = await call(
        app, "POST", f"{base}/spectators", {"state_token": master["state_token"]}
    )
    assert status == 200, watcher
    roles: dict[Any, str] = {k: token for k, token in enumerate(master["seat_tokens"])}
    roles["master"], roles["spectator"] = master["state_token"], watcher["state_token"]
    streams = {
        role: await Stream(app, f"{base}/tables/{token}/events").open()
        for role, token in roles.items()
    }
    for stream in streams.values():
        await stream.updates(1)
    codec = app.service.codecs[game.id]
    table_id = app.service.store.sealer.open(master["state_token"]).table
    rng = random.Random(seed)
    token, decisions = master["state_token"], 0
    while decisions < DECISIONS:
        status, now = await call(app, "POST", f"{base}/current", {"state_token": token})
        assert status == 200, now
        if now["finished"]:
            break
        move = rng.choice(now["legal_moves"])
        status, moved = await call(
            app, "POST", f"{base}/moves", {"state_token": token, "move": move}
        )
        assert status == 200, moved
        token, decisions = moved["state_token"], decisions + 1
        table = await app.cache.get_table(table_id)
        assert table is not None
        change = table.feed[-1]
        events = codec.events(change.events)
        state = (await app.service.store.sealed(game, codec, token, current=True)).state
        views = {k: plain(game.view(state, k)) for k in range(players)}
        public = plain(game.view(state, None))
        for role, stream in streams.items():
            [update] = await stream.updates(1)
            assert update["version"] == change.version
            seen = role if isinstance(role, int) else None
            assert update["events"] == plain(game.events_for(events, seen)), role
            shown = update["current"]
            if isinstance(role, int):
                status, own = await call(
                    app, "POST", f"{base}/current", {"state_token": roles[role]}
                )
                assert shown["view"] == own["view"] == views[role]
                assert shown["legal_moves"] == own["legal_moves"]
            else:
                assert shown["view"] == public, role
            if role != "master":
                assert set(update) <= UPDATE and set(shown) <= CURRENT, role
                assert shown["state_id"] is None and shown["sealed"] is True
            if role == "spectator":
                assert shown["legal_moves"] == [] and "anytime" not in shown
            if role == "master":
                assert [s["events"] for s in update["seats"]] == [
                    plain(game.events_for(events, k)) for k in range(players)
                ]
    for stream in streams.values():
        await stream.close()
    return decisions


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_stream_shows_its_holder_what_it_may_see(game: AnyGame) -> None:
    assert asyncio.run(check(game, seed=20261206)) > 0


async def refusals(game: AnyGame) -> None:
    app: ArbiterApp = create_app(settings(), Registry([game]))
    base = f"/v1/games/{game.id}"
    status, master = await call(
        app, "POST", f"{base}/states", {"players": game.min_players, "seed": 3, "sealed": True}
    )
    assert status == 201, master
    status, watcher = await call(
        app, "POST", f"{base}/spectators", {"state_token": master["seat_tokens"][0]}
    )
    assert status == 200, watcher
    token = watcher["state_token"]
    assert watcher["legal_moves"] == [] and watcher["view"] == plain(
        game.view((await app.service.store.sealed(
            game, app.service.codecs[game.id], master["state_token"]
        )).state, None)
    )  # fmt: skip
    for move in master["legal_moves"][:20]:  # a spectator moves for nobody
        for path in ("moves", "validate"):
            status, problem = await call(
                app, "POST", f"{base}/{path}", {"state_token": token, "move": move}
            )
            assert status == 403 and problem["code"] == "spectator_handle", problem
    for path, body in {
        "legal-moves": {},
        "hints": {"seat": 0},
        "record": {},
        "position": {},
        "undo": {},
    }.items():
        status, problem = await call(app, "POST", f"{base}/{path}", {"state_token": token, **body})
        if path == "position" and game.position_type is None:  # refused before any handle
            assert problem["code"] == "positions_unsupported", problem
            continue
        assert status == 403 and problem["code"] == "spectator_handle", (path, problem)
    for broken in (token[:-1], token[:20], token + "A", ""):  # refused before a stream opens
        stream = await Stream(app, f"{base}/tables/{broken or 'x'}/events").open()
        problem = await stream.problem()
        assert stream.status == 422 and problem["code"] == "invalid_state_token", problem


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_spectators_handle_never_acts(game: AnyGame) -> None:
    asyncio.run(refusals(game))
