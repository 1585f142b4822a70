"""Sealed games against hostile seats, for every registered game (a new game gets this for free).

Random sealed games are played through the seats' own handles, the way a backend that hands
handles to its players would see them. Along the way, for every seat ``k``:

* every answer to ``k``'s handle lists only ``k``'s own moves, never a chance outcome, and shows
  ``k``'s view (never another seat's, never the state, never the seed) and, asked for, the text of
  that very view (``render``);
* what ``k``'s handle can learn depends only on what ``k`` may know: a second game is kept whose
  state differs only in what ``k`` cannot know (``Game.hidden_variant``), and every probe ``k``
  can make -- ``current`` (with the text of its view), ``legal-moves``, ``validate`` of its own
  moves, of mutated moves, of other seats' moves and of chance outcomes, refused ``moves`` --
  answers the same in both; a hint for its own seat is one of its legal moves (or ``409
  not_deciding`` in both), for another seat ``403 forbidden_seat`` (the hint itself is drawn
  from the seat's view: ``tests/core/test_search.py`` holds it to that);
* a handle of an earlier step acts on nothing (``409 stale_state``), whoever held it -- but for
  its own seat's move in a simultaneous decision the step since did not touch: the seat was to
  act there and still is, with the very same legal moves, and the step was another seat's that
  was deciding beside it (:mod:`arbiter.api.merging`);
* tampered, truncated and cross-game handles are refused;
* the master's ``undo`` returns every seat to exactly what it saw before the move, or is refused
  (``nothing_to_undo``) for moves the game says revealed something;
* no seat's handle, current or stale, ever obtains the game's record (it holds the seed and every
  hidden move: ``403 master_only``); the master's record, exported at the end, replays to the
  very game the seats played;
* no seat's handle, current or stale, ever obtains the game's position (it shows every hidden
  card: ``403 master_only``, or ``404 positions_unsupported`` for a game that takes none); the
  master's is the position of the game's current state.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable
from typing import Any

import msgspec
import pytest

from arbiter.api.app import ArbiterApp, create_app
from arbiter.api.problems import Problem
from arbiter.api.sealing import MASTER
from arbiter.api.service import Service
from arbiter.core import CHANCE, Game, Registry
from arbiter.games import registry
from tests.api.conftest import settings
from tests.conformance.harness import mutations
from tests.toy import Pig

AnyGame = Game[Any, Any, Any, Any]
GAMES: list[AnyGame] = [Pig(), *registry()]
#: (players, decisions played at most; None: to the end)
PLAYS = {"min": None, "max": 300}
#: Compare a seat's answers with those on a hidden variant every this many decisions.
DIFFERENTIAL_EVERY = 29
#: Take the last move back (and play it again) every this many decisions.
UNDO_EVERY = 13


def _app(game: AnyGame) -> ArbiterApp:
    # a random two-player Scythe runs past 10,000 decisions: the master's record of it is kept
    return create_app(settings(max_replay=100_000), Registry([type(game)()]))


async def outcome(awaitable: Awaitable[Any]) -> Any:
    """An answer as plain data, or the refusal's (status, code, detail, extras)."""
    try:
        answer = await awaitable
    except Problem as problem:
        return ("problem", problem.status, problem.code, problem.detail, problem.legal_moves_count)
    data = msgspec.to_builtins(answer)
    if isinstance(data, dict):
        data.pop("state_token", None)
        data.pop("seat_tokens", None)
    return data


def hint_move(game: AnyGame, hint: dict[str, Any]) -> Any:
    """The move a hint (as plain data) recommends, decoded."""
    return msgspec.convert(hint["move"], game.move_type)


def chance_probes(game: AnyGame, players: int, seed: int) -> list[Any]:
    """Chance outcomes seen in a short library game: moves no seat's handle may submit."""
    state = game.new_state(players, seed=seed)
    rng = random.Random(seed)
    probes: list[Any] = []
    for _ in range(400):
        actors = game.to_act(state)
        if not actors:
            break
        if actors[0] == CHANCE:
            probes.extend(game.legal_moves(state, CHANCE)[:3])
            move = game.sample_chance(state)
        else:
            move = rng.choice(game.all_legal_moves(state))
        state, _ = game.apply(state, move)
        if len(probes) >= 9:
            break
    return probes


