"""Schemathesis against the app in-process, with every check: each REST operation on its own, stateful
runs along the OpenAPI links that play real games, and the GraphQL endpoint.

Over the toy game Pig and over the service's own registry (every game; the REST walk once per game).
Bounded and derandomized (``schemathesis.toml``, :data:`BOUNDED`, :func:`fixed_server_seeds`): the
same cases on every run. ``pytest -s`` prints what the stateful runs did: moves applied (and how
many of them a link made), distinct states, the longest line of linked moves, the deepest ``step``.

The stateful runs are schemathesis' state machine over the document's links. What the test adds,
to spend the runs on games rather than on Hypothesis's choice buffer (8 KiB per scenario, which a
single random full state can nearly fill):

* scenarios start where games start (``POST .../states``): the other operations are reached only
  along links, from real answers (each is fuzzed on its own in the stateless tests);
* a body that no link fills (the link names a handle the answer lacks, or schemathesis skips the
  link to explore) is one of the document's own examples -- real states from the opening, the
  middle and the end of a game -- instead of a random one; so runs reach late game states;
* a step continues from one of the :data:`RECENT` latest answers of its kind, as a client would,
  so that lines of linked moves grow instead of branching from old answers.
"""

from __future__ import annotations

import functools
import os
import random
import secrets
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest.mock import patch

import graphql
import hypothesis
import msgspec
import pytest
import schemathesis
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule, run_state_machine_as_test
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.graphql import nodes
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import response_schema_conformance

from arbiter.api.app import ArbiterApp, create_app
from arbiter.api.openapi_examples import GameExamples
from arbiter.api.openapi_paths import MOVE_CHOICES
from arbiter.core import InvalidState, Registry
from arbiter.games import registry
from tests.api.conftest import settings
from tests.api.schemathesis_lazy import build_when_run
from tests.toy import Pig

build_when_run()

ROOT = Path(__file__).resolve().parents[2]
CONFIG = SchemathesisConfig.from_path(str(ROOT / "schemathesis.toml"))
CONFIG.update(seed=20_240_917, max_failures=None)  # the same cases on every run and worker
BOUNDED = hypothesis.settings(
    deadline=None,
    max_examples=30,
    derandomize=True,
    suppress_health_check=list(hypothesis.HealthCheck),
)
#: The operations of a game in play; stateful runs walk them (the others have no links).
PLAY = [
    "newState",
    "applyMove",
    "legalMoves",
    "validateMove",
    "replayGame",
    "current",
    "undo",
    "getState",
]
START = "POST /v1/games/{game}/states"
MOVES = "POST /v1/games/{game}/moves"
#: The operations that answer with an envelope (a state and its handles).
ENVELOPES = {
    START,
    MOVES,
    "POST /v1/games/{game}/current",
    "POST /v1/games/{game}/undo",
    "GET /v1/states/{state_id}",
}
#: How many of the latest answers of each kind a stateful step may continue from.
RECENT = 3
#: Games a GraphQL walk begins per scenario (a REST walk plays one game).
GAMES_PER_SCENARIO = 2
#: Applied moves (``POST .../moves`` answered 200, made along links) a GraphQL walk must reach,
#: per game.
FLOOR = 50
#: The same for schemathesis' REST walk of one game. Its run is chaotic: one character of one
#: generated id drawn otherwise sends the rest of the run elsewhere. One walk over the whole
#: registry, its scenarios shared among the games as it went and its bodies any game's examples,
#: made 14-168 moves along links per game over five variants that answer the same (the walk run
#: from a script instead of pytest, a refactor elsewhere), against a floor of 50. Each game's walk
#: of its own, with that game's examples only, makes 83-158 (the same from a script and pytest).
#: Since rules versions and examples moved (#39), the same walks make 34-75 (The Ancient World
#: 34-46, the wargame 35, Scythe 75, Raiders 69). With 15 scenarios they made 50-104, but a
#: wargame scenario replayed by Hypothesis met other answers once (FlakyStrategyDefinition), so
#: the walk keeps 10 scenarios and the floor is 30: links still carry dozens of moves per game.
#: With 100 steps a scenario instead of 150 (the suite's time, after #40) they make 39-74 (The
#: Ancient World 39, Scythe 74, Raiders 58, the wargame 54).
REST_FLOOR = 30
#: Scenarios of one game's REST walk.
SCENARIOS_PER_GAME = 10


