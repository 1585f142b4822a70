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

from collections.abc import Callable
from typing import Any, Final

from arbiter.core.render import now_lines, per_pack
from arbiter.games.scythe.bottom_actions import cost_of
from arbiter.games.scythe.content import RESOURCES, MatSection, Terrain
from arbiter.games.scythe.describe import (
    AMOUNT_SOURCES,
    BOTTOM_NAMES,
    MECH_ABILITY_NAMES,
    OPTION_NAMES,
    STRUCTURE_NAMES,
    TILE_NAMES,
    TOP_NAMES,
    _cost,
    _count,
    _factory_card,
    _reward,
    _space,
)
from arbiter.games.scythe.encounters import options_allowed
from arbiter.games.scythe.state import (
    CARD_VALUES,
    AfterMove,
    AmountTask,
    Battle,
    Battles,
    BottomTask,
    ChooseFactionTask,
    DealFactory,
    DealObjectives,
    DiscardTask,
    DrawCombat,
    EncounterTask,
    FactoryChoice,
    GainTask,
    MoveTask,
    PlaceStart,
    ProduceTask,
    RetreatTask,
    Section,
    SetupFactions,
    SetupMat,
    SetupTile,
    Side,
    StarCheck,
    StartPlay,
    TargetTask,
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


def _faction_id(v: View, seat: int) -> str:
    if 0 <= seat < len(v.players):
        return v.players[seat].faction
    if 0 <= seat < len(v.factions):
        return v.factions[seat]
    return ""


# ------------------------------------------------------------------------ names


#: Two letters per terrain on the map.
TERRAIN_CODES: Final[dict[Terrain, str]] = {
    "farm": "Fa",
    "forest": "Fo",
    "mountain": "Mo",
    "tundra": "Tu",
    "village": "Vi",
    "lake": "La",
    "factory": "FC",
}
#: The map's key.
LEGEND: Final[str] = "  " + ", ".join(
    f"{code} {terrain}" for terrain, code in TERRAIN_CODES.items()
)
#: The phases besides play (play names the turn).
PHASES: Final[dict[str, str]] = {"setup": "setup", "over": "game over"}
STAGES: Final[dict[str, str]] = {
    "section": "chooses a section",
    "top": "takes or skips the top-row action",
    "bottom": "takes or skips the bottom-row action",
    "end": "ends the turn (and may reveal a completed objective)",
}
AFTER_MOVE: Final[dict[str, str]] = {
    "battles": "the battles it started",
    "encounter": "the encounter it reached, if any",
    "factory": "the Factory card, if it reached the Factory",
}
BATTLE_STAGES: Final[dict[str, str]] = {
    "attacker_abilities": "the attacker's abilities before the reveal",
    "defender_abilities": "the defender's abilities before the reveal",
    "artillery": "Artillery",
    "scout": "Scout",
    "choose": "both sides secretly choose power and combat cards",
}


def _who(v: View, seat: int) -> str:
    """``seat 2 (Polania)``; ``seat 2 (Polania, you)`` for the viewer."""
    parts = [_faction_id(v, seat).capitalize()] if _faction_id(v, seat) else []
    if seat == v.viewer:
        parts.append("you")
    return f"seat {seat} ({', '.join(parts)})" if parts else f"seat {seat}"


def _cards(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values)) or "none"


def _objective(t: Tables, card: int) -> str:
    """``#16 A Wolf Among the Sheep``."""
    objective = t.objectives.get(card)
    return f"#{card} {objective.name}" if objective else f"#{card}"


def _amount_of(n: int, what: str) -> str:
    """``2 units``, ``1 unit``, ``1 territory``, ``3 power`` (``what`` as in ``OPTION_NAMES``)."""
    if n != 1 or what in ("power", "popularity"):
        return f"{n} {what}"
    singular = what[:-3] + "y" if what.endswith("ies") else what.removesuffix("s")
    return f"{n} {singular}"


def _section_name(t: Tables, p: PlayerView, section: Section) -> str:
    if section == "factory":
        return "the Factory card"
    return f"the section {TOP_NAMES[section]} / {BOTTOM_NAMES[t.under(p.mat, section).name]}"


# ------------------------------------------------------------------------ now

TaskText = Callable[[View, Tables, Any], str]


