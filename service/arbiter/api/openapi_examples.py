"""Examples for the OpenAPI document, played at build time from the registered games.

Every example is a real request of a real game and the answer the service gives it. Each game is
set up for two players (its fewest, if more) with a fixed seed and played along one line: every
move drawn from the legal moves by a generator with that same seed, until the game ends or
:data:`LINE` moves are made. The examples show the opening (setup and its first move), the
middle of that line and its end (the last move, which finishes a game that ended), computed with
the rules and with the functions the service answers with (:func:`arbiter.api.service.moves_for`,
:class:`~arbiter.api.envelope.Envelope`). Nothing is random from one build to the next, so
``openapi/openapi.json`` stays the same. Tools that replay examples (schemathesis' examples and
stateful phases) so reach states far into a game, not only the first steps.

Two things cannot be real in a document: ids of cached states and handles of sealed games exist
only in a running server (and a handle is sealed with that server's key). They are written in the
service's own formats (a keyed id, a base64url handle), derived from the example itself, and
sending them to a server answers ``404 unknown_state`` or ``422 invalid_state_token``. Examples
that send a full ``state`` work against any server that runs the same rules.

Examples are named ``<variant>.<game id>``: sorted by name (the document's keys are sorted), the
games come in the same order in every variant and in the examples of the ``game`` path parameter,
so tools that pair a request body's examples with the parameter's in order (schemathesis does)
send each game's body to that game's path. The position operations (:data:`POSITION_OPERATIONS`)
have examples of the games that take positions only, and a ``game`` parameter of their own whose
examples are those games.

**Positions** (games that take them): the position of the middle of the example line
(``position_of``), set up again with :data:`SEED`; each of the game's worked examples
(``position_examples``); the first simple change of the middle position that the game refuses,
with its problem; and the position of the middle state, exported by sending that state.
"""

from __future__ import annotations

import base64
import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

import msgspec

from arbiter.api.audience import Audience, anytime_for, listing, moves_for
from arbiter.api.codec import GameCodec
from arbiter.api.envelope import (
    Envelope,
    GameList,
    LegalMoves,
    MigratedState,
    TablePosition,
    Validation,
)
from arbiter.api.operations import OPERATIONS
from arbiter.api.problems import CODES, ProblemDetails
from arbiter.core import CHANCE, Event, IllegalMove, InvalidState, Registry
from arbiter.core.record import RECORD_FORMAT, GameRecord, RecordedMove, draw_chance
from arbiter.core.registry import AnyGame

#: The audience of an open game's answers.
OPEN = Audience(False, None)
#: The seed of every example game.
SEED = 7
#: The most moves the example line of a game plays (a game that ends sooner ends it).
LINE = 120
#: Moves tried, from the start of a game, to find one that ``undo`` can take back.
UNDO_SEARCH = 40
#: The operations of positions: only the games that take positions have their examples.
POSITION_OPERATIONS = frozenset(op.id for op in OPERATIONS if op.positions)

Example = dict[str, Any]
#: Named examples of one request or response: name -> ``{"summary": ..., "value": ...}``.
Named = dict[str, Example]


def _builtins(value: Any) -> Any:
    """A value as the service writes it on the wire, read back as plain JSON values."""
    return msgspec.json.decode(msgspec.json.encode(value))


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def example_state_id(game: str, state: Any) -> str:
    """An id in the format of :meth:`arbiter.api.sealing.Sealer.state_id`, unknown to servers."""
    return _b64(hashlib.blake2b(msgspec.json.encode([game, "id", state]), digest_size=16).digest())


def example_handle(game: str, state: Any, role: str) -> str:
    """A handle in the format of :meth:`arbiter.api.sealing.Sealer.seal` (version byte, 12-byte
    nonce, sealed ticket and tag), made of a digest: it fails authentication on every server."""
    digest = hashlib.blake2b(msgspec.json.encode([game, role, state]), digest_size=60).digest()
    return _b64(b"\x02" + digest)


@dataclass
class Step:
    """A state the examples show, with what led to it (the events of its last move, that move,
    and every decision applied on the way: chance drawn before and after it included)."""

    state: Any
    events: list[Event]
    move: Any = None
    decisions: list[Any] = field(default_factory=list)


