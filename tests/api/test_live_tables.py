"""Live tables: each handle of a sealed game streams the game's changes as its holder may see
them (``GET /v1/games/{game}/tables/{handle}/events``), spectators get handles of their own, a
stream resumes from ``Last-Event-ID`` with nothing lost or repeated, and streams are bounded.

The streams are driven in-process (:mod:`tests.api.streaming`); across worker processes and
Redis: ``test_live_tables_scale_out.py``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
import pytest

from arbiter.api import tables
from arbiter.api.app import ArbiterApp, create_app
from arbiter.api.live import stopping
from arbiter.core import Registry
from arbiter.core.texts import english
from tests.api.conftest import SecretPig, settings
from tests.api.streaming import Stream, call
from tests.toy import Pig

GAME = "/v1/games/pig"


def events_path(handle: str, query: str = "") -> str:
    return f"{GAME}/tables/{handle}/events" + (f"?{query}" if query else "")


def run(test: Callable[[ArbiterApp], Awaitable[None]], **changes: Any) -> None:
    """Run ``test`` on a fresh app (Pig, embedded store) on a loop of its own."""
    registry = changes.pop("registry", None) or Registry([Pig()])

    async def main() -> None:
        await test(create_app(settings(**changes), registry))

    asyncio.run(main())


async def sealed_game(app: ArbiterApp, **body: Any) -> dict[str, Any]:
    status, master = await call(
        app, "POST", f"{GAME}/states", {"players": 2, "seed": 7, "sealed": True, **body}
    )
    assert status == 201, master
    return master


async def play(app: ArbiterApp, token: str, which: int = 0) -> dict[str, Any]:
    """The holder of ``token`` makes its ``which``-th legal move; the answer."""
    status, now = await call(app, "POST", f"{GAME}/current", {"state_token": token})
    assert status == 200, now
    move = now["legal_moves"][min(which, len(now["legal_moves"]) - 1)]
    status, moved = await call(app, "POST", f"{GAME}/moves", {"state_token": token, "move": move})
    assert status == 200, moved
    return moved


# ---------------------------------------------------------------------------- what streams tell


def test_a_stream_begins_with_the_current_step_as_current_answers_it() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        seat = master["seat_tokens"][0]
        stream = await Stream(app, events_path(seat)).open()
        assert stream.status == 200
        assert stream.response_headers["content-type"] == "text/event-stream; charset=utf-8"
        assert stream.response_headers["cache-control"] == "no-store"
        [first] = await stream.updates(1)
        status, current = await call(app, "POST", f"{GAME}/current", {"state_token": seat})
        assert status == 200
        assert first["version"] == 0 and first["events"] == [] and first["missed"] == 0
        shown = first["current"]
        for member in ("view", "to_act", "legal_moves", "finished", "as_seat", "sealed"):
            assert shown[member] == current[member], member
        assert await stream.quiet()
        await stream.close()

    run(test)


def test_a_move_reaches_every_handle_of_the_table_as_each_may_see_it() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        seats = master["seat_tokens"]
        status, watcher = await call(app, "POST", f"{GAME}/spectators", {"state_token": seats[1]})
        assert status == 200
        streams = [
            await Stream(app, events_path(token)).open()
            for token in (*seats, master["state_token"], watcher["state_token"])
        ]
        for stream in streams:
            await stream.updates(1)
        moved = await play(app, seats[0])
        told = [(await stream.updates(1))[0] for stream in streams]
        for update in told:
            assert update["version"] == 1
            assert update["events"] == moved["events"]
            assert update["to_act"] == moved["to_act"]
        seat0, seat1, mastered, watched = told
        assert seat0["current"]["as_seat"] == 0 and seat1["current"]["as_seat"] == 1
        assert seat0["current"]["legal_moves"] and not seat1["current"]["legal_moves"]
        assert "seats" not in seat0 and "seats" not in watched
        assert [s["seat"] for s in mastered["seats"]] == [0, 1]
        assert watched["current"]["legal_moves"] == [] and watched["current"]["as_seat"] is None
        assert "seat_tokens" not in watched["current"] and "seat_tokens" in mastered["current"]
        # each update's handle is its holder's current one: seat 0 moves on with it
        status, again = await call(
            app,
            "POST",
            f"{GAME}/moves",
            {"state_token": seat0["state_token"], "move": seat0["current"]["legal_moves"][0]},
        )
        assert status == 200, again
        assert (await streams[1].updates(1))[0]["version"] == 2
        # so does the master's seat handles
        status, _ = await call(
            app, "POST", f"{GAME}/current", {"state_token": mastered["seats"][1]["state_token"]}
        )
        assert status == 200
        for stream in streams:
            await stream.close()

    run(test)


def test_a_spectator_reads_the_public_view_and_never_acts() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        status, watcher = await call(
            app, "POST", f"{GAME}/spectators", {"state_token": master["state_token"]}
        )
        assert status == 200
        token = watcher["state_token"]
        assert watcher["view"]["my_lucky"] is None and watcher["legal_moves"] == []
        assert "seat_tokens" not in watcher
        status, current = await call(app, "POST", f"{GAME}/current", {"state_token": token})
        assert status == 200 and current["view"] == watcher["view"]
        move = {"type": "roll", "seat": 0}
        refused = {
            "moves": {"state_token": token, "move": move},
            "validate": {"state_token": token, "move": move},
            "legal-moves": {"state_token": token},
            "hints": {"state_token": token, "seat": 0},
            "record": {"state_token": token},
            "position": {"state_token": token},
            "undo": {"state_token": token},
        }
        for path, body in refused.items():
            status, problem = await call(app, "POST", f"{GAME}/{path}", body)
            assert status == 403 and problem["code"] == "spectator_handle", (path, problem)
        status, problem = await call(
            app, "POST", f"{GAME}/current", {"state_token": token, "as_seat": 0}
        )
        assert status == 403 and problem["code"] == "forbidden_seat"
        status, problem = await call(
            app, "POST", f"{GAME}/current", {"state_token": token, "acting_seats": True}
        )
        assert status == 403 and problem["code"] == "master_only"
        # a spectator's handle makes more of them
        status, more = await call(app, "POST", f"{GAME}/spectators", {"state_token": token})
        assert status == 200 and more["view"] == watcher["view"]

    run(test)


def test_secrets_stay_with_their_seat_in_every_stream() -> None:
    """SecretPig's lucky numbers are 9 digits: seat 0's never appears in the bytes another
    seat's or a spectator's stream carries, through a whole game."""

    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app, seed=11)
        seats = master["seat_tokens"]
        status, watcher = await call(app, "POST", f"{GAME}/spectators", {"state_token": seats[0]})
        assert status == 200
        holders = {"seat 0": seats[0], "seat 1": seats[1], "spectator": watcher["state_token"]}
        streams = {
            name: await Stream(app, events_path(token)).open() for name, token in holders.items()
        }
        state = await current_state(app, master["state_token"])
        lucky = [str(n) for n in state.lucky]
        token = master["state_token"]
        for _ in range(60):
            status, now = await call(app, "POST", f"{GAME}/current", {"state_token": token})
            if now["finished"]:
                break
            status, moved = await call(
                app, "POST", f"{GAME}/moves", {"state_token": token, "move": now["legal_moves"][0]}
            )
            assert status == 200
            token = moved["state_token"]
        seen: dict[str, str] = {}
        for name, stream in streams.items():
            await stream.close()
            seen[name] = stream.buffer + "".join(
                chunk.decode() for chunk in drain(stream.chunks) if chunk
            )
        assert lucky[0] in seen["seat 0"]
        assert lucky[0] not in seen["seat 1"] and lucky[0] not in seen["spectator"]
        assert lucky[1] not in seen["seat 0"] and lucky[1] not in seen["spectator"]

    run(test, registry=Registry([SecretPig()]))


def drain(queue: asyncio.Queue[bytes | None]) -> list[bytes | None]:
    items = []
    while not queue.empty():
        items.append(queue.get_nowait())
    return items


async def current_state(app: ArbiterApp, master: str) -> Any:
    """The state a sealed game's table holds now (read in-process: the test's reference)."""
    game, codec = app.service.game("pig")
    resolved = await app.service.store.sealed(game, codec, master, current=True)
    return resolved.state


def test_every_stream_tells_the_events_its_holder_may_see() -> None:
    """For every handle, each update's events are the rules' own share of the step's events for
    that holder (:meth:`Game.events_for`), read from the table's feed."""

    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app, seed=5)
        game, codec = app.service.game("pig")
        seats = master["seat_tokens"]
        roles = {0: seats[0], 1: seats[1], None: master["state_token"]}
        streams = {
            role: await Stream(app, events_path(token)).open() for role, token in roles.items()
        }
        for stream in streams.values():
            await stream.updates(1)
        token = master["state_token"]
        for _ in range(6):
            moved = await play(app, token)
            token = moved["state_token"]
        table = await app.cache.get_table(app.service.store.sealer.open(token).table)
        assert table is not None
        for role, stream in streams.items():
            for update in await stream.updates(6):
                change = next(c for c in table.feed if c.version == update["version"])
                shown = game.events_for(codec.events(change.events), role)
                assert update["events"] == [to_plain(e) for e in shown]
            await stream.close()

    run(test)