def rest_schema(app: ArbiterApp) -> Any:
    return schemathesis.openapi.from_asgi("/openapi.json", app, config=CONFIG)


@functools.cache
def session(app: ArbiterApp) -> asgi.ASGIClient:
    """One in-process client of ``app`` for all of its cases, as schemathesis' ASGI transport
    would make one per case; it reads no proxy settings from the environment (``trust_env``):
    requests would otherwise search the environment twice for every call (measured when the
    coverage phase still made ~115,000 calls over the games, on the REST moves and legal-moves
    operations: 147 s -> 138 s of CPU). The app's lifespan starts with the first call, once per
    app, as before."""
    client = asgi.get_client(app)
    client.trust_env = False
    return client.__enter__()


pig_app = create_app(settings(), Registry([Pig()]))
pig_schema = rest_schema(pig_app)
games_app = create_app(settings(), registry())
#: Over the four games, every phase but coverage. The coverage phase enumerates the boundaries of
#: every member of every request schema: over the games' states, moves, positions and packs that
#: is some 115,000 requests (validate and moves 28,000 each), 360 s of one core -- a third of the
#: suite's -- and each a case the game-specific suites make on purpose (tests/api/
#: test_broken_states.py: one value of a real state changed at a time; test_hostile_bodies.py;
#: the conformance harness' mutated moves and positions). Over Pig (above) it runs whole: every
#: operation's own members and their boundaries.
GAMES_CONFIG = SchemathesisConfig.from_str(
    (ROOT / "schemathesis.toml").read_text() + "\n[phases.coverage]\nenabled = false\n"
)
GAMES_CONFIG.update(seed=20_240_917, max_failures=None)
games_schema = schemathesis.openapi.from_asgi("/openapi.json", games_app, config=GAMES_CONFIG)


@pig_schema.parametrize()
@BOUNDED
def test_rest_api(case: Any) -> None:
    case.call_and_validate(session=session(pig_app))


@games_schema.parametrize()
@BOUNDED
def test_rest_api_over_the_games(case: Any) -> None:
    case.call_and_validate(session=session(games_app))


# --------------------------------------------------------------------------------- stateful


@dataclass
class Walked:
    """What the stateful runs of one app did: answers by operation and status, and by game the
    moves applied (answered 200), those whose request a link made (handle and move taken from an
    earlier answer), the distinct states they led to, the deepest ``step`` reached, and the
    longest line of linked moves (each applied to the state the one before led to)."""

    answers: Counter[tuple[str, int]] = field(default_factory=Counter)
    moves: Counter[str] = field(default_factory=Counter)
    linked: Counter[str] = field(default_factory=Counter)
    states: dict[str, set[bytes]] = field(default_factory=dict)
    deepest: Counter[str] = field(default_factory=Counter)
    longest: Counter[str] = field(default_factory=Counter)
    #: A handle (an id, a token, a state's JSON) -> the linked moves that led to it.
    lines: dict[str, int] = field(default_factory=dict)

    @staticmethod
    def handles(value: dict[str, Any]) -> list[str]:
        """The handles of a request or an answer (REST or GraphQL spelling)."""
        found = [
            value[name]
            for name in ("state_id", "stateId", "state_token", "stateToken")
            if isinstance(value.get(name), str)
        ]
        found.extend(value.get("seat_tokens") or ())
        if isinstance(value.get("state"), dict):
            found.append(msgspec.json.encode(value["state"], order="sorted").decode())
        return found

    def answered(self, asked: Any, answer: dict[str, Any], *, move: bool, linked: bool) -> None:
        """Note an answer that carries a state; ``asked`` is the request's handles."""
        before = 0
        if linked and isinstance(asked, dict):
            before = max((self.lines.get(h, 0) for h in self.handles(asked)), default=0)
        line = before + (move and linked)
        for handle in self.handles(answer):
            self.lines[handle] = max(self.lines.get(handle, 0), line)
        if not move:
            return
        game = answer["game"]
        self.moves[game] += 1
        self.linked[game] += linked
        self.longest[game] = max(self.longest[game], line)
        seen = answer.get("state") or answer.get("view") or {}
        self.states.setdefault(game, set()).add(msgspec.json.encode(seen, order="sorted"))
        self.deepest[game] = max(self.deepest[game], seen.get("step", 0))

    def report(self, title: str) -> str:
        lines = [
            f"  {game}: {count} moves applied ({self.linked[game]} along links, the longest "
            f"line {self.longest[game]} moves), {len(self.states[game])} distinct states, "
            f"deepest step {self.deepest[game]}"
            for game, count in sorted(self.moves.items())
        ]
        return "\n".join([f"{title}:", *lines] if lines else [f"{title}: no move applied"])