@dataclass
class GameExamples:
    """The examples of one game: a short game played from setup."""

    game: AnyGame
    players: int
    codec: GameCodec = field(init=False)

    def __post_init__(self) -> None:
        self.codec = GameCodec(self.game)

    # ------------------------------------------------------------------------- playing

    def setup(self) -> Step:
        state = self.game.new_state(self.players, seed=SEED)
        state, events, drawn = draw_chance(self.game, state)
        return Step(state, events, None, drawn)

    def line(self) -> list[Step]:
        """The example line: setup, then moves drawn with :data:`SEED` (module docstring)."""
        steps = [self.setup()]
        draw = random.Random(SEED)
        while len(steps) <= LINE:
            moves = self.game.all_legal_moves(steps[-1].state)
            if not moves:
                break
            steps.append(self.play(steps[-1], draw.choice(moves)))
        return steps

    def play(self, step: Step, move: Any) -> Step:
        """``move`` applied as the service applies it (chance resolved before and after)."""
        game = self.game
        state, events, decisions = step.state, list[Event](), list[Any]()
        if game.actor_of(move) != CHANCE and CHANCE in game.to_act(state):
            state, events, decisions = draw_chance(game, state)
        state, more = game.apply(state, move)
        events.extend(more)
        state, more, drawn = draw_chance(game, state)
        events.extend(more)
        return Step(state, events, move, [*decisions, move, *drawn])

    def record(self, steps: list[Step]) -> Example:
        """The record of the game at the last of ``steps`` (setup first), as the service
        exports it."""
        game, state = self.game, steps[-1].state
        decisions = [move for step in steps for move in step.decisions]
        result = None if game.to_act(state) else game.result(state)
        record = GameRecord(
            format=RECORD_FORMAT,
            game=game.id,
            rules_version=game.rules_version,
            content_id=state.content_id,
            players=self.players,
            seed=SEED,
            options=game.options_type(),
            resolve_chance=True,
            moves=[RecordedMove(step=i, move=move) for i, move in enumerate(decisions)],
            result=msgspec.UNSET if result is None else result,
        )
        return _builtins(record)  # type: ignore[no-any-return]

    def undoable(self) -> tuple[Step, Any, Step] | None:
        """The first step of a game whose move the master handle may take back."""
        step = self.setup()
        for _ in range(UNDO_SEARCH):
            moves = self.game.all_legal_moves(step.state)
            if not moves:
                return None
            for move in moves[:10]:
                after = self.play(step, move)
                if after.state.step == step.state.step + 1 and self.game.can_take_back(
                    step.state, move, after.state
                ):
                    return step, move, after
            step = self.play(step, moves[0])
        return None

    def illegal(self, before: Step, step: Step) -> tuple[Any, IllegalMove] | None:
        """A move refused in ``step`` (one that was legal in ``before``), and the refusal."""
        for move in self.game.all_legal_moves(before.state):
            try:
                self.game.check_move(step.state, move)
            except IllegalMove as error:
                return move, error
        return None

    # ------------------------------------------------------------------------- answers

    def refused_position(self, position: Any) -> tuple[Any, InvalidState] | None:
        """The first change of one whole-number member of ``position`` (to 97, one more, or -1)
        that its type accepts and the game refuses, with the refusal."""
        game = self.game
        decoder = msgspec.json.Decoder(game.position_type)
        for name in position.__struct_fields__:
            value = getattr(position, name)
            if isinstance(value, bool) or not isinstance(value, int):
                continue
            for changed in (97, value + 1, -1):
                if changed == value:
                    continue
                try:
                    candidate = decoder.decode(
                        msgspec.json.encode(msgspec.structs.replace(position, **{name: changed}))
                    )
                except msgspec.ValidationError:
                    continue
                try:
                    game.state_of(candidate, SEED)
                except InvalidState as error:
                    return candidate, error
        return None

    def open_answer(
        self, step: Step, *, events: bool = True, resolve_chance: bool = True
    ) -> Example:
        """The envelope of an open game as the service answers it."""
        game, state = self.game, step.state
        to_act = list(game.to_act(state))
        envelope = Envelope(
            game=game.id,
            rules_version=game.rules_version,
            state_id=example_state_id(game.id, _builtins(state)),
            sealed=False,
            resolve_chance=resolve_chance,
            as_seat=None,
            state=msgspec.Raw(self.codec.state_json(state)),
            to_act=to_act,
            legal_moves=(listed := listing(game, state, moves_for(game, state, OPEN), OPEN)).moves,
            move_ranges=listed.ranges,
            events=list(step.events) if events else [],
            finished=not to_act,
            result=None if to_act else game.result(state),
        )
        return _builtins(envelope)  # type: ignore[no-any-return]

    def sealed_answer(
        self, step: Step, seat: int | None, *, events: bool = True, render: bool = False
    ) -> Example:
        """The envelope of a sealed game for the master handle (``seat`` None) or a seat's
        (``render``: with the text of its view)."""
        game, state = self.game, step.state
        view = game.view(state, seat)
        to_act = list(game.to_act(state))
        public = _builtins(game.view(state, None))
        master = seat is None
        audience = Audience(True, seat, master=master)
        listed = listing(game, state, moves_for(game, state, audience), audience)
        envelope = Envelope(
            game=game.id,
            rules_version=game.rules_version,
            state_id=None,
            sealed=True,
            resolve_chance=True,
            as_seat=seat,
            state_token=example_handle(game.id, public, "master" if master else f"seat {seat}"),
            seat_tokens=[example_handle(game.id, public, f"seat {k}") for k in range(self.players)]
            if master
            else msgspec.UNSET,
            view=view,
            text=game.render_view(view) if render else msgspec.UNSET,
            to_act=to_act,
            legal_moves=listed.moves,
            move_ranges=listed.ranges,
            anytime=anytime_for(game, state, seat, audience),
            events=game.events_for(step.events, seat) if events else [],
            finished=not to_act,
            result=None if to_act else game.result(state),
        )
        return _builtins(envelope)  # type: ignore[no-any-return]


