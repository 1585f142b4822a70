"""The moves of the ancient wargame: a tagged union on ``type``.

A player's move names its ``seat``; chance outcomes name none and say what a real table would
report: a D6's face (:class:`RollFace`), how many dice of a pool hit (:class:`HitsRolled`), how
many sixes the research dice show (:class:`SixesRolled`), the card or hero drawn. Quantities are
count decisions (``ranged``), never every combination: first what, then how many.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, TypeAlias

import msgspec

from arbiter.core import Move
from arbiter.games.ancient_wargame.content import Unit
from arbiter.games.ancient_wargame.rules import Building, Science
from arbiter.games.ancient_wargame.state_types import Count, Flank, HeroKind, Id, Seat

Face: TypeAlias = Annotated[int, msgspec.Meta(ge=1, le=6)]


class _M(Move, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


# ------------------------------------------------------------------------------ chance


class RollFace(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="roll_face"):
    """Chance: the D6 shows ``face``."""

    face: Face


class HitsRolled(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hits_rolled"):
    """Chance: ``hits`` dice of the pool hit."""

    hits: Count


class SixesRolled(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="sixes_rolled"):
    """Chance: the research dice show ``sixes`` sixes (2: two or more)."""

    sixes: Annotated[int, msgspec.Meta(ge=0, le=2)]


class BasicLearned(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="basic_learned"):
    """Chance: the basic science learned is ``science``."""

    science: Science


class HeroKindDrawn(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hero_kind_drawn"
):
    """Chance: the hero born is an ``kind``."""

    kind: HeroKind


class HeroGiven(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hero_given"):
    """Chance: the hero born goes to seat ``owner`` (among those with the fewest heroes)."""

    owner: Seat


class TraitDrawn(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="trait_drawn"):
    """Chance: the trait card ``card`` is drawn."""

    card: Id


class StateDealt(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="state_dealt"):
    """Chance (setup, random states): the state card ``state`` is dealt."""

    state: Id


# ------------------------------------------------------------------------------- setup


class PickState(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pick_state"):
    """Setup (draft): take the state card ``state``."""

    seat: Seat
    state: Id


class UpperHero(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="upper_hero"):
    """Setup: write ``hero`` higher in the hero list (the other of your two lower)."""

    seat: Seat
    hero: Id


# ------------------------------------------------------------------------------ sealed


class Hire(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hire"):
    """Phase 1 (sealed): hire ``count`` ``unit`` at ``at`` -- in the capital for ₣, or the map's
    mercenaries of a province for $ (``mercenary``; «Доступные наемники») -- or build ``count``
    ships in the sea ``at`` (2 ₣ + 2 $ each)."""

    ranged: ClassVar[str | None] = "count"

    seat: Seat
    at: Id
    unit: Literal["infantry", "archers", "cavalry", "ships"]
    count: Count
    mercenary: bool = False


class Disband(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="disband"):
    """Phase 2 (sealed): disband ``count`` ``unit`` in ``at`` (when the upkeep cannot be paid)."""

    ranged: ClassVar[str | None] = "count"

    seat: Seat
    at: Id
    unit: Unit
    count: Count


class StartBuilding(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="start_building"
):
    """Phase 4 (sealed): pay for ``building`` in the capital; it is built next turn."""

    seat: Seat
    building: Building


class BuildFortress(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="build_fortress"
):
    """Phase 4 (sealed): build a fortress in ``province`` (5 ₣ + 5 $)."""

    seat: Seat
    province: Id


class BuyVp(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="buy_vp"):
    """Phase 6 (sealed): buy one VP token for 10 ₣ and 10 $."""

    seat: Seat


class Mission(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="mission"):
    """Phase 11 (sealed): order an assassination of the general ``target`` or a sabotage of the
    province ``target`` (10 $)."""

    seat: Seat
    kind: Literal["assassinate", "sabotage"]
    target: Id


class Commit(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="commit"):
    """End your sealed choices of this step (revealed when every seat has committed)."""

    seat: Seat


# ------------------------------------------------------------------------------ phases


class StudyNext(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="study_next"):
    """Phase 5: study the advanced science ``science`` next (face down)."""

    seat: Seat
    science: Science


class PlaceHero(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="place_hero"):
    """Put your new hero in ``province`` (your capital is not yours)."""

    seat: Seat
    province: Id


class MoveShips(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="move_ships"):
    """Phase 7: move ``count`` ships from the sea ``origin`` to the neighbouring sea ``to``."""

    ranged: ClassVar[str | None] = "count"

    seat: Seat
    origin: Id
    to: Id
    count: Count


class Done(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="done"):
    """Finish the current step (no more ship moves)."""

    seat: Seat


class StartNaval(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="start_naval"):
    """Phase 7: start a naval battle (declares war on a player you are not at war with)."""

    seat: Seat


class NoNaval(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="no_naval"):
    """Phase 7: start no naval battle against the opponent asked about; the fleets share the
    sea."""

    seat: Seat


class MoveHero(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="move_hero"):
    """Phase 8: move your hero to the neighbouring province ``to``."""

    seat: Seat
    to: Id


class Stay(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="stay"):
    """Phase 8: your hero stays where he is."""

    seat: Seat


class TakeSoldiers(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_soldiers"):
    """Phase 8: the general takes ``count`` ``unit`` with him."""

    ranged: ClassVar[str | None] = "count"

    seat: Seat
    unit: Unit
    count: Count


class Annex(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="annex"):
    """Phase 8: pay the annexation cost and take the neutral province."""

    seat: Seat


class NoAnnex(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="no_annex"):
    """Phase 8: leave the neutral province unannexed; nothing is paid."""

    seat: Seat


class RetreatTo(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="retreat_to"):
    """Retreat to ``province`` (the defender's general in phase 8, the loser of a battle)."""

    seat: Seat
    province: Id


# ------------------------------------------------------------------------------ battles


class Hide(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hide"):
    """Phase 9: shelter in your fortresses instead of fighting."""

    seat: Seat


class Fight(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="fight"):
    """Phase 9: meet the attacker in the field instead of sheltering in the fortresses."""

    seat: Seat


class Besiege(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="besiege"):
    """Phase 9: besiege the fortress (one is removed)."""

    seat: Seat


class HoldSiege(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hold_siege"):
    """Phase 9: keep the fortress under siege without besieging it this turn: no fortress is
    removed (Q51)."""

    seat: Seat


#: What a deployment question counts on a flank («Расстановка войск»): its archers (in front of
#: it), its infantry or cavalry, or how many of its infantry or cavalry stand in its reserve.
DeployTroops: TypeAlias = Literal[
    "archers", "infantry", "cavalry", "reserve_infantry", "reserve_cavalry"
]


class Deploy(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="deploy"):
    """Phase 9 (sealed): the answer to the deployment question asked now -- ``count`` of
    ``troops`` on the flank ``flank`` (0 left, 1 centre, 2 right). The questions come in a fixed
    order known from the public army: the archers, infantry and cavalry of flanks 0 and 1 (flank
    2 gets the rest), then the reserve infantry and cavalry of each flank (``troops``
    ``reserve_infantry``, ``reserve_cavalry``), then the flank of each general (:class:`Attach`).

    A flank's reserve is counted within its soldiers: the reserve question asks how many of the
    infantry (or cavalry) already put on that flank stand behind it, and they leave its front
    for its reserve («Часть войск каждого фланга игрок может оставить в резерве: для этого
    фигурки воинов ставятся за фланговую подставку», «Расстановка войск»).

    The legal counts run from 0 to the question's limit (``move_ranges`` gives both): for a
    front question, what is left of the army's soldiers of that type; for a reserve, the
    flank's soldiers of that type, less one if they are its only main soldiers (ruling R1: a
    reserve stands behind main soldiers)."""

    ranged: ClassVar[str | None] = "count"

    seat: Seat
    flank: Flank
    troops: DeployTroops
    count: Count


class Attach(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="attach"):
    """Phase 9 (sealed): the general ``general`` (the one the deployment asks about now) is
    attached to ``flank``, one the side deployed soldiers on («прикрепляется к одному из
    флангов»)."""

    seat: Seat
    general: Id
    flank: Flank


class ReserveTiming(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="reserve_timing"
):
    """Phase 9 (sealed): the reserve of ``flank`` (the one asked about now: each flank with a
    reserve, left to right) joins ``early`` (after the archery) or late (after the first melee)
    («объявляют, после какой фазы вступит в бой каждый из резервов»)."""

    seat: Seat
    flank: Flank
    early: bool


class FireAt(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="fire_at"):
    """Phase 9: the next fortress fires at ``flank``."""

    seat: Seat
    flank: Flank


class StrikeFlank(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="strike_flank"):
    """Phase 9: a flank whose opponent is gone strikes the enemy ``flank``."""

    seat: Seat
    flank: Flank


class SpillTo(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="spill_to"):
    """Phase 9: your flank attacked from both sides sends its surplus hits first to the enemy
    ``flank`` (Q54)."""

    seat: Seat
    flank: Flank


class Allocate(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="allocate"):
    """Phase 9: of the hits to allocate now, ``count`` go to the kind asked about."""

    ranged: ClassVar[str | None] = "count"

    seat: Seat
    count: Count


class TakeProvince(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_province"):
    """Phase 9: take the neutral province where you won (1 $)."""

    seat: Seat


class Decline(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="decline"):
    """Decline (the neutral province, a deal)."""

    seat: Seat


class Keep(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="keep"):
    """Keep the captured general prisoner."""

    seat: Seat


class Kill(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="kill"):
    """Kill the captured general."""

    seat: Seat


class AcceptGeneral(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="accept_general"
):
    """The captured general joins your state (a fate roll of 6)."""

    seat: Seat


# ---------------------------------------------------------------------------- diplomacy


class OpenDeal(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="open_deal"):
    """Phase 10: start writing a deal with ``partner``."""

    seat: Seat
    partner: Seat


class ProposeCancel(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="propose_cancel"
):
    """Phase 10: propose to ``partner`` to cancel every active deal between you."""

    seat: Seat
    partner: Seat


class DeclareWar(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="declare_war"):
    """Phase 10: declare war on ``target`` (no active deal between you)."""

    seat: Seat
    target: Seat


class KillPrisoner(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="kill_prisoner"):
    """Phase 10: kill the prisoner ``hero`` you hold."""

    seat: Seat
    hero: Id


class Pass(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pass"):
    """Phase 10: pass your diplomacy slot; the phase ends when every seat in play passes in a
    row."""

    seat: Seat


class AddTerm(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="add_term"):
    """Phase 10: add a lasting term to the deal: passage granted to the partner
    (``passage_to``), by the partner (``passage_from``), both ways, an alliance (passage both
    ways), peace (only at war: it ends the war), or a joint attack on the third seat
    ``target``."""

    seat: Seat
    term: Literal["passage_to", "passage_from", "passage_both", "alliance", "peace", "joint_attack"]
    target: Seat | None = None


class Transfer(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="transfer"):
    """Phase 10: the deal moves ``amount`` of ``resource`` to or from the partner."""

    ranged: ClassVar[str | None] = "amount"

    seat: Seat
    resource: Literal["food", "money", "vp"]
    direction: Literal["to_partner", "from_partner"]
    amount: Count


class GiveGeneral(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="give_general"):
    """Phase 10: the deal gives the free general ``hero`` of one of its two seats to the other
    (Q73): he goes to the recipient's capital, or to a province the recipient chooses if it does
    not hold its capital."""

    seat: Seat
    hero: Id


class Release(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="release"):
    """Phase 10: the deal releases the prisoner ``hero`` (a ransom)."""

    seat: Seat
    hero: Id


class Propose(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="propose"):
    """Phase 10: propose the deal, its lasting terms for ``duration`` turns (1-5; 0 for a deal
    of transfers alone). A longer deal decodes, and is refused by the rules
    (``P10.deal.too_long``)."""

    seat: Seat
    duration: Count


class Abandon(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="abandon"):
    """Phase 10: tear up the deal being written (it still counts as a proposal; you keep your
    slot)."""

    seat: Seat


class AcceptDeal(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="accept_deal"):
    """Phase 10: accept the proposal addressed to you (a deal, or cancelling your deals)."""

    seat: Seat


class RejectDeal(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="reject_deal"):
    """Phase 10: reject the proposal addressed to you."""

    seat: Seat


# ---------------------------------------------------------------------------- espionage


class PayCounterIntel(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pay_counter_intel"
):
    """Phase 11: pay 1 $ per hero for counter-intelligence this turn."""

    seat: Seat


class NoCounterIntel(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="no_counter_intel"
):
    """Phase 11: pay for no counter-intelligence this turn."""

    seat: Seat


WargameMove: TypeAlias = (
    RollFace
    | HitsRolled
    | SixesRolled
    | BasicLearned
    | HeroKindDrawn
    | HeroGiven
    | TraitDrawn
    | StateDealt
    | PickState
    | UpperHero
    | Hire
    | Disband
    | StartBuilding
    | BuildFortress
    | BuyVp
    | Mission
    | Commit
    | StudyNext
    | PlaceHero
    | MoveShips
    | Done
    | StartNaval
    | NoNaval
    | MoveHero
    | Stay
    | TakeSoldiers
    | Annex
    | NoAnnex
    | RetreatTo
    | Hide
    | Fight
    | Besiege
    | HoldSiege
    | Deploy
    | Attach
    | ReserveTiming
    | FireAt
    | StrikeFlank
    | SpillTo
    | Allocate
    | TakeProvince
    | Decline
    | Keep
    | Kill
    | AcceptGeneral
    | OpenDeal
    | ProposeCancel
    | DeclareWar
    | KillPrisoner
    | Pass
    | AddTerm
    | Transfer
    | GiveGeneral
    | Release
    | Propose
    | Abandon
    | AcceptDeal
    | RejectDeal
    | PayCounterIntel
    | NoCounterIntel
)
