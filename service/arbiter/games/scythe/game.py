"""Scythe (Stonemaier Games 2016), base game, 2-5 players: the complete rules of the rulebook.

Decisions
=========

Every decision is a small atomic move (:mod:`.moves`): choose a section; take or skip the top
action; a Move is a sequence (select a unit, pick up / drop workers and resources one at a time,
one step at a time, stop), then the battles in the attacker's order; each battle's choice is
SIMULTANEOUS (both seats act: combat cards one at a time, then the power dial commits; each
side's choice is hidden from the other until both committed); encounters, the Factory card, the
bottom action (pay each resource, take the coins, choose the target); a top-row reward of one
kind as one amount (TakeAmount), the other rewards one unit at a time.
Objective reveals are offered to the active seat at each of its decisions when met.

Rulings
=======

Where the rulebook is silent or ambiguous:

* **Seats.** Seat + 1 is a seat's left neighbour (it plays next). ``assignment: random`` deals
  the factions and seats them in the recommended order (Nordic, Rusviet, Crimea, Saxony,
  Polania); ``chosen`` keeps the seat order of the choices.
* **Bribes** («Союзы и подкуп») are a :class:`~.moves.GiveCoins` move of the active seat before it
  chooses its section (never during a battle: «Вы не можете откупиться в этот момент»). Only the
  active seat can act outside a battle, so this is the window; the tournament option forbids it.
* **Workers on the board** (stars, objectives, Produce cost, tie-breakers) are every worker off
  the player mat, those sent back to the home base included.
* **Partial rewards** («потом получите награду (или часть награды)»). The top row's rewards of
  one kind -- Bolster's power or combat cards, Trade's popularity, Move's coins, and the Monument
  (Bolster: +1 popularity) and Armory (Trade: +1 power) bonuses -- are each one decision
  (:class:`~.moves.TakeAmount`) listing every amount from 0 to the full reward; amounts that
  would pass a track's end (power 16, popularity 18) or draw more combat cards than the deck and
  discard pile hold are not offered (refused ``scythe.gain.amount``), and when only 0 is left
  there is no decision. The action's reward is decided before its structure's bonus. Every
  other reward (Trade's two resources, encounters, Factory cards, recruits) is taken one unit at
  a time and may be left (StopGaining), with the same limits. The bottom action's effect may be
  declined after paying (DeclineAction); its coins may be refused (TakeCoins(take=False)).
* **Move details.** A selected unit may stop without stepping (it counts as moved). What was
  dropped on a space cannot be picked up there again and vice versa (finite choices). Resources
  cannot be carried onto a home base (Wayfare). A character or mech leaving a lake must take
  every worker and resource token of its owner there unless another of its character/mechs stays.
  The Mine is a tunnel for every unit of its owner; Underpass joins controlled mountains, tunnels
  and the own Mine; Township joins controlled villages and the Factory (controlled or not).
* **Trade** puts both resource tokens on one territory you control with a worker («положите их
  на контролируемую Вами территорию с рабочим»); so do a Factory card's resources.
* **Seaworthy retreat** («возвращаться на прилегающее озеро»): the beaten Nordic units, sent home,
  may instead all retreat onto one lake next to the battle that holds no other player's units
  (workers only with a mech). Only Seaworthy gives this; Submerge does not mention it.
* **Disarm** applies whenever Saxony fights on a printed tunnel (attacking or defending).
  **Scout** always takes a card when the opponent has one. The Mill produces on its territory
  even when an opponent controls it (it counts as one worker), as an extra territory.
* **Recruit on the Enlist section**: a recruit enlisted now already gives its ongoing bonus for
  this Enlist (the bonuses are checked after the action).
* **Stars.** The active seat's stars are placed as soon as earned, except those earned during a
  bottom action, placed after its reward, coins and recruit bonuses; then the other seats' stars
  clockwise. An objective reveal or combat victory places its star at once.
* **End of the game with a battle pending**: the active player's units that moved this turn and
  stand on a contested territory go back to where the turn's Move found them.
* **End of turn**: while the active player may still reveal an objective (holds a card and its
  objective star is free), the turn waits for :class:`~.moves.EndTurn` after its actions, so an
  objective met by the bottom action can be revealed that turn («в любой момент Вашего хода»).
* **A 6th star mid-Move** (an objective revealed): the moving unit's resource tokens stay on the
  board where it ends up; units left with any opponent's units (workers too) go back.
* **Objective 6** («Send One Back as a Warning»): the worker must have been sent home this turn.
* **Encounter rewards**: deploy/build go on the character's territory (no worker needed there;
  not a lake); workers and resources on that territory.
* **Factory card top actions** («Отдельно от наград планшета игрока»): their Upgrade, Deploy,
  Build, Enlist and Produce are free of the mat's costs, give no coins, no recruit bonus and no
  Mill territory; their resources go to a controlled territory with a worker (as Trade).
* **Tie-breaker «Число контролируемых территорий»** counts the Factory once.
* **Positions from a table** (:mod:`.position`): a position names the seats, the board, what the
  decks show, the turn and the decision pending in the rulebook's terms; hands, objectives and
  face-down Factory cards may be counts, drawn by the seed from what the pack leaves
  (:mod:`.position_convert`). Not expressible: a game still in setup (factions and mats being
  dealt or chosen, ``scythe.position.not_expressible``).
* **Not implemented**: the «Задержка игры» variant (a real-time penalty for stalling), which a
  rules server has no clock for, and the promo components.
"""

