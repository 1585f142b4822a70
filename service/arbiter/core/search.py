"""Hints: Monte-Carlo tree search over random playouts, seeing only what one seat may see.

A hint recommends a move to the seat that must decide. The search is *single-observer
information-set MCTS* (Cowling, Powley and Whitehouse, 2012):

* every iteration first **determinizes**: it draws, with :meth:`Game.hidden_variant`, one state
  the seat cannot tell from the real one (other seats' hands, the order of decks, the seed of
  chance). The real state's secrets never reach the search beyond what the seat's own view
  holds, so two states the seat cannot tell apart give hints from the same distribution;
* it walks down the tree of moves by UCB1, counting a move's *availability* (how often it was
  legal when its parent was reached) in place of the parent's visits, since a move legal in one
  determinization may not be in another; chance is drawn, never stored in the tree;
* it adds one new move, then plays random moves to the end or for at most ``depth`` decisions,
  and scores the state reached: the game's :meth:`Game.result` at the end, else its
  :meth:`Game.standing` (the scoring as if the game ended now);
* each move on the path gains the reward of the seat that chose it: at the end of the game, 1
  for first place, 0 for last, shared places in between (:func:`reward`); at a standing, half
  that and half the seat's margin over the best other score (:func:`estimate`): a playout cut
  short rarely changes who leads, and the margin tells apart moves that gain points from moves
  that lose them.

The search is pure and bounded by its caller: :meth:`Search.run` does a given number of
iterations, so the service decides how long to think (in slices, so a worker stays responsive)
and the result depends only on the state, the seat and the random generator.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgspec

from arbiter.core.game import Game
from arbiter.core.types import CHANCE, Result

#: Random decisions a playout makes at most before the game's standing scores it.
DEFAULT_DEPTH = 40
#: Chance decisions a playout draws at most (they are not counted in ``depth``).
CHANCE_LIMIT = 10_000
#: UCB1's exploration constant (rewards lie in [0, 1]).
EXPLORATION = 0.7

_encode = msgspec.json.Encoder().encode


class Node:
    """A move in the tree: how often it was chosen, how often it was legal, its rewards."""

    __slots__ = ("available", "children", "move", "total", "visits")

    def __init__(self, move: Any) -> None:
        self.move = move
        self.visits = 0
        self.available = 1
        self.total = 0.0
        self.children: dict[bytes, Node] = {}

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Option(msgspec.Struct, frozen=True, kw_only=True):
    """One move of the seat with what the search learnt of it."""

    move: Any
    visits: int
    value: float


def reward(result: Result, seat: int) -> float:
    """1 for first place, 0 for last (automated opponents count as places), shared between."""
    places = len(result.places) + len(result.opponents)
    if places <= 1:
        return 1.0
    return (places - result.places[seat]) / (places - 1)


def estimate(standing: Result, seat: int) -> float:
    """The reward of a playout cut short at ``standing``: the mean of :func:`reward` and the
    seat's margin over the best other score, ``(mine - best) / (|mine| + |best| + 1)`` taken
    from [-1, 1] to [0, 1] (an automated opponent's score counts as another's)."""
    mine = standing.scores[seat]
    others = [score for other, score in enumerate(standing.scores) if other != seat]
    others.extend(opponent.score for opponent in standing.opponents)
    if not others:
        return reward(standing, seat)
    best = max(others)
    margin = (mine - best) / (abs(mine) + abs(best) + 1)
    return (reward(standing, seat) + (1 + margin) / 2) / 2


class Search:
    """The search tree of one hint: ``seat``'s decision in ``state``."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        state: Any,
        seat: int,
        rng: random.Random,
        *,
        depth: int = DEFAULT_DEPTH,
    ) -> None:
        if seat not in game.to_act(state):
            raise ValueError(f"seat {seat} does not decide now")
        self.game = game
        self.state = state
        self.seat = seat
        self.rng = rng
        self.depth = depth
        self.root = Node(None)
        self.moves = game.legal_moves(state, seat)
        #: Iterations run so far; playout decisions made so far.
        self.iterations = 0
        self.decisions = 0
        #: the iteration under way, when one was cut short (:meth:`run_until`)
        self._running: Iterator[None] | None = None

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations (a forced move needs none)."""
        self.run_until(self.iterations + iterations, _never)

    def run_until(self, iterations: int, stop: Callable[[], bool]) -> None:
        """Run until ``iterations`` iterations in all, or until ``stop()`` -- asked after each
        decision, so that a caller can give its time back within one decision of a playout: the
        iteration it cuts short goes on where it stopped at the next call, with the same random
        draws as uncut (a forced move needs none)."""
        if len(self.moves) <= 1:
            return
        while self.iterations < iterations:
            if self._running is None:
                self._running = self._iteration()
            for _ in self._running:
                if stop():
                    return
            self._running = None

    def options(self) -> list[Option]:
        """The seat's moves, most visited first (ties: the higher mean reward, then the order
        of the listing); moves never tried come last."""
        ranked = []
        for index, move in enumerate(self.moves):
            node = self.root.children.get(_encode(move))
            visits, value = (0, 0.0) if node is None else (node.visits, node.mean())
            ranked.append((-visits, -value, index, Option(move=move, visits=visits, value=value)))
        ranked.sort(key=lambda entry: entry[:3])
        return [entry[3] for entry in ranked]

    def best(self) -> Any:
        """The recommended move."""
        return self.options()[0].move

    # ------------------------------------------------------------------ one iteration

    def _iteration(self) -> Iterator[None]:
        """One iteration, pausing (yielding) after each decision."""
        game, rng = self.game, self.rng
        s = game.hidden_variant(self.state, self.seat, rng)
        yield
        node: Node | None = self.root
        path: list[tuple[Node, Any]] = []
        actor: Any = self.seat  # the first decision is the seat's, whoever else decides too
        made = drawn = 0
        while made < self.depth and drawn < CHANCE_LIMIT:
            if made:
                actors = game.to_act(s)
                if not actors:
                    break
                actor = actors[0]
            if actor == CHANCE:
                s, _ = game.apply_unchecked(s, self._chance(s))
                drawn += 1
                yield
                continue
            moves = game.listed_moves(s, actor)
            if not moves:  # a world play could not reach (a game's hidden_variant at fault):
                break  # scored as it stands, never a crash of the hint (issue #39)
            if node is not None:
                move, node = self._select(node, moves)
                path.append((node, actor))
                if node.visits == 0:
                    node = None  # a new node: a random playout from here
            else:
                move = moves[rng.randrange(len(moves))]
            s, _ = game.apply_unchecked(s, move)
            made += 1
            yield
        self.decisions += made
        self.iterations += 1
        result = game.result(s)
        score: Callable[[Result, int], float] = reward
        if result is None:
            result, score = game.standing(s), estimate
        for visited, who in path:
            visited.visits += 1
            visited.total += 0.5 if result is None else score(result, who)

    def _select(self, node: Node, moves: Sequence[Any]) -> tuple[Any, Node]:
        """The move to follow from ``node`` (an untried one first) and its node."""
        untried: list[tuple[bytes, Any]] = []
        children = node.children
        keyed = [(_encode(m), m) for m in moves]
        for key, _ in keyed:
            child = children.get(key)
            if child is not None:
                child.available += 1
        for key, m in keyed:
            if key not in children:
                untried.append((key, m))
        if untried:
            key, move = untried[self.rng.randrange(len(untried))]
            child = children[key] = Node(move)
            return move, child
        best: tuple[float, Any, Node] | None = None
        for key, m in keyed:
            child = children[key]
            score = child.mean() + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
            if best is None or score > best[0]:
                best = (score, m, child)
        assert best is not None
        return best[1], best[2]

    def _chance(self, s: Any) -> Any:
        outcomes = self.game.chance_outcomes(s)
        weights = [o.weight for o in outcomes]
        return self.rng.choices(outcomes, weights)[0].move


def _never() -> bool:
    return False
