"""Types shared by every game: actors, the state header, moves, events, results."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Literal, TypeAlias, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

#: The actor that resolves chance decisions (a die roll, the next card of a deck).
CHANCE: Literal["chance"] = "chance"

#: Who must decide now: a player seat (0-based) or ``"chance"``.
Actor: TypeAlias = int | Literal["chance"]


class BaseState(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fields every game state starts with.

    States are immutable: ``Game.apply`` returns a new one and shares the untouched parts.

    * ``rules_version`` -- the rules the state was made under;
    * ``content_id`` -- the content pack (cards, boards) it plays with;
    * ``seed`` -- the secret seed chance decisions are drawn from; never shown in a view;
    * ``step`` -- how many decisions were applied since setup (chance ones included).
    """

    rules_version: str
    content_id: str
    seed: int
    step: int = 0


_TAGS: dict[type, str] = {}


def tag_of(struct_type: type[msgspec.Struct]) -> str:
    """The tag of a tagged struct type (a move's, a task's), kept per type: msgspec builds a new
    ``StructConfig`` at every read of ``__struct_config__``, and the rules ask it of every move."""
    tag = _TAGS.get(struct_type)
    if tag is None:
        tag = _TAGS[struct_type] = str(struct_type.__struct_config__.tag)
    return tag


