"""Scythe player turns per second in random games with every move checked, next to an earlier
commit, and what a late decision costs against an early one.

Run as a module (not part of ``make bench``: it checks out another commit)::

    python -m bench.turns --against 39d2571 --players 2,5

Each game is a seeded random game with the default options (every rule on): random player moves,
chance drawn from the state's seed, each move applied with ``Game.apply`` (checked, as the
service applies a client's move). A player turn is a ``choose_section`` move (every turn starts
with one). ``--against`` checks the commit out into a temporary git worktree; each round plays
the same seeds on this tree and on that one, each in a fresh interpreter, at the same time, each
pinned to a CPU of its own (swapped every round), so both meet the same load of the machine:
on this VM one tree's speed varied by +-25% from one run to the next, one after the other
(``--one-after-the-other``, and where there are fewer than two CPUs). The quoted ratio is the
median of the rounds' ratios, each round's printed beside it.

``late/early``: in games of at least 2,000 decisions, the rate of the last 1,000 decisions over
that of the first 1,000 (1.00: a late decision costs what an early one does), median over games.
``same kinds``: the same, with the late decisions weighed by kind (the type of the move taken) as
many as the early ones: what a decision of the same kind costs late, without the late game's
other mix (more Move decisions, which list every unit). Both are quoted; the first is the target.

``--instructions N`` counts instead of timing (needs ``valgrind``): each tree plays the same
``N`` seeded games under ``valgrind --tool=callgrind``, and again with no game to take off what
starting Python costs; the CPU instructions per player turn do not depend on what else the machine
is doing (the same count twice, load or not), so the ratio of the two trees is exact for these
games -- a proxy for time, which it tracks but is not (memory stalls do not count)::

    python -m bench.turns --against 39d2571 --instructions 2
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: Played in a fresh interpreter on one tree: ``players seconds first_seed [games]`` -> one JSON
#: line (with ``games``, exactly that many games, whatever the time; the counts played too).
CHILD = r"""
import json, random, sys, time
from arbiter.core import CHANCE
from arbiter.games import registry

players, seconds, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
games = int(sys.argv[4]) if len(sys.argv) > 4 else None
game = registry().get("scythe")
turns = decisions = played = 0
ratios = []
same_kinds = []
start = time.perf_counter()
while played < games if games is not None else time.perf_counter() - start < seconds:
    played += 1
    rng = random.Random(seed)
    state = game.new_state(players, seed=seed)
    seed += 1
    stamps = [time.perf_counter()]
    kinds = []
    while game.to_act(state):
        actor = game.to_act(state)[0]
        if actor == CHANCE:
            move = game.sample_chance(state)
        else:
            move = rng.choice(game.legal_moves(state, actor))
        kind = type(move).__struct_config__.tag
        turns += kind == "choose_section"
        state, _ = game.apply(state, move)
        decisions += 1
        stamps.append(time.perf_counter())
        kinds.append(kind)
    if len(stamps) > 2_000:
        early = stamps[1_000] - stamps[0]
        late = stamps[-1] - stamps[-1_001]
        ratios.append(early / late)
        # the same, with the late decisions of each kind weighed as many as the early ones
        spent = [{}, {}]
        for window, first in enumerate((0, len(kinds) - 1_000)):
            for i in range(first, first + 1_000):
                n, t = spent[window].get(kinds[i], (0, 0.0))
                spent[window][kinds[i]] = (n + 1, t + stamps[i + 1] - stamps[i])
        both = [k for k in spent[0] if k in spent[1]]
        as_early = sum(spent[0][k][1] for k in both)
        as_late = sum(spent[0][k][0] * spent[1][k][1] / spent[1][k][0] for k in both)
        same_kinds.append(as_early / as_late)