def _says(text: str, unit: str = "") -> TaskText:
    """A task said in a fixed sentence: ``{seat}`` (the task's seat or player) named, ``{count}``
    the task's count of ``unit``."""

    def say(v: View, t: Tables, task: Any) -> str:
        seat = getattr(task, "seat", getattr(task, "player", -1))
        count = _count(getattr(task, "count", 0), unit) if unit else ""
        return text.format(seat=_who(v, seat), count=count)

    return say


def _move(v: View, t: Tables, task: MoveTask) -> str:
    text = (
        f"{_who(v, task.seat)} moves: up to {_count(task.units_left, 'more unit')}, "
        f"{_count(task.steps, 'territory', 'territories')} each"
    )
    c = task.current
    if c is not None:
        unit = "the character" if c.kind == "character" else f"a {c.kind}"
        text += f"; moving {unit} on {_space(t, c.at)}, {_count(c.steps_left, 'step')} left"
        carried = [_count(len(c.workers), "worker")] if c.workers else []
        carried += [f"{c.cargo.of(r)} {r}" for r in RESOURCES if c.cargo.of(r)]
        if carried:
            text += ", carrying " + ", ".join(carried)
    return text


def _after_move(v: View, t: Tables, task: AfterMove) -> str:
    return f"after the Move of {_who(v, task.seat)}: {AFTER_MOVE.get(task.stage, task.stage)}"


def _battles(v: View, t: Tables, task: Battles) -> str:
    where = ", ".join(_space(t, x) for x in task.territories)
    return f"{_who(v, task.seat)} chooses the next battle: {where}"


def _side(v: View, seat: int, side: Side) -> str:
    if seat != v.viewer:
        return f"{_who(v, seat)} {'has committed' if side.committed else 'is choosing'}"
    chosen = f"power {side.power}" + (f", combat cards {_cards(side.cards)}" if side.cards else "")
    if side.committed:
        return f"{_who(v, seat)} has committed {chosen}"
    return f"{_who(v, seat)} is choosing (so far {chosen})"


def _battle(v: View, t: Tables, task: Battle) -> str:
    text = (
        f"battle on {_space(t, task.territory)}: {_who(v, task.attacker)} attacks "
        f"{_who(v, task.defender)}; {BATTLE_STAGES.get(task.stage, task.stage)}"
    )
    if task.stage == "choose":
        sides = [
            _side(v, task.attacker, task.attacker_side),
            _side(v, task.defender, task.defender_side),
        ]
        text += " (" + "; ".join(sides) + ")"
    elif task.acting >= 0:
        text += f", {_who(v, task.acting)} decides"
    return text


def _encounter(v: View, t: Tables, task: EncounterTask) -> str:
    text = f"{_who(v, task.seat)} has an encounter on {_space(t, task.territory)}"
    card = None if task.card is None else t.encounters.get(task.card)
    if card is None:
        return text + ": the card is drawn"
    options = "; ".join(
        f"{i}: {_reward(o.reward)}" + ("" if o.cost.is_free() else f" for {_cost(o.cost)}")
        for i, o in enumerate(card.options)
    )
    chosen = f", chosen {', '.join(map(str, task.chosen))}" if task.chosen else ""
    limit = _count(options_allowed(t, v.players[task.seat].faction), "option")
    return f"{text}: card {card.id}, {limit} of {options}{chosen}"


def _gain(v: View, t: Tables, task: GainTask) -> str:
    where = f" on {_space(t, task.place)}" if task.place else ""
    return f"{_who(v, task.seat)} takes the reward {_reward(task.reward)}{where}, or stops"


def _amount(v: View, t: Tables, task: AmountTask) -> str:
    source = AMOUNT_SOURCES.get(task.source, task.source)
    what = _amount_of(task.full, task.item.replace("_", " "))
    return f"{_who(v, task.seat)} takes 0 to {what} from {source}"


def _produce(v: View, t: Tables, task: ProduceTask) -> str:
    text = f"{_who(v, task.seat)} produces on up to {_count(task.territories_left, 'more territory', 'more territories')}"
    if task.mill:
        text += f" and the Mill's {_space(t, task.mill)}"
    if task.done:
        text += f" (done: {', '.join(task.done)})"
    return text


def _bottom(v: View, t: Tables, task: BottomTask) -> str:
    name = BOTTOM_NAMES[task.action]
    return f"{_who(v, task.seat)} takes the bottom-row action {name} ({task.stage})"


