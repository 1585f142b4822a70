"""What happened while a move was applied (tagged on ``type``).

Private events carry ``visible_to``; :func:`redact` gives the form the other seats see.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import msgspec

from arbiter.core import Event
from arbiter.games.the_ancient_world.content import DieFace
from arbiter.games.the_ancient_world.state import DeckName, DrawTarget


class RoundStarted(Event, frozen=True, kw_only=True, tag="round_started"):
    """«1. Подготовка»: round ``round`` begins; the rows and Explore use empire deck
    ``empire_deck`` (B from round 4)."""

    round: int
    empire_deck: Literal["A", "B"]


class DeckReshuffled(Event, frozen=True, kw_only=True, tag="deck_reshuffled"):
    """``deck`` ran out: its discard pile of ``cards`` cards was shuffled into a new deck."""

    deck: DeckName
    cards: int


class CardRevealed(Event, frozen=True, kw_only=True, tag="card_revealed"):
    """A card drawn face up for everyone (rows, face-up province and titans)."""

    deck: DeckName
    card: str
    to: DrawTarget


class CardDrawn(Event, frozen=True, kw_only=True, tag="card_drawn"):
    """A card drawn privately by ``seat``; ``card`` is ``None`` in the others' redacted form."""

    seat: int
    deck: DeckName
    card: str | None
    to: DrawTarget


class CitizenPlaced(Event, frozen=True, kw_only=True, tag="citizen_placed"):
    """«Размещение жителя»: ``seat`` put its citizen of ``skill`` on ``space`` (a board action
    space or one of its cards), paying ``fee`` coins (Build and Recruit)."""

    seat: int
    space: str
    skill: int
    fee: int = 0


class Gained(Event, frozen=True, kw_only=True, tag="gained"):
    """``seat`` took ``coins`` and ``knowledge`` from the supply; ``reason`` names the action,
    card or effect."""

    seat: int
    coins: int = 0
    knowledge: int = 0
    reason: str


class Paid(Event, frozen=True, kw_only=True, tag="paid"):
    """``seat`` paid ``coins`` and ``knowledge`` to the supply; ``reason`` names the action, card or
    effect."""

    seat: int
    coins: int = 0
    knowledge: int = 0
    reason: str


class EmpireBuilt(Event, frozen=True, kw_only=True, tag="empire_built"):
    """«Строить»: ``seat`` built empire card ``card`` from the row or its set-aside cards
    (``crane``: for free, discarding its Crane)."""

    seat: int
    card: str
    source: Literal["row", "set_aside"]
    crane: bool = False


class CardSetAside(Event, frozen=True, kw_only=True, tag="card_set_aside"):
    """A card set aside; from the deck or a draw it is private (``card`` ``None`` when redacted)."""

    seat: int
    card: str | None
    source: Literal["row", "drawn", "deck"]


class CardsDiscarded(Event, frozen=True, kw_only=True, tag="cards_discarded"):
    """Cards put on a discard pile (private when they come from an Explore draw)."""

    pile: Literal["empire_a", "empire_b", "army", "box"]
    cards: tuple[str, ...]
    count: int


class ProvinceTaken(Event, frozen=True, kw_only=True, tag="province_taken"):
    """«Расширять границы»: ``seat`` took province card ``card``."""

    seat: int
    card: str


class ProvincesUnder(Event, frozen=True, kw_only=True, tag="provinces_under"):
    """Expand borders+: the unchosen provinces go under the deck (private)."""

    seat: int
    cards: tuple[str, ...]
    count: int


class ArmyRecruited(Event, frozen=True, kw_only=True, tag="army_recruited"):
    """«Рекрутировать»: ``seat`` put army card ``card`` on its army ``army`` (``disbanded``:
    the unused active card it went over, turned face down)."""

    seat: int
    card: str
    army: int
    disbanded: str | None = None


class ArmyDiscarded(Event, frozen=True, kw_only=True, tag="army_discarded"):
    """Over its army limit, ``seat`` discarded a whole army: ``cards``."""

    seat: int
    cards: tuple[str, ...]


class CardRebuilt(Event, frozen=True, kw_only=True, tag="card_rebuilt"):
    """«Восстановить»: ``seat`` turned its lost empire card ``card`` face up again."""

    seat: int
    card: str


