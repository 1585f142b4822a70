"""The game protocol every game implements, and the checks it gets for free.

A game subclasses :class:`Game` and supplies the rules as a handful of methods:

* ``setup`` -- the state after setup (chance decisions of the setup may still be pending);
* ``to_act`` -- who must decide now;
* ``generate_moves`` -- the exact list of legal moves of one actor (chance included);
* ``chance_outcomes`` -- the weighted outcomes of a pending chance decision;
* ``explain`` -- why a move that is not legal is refused (a stable rule code);
* ``perform`` -- the effect of a legal move;
* ``view`` -- what one seat (or a spectator) may know;
* ``result`` -- ``None`` while the game goes on, else the final scores;
* ``check_state`` -- invariants of a state submitted from outside;
* ``hidden_variant`` -- a state differing only in what ``seat`` cannot know (for leak tests);
* ``render_view`` -- a human-readable text of a view: what one seat (or a spectator) may know;
  ``render`` -- the text of a state, the render of its public view;
* ``make_tables`` -- optionally, the lookup tables the rules derive from a content pack, built once
  per pack (:meth:`Game.tables`) and dropped with it.

:meth:`Game.apply` is the only way to change a state: it checks that the move is legal, refuses it
with :class:`IllegalMove` otherwise, and never mutates its input.
"""

from __future__ import annotations

import abc
import enum
import random
import types
import typing
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

from arbiter.core.chance import generator, pick
from arbiter.core.content import content_id as hash_content
from arbiter.core.describe import describe_generic
from arbiter.core.errors import (
    ArbiterError,
    IllegalMove,
    PositionsUnsupported,
    RulesVersionMismatch,
    UnknownContent,
)
from arbiter.core.packs import DEFAULT_CONTENT_LIMIT, ContentPacks, NotKept
from arbiter.core.provenance import Card, Labels
from arbiter.core.recipes import Recipe
from arbiter.core.render import render_generic
from arbiter.core.shapes import JsonObject, StateShape, migrate
from arbiter.core.takeback import reveals_hidden
from arbiter.core.texts import joined, term, text
from arbiter.core.types import (
    CHANCE,
    Actor,
    BaseState,
    ChanceOutcome,
    Event,
    GameInfo,
    Move,
    OptionInfo,
    Result,
    RuleCode,
)

StateT = TypeVar("StateT", bound=BaseState)
ContentT = TypeVar("ContentT", bound=msgspec.Struct)
OptionsT = TypeVar("OptionsT", bound=msgspec.Struct)
ViewT = TypeVar("ViewT", bound=msgspec.Struct)


