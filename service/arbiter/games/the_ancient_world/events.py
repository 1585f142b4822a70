"""What happened while a move was applied (tagged on ``type``), in the rulebook's words.

Every change of a view comes with an event: each kind names the members of
:class:`~.view.AncientWorldView` it accounts for in ``explains`` (JSON pointers filled from the
event's fields), and carries what a client needs to apply it -- the cards, the amounts, the seat.
The only changes without an event are listed in :attr:`.game.TheAncientWorld.silent_view_members`
(the steps under way, and the counts derived from the cards a seat holds).

Private events carry ``visible_to``; :func:`redact` gives the form the other seats see.
"""

from __future__ import annotations

from typing import ClassVar, Literal, TypeAlias

import msgspec

from arbiter.core import Event
from arbiter.games.the_ancient_world.content import DieFace
from arbiter.games.the_ancient_world.state import (
    SPACES,
    BoardSpace,
    DeckName,
    DiscardPile,
    PrivateTarget,
    RefilledDeck,
    RevealTarget,
    TitanDeck,
)

#: What a draw changes in the view of the deck it comes from.
_DECK = ("/decks/{deck}/count", "/decks/{deck}/known_top", "/decks/{deck}/known_bottom")

# ------------------------------------------------------------------------ the round's phases


class RoundStarted(Event, frozen=True, kw_only=True, tag="round_started"):
    """«1. Подготовка»: the round marker moves to ``round`` (phase ``preparation``); the rows
    and Explore use empire deck ``empire_deck`` (B from round 4); the round track opens the
    action spaces ``opened`` (Explore in round 2, Increase population in round 3)."""

    explains: ClassVar[tuple[str, ...]] = ("/round", "/phase", "/open_spaces")

    round: int
    empire_deck: Literal["A", "B"]
    opened: tuple[BoardSpace, ...] = ()


class ActionsBegan(Event, frozen=True, kw_only=True, tag="actions_began"):
    """«2. Действия игроков» of round ``round`` begins (phase ``actions``), with the holder of
    the first-player token (:class:`TurnStarted`)."""

    explains: ClassVar[tuple[str, ...]] = ("/phase",)

    round: int


class TurnStarted(Event, frozen=True, kw_only=True, tag="turn_started"):
    """``seat`` takes its turn: the next seat clockwise that has not passed («просто пропускайте
    ходы спасовавших игроков»)."""

    explains: ClassVar[tuple[str, ...]] = ("/current",)

    seat: int


class RoundEnded(Event, frozen=True, kw_only=True, tag="round_ended"):
    """Every seat passed: «3. Конец раунда» of round ``round`` begins (phase ``end_of_round``);
    the passes and the first-to-pass mark are cleared for the next round."""

    explains: ClassVar[tuple[str, ...]] = ("/phase", "/first_passer", "/players/*/passed")

    round: int


class Income(Event, frozen=True, kw_only=True, tag="income"):
    """«3. Конец раунда»: ``seat`` took its income, ``coins`` and ``knowledge``."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/coins", "/players/{seat}/knowledge")

    seat: int
    coins: int
    knowledge: int


class ArmyCoinsMoved(Event, frozen=True, kw_only=True, tag="army_coins_moved"):
    """«Сдвиньте вниз монеты на картах войск»: the ``coins`` on the scroll of ``seat``'s army
    ``army`` moved down to its picture (the army may be used again next round)."""

    explains: ClassVar[tuple[str, ...]] = (
        "/players/{seat}/armies/{army}/scroll",
        "/players/{seat}/armies/{army}/picture",
    )

    seat: int
    army: int
    coins: int


class CitizensReturned(Event, frozen=True, kw_only=True, tag="citizens_returned"):
    """«Верните жителей»: every citizen goes back to its owner's player board -- the board's
    action spaces and the cards are emptied, and every seat's ``ready`` citizens are all its
    ``citizens`` again (the starving ones too); feeding follows (:class:`CitizensStarving`)."""

    explains: ClassVar[tuple[str, ...]] = (
        *(f"/board/{space}" for space in SPACES),
        "/players/*/ready",
        "/players/*/starving",
        "/players/*/on_cards",
    )


class FirstPlayerTokenTurned(Event, frozen=True, kw_only=True, tag="first_player_token_turned"):
    """«Переверните жетон первого игрока стороной без руки вверх»: its holder ``seat`` turned the
    first-player token hand side down (anyone may take it again)."""

    explains: ClassVar[tuple[str, ...]] = ("/token_hand_up",)

    seat: int


class CitizensStarving(Event, frozen=True, kw_only=True, tag="citizens_starving"):
    """Feeding at the end of the round: ``seat``'s citizens of ``skills`` went from its ready
    citizens to the starving space."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/ready", "/players/{seat}/starving")

    seat: int
    skills: tuple[int, ...]