def examples_by_operation(
    document: dict[str, Any], game: str | None = None
) -> dict[str, list[Any]]:
    """The request examples of the document by operation label (``POST /v1/...``); of one
    ``game`` only when given (an example's name ends with its game's id)."""
    found: dict[str, list[Any]] = {}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if not body:
                continue
            named = body["content"]["application/json"].get("examples", {})
            if game is not None:
                named = {k: v for k, v in named.items() if k.endswith(f".{game}")}
            values = [example["value"] for example in named.values() if "value" in example]
            # the examples that send a full state play against any server; ids and tokens of
            # the document are unknown to this one (kept only where nothing else is shown)
            playable = [value for value in values if "state" in value]
            values = playable or values
            if values:
                found[f"{method.upper()} {path}"] = values
    return found


#: the bytes the service draws for handles, tables and nonces under :func:`fixed_server_seeds`
drawn = random.Random(20_240_917)


@contextmanager
def fixed_server_seeds() -> Iterator[None]:
    """What the service draws at random, fixed: the seed of a setup that gives none (a generated
    request that omits ``seed`` sets up the same game whenever it is sent), and the bytes of
    table ids, development keys and nonces (:data:`drawn`, seeded again as each walk's scenario
    starts on a fresh app). Hypothesis replays the first choices of earlier scenarios and needs
    the same answers to them; with handles drawn anew, a replayed scenario met other answers
    and found other rules open (``FlakyStrategyDefinition``)."""
    with (
        patch.object(secrets, "randbits", lambda bits: 20_240_917 % 2**bits),
        patch.object(secrets, "token_bytes", lambda n=32: drawn.randbytes(n)),
        patch.object(os, "urandom", lambda n: drawn.randbytes(n)),
    ):
        yield


def plain_setup(body: Any) -> Any:
    if not isinstance(body, dict):
        return body
    return {k: v for k, v in body.items() if k not in ("options", "content_id", "as_seat")}


def sealed_setup(body: Any) -> Any:
    """A plain setup of a sealed game: every walk has handles to follow (``current``, seats)."""
    plain = plain_setup(body)
    return {**plain, "sealed": True} if isinstance(plain, dict) else plain


