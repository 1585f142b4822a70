"""A seat's view of a game of Scythe as text, for a person to follow the game.

:func:`render_view` answers :meth:`~arbiter.core.Game.render_view` for Scythe. It reads the
:class:`~.view.ScytheView` only (and the content pack the view names), so a seat's text shows
exactly what that seat may know: its own combat cards and objectives, never another seat's.

The text, top to bottom: who sees it and what is being decided now (the task on top of the stack,
then the tasks under it); the structure bonus tile and the decks; a block per seat (faction, mat,
tracks, coins, stars, combat cards, objectives, units, structures, recruits, Factory card and the
mat's sections as they stand after upgrades); a map of the board and a line per space with
anything on it (units, structures, resource tokens, encounter tokens, who controls it).

The view's layout is read through the accessors of the first part (``_resources``,
``_controllers``, ``_sections`` ...) and the rules' own helpers that take a seat or its view
(``amount``, ``cost_of``, ``produce_cost``), so a change of that layout is adapted there. Things are named as in the move descriptions (:mod:`.describe`), so a move's sentence and
the text agree.
"""

from __future__ import annotations

from typing import Final

from arbiter.core.render import per_pack
from arbiter.core.texts import Text, joined, plural, term, text
from arbiter.games.scythe.bottom_actions import cost_of
from arbiter.games.scythe.content import RESOURCES, MatSection, Terrain
from arbiter.games.scythe.names import (
    BOTTOM_NAMES,
    MECH_ABILITY_NAMES,
    STRUCTURE_NAMES,
    TILE_NAMES,
    TOP_NAMES,
    _cost,
    _factory_card,
    _space,
    coins,
    either,
    faction_name,
    resource,
    workers,
)
from arbiter.games.scythe.render_now import (
    PHASES,
    _amount_of,
    _cards,
    _now,
    _objective,
    _who,
)
from arbiter.games.scythe.state import (
    CARD_VALUES,
)
from arbiter.games.scythe.tables import Tables
from arbiter.games.scythe.top_actions import amount, produce_cost
from arbiter.games.scythe.view import PlayerView, ScytheView

View = ScytheView

# ------------------------------------------------------------------------ reading the view


def _resources(v: View, t: Tables) -> dict[str, dict[str, int]]:
    """The resource tokens on each territory that has any, by resource name."""
    return {x: {r: c for r in RESOURCES if (c := n.of(r))} for x, n in v.resources.items()}


def _controllers(v: View, t: Tables) -> dict[str, int]:
    """The seat that controls each controlled territory."""
    return v.control


def _combat_discard(v: View) -> dict[int, int]:
    """The combat discard pile: how many cards of each value."""
    return {value: n for value, n in zip(CARD_VALUES, v.combat_discard, strict=True) if n}


def _sections(t: Tables, p: PlayerView) -> tuple[MatSection, ...]:
    """The four sections of the seat's player mat, in order."""
    return t.mats[p.mat].sections


# ------------------------------------------------------------------------ names


#: Two letters per terrain on the map (two letters in every language: the map's columns).
TERRAIN_CODES: Final[dict[Terrain, Text]] = {
    "farm": text("Fa"),
    "forest": text("Fo"),
    "mountain": text("Mo"),
    "tundra": text("Tu"),
    "village": text("Vi"),
    "lake": text("La"),
    "factory": text("FC"),
}
#: The home bases on the map, by owner (two letters between brackets).
BASE_CODES: Final[dict[str, Text]] = {
    "nordic": text("[No]"),
    "rusviet": text("[Ru]"),
    "crimea": text("[Cr]"),
    "saxony": text("[Sa]"),
    "polania": text("[Po]"),
    "albion": text("[Al]"),
    "togawa": text("[To]"),
}
#: The map's key.
LEGEND: Final[Text] = joined(
    [
        "  ",
        joined(
            [joined([code, term(terrain)], " ") for terrain, code in TERRAIN_CODES.items()], ", "
        ),
    ],
    "",
)
#: The phases besides play (play names the turn).

# ------------------------------------------------------------------------ what the pack fixes

#: A cell of the map: a territory (its id and terrain code) or a fixed text (a home base, or
#: nothing: four spaces).
Cell = tuple[str, Text] | str


