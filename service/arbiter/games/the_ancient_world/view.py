"""What one seat (or a spectator) may know (its text: :mod:`.render`).

Never shown: the seed; the hidden middle of any deck (counts only); the empire discard piles
(kept face down, counts only); other seats' set-aside cards (counts only); the cards another
seat drew (Explore, Expand borders+, Forest refuge); a deck's known top or bottom cards unless this
seat put them there.
"""

from __future__ import annotations

import msgspec

from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.state import (
    DECKS,
    SPACES,
    AncientWorldState,
    Army,
    CardCitizen,
    ChooseProvince,
    ChooseSetAside,
    ChooseTitanOrder,
    Deck,
    Pending,
    Placed,
)
from arbiter.games.the_ancient_world.tables import Tables, stats


class DeckView(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    count: int
    known_top: tuple[str, ...] = ()
    known_bottom: tuple[str | None, ...] = ()


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    coins: int
    knowledge: int
    citizens: tuple[int, ...]
    ready: tuple[int, ...]
    starving: tuple[int, ...]
    on_cards: tuple[CardCitizen, ...]
    empire: tuple[str, ...]
    lost: tuple[str, ...]
    provinces: tuple[str, ...]
    titans: tuple[str, ...]
    armies: tuple[Army, ...]
    set_aside: tuple[str, ...] | None
    set_aside_count: int
    passed: bool
    food: int
    army_limit: int
    space: int


class PendingView(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One pending step. Private cards (an Explore draw, Expand borders+, Forest refuge) are in
    ``cards`` / ``ordered`` only for the seat they belong to; the others see ``hidden``."""

    kind: str
    seat: int | None = None
    deck: str | None = None
    to: str | None = None
    count: int | None = None
    remaining: int | None = None
    rolled: int | None = None
    titan_faces: int | None = None
    stars: int | None = None
    used: tuple[int, ...] = ()
    optional: bool | None = None
    card: str | None = None
    cards: tuple[str, ...] = ()
    ordered: tuple[str, ...] = ()
    hidden: int = 0


class AncientWorldView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int | None
    rules_version: str
    content_id: str
    step: int
    options: AncientWorldOptions
    round: int
    phase: str
    current: int
    first_player: int
    token_hand_up: bool
    first_passer: int
    open_spaces: tuple[str, ...]
    board: tuple[tuple[Placed, ...], ...]
    empire_row: tuple[str, ...]
    army_row: tuple[str, ...]
    province_top: str | None
    titan_tops: tuple[str | None, ...]
    decks: tuple[DeckView, ...]
    empire_discard_a: int
    empire_discard_b: int
    army_discard: tuple[str, ...]
    players: tuple[PlayerView, ...]
    pending: tuple[PendingView, ...]


def open_spaces(s: AncientWorldState) -> tuple[str, ...]:
    return tuple(
        sp
        for sp in SPACES
        if not (sp == "explore" and s.round < 2) and not (sp == "populate" and s.round < 3)
    )


def _deck_view(name: str, d: Deck, seat: int | None) -> DeckView:
    return DeckView(
        name=name,
        count=d.size(),
        known_top=d.top if seat is not None and seat in d.top_known else (),
        known_bottom=tuple(
            c if b == seat else None for c, b in zip(d.bottom, d.bottom_by, strict=True)
        )
        if seat is not None
        else (),
    )


def _pending_view(task: Pending, seat: int | None) -> PendingView:
    kind = type(task).__struct_config__.tag
    owner = getattr(task, "seat", None)
    if owner == -1:
        owner = None
    view = PendingView(
        kind=str(kind),
        seat=owner,
        deck=getattr(task, "deck", None),
        to=getattr(task, "to", None),
        count=getattr(task, "count", None),
        remaining=getattr(task, "remaining", None),
        rolled=getattr(task, "rolled", None),
        titan_faces=getattr(task, "titan_faces", None),
        stars=getattr(task, "stars", None),
        used=getattr(task, "used", ()),
        optional=getattr(task, "optional", None),
        card=getattr(task, "card", None),
    )
    private: tuple[str, ...] | None = None
    ordered: tuple[str, ...] = ()
    if isinstance(task, ChooseSetAside):
        private = task.drawn
    elif isinstance(task, ChooseProvince):
        private = task.options
    elif isinstance(task, ChooseTitanOrder):
        private, ordered = task.cards, task.ordered
    if private is None:
        return view
    if seat is not None and seat == owner:
        return msgspec.structs.replace(view, cards=private, ordered=ordered)
    return msgspec.structs.replace(view, hidden=len(private) + len(ordered))


def make_view(s: AncientWorldState, t: Tables, seat: int | None) -> AncientWorldView:
    players = []
    for i, p in enumerate(s.players):
        st = stats(t, p)
        players.append(
            PlayerView(
                seat=i,
                coins=p.coins,
                knowledge=p.knowledge,
                citizens=p.citizens,
                ready=p.ready,
                starving=p.starving,
                on_cards=p.on_cards,
                empire=p.empire,
                lost=p.lost,
                provinces=p.provinces,
                titans=p.titans,
                armies=p.armies,
                set_aside=p.set_aside if seat == i else None,
                set_aside_count=len(p.set_aside),
                passed=p.passed,
                food=st.food,
                army_limit=st.army_limit,
                space=st.space,
            )
        )
    return AncientWorldView(
        seat=seat,
        rules_version=s.rules_version,
        content_id=s.content_id,
        step=s.step,
        options=s.options,
        round=s.round,
        phase=s.phase,
        current=s.current,
        first_player=s.first_player,
        token_hand_up=s.token_hand_up,
        first_passer=s.first_passer,
        open_spaces=open_spaces(s),
        board=s.board,
        empire_row=s.empire_row,
        army_row=s.army_row,
        province_top=s.province_top,
        titan_tops=s.titan_tops,
        decks=tuple(_deck_view(name, getattr(s, name), seat) for name in DECKS),
        empire_discard_a=len(s.empire_discard_a),
        empire_discard_b=len(s.empire_discard_b),
        army_discard=s.army_discard,
        players=tuple(players),
        pending=tuple(_pending_view(task, seat) for task in s.pending),
    )