def to_plain(event: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(event, enc_hook=english))


# ----------------------------------------------------------------------------------- resuming


def test_a_stream_resumes_after_its_last_event_with_nothing_lost_or_repeated() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        token = master["state_token"]
        seat = master["seat_tokens"][1]
        stream = await Stream(app, events_path(seat)).open()
        [first] = await stream.updates(1)
        await stream.close()
        for _ in range(3):
            token = (await play(app, token))["state_token"]
        again = await Stream(
            app, events_path(seat), {"Last-Event-ID": str(first["version"])}
        ).open()
        told = await again.updates(3)
        assert [u["version"] for u in told] == [1, 2, 3]
        assert ["current" in u for u in told] == [False, False, True]
        assert all(u["missed"] == 0 for u in told)
        assert await again.quiet()
        await again.close()
        # ?after= says the same, for a client that cannot send the header
        by_query = await Stream(app, events_path(seat, "after=2")).open()
        assert [u["version"] for u in await by_query.updates(1)] == [3]
        await by_query.close()

    run(test)


def test_a_resume_further_back_than_the_feed_says_how_many_changes_it_missed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tables, "FEED_CHANGES", 2)

    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        token = master["state_token"]
        for _ in range(5):
            token = (await play(app, token))["state_token"]
        stream = await Stream(app, events_path(token), {"Last-Event-ID": "1"}).open()
        told = await stream.updates(2)
        assert [u["version"] for u in told] == [4, 5]
        assert [u["missed"] for u in told] == [2, 0]
        await stream.close()

    run(test)


