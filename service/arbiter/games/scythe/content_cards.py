"""The cards of a Scythe content pack, by key: what its provenance labels name.

Each component a pack describes is one card of :mod:`arbiter.core.provenance`: a territory or a
home base of the board, a player mat, a faction, an encounter, objective or Factory card, a
structure bonus tile, a kind of combat card (by its value), and the parts the pack holds once (the
component counts, the scoring, the Triumph track, the tracks).
"""

from __future__ import annotations

from arbiter.core.provenance import Card
from arbiter.games.scythe.content import ScytheContent


def cards(c: ScytheContent) -> tuple[Card, ...]:
    """Every card of a pack with its key (``territories/r1c1``, ``encounters/12``, ``scoring``)."""
    return (
        ("components", c.components),
        *((f"territories/{t.id}", t) for t in c.board.territories),
        *((f"home_bases/{b.id}", b) for b in c.board.home_bases),
        *((f"player_mats/{m.id}", m) for m in c.player_mats),
        *((f"factions/{f.id}", f) for f in c.factions),
        *((f"encounters/{e.id}", e) for e in c.encounters),
        *((f"objectives/{o.id}", o) for o in c.objectives),
        *((f"factory_cards/{f.id}", f) for f in c.factory_cards),
        ("scoring", c.scoring),
        *((f"structure_bonus_tiles/{t.id}", t) for t in c.structure_bonus_tiles),
        *((f"combat_cards/{k.value}", k) for k in c.combat_cards),
        ("triumph_track", c.triumph_track),
        ("tracks", c.tracks),
    )