def walk(app: ArbiterApp, *, scenarios: int, steps: int, game: str | None = None) -> Walked:
    """Run schemathesis' state machine over the game operations of ``app`` (module docstring);
    over one ``game`` only when given."""
    schema = rest_schema(app).include(operation_id=PLAY)
    examples = examples_by_operation(schema.raw_schema, game)
    walked = Walked()

    @schema.hook
    def before_generate_case(context: Any, strategy: Any) -> Any:
        if game is None:
            return strategy

        def of_the_game(case: Any) -> Any:
            if "game" in (case.path_parameters or {}):
                case.path_parameters = {**case.path_parameters, "game": game}
            return case

        return strategy.map(of_the_game)

    @schema.hook
    def before_generate_body(context: Any, strategy: Any) -> Any:
        label = context.operation.label
        if label not in examples:
            return strategy
        if label == START:  # a documented setup, or a generated one without what random
            # values almost always get refused (options, a content pack, a seat to show), or
            # such a one of a sealed game
            return st.one_of(
                st.sampled_from(examples[label]),
                strategy.map(plain_setup),
                strategy.map(sealed_setup),
            )
        return st.sampled_from(examples[label])

    class GameWalk(schema.as_state_machine()):  # type: ignore[misc]
        # only setups start a scenario (the rules of the other roots are dropped)
        _root_labels = frozenset({START})

        def setup(self) -> None:
            # every scenario meets a service as the first met it (see fixed_server_seeds)
            schema.app = create_app(app.settings, app.service.registry)
            drawn.seed(20_240_917)

        def bundle(self, name: str) -> Any:
            # continue from the latest answers, as a client does: lines grow long
            return list(super().bundle(name))[-RECENT:]

        def step(self, input: Any) -> Any:
            output = super().step(input)
            label, status = input.case.operation.label, output.response.status_code
            walked.answers[(label, status)] += 1
            if status in (200, 201) and label in ENVELOPES:
                linked = any(location == "body" for location, _ in input.applied_parameters)
                asked = input.case.body
                if label == "GET /v1/states/{state_id}":
                    asked, linked = dict(input.case.path_parameters), True
                answer = output.response.json()
                walked.answered(asked, answer, move=label == MOVES, linked=linked)
            return output

    for name in GameWalk.root_rules:
        if not name.endswith("_states"):
            setattr(GameWalk, name, None)
    GameWalk.run(
        settings=hypothesis.settings(
            BOUNDED,
            max_examples=scenarios,
            stateful_step_count=steps,
            phases=[hypothesis.Phase.generate],
        )
    )
    return walked


def test_a_stateful_run_plays_pig() -> None:
    """Schemathesis chains requests along the OpenAPI links: it plays Pig through the API."""
    app = create_app(settings(), Registry([Pig()]))
    with fixed_server_seeds():
        walked = walk(app, scenarios=10, steps=60)
    print("\n" + walked.report("REST, Pig"))
    assert walked.linked["pig"] >= 20, walked.report("too few moves")
    followed = {label for (label, status) in walked.answers if status == 200}
    assert {"POST /v1/games/{game}/legal-moves", "POST /v1/games/{game}/validate"} <= followed


@pytest.mark.parametrize("game", registry().ids())
def test_stateful_runs_play_every_game_deep(game: str) -> None:
    """Along the links alone, schemathesis applies real moves of every game, many steps deep."""
    app = create_app(settings(), registry())
    with fixed_server_seeds():
        walked = walk(app, scenarios=SCENARIOS_PER_GAME, steps=100, game=game)
    print("\n" + walked.report(f"REST, {game}"))
    assert set(walked.moves) == {game}, walked.report("moves of another game")
    assert walked.linked[game] >= REST_FLOOR, walked.report("too few moves")
    answered = {label for (label, status) in walked.answers if status < 300}
    for operation in ("legal-moves", "validate", "current"):
        assert f"POST /v1/games/{{game}}/{operation}" in answered, walked.answers


# --------------------------------------------------------------------------------- GraphQL
#
# GraphQL has no links, and schemathesis' GraphQL state machine chains only ids (String/ID fields
# named like an argument), never a move out of `legalMoves` (the JSON scalar). So the GraphQL walk
# is a Hypothesis state machine of its own, with the REST links' choices (an earlier answer, one of
# its first moves, one of its handles); each request is a schemathesis case, sent and checked by
# schemathesis.


