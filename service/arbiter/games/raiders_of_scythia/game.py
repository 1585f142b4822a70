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
from typing import Any, ClassVar

import msgspec

from arbiter.core.recipes import Recipe
from arbiter.core.tabled import Rules, TabledGame
from arbiter.games.raiders_of_scythia import (
    checks,
    flow,
    hidden,
    legality,
    position_examples,
    positions,
    recipes,
    render,
    scoring,
    setup,
)
from arbiter.games.raiders_of_scythia.content import RaidersContent, cards
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


class RaidersOfScythia(
    TabledGame[RaidersState, RaidersContent, RaidersOptions, RaidersView, Tables]
):
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
    #: The default pack before its provenance labels (#39): only the labels and the old `sourced`
    #: flags of six cards differ, every value the rules read is alike.
    former_default_content_ids = ("a57c0fd0995be541",)
    move_type = RaidersMove
    event_type = RaidersEvent

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
        chance_outcomes=flow.chance_outcomes,
        explain=legality.explain,
        perform=flow.perform,
        make_view=make_view,
        final_result=scoring.final_result,
        over=lambda s: s.phase == "over",
        begun=lambda s: s.phase != "setup",
        check_state=checks.check_state,
        describe=describe_move,
        render_view=render.render_view,
        redact=redact,
        hidden_variant=lambda s, t, seat, rng: hidden.hidden_variant(s, seat, rng),
        state_of=positions.state_of,
        position_of=positions.position_of,
        position_examples=position_examples.position_examples,
    )
    position_type = RaidersPosition

    #: :func:`.flow.to_act` itself, not a method calling it: a decision asks it several times.
    #: The same signature without ``self``, which mypy cannot see through ``staticmethod``.
    to_act = staticmethod(flow.to_act)  # type: ignore[assignment]

    def table_recipes(self) -> list[Recipe]:
        """The recipes of a real table (:mod:`.recipes`)."""
        return recipes.table_recipes(self)

    def draw_without_listing(self, state: RaidersState) -> Any | None:
        return flow.drawn_card(state)  # a card: drawn without listing the deck
