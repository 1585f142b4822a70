"""The reference of each game, generated from its code: ``docs/games/<game>.md`` and the HTML page
``GET /docs/games/{game}`` (:mod:`arbiter.api.docs`) render the same :class:`GameDoc`.

A reference holds the game's fact sheet and options, every move and event type (its tag, members
and types, docstring, and an example from a real game), every rule code with the rulebook section
it enforces (:meth:`arbiter.core.Game.rule_codes`), and the layout of the state and of a seat's
view: every struct reachable from them, with its members, their types and its docstring. A game
that takes positions (:attr:`arbiter.core.Game.position_type`) also gets a **Positions** section:
the position's layout the same way, and each of its worked examples
(:meth:`arbiter.core.Game.position_examples`) as a titled JSON block. Nothing
is written by hand, so the reference cannot drift from the code: ``arbiter export-schemas``
(``make schemas``) writes the Markdown next to the contracts, and ``--check`` and
``tests/api/test_game_docs.py`` fail when the checked-in file differs from what the code makes.

**Examples** come from play rather than from samples written by hand, so each one is a move or an
event a real game produced. Seeded games are played with random moves -- players from the most
to the fewest, each option's other values in turn -- and every decision prefers a move of a type
not seen yet (the first new chance outcome, a random new player move), so rare types turn up in a
bounded number of decisions (:data:`BUDGET` a game; play stops early once every move type has been
seen). A game may set tables for the decisions random play rarely reaches
(:meth:`~arbiter.core.Game.example_states`, a battle about to be fought): they are played first,
a few times each. The first move and the first event of each type are kept, with where they came
from; the other seats' form of a private event (:meth:`~arbiter.core.Game.redact_event`) is an
example of its own type. A type never reached within the budget says so. The play is deterministic (seeded
random generators, seeded chance), so the output is too.
"""

from __future__ import annotations

import inspect
import math
import random
import re
import typing
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi

from arbiter.core import CHANCE, GameInfo, Registry, RuleCode, compact, seat_count
from arbiter.core.provenance import PartShare, shares
from arbiter.core.recipes import Recipe, script
from arbiter.core.registry import AnyGame
from arbiter.core.texts import english
from arbiter.docs_languages import markdown as languages_markdown
from arbiter.docs_shapes import ShapeDoc, shape_docs
from arbiter.docs_shapes import markdown as shapes_markdown

#: Decisions played per game, at most, to find an example of each move and event type.
BUDGET = 60_000
#: How often the search plays from each example table, and for how many decisions at most.
EXAMPLE_PLAYS = 4
EXAMPLE_DECISIONS = 600
#: Where the Markdown references live, relative to the repository root.
FOLDER = "docs/games"
#: Rule code kinds, in the order a reference lists them, with their headings.
KINDS = (
    ("move", "Illegal moves", "a move refused with HTTP 422, title “Illegal move”"),
    ("state", "Broken invariants of a submitted state", "HTTP 422, title “Invalid state”"),
    ("content", "Content packs that cannot be played", "a pack refused when it is registered"),
    ("position", "Impossible positions", "HTTP 422, title “Invalid position”, a pointer into it"),
)


class Member(msgspec.Struct, frozen=True):
    """One member of a struct: its JSON name, its type, its default as JSON (``None``: required),
    and what it means where the code says it apart from the struct's docstring (options)."""

    name: str
    type: str
    default: str | None
    doc: str = ""


class Example(msgspec.Struct, frozen=True):
    """A value a real game produced (compact JSON) and where it came from."""

    json: str
    where: str


class TypeDoc(msgspec.Struct, frozen=True, kw_only=True):
    """One struct: a move or event type (``tag`` set) or a struct of the state or view layout."""

    name: str
    tag: str | None = None
    doc: str
    members: tuple[Member, ...]
    example: Example | None = None
    #: For an event type: the view members it accounts for (``Event.explains``).
    accounts_for: tuple[str, ...] = ()