class Table:
    """One sealed game kept by the service, and the current handle of every seat."""

    def __init__(self, service: Service, game: AnyGame, tokens: list[str], master: str) -> None:
        self.service = service
        self.game = game
        self.tokens = tokens
        self.master = master

    @classmethod
    async def from_state(cls, service: Service, game: AnyGame, state: Any, players: int) -> Table:
        codec = service.codecs[game.id]
        known = service._learn(game, codec, state)
        table_id, table = await service.store.open_table(codec, known, True, players, b"{}", ())
        store = service.store
        tokens = [store.handle(game.id, table_id, table, k) for k in range(players)]
        return cls(service, game, tokens, store.handle(game.id, table_id, table, MASTER))

    async def probes(self, seat: int, own: list[Any], others: list[Any], chance: list[Any]) -> Any:
        """Everything seat ``seat`` can ask, as plain data, in a fixed order."""
        service, game, token = self.service, self.game, self.tokens[seat]
        from arbiter.api.handles import Handle

        handle = Handle(state_token=token)
        answers = [
            await outcome(service.current(game.id, token, render=True)),
            await outcome(service.legal_moves(game.id, handle)),
            await outcome(service.record(game.id, handle)),
            await outcome(service.positions.position_of(game.id, handle)),
        ]
        for asked in range(len(self.tokens)):
            hint = await outcome(service.hints.hint(game.id, handle, seat=asked, playouts=4))
            if isinstance(hint, dict):  # the move depends on the search's seed, not its kind
                assert asked == seat and game.actor_of(hint_move(game, hint)) == seat
                hint = ("hint", hint_move(game, hint) in own)
            answers.append(hint)
        listed = set(own)
        tried: list[Any] = [*own[:6], *others[:4], *chance[:4]]
        for move in own[:6]:
            tried.extend(m for m in mutations(move) if m not in listed)
        for move in tried:
            answers.append(await outcome(service.validate(game.id, handle, move)))
            if move not in listed:  # a refused move changes nothing; try to apply it
                refused = service.apply_move(game.id, handle, move, render=True)
                answers.append(await outcome(refused))
        return answers


async def play(game: AnyGame, players: int, seed: int, limit: int | None) -> tuple[int, int]:
    app = _app(game)
    service = app.service
    encoder = msgspec.json.Encoder()
    rng = random.Random(seed)
    chance = chance_probes(game, players, seed)
    master = await service.new_state(game.id, players=players, seed=seed, sealed=True)
    assert master.state is msgspec.UNSET and master.state_id is None
    assert isinstance(master.seat_tokens, list) and len(master.seat_tokens) == players
    tokens = list(master.seat_tokens)
    master_token = master.state_token
    assert isinstance(master_token, str)
    stale: list[tuple[str, int]] = []  # handles of the step before, with their seats
    previous: list[Any] = []
    last_mover = -1
    decisions = undone = 0
    no_position = (
        ("problem", 404, "positions_unsupported")
        if game.position_type is None
        else ("problem", 403, "master_only")
    )
    while limit is None or decisions < limit:
        answers = [await service.current(game.id, t, render=True) for t in tokens]
        for seat, answer in enumerate(answers):
            assert answer.sealed and answer.state is msgspec.UNSET and answer.as_seat == seat
            assert b'"seed"' not in encoder.encode(answer.view)
            assert answer.text == game.render_view(answer.view), "a text not of the seat's view"
            for move in answer.legal_moves:
                assert game.actor_of(move) == seat, "a seat's handle lists another's move"
            assert isinstance(answer.state_token, str)
            tokens[seat] = answer.state_token
        to_act = answers[0].to_act
        if not to_act:
            break
        assert CHANCE not in to_act, "chance waits in a game that draws from its seed"
        if decisions % DIFFERENTIAL_EVERY == 0:
            await differential(service, game, players, tokens, master_token, chance, rng)
        seat = rng.choice(to_act)
        assert isinstance(seat, int)
        own = answers[seat].legal_moves
        assert own, f"seat {seat} must act but its handle lists no move"
        merged = False
        for old, holder in stale:  # the handles of earlier steps act on nothing...
            tried = await outcome(service.apply_move(game.id, _handle(old), own[0]))
            if isinstance(tried, dict):  # ...but a seat's move that commutes (api.merging):
                assert game.has_simultaneous_moves and holder == seat != last_mover, tried
                assert seat in previous[holder].to_act  # it was to act then and still is,
                assert last_mover in previous[holder].to_act  # beside the seat that moved,
                assert previous[holder].legal_moves == own  # with the very same choices
                merged = True
                break
            assert tried[:3] == ("problem", 409, "stale_state"), tried
        if merged:  # the table moved on: look again
            current_master = await service.current(game.id, master_token)
            assert isinstance(current_master.state_token, str)
            master_token, stale = current_master.state_token, []
            decisions += 1
            continue
        for held in [
            *(old for old, _ in stale),
            *tokens,
        ]:  # no seat's handle gets the record, stale or current
            refused = await outcome(service.record(game.id, _handle(held)))
            assert refused[:3] == ("problem", 403, "master_only"), refused
            refused = await outcome(service.positions.position_of(game.id, _handle(held)))
            assert refused[:3] == no_position, refused  # nor the position
        chosen = rng.choice(own)
        moved = await service.apply_move(game.id, _handle(tokens[seat]), chosen)
        if decisions % UNDO_EVERY == 0:
            boss = await service.current(game.id, master_token)
            assert isinstance(boss.state_token, str)
            back = await outcome(service.undo(game.id, boss.state_token))
            if isinstance(back, dict):
                undone += 1
                again = [await outcome(service.current(game.id, t, render=True)) for t in tokens]
                assert again == [await outcome(_same(a)) for a in answers], "undo is not exact"
                ticket = await service.current(game.id, tokens[seat])
                assert isinstance(ticket.state_token, str)
                moved = await service.apply_move(game.id, _handle(ticket.state_token), chosen)
            else:
                assert back[2] == "nothing_to_undo", back
        assert moved.as_seat == seat and moved.seat_tokens is msgspec.UNSET
        for move in moved.legal_moves:
            assert game.actor_of(move) == seat
        stale = [(tokens[seat], seat), *((t, k) for k, t in enumerate(tokens) if k != seat)][:2]
        previous, last_mover = answers, seat
        current_master = await service.current(game.id, master_token)
        assert isinstance(current_master.state_token, str)
        master_token = current_master.state_token
        decisions += 1
    record = await service.record(game.id, _handle(master_token))
    replayed = await service.replay(
        game.id,
        players=record.players,
        seed=record.seed,
        moves=[msgspec.json.decode(msgspec.json.encode(m)) for m in record.moves],
        sealed=True,
    )
    final = await service.current(game.id, master_token)
    assert (replayed.view, replayed.to_act, replayed.result) == (
        final.view,
        final.to_act,
        final.result,
    ), "the master's record does not replay to the game played"
    if limit is None:
        assert final.finished and final.result is not None
    if game.position_type is not None:
        shown = await service.positions.position_of(game.id, _handle(master_token))
        head = await service.store.sealed(game, service.codecs[game.id], master_token, current=True)
        assert shown.position == game.position_of(head.state)
    return decisions, undone


