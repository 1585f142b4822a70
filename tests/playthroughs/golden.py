"""Golden playthroughs: seeded games recorded as files and replayed in CI (OpenSpiel's model).

Each playthrough is a **game record** (:class:`arbiter.core.record.GameRecord`, the format
``POST /v1/games/{game}/record`` exports and ``POST /v1/games/{game}/replay`` takes as it is):
the game, its rules version and content id, the player count, seed and options, every move in
order with its step (chance outcomes included, so it replays without the seed, like PGN), and the
final result. Beside it, ``<name>.hashes`` holds a short hash of the state after setup and after
each move, one a line: the hashes check every state on the way, not only the moves and the end,
and stay out of the record because they depend on how a state is laid out (which a record does
not). When a rule changes on purpose, ``make playthroughs`` records them again and the diff shows
what changed.

A record file lists one move a line, so a diff names the moves that changed.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import Any

import msgspec

from arbiter.core import CHANCE, Game, Result
from arbiter.core.record import RECORD_FORMAT, GameRecord, RecordedMove, record_type
from arbiter.core.texts import english

HERE = Path(__file__).parent
FILES = HERE / "files"

AnyGame = Game[Any, Any, Any, Any]
Record = GameRecord[Any, Any]

_encoder = msgspec.json.Encoder(order="deterministic", enc_hook=english)


def state_hash(state: Any) -> str:
    return hashlib.sha256(_encoder.encode(state)).hexdigest()[:16]


def record(game: AnyGame, players: int, seed: int) -> tuple[Record, list[str]]:
    """Play one game: player moves uniformly at random from ``seed``, chance from the state.
    Its record, and the hash of every state on the way (setup's first)."""
    rng = random.Random(seed)
    options = game.options_type()
    state = game.new_state(players, options, seed=seed)
    moves: list[RecordedMove[Any]] = []
    hashes = [state_hash(state)]
    while actors := game.to_act(state):
        if actors[0] == CHANCE:
            move = game.sample_chance(state)
        else:
            move = rng.choice(game.generate_moves(state, actors[0]))
        moves.append(RecordedMove(step=state.step, move=move))
        state, _ = game.apply(state, move)
        hashes.append(state_hash(state))
    result = game.result(state)
    return GameRecord(
        format=RECORD_FORMAT,
        game=game.id,
        rules_version=game.rules_version,
        content_id=state.content_id,
        players=players,
        seed=seed,
        options=options,
        moves=moves,
        result=msgspec.UNSET if result is None else result,
    ), hashes


def replay(game: AnyGame, golden: Record) -> tuple[list[str], Result | None]:
    """Replay a recorded game through the checked ``apply``, each move at its step; returns the
    hashes of its states and its result."""
    state = game.new_state(golden.players, golden.options, seed=golden.seed)
    hashes = [state_hash(state)]
    for recorded in golden.moves:
        assert recorded.step == state.step, f"a move recorded at step {recorded.step}"
        state, _ = game.apply(state, recorded.move)
        hashes.append(state_hash(state))
    return hashes, game.result(state)


def path_for(game_id: str, players: int, seed: int) -> Path:
    return FILES / f"{game_id}-{players}p-seed{seed}.json"


def hashes_path(path: Path) -> Path:
    return path.with_suffix(".hashes")


def dump(golden: Record) -> bytes:
    """The record as a file: a member a line, a move a line, the result indented (members in the
    order of their structs, as the service writes them)."""

    def text(value: Any, indent: int = 0) -> str:
        return msgspec.json.format(_encoder.encode(value), indent=indent).decode()

    lines = []
    for key in golden.__struct_fields__:
        value = getattr(golden, key)
        if value is msgspec.UNSET:
            continue
        if key == "moves":
            body = "[\n" + ",\n".join(f"  {text(v)}" for v in value) + "\n ]" if value else "[]"
        elif key == "result" and value is not None:
            body = text(value, indent=1).replace("\n", "\n ")
        else:
            body = text(value)
        lines.append(f" {text(key)}: {body}")
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


def dump_hashes(hashes: list[str]) -> bytes:
    return "".join(f"{h}\n" for h in hashes).encode()


def load(game: AnyGame, path: Path) -> Record:
    """The record of a file, decoded with the game's own types."""
    decoded: Record = msgspec.json.decode(path.read_bytes(), type=record_type(game))
    return decoded


def load_hashes(path: Path) -> list[str]:
    return hashes_path(path).read_text().split()
