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
from typing import Any, ClassVar

import msgspec

from arbiter.core.recipes import Recipe
from arbiter.core.tabled import Rules, TabledGame
from arbiter.games.ancient_wargame import (
    checks,
    ending,
    examples,
    flow,
    hidden,
    legality,
    position_examples,
    positions,
    recipes,
    render,
    setup,
)
from arbiter.games.ancient_wargame.content import WargameContent, cards
from arbiter.games.ancient_wargame.describe import describe_move
from arbiter.games.ancient_wargame.events import WargameEvent, redact
from arbiter.games.ancient_wargame.moves import WargameMove
from arbiter.games.ancient_wargame.options import WargameOptions
from arbiter.games.ancient_wargame.position import WargamePosition
from arbiter.games.ancient_wargame.rule_codes import RULE_CODES
from arbiter.games.ancient_wargame.shapes import SHAPES
from arbiter.games.ancient_wargame.state import WargameState
from arbiter.games.ancient_wargame.tables import Tables
from arbiter.games.ancient_wargame.view import WargameView, make_view

PACKAGE = "arbiter.games.ancient_wargame"
DEFAULT_PACK = "data/default.json"


def load_default_content() -> WargameContent:
    raw = importlib.resources.files(PACKAGE).joinpath(DEFAULT_PACK).read_bytes()
    return msgspec.json.decode(raw, type=WargameContent)


class AncientWargame(TabledGame[WargameState, WargameContent, WargameOptions, WargameView, Tables]):
    id = "ancient-wargame"
    title = "Ancient wargame (rules v1.1)"
    min_players = 2
    max_players = 6
    rules_version = "1.2.0"
    state_shapes = SHAPES
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
    #: The default pack before its provenance labels (#39): only the labels differ.
    former_default_content_ids = ("34ecb5b2d5c98c8d",)
    move_type = WargameMove
    event_type = WargameEvent

    rules = Rules(
        codes=RULE_CODES,
        load_default=load_default_content,
        check_content=checks.check_content,
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
        make_view=make_view,
        final_result=ending.final_result,
        over=lambda s: s.stage == "over",
        begun=lambda s: s.stage != "setup",
        check_state=checks.check_state,
        describe=describe_move,
        render_view=render.render_view,
        redact=redact,
        hidden_variant=hidden.hidden_variant,
        state_of=positions.state_of,
        position_of=positions.position_of,
        position_examples=position_examples.position_examples,
    )
    position_type = WargamePosition

    #: :func:`.flow.to_act` itself, not a method calling it: a decision asks it several times
    #: (and it remembers its last state). The same signature without ``self``, which mypy cannot
    #: see through ``staticmethod``.
    to_act = staticmethod(flow.to_act)  # type: ignore[assignment]

    def table_recipes(self) -> list[Recipe]:
        """The recipes of a real table (:mod:`.recipes`)."""
        return recipes.table_recipes()

    def draw_without_listing(self, state: WargameState) -> Any | None:
        return flow.drawn(state, self.tables(state.content_id))  # a die's face, a card

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