class GameEnded(Event, frozen=True, kw_only=True, tag="game_ended"):
    """The game is over after round 6 (phase ``over``): the final ``scores``, by seat."""

    explains: ClassVar[tuple[str, ...]] = ("/phase",)

    scores: tuple[int, ...]


# ------------------------------------------------------------------------- decks and rows


class DeckReshuffled(Event, frozen=True, kw_only=True, tag="deck_reshuffled"):
    """``deck`` ran out: the discard pile ``pile``, ``cards`` cards, was shuffled into a new deck
    («перемешайте сброшенные карты империи — они образуют новую колоду»). The empire cards have
    one discard pile: from round 4 deck B is refilled with the deck A cards discarded in rounds
    1-3 too."""

    explains: ClassVar[tuple[str, ...]] = ("/decks/{deck}/count", "/discards/{pile}")

    deck: RefilledDeck
    pile: DiscardPile
    cards: int


class CardRevealed(Event, frozen=True, kw_only=True, tag="card_revealed"):
    """A card of ``deck`` drawn face up for everyone, to ``to``: appended to the empire row or
    the army row, or made the face-up province."""

    explains: ClassVar[tuple[str, ...]] = ("/{to}", *_DECK)

    deck: DeckName
    card: str
    to: RevealTarget


class TitanRevealed(Event, frozen=True, kw_only=True, tag="titan_revealed"):
    """«Затем он открывает следующую карту соответствующей колоды титанов»: ``card`` is the
    face-up titan of ``deck`` now (drawn from it, or put back on it by a Forest refuge)."""

    explains: ClassVar[tuple[str, ...]] = ("/titan_tops/{deck}", *_DECK)

    deck: TitanDeck
    card: str


class CardDrawn(Event, frozen=True, kw_only=True, tag="card_drawn"):
    """A card of ``deck`` drawn privately by ``seat`` for ``to`` (an Explore, Expand borders+,
    a Forest refuge, Zorsk playwrights); ``card`` is ``None`` in the others' redacted form."""

    explains: ClassVar[tuple[str, ...]] = _DECK

    seat: int
    deck: DeckName
    card: str | None
    to: PrivateTarget


class CardsDiscarded(Event, frozen=True, kw_only=True, tag="cards_discarded"):
    """``count`` empire cards put face down on the empire discard pile: a discarded Crane, or the
    cards of an Explore not set aside (then private: ``cards`` is empty in the others' redacted
    form)."""

    explains: ClassVar[tuple[str, ...]] = ("/discards/empire",)

    cards: tuple[str, ...]
    count: int


class EmpireRowDiscarded(Event, frozen=True, kw_only=True, tag="empire_row_discarded"):
    """«Переместите все оставшиеся на игровом поле открытые карты империи в стопку сброса»: the
    ``cards`` left in the empire row went face down to the empire discard pile."""

    explains: ClassVar[tuple[str, ...]] = ("/empire_row", "/discards/empire")

    cards: tuple[str, ...]


