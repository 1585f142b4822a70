"""Which moves may be taken back: a move that revealed nothing hidden to anybody.

A backend may take moves of a sealed game back (``undo``), but never past the moment a seat
learned something it could not know before: a card drawn, a hidden choice shown, an opponent's
dial revealed. Chance outcomes are never taken back (the service sees those itself); this module
decides for players' moves.

:func:`reveals_hidden` answers from the rules alone, for any game, with
:meth:`~arbiter.core.Game.hidden_variant`: for each seat ``j`` (and the spectator), take states
that differ from ``before`` only in what ``j`` cannot know, apply the same move to them and compare
what ``j`` sees afterwards -- its view and the events it is shown. If they differ between the
variants, the move told ``j`` something hidden. A variant in which the move is not legal is a world
``j`` can rule out only by seeing the move; ``j`` sees the views and events alone, so such a
variant is left out -- except for the mover itself, whose variants keep everything it knows, so
its move is legal in all of them (if not, the move hangs on something it cannot see: a reveal). The variants are drawn from a generator seeded by the state
(its seed and step), so every worker decides alike. It is sound for what it samples: a reveal the
samples miss would need a hidden value that two variants happen to share; games can override
:meth:`~arbiter.core.Game.can_take_back` with an exact rule, and the conformance suite checks such
rules against this one with more samples.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from arbiter.core.chance import generator
from arbiter.core.errors import ArbiterError


class Rules(Protocol):
    """What :func:`reveals_hidden` asks of a game (a :class:`~arbiter.core.game.Game` answers
    it; the game module calls this one, so it names no game type)."""

    def actor_of(self, move: Any) -> Any: ...
    def apply_unchecked(self, state: Any, move: Any) -> tuple[Any, Any]: ...
    def view(self, state: Any, seat: int | None) -> Any: ...
    def events_for(self, events: Any, seat: int | None) -> Any: ...
    def hidden_variant(self, state: Any, seat: int | None, rng: random.Random) -> Any: ...
    def is_legal(self, state: Any, move: Any) -> bool: ...


#: Variants tried per seat by default.
SAMPLES = 2


def reveals_hidden(
    game: Rules,
    before: Any,
    move: Any,
    after: Any,
    players: int,
    samples: int = SAMPLES,
) -> bool:
    """Whether applying ``move`` to ``before`` (giving ``after``) showed any seat something hidden."""
    rng = random.Random(generator(before.seed, before.step).getrandbits(64))
    mover = game.actor_of(move)
    _, events = game.apply_unchecked(before, move)
    for seat in (None, *range(players)):
        seen = game.view(after, seat)
        shown = game.events_for(events, seat)
        for _ in range(samples):
            variant = game.hidden_variant(before, seat, rng)
            try:
                if not game.is_legal(variant, move):
                    if seat == mover:
                        return True
                    continue
                other, more = game.apply_unchecked(variant, move)
            except ArbiterError:
                return True
            if game.view(other, seat) != seen or game.events_for(more, seat) != shown:
                return True
    return False
