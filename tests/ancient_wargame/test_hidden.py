"""What a seat cannot know of the wargame (``hidden_variant``), and hints drawn from it.

A committed draft of a sealed step is hidden until the reveal, but not that it was committed: a
variant must hold a draft its seat could have committed. The empty draft is not always one (the
upkeep, «Фаза 2»: a seat short of food disbands soldiers until it can pay), and a variant that
held it left its seat unable to pay after the reveal -- a hint's search met a seat to act with no
move there (``ValueError: empty range for randrange()``, issue #39).
"""

from __future__ import annotations

import random
from typing import Any

from arbiter.core import CHANCE
from arbiter.core.search import Search
from arbiter.games.ancient_wargame.economy import UPKEEP
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.games.ancient_wargame.state import Sealed

GAME = AncientWargame()


def played(decisions: int) -> Any:
    """The issue's game: 2 players, seed 1001, chance drawn; seat 0 plays at random
    (``Random(1001)``), seat 1 plays 100-iteration hints (``Random(7919 + k)``, ``k`` the
    decisions made so far) when it has more than one move."""
    state = GAME.new_state(2, seed=1001)
    rng = random.Random(1001)
    k = 0
    while k < decisions:
        if CHANCE in GAME.to_act(state):
            state, _ = GAME.resolve_chance(state)
            continue
        actor = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, actor)
        if actor == 0:
            move = moves[rng.randrange(len(moves))]
        elif len(moves) > 1:
            search = Search(GAME, state, 1, random.Random(7919 + k))
            search.run(100)
            move = search.best()
        else:
            move = moves[0]
        state, _ = GAME.apply(state, move)
        k += 1
    return state


def test_a_hint_after_a_committed_upkeep_draft_is_a_legal_move() -> None:
    state = played(12)
    assert GAME.to_act(state) == (1,)
    search = Search(GAME, state, 1, random.Random(7919 + 12))
    search.run(100)  # raised ValueError before the variants kept committable drafts
    assert search.best() in GAME.legal_moves(state, 1)


def test_a_variant_holds_a_draft_its_seat_could_have_committed() -> None:
    state = played(12)
    task = state.pending[-1]
    assert isinstance(task, Sealed) and task.step == "upkeep"
    assert state.drafts[0].committed and state.drafts[0].disband  # seat 0 had to disband
    tables = GAME.tables(state.content_id)
    seen = set()
    for k in range(40):
        variant = GAME.hidden_variant(state, 1, random.Random(k))
        GAME.check_state(variant)
        draft = variant.drafts[0]
        assert draft.committed
        assert UPKEEP.can_commit(variant, tables, 0, draft)
        seen.add(draft.disband)
        assert GAME.view(variant, 1) == GAME.view(state, 1)
    assert len(seen) > 1, "the draft is always the same: it is not hidden"
