"""The state of a game of The Ancient World: immutable msgspec structs, cards named by content id.

Layout of the table (rulebook, «Подготовка к игре» -- setup):

* the board's action spaces (``board``, a :class:`Board`: the citizens on each space, by name);
* the empire row and the army row (face up), the face-up province and the face-up titan of each
  titan deck (``titan_tops``, a :class:`TitanTops`);
* the decks (:class:`Deck`: a known ordered top, a hidden unordered middle, a known ordered bottom)
  and their discard piles;
* one :class:`PlayerState` per seat (seat 0 is the oldest player; seats go clockwise).

The turn structure is a stack of pending tasks (``pending``, last = current). Automatic tasks
(``Draw``, ``Dice``, ``EndTurn`` ...) are run by the flow engine until the top task needs a decision
by a player or by chance; with an empty stack the seat ``current`` takes a turn.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias, get_args

import msgspec

from arbiter.core import BaseState
from arbiter.games.the_ancient_world.content_limits import MAX_ARMIES, CardId, at_most
from arbiter.games.the_ancient_world.options import AncientWorldOptions

#: The action spaces of the board («Действия на игровом поле»).
BoardSpace: TypeAlias = Literal[
    "work",  # Работать
    "build",  # Строить
    "serve",  # Служить в армии
    "expand",  # Расширять границы
    "learn",  # Учиться
    "rebuild",  # Восстановить
    "recruit",  # Рекрутировать
    "explore",  # Исследовать местность (from round 2)
    "populate",  # Увеличивать население (from round 3)
]
SPACES: tuple[BoardSpace, ...] = get_args(BoardSpace)
#: The round from which the round track opens a space («Раунд 2. Откройте ячейку действия
#: «Исследовать местность»», «Раунд 3. ... «Увеличивать население»»); the others are open from 1.
OPENS_IN_ROUND: dict[BoardSpace, int] = {"explore": 2, "populate": 3}

#: The decks of the table.
DeckName: TypeAlias = Literal[
    "empire_a", "empire_b", "army", "province", "titan_1", "titan_2", "titan_3"
]
DECKS: tuple[DeckName, ...] = get_args(DeckName)
#: The decks a discard pile refills (titan and province decks are never refilled).
RefilledDeck: TypeAlias = Literal["empire_a", "empire_b", "army"]
#: The discard piles: one for the empire cards of both decks (face down), one for army cards.
DiscardPile: TypeAlias = Literal["empire", "army"]
#: The titan decks, by stars: ``titan_1`` holds the 1-star titans.
TitanDeck: TypeAlias = Literal["titan_1", "titan_2", "titan_3"]

#: Where a drawn card goes face up, for everyone: the rows and the face-up province (the
#: members of the view of those names).
RevealTarget: TypeAlias = Literal[
    "empire_row",  # the empire row (preparation, setup)
    "army_row",  # the army row
    "province_top",  # the face-up province
]
#: Where a drawn card goes to one seat, face down for the others.
PrivateTarget: TypeAlias = Literal[
    "explore",  # the cards of an Explore (private to the explorer)
    "expand",  # the cards of an Expand borders+ (private to the player)
    "forest",  # the titans of a Forest refuge (private to the player)
    "set_aside",  # straight to the player's set-aside cards (Zorsk playwrights)
]
#: Where a drawn card goes (``titan_top``: the face-up titan of its deck).
DrawTarget: TypeAlias = Literal[RevealTarget, "titan_top", PrivateTarget]

Phase: TypeAlias = Literal["preparation", "actions", "end_of_round", "over"]

#: 20 citizen tokens in the box, 5 a colour (skills 1-5; «Состав игры»).
MAX_CITIZENS = 5
#: «Партия длится 6 раундов».
ROUNDS = 6
#: Cards in the empire row by number of players (step 8 of the setup).
ROW_SIZE: dict[int, int] = {2: 4, 3: 5, 4: 6}
#: Starting coins and the turn-order compensation (step 9-10 of the setup).
STARTING_COINS = 6
EXTRA_COINS: tuple[int, ...] = (0, 1, 2, 2)
#: Prices of the board actions.
LEARN_PRICE = 3
POPULATE_PRICE = 3
EXPAND_COINS = 3
WORK_COINS = 2
REBUILD_ACTION_CARDS = 2
EXPLORE_CARDS = 5
EXPAND_PLUS_CARDS = 3
FOREST_CARDS = 4


class _S(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


def is_open(space: BoardSpace, round: int) -> bool:
    """Whether the round track has opened ``space`` in ``round``."""
    return round >= OPENS_IN_ROUND.get(space, 1)


#: A seat of a table of 2-4 players, and a citizen token's skill (1-5).
_Seat: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=3)]
_Skill: TypeAlias = Annotated[int, msgspec.Meta(ge=1, le=MAX_CITIZENS)]
#: Coins on an army card: at most a seat's coins (``position.MAX_SUPPLY``).
_Coins: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]


class Placed(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A citizen token on a board action space: its owner ``seat`` and its ``skill`` (1-5)."""

    seat: _Seat
    skill: _Skill


