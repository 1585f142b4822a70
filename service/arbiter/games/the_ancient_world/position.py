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

from typing import Annotated, Final, Literal, TypeAlias

import msgspec

from arbiter.games.the_ancient_world import content_limits as lim
from arbiter.games.the_ancient_world.content_limits import CardId, at_most
from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.state import (
    EXPAND_PLUS_CARDS,
    EXPLORE_CARDS,
    FOREST_CARDS,
    MAX_CITIZENS,
    ROUNDS,
    ROW_SIZE,
    Army,
    Board,
    CardCitizen,
    Phase,
    TitanTops,
)

Stars: TypeAlias = Literal[1, 2, 3]

# --------------------------------------------------------------------------------------------
# Bounds
# --------------------------------------------------------------------------------------------
# A position is a request body: every count, string and number of it has an upper bound (its
# ``msgspec.Meta``), so what ``state_of`` is asked to do is bounded, and a position that breaks
# one is refused while it is decoded. The card counts are those of a content pack
# (:mod:`.content_limits`, which admit the rulebook's box two to four times over); card ids are
# the pack's (``content_limits.CardId``).

#: Seats: «Состав игры» has citizen tokens of 4 colours (20, 5 a colour), one a player; the setup
#: deals for 2, 3 or 4 players.
MAX_SEATS: Final = 4
#: A seat (0 is the oldest player).
Seat: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS - 1)]
#: «Партия длится 6 раундов»: a position is of round 1 to 6.
Round: TypeAlias = Annotated[int, msgspec.Meta(ge=1, le=ROUNDS)]
#: A citizen token's skill: a seat has tokens 1, 2, 3 and gains 4 and 5 («Увеличивать
#: население»; ``state.MAX_CITIZENS``).
Skill: TypeAlias = Annotated[int, msgspec.Meta(ge=1, le=MAX_CITIZENS)]
#: Citizen tokens of one seat in one place (at most all of them).
Skills: TypeAlias = Annotated[tuple[Skill, ...], at_most(MAX_CITIZENS)]
#: A seat's coins or knowledge. The supply is not limited by the box's tokens (68 coins,
#: 16 knowledge, «Состав игры»); a real table holds a few dozen, and random play with a pack at
#: every content limit (symbols of 10 on hundreds of cards) reaches a few thousand in 6 rounds:
#: a generous bound no table reaches.
MAX_SUPPLY: Final = 1_000_000
Supply: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_SUPPLY)]

#: Empire cards (a seat's face-up, lost or set-aside ones, the discard pile): at most the pack's.
EmpireCards: TypeAlias = Annotated[tuple[CardId, ...], at_most(lim.MAX_EMPIRE)]
#: Army cards (the discard pile): at most the pack's.
ArmyCards: TypeAlias = Annotated[tuple[CardId, ...], at_most(lim.MAX_ARMIES)]
#: A seat's provinces: at most the pack's.
ProvinceCards: TypeAlias = Annotated[tuple[CardId, ...], at_most(lim.MAX_PROVINCES)]
#: A seat's titans: at most the pack's.
TitanCards: TypeAlias = Annotated[tuple[CardId, ...], at_most(lim.MAX_TITANS)]
#: A count of unknown empire cards (the discard pile, a seat's set-aside cards).
EmpireCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=lim.MAX_EMPIRE)]
#: The cards of a deck, of any kind: at most the pack's largest kind (from round 4 the empire
#: deck in use takes every empire card of the pack).
MAX_DECK: Final = max(lim.MAX_EMPIRE, lim.MAX_ARMIES, lim.MAX_TITANS, lim.MAX_PROVINCES)
DeckCards: TypeAlias = Annotated[tuple[CardId, ...], at_most(MAX_DECK)]
DeckCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_DECK)]
#: The empire row: «2 игрока — 4 карты, 3 игрока — 5 карт, 4 игрока — 6 карт».
EmpireRow: TypeAlias = Annotated[tuple[CardId, ...], at_most(max(ROW_SIZE.values()))]
#: The army row: dealt «пока их общее число на игровом поле не сравняется с количеством игроков».
ArmyRow: TypeAlias = Annotated[tuple[CardId, ...], at_most(MAX_SEATS)]
#: A seat's armies, and the armies paid in a fight: at most the pack's army cards.
Armies: TypeAlias = Annotated[tuple[Army, ...], at_most(lim.MAX_ARMIES)]
ArmyIndex: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=lim.MAX_ARMIES - 1)]
#: A seat's citizens on its cards' action spaces (at most all its tokens).
OnCards: TypeAlias = Annotated[tuple[CardCitizen, ...], at_most(MAX_CITIZENS)]

