"""A *position* of The Ancient World: what a real table shows, in the rulebook's own terms.

A companion app describes the table with an :class:`AncientWorldPosition` and gets back a complete,
consistent state (``Game.state_of``); ``Game.position_of`` gives the position of a state. The
members are the rulebook's: the round and its phase, the first-player token, the board's action
spaces with the citizens on them, the rows, the face-up province and titans, the decks and the
discard piles, every seat's city-state, whose turn it is and what is under way in it
(:data:`Step`).

What the table hides may be given as a count: a deck's cards, the empire discard pile, a seat's
set-aside cards (``unknown``). Those cards are then drawn, by the seed, from what the content pack
leaves once every card named in the position is taken out. Everything the rules decide by
themselves is not given but derived from the table:

* the next face-up card of the province deck or a titan deck is being revealed when the deck
  shows none and still has cards (and no Expand borders+ or Forest refuge holds its cards);
* in phase 1 («Подготовка») the rows are being dealt until they are full (the empire row from the
  empire deck in use while it or the discard pile has cards, the army row up to the number of
  players), after the face-up cards of round 1;
* in phase 3 («Конец раунда») the citizens are fed: the seats with more citizens than food (and
  than those already starving) choose the ones that starve, clockwise from the first player;
* a seat over its army limit discards armies now («обязан немедленно сбросить»).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import msgspec

from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.state import Army, Board, CardCitizen, Phase, TitanTops

Stars: TypeAlias = Literal[1, 2, 3]


class _P(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class Pile(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Face-down cards in no particular order: the ``cards`` known (by their content ids), and
    ``unknown`` more whose faces the table does not show (drawn from what the pack leaves)."""

    cards: tuple[str, ...] = ()
    unknown: int = 0


class DeckPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A face-down deck, from the top down:

    * ``top`` -- known cards on top, the next one drawn first (a Forest refuge put them back);
      ``top_known_to`` -- the seat that knows them (``null``: nobody at the table does);
    * ``cards`` -- known cards below them, in an order nobody knows; ``unknown`` -- how many more
      cards, unknown ones (drawn from what the pack leaves);
    * ``bottom`` -- known cards under the deck, the first one drawn first (Expand borders+ put them
      there); ``bottom_known_to`` -- for each, the seat that put it there.
    """

    top: tuple[str, ...] = ()
    top_known_to: int | None = None
    cards: tuple[str, ...] = ()
    unknown: int = 0
    bottom: tuple[str, ...] = ()
    bottom_known_to: tuple[int, ...] = ()


class DecksPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The face-down decks, by name: ``empire_a`` and ``empire_b`` (empire decks A and B; B is used
    from round 4 and set aside until then), ``army``, ``province`` and the titan decks ``titan_1``,
    ``titan_2``, ``titan_3`` (1, 2 and 3 stars)."""

    empire_a: DeckPosition = DeckPosition()
    empire_b: DeckPosition = DeckPosition()
    army: DeckPosition = DeckPosition()
    province: DeckPosition = DeckPosition()
    titan_1: DeckPosition = DeckPosition()
    titan_2: DeckPosition = DeckPosition()
    titan_3: DeckPosition = DeckPosition()


class SeatPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat's city-state (seat 0 is the oldest player; play goes clockwise 0, 1, 2, 3).

    * ``coins``, ``knowledge`` -- its supply;
    * its citizen tokens, each where it lies: ``ready`` on the player board (free to place),
      ``starving`` on the «Голодающие» space, ``on_cards`` on the action spaces of its cards; the
      others are on the board's action spaces (the position's ``board``). A seat has tokens 1, 2, 3
      and the next ones it gained (4, 5);
    * ``empire`` -- its face-up empire cards (the starting «Рыбное место» and «Пшеничные поля»
      included); ``lost`` -- its lost empire cards (turned face down);
    * ``set_aside`` -- its set-aside empire cards (face down under the player board);
    * ``provinces``, ``titans`` -- the province and titan cards it took;
    * ``armies`` -- its armies, each an active army card, the coins on its scroll (used this round)
      and on its picture, and the disbanded cards under it; in the order the armies were formed;
    * ``passed`` -- it passed this round («Пас»).
    """

    coins: int
    knowledge: int = 0
    ready: tuple[int, ...] = ()
    starving: tuple[int, ...] = ()
    on_cards: tuple[CardCitizen, ...] = ()
    empire: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    set_aside: Pile = Pile()
    provinces: tuple[str, ...] = ()
    titans: tuple[str, ...] = ()
    armies: tuple[Army, ...] = ()
    passed: bool = False


# ------------------------------------------------------------------- what is under way


class _Step(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="step"):
    """One thing still to be done in the turn under way; ``seat`` decides it."""

    seat: int


class BuildChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="build"):
    """«Строить»: the seat's citizen is on Build; it chooses the empire card it buys (from the row
    or its set-aside cards, or with its Crane)."""


class ExpandPayment(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="expand_payment"
):
    """«Расширять границы»: the seat's citizen is on Expand borders; it pays 1 knowledge or
    3 coins."""


class ExpandChoice(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="expand_choice"
):
    """«Расширять границы+»: the seat took the ``offered`` province cards (the face-up one first)
    and ``to_draw`` more are still to come off the deck; it keeps one, the others go under the
    deck."""

    offered: tuple[str, ...]
    to_draw: int = 0


class RecruitChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="recruit"):
    """«Рекрутировать»: the seat's citizen is on Recruit; it chooses the army card it buys."""


class EnlistChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="enlist"):
    """«Рекрутировать»: the seat bought army card ``card`` and puts it in one of its armies (a new
    one below the army limit, or over an unused active card it disbands)."""

    card: str


class ExploreChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="explore"):
    """«Исследовать местность»: the seat takes 5 cards of the empire deck (plus the eyes) ЛИБО
    sets aside a card of the row (a citizen on Explore, or a Cryptic ship)."""


class ExploreSetAside(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="explore_set_aside"
):
    """«Исследовать местность»: the seat took the ``drawn`` empire cards (private to it) and
    ``to_draw`` more are still to come; it sets one aside, the others are discarded."""

    drawn: tuple[str, ...]
    to_draw: int = 0


class RebuildChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="rebuild"):
    """«Восстановить»: the seat turns lost empire cards face up again, ``up_to`` more: from the
    Rebuild space (``source`` ``rebuild_space``: «до 2», it may stop) or from a card's rebuild icon
    (``card``: 1 a card, not optional)."""

    up_to: int
    source: Literal["rebuild_space", "card"]


class ScribesGuildChoice(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="scribes_guild"
):
    """«Гильдия писцов»: the seat's left neighbour (whose turn it is) learned; the seat may buy
    1 knowledge for 1 coin."""


class RemoteOutpostChoice(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="remote_outpost"
):
    """«Отдалённый аванпост»: the seat's right neighbour (whose turn it is) learned; the seat may
    take a coin off one of its army cards."""


class BorrowChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="borrow"):
    """«Мост» / «Торговый город»: the seat chooses another player's empire-card action to do."""


class ForestDeckChoice(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="forest_refuge"
):
    """«Лесное убежище»: the seat chooses the titan deck whose 4 top cards it takes."""


class ForestOrder(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="forest_order"):
    """«Лесное убежище»: the seat took the ``taken`` titans of the ``stars`` deck (the face-up one
    first; ``to_draw`` more still to come) and has put ``put_back`` back on the deck so far, from
    the top down; the first one put back will be face up."""

    stars: Stars
    taken: tuple[str, ...]
    put_back: tuple[str, ...] = ()
    to_draw: int = 0


class ForestFightChoice(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="forest_fight"
):
    """«Лесное убежище»: «Вы можете немедленно вступить в бой с верхней картой» -- the seat may
    fight the new face-up titan of the ``stars`` deck now."""

    stars: Stars


