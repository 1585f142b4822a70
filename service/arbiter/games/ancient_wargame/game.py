"""The ancient wargame (rules «Версия 1.1»; the text names no title): 2-6 players, 11 phases a
turn, 25 turns.

The rules are the authority; where they are silent, slip or contradict themselves, the readings
of the reading aid were taken (C1-C16, Q1-Q88), each stated in the docstring of the module that
applies it: :mod:`.setup` (states, starting heroes, the snake list), :mod:`.economy` (phases 1, 2,
4, 6), :mod:`.heroes` (3), :mod:`.research` (5), :mod:`.fleets` (7), :mod:`.movement` (8),
:mod:`.battles` (9), :mod:`.diplomacy` (10), :mod:`.espionage` (11), :mod:`.ending` (the end and
the scoring), :mod:`.modifiers` (where traits and features act). Where this game chose otherwise:

* **Building ages** (Q25): buildings completed in the same turn are ordered by seat, not by a
  chance decision.
* **Research dice** are rolled in batches of at most 20 (exact weights), and a roll that cannot
  succeed (fewer than two dice left and no six) is not made.
* **Sealed phases** (1, 2, 4, 6, 11, the battle deployment) are drafts each seat builds and
  commits; others see only whether it has committed, until all have.

The map, the state cards and the trait decks are a content pack (:mod:`.content`); the default
is the project's own Mediterranean scenario (``data/README.md``).
"""

from __future__ import annotations

import importlib.resources
import random
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from arbiter.core import Actor, ChanceOutcome, Event, Game, IllegalMove, Result, RuleCode
from arbiter.core.render import render_by
from arbiter.games.ancient_wargame import (
    checks,
    ending,
    examples,
    flow,
    hidden,
    legality,
    render,
    setup,
)
from arbiter.games.ancient_wargame.content import WargameContent
from arbiter.games.ancient_wargame.describe import describe_move
from arbiter.games.ancient_wargame.events import WargameEvent, redact
from arbiter.games.ancient_wargame.moves import WargameMove
from arbiter.games.ancient_wargame.options import WargameOptions
from arbiter.games.ancient_wargame.rule_codes import RULE_CODES
from arbiter.games.ancient_wargame.state import WargameState
from arbiter.games.ancient_wargame.tables import Tables
from arbiter.games.ancient_wargame.view import WargameView, make_view

PACKAGE = "arbiter.games.ancient_wargame"
DEFAULT_PACK = "data/default.json"


def load_default_content() -> WargameContent:
    raw = importlib.resources.files(PACKAGE).joinpath(DEFAULT_PACK).read_bytes()
    return msgspec.json.decode(raw, type=WargameContent)


class AncientWargame(Game[WargameState, WargameContent, WargameOptions, WargameView]):
    id = "ancient-wargame"
    title = "Ancient wargame (rules v1.1)"
    min_players = 2
    max_players = 6
    rules_version = "1.1.0"
    description = (
        "Rule an ancient state for 25 turns: buy troops, build, research, sail, march your "
        "generals, fight flanked battles, make deals and send spies; win on points, by conquest "
        "or by your state's own condition."
    )
    has_chance = True
    has_simultaneous_moves = True
    has_hidden_information = True
    silent_view_members: ClassVar[dict[str, str]] = {
        "/step": "counts every decision applied",
        "/pending": "the steps under way, the last one the decision told by to_act and the "
        "legal moves",
    }

    state_type = WargameState
    options_type = WargameOptions
    view_type = WargameView
    content_type = WargameContent
    move_type = WargameMove
    event_type = WargameEvent

    def __init__(self, default: WargameContent | None = None) -> None:
        self._default = default
        super().__init__()

    def rule_codes(self) -> tuple[RuleCode, ...]:
        return RULE_CODES

    def default_content(self) -> WargameContent:
        return self._default if self._default is not None else load_default_content()

    def check_content(self, content: WargameContent) -> None:
        checks.check_content(content)

    def make_tables(self, content: WargameContent) -> Tables:
        return Tables(content)

    if TYPE_CHECKING:  # Game.tables itself at run time: the rules ask at every decision

        def tables(self, content_id: str) -> Tables:
            """The lookup tables of a kept pack (built once, dropped with the pack)."""

    def setup(
        self,
        players: int,
        options: WargameOptions,
        seed: int,
        content_id: str,
        content: WargameContent,
    ) -> WargameState:
        t = self.tables(content_id)
        s = setup.initial_state(players, options, seed, content_id, t, self.rules_version)
        return flow.advance(s, t, [])

    #: :func:`.flow.to_act` itself, not a method calling it: a decision asks it several times
    #: (and it remembers its last state). The same signature without ``self``, which mypy cannot
    #: see through ``staticmethod``.
    to_act = staticmethod(flow.to_act)  # type: ignore[assignment]

    def generate_moves(self, state: WargameState, actor: Actor) -> list[Any]:
        return flow.generate_moves(state, self.tables(state.content_id), actor)

    def candidate_moves(self, state: WargameState, actor: Actor, move: Any) -> list[Any]:
        return flow.candidate_moves(state, self.tables(state.content_id), actor, move)

    def chance_outcomes(self, state: WargameState) -> list[ChanceOutcome]:
        return flow.chance_outcomes(state, self.tables(state.content_id))

    def draw_without_listing(self, state: WargameState) -> Any | None:
        return flow.drawn(state, self.tables(state.content_id))  # a die's face, a card

    def explain(self, state: WargameState, move: Any) -> IllegalMove:
        return legality.explain(state, self.tables(state.content_id), move)

    def perform(self, state: WargameState, move: Any) -> tuple[WargameState, list[Event]]:
        return flow.perform(state, self.tables(state.content_id), move)

    def view(self, state: WargameState, seat: int | None) -> WargameView:
        return make_view(state, self.tables(state.content_id), seat)

    def result(self, state: WargameState) -> Result | None:
        if state.stage != "over":
            return None
        return ending.final_result(state, self.tables(state.content_id))

    def standing(self, state: WargameState) -> Result | None:
        """The final scoring applied to the table as it is (a hint's estimate)."""
        if state.stage == "setup":
            return None
        return ending.final_result(state, self.tables(state.content_id))

    def check_state(self, state: WargameState) -> None:
        checks.check_state(state, self.tables(state.content_id))

    def example_states(self) -> list[tuple[str, WargameState]]:
        s = self.new_state(2, seed=1)
        t = self.tables(s.content_id)
        battles = examples.battles(examples.to_phase_8(s, t), t)
        return [
            ("2 players, phase 9: a battle at a fortress and one on neutral ground", battles),
            (
                "the same, seat 1 in the centre and seat 0 on three flanks",
                examples.deployed(battles, t),
            ),
        ]

    def hidden_variant(
        self, state: WargameState, seat: int | None, rng: random.Random
    ) -> WargameState:
        return hidden.hidden_variant(state, seat, rng)

    def describe(self, state: WargameState, move: Any) -> str:
        return describe_move(state, self.tables(state.content_id), move)

    def render_view(self, view: WargameView) -> str:
        return render_by(render.render_view, view, self.tables(view.content_id))

    def redact_event(self, event: Event, seat: int | None) -> Event | None:
        return redact(event)