def test_an_undo_is_told_as_a_change_of_its_own() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        stream = await Stream(app, events_path(master["seat_tokens"][0])).open()
        await stream.updates(1)
        moved = await play(app, master["state_token"], which=1)  # seat 0 holds: no chance
        await stream.updates(1)
        status, undone = await call(
            app, "POST", f"{GAME}/undo", {"state_token": moved["state_token"]}
        )
        assert status == 200, undone
        [update] = await stream.updates(1)
        assert update["undo"] is True and update["events"] == [] and update["version"] == 2
        assert update["current"]["view"]["current"] == 0
        await stream.close()

    run(test)


def test_a_finished_games_stream_ends_and_a_resume_after_its_end_is_204() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app, seed=3)
        token = master["state_token"]
        stream = await Stream(app, events_path(master["seat_tokens"][0])).open()
        await stream.updates(1)
        version = 0
        while True:  # roll, hold, roll, hold...: somebody reaches 20
            moved = await play(app, token, which=version % 2)
            token, version = moved["state_token"], version + 1
            if moved["finished"]:
                break
        told = await stream.updates(version)
        assert told[-1]["finished"] is True and told[-1]["current"]["result"] is not None
        end = await stream.next()
        assert end is not None and end.kind == "end" and end.data == {"reason": "finished"}
        assert await stream.next() is None
        await stream.close()
        done = await Stream(
            app, events_path(master["seat_tokens"][0]), {"Last-Event-ID": str(version)}
        ).open()
        assert done.status == 204
        await done.close()

    run(test, registry=Registry([Pig()]))


# ---------------------------------------------------------------------------- refusals