def json_node(value: Any) -> graphql.ValueNode:
    """The GraphQL literal of a JSON value (for the ``JSON`` scalar)."""
    if value is None:
        return nodes.Null
    if isinstance(value, bool):
        return nodes.Boolean(value)
    if isinstance(value, int):
        return nodes.Int(value)
    if isinstance(value, str):
        return nodes.String(value)
    if isinstance(value, list | tuple):
        return nodes.List([json_node(v) for v in value])
    return nodes.Object(
        [
            graphql.ObjectFieldNode(name=graphql.NameNode(value=k), value=json_node(v))
            for k, v in value.items()
        ]
    )


def literal(value: Any) -> str:
    return graphql.print_ast(json_node(value))


def game_values(games: Registry) -> list[Any]:
    """Real JSON values of the games (states after setup, their legal moves, their positions) for
    the JSON scalar."""
    values: list[Any] = []
    for game in games:
        state, _ = game.resolve_chance(game.new_state(max(2, game.min_players), seed=7))
        values.append(msgspec.to_builtins(state))
        values.extend(msgspec.to_builtins(m) for m in game.all_legal_moves(state)[:5])
        if game.position_type is not None:  # positions too, for setUpPosition
            with suppress(InvalidState):  # a state no position expresses (setup)
                values.append(msgspec.to_builtins(game.position_of(state)))
            values.extend(msgspec.to_builtins(p) for _, p in game.position_examples())
    return values


ALL_GAMES = Registry([Pig(), *registry()])
json_values = st.one_of(
    st.sampled_from(game_values(ALL_GAMES)),
    st.dictionaries(
        st.from_regex(r"\A[a-z_]{1,6}\Z"), st.integers() | st.text(max_size=5), max_size=3
    ),
    st.just({"target": 5}),
)
schemathesis.graphql.scalar("JSON", json_values.map(json_node))
schemathesis.graphql.scalar("Seed", st.integers(0, 2**63 - 1).map(nodes.Int))
game_ids = [*ALL_GAMES.ids(), "nope"]
schemathesis.graphql.scalar("String", st.sampled_from(game_ids).map(nodes.String))


def refusals_are_problems(ctx: Any, response: Any, case: Any) -> None:
    """Every GraphQL error is a deliberate refusal: a problem code, never an internal error."""
    assert response.status_code == 200, response.status_code
    payload = response.json()
    for error in payload.get("errors") or []:
        extensions = error.get("extensions") or {}
        if "path" not in error:  # a query the generator built against the schema's rules
            continue
        assert "code" in extensions, error
        assert extensions.get("status", 500) < 500, error


graphql_pig = schemathesis.graphql.from_asgi("/graphql", pig_app, config=CONFIG)
graphql_games = schemathesis.graphql.from_asgi("/graphql", games_app, config=CONFIG)


@graphql_pig.parametrize()
@BOUNDED
def test_graphql_api(case: Any) -> None:
    case.call_and_validate(
        session=session(pig_app),
        checks=[refusals_are_problems],
        excluded_checks=[not_a_server_error],
    )


@graphql_games.parametrize()
@BOUNDED
def test_graphql_api_over_the_games(case: Any) -> None:
    case.call_and_validate(
        session=session(games_app),
        checks=[refusals_are_problems],
        excluded_checks=[not_a_server_error],
    )


VERDICT = "{ legal code detail }"
ENVELOPE = "{ game stateId stateToken seatTokens sealed toAct legalMoves finished state view }"


