"""Checks of a submitted position, each refusal pointing into the position.

Three layers, in order:

1. before a state is built (:func:`check_seats`, :func:`combat_left`, :func:`objectives_left`,
   :func:`factory_left`): what building and the seeded draws need -- seats with known factions
   and mats, the turn's seat, and cards no more than the pack holds, each once;
2. the invariants of a state (:func:`.checks.check_state`), whose pointers into the state are
   mapped back into the position (:func:`position_pointer`);
3. the decision is one the rules wait on (:func:`check_at_rest`): a state the flow would carry on
   from by itself (a decision with nothing to decide, a turn with nothing left to do, a star
   earned and not placed) is no table's position.
"""

from __future__ import annotations

from collections.abc import Collection

import msgspec

from arbiter.core import Gaps, InvalidState, every_gap
from arbiter.core.texts import term, text
from arbiter.games.scythe import flow
from arbiter.games.scythe.content import BOTTOM_ACTIONS
from arbiter.games.scythe.position import (
    Battle,
    GameOver,
    ScythePosition,
    Step,
)
from arbiter.games.scythe.state import CARD_VALUES, ScytheState
from arbiter.games.scythe.tables import Tables

State = ScytheState


def _bad(code: str, message: str, pointer: str) -> InvalidState:
    return InvalidState(f"scythe.position.{code}", message, pointer)


# ------------------------------------------------------------------------ before building


def check_seats(position: ScythePosition, t: Tables) -> None:
    """2-5 seats of the pack's factions and player mats; the turn is one of theirs."""
    n = len(position.seats)
    if not 2 <= n <= 5:
        raise _bad("seats", text("Scythe is played by 2 to 5 seats, not {n}", n=n), "/seats")
    gaps: list[InvalidState] = []  # every seat's faction and mat, not the first one only
    for i, seat in enumerate(position.seats):
        if seat.faction not in t.factions:
            gaps.append(
                _bad(
                    "seats",
                    text("the pack has no faction {faction!r}", faction=seat.faction),
                    f"/seats/{i}/faction",
                )
            )
        if seat.mat not in t.mats:
            gaps.append(
                _bad(
                    "seats",
                    text("the pack has no player mat {mat!r}", mat=seat.mat),
                    f"/seats/{i}/mat",
                )
            )
    if not 0 <= position.turn.seat < n:
        gaps.append(
            _bad(
                "turn",
                text("seat {seat} is not at the table ({n} seats)", seat=position.turn.seat, n=n),
                "/turn/seat",
            )
        )
    if gaps:
        raise every_gap(gaps)


def check_seat_boards(position: ScythePosition, t: Tables) -> None:
    """What the mats show together: each Upgrade moved one cube onto one red square
    («Улучшение»); the section chosen is not last turn's («нельзя повторить действие, выполненное
    в предыдущий ход»), Rusviet's Relentless excepted."""
    found = Gaps()
    for i, seat in enumerate(position.seats):
        covered = sum(seat.covered.of(action) for action in BOTTOM_ACTIONS)
        if len(seat.cubes) != covered:
            found.add(
                _bad(
                    "upgrades",
                    text(
                        "{cubes} cubes moved, {covered} red squares covered: each Upgrade moves one cube onto one square",
                        cubes=len(seat.cubes),
                        covered=covered,
                    ),
                    f"/seats/{i}/cubes",
                )
            )
    turn = position.turn
    active = position.seats[turn.seat]
    if (
        turn.section is not None
        and turn.section == active.last_section
        and t.factions[active.faction].ability != "relentless"
    ):
        found.add(
            _bad(
                "section",
                text(
                    "the action token stood on {section} last turn; only Rusviet chooses it again",
                    section=term(turn.section),
                ),
                "/turn/section",
            )
        )
    found.refuse()


def _battle_cards(
    position: ScythePosition, all_steps: list[tuple[Step, str]]
) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for step, pointer in all_steps:
        if isinstance(step, Battle):
            for name, side in (
                ("attacker_side", step.attacker_side),
                ("defender_side", step.defender_side),
            ):
                out += [(v, f"{pointer}/{name}/cards/{j}") for j, v in enumerate(side.cards)]
    return out