class CardLost(Event, frozen=True, kw_only=True, tag="card_lost"):
    """A destruction die's titan: ``seat`` turned its empire card ``card`` face down (lost)."""

    seat: int
    card: str


class CitizenGained(Event, frozen=True, kw_only=True, tag="citizen_gained"):
    """``seat`` took its citizen token of ``skill`` (``starving``: it waits on the starving space
    until next round, as from Increase population)."""

    seat: int
    skill: int
    starving: bool = False


class FirstPlayerToken(Event, frozen=True, kw_only=True, tag="first_player_token"):
    """``seat`` took the first-player token; ``hand_up``: nobody else may take it this round."""

    seat: int
    hand_up: bool


class FightStarted(Event, frozen=True, kw_only=True, tag="fight_started"):
    """«Бой с титаном»: ``seat`` fights the face-up titan ``titan``."""

    seat: int
    titan: str


class ArmyUsed(Event, frozen=True, kw_only=True, tag="army_used"):
    """In a fight, ``seat`` paid ``paid`` coins onto the scroll of army ``army`` (active card
    ``card``) and uses it."""

    seat: int
    army: int
    card: str
    paid: int


class TitanDefeated(Event, frozen=True, kw_only=True, tag="titan_defeated"):
    """``seat`` defeated titan ``titan`` with an attack of ``attack`` and took its card."""

    seat: int
    titan: str
    attack: int


class FightWithdrawn(Event, frozen=True, kw_only=True, tag="fight_withdrawn"):
    """``seat`` gave up the fight against ``titan`` (its attack is too low); the armies paid
    stay used."""

    seat: int
    titan: str


class DieRolled(Event, frozen=True, kw_only=True, tag="die_rolled"):
    """A destruction die rolled for ``seat`` shows ``face``."""

    seat: int
    face: DieFace


class TitansReordered(Event, frozen=True, kw_only=True, tag="titans_reordered"):
    """Forest refuge: ``order`` (top first, under the face-up titan) is private."""

    seat: int
    stars: int
    order: tuple[str, ...]
    count: int


class ArmyCoinRemoved(Event, frozen=True, kw_only=True, tag="army_coin_removed"):
    """«Отдалённый аванпост»: ``seat`` removed a coin from the ``spot`` of army ``army``."""

    seat: int
    army: int
    spot: Literal["scroll", "picture"]


class ActionBorrowed(Event, frozen=True, kw_only=True, tag="action_borrowed"):
    """«Мост» / «Торговый город»: ``seat`` used the action of ``owner``'s empire card ``card``."""

    seat: int
    owner: int
    card: str


class Passed(Event, frozen=True, kw_only=True, tag="passed"):
    """«Пас»: ``seat`` takes no more part in this round; ``first``: the first of the round to
    pass."""

    seat: int
    first: bool


class Income(Event, frozen=True, kw_only=True, tag="income"):
    """«3. Конец раунда»: ``seat`` took its income, ``coins`` and ``knowledge``."""

    seat: int
    coins: int
    knowledge: int


class CitizensStarving(Event, frozen=True, kw_only=True, tag="citizens_starving"):
    """Feeding at the end of the round: ``seat``'s citizens of ``skills`` went to the starving
    space."""

    seat: int
    skills: tuple[int, ...]


class RoundEnded(Event, frozen=True, kw_only=True, tag="round_ended"):
    """«3. Конец раунда» of round ``round``: income taken, army coins moved down, citizens
    home; the seats short of food choose who starves next."""

    round: int


class GameEnded(Event, frozen=True, kw_only=True, tag="game_ended"):
    """The game is over after round 6: the final ``scores``, by seat."""

    scores: tuple[int, ...]


AncientWorldEvent: TypeAlias = (
    RoundStarted
    | DeckReshuffled
    | CardRevealed
    | CardDrawn
    | CitizenPlaced
    | Gained
    | Paid
    | EmpireBuilt
    | CardSetAside
    | CardsDiscarded
    | ProvinceTaken
    | ProvincesUnder
    | ArmyRecruited
    | ArmyDiscarded
    | CardRebuilt
    | CardLost
    | CitizenGained
    | FirstPlayerToken
    | FightStarted
    | ArmyUsed
    | TitanDefeated
    | FightWithdrawn
    | DieRolled
    | TitansReordered
    | ArmyCoinRemoved
    | ActionBorrowed
    | Passed
    | Income
    | CitizensStarving
    | RoundEnded
    | GameEnded
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