# ---------------------------------------------------------------------------- citizens


class CitizenPlaced(Event, frozen=True, kw_only=True, tag="citizen_placed"):
    """«Размещение жителя»: ``seat`` put its citizen of ``skill`` on the board's action space
    ``space``, paying ``fee`` coins (Build and Recruit; the payment is a :class:`Paid`)."""

    explains: ClassVar[tuple[str, ...]] = ("/board/{space}", "/players/{seat}/ready")

    seat: int
    space: BoardSpace
    skill: int
    fee: int = 0


class CitizenOnCard(Event, frozen=True, kw_only=True, tag="citizen_on_card"):
    """«Размещение жителя» on a card: ``seat`` put its citizen of ``skill`` on the action space
    of its card ``card`` (once a round)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/ready", "/players/{seat}/on_cards")

    seat: int
    card: str
    skill: int


class CitizenGained(Event, frozen=True, kw_only=True, tag="citizen_gained"):
    """``seat`` took its citizen token of ``skill``: ready at once, or (``starving``, from
    Increase population) on the starving space until next round."""

    explains: ClassVar[tuple[str, ...]] = (
        "/players/{seat}/citizens",
        "/players/{seat}/ready",
        "/players/{seat}/starving",
    )

    seat: int
    skill: int
    starving: bool = False


class FirstPlayerToken(Event, frozen=True, kw_only=True, tag="first_player_token"):
    """``seat`` took the first-player token; ``hand_up``: nobody else may take it this round."""

    explains: ClassVar[tuple[str, ...]] = ("/first_player", "/token_hand_up")

    seat: int
    hand_up: bool


class Passed(Event, frozen=True, kw_only=True, tag="passed"):
    """«Пас»: ``seat`` takes no more part in this round; ``first``: the first of the round to
    pass (``first_passer``)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/passed", "/first_passer")

    seat: int
    first: bool


# ------------------------------------------------------------------------ coins, knowledge


class Gained(Event, frozen=True, kw_only=True, tag="gained"):
    """``seat`` took ``coins`` and ``knowledge`` from the supply; ``reason`` names the action,
    card or effect."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/coins", "/players/{seat}/knowledge")

    seat: int
    coins: int = 0
    knowledge: int = 0
    reason: str


class Paid(Event, frozen=True, kw_only=True, tag="paid"):
    """``seat`` paid ``coins`` and ``knowledge`` to the supply; ``reason`` names the action, card or
    effect."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/coins", "/players/{seat}/knowledge")

    seat: int
    coins: int = 0
    knowledge: int = 0
    reason: str


# --------------------------------------------------------------------------- empire cards


class EmpireBuilt(Event, frozen=True, kw_only=True, tag="empire_built"):
    """«Строить»: ``seat`` built empire card ``card`` from the row or its set-aside cards,
    added at the end of its empire cards; ``crane``: the Crane it discarded instead of paying
    (it leaves its empire cards for the discard pile, :class:`CardsDiscarded`)."""

    explains: ClassVar[tuple[str, ...]] = (
        "/players/{seat}/empire",
        "/players/{seat}/set_aside",
        "/players/{seat}/set_aside_count",
        "/empire_row",
    )

    seat: int
    card: str
    source: Literal["row", "set_aside"]
    crane: str | None = None


class CardSetAside(Event, frozen=True, kw_only=True, tag="card_set_aside"):
    """``seat`` set a card aside, face down: from the empire row (public), or from its draw or
    the deck (private: ``card`` ``None`` when redacted)."""

    explains: ClassVar[tuple[str, ...]] = (
        "/players/{seat}/set_aside",
        "/players/{seat}/set_aside_count",
        "/empire_row",
    )

    seat: int
    card: str | None
    source: Literal["row", "drawn", "deck"]