class TitanFight(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="titan_fight"):
    """«Бой с титаном»: the seat fights the face-up titan of the ``stars`` deck and has paid the
    ``armies`` so far (their numbers among its armies; the coins are on their scrolls); it pays
    another army, or attacks once its attack reaches the titan's defence, or withdraws."""

    stars: Stars
    armies: tuple[int, ...] = ()


class AfterVictory(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="after_victory"
):
    """The seat defeated a titan (the last of its titans) and the rulebook's steps after it are
    under way, in order: ``rebuilds`` lost cards to rebuild from the armies' rebuild icons («Перед
    броском кубиков разрушения»), ``dice`` destruction dice still to roll (one a banner of the
    titan; ``titan_faces`` rolled so far), then ``losses`` empire cards to turn face down (one a
    titan face, once every die is rolled), then the armies over a lower army limit are
    discarded."""

    rebuilds: int = 0
    dice: int = 0
    titan_faces: int = 0
    losses: int = 0


class ZorskChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="zorsk"):
    """«Зорские драматурги»: the seat just passed first; it may set aside a card of the row or
    the top card of the empire deck (``from_deck``: it chose the deck, the card is being taken)."""

    from_deck: bool = False


#: What is under way in a turn, one step of a tagged union on ``step``.
Step: TypeAlias = (
    BuildChoice
    | ExpandPayment
    | ExpandChoice
    | RecruitChoice
    | EnlistChoice
    | ExploreChoice
    | ExploreSetAside
    | RebuildChoice
    | ScribesGuildChoice
    | RemoteOutpostChoice
    | BorrowChoice
    | ForestDeckChoice
    | ForestOrder
    | ForestFightChoice
    | TitanFight
    | AfterVictory
    | ZorskChoice
)


class AncientWorldPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A table of The Ancient World, as the players see it.

    * ``options`` -- the table's options (Expand borders+);
    * ``round`` -- 1 to 6; ``phase`` -- ``preparation`` («Подготовка»: the rows are being dealt),
      ``actions`` («Действия игроков»), ``end_of_round`` («Конец раунда»: the feeding) or ``over``;
    * ``turn`` -- the seat whose turn it is in phase 2 (``null`` in the other phases);
    * ``first_player`` -- the holder of the first-player token; ``token_hand_up`` -- it lies hand
      side up (taken by Rebuild this round);
    * ``first_passer`` -- the first seat to pass this round (``null`` until one has);
    * ``board`` -- the citizens on the board's action spaces, in the order they were placed;
    * ``empire_row``, ``army_row`` -- the face-up cards on offer; ``province_top`` -- the face-up
      province; ``titan_tops`` -- the face-up titan of each titan deck (``null`` where none shows);
    * ``decks`` -- the face-down decks; ``empire_discard`` -- the empire discard pile (face down;
      one pile for deck A and deck B cards); ``army_discard`` -- the army discard pile (face up);
    * ``players`` -- every seat's city-state, by seat;
    * ``steps`` -- in phase 2, what is still to be done in the turn under way, the decision now
      first (empty: the seat ``turn`` chooses its action -- place a citizen, fight or pass). Most
      turns have one step; a card action with a rebuild icon leaves its rebuild after the rest of
      the action, and a Learn may leave several neighbours' reactions, in turn order.
    """

    options: AncientWorldOptions = AncientWorldOptions()
    round: int
    phase: Phase = "actions"
    turn: int | None = None
    first_player: int = 0
    token_hand_up: bool = False
    first_passer: int | None = None
    board: Board = Board()
    empire_row: tuple[str, ...] = ()
    army_row: tuple[str, ...] = ()
    province_top: str | None = None
    titan_tops: TitanTops = TitanTops()
    decks: DecksPosition = DecksPosition()
    empire_discard: Pile = Pile()
    army_discard: tuple[str, ...] = ()
    players: tuple[SeatPosition, ...]
    steps: tuple[Step, ...] = ()
