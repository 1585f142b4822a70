"""The facade the games share: :class:`TabledGame`, a :class:`~arbiter.core.game.Game` whose rules
are plain functions of a state and the lookup tables of its content pack.

Each game's rules live in its own modules as functions -- ``flow.perform(state, tables, move)``,
``legality.explain(state, tables, move)``, ``view.make_view(state, tables, seat)`` -- and the game
names them once, in one :class:`Rules`. :class:`TabledGame` answers every method of the protocol
those functions cover by calling them with the tables of the state's pack
(:meth:`~arbiter.core.game.Game.tables`), so that no game writes the same delegation again. What
a game does otherwise (its ``to_act``, kept a static method for speed; moves that can be made at
any time; a draw without listing; examples of its own) it still writes as a method.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from msgspec import UnsetType

from arbiter.core.errors import IllegalMove
from arbiter.core.game import ContentT, Game, OptionsT, StateT, ViewT
from arbiter.core.provenance import Card, Labels
from arbiter.core.render import render_by
from arbiter.core.types import Actor, ChanceOutcome, Event, Result, RuleCode

TablesT = TypeVar("TablesT")

#: What a rule of ``perform`` answers: the state after the move and its events, and, where the
#: game lists the decision it comes to on the way (to skip one with nothing to decide), its moves.
Performed = tuple[Any, list[Event]] | tuple[Any, list[Event], Sequence[Any] | None]


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules(Generic[StateT, ContentT, OptionsT, ViewT, TablesT]):
    """A game's rules as the functions its modules define (module docstring)."""

    codes: tuple[RuleCode, ...]
    load_default: Callable[[], ContentT]
    check_content: Callable[[ContentT], None]
    #: the cards of a pack with their keys, and its provenance labels (:mod:`.provenance`;
    #: ``check_content`` refuses labels that cannot stand, :func:`.provenance.check_labels`)
    content_cards: Callable[[ContentT], tuple[Card, ...]]
    content_labels: Callable[[ContentT], Labels | UnsetType]
    make_tables: Callable[[ContentT], TablesT]
    initial_state: Callable[[int, OptionsT, int, str, TablesT, str], StateT]
    advance: Callable[[StateT, TablesT, list[Event]], StateT]
    generate_moves: Callable[[StateT, TablesT, Actor], list[Any]]
    chance_outcomes: Callable[[StateT, TablesT], list[ChanceOutcome]]
    explain: Callable[[StateT, TablesT, Any], IllegalMove]
    perform: Callable[[StateT, TablesT, Any], Performed]
    make_view: Callable[[StateT, TablesT, int | None], ViewT]
    #: the final scoring, also applied to a table still in play (a hint's estimate)
    final_result: Callable[[StateT, TablesT], Result | None]
    #: whether the game is over; whether it has begun (a standing can be scored)
    over: Callable[[StateT], bool]
    begun: Callable[[StateT], bool]
    check_state: Callable[[StateT, TablesT], None]
    describe: Callable[[StateT, TablesT, Any], str]
    render_view: Callable[[ViewT, TablesT], str]
    redact: Callable[[Event], Event | None]
    #: a state the seat cannot tell from this one, its secrets drawn anew
    hidden_variant: Callable[[StateT, TablesT, int | None, random.Random], StateT]
    #: the moves ``check_move`` looks a move up among, when not every legal move
    candidate_moves: Callable[[StateT, TablesT, Any, Any], list[Any]] | None = None
    #: positions from a table (:meth:`Game.state_of`), when the game takes them
    state_of: Callable[[Any, int, str, TablesT, str], StateT] | None = None
    position_of: Callable[[StateT, TablesT], Any] | None = None
    position_examples: Callable[[], list[tuple[str, Any]]] | None = None


