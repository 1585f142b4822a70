"""What a seat may know (its text: :mod:`.render`).

A view shows everything public: the board, units, structures, tracks, coins, stars, recruits,
upgrades, the encounter deck's remaining cards (every drawn card was shown), the combat discard
pile; the number of combat cards and objective cards each player holds. It hides the values of
other seats' combat cards, their objectives, the combat deck's contents, the face-down Factory
cards (unless the seat looked at them), an opponent's secret battle choice before the reveal, and
the seed.
"""

from __future__ import annotations

import msgspec

from arbiter.games.scythe.board import combat_cards_shown, control_map
from arbiter.games.scythe.content import (
    FactionId,
    MatId,
    MechAbility,
    StructureBonusKind,
    TriumphGoal,
)
from arbiter.games.scythe.options import ScytheOptions
from arbiter.games.scythe.state import (
    Battle,
    Built,
    CardCounts,
    Covered,
    Cube,
    Pending,
    Phase,
    Recruit,
    Resources,
    ScytheState,
    Section,
    Side,
    Turn,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState


class PlayerView(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat as another seat sees it: :class:`~.state.PlayerState` with ``combat_cards`` and
    ``objective_cards`` counted, and ``hand`` and ``objectives`` shown only to oneself.

    ``combat_cards`` is the count the table sees: the cards in hand and, until a battle is
    revealed, those its fighters put under their power dials («во время битвы Вы можете скрыть,
    пользовались ли Вы картами или нет»); ``hand`` holds the cards still in one's hand."""

    faction: FactionId
    mat: MatId
    power: int
    popularity: int
    coins: int
    combat_cards: int
    hand: tuple[int, ...]
    objective_cards: int
    objectives: tuple[int, ...]
    revealed: tuple[int, ...]
    character: str
    mechs: tuple[str, ...]
    mech_abilities: tuple[MechAbility, ...]
    workers: tuple[str, ...]
    structures: tuple[Built, ...]
    recruits: tuple[Recruit, ...]
    cubes: tuple[Cube, ...]
    covered: Covered
    stars: tuple[TriumphGoal, ...]
    last_section: Section | None
    factory_card: int | None


class ScytheView(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What one seat (``viewer``; ``null``: a spectator) may know of a game of Scythe.

    * ``players`` -- by seat, as :class:`PlayerView`;
    * ``resources`` -- the resource tokens on each territory that has any, by territory id;
    * ``control`` -- the seat controlling each controlled territory, by territory id («Контроль»;
      home bases are not territories);
    * ``encounter_tokens`` -- the territories whose encounter token is still on the board;
      ``encounter_deck`` -- the encounter cards not drawn yet (every drawn card was shown);
      ``encounter_bottom`` -- drawn cards put under the deck, in order;
    * ``combat_deck_size`` / ``combat_discard`` -- the combat cards left to draw / discarded;
    * ``objective_deck_size`` -- objective cards neither held nor revealed;
    * ``factory_cards`` -- the Factory cards set out, for a seat that looked at them
      (``factory_cards_count`` for everyone);
    * ``structure_tile`` -- the structure bonus tile (``null`` until drawn);
    * ``turn`` -- the active seat's turn; ``pending`` -- the decisions and steps under way (last =
      current; an opponent's secret battle choice is masked);
    * ``turns_taken`` -- turns completed since the first.
    """

    content_id: str
    step: int
    viewer: int | None
    options: ScytheOptions
    players_count: int
    phase: Phase
    factions: tuple[FactionId, ...]
    mats: tuple[MatId, ...]
    players: tuple[PlayerView, ...]
    resources: dict[str, Resources]
    control: dict[str, int]
    encounter_tokens: tuple[str, ...]
    encounter_deck: tuple[int, ...]
    encounter_bottom: tuple[int, ...]
    combat_deck_size: int
    combat_discard: CardCounts
    objective_deck_size: int
    factory_cards: tuple[int, ...]
    factory_cards_count: int
    structure_tile: StructureBonusKind | None
    turn: Turn
    pending: tuple[Pending, ...]
    turns_taken: int


def _player(s: State, i: int, own: bool) -> PlayerView:
    p = s.players[i]
    return PlayerView(
        faction=p.faction,
        mat=p.mat,
        power=p.power,
        popularity=p.popularity,
        coins=p.coins,
        combat_cards=combat_cards_shown(s, i),
        hand=p.hand if own else (),
        objective_cards=len(p.objectives),
        objectives=p.objectives if own else (),
        revealed=p.revealed,
        character=p.character,
        mechs=p.mechs,
        mech_abilities=p.mech_abilities,
        workers=p.workers,
        structures=p.structures,
        recruits=p.recruits,
        cubes=p.cubes,
        covered=p.covered,
        stars=p.stars,
        last_section=p.last_section,
        factory_card=p.factory_card,
    )


def _masked(side: Side) -> Side:
    return Side(committed=side.committed)


def _pending(task: Pending, seat: int | None) -> Pending:
    if not isinstance(task, Battle):
        return task
    a = task.attacker_side if task.attacker == seat else _masked(task.attacker_side)
    d = task.defender_side if task.defender == seat else _masked(task.defender_side)
    return msgspec.structs.replace(task, attacker_side=a, defender_side=d)


def make_view(s: State, t: Tables, seat: int | None) -> ScytheView:
    cmap = control_map(s, t) if s.players else {}
    seen = seat is not None and seat in s.factory_seen_by
    return ScytheView(
        content_id=s.content_id,
        step=s.step,
        viewer=seat,
        options=s.options,
        players_count=s.players_count,
        phase=s.phase,
        factions=s.factions,
        mats=s.mats,
        players=tuple(_player(s, i, i == seat) for i in range(len(s.players))),
        resources=s.resources,
        control={x: cmap[x] for x in t.territories if x in cmap},
        encounter_tokens=s.encounter_tokens,
        encounter_deck=s.encounter_deck,
        encounter_bottom=s.encounter_bottom,
        combat_deck_size=sum(s.combat_deck),
        combat_discard=s.combat_discard,
        objective_deck_size=len(s.objective_deck),
        factory_cards=s.factory_cards if seen else (),
        factory_cards_count=len(s.factory_cards),
        structure_tile=s.structure_tile,
        turn=s.turn,
        pending=tuple(_pending(x, seat) for x in s.pending),
        turns_taken=s.turns_taken,
    )
