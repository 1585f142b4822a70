"""Scythe player turns per second in random games with every move checked, next to an earlier
commit, and what a late decision costs against an early one.

Run as a module (not part of ``make bench``: it checks out another commit)::

    python -m bench.turns --against 39d2571 --players 2,5

Each game is a seeded random game with the default options (every rule on): random player moves,
chance drawn from the state's seed, each move applied with ``Game.apply`` (checked, as the
service applies a client's move). A player turn is a ``choose_section`` move (every turn starts
with one). ``--against`` checks the commit out into a temporary git worktree; each round plays
the same seeds on this tree and on that one, each in a fresh interpreter, one after the other, so
both share the machine's state; the quoted figure is the median of the rounds, with the ratio.

``late/early``: in games of at least 2,000 decisions, the rate of the last 1,000 decisions over
that of the first 1,000 (1.00: a late decision costs what an early one does), median over games.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Played in a fresh interpreter on one tree: ``players seconds first_seed`` -> one JSON line.
CHILD = r"""
import json, random, sys, time
from arbiter.core import CHANCE
from arbiter.games import registry

players, seconds, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
game = registry().get("scythe")
turns = decisions = 0
ratios = []
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    rng = random.Random(seed)
    state = game.new_state(players, seed=seed)
    seed += 1
    stamps = [time.perf_counter()]
    while game.to_act(state):
        actor = game.to_act(state)[0]
        if actor == CHANCE:
            move = game.sample_chance(state)
        else:
            move = rng.choice(game.legal_moves(state, actor))
            turns += type(move).__struct_config__.tag == "choose_section"
        state, _ = game.apply(state, move)
        decisions += 1
        stamps.append(time.perf_counter())
    if len(stamps) > 2_000:
        early = stamps[1_000] - stamps[0]
        late = stamps[-1] - stamps[-1_001]
        ratios.append(early / late)
elapsed = time.perf_counter() - start
print(json.dumps({"turns": turns / elapsed, "decisions": decisions / elapsed, "ratios": ratios}))
"""


def measure(tree: Path, players: int, seconds: float, seed: int) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(tree / "service"))
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(players), str(seconds), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        timeout=seconds * 20 + 120,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def worktree(rev: str, into: Path) -> Path:
    target = into / rev
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(target), rev],
        check=True,
    )
    return target


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def run(against: str | None, players: list[int], seconds: float, rounds: int) -> None:
    with tempfile.TemporaryDirectory(prefix="arbiter-turns-") as tmp:
        trees = {"this tree": ROOT}
        if against:
            trees[against] = worktree(against, Path(tmp))
        try:
            print("Scythe: random games, every move checked (median of rounds)")
            print(f"{'tree':<12}{'players':>8}{'turns/s':>10}{'decisions/s':>13}{'late/early':>12}")
            for n in players:
                found: dict[str, dict[str, list[float]]] = {
                    name: {"turns": [], "decisions": [], "ratios": []} for name in trees
                }
                for r in range(rounds):
                    for name, tree in trees.items():
                        got = measure(tree, n, seconds, 1 + 1000 * r)
                        found[name]["turns"].append(float(got["turns"]))  # type: ignore[arg-type]
                        found[name]["decisions"].append(float(got["decisions"]))  # type: ignore[arg-type]
                        found[name]["ratios"].extend(got["ratios"])  # type: ignore[arg-type]
                for name in trees:
                    f = found[name]
                    print(
                        f"{name:<12}{n:>8}{median(f['turns']):>10,.1f}"
                        f"{median(f['decisions']):>13,.0f}{median(f['ratios']):>12.2f}"
                    )
                if against:
                    ratio = median(found["this tree"]["turns"]) / median(found[against]["turns"])
                    print(f"{'':<12}{n:>8}  turns/s: {ratio:.2f}x {against}")
        finally:
            if against:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(trees[against])],
                    check=False,
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--against", default=None, help="a commit to measure side by side")
    parser.add_argument("--players", default="2,5", help="player counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=4.0, help="length of one timed round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the median is quoted")
    args = parser.parse_args()
    counts = [int(x) for x in args.players.split(",") if x.strip()]
    run(args.against, counts, args.seconds, args.rounds)


if __name__ == "__main__":
    main()
