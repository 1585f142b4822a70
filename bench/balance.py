"""Balance of the ancient wargame's default pack: seeded games with random and greedy players.

Not part of ``make bench``; run it as a module::

    python -m bench.balance --games 20 --players 2-6 --player random,greedy

Every seat of a game plays the same way. ``random`` picks uniformly among the legal moves (as
:func:`arbiter.core.playout.random_playout`); ``greedy`` applies each legal move with
``apply_unchecked`` and keeps the one that scores best for the mover one step ahead (VP tokens +
provinces + provinces with 3 fortresses + sciences, plus small weights on $, ₣, soldiers, ships
and fortresses; what a sealed draft buys counts as bought, at its price), ties broken by a
generator seeded with the game's seed. Chance always comes from the state's seed
(``sample_chance``), so a game is fully determined by its seed and the player.

For each player count it prints a Markdown table: how the games ended (turn 25, a unique
victory condition -- by state --, conquest) and each state's wins (a shared win split), games
played and share × players (1.00 is a fair share).
"""

from __future__ import annotations

import argparse
import collections
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from arbiter.core.types import CHANCE
from arbiter.games.ancient_wargame.common import owned
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.games.ancient_wargame.rules import (
    BUILDING_COST,
    CAPITAL_PRICE,
    FORTRESS_FOOD,
    FORTRESS_MONEY,
    MAX_FORTRESSES,
    SHIP_FOOD,
    SHIP_MONEY,
    VP_FOOD,
    VP_MONEY,
)
from arbiter.games.ancient_wargame.state import WargameState
from arbiter.games.ancient_wargame.tables import Tables

PLAYERS = ("random", "greedy")
#: Weights of the greedy player's one-step evaluation: a point is worth 10.
POINT = 10.0
MONEY = 0.1
FOOD = 0.1
SOLDIER = 0.3
SHIP = 0.3
FORTRESS = 1.0
MAX_DECISIONS = 200_000

GAME = AncientWargame()


def _price(t: Tables, line: Any) -> tuple[int, int]:
    """(₣, $) of one hire line of a draft, before modifiers."""
    if line.unit == "ships":
        return SHIP_FOOD * line.count, SHIP_MONEY * line.count
    if line.mercenary:
        offer = next((m for m in t.province[line.at].mercenaries if m.unit == line.unit), None)
        return 0, (offer.price if offer else 0) * line.count
    return CAPITAL_PRICE[line.unit] * line.count, 0


def evaluate(s: WargameState, t: Tables, seat: int) -> float:
    """The greedy player's score of ``s`` for ``seat``."""
    p = s.players[seat]
    if p.eliminated is not None:
        return -1e9
    mine = owned(s, seat)
    full = sum(1 for i in mine if s.provinces[i].fortresses >= MAX_FORTRESSES)
    food, money = p.food, p.money
    soldiers = sum(a.troops.total() for x in s.provinces for a in x.armies if a.seat == seat)
    ships = sum(x.ships(seat) for x in s.seas)
    fortresses = sum(s.provinces[i].fortresses for i in mine)
    vp = p.vp
    if seat < len(s.drafts) and not s.drafts[seat].committed:
        d = s.drafts[seat]  # what an uncommitted draft buys counts as bought, at its price
        for line in d.hire:
            f, m = _price(t, line)
            food, money = food - f, money - m
            if line.unit == "ships":
                ships += line.count
            else:
                soldiers += line.count
        soldiers -= sum(line.count for line in d.disband)
        fortresses += len(d.fortresses)
        food -= FORTRESS_FOOD * len(d.fortresses)
        money -= FORTRESS_MONEY * len(d.fortresses) + sum(BUILDING_COST[b] for b in d.buildings)
        if d.buy_vp:
            vp, food, money = vp + 1, food - VP_FOOD, money - VP_MONEY
    points = vp + len(mine) + full + len(p.sciences)
    return (
        POINT * points
        + MONEY * money
        + FOOD * food
        + SOLDIER * soldiers
        + SHIP * ships
        + FORTRESS * fortresses
    )


def greedy_move(s: WargameState, t: Tables, seat: int, moves: list[Any], rng: random.Random) -> Any:
    if len(moves) == 1:
        return moves[0]
    best: list[Any] = []
    top = -float("inf")
    for move in moves:
        after, _ = GAME.apply_unchecked(s, move)
        value = evaluate(after, t, seat)
        if value > top + 1e-9:
            top, best = value, [move]
        elif value > top - 1e-9:
            best.append(move)
    return rng.choice(best)