def combat_left(
    position: ScythePosition, t: Tables, all_steps: list[tuple[Step, str]]
) -> list[int]:
    """The combat cards neither shown (discard pile, known hands, under a dial) nor counted in a
    hand: the deck (sorted values). Refuses more cards of a value than the pack holds (every such gap said
    together)."""
    found = Gaps()
    used = [0, 0, 0, 0]
    for k, n in enumerate(position.decks.combat_discard):
        if n < 0:
            found.add(
                _bad(
                    "combat_cards",
                    text("a count of cards is not negative"),
                    f"/decks/combat_discard/{k}",
                )
            )
        used[k] += max(n, 0)
    shown: list[tuple[int, str]] = []
    for i, seat in enumerate(position.seats):
        if isinstance(seat.combat_cards, tuple):
            shown += [(v, f"/seats/{i}/combat_cards/{j}") for j, v in enumerate(seat.combat_cards)]
    shown += _battle_cards(position, all_steps)
    for value, pointer in shown:
        if value not in CARD_VALUES:
            found.add(
                _bad(
                    "combat_cards",
                    text("combat cards are worth 2 to 5, not {value}", value=value),
                    pointer,
                )
            )
        else:
            used[CARD_VALUES.index(value)] += 1
    for k, value in enumerate(CARD_VALUES):
        if used[k] > t.combat_counts[k]:
            where = next((p for v, p in reversed(shown) if v == value), "/decks/combat_discard")
            found.add(
                _bad(
                    "combat_cards",
                    text(
                        "{used} combat cards of {value} are shown; the deck has {combat_counts}",
                        used=used[k],
                        value=value,
                        combat_counts=t.combat_counts[k],
                    ),
                    where,
                )
            )
    left = [v for k, v in enumerate(CARD_VALUES) for _ in range(t.combat_counts[k] - used[k])]
    wanted = 0
    for i, seat in enumerate(position.seats):
        if isinstance(seat.combat_cards, int):
            if seat.combat_cards < 0:
                found.add(
                    _bad("combat_cards", text("a hand is not negative"), f"/seats/{i}/combat_cards")
                )
                continue
            wanted += seat.combat_cards
            if wanted > len(left):
                found.add(
                    _bad(
                        "combat_cards",
                        text(
                            "only {left} combat cards are left to hold after those shown",
                            left=len(left),
                        ),
                        f"/seats/{i}/combat_cards",
                    )
                )
    found.refuse()
    return left


def _known_ids(
    held: list[tuple[int, str]], known: Collection[int], what: str, code: str
) -> set[int]:
    seen: set[int] = set()
    found = Gaps()
    for card, pointer in held:
        if card not in known:
            found.add(
                _bad(code, text("the pack has no {what} {card}", what=what, card=card), pointer)
            )
        elif card in seen:
            found.add(
                _bad(code, text("{what} {card} is in two places", what=what, card=card), pointer)
            )
        seen.add(card)
    found.refuse()
    return seen


def objectives_left(position: ScythePosition, t: Tables) -> list[int]:
    """The objective cards neither held as known cards nor revealed (sorted)."""
    held: list[tuple[int, str]] = []
    for i, seat in enumerate(position.seats):
        if isinstance(seat.objectives, tuple):
            held += [(c, f"/seats/{i}/objectives/{j}") for j, c in enumerate(seat.objectives)]
        held += [
            (c, f"/seats/{i}/revealed_objectives/{j}")
            for j, c in enumerate(seat.revealed_objectives)
        ]
    seen = _known_ids(held, t.objectives, term("objective card"), "objectives")
    left = sorted(c for c in t.objectives if c not in seen)
    wanted = 0
    found = Gaps()
    for i, seat in enumerate(position.seats):
        if isinstance(seat.objectives, int):
            wanted += max(seat.objectives, 0)
            if seat.objectives < 0 or wanted > len(left):
                found.add(
                    _bad(
                        "objectives",
                        text("0 to {left} objective cards are left to hold", left=len(left)),
                        f"/seats/{i}/objectives",
                    )
                )
    found.refuse()
    return left


def factory_left(position: ScythePosition, t: Tables) -> list[int]:
    """The Factory cards neither kept nor set out as known cards (sorted)."""
    held = [
        (seat.factory_card, f"/seats/{i}/factory_card")
        for i, seat in enumerate(position.seats)
        if seat.factory_card is not None
    ]
    out = position.decks.factory_cards
    if isinstance(out, tuple):
        held += [(c, f"/decks/factory_cards/{j}") for j, c in enumerate(out)]
    seen = _known_ids(held, t.factory_cards, term("Factory card"), "factory_cards")
    left = sorted(c for c in t.factory_cards if c not in seen)
    if isinstance(out, int) and not 0 <= out <= len(left):
        raise _bad(
            "factory_cards",
            text("0 to {left} Factory cards are left to set out", left=len(left)),
            "/decks/factory_cards",
        )
    return left