async def _same(answer: Any) -> Any:
    return answer


def _handle(token: str) -> Any:
    from arbiter.api.handles import Handle

    return Handle(state_token=token)


async def differential(
    service: Service,
    game: AnyGame,
    players: int,
    tokens: list[str],
    master_token: str,
    chance: list[Any],
    rng: random.Random,
) -> None:
    """Every seat's probes answer alike on the game and on a variant hidden from that seat."""
    resolved = await service.store.sealed(game, service.codecs[game.id], master_token)
    state = resolved.state
    for seat in range(players):
        variant = game.hidden_variant(state, seat, random.Random(rng.random()))
        game.check_state(variant)
        real = await Table.from_state(service, game, state, players)
        other = await Table.from_state(service, game, variant, players)
        own = game.legal_moves(state, seat)
        others = [
            m
            for k in game.to_act(state)
            if k != seat and k != CHANCE
            for m in game.legal_moves(state, k)
        ]
        assert await real.probes(seat, own, others, chance) == await other.probes(
            seat, own, others, chance
        ), f"seat {seat} of {game.id} can tell hidden information apart"


CASES = [
    pytest.param(game, players, limit, id=f"{game.id}-{players}p")
    for game in GAMES
    for players, limit in (
        (game.min_players, PLAYS["min"]),
        (game.max_players, PLAYS["max"]),
    )
    if not (players == game.min_players and game.min_players == game.max_players and limit)
]


@pytest.mark.parametrize(("game", "players", "limit"), CASES)
def test_seats_learn_only_what_they_may(game: AnyGame, players: int, limit: int | None) -> None:
    decisions, undone = asyncio.run(play(game, players, seed=20261123 + players, limit=limit))
    assert decisions > 0
    if limit is None and game.id != "pig":
        assert undone > 0, "no move of a whole game could be taken back"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_broken_and_foreign_handles_are_refused(game: AnyGame) -> None:
    async def check() -> None:
        app = _app(game)
        service = app.service
        master = await service.new_state(game.id, players=game.min_players, seed=5, sealed=True)
        assert isinstance(master.seat_tokens, list)
        token = master.seat_tokens[0]
        bad = [
            token[:-1],
            token[:20],
            token + "A",
            token[:10] + ("A" if token[10] != "A" else "B") + token[11:],
            "",
        ]
        for broken in bad:
            refused = await outcome(service.current(game.id, broken))
            assert refused[:3] == ("problem", 422, "invalid_state_token"), refused
        pig = create_app(settings(), Registry([Pig()])).service
        foreign = await pig.new_state("pig", players=2, seed=5, sealed=True)
        assert isinstance(foreign.state_token, str)
        if game.id != "pig":
            refused = await outcome(service.current(game.id, foreign.state_token))
            assert refused[:3] == ("problem", 422, "invalid_state_token")

    asyncio.run(check())