#: The citizens on one space: at most every token of 4 seats.
Spot: TypeAlias = Annotated[tuple[Placed, ...], at_most(4 * MAX_CITIZENS)]


class Board(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The citizens on the board's action spaces («Действия на игровом поле»), one member a space,
    each in the order the citizens were placed this round (they all go home at the end of it):

    * ``work`` -- «Работать» (2 coins); ``build`` -- «Строить» (buy an empire card);
    * ``serve`` -- «Служить в армии» (1 attack for every fight this round);
    * ``expand`` -- «Расширять границы» (take the face-up province);
    * ``learn`` -- «Учиться» (1 knowledge for 3 coins);
    * ``rebuild`` -- «Восстановить» (first-player token, 1 coin, rebuild up to 2 cards);
    * ``recruit`` -- «Рекрутировать» (an army card of the row);
    * ``explore`` -- «Исследовать местность» (open from round 2);
    * ``populate`` -- «Увеличивать население» (open from round 3).
    """

    work: Spot = ()
    build: Spot = ()
    serve: Spot = ()
    expand: Spot = ()
    learn: Spot = ()
    rebuild: Spot = ()
    recruit: Spot = ()
    explore: Spot = ()
    populate: Spot = ()

    def at(self, space: BoardSpace) -> Spot:
        """The citizens on ``space``."""
        spot: Spot = getattr(self, space)
        return spot

    def placing(self, space: BoardSpace, citizen: Placed) -> Board:
        """This board with ``citizen`` placed on ``space``."""
        return msgspec.structs.replace(self, **{space: (*self.at(space), citizen)})


class TitanTops(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The face-up titan on each titan deck («открытая верхняя карта титана»), by deck:
    ``titan_1`` on the 1-star deck, ``titan_2`` on the 2-star one, ``titan_3`` on the 3-star one.
    ``null`` while the deck shows none: it is exhausted, its titan was just defeated (the next one
    is revealed at once), or a Forest refuge holds it.
    """

    titan_1: CardId | None = None
    titan_2: CardId | None = None
    titan_3: CardId | None = None

    def of(self, stars: int) -> str | None:
        """The face-up titan of the deck with ``stars`` stars."""
        card: str | None = getattr(self, f"titan_{stars}")
        return card

    def showing(self, stars: int, card: str | None) -> TitanTops:
        """These tops with ``card`` face up on the deck with ``stars`` stars."""
        return msgspec.structs.replace(self, **{f"titan_{stars}": card})

    def cards(self) -> tuple[str | None, str | None, str | None]:
        """The three tops, 1 star first."""
        return (self.titan_1, self.titan_2, self.titan_3)


class CardCitizen(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A citizen token of ``skill`` on the action space of its owner's card ``card``."""

    card: CardId
    skill: _Skill


class Army(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An army: one active army card over its disbanded (face-down) cards.

    * ``active`` -- the face-up army card;
    * ``scroll`` -- the coins on its scroll: they mark the army used this round;
    * ``picture`` -- the coins on its picture: they raise its price (price = ``picture`` + 1;
      «Бой с титаном»); the scroll's coins move down there at the end of the round;
    * ``retired`` -- the disbanded cards under it, oldest first (their experience counts).
    """

    active: CardId
    scroll: _Coins = 0
    picture: _Coins = 0
    retired: Annotated[tuple[CardId, ...], at_most(MAX_ARMIES)] = ()


class Deck(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A face-down deck: an ordered known ``top`` (index 0 drawn first) known to ``top_known``,
    an unordered hidden ``middle`` (kept sorted), and an ordered ``bottom`` whose card ``i`` is
    known to seat ``bottom_by[i]``."""

    top: tuple[str, ...] = ()
    top_known: tuple[int, ...] = ()
    middle: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()
    bottom_by: tuple[int, ...] = ()

    def size(self) -> int:
        return len(self.top) + len(self.middle) + len(self.bottom)


class PlayerState(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat's city-state.

    * ``coins``, ``knowledge`` -- its supply;
    * ``citizens`` -- the skills of the citizen tokens it owns (sorted);
    * ``ready`` -- those on the player board, free to place now;
    * ``starving`` -- those on the «Голодающие» space, not usable this round;
      the others are placed (on the board's spaces or on the seat's cards, ``on_cards``);
    * ``empire`` -- face-up empire cards; ``lost`` -- lost (face-down) empire cards;
    * ``set_aside`` -- set-aside empire cards (face down, private);
    * ``provinces``, ``titans`` -- the province and titan cards taken;
    * ``armies`` -- the seat's armies, in the order they were formed;
    * ``on_cards`` -- its citizens on its cards' action spaces this round;
    * ``passed`` -- it passed this round.
    """

    coins: int
    knowledge: int = 0
    citizens: tuple[int, ...]
    ready: tuple[int, ...]
    starving: tuple[int, ...] = ()
    empire: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    provinces: tuple[str, ...] = ()
    titans: tuple[str, ...] = ()
    armies: tuple[Army, ...] = ()
    on_cards: tuple[CardCitizen, ...] = ()
    passed: bool = False


# ------------------------------------------------------------------------- pending tasks


class Task(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="kind"):
    """A pending step of the turn structure."""


# Automatic tasks (the flow engine runs them; a draw from a hidden middle and a die roll are
# chance decisions).


class Draw(Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw"):
    """Draw ``count`` cards from ``deck`` to ``to``, for ``seat`` when they go to a seat
    (``null`` for the rows and the face-up cards)."""

    deck: DeckName
    to: DrawTarget
    count: int = 1
    seat: int | None = None


class Dice(Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="dice"):
    """Roll ``remaining`` destruction dice for ``seat`` (``rolled`` done, ``titan_faces`` so far)."""

    seat: int
    remaining: int
    rolled: int = 0
    titan_faces: int = 0


class EndTurn(Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="end_turn"):
    """The current seat's turn is over: the next seat that has not passed plays."""


class EndRound(Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="end_round"):
    """Phase 3 «Конец раунда»: income, army coins, citizens home, token, feeding."""


class NextRound(Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="next_round"):
    """After feeding: the game ends after round 6, else the next round's preparation."""


class Prepare(Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="prepare"):
    """Phase 1 «Подготовка»: round track, empire row, army row."""


class BeginActions(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="begin_actions"
):
    """Phase 2 «Действия игроков» starts with the holder of the first-player token."""


# Decisions of one seat.


class ChooseBuild(Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_build"):
    """Build: which empire card (row or set-aside), with or without the Crane."""

    seat: int


class ChooseExpandPay(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_expand_pay"
):
    """Expand borders: pay 1 knowledge or 3 coins."""

    seat: int


class ChooseProvince(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_province"
):
    """Expand borders+: keep one of ``options`` (private to ``seat``)."""

    seat: int
    options: tuple[str, ...] = ()


class ChooseRecruit(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_recruit"
):
    """Recruit: which army card of the row."""

    seat: int


class ChooseEnlist(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_enlist"
):
    """Recruit: put ``card`` in a new army or over a disbanded unused active army."""

    seat: int
    card: str


class ChooseExplore(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_explore"
):
    """Explore: draw from the empire deck, or set aside a card of the row."""

    seat: int


class ChooseSetAside(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_set_aside"
):
    """Explore: set aside one of the ``drawn`` cards (private to ``seat``); the rest are discarded."""

    seat: int
    drawn: tuple[str, ...] = ()


class ChooseRebuild(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_rebuild"
):
    """Rebuild up to ``remaining`` lost empire cards; ``optional`` allows stopping early."""

    seat: int
    remaining: int
    optional: bool = False


class ChooseArmies(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_armies"
):
    """A titan fight: pay armies one at a time (``used``), then attack or withdraw."""

    seat: int
    stars: Literal[1, 2, 3]
    used: tuple[int, ...] = ()


class ChooseLoss(Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_loss"):
    """Destruction: lose (turn face down) ``count`` more empire cards of the seat's choice."""

    seat: int
    count: int


class ChooseDiscardArmy(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_discard_army"
):
    """Armies over the army limit: discard one army (active and disbanded cards)."""

    seat: int


class ChooseBorrow(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_borrow"
):
    """Bridge / Trade city: which empire-card action of another player to use."""

    seat: int


class ChooseTitanDeck(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_titan_deck"
):
    """Forest refuge: which titan deck to reorder."""

    seat: int


class ChooseTitanOrder(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_titan_order"
):
    """Forest refuge: put the ``cards`` back one at a time from the top (``ordered`` so far)."""

    seat: int
    stars: Literal[1, 2, 3]
    cards: tuple[str, ...] = ()
    ordered: tuple[str, ...] = ()


class ChooseForestFight(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_forest_fight"
):
    """Forest refuge: fight the new top titan now, or not."""

    seat: int
    stars: Literal[1, 2, 3]


class ChooseScribes(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_scribes"
):
    """Scribes' guild: the owner may buy 1 knowledge for 1 coin."""

    seat: int


class ChooseOutpost(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_outpost"
):
    """Remote outpost: the owner may remove a coin from one of its army cards."""

    seat: int


class ChooseZorsk(Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_zorsk"):
    """Zorsk playwrights: the first to pass may set aside a card of the row or the deck top."""

    seat: int


class ChooseStarving(
    Task, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_starving"
):
    """Feeding: put ``count`` more unfed citizens on the starving space."""

    seat: int
    count: int


Pending: TypeAlias = (
    Draw
    | Dice
    | EndTurn
    | EndRound
    | NextRound
    | Prepare
    | BeginActions
    | ChooseBuild
    | ChooseExpandPay
    | ChooseProvince
    | ChooseRecruit
    | ChooseEnlist
    | ChooseExplore
    | ChooseSetAside
    | ChooseRebuild
    | ChooseArmies
    | ChooseLoss
    | ChooseDiscardArmy
    | ChooseBorrow
    | ChooseTitanDeck
    | ChooseTitanOrder
    | ChooseForestFight
    | ChooseScribes
    | ChooseOutpost
    | ChooseZorsk
    | ChooseStarving
)

AUTOMATIC: tuple[type[Task], ...] = (
    Draw,
    Dice,
    EndTurn,
    EndRound,
    NextRound,
    Prepare,
    BeginActions,
)


class AncientWorldState(BaseState, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The whole table, hidden parts included.

    * ``players`` -- one :class:`PlayerState` a seat (seat 0 is the oldest player);
    * ``round`` -- 1 to 6 (0 before round 1's preparation); ``phase`` -- the phase of the round
      («Подготовка», «Действия игроков», «Конец раунда») or ``over``;
    * ``current`` -- the seat whose turn it is in phase 2;
    * ``first_player`` -- the holder of the first-player token, ``token_hand_up`` -- whether it
      lies hand side up (taken by Rebuild: nobody else may take it this round);
    * ``first_passer`` -- the first seat to pass this round (``null`` until one has);
    * ``board`` -- the citizens on the board's action spaces;
    * ``empire_row`` / ``army_row`` -- the face-up cards on offer;
    * ``province_top`` -- the face-up province (``null`` when the deck is exhausted);
    * ``titan_tops`` -- the face-up titan of each titan deck;
    * ``empire_a`` ... ``titan_3`` -- the face-down decks;
    * ``empire_discard`` -- the empire discard pile (face down, sorted; one pile for the cards
      of both empire decks: «перемешайте сброшенные карты империи — они образуют новую колоду»),
      ``army_discard`` -- the army discard pile (face up, sorted);
    * ``pending`` -- the stack of steps under way (last = current).
    """

    options: AncientWorldOptions = AncientWorldOptions()
    players: tuple[PlayerState, ...]
    round: int = 0
    phase: Phase = "preparation"
    current: int = 0
    first_player: int = 0
    token_hand_up: bool = False
    first_passer: int | None = None
    board: Board = Board()
    empire_row: tuple[str, ...] = ()
    army_row: tuple[str, ...] = ()
    province_top: str | None = None
    titan_tops: TitanTops = TitanTops()
    empire_a: Deck = Deck()
    empire_b: Deck = Deck()
    army: Deck = Deck()
    province: Deck = Deck()
    titan_1: Deck = Deck()
    titan_2: Deck = Deck()
    titan_3: Deck = Deck()
    empire_discard: tuple[str, ...] = ()
    army_discard: tuple[str, ...] = ()
    pending: tuple[Pending, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)