#: Expand borders+ takes «3 верхние карты колоды провинций» (the face-up one included).
Expanded: TypeAlias = Annotated[tuple[CardId, ...], at_most(EXPAND_PLUS_CARDS)]
ExpandCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=EXPAND_PLUS_CARDS)]
#: Explore takes «5 карт из колоды империи» and «столько дополнительных карт ..., сколько указано
#: внутри символа глаза» of the seat's cards: at most every empire card of the pack, each with the
#: largest symbol a pack may print. The cards drawn are at most the pack's empire cards.
MAX_EXPLORE: Final = EXPLORE_CARDS + lim.MAX_EMPIRE * lim.MAX_SYMBOL
ExploreCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_EXPLORE)]
#: Forest refuge takes «4 верхние карты одной колоды титанов».
Forest: TypeAlias = Annotated[tuple[CardId, ...], at_most(FOREST_CARDS)]
ForestCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=FOREST_CARDS)]
#: Lost cards to rebuild: «до 2» on the Rebuild space, a card's rebuild icon, or the rebuild
#: icons of the armies paid in a fight («Восстановление», 1 card an icon) -- at most every army
#: card of the pack, each with the largest icon a pack may print.
MAX_REBUILDS: Final = lim.MAX_ARMIES * lim.MAX_AMOUNT
Rebuilds: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_REBUILDS)]
#: Destruction dice: «столько кубиков, сколько знамён племён изображено на карте титана» (and as
#: many titan faces and cards to lose at most).
Banners: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=lim.MAX_BANNERS)]
#: The steps under way: at most 3 (a card action, one it borrows and their rebuild) -- or the
#: reactions to a Learn, at most one a card (Scribes' guild, Remote outpost) of each other seat.
MAX_STEPS: Final = 2 * (MAX_SEATS - 1)


class _P(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class Pile(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Face-down cards in no particular order: the ``cards`` known (by their content ids), and
    ``unknown`` more whose faces the table does not show (drawn from what the pack leaves)."""

    cards: EmpireCards = ()
    unknown: EmpireCount = 0


class DeckPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A face-down deck, from the top down:

    * ``top`` -- known cards on top, the next one drawn first (a Forest refuge put them back);
      ``top_known_to`` -- the seat that knows them (``null``: nobody at the table does);
    * ``cards`` -- known cards below them, in an order nobody knows; ``unknown`` -- how many more
      cards, unknown ones (drawn from what the pack leaves);
    * ``bottom`` -- known cards under the deck, the first one drawn first (Expand borders+ put them
      there); ``bottom_known_to`` -- for each, the seat that put it there.
    """

    top: DeckCards = ()
    top_known_to: Seat | None = None
    cards: DeckCards = ()
    unknown: DeckCount = 0
    bottom: DeckCards = ()
    bottom_known_to: Annotated[tuple[Seat, ...], at_most(MAX_DECK)] = ()


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

    coins: Supply
    knowledge: Supply = 0
    ready: Skills = ()
    starving: Skills = ()
    on_cards: OnCards = ()
    empire: EmpireCards = ()
    lost: EmpireCards = ()
    set_aside: Pile = Pile()
    provinces: ProvinceCards = ()
    titans: TitanCards = ()
    armies: Armies = ()
    passed: bool = False


# ------------------------------------------------------------------- what is under way


class _Step(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="step"):
    """One thing still to be done in the turn under way; ``seat`` decides it."""

    seat: Seat


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

    offered: Expanded
    to_draw: ExpandCount = 0


class RecruitChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="recruit"):
    """«Рекрутировать»: the seat's citizen is on Recruit; it chooses the army card it buys."""


class EnlistChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="enlist"):
    """«Рекрутировать»: the seat bought army card ``card`` and puts it in one of its armies (a new
    one below the army limit, or over an unused active card it disbands)."""

    card: CardId


class ExploreChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="explore"):
    """«Исследовать местность»: the seat takes 5 cards of the empire deck (plus the eyes) ЛИБО
    sets aside a card of the row (a citizen on Explore, or a Cryptic ship)."""


class ExploreSetAside(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="explore_set_aside"
):
    """«Исследовать местность»: the seat took the ``drawn`` empire cards (private to it) and
    ``to_draw`` more are still to come; it sets one aside, the others are discarded."""

    drawn: EmpireCards
    to_draw: ExploreCount = 0


class RebuildChoice(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="rebuild"):
    """«Восстановить»: the seat turns lost empire cards face up again, ``up_to`` more: from the
    Rebuild space (``source`` ``rebuild_space``: «до 2», it may stop) or from a card's rebuild icon
    (``card``: 1 a card, not optional)."""

    up_to: Rebuilds
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
    taken: Forest
    put_back: Forest = ()
    to_draw: ForestCount = 0


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
    armies: Annotated[tuple[ArmyIndex, ...], at_most(lim.MAX_ARMIES)] = ()


class AfterVictory(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="after_victory"
):
    """The seat defeated a titan (the last of its titans) and the rulebook's steps after it are
    under way, in order: ``rebuilds`` lost cards to rebuild from the armies' rebuild icons («Перед
    броском кубиков разрушения»), ``dice`` destruction dice still to roll (one a banner of the
    titan; ``titan_faces`` rolled so far), then ``losses`` empire cards to turn face down (one a
    titan face, once every die is rolled), then the armies over a lower army limit are
    discarded."""

    rebuilds: Rebuilds = 0
    dice: Banners = 0
    titan_faces: Banners = 0
    losses: Banners = 0


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
    round: Round
    phase: Phase = "actions"
    turn: Seat | None = None
    first_player: Seat = 0
    token_hand_up: bool = False
    first_passer: Seat | None = None
    board: Board = Board()
    empire_row: EmpireRow = ()
    army_row: ArmyRow = ()
    province_top: CardId | None = None
    titan_tops: TitanTops = TitanTops()
    decks: DecksPosition = DecksPosition()
    empire_discard: Pile = Pile()
    army_discard: ArmyCards = ()
    players: Annotated[tuple[SeatPosition, ...], at_most(MAX_SEATS)]
    steps: Annotated[tuple[Step, ...], at_most(MAX_STEPS)] = ()