def play(players: int, seed: int, player: str) -> tuple[list[str | None], list[float], str]:
    """One game: the states of the seats, each seat's share of the win, and how it ended."""
    rng = random.Random(seed)
    s = GAME.new_state(players, None, seed=seed)
    t = GAME.tables(s.content_id)
    for _ in range(MAX_DECISIONS):
        actors = GAME.to_act(s)
        if not actors:
            break
        actor = actors[0]
        if actor == CHANCE:
            move = GAME.sample_chance(s)
        else:
            moves = GAME.generate_moves(s, actor)
            greedy = player == "greedy"
            move = greedy_move(s, t, actor, moves, rng) if greedy else rng.choice(moves)
        s, _ = GAME.apply_unchecked(s, move)
    else:
        raise RuntimeError(f"no end after {MAX_DECISIONS} decisions ({player}, seed {seed})")
    result = GAME.result(s)
    assert result is not None
    share = [0.0] * players
    for w in result.winners:
        share[w] = 1 / len(result.winners)
    if s.fulfilled:
        states = sorted(str(s.players[i].state) for i in s.fulfilled)
        ending = "unique:" + "+".join(states)
    elif s.turn >= s.options.turn_limit:
        ending = "turn 25"
    else:
        ending = "conquest"
    return [p.state for p in s.players], share, ending


def _play(job: tuple[int, int, str]) -> tuple[int, list[str | None], list[float], str]:
    players, seed, player = job
    return (players, *play(players, seed, player))


def table(player: str, counts: list[int], games: int, first_seed: int, jobs: int) -> str:
    work = [(n, first_seed + i, player) for n in counts for i in range(games)]
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_play, work, chunksize=1))
    else:
        results = [_play(job) for job in work]
    seconds = time.perf_counter() - started
    states = [x.id for x in GAME.default_content().states]
    names = {x.id: x.name for x in GAME.default_content().states}
    rows = []
    for n in counts:
        wins: collections.Counter[str] = collections.Counter()
        played: collections.Counter[str] = collections.Counter()
        ends: collections.Counter[str] = collections.Counter()
        unique: collections.Counter[str] = collections.Counter()
        for players, dealt, share, ending in results:
            if players != n:
                continue
            for state, won in zip(dealt, share, strict=True):
                played[str(state)] += 1
                wins[str(state)] += won
            if ending.startswith("unique:"):
                ends["unique"] += 1
                unique.update(ending.removeprefix("unique:").split("+"))
            else:
                ends[ending] += 1
        by = ", ".join(f"{names.get(k, k)} {v}" for k, v in sorted(unique.items()))
        cells = [
            f"{wins[x]:g}/{played[x]} · {wins[x] / played[x] * n:.2f}" if played[x] else "—"
            for x in states
        ]
        unique_cell = f"{ends['unique']}" + (f" ({by})" if by else "")
        rows.append(
            f"| {n} | {ends['turn 25']} | {unique_cell} | {ends['conquest']} | "
            + " | ".join(cells)
            + " |"
        )
    head = f"| Players | Turn 25 | Unique condition | Conquest | {' | '.join(names[x] for x in states)} |"
    rule = "|---" * (4 + len(states)) + "|"
    title = (
        f"**{player}** play, {games} games a player count "
        f"(seeds {first_seed}-{first_seed + games - 1}; {seconds:.0f} s). "
        "A state's cell: wins / games played · share × players (1.00 is fair)."
    )
    return "\n".join([title, "", head, rule, *rows])


def player_counts(text: str) -> list[int]:
    low, _, high = text.partition("-")
    counts = list(range(int(low), int(high or low) + 1))
    if not counts or counts[0] < GAME.min_players or counts[-1] > GAME.max_players:
        raise argparse.ArgumentTypeError(f"player counts must lie in 2-6, not {text!r}")
    return counts


def player_kinds(text: str) -> list[str]:
    kinds = [w.strip() for w in text.split(",") if w.strip()]
    for kind in kinds:
        if kind not in PLAYERS:
            raise argparse.ArgumentTypeError(
                f"unknown player {kind!r} (choose from random, greedy)"
            )
    return kinds


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--games", type=int, default=20, help="seeded games a player count")
    parser.add_argument("--players", type=player_counts, default="2-6", help="player counts")
    parser.add_argument(
        "--player", type=player_kinds, default="random,greedy", help="random, greedy or both"
    )
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    args = parser.parse_args()
    for i, player in enumerate(args.player):
        if i:
            print()
        print(table(player, args.players, args.games, args.seed, args.jobs), flush=True)


if __name__ == "__main__":
    main()
