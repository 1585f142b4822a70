"""Raiders of Scythia (Garphill Games; designer Shem Phillips; RU «Всадники Скифии», Lavka Games
2022; PL «Najeźdźcy ze Scytii», Portal Games), for 1-4 players, solo against the nameless chief.

The rulebooks' two translations are the authority; where they disagree or are silent, the
rulings below were chosen (the spec's D1-D17 and Q1-Q30 readings, each also in the docstring of
the module that applies it):

* **The end** is triggered when 2 raid spaces in use (not yet raided) or 2 quests on the board
  (face up or down) are left (RU «КОНЕЦ ИГРЫ» and the English book: raid spaces; the "2
  settlements" of «ЦЕЛЬ ИГРЫ» is the looser wording). The turn ends, then every turn-taker has
  exactly one more turn (:mod:`.turns`).
* **Dice**: red and white per region (PL, EN), with a per-settlement override in the pack for the
  RU reading; yellow = the settlement's raid spaces still holding gold (:mod:`.raid`).
* **Raids**: the order of :mod:`.raid` (rewards before wounds, «При гибели» at the death, «При
  ранении» once per living wounded crew member); wounds placed one at a time on any living crew
  member; the minimum crew counts hired crew cards, whatever their wounds.
* **Buildings**: healing removes up to 2 wounds for exactly 1 kumis (PL «do 2»); a hire may
  replace a hired crew member, its animals stay (PL); an animal replaces one of its kind; a played
  card is discarded first (PL, EN); «Выполнить действие здания» uses the Town Centre worker's
  colour; a strength quest is paid card by card (:mod:`.buildings`).
* **Limits** at the end of the owner's turn: tokens over 8 go back, cards are discarded by choice.
  Silver, provisions, kumis and wounds are unlimited; plunder is limited to its tokens.
* **Decks**: an empty crew deck is refilled from its discard pile like the animal deck
  («перемешайте сброс»); with both empty nothing is drawn.
* **Solo** (:mod:`.solo`): the chief's target is a raid space; the worker above it goes to the
  box; horses are paid fewest first; only face-up quests are taken; the first turn has no block.
  A chief ranked first alone wins: the result has no winner seat and lists the chief as an
  :class:`~arbiter.core.Opponent`.
* **Setup**: the seats' 2 discards from their deal stay private until all have chosen (real
  play does it at once); the face-down quests are drawn when turned up.
"""

from __future__ import annotations

import importlib.resources
import random
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from arbiter.core import Actor, ChanceOutcome, Event, Game, IllegalMove, Result, RuleCode
from arbiter.core.render import render_by
from arbiter.games.raiders_of_scythia import (
    checks,
    flow,
    hidden,
    legality,
    position_examples,
    positions,
    render,
    scoring,
    setup,
)
from arbiter.games.raiders_of_scythia.content import RaidersContent
from arbiter.games.raiders_of_scythia.describe import describe_move
from arbiter.games.raiders_of_scythia.events import RaidersEvent, redact
from arbiter.games.raiders_of_scythia.moves import RaidersMove
from arbiter.games.raiders_of_scythia.options import RaidersOptions
from arbiter.games.raiders_of_scythia.position import RaidersPosition
from arbiter.games.raiders_of_scythia.rule_codes import RULE_CODES
from arbiter.games.raiders_of_scythia.state import RaidersState
from arbiter.games.raiders_of_scythia.tables import Tables
from arbiter.games.raiders_of_scythia.view import RaidersView, make_view

PACKAGE = "arbiter.games.raiders_of_scythia"
DEFAULT_PACK = "data/default.json"


def load_default_content() -> RaidersContent:
    """The pack shipped in ``data/default.json``."""
    raw = importlib.resources.files(PACKAGE).joinpath(DEFAULT_PACK).read_bytes()
    return msgspec.json.decode(raw, type=RaidersContent)