def _target(v: View, t: Tables, task: TargetTask) -> str:
    free = " (free)" if task.free else ""
    at = f" on {_space(t, task.place)}" if task.place else ""
    return f"{_who(v, task.seat)} chooses the target of {BOTTOM_NAMES[task.action]}{free}{at}"


def _star_check(v: View, t: Tables, task: StarCheck) -> str:
    return "stars earned are placed: " + ", ".join(_who(v, s) for s in task.seats)


def _retreat(v: View, t: Tables, task: RetreatTask) -> str:
    return (
        f"{_who(v, task.seat)} may retreat the units beaten on {_space(t, task.territory)} "
        "onto an adjacent lake"
    )


#: What each pending task says (the tasks of :data:`~.state.Pending`).
TASKS: Final[dict[type[Any], TaskText]] = {
    SetupTile: _says("setup: the structure bonus tile is dealt"),
    SetupFactions: _says("setup: the factions are dealt"),
    SetupMat: _says("setup: a player mat is dealt to {seat}"),
    ChooseFactionTask: _says("{seat} chooses a faction and a player mat"),
    PlaceStart: _says("setup: the pieces are placed"),
    DrawCombat: _says("{seat} draws {count}", "combat card"),
    DealObjectives: _says("{seat} is dealt {count}", "objective card"),
    DealFactory: _says("setup: {count} set out face down", "Factory card"),
    StartPlay: _says("setup done: the seat with the lowest mat number starts"),
    MoveTask: _move,
    AfterMove: _after_move,
    Battles: _battles,
    Battle: _battle,
    EncounterTask: _encounter,
    DiscardTask: _says("{seat} discards {count} to pay a cost", "combat card"),
    GainTask: _gain,
    AmountTask: _amount,
    ProduceTask: _produce,
    BottomTask: _bottom,
    TargetTask: _target,
    StarCheck: _star_check,
    RetreatTask: _retreat,
    FactoryChoice: _says("{seat} picks a Factory card"),
}


def _task(v: View, t: Tables, task: Any) -> str:
    text = TASKS.get(type(task))
    return text(v, t, task) if text else type(task).__name__


def _now(v: View, t: Tables) -> list[str]:
    """What is being decided now, then the tasks waiting under it."""
    if v.phase == "over":
        return now_lines("the game is over", [])
    if v.pending:
        under = [_task(v, t, task) for task in v.pending[-2::-1]]
        lines = now_lines(_task(v, t, v.pending[-1]), under)
    elif v.phase == "play" and 0 <= v.turn.seat < len(v.players):
        turn = v.turn
        p = v.players[turn.seat]
        doing = STAGES.get(turn.stage, turn.stage)
        if turn.stage == "section" and p.last_section is not None:
            doing += f" (not {_section_name(t, p, p.last_section)}, chosen last turn)"
        elif turn.stage in ("top", "bottom") and turn.section is not None:
            doing += f" of {_section_name(t, p, turn.section)}"
        lines = now_lines(f"{_who(v, turn.seat)} {doing}", [])
    else:
        lines = now_lines(v.phase, [])
    if v.phase == "play" and v.pending and 0 <= v.turn.seat < len(v.players):
        p = v.players[v.turn.seat]
        chosen = v.turn.section
        section = "" if chosen is None else f", {_section_name(t, p, chosen)}"
        lines.append(f"  in the turn of {_who(v, v.turn.seat)}{section}")
    return lines


