"""Hints (:mod:`arbiter.core.search`): how many playouts a second a hint runs, and how often a
seat that follows hints beats a seat that plays at random.

For every game (or those named): the iterations (playouts) and playout decisions per second of
hints at states along random 2-player games; then ``--games`` 2-player games, the hinted seat
alternating between seat 0 and seat 1, where the hinted seat plays ``Search.best()`` after
``--iterations`` iterations at each decision with more than one legal move and the other seat
picks uniformly among its legal moves. A game counts as won when the hinted seat is first in the
result's ranking (tie-breakers applied); the goal is 90% in every game. ``make bench`` runs the
duels (part ``hints``: 20 games per game, 100 iterations; a 2-player game of Scythe with hints
is about 2,800 decisions and 2.5 minutes on one core, so the part takes most of an hour on 2
cores); as a module::

    python -m bench.hints --games 20 --iterations 100 --jobs 2
    python -m bench.hints --only rate --seconds 1

Hints of a fixed number of iterations play the same games on any machine; a one-second hint on
this machine runs the number of iterations the ``rate`` part prints, so a win rate measured with
fewer iterations is what a one-second hint does at the least.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from arbiter.core import CHANCE
from arbiter.core.search import DEFAULT_DEPTH, Search
from arbiter.games import registry

#: Decisions into a random game at which the ``rate`` part times hints.
RATE_AT = (20, 80, 200)


def rate(game_id: str, seconds: float, depth: int) -> tuple[float, float]:
    """Median iterations and playout decisions per second of hints along a random game."""
    game = registry().get(game_id)
    rng = random.Random(5)
    state = game.new_state(2, seed=5)
    made = 0
    iterations, decisions = [], []
    while game.to_act(state) and len(iterations) < len(RATE_AT):
        actor = game.to_act(state)[0]
        moves = [] if actor == CHANCE else game.legal_moves(state, actor)
        if made >= RATE_AT[len(iterations)] and len(moves) > 1:
            search = Search(game, state, actor, random.Random(made), depth=depth)
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                search.run(4)
            elapsed = time.perf_counter() - start
            iterations.append(search.iterations / elapsed)
            decisions.append(search.decisions / elapsed)
        move = game.sample_chance(state) if actor == CHANCE else rng.choice(moves)
        state, _ = game.apply(state, move)
        made += 1
    return statistics.median(iterations), statistics.median(decisions)


def duel(game_id: str, index: int, iterations: int, depth: int) -> tuple[bool, int, float]:
    """One 2-player game, hints against random: (hinted seat first, decisions, seconds)."""
    game = registry().get(game_id)
    hinted = index % 2
    rng = random.Random(1000 + index)
    state = game.new_state(2, seed=1000 + index)
    made = 0
    start = time.perf_counter()
    while to_act := game.to_act(state):
        if to_act[0] == CHANCE:
            move = game.sample_chance(state)
        elif hinted in to_act and len(game.legal_moves(state, hinted)) > 1:
            search = Search(game, state, hinted, random.Random(made), depth=depth)
            search.run(iterations)
            move = search.best()
            assert move in game.legal_moves(state, hinted), (game_id, index, made)
        else:
            seat = hinted if hinted in to_act else to_act[0]
            move = rng.choice(game.legal_moves(state, seat))
        state, _ = game.apply(state, move)
        made += 1
    result = game.result(state)
    assert result is not None
    return result.ranking[0] == hinted, made, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20, help="2-player games per game")
    parser.add_argument("--iterations", type=int, default=100, help="iterations of each hint")
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH, help="playout depth")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of a timed hint")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--only", default="rate,duel", help="parts: rate, duel")
    parser.add_argument("--only-games", default="", help="game ids, comma-separated")
    args = parser.parse_args()
    parts = {p.strip() for p in args.only.split(",")}
    chosen = [g.strip() for g in args.only_games.split(",") if g.strip()]
    games = [g.id for g in registry() if not chosen or g.id in chosen]
    if "rate" in parts:
        print(f"Hints, {args.seconds:g}s each at decisions {RATE_AT} of a random 2-player game")
        print(f"{'game':<24}{'playouts/s':>12}{'playout decisions/s':>22}")
        for game_id in games:
            its, decisions = rate(game_id, args.seconds, args.depth)
            print(f"{game_id:<24}{its:>12,.0f}{decisions:>22,.0f}", flush=True)
    if "duel" in parts:
        run(games, args.games, args.iterations, args.depth, args.jobs)


#: The share of duels hints should win in every game.
GOAL = 0.9


def run(
    games: list[str] | None = None,
    count: int = 20,
    iterations: int = 100,
    depth: int = DEFAULT_DEPTH,
    jobs: int = 2,
) -> None:
    """``count`` duels per game (every registered game by default), ``jobs`` at a time."""
    games = games or registry().ids()
    print(f"\nHints of {iterations} playouts (depth {depth}) against random play, 2 players")
    print(f"{'game':<24}{'won':>6}{'games':>7}{'share':>7}{'decisions':>11}{'s/game':>8}  goal")
    with ProcessPoolExecutor(jobs) as pool:
        for game_id in games:
            runs = list(
                pool.map(
                    duel,
                    [game_id] * count,
                    range(count),
                    [iterations] * count,
                    [depth] * count,
                )
            )
            won = sum(1 for w, _, _ in runs if w)
            made = statistics.median(m for _, m, _ in runs)
            secs = statistics.median(s for _, _, s in runs)
            met = "met" if won / count >= GOAL else f"NOT met ({GOAL:.0%})"
            print(
                f"{game_id:<24}{won:>6}{count:>7}{won / count:>7.0%}{made:>11,.0f}{secs:>8.0f}"
                f"  {met}",
                flush=True,
            )


if __name__ == "__main__":
    main()