class RaidersOfScythia(Game[RaidersState, RaidersContent, RaidersOptions, RaidersView]):
    id = "raiders-of-scythia"
    title = "Raiders of Scythia"
    min_players = 1
    max_players = 4
    rules_version = "1.0.0"
    description = (
        "Lead a Scythian war band: work the village for crew, animals and provisions, raid the "
        "settlements of Cimmeria, Assyria, Persia and Greece, complete quests; 1-4 players, solo "
        "against the nameless chief."
    )
    has_chance = True
    has_hidden_information = True
    silent_view_members: ClassVar[dict[str, str]] = {
        "/step": "counts every decision applied",
        "/pending": "the steps under way, the last one the decision told by to_act and the "
        "legal moves",
    }

    state_type = RaidersState
    options_type = RaidersOptions
    view_type = RaidersView
    content_type = RaidersContent
    move_type = RaidersMove
    event_type = RaidersEvent

    def __init__(self, default: RaidersContent | None = None) -> None:
        self._default = default
        super().__init__()

    def rule_codes(self) -> tuple[RuleCode, ...]:
        return RULE_CODES

    def default_content(self) -> RaidersContent:
        return self._default if self._default is not None else load_default_content()

    def check_content(self, content: RaidersContent) -> None:
        checks.check_content(content)

    def make_tables(self, content: RaidersContent) -> Tables:
        return Tables(content)

    if TYPE_CHECKING:  # Game.tables itself at run time: the rules ask at every decision

        def tables(self, content_id: str) -> Tables:
            """The lookup tables of a kept pack (built once, dropped with the pack)."""

    def setup(
        self,
        players: int,
        options: RaidersOptions,
        seed: int,
        content_id: str,
        content: RaidersContent,
    ) -> RaidersState:
        t = self.tables(content_id)
        s = setup.initial_state(players, options, seed, content_id, t, self.rules_version)
        return flow.advance(s, t, [])

    #: :func:`.flow.to_act` itself, not a method calling it: a decision asks it several times.
    #: The same signature without ``self``, which mypy cannot see through ``staticmethod``.
    to_act = staticmethod(flow.to_act)  # type: ignore[assignment]

    def generate_moves(self, state: RaidersState, actor: Actor) -> list[Any]:
        return flow.generate_moves(state, self.tables(state.content_id), actor)

    def chance_outcomes(self, state: RaidersState) -> list[ChanceOutcome]:
        return flow.chance_outcomes(state, self.tables(state.content_id))

    def draw_without_listing(self, state: RaidersState) -> Any | None:
        return flow.drawn_card(state)  # a card: drawn without listing the deck

    def explain(self, state: RaidersState, move: Any) -> IllegalMove:
        return legality.explain(state, self.tables(state.content_id), move)

    def perform(self, state: RaidersState, move: Any) -> tuple[RaidersState, list[Event]]:
        after, events, listed = flow.perform(state, self.tables(state.content_id), move)
        if listed is not None:  # the decision it waits for was listed: not listed again
            self.keep_listing(after, flow.to_act(after)[0], listed)
        return after, events

    def view(self, state: RaidersState, seat: int | None) -> RaidersView:
        return make_view(state, self.tables(state.content_id), seat)

    def result(self, state: RaidersState) -> Result | None:
        if state.phase != "over":
            return None
        return scoring.final_result(state, self.tables(state.content_id))

    def standing(self, state: RaidersState) -> Result | None:
        """The final scoring applied to the table as it is (a hint's estimate)."""
        if state.phase == "setup":
            return None
        return scoring.final_result(state, self.tables(state.content_id))

    def check_state(self, state: RaidersState) -> None:
        checks.check_state(state, self.tables(state.content_id))

    # ------------------------------------------------------------- positions from a table

    position_type = RaidersPosition

    def state_of(self, position: Any, seed: int, content_id: str | None = None) -> RaidersState:
        """The state of the table ``position`` (a :class:`~.position.RaidersPosition`) shows; the
        crew cards it counts are drawn by ``seed`` from what the pack leaves (:mod:`.positions`).
        An impossible position is refused with a pointer into it."""
        cid = content_id or self.default_content_id
        self.content(cid)
        return positions.state_of(position, seed, cid, self.tables(cid), self.rules_version)

    def position_of(self, state: RaidersState) -> RaidersPosition:
        return positions.position_of(state, self.tables(state.content_id))

    def position_examples(self) -> list[tuple[str, Any]]:
        return position_examples.position_examples()

    def hidden_variant(
        self, state: RaidersState, seat: int | None, rng: random.Random
    ) -> RaidersState:
        return hidden.hidden_variant(state, seat, rng)

    def describe(self, state: RaidersState, move: Any) -> str:
        return describe_move(state, self.tables(state.content_id), move)

    def render_view(self, view: RaidersView) -> str:
        return render_by(render.render_view, view, self.tables(view.content_id))

    def redact_event(self, event: Event, seat: int | None) -> Event | None:
        return redact(event)
