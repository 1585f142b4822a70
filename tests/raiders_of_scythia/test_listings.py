"""The Raid listing built legal as made: over random games, a seat choosing its turn is offered
a Raid on exactly the settlements whose refusal accepts it («НАБЕГ», «Ход игрока»)."""

from __future__ import annotations

from arbiter.games.raiders_of_scythia import raid
from arbiter.games.raiders_of_scythia.moves import Raid
from arbiter.games.raiders_of_scythia.state import ChooseTurn
from tests.raiders_of_scythia.helpers import game, tables
from tests.walks import random_states


def test_raids_are_listed_exactly_where_the_refusal_accepts_them() -> None:
    t = tables()
    checked = refused = 0
    for s in random_states(game(), ((1, 3), (2, 5), (3, 7), (4, 11))):
        task = s.pending[-1] if s.pending else None
        if not isinstance(task, ChooseTurn):
            continue
        listed = {m.settlement for m in raid.raid_moves(s, t, task.seat)}
        for i, settlement in enumerate(t.settlements):
            accepted = raid.refusal(s, t, task.seat, i) is None
            assert (settlement.id in listed) == accepted, (settlement.id, s.step)
            checked += 1
            refused += not accepted
        raids = {m.settlement for m in game().legal_moves(s, task.seat) if isinstance(m, Raid)}
        assert raids == listed
    assert checked > 500 and 0 < refused < checked  # both answers were put to the test
