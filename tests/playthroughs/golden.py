"""Golden playthroughs: seeded games recorded as files and replayed in CI (OpenSpiel's model).

A playthrough file holds the game, its rules version and content id, the player count, seed and
options, every move in order (chance outcomes included, so it replays without the seed, like PGN),
a short hash of the state after each move, and the final result. When a rule changes on purpose,
``make playthroughs`` records them again and the diff shows what changed.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import Any

import msgspec

from arbiter.core import CHANCE, Game, Result

HERE = Path(__file__).parent
FILES = HERE / "files"

AnyGame = Game[Any, Any, Any, Any]


class Playthrough(msgspec.Struct, kw_only=True):
    game: str
    rules_version: str
    content_id: str
    players: int
    seed: int
    options: msgspec.Raw
    moves: list[msgspec.Raw]
    state_hashes: list[str]
    result: Result | None


_encoder = msgspec.json.Encoder(order="deterministic")


def state_hash(state: Any) -> str:
    return hashlib.sha256(_encoder.encode(state)).hexdigest()[:16]


def record(game: AnyGame, players: int, seed: int) -> Playthrough:
    """Play one game: player moves uniformly at random from ``seed``, chance from the state."""
    rng = random.Random(seed)
    options = game.options_type()
    state = game.new_state(players, options, seed=seed)
    moves: list[msgspec.Raw] = []
    hashes = [state_hash(state)]
    while actors := game.to_act(state):
        if actors[0] == CHANCE:
            move = game.sample_chance(state)
        else:
            move = rng.choice(game.generate_moves(state, actors[0]))
        state, _ = game.apply(state, move)
        moves.append(msgspec.Raw(_encoder.encode(move)))
        hashes.append(state_hash(state))
    return Playthrough(
        game=game.id,
        rules_version=game.rules_version,
        content_id=state.content_id,
        players=players,
        seed=seed,
        options=msgspec.Raw(_encoder.encode(options)),
        moves=moves,
        state_hashes=hashes,
        result=game.result(state),
    )


def replay(game: AnyGame, playthrough: Playthrough) -> tuple[list[str], Result | None]:
    """Replay a recorded game through the checked ``apply``; returns its hashes and result."""
    options = msgspec.json.decode(playthrough.options, type=game.options_type)
    state = game.new_state(playthrough.players, options, seed=playthrough.seed)
    hashes = [state_hash(state)]
    decode = msgspec.json.Decoder(game.move_type).decode
    for raw in playthrough.moves:
        state, _ = game.apply(state, decode(raw))
        hashes.append(state_hash(state))
    return hashes, game.result(state)


def path_for(game_id: str, players: int, seed: int) -> Path:
    return FILES / f"{game_id}-{players}p-seed{seed}.json"


def dump(playthrough: Playthrough) -> bytes:
    return msgspec.json.format(_encoder.encode(playthrough), indent=1) + b"\n"


def load(path: Path) -> Playthrough:
    return msgspec.json.decode(path.read_bytes(), type=Playthrough)