class PositionExample(msgspec.Struct, frozen=True):
    """A worked example of a position: its title and its JSON (indented)."""

    title: str
    json: str


class GameDoc(msgspec.Struct, frozen=True, kw_only=True):
    """Everything a game's reference shows."""

    info: GameInfo
    options: tuple[Member, ...]
    moves: tuple[TypeDoc, ...]
    events: tuple[TypeDoc, ...]
    rule_codes: tuple[RuleCode, ...]
    state: tuple[TypeDoc, ...]
    view: tuple[TypeDoc, ...]
    play: str
    #: The view members that change with no event, and why (``Game.silent_view_members``).
    silent: tuple[tuple[str, str], ...] = ()
    #: The position's layout (empty: the game takes no positions) and worked examples.
    position: tuple[TypeDoc, ...] = ()
    position_examples: tuple[PositionExample, ...] = ()
    #: How a real table says what happened there (:meth:`arbiter.core.Game.table_recipes`).
    recipes: tuple[Recipe, ...] = ()
    #: How much of each part of the default content pack a source gives (its labels).
    content: tuple[PartShare, ...] = ()
    #: The changelog of the state's layout (:mod:`arbiter.docs_shapes`).
    shapes: tuple[ShapeDoc, ...] = ()


# ------------------------------------------------------------------------------------ types