class TabledGame(
    Game[StateT, ContentT, OptionsT, ViewT], Generic[StateT, ContentT, OptionsT, ViewT, TablesT]
):
    """A game answered by its :attr:`rules` (module docstring). ``default``: the content pack
    to use instead of the one the game ships (tests)."""

    rules: ClassVar[Rules[Any, Any, Any, Any, Any]]

    def __init__(self, default: ContentT | None = None) -> None:
        self._default = default
        super().__init__()

    # ---------------------------------------------------------------------------- content

    def rule_codes(self) -> tuple[RuleCode, ...]:
        return self.rules.codes

    def default_content(self) -> ContentT:
        return self._default if self._default is not None else self.rules.load_default()

    def check_content(self, content: ContentT) -> None:
        self.rules.check_content(content)

    def content_cards(self, content: ContentT) -> tuple[Card, ...]:
        return self.rules.content_cards(content)

    def content_labels(self, content: ContentT) -> Labels | UnsetType:
        return self.rules.content_labels(content)

    def make_tables(self, content: ContentT) -> TablesT:
        return self.rules.make_tables(content)  # type: ignore[no-any-return]

    if TYPE_CHECKING:  # Game.tables itself at run time: the rules ask at every decision

        def tables(self, content_id: str) -> TablesT:
            """The lookup tables of a kept pack (built once, dropped with the pack)."""

    # ----------------------------------------------------------------------------- rules

    def setup(
        self, players: int, options: OptionsT, seed: int, content_id: str, content: ContentT
    ) -> StateT:
        t = self.tables(content_id)
        s = self.rules.initial_state(players, options, seed, content_id, t, self.rules_version)
        return self.rules.advance(s, t, [])  # type: ignore[no-any-return]

    def generate_moves(self, state: StateT, actor: Actor) -> list[Any]:
        return self.rules.generate_moves(state, self.tables(state.content_id), actor)

    def candidate_moves(self, state: StateT, actor: Actor, move: Any) -> list[Any]:
        candidates = self.rules.candidate_moves
        if candidates is None:
            return super().candidate_moves(state, actor, move)
        return candidates(state, self.tables(state.content_id), actor, move)

    def chance_outcomes(self, state: StateT) -> list[ChanceOutcome]:
        return self.rules.chance_outcomes(state, self.tables(state.content_id))

    def explain(self, state: StateT, move: Any) -> IllegalMove:
        return self.rules.explain(state, self.tables(state.content_id), move)

    def perform(self, state: StateT, move: Any) -> tuple[StateT, list[Event]]:
        performed = self.rules.perform(state, self.tables(state.content_id), move)
        if len(performed) == 3:
            after, events, listed = performed
            if listed is not None:  # the decision it waits for was listed: not listed again
                self.keep_listing(after, self.to_act(after)[0], listed)
            return after, events
        return performed  # type: ignore[return-value]

    def view(self, state: StateT, seat: int | None) -> ViewT:
        return self.rules.make_view(state, self.tables(state.content_id), seat)  # type: ignore[no-any-return]

    def result(self, state: StateT) -> Result | None:
        if not self.rules.over(state):
            return None
        return self.rules.final_result(state, self.tables(state.content_id))

    def standing(self, state: StateT) -> Result | None:
        """The final scoring applied to the table as it is (a hint's estimate)."""
        if not self.rules.begun(state):
            return None
        return self.rules.final_result(state, self.tables(state.content_id))

    def check_state(self, state: StateT) -> None:
        self.rules.check_state(state, self.tables(state.content_id))

    # ------------------------------------------------------------- positions from a table

    def state_of(self, position: Any, seed: int, content_id: str | None = None) -> StateT:
        """The state of the table ``position`` shows; what it leaves face down is drawn by
        ``seed`` from what the pack leaves. An impossible position is refused with a pointer
        into it."""
        if self.rules.state_of is None:
            return super().state_of(position, seed, content_id)
        cid = content_id or self.default_content_id
        return self.rules.state_of(position, seed, cid, self.tables(cid), self.rules_version)  # type: ignore[no-any-return]

    def position_of(self, state: StateT) -> Any:
        if self.rules.position_of is None:
            return super().position_of(state)
        return self.rules.position_of(state, self.tables(state.content_id))

    def position_examples(self) -> list[tuple[str, Any]]:
        if self.rules.position_examples is None:
            return super().position_examples()
        return self.rules.position_examples()

    def hidden_variant(self, state: StateT, seat: int | None, rng: random.Random) -> StateT:
        tables = self.tables(state.content_id)
        return self.rules.hidden_variant(state, tables, seat, rng)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------------ texts

    def describe(self, state: StateT, move: Any) -> str:
        return self.rules.describe(state, self.tables(state.content_id), move)

    def render_view(self, view: ViewT) -> str:
        tables = self.tables(view.content_id)  # type: ignore[attr-defined] # every view names it
        return render_by(self.rules.render_view, view, tables)

    def redact_event(self, event: Event, seat: int | None) -> Event | None:
        return self.rules.redact(event)