elapsed = max(time.perf_counter() - start, 1e-9)
print(json.dumps({
    "turns": turns / elapsed, "decisions": decisions / elapsed, "ratios": ratios,
    "same_kinds": same_kinds, "turns_played": turns, "decisions_played": decisions,
}))
"""


def count(tree: Path, players: int, games: int) -> Any:
    """A :data:`CHILD` playing ``games`` games from seed 1 on ``tree`` under callgrind."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind: apt-get install -y valgrind")
    env = dict(os.environ, PYTHONPATH=str(tree / "service"), PYTHONHASHSEED="0")
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    return subprocess.Popen(
        [*command, sys.executable, "-c", CHILD, str(players), "0", "1", str(games)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def counted(child: Any) -> tuple[int, int, int]:
    """(instructions, turns, decisions) of a :func:`count` child."""
    out, err = child.communicate(timeout=3600)
    found = re.search(r"Collected : (\d+)", err)
    if child.returncode or found is None:
        raise RuntimeError(f"bench.turns callgrind child failed: {err[-2000:]}")
    played = json.loads(out.strip().splitlines()[-1])
    return int(found.group(1)), int(played["turns_played"]), int(played["decisions_played"])


def instructions(trees: dict[str, Path], players: list[int], games: int) -> None:
    """Instructions per player turn of each tree, and their ratio (two children at a time)."""
    print(f"Scythe: {games} seeded games per tree under callgrind, every move checked")
    print(f"{'tree':<12}{'players':>8}{'turns':>8}{'decisions':>11}{'instr./turn':>13}")
    #: what starting Python and importing the rules costs each tree (no game: any player count)
    start_up: dict[str, int] = {}
    for n in players:
        per_turn: dict[str, float] = {}
        for name, tree in trees.items():
            empty = count(tree, n, 0) if name not in start_up else None
            full = count(tree, n, games)
            if empty is not None:
                start_up[name] = counted(empty)[0]
            total, turns, decisions = counted(full)
            per_turn[name] = (total - start_up[name]) / turns
            print(f"{name:<12}{n:>8}{turns:>8,}{decisions:>11,}{per_turn[name]:>13,.0f}")
        names = list(trees)
        if len(names) == 2:
            ratio = per_turn[names[1]] / per_turn[names[0]]
            print(f"{'':<12}{n:>8}  instructions per turn: {names[1]} / this tree = {ratio:.2f}x")


def start(tree: Path, players: int, seconds: float, seed: int, cpu: int | None) -> Any:
    """A child playing on ``tree`` (pinned to ``cpu`` when one is given)."""
    env = dict(os.environ, PYTHONPATH=str(tree / "service"))

    def pin() -> None:
        if cpu is not None:
            os.sched_setaffinity(0, {cpu})

    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(players), str(seconds), str(seed)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=pin,
    )


def finish(child: Any, seconds: float) -> dict[str, object]:
    """What a child measured (its last line of output)."""
    out, err = child.communicate(timeout=seconds * 20 + 120)
    if child.returncode:
        raise RuntimeError(f"bench.turns child failed: {err[-2000:]}")
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def measure(tree: Path, players: int, seconds: float, seed: int) -> dict[str, object]:
    return finish(start(tree, players, seconds, seed, None), seconds)


def cpus() -> list[int]:
    """The CPUs this process may run on."""
    return sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []


def worktree(rev: str, into: Path) -> Path:
    target = into / rev
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(target), rev],
        check=True,
    )
    return target


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def run(
    against: str | None,
    players: list[int],
    seconds: float,
    rounds: int,
    together: bool,
    games: int = 0,
) -> None:
    with tempfile.TemporaryDirectory(prefix="arbiter-turns-") as tmp:
        trees = {"this tree": ROOT}
        if against:
            trees[against] = worktree(against, Path(tmp))
        try:
            if games:
                instructions(trees, players, games)
                return
            together = together and against is not None and len(cpus()) >= 2
            how = "both trees at once, one CPU each" if together else "one tree after the other"
            print(f"Scythe: random games, every move checked (median of rounds; {how})")
            print(
                f"{'tree':<12}{'players':>8}{'turns/s':>10}{'decisions/s':>13}{'late/early':>12}"
                f"{'same kinds':>12}"
            )
            for n in players:
                found: dict[str, dict[str, list[float]]] = {
                    name: {"turns": [], "decisions": [], "ratios": [], "same_kinds": []}
                    for name in trees
                }
                paired: list[float] = []  # this tree / the other, round by round
                for r in range(rounds):
                    seed = 1 + 1000 * r
                    if together:  # both at once, one per CPU, the CPUs swapped every round
                        order = list(trees.items())[:: 1 if r % 2 == 0 else -1]
                        children = {
                            name: start(tree, n, seconds, seed, cpu)
                            for (name, tree), cpu in zip(order, cpus(), strict=False)
                        }
                        got_all = {name: finish(c, seconds) for name, c in children.items()}
                    else:
                        got_all = {
                            name: measure(tree, n, seconds, seed) for name, tree in trees.items()
                        }
                    for name, got in got_all.items():
                        found[name]["turns"].append(float(got["turns"]))  # type: ignore[arg-type]
                        found[name]["decisions"].append(float(got["decisions"]))  # type: ignore[arg-type]
                        found[name]["ratios"].extend(got["ratios"])  # type: ignore[arg-type]
                        found[name]["same_kinds"].extend(got["same_kinds"])  # type: ignore[arg-type]
                    if against:
                        paired.append(found["this tree"]["turns"][-1] / found[against]["turns"][-1])
                for name in trees:
                    f = found[name]
                    print(
                        f"{name:<12}{n:>8}{median(f['turns']):>10,.1f}"
                        f"{median(f['decisions']):>13,.0f}{median(f['ratios']):>12.2f}"
                        f"{median(f['same_kinds']):>12.2f}"
                    )
                if against:
                    each = " ".join(f"{x:.2f}" for x in paired)
                    print(
                        f"{'':<12}{n:>8}  turns/s: {median(paired):.2f}x {against} "
                        f"(median of the rounds' ratios: {each})"
                    )
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
    parser.add_argument(
        "--one-after-the-other",
        action="store_true",
        help="play the two trees in turn instead of at once on two CPUs",
    )
    parser.add_argument(
        "--instructions",
        type=int,
        default=0,
        metavar="GAMES",
        help="count CPU instructions per turn over this many seeded games under callgrind "
        "instead of timing",
    )
    args = parser.parse_args()
    counts = [int(x) for x in args.players.split(",") if x.strip()]
    run(
        args.against,
        counts,
        args.seconds,
        args.rounds,
        not args.one_after_the_other,
        args.instructions,
    )


if __name__ == "__main__":
    main()