def walk_graphql(app: ArbiterApp, games: Registry, *, scenarios: int, steps: int) -> Walked:
    """Play ``games`` over /graphql the way the REST links do (see above): each step continues
    from one of the :data:`RECENT` latest answers."""
    schema = schemathesis.graphql.from_asgi("/graphql", app, config=CONFIG)
    walked = Walked()
    infos = {game.id: game for game in games}
    lines = {game.id: GameExamples(game, max(2, game.min_players)).line() for game in games}
    recent = st.integers(0, RECENT - 1)

    def call(root: str, field: str, arguments: str, selection: str) -> Any:
        operation = schema["Mutation" if root == "mutation" else "Query"][field]
        case = operation.Case(body=f"{root} {{ {field}({arguments}) {selection} }}")
        response = case.call()
        case.validate_response(
            response, checks=[refusals_are_problems, response_schema_conformance]
        )
        payload = response.json()
        walked.answers[(f"{root} {field}", 200 if not payload.get("errors") else 422)] += 1
        return (payload.get("data") or {}).get(field)

    def handle(answer: dict[str, Any], by_state: bool) -> str:
        if answer["sealed"]:
            return f"stateToken: {literal(answer['stateToken'])}"
        if by_state or answer["stateId"] is None:
            return f"state: {literal(answer['state'])}"
        return f"stateId: {literal(answer['stateId'])}"

    def asked(answer: dict[str, Any]) -> dict[str, Any]:
        return {name: answer[name] for name in ("state", "stateId", "stateToken")}

    class GraphQLWalk(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.answers: list[dict[str, Any]] = []
            self.games = 0  # games begun in this scenario: a few, played long

        def latest(self, back: int) -> dict[str, Any]:
            return self.answers[-1 - back % len(self.answers)]

        def keep(self, answer: dict[str, Any] | None) -> None:
            if answer is not None:
                self.answers.append(answer)

        @precondition(lambda self: self.games < GAMES_PER_SCENARIO)
        @rule(game=st.sampled_from(sorted(infos)), data=st.data())
        def new_game(self, game: str, data: st.DataObject) -> None:
            self.games += 1
            info = infos[game]
            players = data.draw(st.integers(info.min_players, info.max_players))
            seed = data.draw(st.integers(0, 2**63 - 1))
            sealed = data.draw(st.booleans())
            arguments = f"game: {literal(game)}, players: {players}, seed: {seed}"
            answer = call(
                "mutation", "newGame", f"{arguments}, sealed: {literal(sealed)}", ENVELOPE
            )
            assert answer is not None, "a setup within the fact sheet's bounds must succeed"
            self.keep(answer)

        @precondition(lambda self: self.games < GAMES_PER_SCENARIO)
        @rule(game=st.sampled_from(sorted(infos)), end=st.booleans())
        def resume(self, game: str, end: bool) -> None:
            """Pick up the example line of the OpenAPI document in its middle or at its end."""
            self.games += 1
            line = lines[game]
            index = len(line) - 1 if end else len(line) // 2
            before, later = line[index - 1], line[index]
            state = literal(msgspec.to_builtins(before.state))
            move = literal(msgspec.to_builtins(later.move))
            arguments = f"game: {literal(game)}, state: {state}, move: {move}"
            after = call("mutation", "applyMove", arguments, ENVELOPE)
            assert after is not None, "the document's example moves apply"
            walked.answered(None, after, move=True, linked=False)
            self.keep(after)

        def apply(self, answer: dict[str, Any], move: Any, by_state: bool) -> None:
            """Apply ``move`` to the state of ``answer`` (refused only if its handle is stale)."""
            arguments = f"game: {literal(answer['game'])}, {handle(answer, by_state)}"
            after = call("mutation", "applyMove", f"{arguments}, move: {literal(move)}", ENVELOPE)
            if after is None:
                assert answer["sealed"], "a listed move of an open game must apply"
                return
            walked.answered(asked(answer), after, move=True, linked=True)
            self.keep(after)

        @precondition(lambda self: self.answers)
        @rule(back=recent, choice=st.integers(0, MOVE_CHOICES - 1), by_state=st.booleans())
        def apply_move(self, back: int, choice: int, by_state: bool) -> None:
            answer = self.latest(back)
            moves = answer["legalMoves"]
            if moves:
                self.apply(answer, moves[choice % len(moves)], by_state)

        @precondition(lambda self: self.answers)
        @rule(back=recent, seat=st.integers(0, 4))
        def apply_as_seat(self, back: int, seat: int) -> None:
            """A seat's handle of a master's answer applies that seat's first legal move."""
            answer = self.latest(back)
            tokens = answer["seatTokens"] or []
            if not tokens:
                return
            token = tokens[seat % len(tokens)]
            own = [m for m in answer["legalMoves"] if m.get("seat") == seat % len(tokens)]
            if not own:
                return
            arguments = f"game: {literal(answer['game'])}, stateToken: {literal(token)}"
            after = call("mutation", "applyMove", f"{arguments}, move: {literal(own[0])}", ENVELOPE)
            if after is not None:
                walked.answered({"stateToken": token}, after, move=True, linked=True)
            self.keep(after)

        @precondition(lambda self: self.answers)
        @rule(back=recent)
        def catch_up(self, back: int) -> None:
            answer = self.latest(back)
            if answer["sealed"]:
                arguments = f"game: {literal(answer['game'])}, stateToken: "
                current = call(
                    "query", "current", arguments + literal(answer["stateToken"]), ENVELOPE
                )
                assert current is not None, "any handle of a sealed game catches up"
                walked.answered(asked(answer), current, move=False, linked=True)
                self.keep(current)

        @precondition(lambda self: self.answers)
        @rule(back=recent)
        def take_back(self, back: int) -> None:
            answer = self.latest(back)
            if answer["sealed"]:
                arguments = f"game: {literal(answer['game'])}, stateToken: "
                self.keep(
                    call("mutation", "undo", arguments + literal(answer["stateToken"]), ENVELOPE)
                )

        @precondition(lambda self: self.answers)
        @rule(back=recent, choice=st.integers(0, MOVE_CHOICES - 1), by_state=st.booleans())
        def legal_moves(self, back: int, choice: int, by_state: bool) -> None:
            """List the moves, then apply one of them (the REST `Listed*` links)."""
            answer = self.latest(back)
            arguments = f"game: {literal(answer['game'])}, {handle(answer, by_state)}"
            listed = call("query", "legalMoves", arguments, "{ toAct moves }")
            if listed is None:
                return
            if not answer["sealed"]:
                assert listed["moves"] == answer["legalMoves"]
            if listed["moves"]:
                self.apply(answer, listed["moves"][choice % len(listed["moves"])], by_state)

        @precondition(lambda self: self.answers)
        @rule(back=recent, choice=st.integers(0, MOVE_CHOICES - 1))
        def validate(self, back: int, choice: int) -> None:
            """Validate a listed move, then apply it (the REST `Validated*` links)."""
            answer = self.latest(back)
            moves = answer["legalMoves"]
            if not moves:
                return
            move = moves[choice % len(moves)]
            arguments = f"game: {literal(answer['game'])}, {handle(answer, False)}"
            verdict = call("query", "validate", f"{arguments}, move: {literal(move)}", VERDICT)
            if verdict is not None:
                assert verdict["legal"], verdict
                self.apply(answer, move, False)

        @precondition(lambda self: self.answers)
        @rule(back=recent)
        def fetch(self, back: int) -> None:
            answer = self.latest(back)
            if answer["stateId"] is not None:
                fetched = call("query", "state", f"id: {literal(answer['stateId'])}", ENVELOPE)
                assert fetched is not None and fetched["state"] == answer["state"]

    run_state_machine_as_test(
        GraphQLWalk,
        settings=hypothesis.settings(
            BOUNDED,
            max_examples=scenarios,
            stateful_step_count=steps,
            phases=[hypothesis.Phase.generate],
        ),
    )
    return walked


def test_graphql_walks_play_every_game_deep() -> None:
    """The same walk over /graphql: set up, apply listed moves, list, validate, fetch."""
    app = create_app(settings(), registry())
    with fixed_server_seeds():
        walked = walk_graphql(app, registry(), scenarios=30, steps=120)
    print("\n" + walked.report("GraphQL, the registry"))
    for game in registry().ids():
        assert walked.linked[game] >= FLOOR, walked.report("too few moves")