def type_name(t: mi.Type) -> str:
    """A compact, JSON-minded name of a type: ``integer (≥ 0)``, ``string[]``, ``"a" | "b"``."""
    if isinstance(t, mi.Metadata):
        return type_name(t.type)
    if isinstance(t, mi.UnionType):
        return " | ".join(type_name(x) for x in t.types)
    if isinstance(t, mi.LiteralType):
        return " | ".join(msgspec.json.encode(v).decode() for v in t.values)
    if isinstance(t, mi.StructType):
        return t.cls.__name__
    if isinstance(t, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
        inner = type_name(t.item_type)
        if " | " in inner:
            inner = f"({inner})"
        return inner + "[]" + _bounds(t.min_length, t.max_length, "items")
    if isinstance(t, mi.TupleType):
        return "[" + ", ".join(type_name(x) for x in t.item_types) + "]"
    if isinstance(t, mi.DictType):
        bounds = _bounds(t.min_length, t.max_length, "entries")
        return f"object of {type_name(t.key_type)} → {type_name(t.value_type)}{bounds}"
    if isinstance(t, mi.IntType | mi.FloatType):
        name = "integer" if isinstance(t, mi.IntType) else "number"
        limits = [
            f"{sign} {value}"
            for sign, value in (("≥", t.ge), (">", t.gt), ("≤", t.le), ("<", t.lt))
            if value is not None
        ]
        return name + (f" ({', '.join(limits)})" if limits else "")
    if isinstance(t, mi.StrType):
        extra = [f"pattern {t.pattern}"] if t.pattern else []
        return "string" + _bounds(t.min_length, t.max_length, "characters", extra)
    simple = {mi.BoolType: "boolean", mi.NoneType: "null", mi.AnyType: "any", mi.RawType: "any"}
    return simple.get(type(t), type(t).__name__.removesuffix("Type").lower())


def _bounds(low: int | None, high: int | None, unit: str, extra: list[str] | None = None) -> str:
    parts = list(extra or [])
    if low:
        parts.append(f"≥ {low} {unit}")
    if high is not None:
        parts.append(f"≤ {high} {unit}")
    return f" ({', '.join(parts)})" if parts else ""


def members(info: mi.StructType) -> tuple[Member, ...]:
    """A struct's members, its tag first, in encoding order."""
    out = []
    if info.tag_field is not None and info.tag is not None:
        out.append(Member(info.tag_field, msgspec.json.encode(info.tag).decode(), None))
    for f in info.fields:
        default: str | None = None
        if not f.required:
            value = f.default if f.default is not msgspec.NODEFAULT else f.default_factory()
            default = msgspec.json.encode(value).decode()
        out.append(Member(f.encode_name, type_name(f.type), default))
    return tuple(out)


def docstring(cls: type[Any]) -> str:
    """A class's own docstring, dedented (``""`` when it has none: nothing is inherited)."""
    own = cls.__dict__.get("__doc__")
    return inspect.cleandoc(own) if isinstance(own, str) else ""


def structs(root: Any) -> list[mi.StructType]:
    """Every struct reachable from ``root``, in the order a depth-first walk first meets them."""
    seen: dict[type[Any], mi.StructType] = {}

    def walk(t: mi.Type) -> None:
        if isinstance(t, mi.StructType):
            if t.cls in seen:
                return
            seen[t.cls] = t
            for f in t.fields:
                walk(f.type)
        elif isinstance(t, mi.Metadata):
            walk(t.type)
        elif isinstance(t, mi.UnionType):
            for x in t.types:
                walk(x)
        elif isinstance(t, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
            walk(t.item_type)
        elif isinstance(t, mi.TupleType):
            for x in t.item_types:
                walk(x)
        elif isinstance(t, mi.DictType):
            walk(t.key_type)
            walk(t.value_type)

    walk(mi.type_info(root))
    return list(seen.values())


def union_members(union: Any) -> list[type[Any]]:
    """The struct types of a tagged union (a union alias, or one struct)."""
    return list(typing.get_args(union)) or [union]


def tag_of(value: Any) -> str:
    return str(type(value).__struct_config__.tag)


# ---------------------------------------------------------------------------------- examples


@dataclass
class Found:
    """The first move and event of each type met in play, and how much was played."""

    moves: dict[str, Example] = field(default_factory=dict)
    events: dict[str, Example] = field(default_factory=dict)
    games: int = 0
    examples: int = 0
    decisions: int = 0


def setups(game: AnyGame) -> list[tuple[int, Any, str]]:
    """The games to play in turn: (players, options, how to say them).

    Players from the most to the fewest; the default options first, then each option's other
    values one at a time (a boolean flipped, each other value of a ``Literal``).
    """
    variants: list[tuple[Any, str]] = [(game.options_type(), "default options")]
    info = mi.type_info(game.options_type)
    assert isinstance(info, mi.StructType)
    for f in info.fields:
        values: tuple[Any, ...] = ()
        if isinstance(f.type, mi.BoolType):
            values = (not f.default,)
        elif isinstance(f.type, mi.LiteralType):
            values = tuple(v for v in f.type.values if v != f.default)
        for value in values:
            options = game.options_type(**{f.name: value})
            variants.append((options, f"{f.encode_name}: {msgspec.json.encode(value).decode()}"))
    players = range(game.max_players, game.min_players - 1, -1)
    count = max(len(players), len(variants))
    return [(players[i % len(players)], *variants[i % len(variants)]) for i in range(count)]


def play(game: AnyGame, found: Found, budget: int = BUDGET) -> Iterator[None]:
    """Play into ``found`` until every move type is seen or ``budget`` decisions were taken;
    yields after each decision (callers may pause there).

    First the game's example tables (:meth:`~arbiter.core.Game.example_states`), each played
    :data:`EXAMPLE_PLAYS` times for at most :data:`EXAMPLE_DECISIONS` decisions; then seeded
    new games (:func:`setups`). Moves of a type not seen yet come first; else a listed move at
    random, as an answer lists them (moves that differ only in an amount count once), half the
    time among the moves of a kind drawn first. Anytime moves are shown (an example is kept),
    not played."""
    wanted = {str(t.__struct_config__.tag) for t in union_members(game.move_type)}

    def done() -> bool:
        return found.decisions >= budget or wanted <= set(found.moves)

    tables = game.example_states()
    for round_ in range(EXAMPLE_PLAYS):
        for title, state in tables:
            if done():
                return
            found.examples += 1
            where = f"play {round_ + 1} from the example table “{title}”"
            rng = random.Random(round_)
            players = seat_count(state) or game.min_players
            yield from _from(game, found, state, players, rng, where, budget, EXAMPLE_DECISIONS)
    plan = setups(game)
    while not done():
        seed = found.games
        players, options, said = plan[seed % len(plan)]
        found.games += 1
        state = game.new_state(players, options, seed=seed)
        where = f"game {seed + 1} ({players} players, seed {seed}, {said})"
        yield from _from(game, found, state, players, random.Random(seed), where, budget)


def _from(
    game: AnyGame,
    found: Found,
    state: Any,
    players: int,
    rng: random.Random,
    where: str,
    budget: int,
    limit: int | None = None,
) -> Iterator[None]:
    """Play one game of ``players`` from ``state`` to its end, the budget, or ``limit``
    decisions."""
    step = 0
    while game.to_act(state) and found.decisions < budget and (limit is None or step < limit):
        move = _pick(game, state, found, rng)
        for offer in game.anytime_moves(state, step % players)[:1]:  # shown, not played
            _keep(found.moves, offer, step, where)
        _keep(found.moves, move, step, where)
        state, events = game.apply_unchecked(state, move)
        for event in events:
            _keep(found.events, event, step, where)
            if event.visible_to is not None:
                hidden = game.redact_event(event, _outsider(event.visible_to, players))
                if hidden is not None:
                    _keep(found.events, hidden, step, where, ", as the other seats see it")
        step += 1
        found.decisions += 1
        yield


def _keep(kept: dict[str, Example], value: Any, step: int, where: str, how: str = "") -> None:
    """Keep ``value`` as the example of its type if it is the first one met."""
    tag = tag_of(value)
    if tag not in kept:
        kept[tag] = Example(_json(value), f"decision {step + 1} of {where}{how}")


def _pick(game: AnyGame, state: Any, found: Found, rng: random.Random) -> Any:
    actors = game.to_act(state)
    if actors[0] == CHANCE:
        outcomes = [o.move for o in game.chance_outcomes(state)]
        new = [m for m in outcomes if tag_of(m) not in found.moves]
        return new[0] if new else game.sample_chance(state)
    moves = [m for actor in actors for m in game.legal_moves(state, actor)]
    new = [m for m in moves if tag_of(m) not in found.moves]
    if new:
        return rng.choice(new)
    if rng.random() < 0.5:
        # half the time a kind of move first, so the rare kinds (a battle's choices) come up
        kinds: dict[str, list[Any]] = {}
        for m in moves:
            kinds.setdefault(tag_of(m), []).append(m)
        moves = kinds[rng.choice(sorted(kinds))]
    # as a client picks: among the listed moves, an amount within a listed move's range
    listed, ranges = compact(moves)
    index = rng.randrange(len(listed))
    move = listed[index]
    for r in ranges:
        if r.index == index:
            move = msgspec.structs.replace(move, **{r.field: rng.randint(r.min, r.max)})
    return move


def _outsider(visible_to: tuple[int, ...], players: int) -> int | None:
    return next((seat for seat in range(players) if seat not in visible_to), None)


def _json(value: Any) -> str:
    return msgspec.json.encode(value, enc_hook=english).decode()


# --------------------------------------------------------------------------------- the model


def building(game: AnyGame, budget: int = BUDGET) -> Generator[None, None, GameDoc]:
    """Build a game's reference; yields while it plays for examples (see :func:`play`)."""
    found = Found()
    yield from play(game, found, budget)
    info = mi.type_info(game.options_type)
    assert isinstance(info, mi.StructType)
    described = {o.name: o.description for o in game.info().options}

    def typedoc(struct: mi.StructType, examples: dict[str, Example] | None = None) -> TypeDoc:
        tag = None if struct.tag is None else str(struct.tag)
        example = None if examples is None or tag is None else examples.get(tag)
        return TypeDoc(
            name=struct.cls.__name__,
            tag=tag,
            doc=docstring(struct.cls),
            members=members(struct),
            example=example,
            accounts_for=tuple(getattr(struct.cls, "explains", ())),
        )

    def kinds(union: Any, examples: dict[str, Example]) -> tuple[TypeDoc, ...]:
        out = []
        for cls in union_members(union):
            struct = mi.type_info(cls)
            assert isinstance(struct, mi.StructType)
            out.append(typedoc(struct, examples))
        return tuple(out)

    state = structs(game.state_type)
    shown = {s.cls for s in state}
    position: tuple[TypeDoc, ...] = ()
    worked: tuple[PositionExample, ...] = ()
    if game.position_type is not None:
        position = tuple(typedoc(s) for s in structs(game.position_type))
        worked = tuple(
            PositionExample(title, msgspec.json.format(_json(value), indent=2))
            for title, value in game.position_examples()
        )
    codes = sorted(
        game.rule_codes(), key=lambda c: ([k for k, _, _ in KINDS].index(c.kind), c.code)
    )
    pack = game.content(game.default_content_id)
    return GameDoc(
        info=game.info(),
        options=tuple(
            Member(m.name, m.type, m.default, described.get(m.name, "")) for m in members(info)
        ),
        moves=kinds(game.move_type, found.moves),
        events=kinds(game.event_type, found.events),
        rule_codes=tuple(codes),
        state=tuple(typedoc(s) for s in state),
        view=tuple(typedoc(s) for s in structs(game.view_type) if s.cls not in shown),
        silent=tuple(game.silent_view_members.items()),
        position=position,
        position_examples=worked,
        recipes=tuple(game.table_recipes()),
        shapes=shape_docs(game),
        play=_played(found, budget),
        content=shares(game.content_cards(pack), game.content_labels(pack)),
    )


def _played(found: Found, budget: int) -> str:
    def counted(n: int, what: str) -> str:
        return f"{n} {what}{'s' if n != 1 else ''}"

    parts = [counted(found.games, "seeded game")]
    if found.examples:
        parts.insert(0, counted(found.examples, "play") + " from example tables")
    return f"{found.decisions:,} decisions of {' and '.join(parts)} (at most {budget:,})"


def build(game: AnyGame, budget: int = BUDGET) -> GameDoc:
    """A game's reference, built at once."""
    steps = building(game, budget)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            doc: GameDoc = done.value
            return doc


#: What a reference depends on besides the code: its game's class and id, rules and default pack,
#: and the budget of the play.
Key = tuple[str, str, str, str, int]

_BUILT: dict[Key, GameDoc] = {}


def cache_key(game: AnyGame, budget: int = BUDGET) -> Key:
    kind = f"{type(game).__module__}.{type(game).__qualname__}"
    return (kind, game.id, game.rules_version, game.default_content_id, budget)


def cached(game: AnyGame, budget: int = BUDGET) -> GameDoc | None:
    return _BUILT.get(cache_key(game, budget))


def remember(game: AnyGame, doc: GameDoc, budget: int = BUDGET) -> GameDoc:
    _BUILT[cache_key(game, budget)] = doc
    return doc


def reference(game: AnyGame, budget: int = BUDGET) -> GameDoc:
    """A game's reference, built once per process (the play costs a second or two)."""
    return cached(game, budget) or remember(game, build(game, budget), budget)


# ------------------------------------------------------------------------------------- text

_ROLE = re.compile(r":[a-z]+:`(~?)\.?([^`]*)`")
LITERAL = re.compile(r"``(.+?)``")
_BULLET = re.compile(r"^[*-] ")


def plain_roles(text: str) -> str:
    """Sphinx roles as their target's last name: ``:class:`~.moves.Build``` -> ````Build````."""

    def name(match: re.Match[str]) -> str:
        short, target = match.groups()
        return f"``{target.rsplit('.', 1)[-1] if short else target}``"

    return _ROLE.sub(name, text)


def blocks(text: str) -> list[tuple[str, list[str]]]:
    """A docstring as paragraphs (``("p", [text])``) and bullet lists (``("ul", items)``)."""
    out: list[tuple[str, list[str]]] = []
    for chunk in re.split(r"\n\s*\n", plain_roles(text).strip()):
        lines = [line.strip() for line in chunk.splitlines()]
        if lines and _BULLET.match(lines[0]):
            items: list[str] = []
            for line in lines:
                if _BULLET.match(line):
                    items.append(line[2:])
                elif items:
                    items[-1] += " " + line
            out.append(("ul", items))
        elif lines and lines != [""]:
            out.append(("p", [" ".join(lines)]))
    return out


def md_inline(text: str) -> str:
    """RST literals as Markdown code spans."""
    return LITERAL.sub(lambda m: f"`{m.group(1)}`", text)


def md_blocks(text: str) -> str:
    parts = []
    for kind, lines in blocks(text):
        if kind == "ul":
            parts.append("\n".join(f"* {md_inline(item)}" for item in lines))
        else:
            parts.append(md_inline(lines[0]))
    return "\n\n".join(parts)


def cell(text: str) -> str:
    """Text for a Markdown table cell: one line, pipes escaped."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def code_cell(text: str) -> str:
    return f"`{cell(text)}`" if text else ""


def section_of(code: RuleCode) -> str:
    """The rulebook section of a code as printed: «HEADING» › «paragraph»."""
    where = f"«{code.section}»"
    return f"{where} › «{code.paragraph}»" if code.paragraph else where


def player_range(info: GameInfo) -> str:
    low, high = info.min_players, info.max_players
    return str(low) if low == high else f"{low}–{high}"


# --------------------------------------------------------------------------------- Markdown


def markdown(doc: GameDoc) -> str:
    """The reference of a game as Markdown (GitHub-flavoured: tables, fenced code)."""
    info = doc.info
    out = [
        f"# {info.title}: reference",
        "",
        f"Generated from the code by `arbiter export-schemas` (`make schemas`): do not edit. "
        f"The service serves it as HTML at `/docs/games/{info.id}`.",
        "",
        "## Fact sheet",
        "",
        "| | |",
        "|---|---|",
        f"| id | `{info.id}` |",
        f"| title | {cell(info.title)} |",
        f"| players | {player_range(info)} |",
        f"| rules version | `{info.rules_version}` |",
        f"| chance | {'yes' if info.chance else 'no'} |",
        f"| simultaneous moves | {'yes' if info.simultaneous else 'no'} |",
        f"| hidden information | {'yes' if info.hidden_information else 'no'} |",
        f"| positions from a table | {'yes' if info.positions else 'no'} |",
        f"| default content pack | `{info.default_content_id}` |",
        "",
        cell(info.description),
        "",
        "## Options",
        "",
    ]
    if doc.options:
        out += ["| option | type | default | meaning |", "|---|---|---|---|"]
        out += [
            f"| `{m.name}` | {code_cell(m.type)} | {code_cell(m.default or '')} | {cell(m.doc)} |"
            for m in doc.options
        ]
    else:
        out.append("None.")
    out += ["", "## Default content pack", "", CONTENT_INTRO, ""]
    out += ["| " + " | ".join(CONTENT_HEADERS) + " |", "|---" * len(CONTENT_HEADERS) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in content_rows(doc.content)]
    out += ["", "## Table recipes", "", RECIPES_INTRO, ""]
    for recipe in doc.recipes:
        out += [f"### {recipe.title}", "", md_blocks(recipe.text), ""]
        if recipe.calls:
            out += ["```sh", *script(recipe), "```", ""]
    if not doc.recipes:
        out += ["The game gives no recipe yet.", ""]
    out += languages_markdown(info.id)
    out += ["## Moves", "", union_intro(doc, "move"), ""]
    for t in doc.moves:
        out += _md_type(t, "move", f"### `{t.tag}` ({t.name})", doc.play)
    out += ["## Events", "", union_intro(doc, "event"), "", EVENTS_INTRO, ""]
    out += [f"* `{pointer}` -- {cell(why)}" for pointer, why in doc.silent]
    out.append("")
    for t in doc.events:
        out += _md_type(t, "event", f"### `{t.tag}` ({t.name})", doc.play)
    out += ["## Rule codes", "", RULE_CODES_INTRO, ""]
    for kind, title, how in KINDS:
        codes = [c for c in doc.rule_codes if c.kind == kind]
        if not codes:
            continue
        out += [f"### {title}", "", f"Kind `{kind}`: {how}.", ""]
        heads = f"| code | {SECTION_HEADERS[kind]} | {DESCRIPTION_HEADERS[kind]} |"
        out += [heads, "|---|---|---|"]
        out += [
            f"| `{c.code}` | {cell(section_of(c))} | {cell(md_inline(c.description))} |"
            for c in codes
        ]
        out.append("")
    if not doc.rule_codes:
        out += ["The game lists no rule codes.", ""]
    out += ["## State", "", STATE_INTRO, ""]
    for t in doc.state:
        out += _md_type(t, "struct", f"### {t.name}", doc.play)
    out += shapes_markdown(info.id, doc.shapes)
    out += ["## View", "", VIEW_INTRO, ""]
    for t in doc.view:
        out += _md_type(t, "struct", f"### {t.name}", doc.play)
    out += ["## Positions", ""]
    if not doc.position:
        out += [no_positions(info.id), ""]
        return "\n".join(out).rstrip("\n") + "\n"
    out += [positions_intro(info.id), ""]
    for t in doc.position:
        out += _md_type(t, "struct", f"### {t.name}", doc.play)
    out += ["### Worked examples", ""]
    if not doc.position_examples:
        out += ["The game gives no worked example yet.", ""]
    for example in doc.position_examples:
        out += [f"#### {example.title}", "", "```json", example.json, "```", ""]
    return "\n".join(out).rstrip("\n") + "\n"


CONTENT_INTRO = (
    "Each card (component) of the pack the game ships, and each of its values, is labelled with "
    "its provenance: given by a cited source (a rulebook, a file of `shared/reference/`), or the "
    "project's own default where nothing was published. Owners load their edition as a content "
    "pack; a pack without labels is taken as the owner's edition. How much of each part is "
    "sourced:"
)
CONTENT_HEADERS = ("part", "cards", "sourced in full", "sourced in part", "values sourced")


def content_rows(parts: tuple[PartShare, ...]) -> list[tuple[str, ...]]:
    """The rows of the default pack's table: one a part, then the whole pack (``all``)."""

    def row(
        name: str, cards: int, full: int, partly: int, values: int, sourced: int
    ) -> tuple[str, ...]:
        percent = math.floor(1000 * sourced / values) / 10 if values else 0  # never 100 too soon
        share = f"{sourced} of {values} ({percent:g} %)" if values else "none"
        return (name, str(cards), str(full), str(partly), share)

    rows = [
        row(f"`{p.part}`", p.cards, p.sourced_cards, p.partly_sourced, p.values, p.sourced_values)
        for p in parts
    ]
    total = [sum(getattr(p, f) for p in parts) for f in PartShare.__struct_fields__[1:]]
    return [*rows, row("all", *total)]


#: The rule-code tables' section column: an invariant names the rule it protects.
SECTION_HEADERS = {
    "move": "rulebook section",
    "state": "rulebook section it protects",
    "content": "rulebook section",
    "position": "rulebook section it protects",
}
#: The rule-code tables' description column.
DESCRIPTION_HEADERS = {
    "move": "what it refuses",
    "state": "the invariant (a state breaking it is refused)",
    "content": "what a pack needs",
    "position": "what the table cannot show (such a position is refused)",
}
RECIPES_INTRO = (
    "How a companion app at a real table says what happened there: each recipe with the requests "
    "that do it and the answers they get (`localhost:8000` is the service; the README's "
    "'Reading the examples' says how to read the answers: `...` for more, `<NAME>` for a value "
    "used again later). The README's example test runs every one of them."
)
EVENTS_INTRO = (
    "Every change a client could show comes with an event: each event type below names the "
    "members of the view it accounts for (JSON pointers; `{member}` stands for that member of "
    "the event), so a client keeps its view current from the events of each answer. Only these "
    "change with no event:"
)
RULE_CODES_INTRO = (
    "Every code the game refuses with: a problem document's `code` (and its `type`, "
    "`/problems/<code>`). The section is the rulebook's heading as printed, then the paragraph "
    "that says the rule; a ruling is where the rulebook is silent (see the game's rulings)."
)
STATE_INTRO = (
    "The full state of an open game (`state` in answers and requests), then every struct it holds. "
    "A state submitted from outside is checked against the invariants above before any rule runs."
)
VIEW_INTRO = (
    "What one seat (or a spectator) may know (`view` in answers): the structs not already shown "
    "under State."
)


def no_positions(game_id: str) -> str:
    """What the Positions section says for a game that takes none."""
    return (
        f"This game does not take positions yet: `POST /v1/games/{game_id}/positions` and "
        f"`POST /v1/games/{game_id}/position` answer `404 positions_unsupported`."
    )


def positions_intro(game_id: str) -> str:
    """What the Positions section says before the layout."""
    return (
        "A position is what a real table shows, in the rulebook's own terms: a companion app "
        f"sends it to `POST /v1/games/{game_id}/positions` (GraphQL `setUpPosition`) and gets "
        "the complete state -- what the table does not show (deck orders, cards given as counts) "
        "is drawn from what the content pack leaves, by the request's `seed`, and an impossible "
        "position is refused with the code below and a `pointer` into it. "
        f"`POST /v1/games/{game_id}/position` (GraphQL `position`) answers the position of a state "
        "(an open one, or a sealed game's through its master handle); setting that position up "
        "again gives a state whose position is the same. The position type, then every struct it "
        "holds:"
    )


def union_intro(doc: GameDoc, role: str) -> str:
    types = doc.moves if role == "move" else doc.events
    reached = sum(t.example is not None for t in types)
    if role == "move":
        lead = (
            f"{len(types)} move types, a tagged union on `type`. A player's move names its `seat`; "
            'a chance outcome names none (it is listed while `to_act` is `["chance"]`).'
        )
    else:
        lead = (
            f"{len(types)} event types, a tagged union on `type`. `visible_to` is `null` for a "
            "public event, else the seats that see it; the others see its redacted form, if any."
        )
    return (
        f"{lead} The examples come from play: {doc.play}, preferring types not seen yet; "
        f"{reached} of {len(types)} types were reached."
    )


def _md_type(t: TypeDoc, role: str, heading: str, play: str) -> list[str]:
    out = [heading, ""]
    if t.doc:
        out += [md_blocks(t.doc), ""]
    out += ["| member | type | default |", "|---|---|---|"]
    out += [
        f"| `{m.name}` | {code_cell(m.type)} | {code_cell(m.default) if m.default else 'required'} |"
        for m in t.members
    ]
    out.append("")
    if t.accounts_for:
        out += ["Accounts for: " + ", ".join(f"`{p}`" for p in t.accounts_for), ""]
    if role == "struct":
        return out
    if t.example is None:
        out += [f"No example: no game reached this {role} in {play}.", ""]
    else:
        out += [f"Example, from {t.example.where}:", "", "```json", t.example.json, "```", ""]
    return out


# ------------------------------------------------------------------------------ the files


def path_of(game_id: str) -> str:
    return f"{FOLDER}/{game_id}.md"


def generate(registry: Registry, budget: int = BUDGET) -> dict[str, bytes]:
    """The reference of every registered game, by path relative to the repository root."""
    return {path_of(g.id): markdown(reference(g, budget)).encode() for g in registry}


def stale(root: Path, files: dict[str, bytes]) -> list[str]:
    """References under ``docs/games/`` of games no longer registered."""
    folder = root / FOLDER
    if not folder.is_dir():
        return []
    found = (p.relative_to(root).as_posix() for p in sorted(folder.glob("*.md")))
    return [path for path in found if path not in files]