class _PackText:
    """The texts of a pack that every view of it repeats, made once per :class:`Tables`: the
    names of the spaces, the map's rows (the hexes' terrains and the home bases), the lines of the
    Factory cards, and the :class:`_SeatText` of the seats seen lately (it depends on the seat and
    the pack only, and a seat looks the same in most views of a position)."""

    def __init__(self, t: Tables) -> None:
        board = t.content.board
        #: every space, in the order of the lines of :func:`_spaces` (board order, bases last)
        self.spaces: tuple[str, ...] = (*t.territories, *sorted(t.bases))
        self.names: dict[str, str] = {x: _space(t, x) for x in self.spaces}
        # the map: a cell per hex, a territory's made per view (who controls it, its token)
        cells: dict[tuple[int, int], Cell] = {}
        for territory in board.territories:
            cells[territory.row, territory.col] = (territory.id, TERRAIN_CODES[territory.terrain])
        for base in board.home_bases:
            cells[base.row, base.col] = BASE_CODES.get(base.owner) or text(
                "[{base}]", base=base.owner[:2].capitalize()
            )
        #: each row of the map: its indent and its cells (four characters wide, a space after)
        self.rows: list[tuple[str, tuple[Cell, ...]]] = []
        if cells:
            rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
            cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
        else:
            rows = cols = range(0)
        for row in rows:
            shift = "   " if row % 2 == 0 else ""
            self.rows.append(("  " + shift, tuple(cells.get((row, col), "    ") for col in cols)))
        self._factory_cards: dict[int, str] = {}
        self._seats: dict[PlayerView, _SeatText] = {}

    def space(self, t: Tables, location: str) -> str:
        """:func:`~.describe._space` of a location."""
        return self.names.get(location) or _space(t, location)

    def factory_card(self, t: Tables, card: int) -> str:
        """The line of a Factory card held (made on the card's first use)."""
        line = self._factory_cards.get(card)
        if line is None:
            line = self._factory_cards[card] = text(
                "  Factory card {card}: {effect}", card=card, effect=_factory_card(t, card)
            )
        return line

    def seat(self, t: Tables, p: PlayerView) -> _SeatText:
        """The :class:`_SeatText` of a seat."""
        try:
            said = self._seats.get(p)
        except TypeError:  # not hashable (lists for tuples): not a view the rules made, not kept
            return _SeatText(t, self, p)
        if said is None:
            if len(self._seats) >= _SEATS_KEPT:
                self._seats.clear()
            said = self._seats[p] = _SeatText(t, self, p)
        return said


#: The most seat texts a pack keeps (all are dropped when there would be more).
_SEATS_KEPT: Final = 1024

#: The pack's :class:`_PackText`, kept as long as its tables are.
_pack_text = per_pack(_PackText)


# ------------------------------------------------------------------------ seats


def _mat(t: Tables, p: PlayerView) -> list[str]:
    """The mat's sections as they stand: current amounts and costs."""
    name = term(t.mats[p.mat].name)
    if p.last_section is None:
        lines: list[str] = [text("  {mat} mat:", mat=name)]
    else:
        lines = [
            text(
                "  {mat} mat ({section} chosen last turn):",
                mat=name,
                section=term(p.last_section),
            )
        ]
    for sec in _sections(t, p):
        top = sec.top
        cost = produce_cost(p, t) if top.name == "produce" else top.cost
        gains = either(
            [_amount_of(amount(p, top.name, i, o), o.name) for i, o in enumerate(top.options)]
        )
        if not cost.is_free():
            gains = text("pay {cost} for {gains}", cost=_cost(cost), gains=gains)
        upper = text(
            "    {action} (section {section}): {gains}",
            action=TOP_NAMES[top.name],
            section=term(top.name),
            gains=gains,
        )
        bottom = sec.bottom
        lower = text(
            "{action}: {cost}",
            action=BOTTOM_NAMES[bottom.name],
            cost=resource(bottom.resource, cost_of(p, t, bottom.name)),
        )
        if bottom.coins:
            lower = text("{action}, then {coins}", action=lower, coins=coins(bottom.coins))
        if any(r.action == bottom.name for r in p.recruits):
            lower = text("{action} [recruit enlisted]", action=lower)
        lines.append(joined([upper, lower], " | "))
    return lines


def _tally(locations: tuple[str, ...]) -> dict[str, int]:
    """How many pieces stand on each location, in order of first appearance."""
    return {x: locations.count(x) for x in dict.fromkeys(locations)}


def _places(counts: dict[str, int]) -> str:
    """``r4c1 x3, r3c1``: locations in order of first appearance (:func:`_tally`), with counts."""
    return ", ".join(x if n == 1 else f"{x} x{n}" for x, n in counts.items()) or "-"


