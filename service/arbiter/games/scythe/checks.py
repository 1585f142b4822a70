"""Invariants of a state submitted from outside, and of the content pack."""

from __future__ import annotations

from arbiter.core import InvalidState
from arbiter.core.texts import text
from arbiter.games.scythe.content import BOTTOM_ACTIONS, TOP_ACTIONS, ScytheContent
from arbiter.games.scythe.state import WORKERS, Battle, ScytheState
from arbiter.games.scythe.table_checks import check_table
from arbiter.games.scythe.tables import Tables
from arbiter.games.scythe.task_checks import check_tasks

State = ScytheState


def _bad(message: str, pointer: str = "") -> InvalidState:
    return InvalidState("scythe.invalid_state", message, pointer)


def check_content(content: ScytheContent) -> None:
    if len(content.factions) < 2 or len(content.player_mats) < len(content.factions):
        raise InvalidState("scythe.invalid_content", text("a pack needs factions and as many mats"))
    if not any(t.factory for t in content.board.territories):
        raise InvalidState("scythe.invalid_content", text("the board needs the Factory"))
    for i, mat in enumerate(content.player_mats):
        # «Действия верхнего ряда на всех планшетах одинаковые, но расположены в разном порядке»;
        # «Действия нижнего ряда расположены в том же порядке на всех планшетах»: a section is
        # named by its top-row action, a recruit or a covered square by its bottom-row action
        if sorted(x.top.name for x in mat.sections) != sorted(TOP_ACTIONS) or sorted(
            x.bottom.name for x in mat.sections
        ) != sorted(BOTTOM_ACTIONS):
            raise InvalidState(
                "scythe.invalid_content",
                text("a player mat has each top-row and each bottom-row action once"),
                f"/player_mats/{i}/sections",
            )


def check_state(s: State, t: Tables) -> None:
    """Refuse a broken state: pieces, tracks and cards here; the pending tasks in
    :mod:`.task_checks`."""
    _check_pieces(s, t)
    check_tasks(s, t)
    check_table(s, t)


def _check_pieces(s: State, t: Tables) -> None:
    if not 2 <= s.players_count <= 5:
        raise _bad(text("2 to 5 players"), "/players_count")
    if s.phase != "setup" and len(s.players) != s.players_count:
        raise _bad(text("one player state per seat"), "/players")
    if not s.players:
        return
    tracks = t.content.tracks
    spaces = set(t.neighbours)
    cards = sum(s.combat_deck) + sum(s.combat_discard)
    for task in s.pending:
        if isinstance(task, Battle):
            cards += len(task.attacker_side.cards) + len(task.defender_side.cards)
    held_objectives: list[int] = list(s.objective_deck)
    for i, p in enumerate(s.players):
        at = f"/players/{i}"
        if not 0 <= p.power <= tracks.power_max:
            raise _bad(text("power is 0-16"), f"{at}/power")
        if not 0 <= p.popularity <= tracks.popularity_max:
            raise _bad(text("popularity is 0-18"), f"{at}/popularity")
        if p.coins < 0:
            raise _bad(text("coins are not negative"), f"{at}/coins")
        if len(p.workers) > WORKERS:
            raise _bad(
                text("{workers} workers: a faction has 8", workers=len(p.workers)), f"{at}/workers"
            )
        if len(p.mechs) > 4:
            raise _bad(text("{mechs} mechs: a faction has 4", mechs=len(p.mechs)), f"{at}/mechs")
        if len(p.mechs) != len(p.mech_abilities):
            raise _bad(
                text(
                    "{mechs} mechs deployed but {mech_abilities} mech abilities unlocked: each deployed mech unlocks its ability",
                    mechs=len(p.mechs),
                    mech_abilities=len(p.mech_abilities),
                ),
                f"{at}/mech_abilities",
            )
        if len(p.structures) > 4 or len({b.structure for b in p.structures}) != len(p.structures):
            raise _bad(text("each structure once"), f"{at}/structures")
        if len(p.stars) > t.content.triumph_track.stars:
            raise _bad(text("at most 6 stars"), f"{at}/stars")
        units = [("character", p.character)]
        units += [(f"mechs/{i}", loc) for i, loc in enumerate(p.mechs)]
        units += [(f"workers/{i}", loc) for i, loc in enumerate(p.workers)]
        for member, loc in units:
            if loc not in spaces:
                raise _bad(text("unknown space {loc!r}", loc=loc), f"{at}/{member}")
        for i, b in enumerate(p.structures):
            if b.territory not in t.index or b.territory in t.lakes:
                raise _bad(
                    text("structures stand on land territories"), f"{at}/structures/{i}/territory"
                )
        cards += len(p.hand)
        held_objectives += [*p.objectives, *p.revealed]
    if cards != sum(t.combat_counts):
        raise _bad(
            text("{cards} combat cards instead of {sum}", cards=cards, sum=sum(t.combat_counts)),
            "/combat_deck",
        )
    if sorted(held_objectives) != sorted(t.objectives):
        raise _bad(text("every objective card is in the deck, held or revealed"), "/objective_deck")
    for x, r in s.resources.items():
        if x not in t.index:
            raise _bad(
                text("{x!r} is not a territory (tokens lie on territories)", x=x), f"/resources/{x}"
            )
        if min(r.counts()) < 0 or not r.total():
            raise _bad(
                text("only territories with tokens are listed, never a negative count"),
                f"/resources/{x}",
            )
    built = [b.territory for p in s.players for b in p.structures]
    if len(built) != len(set(built)):
        raise _bad(text("one structure per territory"), "/players")