def test_streams_refuse_bad_handles_and_resume_points_before_they_open() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        token = master["state_token"]
        forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
        cases = [
            (events_path(forged), {}, 422, "invalid_state_token"),
            (events_path("x" * 40), {}, 422, "invalid_state_token"),
            ("/v1/games/nope/tables/" + token + "/events", {}, 404, "unknown_game"),
            (events_path(token), {"Last-Event-ID": "x1"}, 422, "invalid_request"),
            (events_path(token), {"Last-Event-ID": "99"}, 409, "table_rolled_back"),
            (events_path(token, "after=-1"), {}, 422, "invalid_request"),
            (events_path(master["seat_tokens"][0], "acting_seats=true"), {}, 403, "master_only"),
        ]
        for path, headers, status, code in cases:
            stream = await Stream(app, path, headers).open()
            problem = await stream.problem()
            assert stream.status == status, (path, headers, problem)
            assert problem["code"] == code, (path, problem)
            assert "text/event-stream" not in stream.response_headers.get("content-type", "")
        # a made-up Last-Event-ID is refused without raising the operators' rollback alert
        assert "arbiter_rollbacks_total 0.0" in app.metrics.render().decode()
        # a table the store does not hold (another app's game: its key is the same)
        other = create_app(settings(), Registry([Pig()]))
        elsewhere = await sealed_game(other)
        stream = await Stream(app, events_path(elsewhere["state_token"])).open()
        assert stream.status == 404 and (await stream.problem())["code"] == "unknown_state"

    run(test)


def test_streams_are_bounded_per_client_and_per_worker() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        path = events_path(master["state_token"])
        held = [await Stream(app, path).open() for _ in range(2)]
        assert all(s.status == 200 for s in held)
        refused = await Stream(app, path).open()
        problem = await refused.problem()
        assert refused.status == 429 and problem["code"] == "too_many_streams"
        assert problem["used"] == 2 and problem["allowed"] == 2
        await held[0].close()
        reopened = await Stream(app, path).open()
        assert reopened.status == 200
        for stream in (held[1], reopened):
            await stream.close()
        assert app.live is not None and app.live.open == 0 and not app.live.tables

    run(test, client_streams=2)

    async def per_worker(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        path = events_path(master["state_token"])
        held = [await Stream(app, path).open() for _ in range(3)]
        refused = await Stream(app, path).open()
        assert refused.status == 503 and (await refused.problem())["code"] == "streams_full"
        assert refused.response_headers["retry-after"]
        for stream in held:
            await stream.close()

    run(per_worker, max_streams=3)


def test_an_idle_stream_gets_heartbeats() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        stream = await Stream(app, events_path(master["state_token"])).open()
        await stream.updates(1)
        with pytest.raises(TimeoutError):  # no event: heartbeats only
            await asyncio.wait_for(stream.next(), 0.35)
        assert stream.comments >= 2
        await stream.close()

    run(test, stream_heartbeat=0.1)


def test_a_reader_that_stops_reading_is_dropped_without_holding_others_up() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        slow = await Stream(app, events_path(master["seat_tokens"][0])).open()
        fast = await Stream(app, events_path(master["seat_tokens"][1])).open()
        await slow.updates(1)
        await fast.updates(1)
        slow.stalled.clear()  # its writes now wait, as on a full socket
        moved = await play(app, master["state_token"])
        assert (await fast.updates(1))[0]["version"] == 1
        assert slow.task is not None
        await asyncio.wait_for(slow.task, 2)  # dropped within a heartbeat
        metrics = app.metrics.render().decode()
        assert 'arbiter_streams_dropped_total{why="slow"} 1.0' in metrics
        await play(app, moved["state_token"])
        assert (await fast.updates(1))[0]["version"] == 2
        await fast.close()
        await slow.close()

    run(test, stream_heartbeat=0.2)


def test_streams_end_cleanly_when_the_worker_is_told_to_stop() -> None:
    async def test(app: ArbiterApp) -> None:
        master = await sealed_game(app)
        stream = await Stream(app, events_path(master["state_token"])).open()
        await stream.updates(1)
        stopping()  # what the server's connections call on SIGTERM
        end = await stream.next()
        assert end is not None and end.kind == "end" and end.data == {"reason": "stopping"}
        assert await stream.next() is None
        await stream.close()
        refused = await Stream(app, events_path(master["state_token"])).open()
        assert refused.status == 503 and (await refused.problem())["code"] == "streams_full"

    run(test)