# ------------------------------------------------------------------------ state pointers


#: Members of a seat renamed in the position.
SEAT_FIELDS = {"hand": "combat_cards", "revealed": "revealed_objectives"}
#: Members of a task renamed in its step.
TASK_FIELDS = {
    "current": "moving",
    "acting": "ability_of",
    "loaded_here": "picked_up_here",
    "kind": "unit",
    "index": "unit",
    "at": "unit",
}
#: State members and where the position shows them.
TOP_FIELDS = {
    "players_count": "/seats",
    "factions": "/seats",
    "mats": "/seats",
    "objective_deck": "/seats",
    "factory_seen_by": "/seats",
    "resources": "/board/resources",
    "encounter_tokens": "/board/encounter_tokens",
    "encounter_deck": "/decks/encounters_drawn",
    "encounter_bottom": "/decks/encounters_drawn",
    "combat_deck": "/decks/combat_discard",
    "combat_discard": "/decks/combat_discard",
    "factory_cards": "/decks/factory_cards",
    "structure_tile": "/structure_tile",
    "options": "/options",
    "phase": "/decision",
    "pending": "/decision",
}
TURN_FIELDS = {
    "stage": "/decision",
    "moved": "/turn/moved_from",
    "coercion_used": "/turn/coercion_used",
}


def _step_pointer(step: Step, pointer: str, rest: list[str]) -> str:
    """A pointer into a task, as a pointer into its step: the same member (renamed), or the
    step itself when the step has no such member."""
    if not rest:
        return pointer
    first = TASK_FIELDS.get(rest[0], rest[0])
    if first not in {f.name for f in msgspec.structs.fields(step)}:
        return pointer
    out = [first]
    for part in rest[1:]:
        out.append(TASK_FIELDS.get(part, part))
        if out[-1] == "unit":
            break
    return "/".join([pointer, *out])


def position_pointer(pointer: str, where: list[str], steps: dict[str, Step]) -> str:
    """The pointer into the position of a problem a state check found at ``pointer`` (into the
    state built from it; ``where[k]``: the pointer of the step behind task ``k``)."""
    parts = pointer.split("/")[1:] if pointer else []
    if not parts:
        return ""
    head, rest = parts[0], parts[1:]
    if head == "players":
        if not rest:
            return "/seats"
        member = [SEAT_FIELDS.get(rest[1], rest[1])] if len(rest) > 1 else []
        return "/".join(["", "seats", rest[0], *member, *rest[2:]])
    if head == "turn":
        if rest and rest[0] in TURN_FIELDS:
            return TURN_FIELDS[rest[0]]
        return "/" + "/".join(parts)
    if head == "pending":
        if not rest or not rest[0].isdigit() or int(rest[0]) >= len(where):
            return "/decision"
        at = where[int(rest[0])]
        step = steps.get(at)
        if step is None:
            return at
        if rest[1:] == ["seat"] and not hasattr(step, "seat"):
            return "/turn/seat"
        return _step_pointer(step, at, rest[1:])
    base = TOP_FIELDS.get(head, "")
    if head in ("resources", "encounter_tokens", "encounter_bottom", "factory_cards") and rest:
        return "/".join([base, *rest])
    return base


# ------------------------------------------------------------------------ at rest


def check_game_over(position: ScythePosition, stars: int) -> None:
    """The game is over exactly when a seat has placed its sixth star («Окончание игры»)."""
    sixth = [i for i, seat in enumerate(position.seats) if len(seat.stars) >= stars]
    over = isinstance(position.decision, GameOver)
    if over and not sixth:
        raise _bad(
            "game_over", text("the game ends when a seat places its sixth star"), "/decision"
        )
    if sixth and not over:
        raise _bad(
            "game_over",
            text("a seat with its sixth star has ended the game («Окончание игры»)"),
            f"/seats/{sixth[0]}/stars",
        )


def check_at_rest(s: State, t: Tables) -> None:
    """Refuse a state the rules would carry on from by themselves: the position's decision has
    nothing to decide (a star earned and not placed is refused by ``check_state`` before)."""
    after = flow.advance(s, t, [])
    if after == s:
        return
    raise _bad(
        "decision",
        text(
            "this decision is not pending: the rules go on by themselves from here (nothing is left to decide, or the turn is over)"
        ),
        "/decision",
    )