class Move(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="type"):
    """Base of every game's moves. A game's move type is a tagged union on ``type``.

    A player's move names its ``seat``; a chance outcome has none.
    """

    #: The integer member in which legal moves of this type may differ alone (an amount of coins
    #: given): answers list such moves compactly, one move a run of amounts with its range
    #: (:mod:`arbiter.core.ranges`). ``None``: every move is listed.
    ranged: ClassVar[str | None] = None
    #: Moves of this type are *anytime moves*: a seat makes them at any moment of play, whoever
    #: must decide now (:meth:`arbiter.core.Game.anytime_moves`), never as the decision under way.
    anytime: ClassVar[bool] = False


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Something that happened while a move was applied, tagged on ``type``.

    ``visible_to`` is ``None`` for public events, else the seats that may see it.

    Every change a client could show comes with an event: a client that holds a view keeps it
    current from the events of each answer. Each kind of event names the members of the game's
    view it accounts for in :attr:`explains`, JSON pointers (RFC 6901) with ``{member}``
    placeholders filled from the event (``/players/{seat}/coins``); the conformance suite checks,
    over random games, that every member of a view that changes is accounted for by an event of
    that answer (see :attr:`arbiter.core.Game.silent_view_members` for the few that are not).
    """

    #: The view members an event of this kind accounts for (templates; see :meth:`explained`).
    explains: ClassVar[tuple[str, ...]] = ()

    visible_to: tuple[int, ...] | None = None

    def explained(self) -> tuple[str, ...]:
        """The view members this event accounts for: :attr:`explains` filled in."""
        if not self.explains:
            return ()
        values = {name: getattr(self, name) for name in self.__struct_fields__}
        return tuple(pointer.format_map(values) for pointer in self.explains)


class ChanceOutcome(msgspec.Struct, frozen=True):
    """One outcome of a chance decision and its integer weight (probability = weight / total)."""

    move: Move
    weight: int


class ScoreLine(msgspec.Struct, frozen=True):
    """One line of a seat's final scoring, such as ``("banners: red", 6)``: ``label`` is the
    game's key of the line (the same in every language: a client may key on it), ``text`` the
    line as a person reads it, in the answer's language (``"1 red banner"``, «1 красное
    знамя»)."""

    seat: int
    label: str
    points: int
    text: str = ""


class OpponentLine(msgspec.Struct, frozen=True):
    """One line of an automated opponent's final scoring, such as ``("raids", 12)``; ``label``
    and ``text`` as in :class:`ScoreLine`."""

    label: str
    points: int
    text: str = ""


class Opponent(msgspec.Struct, frozen=True, kw_only=True):
    """An automated opponent that is not a seat (a solo mode's chief), as a result ranks it.

    * ``name`` -- what the game calls it (``the nameless chief``);
    * ``score`` -- its final points;
    * ``place`` -- 1 for first, shared with seats and other opponents by the same rules as
      seats' places (score, then every tie-breaker; still tied: the same place);
    * ``tie_break_values`` -- its value for each of the result's tie-breakers;
    * ``breakdown`` -- its scoring lines;
    * ``text`` -- its name as a person reads it (said in the answer's language; ``name`` stays
      the same in every language).
    """

    name: str
    score: int
    place: int
    tie_break_values: tuple[int, ...] = ()
    breakdown: tuple[OpponentLine, ...] = ()
    text: str = ""


#: A scoring line of a seat or of an automated opponent (each has a ``text``).
_Line = TypeVar("_Line", ScoreLine, OpponentLine)


class Result(msgspec.Struct, frozen=True, kw_only=True):
    """The end of a game: scores, tie-breaks applied, and how each score was made.

    * ``scores[seat]`` -- final points;
    * ``ranking`` -- seats from first to last, tie-breakers applied (seats only);
    * ``places[seat]`` -- 1 for first; seats still tied after every tie-breaker share a place;
      opponents ranked above a seat count as ahead of it (a seat behind one opponent alone is
      in place 2);
    * ``winners`` -- the seats in first place; empty when an opponent alone is first;
    * ``tie_breakers`` -- the names of the tie-breakers, in the order they apply (the same in
      every language), and ``tie_breaker_texts`` each as a person reads it (said in the
      answer's language);
    * ``tie_break_values[seat]`` -- that seat's value for each tie-breaker;
    * ``breakdown`` -- every scoring line of the seats;
    * ``opponents`` -- automated opponents that are not seats (a solo mode's chief), ranked
      with the seats (:class:`Opponent`); empty in a game without one.
    """

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    tie_breakers: tuple[str, ...] = ()
    tie_break_values: tuple[tuple[int, ...], ...] = ()
    breakdown: tuple[ScoreLine, ...] = ()
    opponents: tuple[Opponent, ...] = ()
    tie_breaker_texts: tuple[str, ...] = ()

    def with_texts(self, said: Callable[[str], str]) -> Result:
        """This result with ``said`` applied to each of its texts -- every scoring line's, every
        tie-breaker's, every automated opponent's and its lines' -- and its keys (``label``,
        ``tie_breakers``, ``name``) as they are."""

        def line_said(line: _Line) -> _Line:
            return msgspec.structs.replace(line, text=said(line.text))

        return msgspec.structs.replace(
            self,
            tie_breaker_texts=tuple(map(said, self.tie_breaker_texts)),
            breakdown=tuple(map(line_said, self.breakdown)),
            opponents=tuple(
                msgspec.structs.replace(
                    o, text=said(o.text), breakdown=tuple(map(line_said, o.breakdown))
                )
                for o in self.opponents
            ),
        )

    def without_texts(self) -> Result:
        """This result without its texts (what two results must agree on whatever language
        and release said them: a record's claimed result against the one a replay reaches)."""
        return msgspec.structs.replace(self.with_texts(lambda _: ""), tie_breaker_texts=())


def rank(
    scores: tuple[int, ...] | list[int],
    tie_breakers: tuple[str, ...] = (),
    tie_break_values: tuple[tuple[int, ...], ...] | list[tuple[int, ...]] = (),
    breakdown: tuple[ScoreLine, ...] | list[ScoreLine] = (),
    *,
    opponents: Sequence[Opponent] = (),
    tie_breaker_texts: Sequence[str] = (),
) -> Result:
    """Rank seats and automated opponents together by score, then by each tie-breaker in order
    (higher is better); those still tied after every tie-breaker share a place.

    ``opponents`` are given with any ``place`` (``0``); the result holds them in the order given,
    each with its place. Each has one tie-break value per value of the seats' (``ValueError``
    otherwise). ``ranking`` lists the seats only, ``winners`` the seats in first place (none when
    an opponent alone is first). ``tie_breaker_texts``: each tie-breaker as a person reads it.
    """
    n = len(scores)
    values = tuple(tuple(v) for v in tie_break_values) if tie_break_values else ((),) * n
    width = len(values[0]) if values else 0
    for opponent in opponents:
        if len(opponent.tie_break_values) != width:
            raise ValueError(
                f"opponent {opponent.name!r} has {len(opponent.tie_break_values)} tie-break "
                f"values, the seats {width}"
            )

    def key(seat: int) -> tuple[int, ...]:
        return (scores[seat], *values[seat])

    keys = [key(seat) for seat in range(n)]
    keys += [(o.score, *o.tie_break_values) for o in opponents]

    def place(of: tuple[int, ...]) -> int:
        return 1 + sum(1 for other in keys if other > of)

    ranking = tuple(sorted(range(n), key=lambda s: (tuple(-x for x in key(s)), s)))
    places = tuple(place(key(seat)) for seat in range(n))
    winners = tuple(s for s in ranking if places[s] == 1)
    return Result(
        scores=tuple(scores),
        ranking=ranking,
        places=places,
        winners=winners,
        tie_breakers=tie_breakers,
        tie_breaker_texts=tuple(tie_breaker_texts),
        tie_break_values=values if tie_break_values else (),
        breakdown=tuple(breakdown),
        opponents=tuple(
            msgspec.structs.replace(o, place=place((o.score, *o.tie_break_values)))
            for o in opponents
        ),
    )


class OptionInfo(msgspec.Struct, frozen=True):
    """One game option of a fact sheet: its name, JSON type, default and meaning; and, where the
    options struct says so, what a client's form needs to offer only valid values:

    * ``choices`` -- the only values the option takes (a ``Literal`` or an enum), in order;
    * ``minimum``, ``maximum`` -- an integer option's bounds;
    * ``min_players``, ``max_players`` -- the player counts the option applies to (Raiders of
      Scythia's solo chief: solo play only); at other counts the game ignores it, and a form
      leaves it out.
    """

    name: str
    type: str
    default: bool | int | str | None
    description: str
    choices: tuple[str, ...] | UnsetType = UNSET
    minimum: int | UnsetType = UNSET
    maximum: int | UnsetType = UNSET
    min_players: int | UnsetType = UNSET
    max_players: int | UnsetType = UNSET


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """The fact sheet of a game (OpenSpiel's ``GameType``)."""

    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    options: tuple[OptionInfo, ...]
    default_content_id: str
    chance: bool
    simultaneous: bool
    hidden_information: bool
    #: Whether the game sets up states from positions, what a real table shows
    #: (:attr:`arbiter.core.Game.position_type`; ``POST /v1/games/{game}/positions``).
    positions: bool
    description: str


class RuleCode(msgspec.Struct, frozen=True, kw_only=True):
    """One rule code a game refuses with, and the rule it enforces (the game's reference docs and
    the ``/problems/<code>`` pages show it).

    * ``code`` -- the full code, ``<game>.<rule>`` (``scythe.move.river_crossing``);
    * ``kind`` -- ``move``: an illegal move (:class:`~arbiter.core.IllegalMove`); ``state``: a
      submitted state breaks an invariant; ``content``: a content pack cannot be played;
      ``position``: a position (what a table shows) is impossible (the last three
      :class:`~arbiter.core.InvalidState`);
    * ``section`` -- the rulebook section it enforces, its heading as printed (``ДВИЖЕНИЕ``);
    * ``paragraph`` -- where it helps, the paragraph of that section, its lead-in as printed
      (``РЕКИ И ОЗЕРА``);
    * ``description`` -- one line: what is refused; for an invariant, which rule it protects.
    """

    code: str
    kind: Literal["move", "state", "content", "position"]
    section: str
    paragraph: str = ""
    description: str


class RuleCodes:
    """Writes a game's :class:`RuleCode` entries under its namespace, one builder per kind::

    codes = RuleCodes("scythe")
    codes.move("move.river_crossing", "ДВИЖЕНИЕ", "РЕКИ И ОЗЕРА", "Units cannot cross ...")
    """

    def __init__(self, namespace: str) -> None:
        self.namespace = namespace

    def _code(
        self,
        kind: Literal["move", "state", "content", "position"],
        rule: str,
        section: str,
        paragraph: str,
        description: str,
    ) -> RuleCode:
        return RuleCode(
            code=f"{self.namespace}.{rule}",
            kind=kind,
            section=section,
            paragraph=paragraph,
            description=description,
        )

    def move(self, rule: str, section: str, paragraph: str, description: str) -> RuleCode:
        """An illegal move's code."""
        return self._code("move", rule, section, paragraph, description)

    def state(self, rule: str, section: str, paragraph: str, description: str) -> RuleCode:
        """A broken invariant of a submitted state."""
        return self._code("state", rule, section, paragraph, description)

    def content(self, rule: str, section: str, paragraph: str, description: str) -> RuleCode:
        """A content pack that cannot be played."""
        return self._code("content", rule, section, paragraph, description)

    def position(self, rule: str, section: str, paragraph: str, description: str) -> RuleCode:
        """An impossible position (:meth:`arbiter.core.Game.state_of` refuses it)."""
        return self._code("position", rule, section, paragraph, description)