class _SeatText:
    """The text of a seat that depends on the seat and the pack only, not on who looks: its block
    but the seat's name, the turn marker and the hand, and what it has on each space."""

    def __init__(self, t: Tables, pack: _PackText, p: PlayerView) -> None:
        faction = t.factions[p.faction]
        mat = t.mats[p.mat]
        stars = t.content.triumph_track.stars
        mechs, workers_at = _tally(p.mechs), _tally(p.workers)
        #: the first line after the seat's name, before the turn marker
        self.title = text(
            ": {faction} ({character}), {mat} mat (number {number})",
            faction=term(faction.name),
            character=term(faction.character),
            mat=term(mat.name),
            number=mat.number,
        )
        tracks = {
            "power": p.power,
            "popularity": p.popularity,
            "coins": coins(p.coins),
            "stars": len(p.stars),
            "of": stars,
        }
        if p.stars:
            self.tracks = text(
                "  power {power}, popularity {popularity}, {coins}; stars {stars} of {of}: {goals}",
                goals=joined([term(goal) for goal in p.stars], ", "),
                **tracks,
            )
        else:
            self.tracks = text(
                "  power {power}, popularity {popularity}, {coins}; stars {stars} of {of}",
                **tracks,
            )
        #: the line of the cards, before and after the hand (shown to the seat only)
        self.combat = text("  combat cards: {count}", count=p.combat_cards)
        objectives: str = text("; objective cards: {count}", count=p.objective_cards)
        if p.objectives:
            held = joined([_objective(t, c) for c in p.objectives], ", ")
            objectives = text("{objectives} ({held})", objectives=objectives, held=held)
        if p.revealed:
            revealed = joined([_objective(t, c) for c in p.revealed], ", ")
            objectives = text(
                "{objectives}; revealed: {revealed}", objectives=objectives, revealed=revealed
            )
        self.objectives = objectives
        #: the lines after it: units, structures, Factory card, mat
        units_line = text(
            "  character on {space}; mechs ({count}): {places}",
            space=pack.space(t, p.character),
            count=len(p.mechs),
            places=_places(mechs),
        )
        if p.mech_abilities:
            abilities = joined([MECH_ABILITY_NAMES[m] for m in p.mech_abilities], ", ")
            units_line = text("{units} -- {abilities}", units=units_line, abilities=abilities)
        built = [
            text(
                "{structure} on {territory}",
                structure=STRUCTURE_NAMES[b.structure],
                territory=b.territory,
            )
            for b in p.structures
        ]
        self.lines: list[str] = [
            units_line,
            text("  workers ({count}): {places}", count=len(p.workers), places=_places(workers_at)),
            text(
                "  structures: {structures}; recruits: {recruits}; upgrades: {upgrades}",
                structures=joined(built, ", ") if built else "-",
                recruits=len(p.recruits),
                upgrades=len(p.cubes),
            ),
        ]
        if p.factory_card:
            self.lines.append(pack.factory_card(t, p.factory_card))
        self.lines += _mat(t, p)
        # what stands on each space: ``Polania: character, 2 workers, Mill``
        things: dict[str, list[Text]] = {p.character: [text("character")]}
        for location, n in mechs.items():
            things.setdefault(location, []).append(plural("{count} mech", "{count} mechs", count=n))
        for location, n in workers_at.items():
            things.setdefault(location, []).append(workers(n))
        for b in p.structures:
            things.setdefault(b.territory, []).append(STRUCTURE_NAMES[b.structure])
        name = faction_name(p.faction)
        self.pieces = [
            (x, text("{faction}: {pieces}", faction=name, pieces=joined(what, ", ")))
            for x, what in things.items()
        ]


class _Seats:
    """The seats as one view shows them: their names (:func:`_who`, made once per view) and
    their texts (:class:`_SeatText`)."""

    def __init__(self, v: View, t: Tables) -> None:
        self.pack = _pack_text(t)
        self.names = [_who(v, seat) for seat in range(len(v.players))]
        self.texts = [self.pack.seat(t, p) for p in v.players]

    def who(self, v: View, seat: int) -> str:
        """:func:`_who` of a seat."""
        return self.names[seat] if 0 <= seat < len(self.names) else _who(v, seat)


def _seat_block(v: View, r: _Seats, seat: int, p: PlayerView) -> list[str]:
    said = r.texts[seat]
    acting = text(" <- to act") if v.phase == "play" and v.turn.seat == seat else ""
    hand = joined([" (", _cards(p.hand), ")"], "") if seat == v.viewer else ""
    return [
        joined([r.names[seat], said.title, acting], ""),
        said.tracks,
        joined([said.combat, hand, said.objectives], ""),
        *said.lines,
    ]


# ------------------------------------------------------------------------ the board


def _pieces(r: _Seats) -> dict[str, list[str]]:
    """What stands on each space: ``Polania: character, 2 workers, Mill``, seat by seat."""
    found: dict[str, list[str]] = {}
    for said in r.texts:
        for location, pieces in said.pieces:
            found.setdefault(location, []).append(pieces)
    return found


