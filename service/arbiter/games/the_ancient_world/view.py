"""What one seat (or a spectator) may know (its text: :mod:`.render`).

Never shown: the seed; the hidden middle of any deck (counts only); the empire discard pile
(kept face down, count only); other seats' set-aside cards (counts only); the cards another
seat drew (Explore, Expand borders+, Forest refuge); a deck's known top or bottom cards unless this
seat put them there.
"""

from __future__ import annotations

import msgspec

from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.state import (
    SPACES,
    AncientWorldState,
    Army,
    Board,
    BoardSpace,
    CardCitizen,
    ChooseProvince,
    ChooseSetAside,
    ChooseTitanOrder,
    Deck,
    Pending,
    Phase,
    TitanTops,
    is_open,
)
from arbiter.games.the_ancient_world.tables import Tables, stats


class DeckView(msgspec.Struct, frozen=True, kw_only=True):
    """A face-down deck as the viewer sees it.

    * ``count`` -- how many cards it holds;
    * ``known_top`` -- its top cards, the next one drawn first, when the viewer put them there
      (Forest refuge); else empty;
    * ``known_bottom`` -- for a seat, one entry a card under the deck, the first drawn first: the
      card when the viewer put it there (Expand borders+), else ``null``; empty for a spectator.

    A draw takes the top first, then the hidden middle; the bottom cards come last, once
    ``count`` is down to their number.
    """

    count: int
    known_top: tuple[str, ...] = ()
    known_bottom: tuple[str | None, ...] = ()


class DecksView(msgspec.Struct, frozen=True, kw_only=True):
    """The face-down decks, by name: ``empire_a`` and ``empire_b`` (empire cards; B from round 4),
    ``army``, ``province``, and the titan decks ``titan_1``, ``titan_2``, ``titan_3`` (by stars)."""

    empire_a: DeckView
    empire_b: DeckView
    army: DeckView
    province: DeckView
    titan_1: DeckView
    titan_2: DeckView
    titan_3: DeckView


class DiscardsView(msgspec.Struct, frozen=True, kw_only=True):
    """The discard piles: ``empire`` lies face down (how many cards; one pile for the cards of
    both empire decks, shuffled into a new deck when the deck in use runs out), ``army`` lies face
    up (its cards, sorted)."""

    empire: int
    army: tuple[str, ...]


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's city-state as the viewer sees it.

    * ``seat`` -- which seat (0 is the oldest player; play goes 0, 1, 2, 3);
    * ``coins``, ``knowledge`` -- its supply;
    * ``citizens`` -- the skills of the citizen tokens it owns; ``ready`` -- those on its player
      board, free to place; ``starving`` -- those on the «Голодающие» space, not usable this
      round; the rest are placed on the board (``board``) or on its cards (``on_cards``);
    * ``empire`` -- its face-up empire cards; ``lost`` -- its lost (face-down) empire cards;
    * ``provinces``, ``titans`` -- the province and titan cards it took;
    * ``armies`` -- its armies, in the order they were formed (moves name them by index);
    * ``set_aside`` -- its set-aside empire cards, for the seat itself (``null`` for the others);
      ``set_aside_count`` -- how many, for everyone;
    * ``passed`` -- it passed this round;
    * ``food``, ``army_limit``, ``space`` -- the food, army limit and spaces of its capital, face-up
      empire cards, provinces and titans (derived from those cards).
    """

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
    """One pending step, ``kind`` naming it (the ``kind`` tags of the state's pending tasks:
    ``draw``, ``dice``, ``choose_build`` ...); the other members are those the step has.

    * ``seat`` -- the seat that decides or draws (``null`` for the steps of the table);
    * ``deck``, ``to``, ``count`` -- a draw: from which deck, where to, how many cards left;
    * ``remaining``, ``rolled``, ``titan_faces`` -- destruction dice left, rolled, titans shown;
      also the cards left to rebuild (``remaining``) or to lose (``count``);
    * ``stars`` -- the titan deck of a fight or Forest refuge; ``used`` -- armies paid in a fight;
    * ``optional`` -- a rebuild may stop early; ``card`` -- the army card being enlisted;
    * ``cards`` / ``ordered`` -- private cards (an Explore draw, Expand borders+, Forest refuge:
      those to choose from and those put back so far), for the seat they belong to only;
      the others see how many in ``hidden``.
    """

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
    """What one seat (``seat``) or a spectator (``seat`` ``null``) may know of the table.

    * ``step`` -- decisions applied so far; ``round`` -- 1 to 6 (0 before the first one);
      ``phase`` -- ``preparation``, ``actions``, ``end_of_round`` or ``over``;
    * ``current`` -- the seat whose turn it is in the actions phase;
    * ``first_player`` -- the holder of the first-player token; ``token_hand_up`` -- it lies hand
      side up (nobody else may take it this round);
    * ``first_passer`` -- the first seat to pass this round (``null`` until one has);
    * ``open_spaces`` -- the board's action spaces the round track has opened, in board order;
    * ``board`` -- the citizens on each action space;
    * ``empire_row``, ``army_row`` -- the face-up cards on offer; ``province_top`` -- the face-up
      province (``null`` when none); ``titan_tops`` -- the face-up titan of each titan deck;
    * ``decks`` -- the face-down decks; ``discards`` -- the discard piles;
    * ``players`` -- every seat's city-state, by seat;
    * ``pending`` -- the steps under way, the last one current.
    """

    seat: int | None
    rules_version: str
    content_id: str
    step: int
    options: AncientWorldOptions
    round: int
    phase: Phase
    current: int
    first_player: int
    token_hand_up: bool
    first_passer: int | None
    open_spaces: tuple[BoardSpace, ...]
    board: Board
    empire_row: tuple[str, ...]
    army_row: tuple[str, ...]
    province_top: str | None
    titan_tops: TitanTops
    decks: DecksView
    discards: DiscardsView
    players: tuple[PlayerView, ...]
    pending: tuple[PendingView, ...]


def open_spaces(s: AncientWorldState) -> tuple[BoardSpace, ...]:
    return tuple(space for space in SPACES if is_open(space, s.round))


def _deck_view(d: Deck, seat: int | None) -> DeckView:
    return DeckView(
        count=d.size(),
        known_top=d.top if seat is not None and seat in d.top_known else (),
        known_bottom=tuple(
            c if b == seat else None for c, b in zip(d.bottom, d.bottom_by, strict=True)
        )
        if seat is not None
        else (),
    )


def _decks_view(s: AncientWorldState, seat: int | None) -> DecksView:
    return DecksView(
        empire_a=_deck_view(s.empire_a, seat),
        empire_b=_deck_view(s.empire_b, seat),
        army=_deck_view(s.army, seat),
        province=_deck_view(s.province, seat),
        titan_1=_deck_view(s.titan_1, seat),
        titan_2=_deck_view(s.titan_2, seat),
        titan_3=_deck_view(s.titan_3, seat),
    )


def _pending_view(task: Pending, seat: int | None) -> PendingView:
    kind = type(task).__struct_config__.tag
    owner = getattr(task, "seat", None)
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
        decks=_decks_view(s, seat),
        discards=DiscardsView(
            empire=len(s.empire_discard),
            army=s.army_discard,
        ),
        players=tuple(players),
        pending=tuple(_pending_view(task, seat) for task in s.pending),
    )
