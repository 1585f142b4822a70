"""The moves of The Ancient World: a tagged union on ``type``.

Every player move names its ``seat``; the chance outcomes (:class:`DrawCard`, :class:`RollDie`)
have none. A turn is a sequence of these small decisions; which ones are legal depends on the
pending decision on top of the state's ``pending`` stack (see :mod:`.flow`).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from arbiter.core import Move
from arbiter.games.the_ancient_world.content import DieFace
from arbiter.games.the_ancient_world.state import BoardSpace, DeckName

# ------------------------------------------------------------------ a turn («Действия игроков»)


class Place(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="place"):
    """А. Place the citizen of skill ``skill`` on a board action space and do the action."""

    seat: int
    space: BoardSpace
    skill: int


class PlaceOnCard(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="place_on_card"):
    """А. Place a citizen on the action space of one of your own cards (once a round)."""

    seat: int
    card: str
    skill: int


class Fight(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="fight"):
    """Б. Fight the face-up titan of the deck with ``stars`` stars."""

    seat: int
    stars: Literal[1, 2, 3]


class Pass(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pass"):
    """В. Pass: take no more part in this round."""

    seat: int


# ------------------------------------------------------------------ decisions inside a turn


class Build(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="build"):
    """Build ``card`` (from the row or your set-aside cards); ``crane`` discards your Crane to
    build it for free."""

    seat: int
    card: str
    crane: bool = False


class PayExpand(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pay_expand"):
    """Expand borders: pay 1 knowledge or 3 coins."""

    seat: int
    pay: Literal["knowledge", "coins"]


class KeepProvince(
    Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="keep_province"
):
    """Expand borders+: keep this province of the three."""

    seat: int
    card: str


class Recruit(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="recruit"):
    """Recruit: buy this army card of the row."""

    seat: int
    card: str


class NewArmy(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="new_army"):
    """Recruit: the new army card starts a new army (below the army limit)."""

    seat: int


class Disband(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="disband"):
    """Recruit: disband the (unused) active card of army ``army`` and put the new card on it."""

    seat: int
    army: int


class ExploreDeck(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="explore_deck"):
    """Explore: draw 5 cards (plus extra explore) from the empire deck and set aside 1."""

    seat: int


class SetAsideFromRow(
    Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="set_aside_from_row"
):
    """Explore / Zorsk playwrights: set aside this card of the empire row."""

    seat: int
    card: str


class SetAsideDrawn(
    Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="set_aside_drawn"
):
    """Explore: set aside this drawn card; the other drawn cards are discarded."""

    seat: int
    card: str


class TakeFromDeck(
    Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_from_deck"
):
    """Zorsk playwrights: set aside the top card of the empire deck."""

    seat: int


class RebuildCard(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="rebuild_card"):
    """Rebuild (turn face up) this lost empire card."""

    seat: int
    card: str


class UseArmy(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="use_army"):
    """Titan fight: pay for army ``army`` (1 coin more than on its picture) and use it."""

    seat: int
    army: int


class Attack(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="attack"):
    """Titan fight: defeat the titan (attack at least its defence)."""

    seat: int


class Withdraw(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="withdraw"):
    """Titan fight: give up (the attack is too low); the paid armies stay used."""

    seat: int


class LoseCard(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="lose_card"):
    """Destruction (titan face): turn this face-up empire card face down."""

    seat: int
    card: str


class DiscardArmy(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="discard_army"):
    """Over the army limit: discard army ``army`` (its active and disbanded cards)."""

    seat: int
    army: int


class Borrow(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="borrow"):
    """Bridge / Trade city: do the action of ``owner``'s empire card ``card``."""

    seat: int
    owner: int
    card: str


class ChooseTitans(
    Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_titans"
):
    """Forest refuge: reorder the top 4 cards of this titan deck."""

    seat: int
    stars: Literal[1, 2, 3]


class PutOnTop(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="put_on_top"):
    """Forest refuge: this titan goes next, from the top down."""

    seat: int
    card: str


class FightNow(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="fight_now"):
    """Forest refuge: fight the new top titan at once."""

    seat: int


class BuyKnowledge(
    Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="buy_knowledge"
):
    """Scribes' guild: buy 1 knowledge for 1 coin."""

    seat: int


class RemoveArmyCoin(
    Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="remove_army_coin"
):
    """Remote outpost: remove a coin from the scroll or the picture of army ``army``."""

    seat: int
    army: int
    spot: Literal["scroll", "picture"]


class Starve(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="starve"):
    """Feeding: this unfed citizen goes to the starving space."""

    seat: int
    skill: int


class Decline(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="decline"):
    """Decline an optional choice (stop rebuilding, no Scribes' guild, no Zorsk, no fight ...)."""

    seat: int


# ------------------------------------------------------------------------ chance outcomes


class DrawCard(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw_card"):
    """Chance: ``card`` comes out of the hidden middle of ``deck``."""

    deck: DeckName
    card: str


class RollDie(Move, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="roll_die"):
    """Chance: a destruction die shows ``face``."""

    face: DieFace


AncientWorldMove: TypeAlias = (
    Place
    | PlaceOnCard
    | Fight
    | Pass
    | Build
    | PayExpand
    | KeepProvince
    | Recruit
    | NewArmy
    | Disband
    | ExploreDeck
    | SetAsideFromRow
    | SetAsideDrawn
    | TakeFromDeck
    | RebuildCard
    | UseArmy
    | Attack
    | Withdraw
    | LoseCard
    | DiscardArmy
    | Borrow
    | ChooseTitans
    | PutOnTop
    | FightNow
    | BuyKnowledge
    | RemoveArmyCoin
    | Starve
    | Decline
    | DrawCard
    | RollDie
)
