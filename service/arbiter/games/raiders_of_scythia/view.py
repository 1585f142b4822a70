"""What one seat (or a spectator) may know of a game of Raiders of Scythia.

Hidden: the order and contents of the decks (crew, animals, heroes, schemes; a view shows their
sizes), the quests never turned up (``quest_pool``: a face-down quest under a raid space shows only
that it is there), other seats' hands (their sizes are public) and, during setup, the cards other
seats set aside from their deal, and the seed. Everything else lies face up on the table: the
discard piles, the animal display, the village, every raid space, completed quests, the chief's
horses and quests.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from arbiter.games.raiders_of_scythia.state import (
    CardId,
    Cards,
    Chief,
    Count,
    Pair,
    Phase,
    Plunder,
    Raid,
    RaidersState,
    Seat,
    Slot,
    Space,
    Spot,
    Stock,
    Task,
    Turn,
    Village,
)
from arbiter.games.raiders_of_scythia.tables import Tables


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """A seat as the viewer sees it: ``hand`` and ``set_aside`` are ``None`` unless the viewer is
    that seat (their sizes are public)."""

    vp: Count
    stock: Stock
    worker: str | None
    hero: CardId | None
    slots: tuple[Slot, ...]
    hand: Cards | None
    hand_size: Count
    quests: Cards
    set_aside: Cards | None
    set_aside_size: Count


class RaidersView(msgspec.Struct, frozen=True, kw_only=True):
    """The table as ``seat`` sees it (``None``: a spectator). Decks are given by their sizes.

    ``spaces`` are keyed by raid space id and ``spots`` (the workers left on a settlement) by
    settlement id, in the pack's board order; ``village_quests`` are the top and bottom quest
    spaces of the village; ``animal_display`` the display left to right; a player's ``slots`` are
    the 5 slots of the board left to right (slot 1 beside the hero). In ``pending`` and ``raid``,
    a raid space or settlement is its index in the pack's board order."""

    rules_version: str
    content_id: str
    step: Count
    seat: Seat | None
    phase: Phase
    start_player: Seat
    current: Seat
    turns: Count
    final_turns: Count | None
    players: tuple[PlayerView, ...]
    chief: Chief | None
    village: Village
    village_quests: tuple[CardId | None, ...]
    spaces: dict[str, Space]
    spots: dict[str, tuple[Spot, ...]]
    bag: Plunder
    supply: Plunder
    animal_display: tuple[CardId | None, ...]
    animal_deck: Count
    animal_discard: Cards
    crew_deck: Count
    crew_discard: Cards
    hero_deck: Count
    pairs: tuple[Pair, ...]
    quest_pool: Count
    scheme_deck: Count
    scheme_discard: Cards
    turn: Turn
    raid: Raid | None
    pending: Annotated[tuple[Task, ...], msgspec.Meta(max_length=64)]


def make_view(s: RaidersState, t: Tables, seat: int | None) -> RaidersView:
    players = tuple(
        PlayerView(
            vp=p.vp,
            stock=p.stock,
            worker=p.worker,
            hero=p.hero,
            slots=p.slots,
            hand=p.hand if seat == i else None,
            hand_size=len(p.hand),
            quests=p.quests,
            set_aside=p.set_aside if seat == i else None,
            set_aside_size=len(p.set_aside),
        )
        for i, p in enumerate(s.players)
    )
    return RaidersView(
        rules_version=s.rules_version,
        content_id=s.content_id,
        step=s.step,
        seat=seat,
        phase=s.phase,
        start_player=s.start_player,
        current=s.current,
        turns=s.turns,
        final_turns=s.final_turns,
        players=players,
        chief=s.chief,
        village=s.village,
        village_quests=s.village_quests,
        spaces={sp.id: space for sp, space in zip(t.spaces, s.spaces, strict=True)},
        spots={st.id: spots for st, spots in zip(t.settlements, s.spots, strict=True)},
        bag=s.bag,
        supply=s.supply,
        animal_display=s.animal_display,
        animal_deck=len(s.animal_deck),
        animal_discard=s.animal_discard,
        crew_deck=len(s.crew_deck),
        crew_discard=s.crew_discard,
        hero_deck=len(s.hero_deck),
        pairs=s.pairs,
        quest_pool=len(s.quest_pool),
        scheme_deck=len(s.scheme_deck),
        scheme_discard=s.scheme_discard,
        turn=s.turn,
        raid=s.raid,
        pending=s.pending,
    )