class CardRebuilt(Event, frozen=True, kw_only=True, tag="card_rebuilt"):
    """«Восстановить»: ``seat`` turned its lost empire card ``card`` face up again."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/empire", "/players/{seat}/lost")

    seat: int
    card: str


class CardLost(Event, frozen=True, kw_only=True, tag="card_lost"):
    """A destruction die's titan: ``seat`` turned its empire card ``card`` face down (lost)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/empire", "/players/{seat}/lost")

    seat: int
    card: str


class ActionBorrowed(Event, frozen=True, kw_only=True, tag="action_borrowed"):
    """«Мост» / «Торговый город»: ``seat`` used the action of ``owner``'s empire card ``card``
    (what it pays and gains follows)."""

    seat: int
    owner: int
    card: str


# ------------------------------------------------------------------------------ provinces


class ProvinceTaken(Event, frozen=True, kw_only=True, tag="province_taken"):
    """«Расширять границы»: ``seat`` took province card ``card`` -- the face-up one, or with
    Expand borders+ the one it kept of those it drew."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/provinces", "/province_top")

    seat: int
    card: str


class FaceUpProvinceTaken(Event, frozen=True, kw_only=True, tag="face_up_province_taken"):
    """«Расширять границы+»: ``seat`` took the face-up province ``card`` with the next cards of
    the deck, to keep one of them."""

    explains: ClassVar[tuple[str, ...]] = ("/province_top",)

    seat: int
    card: str


class ProvincesUnder(Event, frozen=True, kw_only=True, tag="provinces_under"):
    """Expand borders+: the ``count`` unchosen provinces went under the province deck, in the
    order drawn (private: ``cards`` is empty in the others' redacted form)."""

    explains: ClassVar[tuple[str, ...]] = (
        "/decks/province/count",
        "/decks/province/known_bottom",
    )

    seat: int
    cards: tuple[str, ...]
    count: int


# --------------------------------------------------------------------------------- armies


class ArmyCardTaken(Event, frozen=True, kw_only=True, tag="army_card_taken"):
    """«Рекрутировать»: ``seat`` took army card ``card`` from the army row (it joins one of its
    armies next: :class:`ArmyRecruited`)."""

    explains: ClassVar[tuple[str, ...]] = ("/army_row",)

    seat: int
    card: str


class ArmyRecruited(Event, frozen=True, kw_only=True, tag="army_recruited"):
    """«Рекрутировать»: ``seat`` put army card ``card`` on its army ``army`` -- a new army at the
    end of its armies, or (``disbanded``) over that unused active card, which is turned face down
    under it and loses the coins on its picture."""

    explains: ClassVar[tuple[str, ...]] = (
        "/players/{seat}/armies/{army}/active",
        "/players/{seat}/armies/{army}/retired",
        "/players/{seat}/armies/{army}/picture",
    )

    seat: int
    card: str
    army: int
    disbanded: str | None = None


class ArmyDiscarded(Event, frozen=True, kw_only=True, tag="army_discarded"):
    """Over its army limit, ``seat`` discarded its whole army ``army`` (the later armies move
    up one place): its ``cards`` (the active one first) go to the army discard pile, except
    ``to_box``, starting army cards, which go back to the box."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/armies", "/discards/army")

    seat: int
    army: int
    cards: tuple[str, ...]
    to_box: tuple[str, ...] = ()


class ArmyUsed(Event, frozen=True, kw_only=True, tag="army_used"):
    """In a fight, ``seat`` paid ``paid`` coins onto the scroll of army ``army`` (active card
    ``card``) and uses it."""

    explains: ClassVar[tuple[str, ...]] = (
        "/players/{seat}/coins",
        "/players/{seat}/armies/{army}/scroll",
    )

    seat: int
    army: int
    card: str
    paid: int


class ArmyCoinRemoved(Event, frozen=True, kw_only=True, tag="army_coin_removed"):
    """«Отдалённый аванпост»: ``seat`` removed a coin from the ``spot`` of army ``army``."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/armies/{army}/{spot}",)

    seat: int
    army: int
    spot: Literal["scroll", "picture"]