# ------------------------------------------------------------------------ what the pack fixes


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
        cells: dict[tuple[int, int], tuple[str, str] | str] = {}
        for territory in board.territories:
            cells[territory.row, territory.col] = (territory.id, TERRAIN_CODES[territory.terrain])
        for base in board.home_bases:
            cells[base.row, base.col] = f"[{base.owner[:2].capitalize()}]"
        #: each row of the map as a format string with a field per territory, and the territories
        #: (with their terrain codes) in that order
        self.rows: list[tuple[str, tuple[tuple[str, str], ...]]] = []
        if cells:
            rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
            cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
        else:
            rows = cols = range(0)
        for row in rows:
            fields: list[str] = []
            territories: list[tuple[str, str]] = []
            for col in cols:
                cell = cells.get((row, col), "    ")
                if isinstance(cell, str):
                    fields.append(cell.ljust(5).replace("{", "{{").replace("}", "}}"))
                else:
                    fields.append("{:<5}")
                    territories.append(cell)
            shift = "   " if row % 2 == 0 else ""
            self.rows.append(("  " + shift + " ".join(fields), tuple(territories)))
        self._factory_cards: dict[int, str] = {}
        self._seats: dict[PlayerView, _SeatText] = {}

    def space(self, t: Tables, location: str) -> str:
        """:func:`~.describe._space` of a location."""
        return self.names.get(location) or _space(t, location)

    def factory_card(self, t: Tables, card: int) -> str:
        """The line of a Factory card held (made on the card's first use)."""
        line = self._factory_cards.get(card)
        if line is None:
            line = self._factory_cards[card] = f"  Factory card {card}: {_factory_card(t, card)}"
        return line

    def seat(self, t: Tables, p: PlayerView) -> _SeatText:
        """The :class:`_SeatText` of a seat."""
        try:
            text = self._seats.get(p)
        except TypeError:  # not hashable (lists for tuples): not a view the rules made, not kept
            return _SeatText(t, self, p)
        if text is None:
            if len(self._seats) >= _SEATS_KEPT:
                self._seats.clear()
            text = self._seats[p] = _SeatText(t, self, p)
        return text


#: The most seat texts a pack keeps (all are dropped when there would be more).
_SEATS_KEPT: Final = 1024

#: The pack's :class:`_PackText`, kept as long as its tables are.
_pack_text = per_pack(_PackText)


# ------------------------------------------------------------------------ seats


def _mat(t: Tables, p: PlayerView) -> list[str]:
    """The mat's sections as they stand: current amounts and costs."""
    last = "" if p.last_section is None else f" ({p.last_section} chosen last turn)"
    lines = [f"  {t.mats[p.mat].name} mat{last}:"]
    for sec in _sections(t, p):
        top = sec.top
        cost = produce_cost(p, t) if top.name == "produce" else top.cost
        gains = " or ".join(
            _amount_of(amount(p, top.name, i, o), OPTION_NAMES[o.name])
            for i, o in enumerate(top.options)
        )
        pay = "" if cost.is_free() else f"pay {_cost(cost)} for "
        bottom = sec.bottom
        price = cost_of(p, t, bottom.name)
        coins = f", then {_count(bottom.coins, 'coin')}" if bottom.coins else ""
        enlisted = " [recruit enlisted]" if any(r.action == bottom.name for r in p.recruits) else ""
        lines.append(
            f"    {TOP_NAMES[top.name]} (section {top.name}): {pay}{gains} | "
            f"{BOTTOM_NAMES[bottom.name]}: {price} {bottom.resource}{coins}{enlisted}"
        )
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
        mechs, workers = _tally(p.mechs), _tally(p.workers)
        #: the first line after the seat's name, before the turn marker
        self.title = f": {faction.name} ({faction.character}), {mat.name} mat (number {mat.number})"
        self.tracks = (
            f"  power {p.power}, popularity {p.popularity}, {_count(p.coins, 'coin')}; "
            f"stars {len(p.stars)} of {stars}" + (f": {', '.join(p.stars)}" if p.stars else "")
        )
        #: the line of the cards, before and after the hand (shown to the seat only)
        self.combat = f"  combat cards: {p.combat_cards}"
        self.objectives = (
            f"; objective cards: {p.objective_cards}"
            + (f" ({', '.join(_objective(t, c) for c in p.objectives)})" if p.objectives else "")
            + (
                f"; revealed: {', '.join(_objective(t, c) for c in p.revealed)}"
                if p.revealed
                else ""
            )
        )
        #: the lines after it: units, structures, Factory card, mat
        self.lines = [
            f"  character on {pack.space(t, p.character)}; "
            f"mechs ({len(p.mechs)}): {_places(mechs)}"
            + (
                " -- " + ", ".join(MECH_ABILITY_NAMES[m] for m in p.mech_abilities)
                if p.mech_abilities
                else ""
            ),
            f"  workers ({len(p.workers)}): {_places(workers)}",
            "  structures: "
            + (
                ", ".join(f"{STRUCTURE_NAMES[b.structure]} on {b.territory}" for b in p.structures)
                or "-"
            )
            + f"; recruits: {len(p.recruits)}; upgrades: {len(p.cubes)}",
        ]
        if p.factory_card:
            self.lines.append(pack.factory_card(t, p.factory_card))
        self.lines += _mat(t, p)
        # what stands on each space: ``Polania: character, 2 workers, Mill``
        things: dict[str, list[str]] = {p.character: ["character"]}
        for location, n in mechs.items():
            things.setdefault(location, []).append(_count(n, "mech"))
        for location, n in workers.items():
            things.setdefault(location, []).append(_count(n, "worker"))
        for built in p.structures:
            things.setdefault(built.territory, []).append(STRUCTURE_NAMES[built.structure])
        name = p.faction.capitalize()
        self.pieces = [(x, f"{name}: {', '.join(what)}") for x, what in things.items()]


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
    text = r.texts[seat]
    acting = " <- to act" if v.phase == "play" and v.turn.seat == seat else ""
    hand = f" ({_cards(p.hand)})" if seat == v.viewer else ""
    return [
        f"{r.names[seat]}{text.title}{acting}",
        text.tracks,
        f"{text.combat}{hand}{text.objectives}",
        *text.lines,
    ]