from __future__ import annotations

from typing import Any, ClassVar

from arbiter.core.recipes import Recipe
from arbiter.core.tabled import Rules, TabledGame
from arbiter.games.scythe import (
    bribes,
    checks,
    flow,
    hidden,
    legality,
    recipes,
    render,
    scoring,
    setup,
    view,
)
from arbiter.games.scythe.content import ScytheContent, default_content
from arbiter.games.scythe.content_cards import cards
from arbiter.games.scythe.content_checks import check_limits
from arbiter.games.scythe.describe import describe_move
from arbiter.games.scythe.events import ScytheEvent, redact
from arbiter.games.scythe.moves import ScytheMove
from arbiter.games.scythe.options import ScytheOptions
from arbiter.games.scythe.position import ScythePosition
from arbiter.games.scythe.position_convert import position_of, state_of
from arbiter.games.scythe.position_examples import examples
from arbiter.games.scythe.rule_codes import RULE_CODES
from arbiter.games.scythe.shapes import SHAPES
from arbiter.games.scythe.state import ScytheState
from arbiter.games.scythe.tables import Tables
from arbiter.games.scythe.view import ScytheView


def check_content(content: ScytheContent) -> None:
    """A pack's consistency, then its bounds (:mod:`.content_limits`)."""
    checks.check_content(content)
    check_limits(content)


class Scythe(TabledGame[ScytheState, ScytheContent, ScytheOptions, ScytheView, Tables]):
    id = "scythe"
    title = "Scythe"
    min_players = 2
    max_players = 5
    rules_version = "1.2.0"
    state_shapes = SHAPES
    description = (
        "Alternate-history 1920s Eastern Europe: move, produce, trade and bolster; upgrade, "
        "deploy mechs, build and enlist; fight battles and place six stars first."
    )
    has_chance = True
    has_simultaneous_moves = True
    has_hidden_information = True
    silent_view_members: ClassVar[dict[str, str]] = {
        "/step": "counts every decision applied",
        "/pending": "the decisions and steps under way (last = current), told by to_act and the "
        "legal moves",
        "/turn/stage": "where the active seat is in its turn, told by the legal moves",
        "/turn/coercion_used": "bookkeeping of the turn: Coercion was used (once a turn)",
        "/turn/moved_from": "bookkeeping of the turn: where the units that moved started",
        "/turn/encounter_at": "bookkeeping of the turn: where the character met an encounter",
        "/turn/forced_retreat": "bookkeeping of the turn: an opponent's worker was sent home",
        "/turn/moved": "bookkeeping of the turn: a unit moved",
        "/control": "derived from the units and structures on the board («Контроль»)",
    }

    state_type = ScytheState
    options_type = ScytheOptions
    view_type = ScytheView
    content_type = ScytheContent
    #: The default pack before its provenance labels (#39): only the labels differ.
    former_default_content_ids = ("cefd9497cc6fc16f",)
    move_type = ScytheMove
    event_type = ScytheEvent
    position_type = ScythePosition

    rules = Rules(
        codes=RULE_CODES,
        load_default=default_content,
        check_content=check_content,
        content_cards=cards,
        content_labels=lambda c: c.labels,
        make_tables=Tables,
        initial_state=setup.initial_state,
        advance=flow.advance,
        generate_moves=flow.generate_moves,
        candidate_moves=flow.candidate_moves,
        chance_outcomes=flow.chance_outcomes,
        explain=legality.explain,
        perform=flow.perform,
        make_view=view.make_view,
        final_result=scoring.final_result,
        over=lambda s: s.phase == "over",
        begun=lambda s: s.phase != "setup",
        check_state=checks.check_state,
        describe=describe_move,
        render_view=render.render_view,
        redact=redact,
        state_of=state_of,
        position_examples=examples,
        hidden_variant=hidden.hidden_variant,
    )

    #: :func:`.flow.to_act` itself, not a method calling it: a decision asks it 4-5 times (and it
    #: remembers its last state). The same signature without ``self``, which mypy cannot see
    #: through ``staticmethod``.
    to_act = staticmethod(flow.to_act)  # type: ignore[assignment]

    def table_recipes(self) -> list[Recipe]:
        """The recipes of a real table (:mod:`.recipes`)."""
        return recipes.table_recipes()

    def anytime_moves(self, state: ScytheState, seat: int) -> list[Any]:
        return bribes.moves(state, seat)

    def position_of(self, state: ScytheState) -> ScythePosition:
        return position_of(state)