# --------------------------------------------------------------------------------- titans


class FightStarted(Event, frozen=True, kw_only=True, tag="fight_started"):
    """«Бой с титаном»: ``seat`` fights the face-up titan ``titan``."""

    seat: int
    titan: str


class TitanDefeated(Event, frozen=True, kw_only=True, tag="titan_defeated"):
    """``seat`` defeated titan ``titan``, the face-up one of ``deck``, with an attack of
    ``attack`` and took its card (the next one is revealed: :class:`TitanRevealed`)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/titans", "/titan_tops/{deck}")

    seat: int
    titan: str
    deck: TitanDeck
    attack: int


class FightWithdrawn(Event, frozen=True, kw_only=True, tag="fight_withdrawn"):
    """``seat`` gave up the fight against ``titan`` (its attack is too low); the armies paid
    stay used."""

    seat: int
    titan: str


class DieRolled(Event, frozen=True, kw_only=True, tag="die_rolled"):
    """A destruction die rolled for ``seat`` shows ``face`` (a lost coin is a :class:`Paid`)."""

    seat: int
    face: DieFace


class FaceUpTitanTaken(Event, frozen=True, kw_only=True, tag="face_up_titan_taken"):
    """«Лесное убежище»: ``seat`` took the face-up titan ``card`` of ``deck`` with the cards under
    it, to put them back in the order it chooses."""

    explains: ClassVar[tuple[str, ...]] = ("/titan_tops/{deck}",)

    seat: int
    deck: TitanDeck
    card: str


class TitansReordered(Event, frozen=True, kw_only=True, tag="titans_reordered"):
    """«Лесное убежище»: the ``count`` titans ``seat`` took went back on top of ``deck`` in
    ``order`` (top first; private: empty in the others' redacted form); the top one is then
    turned face up (:class:`TitanRevealed`)."""

    explains: ClassVar[tuple[str, ...]] = ("/decks/{deck}/count", "/decks/{deck}/known_top")

    seat: int
    deck: TitanDeck
    order: tuple[str, ...]
    count: int


AncientWorldEvent: TypeAlias = (
    RoundStarted
    | ActionsBegan
    | TurnStarted
    | RoundEnded
    | Income
    | ArmyCoinsMoved
    | CitizensReturned
    | FirstPlayerTokenTurned
    | CitizensStarving
    | GameEnded
    | DeckReshuffled
    | CardRevealed
    | TitanRevealed
    | CardDrawn
    | CardsDiscarded
    | EmpireRowDiscarded
    | CitizenPlaced
    | CitizenOnCard
    | CitizenGained
    | FirstPlayerToken
    | Passed
    | Gained
    | Paid
    | EmpireBuilt
    | CardSetAside
    | CardRebuilt
    | CardLost
    | ActionBorrowed
    | ProvinceTaken
    | FaceUpProvinceTaken
    | ProvincesUnder
    | ArmyCardTaken
    | ArmyRecruited
    | ArmyDiscarded
    | ArmyUsed
    | ArmyCoinRemoved
    | FightStarted
    | TitanDefeated
    | FightWithdrawn
    | DieRolled
    | FaceUpTitanTaken
    | TitansReordered
)


def redact(event: Event) -> Event | None:
    """The form of a private event that the other seats see: which cards is removed."""
    if isinstance(event, CardDrawn):
        return msgspec.structs.replace(event, card=None, visible_to=None)
    if isinstance(event, CardSetAside):
        return msgspec.structs.replace(event, card=None, visible_to=None)
    if isinstance(event, CardsDiscarded):
        return msgspec.structs.replace(event, cards=(), visible_to=None)
    if isinstance(event, ProvincesUnder):
        return msgspec.structs.replace(event, cards=(), visible_to=None)
    if isinstance(event, TitansReordered):
        return msgspec.structs.replace(event, order=(), visible_to=None)
    return None