class Game(abc.ABC, Generic[StateT, ContentT, OptionsT, ViewT]):
    """A game's rules. One instance serves many states; it keeps only the content packs it knows.

    It keeps its default pack and at most :attr:`content_limit` registered ones, least recently
    used first out (see :mod:`arbiter.core.packs`): a pack that fell out is unknown again
    (:class:`UnknownContent`) until it is registered anew.
    """

    #: Fact-sheet entries; every subclass sets them.
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    description: ClassVar[str] = ""
    has_chance: ClassVar[bool] = True
    has_simultaneous_moves: ClassVar[bool] = False
    has_hidden_information: ClassVar[bool] = True
    #: Members of the game's view (JSON pointers; ``*`` stands for any one key or index) that
    #: change without an event, each with why: what the decision under way is (told by
    #: ``to_act`` and the legal moves), or what a client derives from other members. Every other
    #: change of a view is accounted for by an event (:attr:`arbiter.core.Event.explains`).
    silent_view_members: ClassVar[dict[str, str]] = {"/step": "counts every decision applied"}
    #: The shapes its states had, rules version by version, oldest first (:meth:`shapes`); empty
    #: for a game whose states never changed shape.
    state_shapes: ClassVar[tuple[StateShape, ...]] = ()

    #: The msgspec types of the game: its state, options, view and content structs, and the
    #: tagged unions of its moves and events.
    state_type: ClassVar[type[Any]]
    options_type: ClassVar[type[Any]]
    view_type: ClassVar[type[Any]]
    content_type: ClassVar[type[Any]]
    move_type: ClassVar[Any]
    event_type: ClassVar[Any]

    #: Content ids the default pack had before changes that left every value the rules read as
    #: it was (its provenance labels): states naming one play on with today's default pack.
    former_default_content_ids: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        self._packs: ContentPacks[ContentT] = ContentPacks(DEFAULT_CONTENT_LIMIT)
        default = self.default_content()
        self.check_content(default)
        self.default_content_id = hash_content(default)
        self._packs.add(self.default_content_id, default, pinned=True)
        for former in self.former_default_content_ids:
            self._packs.alias(former, self.default_content_id)
        #: The last moves listed (:meth:`_moves_of`): the state, the actor and the moves. A
        #: client's turn lists a state's moves and then applies one of them (``check_move``
        #: lists them again); states are immutable, so the same object has the same moves.
        #: Holding the state keeps its identity from being reused; read and replaced as one
        #: object, so threads sharing a game at worst list again.
        self._last_moves: tuple[Any, Actor, tuple[Any, ...]] | None = None

    @property
    def content_limit(self) -> int:
        """How many registered packs the game keeps besides its default pack (at least 1).

        Protects the process's memory from clients registering pack after pack; lowering it drops
        the least recently used packs at once.
        """
        return self._packs.limit

    @content_limit.setter
    def content_limit(self, value: int) -> None:
        self._packs.limit = value

    # ----------------------------------------------------------------- fact sheet and content

    def info(self) -> GameInfo:
        """The game's fact sheet."""
        return GameInfo(
            id=self.id,
            title=self.title,
            min_players=self.min_players,
            max_players=self.max_players,
            rules_version=self.rules_version,
            options=option_infos(self.options_type),
            default_content_id=self.default_content_id,
            chance=self.has_chance,
            simultaneous=self.has_simultaneous_moves,
            hidden_information=self.has_hidden_information,
            positions=self.position_type is not None,
            description=self.description,
        )

    def rule_codes(self) -> tuple[RuleCode, ...]:
        """Every rule code the game refuses with, each with the rulebook section it enforces.

        Only documentation reads it (the game's reference page, ``/problems/<code>``); a game's
        tests check it against the codes its source can raise. None by default.
        """
        return ()

    @abc.abstractmethod
    def default_content(self) -> ContentT:
        """The content pack the game ships with."""

    def check_content(self, content: ContentT) -> None:
        """Refuse a content pack that cannot be played (raise :class:`InvalidState`)."""

    def is_default_content(self, content_id: str) -> bool:
        """Whether ``content_id`` names the default pack (today's id or a former one)."""
        return content_id == self.default_content_id or content_id in (
            self.former_default_content_ids
        )

    def content_cards(self, content: ContentT) -> tuple[Card, ...]:
        """The cards of a pack with their keys: what its provenance labels name
        (:mod:`arbiter.core.provenance`). A game whose packs hold no cards has none."""
        return ()

    def content_labels(self, content: ContentT) -> Labels | UnsetType:
        """The provenance labels of a pack (``UNSET``: the pack has none)."""
        return UNSET

    def register_content(self, content: ContentT) -> str:
        """Check and keep a content pack; returns its content id (a hash of its JSON).

        Registering a pack that is kept already only counts as a use of it.
        """
        self.check_content(content)
        cid = hash_content(content)
        self._packs.add(cid, content)
        return cid

    def drop_content(self, content_id: str) -> None:
        """Forget a registered pack now (its owner's bounds say so); the default pack stays."""
        self._packs.remove(content_id)

    def has_content(self, content_id: str) -> bool:
        """Whether the pack is kept now (a use of it)."""
        return content_id in self._packs

    def content(self, content_id: str) -> ContentT:
        """The content pack with this id (:class:`UnknownContent` if it was never registered or
        fell out of the registry)."""
        content = self._packs.get(content_id)
        if content is None:
            raise UnknownContent(self.id, content_id)
        return content

    def content_of(self, state: StateT) -> ContentT:
        return self.content(state.content_id)

    def make_tables(self, content: ContentT) -> Any:
        """The lookup tables the rules derive from a pack; none by default."""
        return None

    def tables(self, content_id: str) -> Any:
        """The tables of a kept pack (:meth:`make_tables`, built once, dropped with the pack).

        A use of the pack; :class:`UnknownContent` if it is not kept.
        """
        pinned = self._packs.pinned_derived.get(content_id)
        if pinned is not None:
            return pinned
        try:
            return self._packs.derived(content_id, self.make_tables)
        except NotKept:
            raise UnknownContent(self.id, content_id) from None

    # ----------------------------------------------------------------------- the rules

    def new_state(
        self,
        players: int,
        options: OptionsT | None = None,
        seed: int = 0,
        content_id: str | None = None,
    ) -> StateT:
        """A new game after setup. Setup's chance decisions may still wait in ``to_act``."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove(
                f"{self.id}.setup.players",
                text(
                    "{game} is played by {min} to {max} players, not {players}",
                    game=term(self.title),
                    min=self.min_players,
                    max=self.max_players,
                    players=players,
                ),
            )
        cid = content_id or self.default_content_id
        content = self.content(cid)
        return self.setup(players, options or self.options_type(), seed, cid, content)

    @abc.abstractmethod
    def setup(
        self, players: int, options: OptionsT, seed: int, content_id: str, content: ContentT
    ) -> StateT:
        """The state after setup."""

    @abc.abstractmethod
    def to_act(self, state: StateT) -> tuple[Actor, ...]:
        """Who must decide now; empty when the game is over."""

    @abc.abstractmethod
    def generate_moves(self, state: StateT, actor: Actor) -> list[Any]:
        """Every legal move of ``actor`` now (empty when it need not act)."""

    def candidate_moves(self, state: StateT, actor: Actor, move: Any) -> list[Any]:
        """The part of :meth:`generate_moves` that holds ``move`` if it is legal at all: what
        :meth:`check_move` looks ``move`` up in when no listing of the state is at hand. All of
        them by default; a game whose listing is a union of parts (the pending decision's
        answers, objective reveals, ...) lists only the part a move of this type can be in, so
        checking one move costs less than listing every move. ``actor`` is among ``to_act`` and
        is not chance. The generic conformance tests hold it to the listing: a move is in here
        exactly when it is in :meth:`generate_moves`."""
        return self.generate_moves(state, actor)

    def anytime_moves(self, state: StateT, seat: int) -> list[Any]:
        """The *anytime moves* of ``seat`` now: moves of a type marked :attr:`Move.anytime`, which
        a seat makes at any moment of play whoever must decide (Scythe's coins changing hands,
        «Союзы и подкуп»). No one waits for them: ``to_act`` and :meth:`legal_moves` leave them
        out, so lists of legal moves stay short; :meth:`apply` takes them from any seat, and
        :meth:`explain` refuses the others of their types. None by default."""
        return []

    def chance_outcomes(self, state: StateT) -> list[ChanceOutcome]:
        """The weighted outcomes of the pending chance decision (empty when none is pending)."""
        return []

    @abc.abstractmethod
    def explain(self, state: StateT, move: Any) -> IllegalMove:
        """Why ``move`` is not legal now, with the most specific rule code that applies."""

    @abc.abstractmethod
    def perform(self, state: StateT, move: Any) -> tuple[StateT, list[Event]]:
        """The effect of a move known to be legal."""

    @abc.abstractmethod
    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What ``seat`` may know of the state; ``None`` is a spectator (public information)."""

    @abc.abstractmethod
    def result(self, state: StateT) -> Result | None:
        """``None`` while the game goes on; the final result once it is over."""

    def standing(self, state: StateT) -> Result | None:
        """The result if the game were scored now: what a hint's playout cut short is worth
        (:mod:`arbiter.core.search`). The final result once the game is over; ``None`` (no
        estimate: an even share for every seat) by default before that."""
        return self.result(state)

    def check_state(self, state: StateT) -> None:
        """Refuse a state that breaks the game's invariants (raise :class:`InvalidState`)."""

    # ------------------------------------------------------------- positions from a table

    #: The msgspec struct of a *position*: what a real table shows, in the rulebook's own terms
    #: (pieces on named places, tracks, cards face up, hands as known cards or as counts, whose
    #: turn it is and which decision is pending), for a companion app to say where a game stands.
    #: ``None``: the game takes no positions (:meth:`state_of` refuses).
    position_type: ClassVar[type[Any] | None] = None

    def state_of(self, position: Any, seed: int, content_id: str | None = None) -> StateT:
        """The complete, consistent state of the table ``position`` describes.

        What the table does not show (the order of decks, cards held face down and given as
        counts) is drawn from what the content pack leaves, by ``seed``; the state is checked
        (:meth:`check_state`). An impossible position is refused with :class:`InvalidState`, its
        ``pointer`` into the position. The reverse is :meth:`position_of`:
        ``position_of(state_of(p, seed)) == p``.
        """
        raise PositionsUnsupported(self.id)

    def position_of(self, state: StateT) -> Any:
        """The position a state shows (everything known: for an open game or a master)."""
        raise PositionsUnsupported(self.id)

    def position_examples(self) -> list[tuple[str, Any]]:
        """Worked examples of positions, each with a title saying where it comes from (the
        rulebook's examples first); the game's reference docs show them. None by default."""
        return []

    def table_recipes(self) -> list[Recipe]:
        """The game's recipes for a real table (:mod:`arbiter.core.recipes`): the next card is
        one the table names, a die rolled at the table, a battle in progress, anytime moves and
        ``as_seat`` -- each with requests the reference shows and the README's example test
        runs. None by default."""
        return []

    def example_states(self) -> list[tuple[str, StateT]]:
        """Tables set for decisions that random play rarely reaches (a battle at a fortress),
        each with a title; the reference's example search (:mod:`arbiter.docs`) plays from them
        before it plays new games. Each is a state of the default content that
        :meth:`check_state` accepts. None by default."""
        return []

    @abc.abstractmethod
    def hidden_variant(self, state: StateT, seat: int | None, rng: random.Random) -> StateT:
        """A state that differs from ``state`` only in what ``seat`` cannot know."""

    def render_view(self, view: ViewT) -> str:
        """A human-readable text of ``view`` (of :meth:`view`), for a person to follow the game.

        Computed from the view alone, so a seat's text shows exactly what that seat may know and
        never what its view hides (the conformance suite checks that the text of a seat's view
        is the same on every :meth:`hidden_variant` for that seat). The default is the view's
        JSON, formatted (:func:`~arbiter.core.render.render_generic`); a game overrides it with a
        text in the rulebook's words, through :func:`~arbiter.core.render.render_by`.
        """
        return render_generic(view)

    def render(self, state: StateT) -> str:
        """The public text of the state: :meth:`render_view` of the spectator's view (seat
        ``None``), so it is safe to show to anyone; a seat's text is that of its own view."""
        return self.render_view(self.view(state, None))

    def describe(self, state: StateT, move: Move) -> str:
        """A short English sentence saying what ``move`` (legal in ``state``) does, chance outcomes
        included. Shown only to whoever may make the move: it may name that seat's own hidden
        cards, nothing else hidden. The default is generic (:func:`describe_generic`); a game
        overrides it with the rulebook's words."""
        return describe_generic(move)

    def can_take_back(self, before: StateT, move: Move, after: StateT) -> bool:
        """Whether a player's ``move`` from ``before`` to ``after`` may be taken back (undo).

        A move may be taken back only while nobody learned anything from it that was hidden:
        never a chance outcome (the service checks that itself, with any chance resolved after
        the move), never a move that revealed a hidden value to any seat, never the move that
        ended the game. The default decides it from the rules alone
        (:func:`arbiter.core.takeback.reveals_hidden`); a game may override it with an exact
        rule of its own, which the conformance suite checks against that one.
        """
        if not self.to_act(after):
            return False
        if not self.has_hidden_information:
            return True
        players = seat_count(before)
        return players is not None and not reveals_hidden(self, before, move, after, players)

    def redact_event(self, event: Event, seat: int | None) -> Event | None:
        """The form of a non-public event that ``seat`` may see, or ``None`` to drop it."""
        return None

    # -------------------------------------------------------------- derived operations

    def legal_moves(self, state: StateT, actor: Actor) -> list[Any]:
        """The exact list of legal moves of ``actor``: each applies, every other is refused."""
        if actor not in self.to_act(state):
            return []
        return self._moves_of(state, actor)

    def _moves_of(self, state: StateT, actor: Actor) -> list[Any]:
        """The moves of an actor already known to be among ``to_act`` (a new list each time)."""
        listed = self._just_listed(state, actor)
        if listed is not None:
            return list(listed)
        if actor == CHANCE:
            moves = [o.move for o in self.chance_outcomes(state)]
        else:
            moves = self.generate_moves(state, actor)
        self._last_moves = (state, actor, tuple(moves))
        return moves

    def listed_moves(self, state: StateT, actor: Actor) -> Sequence[Any]:
        """The moves of an actor already known to be among ``to_act``, for a caller that picks
        one and lists no more (a playout): the listing kept of this very state if there is one
        (:meth:`keep_listing`), otherwise :meth:`generate_moves`' list, which is not kept."""
        listed = self._just_listed(state, actor)
        return listed if listed is not None else self.generate_moves(state, actor)

    def _just_listed(self, state: StateT, actor: Actor) -> tuple[Any, ...] | None:
        """The moves of ``actor`` in this very state object, if they were the last listed."""
        last = self._last_moves
        if last is not None and last[0] is state and last[1] == actor:
            return last[2]
        return None

    def all_legal_moves(self, state: StateT) -> list[Any]:
        """The legal moves of every actor that must decide now."""
        return [m for actor in self.to_act(state) for m in self.legal_moves(state, actor)]

    def actor_of(self, move: Move) -> Actor:
        """The seat a move names, or ``"chance"`` for a chance outcome."""
        seat = getattr(move, "seat", None)
        return CHANCE if seat is None else int(seat)

    def is_legal(self, state: StateT, move: Move) -> bool:
        actor = self.actor_of(move)
        if type(move).anytime and actor != CHANCE:
            return bool(self.to_act(state)) and move in self.anytime_moves(state, actor)
        return move in self.legal_moves(state, actor)

    def check_move(self, state: StateT, move: Move) -> None:
        """Raise :class:`IllegalMove` unless ``move`` is legal now."""
        actor = self.actor_of(move)
        to_act = self.to_act(state)
        if not to_act:
            raise IllegalMove(f"{self.id}.game_over", text("the game is over"))
        if type(move).anytime and actor != CHANCE:
            if move in self.anytime_moves(state, actor):
                return
            raise self.explain(state, move)
        if actor not in to_act:
            waiting = joined((text("chance") if a == CHANCE else str(a) for a in to_act), ", ")
            raise IllegalMove(
                f"{self.id}.not_your_turn",
                text("chance may not decide now; waiting for: {waiting}", waiting=waiting)
                if actor == CHANCE
                else text(
                    "seat {seat} may not decide now; waiting for: {waiting}",
                    seat=actor,
                    waiting=waiting,
                ),
            )
        listed: Sequence[Any] | None = self._just_listed(state, actor)
        if listed is None:
            listed = (
                self._moves_of(state, actor)
                if actor == CHANCE
                else self.candidate_moves(state, actor, move)
            )
        if move in listed:
            return
        raise self.explain(state, move)

    def apply(self, state: StateT, move: Move) -> tuple[StateT, list[Event]]:
        """Check ``move`` and return the next state with what happened. ``state`` is unchanged."""
        self.check_pinned(state)
        self.check_move(state, move)
        return self.apply_unchecked(state, move)

    def apply_unchecked(self, state: StateT, move: Move) -> tuple[StateT, list[Event]]:
        """Apply a move already known to be legal (for example one taken from ``legal_moves``)."""
        new_state, events = self.perform(state, move)
        stepped = msgspec.structs.replace(new_state, step=state.step + 1)
        last = self._last_moves
        if last is not None and last[0] is new_state:  # listed while performing: kept
            self._last_moves = (stepped, last[1], last[2])
        return stepped, events

    def keep_listing(self, state: StateT, actor: Actor, moves: Sequence[Any]) -> None:
        """Keep ``moves`` as the legal moves of ``actor`` in ``state``, a state :meth:`perform`
        is about to answer, which listed them to find out that the decision there waits (a
        decision with nothing to decide is skipped). The state :meth:`apply_unchecked` makes
        of it (the same but for its ``step``, on which no listing depends) then lists them, and
        checks a move against them, without listing again.

        They must be exactly :meth:`generate_moves`' list: the conformance harness compares
        each listing it is given with a fresh one.
        """
        self._last_moves = (state, actor, tuple(moves))

    def shapes(self) -> tuple[StateShape, ...]:
        """The shapes of the game's states, oldest first; the last is today's, of
        :attr:`rules_version` (:mod:`arbiter.core.shapes`)."""
        return self.state_shapes or (
            StateShape(self.rules_version, "the layout since the game was first served"),
        )

    def upgraded(self, plain: JsonObject) -> StateT | None:
        """A state stored in an earlier shape (plain values, as the service stored it), in
        today's shape and checked; ``None`` when it is of no earlier shape or cannot be
        upgraded."""
        try:
            migrated = migrate(self.id, self.shapes(), plain, self.content)
            state: StateT = msgspec.convert(migrated.state, self.state_type)
            self.check_pinned(state)
            self.check_state(state)
        except (ArbiterError, msgspec.ValidationError):
            return None
        return state

    def check_pinned(self, state: StateT) -> None:
        """Refuse a state made under other rules or with a content pack this server lacks."""
        if state.rules_version != self.rules_version:
            raise RulesVersionMismatch(self.id, self.rules_version, state.rules_version)
        if state.content_id not in self._packs:
            raise UnknownContent(self.id, state.content_id)

    def sample_chance(self, state: StateT) -> Move:
        """The outcome of the pending chance decision drawn from the state's seed and step:
        :meth:`draw_without_listing`'s if it has one, else :func:`~arbiter.core.chance.pick`'s
        from :meth:`chance_outcomes`."""
        drawn = self.draw_without_listing(state)
        if drawn is not None:
            return drawn
        return pick(self.chance_outcomes(state), generator(state.seed, state.step))

    def draw_without_listing(self, state: StateT) -> Move | None:
        """The outcome :meth:`sample_chance` draws, found without listing every outcome (a card
        from a deck of dozens, a die's face), or ``None`` to draw from the listing; ``None`` by
        default.

        It must be what :func:`~arbiter.core.chance.pick` draws from :meth:`chance_outcomes`
        with the decision's generator (:func:`~arbiter.core.chance.pick_uniform` does for
        outcomes of weight 1): the conformance harness checks it at every chance decision of
        its random games.
        """
        return None

    def resolve_chance(self, state: StateT) -> tuple[StateT, list[Event]]:
        """Resolve chance decisions from the seed until a player must decide or the game ends."""
        events: list[Event] = []
        while CHANCE in self.to_act(state):
            state, more = self.apply_unchecked(state, self.sample_chance(state))
            events.extend(more)
        return state, events

    def events_for(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        """The events ``seat`` may see (public ones, its own, and redacted forms of the rest)."""
        shown: list[Event] = []
        for event in events:
            if event.visible_to is None or (seat is not None and seat in event.visible_to):
                shown.append(event)
            else:
                redacted = self.redact_event(event, seat)
                if redacted is not None:
                    shown.append(redacted)
        return shown


def option_infos(options_type: type[Any]) -> tuple[OptionInfo, ...]:
    """The fact-sheet form of a game's options struct: field docs come from ``__option_docs__``,
    the player counts an option applies to from ``__option_players__`` (name -> ``(min, max)``),
    choices and bounds from the field's type."""
    docs: dict[str, str] = getattr(options_type, "__option_docs__", {})
    players: dict[str, tuple[int, int]] = getattr(options_type, "__option_players__", {})
    info = msgspec.inspect.type_info(options_type)
    assert isinstance(info, msgspec.inspect.StructType)
    result = []
    for field in info.fields:
        default = field.default if field.default is not msgspec.NODEFAULT else None
        kind = _plain(field.type)
        choices = _choices(options_type, field.name)
        bounds = (kind.ge, kind.le) if isinstance(kind, msgspec.inspect.IntType) else (None, None)
        if choices is not None:
            json_type = "string"
        else:
            json_type = {
                msgspec.inspect.BoolType: "boolean",
                msgspec.inspect.IntType: "integer",
                msgspec.inspect.StrType: "string",
            }.get(type(kind), "string")
        least, most = players.get(field.name, (None, None))
        result.append(
            OptionInfo(
                field.encode_name,
                json_type,
                default.value if isinstance(default, enum.Enum) else default,
                docs.get(field.name, ""),
                choices=msgspec.UNSET if choices is None else choices,
                minimum=_given(bounds[0]),
                maximum=_given(bounds[1]),
                min_players=_given(least),
                max_players=_given(most),
            )
        )
    return tuple(result)


def _given(value: int | None) -> int | msgspec.UnsetType:
    return msgspec.UNSET if value is None else value


def _plain(kind: msgspec.inspect.Type) -> msgspec.inspect.Type:
    """An optional field's type without its ``None``."""
    if isinstance(kind, msgspec.inspect.UnionType):
        rest = [t for t in kind.types if not isinstance(t, msgspec.inspect.NoneType)]
        if len(rest) == 1:
            return rest[0]
    return kind


def _choices(options_type: type[Any], name: str) -> tuple[str, ...] | None:
    """The values of a string ``Literal`` or enum field, in the order the type declares them
    (:func:`msgspec.inspect.type_info` sorts a ``Literal``'s), else ``None``."""
    kind = typing.get_type_hints(options_type)[name]
    if typing.get_origin(kind) in (types.UnionType, typing.Union):
        rest = [t for t in typing.get_args(kind) if t is not type(None)]
        kind = rest[0] if len(rest) == 1 else kind
    if typing.get_origin(kind) is typing.Literal:
        values: tuple[Any, ...] = typing.get_args(kind)
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        values = tuple(member.value for member in kind)
    else:
        return None
    if not all(isinstance(value, str) for value in values):
        return None
    return tuple(str(value) for value in values)


def seat_count(state: Any) -> int | None:
    """The number of seats of a state whose ``players`` member is a count or a tuple of seats."""
    players = getattr(state, "players", None)
    if isinstance(players, bool):
        return None
    if isinstance(players, int):
        return players
    if isinstance(players, tuple | list):
        return len(players)
    return None