# ------------------------------------------------------------------------ the board


def _pieces(r: _Seats) -> dict[str, list[str]]:
    """What stands on each space: ``Polania: character, 2 workers, Mill``, seat by seat."""
    found: dict[str, list[str]] = {}
    for text in r.texts:
        for location, pieces in text.pieces:
            found.setdefault(location, []).append(pieces)
    return found


def _map(v: View, t: Tables, f: _PackText) -> list[str]:
    """The board as rows of hexes (even rows shifted half a hex right, as printed)."""
    if not f.rows:
        return []
    control = _controllers(v, t)
    tokens = set(v.encounter_tokens)
    lines = [
        "Board (a hex: its terrain, the seat that controls it or '.', '?' an encounter token; "
        "[Xx] a home base):"
    ]
    for row, territories in f.rows:
        cells = [
            code
            + ("." if (seat := control.get(x)) is None else str(seat))
            + ("?" if x in tokens else " ")
            for x, code in territories
        ]
        lines.append(row.format(*cells).rstrip())
    lines.append(LEGEND)
    return lines


def _spaces(v: View, t: Tables, r: _Seats) -> list[str]:
    """A line per space with anything on it, in board order, home bases last."""
    resources = _resources(v, t)
    control = _controllers(v, t)
    pieces = _pieces(r)
    tokens = set(v.encounter_tokens)
    shown = {*pieces, *resources, *tokens}
    lines = []
    for location in r.pack.spaces:
        if location not in shown:
            continue
        parts = pieces.get(location, [])
        if location in resources:
            parts.append(", ".join(f"{n} {kind}" for kind, n in resources[location].items()))
        if location in tokens:
            parts.append("encounter token")
        owner = control.get(location)
        held = f", controlled by {r.who(v, owner)}" if owner is not None else ""
        lines.append(f"  {r.pack.names[location]}{held}: " + "; ".join(parts))
    return lines


# ------------------------------------------------------------------------ the whole text


def render_view(v: View, t: Tables) -> str:
    """The text of a view (module docstring)."""
    seen = "public view" if v.viewer is None else f"as seat {v.viewer} sees it"
    when = PHASES.get(v.phase) or f"turn {v.turns_taken + 1}"
    lines = [
        f"Scythe -- {v.players_count} players, {when}, step {v.step} ({seen})",
        *_now(v, t),
    ]
    if v.structure_tile:
        tile = TILE_NAMES.get(v.structure_tile, v.structure_tile)  # type: ignore[call-overload]
        lines.append(f"Structure bonus tile: {tile}")
    discard = _combat_discard(v)
    lines.append(
        f"Decks: {v.combat_deck_size} combat cards (discarded: "
        + (", ".join(f"{n}x{value}" for value, n in discard.items()) or "none")
        + f"); {len(v.encounter_deck) + len(v.encounter_bottom)} encounter cards; "
        f"{v.objective_deck_size} objective cards; "
        f"{_count(v.factory_cards_count, 'Factory card')}"
        + (f" ({', '.join(map(str, v.factory_cards))})" if v.factory_cards else "")
    )
    if not v.players and v.factions:
        lines.append("Factions dealt: " + ", ".join(f.capitalize() for f in v.factions))
    if v.players:
        r = _Seats(v, t)
        for seat, p in enumerate(v.players):
            lines += ["", *_seat_block(v, r, seat, p)]
        lines += ["", *_map(v, t, r.pack), "Spaces with something on them:", *_spaces(v, t, r)]
    return "\n".join(lines)