def problem_example(code: str, status: int | None = None) -> Example:
    """A problem document of one of the service's own codes (its description as ``detail``)."""
    known = CODES[code]
    problem = ProblemDetails(
        type=f"/problems/{code}",
        title=known.title,
        status=status or known.status,
        detail=known.description,
        code=code,
    )
    return _builtins(problem)  # type: ignore[no-any-return]


class Examples:
    """Named examples of every operation's requests and answers, by operation id."""

    def __init__(self, registry: Registry) -> None:
        self.requests: dict[str, Named] = {}
        self.responses: dict[tuple[str, int], Named] = {}
        #: Examples of path parameters, named by game id (paired with ``game``'s by name).
        self.game_ids: Named = {}
        self.content_ids: Named = {}
        #: Examples written once under ``components/examples`` (the content packs), by name.
        self.shared: Named = {}
        self.state_ids: Named = {}
        #: Examples of the ``game`` parameter of the position operations: games with positions.
        self.position_game_ids: Named = {}
        self.problem_codes: Named = {
            code: {"summary": known.title, "value": code} for code, known in sorted(CODES.items())
        }
        listed = GameList(games=[game.info() for game in registry])
        self.responses[("listGames", 200)] = {
            "games": {"summary": "The registered games", "value": _builtins(listed)}
        }
        self._operators(len(registry.ids()))
        for game in registry:
            players = max(game.min_players, min(2, game.max_players))
            self._add_game(GameExamples(game, players))
        for operation, named in self.requests.items():  # a variant every game has, or none
            games = len(
                self.position_game_ids if operation in POSITION_OPERATIONS else self.game_ids
            )
            variants: dict[str, int] = {}
            for name in named:
                variant = name.split(".", 1)[0]
                variants[variant] = variants.get(variant, 0) + 1
            for name in list(named):
                if variants[name.split(".", 1)[0]] != games:
                    del named[name]

    def _operators(self, games: int) -> None:
        """The examples of the operators' endpoints: health, readiness, the echo."""
        checks = {"cache": "embedded", "games": str(games)}
        down = {**checks, "cache": "redis: unavailable"}
        self.responses[("healthz", 200)] = {
            "example": {"summary": "Alive", "value": {"status": "ok", "checks": {}}}
        }
        self.responses[("readyz", 200)] = {
            "example": {"summary": "Ready", "value": {"status": "ok", "checks": checks}}
        }
        self.responses[("readyz", 503)] = {
            "example": {
                "summary": "Redis is down",
                "value": {"status": "unavailable", "checks": down},
            }
        }
        echo = {"echo": {"summary": "Any JSON document", "value": {"hello": ["world", 1]}}}
        self.responses[("echo", 200)] = echo

    def _request(self, operation: str, variant: str, game: str, summary: str, value: Any) -> None:
        self.requests.setdefault(operation, {})[f"{variant}.{game}"] = {
            "summary": summary,
            "value": value,
        }

    def _response(
        self, operation: str, status: int, variant: str, game: str, summary: str, value: Any
    ) -> None:
        self.responses.setdefault((operation, status), {})[f"{variant}.{game}"] = {
            "summary": summary,
            "value": value,
        }

    def _add_game(self, ex: GameExamples) -> None:
        game = ex.game
        gid, title, players = game.id, game.title, ex.players
        self.game_ids[gid] = {"summary": title, "value": gid}
        info = _builtins(game.info())
        self.responses.setdefault(("getGame", 200), {})[gid] = {"summary": title, "value": info}
        # content: the default pack, written once under ``components/examples`` (a pack is tens
        # of kilobytes) and referred to by the request and the answer. Not an ``externalValue``
        # naming where the service serves it: code generators resolve that as a file and fail.
        self.shared[f"{gid}.content"] = {
            "summary": f"{title}: the default content pack",
            "value": _builtins(game.default_content()),
        }
        pack = {"$ref": f"#/components/examples/{gid}.content"}
        self.content_ids[gid] = {"summary": title, "value": game.default_content_id}
        created = {"game": gid, "content_id": game.default_content_id}
        self.requests.setdefault("registerContent", {})[f"default.{gid}"] = pack
        self.responses.setdefault(("registerContent", 201), {})[f"default.{gid}"] = {
            "summary": f"{title}: the default pack's id",
            "value": created,
        }
        self.responses.setdefault(("getContent", 200), {})[gid] = pack
        line = ex.line()
        setup, moved = line[0], line[1]
        opened = ex.open_answer(setup)
        after = ex.open_answer(moved)
        wire_move = _builtins(moved.move)
        new_game = {"players": players, "seed": SEED}
        sealed_game = {**new_game, "sealed": True}
        master = ex.sealed_answer(setup, None)

        # setup, open and sealed
        self._request("newState", "open", gid, f"{title}: {players} players", new_game)
        self._request("newState", "sealed", gid, f"{title}: sealed", sealed_game)
        self._response("newState", 201, "open", gid, f"{title} after setup", opened)
        self._response("newState", 201, "sealed", gid, f"{title}: the master handle", master)
        # moves along the line: the opening, the middle, the end (by state), and one by id
        middle = len(line) // 2
        for variant, index, text in (
            ("opening", 1, "the first move"),
            ("midgame", middle, f"move {middle}"),
            (
                "endgame",
                len(line) - 1,
                "the last move" + (" (the game ends)" if not game.to_act(line[-1].state) else ""),
            ),
        ):
            before, later = line[index - 1], line[index]
            asked = {"state": ex.open_answer(before)["state"], "move": _builtins(later.move)}
            self._request("applyMove", variant, gid, f"{title}: {text}", asked)
            self._response(
                "applyMove", 200, variant, gid, f"{title} after {text}", ex.open_answer(later)
            )
        by_id = {"state_id": opened["state_id"], "move": wire_move}
        self._request("applyMove", "by-state-id", gid, f"{title}: the first move, by id", by_id)
        # legal moves and validation
        mid = line[middle]
        self._request("legalMoves", "midgame", gid, title, {"state": ex.open_answer(mid)["state"]})
        moves = listing(game, mid.state, moves_for(game, mid.state, OPEN), OPEN)
        listed = LegalMoves(
            to_act=list(game.to_act(mid.state)), moves=moves.moves, move_ranges=moves.ranges
        )
        self._response("legalMoves", 200, "midgame", gid, title, _builtins(listed))
        # migrate: a state of today's shape comes back as it is, nothing replaced
        sent = {"state": ex.open_answer(mid)["state"]}
        self._request("migrateState", "current", gid, f"{title}: a state of today's shape", sent)
        same = MigratedState(
            game=gid,
            from_version=game.rules_version,
            rules_version=game.rules_version,
            state=sent["state"],
            replaced=[],
        )
        self._response("migrateState", 200, "current", gid, title, _builtins(same))
        self._request("validateMove", "legal", gid, f"{title}: a legal move, by id", by_id)
        self._response("validateMove", 200, "legal", gid, title, _builtins(Validation(legal=True)))
        refused = ex.illegal(setup, moved)
        if refused is not None:
            bad, error = refused
            asked = {"state": after["state"], "move": _builtins(bad)}
            verdict = Validation(legal=False, code=error.code, detail=str(error.message))
            self._request("validateMove", "refused", gid, f"{title}: a move no longer legal", asked)
            self._response("validateMove", 200, "refused", gid, title, _builtins(verdict))
            self._request("applyMove", "refused", gid, f"{title}: a move no longer legal", asked)
            problem = ProblemDetails(
                type=f"/problems/{error.code}",
                title="Illegal move",
                status=422,
                detail=str(error.message),
                code=error.code,
                pointer="/move",
                legal_moves_count=len(after["legal_moves"]),
                game=gid,
            )
            self._response("applyMove", 422, "refused", gid, title, _builtins(problem))
        # replay: the opening moves
        opening = line[: min(len(line), 4)]
        replay = {**new_game, "moves": [_builtins(step.move) for step in opening[1:]]}
        text = f"{title}: setup and {len(opening) - 1} moves"
        self._request("replayGame", "opening", gid, text, replay)
        replayed = ex.open_answer(opening[-1])
        replayed["events"] = _builtins([event for step in opening for event in step.events])
        self._response("replayGame", 200, "opening", gid, title, replayed)
        # records: the opening's, exported by the id of its last state and replayed as it is
        record = ex.record(opening)
        text = f"{title}: the record of setup and {len(opening) - 1} moves"
        self._request("replayGame", "record", gid, text, record)
        self._response("replayGame", 200, "record", gid, title, replayed)
        asked = {"state_id": replayed["state_id"]}
        text = f"{title}: by the id of a state after {len(opening) - 1} moves"
        self._request("exportRecord", "by-state-id", gid, text, asked)
        text = f"{title}: setup and {len(opening) - 1} moves, chance outcomes included"
        self._response("exportRecord", 200, "by-state-id", gid, text, record)
        # a cached state
        cached = ex.open_answer(moved, events=False)
        self.state_ids[gid] = {"summary": title, "value": cached["state_id"]}
        self._response("getState", 200, "cached", gid, title, cached)
        # sealed: a seat catches up, the master takes a move back
        seat_token = master["seat_tokens"][0]
        self._request(
            "current", "seat", gid, f"{title}: seat 0's handle", {"state_token": seat_token}
        )
        self._response("current", 200, "seat", gid, title, ex.sealed_answer(setup, 0, events=False))
        self._request(
            "current",
            "seat-text",
            gid,
            f"{title}: seat 0's handle, with the text of its view",
            {"state_token": seat_token, "render": True},
        )
        rendered = ex.sealed_answer(setup, 0, events=False, render=True)
        self._response("current", 200, "seat-text", gid, f"{title}, with text", rendered)
        if game.position_type is not None:
            self._add_positions(ex, line[middle])
        undo = ex.undoable()
        if undo is not None:
            before, _, later = undo
            token = ex.sealed_answer(later, None)["state_token"]
            self._request(
                "undo", "master", gid, f"{title}: the master handle", {"state_token": token}
            )
            back = ex.sealed_answer(before, None, events=False)
            self._response("undo", 200, "master", gid, f"{title}: the step before", back)

    def _add_positions(self, ex: GameExamples, mid: Step) -> None:
        """The position examples of a game that takes positions (module docstring)."""
        game = ex.game
        gid, title = game.id, game.title
        self.position_game_ids[gid] = {"summary": title, "value": gid}
        position = game.position_of(mid.state)
        shown = [("midgame", f"{title}: the position of a game under way", position)]
        for i, (text, worked) in enumerate(game.position_examples(), 1):
            shown.append((f"worked-{i}", f"{title}: {text}", worked))
        for variant, summary, value in shown:
            asked = {"position": _builtins(value), "seed": SEED}
            self._request("setUpPosition", variant, gid, summary, asked)
            state = game.state_of(value, SEED)
            answer = ex.open_answer(Step(state, []), resolve_chance=False)
            self._response("setUpPosition", 201, variant, gid, f"{title}: the state", answer)
        refused = ex.refused_position(position)
        if refused is not None:
            bad, error = refused
            asked = {"position": _builtins(bad), "seed": SEED}
            text = f"{title}: a position the rules refuse"
            self._request("setUpPosition", "refused", gid, text, asked)
            problem = ProblemDetails(
                type=f"/problems/{error.code}",
                title="Invalid position",
                status=422,
                detail=str(error.message),
                code=error.code,
                pointer="/position" + error.pointer,
                game=gid,
            )
            self._response("setUpPosition", 422, "refused", gid, title, _builtins(problem))
        asked = {"state": ex.open_answer(mid)["state"]}
        text = f"{title}: a state of a game under way, sent in full"
        self._request("exportPosition", "midgame", gid, text, asked)
        exported = TablePosition(
            game=gid,
            rules_version=game.rules_version,
            content_id=mid.state.content_id,
            position=position,
        )
        text = f"{title}: what its table shows"
        self._response("exportPosition", 200, "midgame", gid, text, _builtins(exported))