def _row(indent: str, cells: tuple[Cell, ...], control: dict[str, int], tokens: set[str]) -> Text:
    """A row of the map: each cell four characters and a space, the cells a space apart, the
    line's end trimmed (the terrain codes are texts, the rest is written as it is)."""
    parts: list[str] = [indent]
    for i, cell in enumerate(cells):
        gap = " " if i else ""
        if isinstance(cell, tuple):
            x, code = cell
            seat = control.get(x)
            parts += [
                gap,
                code,
                ("." if seat is None else str(seat)) + ("?" if x in tokens else " ") + " ",
            ]
        else:
            parts += [gap, cell, " "]
    while parts and not isinstance(parts[-1], Text):
        trimmed = parts[-1].rstrip()
        if trimmed:
            parts[-1] = trimmed
            break
        parts.pop()
    return joined(parts, "")


def _map(v: View, t: Tables, f: _PackText) -> list[str]:
    """The board as rows of hexes (even rows shifted half a hex right, as printed)."""
    if not f.rows:
        return []
    control = _controllers(v, t)
    tokens = set(v.encounter_tokens)
    lines: list[str] = [
        text(
            "Board (a hex: its terrain, the seat that controls it or '.', '?' an encounter token; "
            "[Xx] a home base):"
        )
    ]
    lines += [_row(indent, cells, control, tokens) for indent, cells in f.rows]
    lines.append(LEGEND)
    return lines


def _spaces(v: View, t: Tables, r: _Seats) -> list[str]:
    """A line per space with anything on it, in board order, home bases last."""
    resources = _resources(v, t)
    control = _controllers(v, t)
    pieces = _pieces(r)
    tokens = set(v.encounter_tokens)
    shown = {*pieces, *resources, *tokens}
    lines: list[str] = []
    for location in r.pack.spaces:
        if location not in shown:
            continue
        parts = list(pieces.get(location, []))
        if location in resources:
            parts.append(joined([resource(k, n) for k, n in resources[location].items()], ", "))
        if location in tokens:
            parts.append(text("encounter token"))
        owner = control.get(location)
        space, things = r.pack.names[location], joined(parts, "; ")
        if owner is not None:
            lines.append(
                text(
                    "  {space}, controlled by {seat}: {things}",
                    space=space,
                    seat=r.who(v, owner),
                    things=things,
                )
            )
        else:
            lines.append(text("  {space}: {things}", space=space, things=things))
    return lines


# ------------------------------------------------------------------------ the whole text


def render_view(v: View, t: Tables) -> str:
    """The text of a view (module docstring)."""
    if v.viewer is None:
        seen = text("public view")
    else:
        seen = text("as seat {seat} sees it", seat=v.viewer)
    when = PHASES.get(v.phase) or text("turn {turn}", turn=v.turns_taken + 1)
    lines: list[str] = [
        plural(
            "Scythe -- {count} player, {when}, step {step} ({seen})",
            "Scythe -- {count} players, {when}, step {step} ({seen})",
            count=v.players_count,
            when=when,
            step=v.step,
            seen=seen,
        ),
        *_now(v, t),
    ]
    if v.structure_tile:
        tile = TILE_NAMES.get(v.structure_tile, v.structure_tile)  # type: ignore[call-overload]
        lines.append(text("Structure bonus tile: {tile}", tile=tile))
    discard = _combat_discard(v)
    factory_ids = f" ({', '.join(map(str, v.factory_cards))})" if v.factory_cards else ""
    lines.append(
        text(
            "Decks: {combat}; {encounters}; {objectives}; {factory}{ids}",
            combat=text(
                "{cards} (discarded: {discarded})",
                cards=plural(
                    "{count} combat cards", "{count} combat cards", count=v.combat_deck_size
                ),
                discarded=", ".join(f"{n}x{value}" for value, n in discard.items()) or text("none"),
            ),
            encounters=plural(
                "{count} encounter cards",
                "{count} encounter cards",
                count=len(v.encounter_deck) + len(v.encounter_bottom),
            ),
            objectives=plural(
                "{count} objective cards", "{count} objective cards", count=v.objective_deck_size
            ),
            factory=plural(
                "{count} Factory card", "{count} Factory cards", count=v.factory_cards_count
            ),
            ids=factory_ids,
        )
    )
    if not v.players and v.factions:
        lines.append(
            text(
                "Factions dealt: {factions}",
                factions=joined([faction_name(f) for f in v.factions], ", "),
            )
        )
    if v.players:
        r = _Seats(v, t)
        for seat, p in enumerate(v.players):
            lines += ["", *_seat_block(v, r, seat, p)]
        lines += [
            "",
            *_map(v, t, r.pack),
            text("Spaces with something on them:"),
            *_spaces(v, t, r),
        ]
    return joined(lines, "\n")
