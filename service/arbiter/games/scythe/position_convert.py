"""A position to its state (:func:`state_of`) and a state to its position (:func:`position_of`).

``state_of`` completes what the table does not show with ``random.Random(seed)``, in this order:
the combat cards of each seat given as a count (seat order), drawn from the combat cards left;
the objective cards of each seat given as a count, drawn from the objective cards left; the
Factory cards set out given as a count, drawn from those no seat keeps. The combat deck is what
is left of the 42 (the state keeps counts of values; its order is chance), the encounter deck the
cards not drawn (the state keeps the cards, not their order: a draw is chance), the objective
deck the cards nobody holds. The seed becomes the state's seed.

What the position does not name is derived: ``Turn.moved`` (a unit moved: ``moved_from`` is not
empty), the seats that looked at the Factory cards (those that kept one, and the seat visiting
now), an encounter's number of options (Polania's «Изворотливость»), and the engine's tasks that
the steps imply (:mod:`.position_steps`).
"""

from __future__ import annotations

import random

from arbiter.core import Gaps, InvalidState
from arbiter.core.texts import text
from arbiter.games.scythe import checks
from arbiter.games.scythe.position import (
    AfterMoveStage,
    BoardPosition,
    DecksPosition,
    Encounter,
    FactoryVisit,
    GameOver,
    ScythePosition,
    SeatPosition,
    Step,
    TurnPosition,
    canon,
)
from arbiter.games.scythe.position_checks import (
    check_at_rest,
    check_game_over,
    check_seat_boards,
    check_seats,
    combat_left,
    factory_left,
    objectives_left,
    position_pointer,
)
from arbiter.games.scythe.position_steps import (
    TURN_AT,
    NotExpressible,
    steps,
    steps_of,
    tasks_of,
    turn_stage,
)
from arbiter.games.scythe.state import (
    NO_CARDS,
    NOT_COVERED,
    PlayerState,
    Resources,
    ScytheState,
    Turn,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState


def _counts(cards: list[int]) -> tuple[int, int, int, int]:
    return (cards.count(2), cards.count(3), cards.count(4), cards.count(5))


def _player(seat: SeatPosition, hand: tuple[int, ...], objectives: tuple[int, ...]) -> PlayerState:
    return PlayerState(
        faction=seat.faction,
        mat=seat.mat,
        power=seat.power,
        popularity=seat.popularity,
        coins=seat.coins,
        hand=tuple(sorted(hand)),
        objectives=objectives,
        revealed=seat.revealed_objectives,
        character=seat.character,
        mechs=seat.mechs,
        mech_abilities=seat.mech_abilities,
        workers=seat.workers,
        structures=seat.structures,
        recruits=seat.recruits,
        cubes=seat.cubes,
        covered=seat.covered,
        stars=seat.stars,
        last_section=seat.last_section,
        factory_card=seat.factory_card,
    )


def _players(
    position: ScythePosition, rng: random.Random, combat: list[int], objectives: list[int]
) -> tuple[tuple[PlayerState, ...], list[int], list[int]]:
    """The seats, hands given as counts drawn from ``combat`` and ``objectives``; returns what is
    left of both."""
    combat, objectives = list(combat), list(objectives)
    rng.shuffle(combat)
    hands: list[tuple[int, ...]] = []
    for seat in position.seats:
        if isinstance(seat.combat_cards, int):
            hands.append(tuple(combat[: seat.combat_cards]))
            del combat[: seat.combat_cards]
        else:
            hands.append(seat.combat_cards)
    rng.shuffle(objectives)
    held: list[tuple[int, ...]] = []
    for seat in position.seats:
        if isinstance(seat.objectives, int):
            held.append(tuple(sorted(objectives[: seat.objectives])))
            del objectives[: seat.objectives]
        else:
            held.append(seat.objectives)
    players = tuple(
        _player(seat, hand, mine)
        for seat, hand, mine in zip(position.seats, hands, held, strict=True)
    )
    return players, combat, objectives


def _resources(position: ScythePosition, t: Tables) -> dict[str, Resources]:
    """The tokens by territory in board order (empty entries dropped; unknown territories kept
    last, for the state check to refuse)."""
    given = {x: r for x, r in position.board.resources.items() if r != Resources()}
    known = {x: given[x] for x in t.territories if x in given}
    return {**known, **{x: r for x, r in given.items() if x not in known}}


def state_of(
    position: ScythePosition, seed: int, content_id: str, t: Tables, rules_version: str
) -> State:
    """The complete, consistent state of a position (see the module docs); refuses an impossible
    one with :class:`InvalidState`, its pointer into the position."""
    check_seats(position, t)  # the seats' factions and mats, which every other check reads
    found = Gaps()  # the checks below are independent: their gaps are said together
    found.check(lambda: check_seat_boards(position, t))
    all_steps = steps(position)
    combat = found.check(lambda: combat_left(position, t, all_steps))
    objectives = found.check(lambda: objectives_left(position, t))
    factory = found.check(lambda: factory_left(position, t))
    found.check(lambda: check_game_over(position, t.content.triumph_track.stars))
    found.refuse()
    assert combat is not None and objectives is not None and factory is not None
    tasks, where = tasks_of(position, t)
    rng = random.Random(seed)
    players, deck, objective_deck = _players(position, rng, combat, objectives)
    out = position.decks.factory_cards
    factory_cards = tuple(sorted(rng.sample(factory, out) if isinstance(out, int) else out))
    turn = position.turn
    seen = [i for i, p in enumerate(players) if p.factory_card is not None]
    if isinstance(position.decision, FactoryVisit) and turn.seat not in seen:
        seen = sorted((*seen, turn.seat))
    drawn = set(position.decks.encounters_drawn)
    drawn |= {x.card for x, _ in all_steps if isinstance(x, Encounter) and x.card is not None}
    s = State(
        rules_version=rules_version,
        content_id=content_id,
        seed=seed,
        options=position.options,
        players_count=len(players),
        phase="over" if isinstance(position.decision, GameOver) else "play",
        factions=tuple(p.faction for p in players),
        mats=tuple(p.mat for p in players),
        players=players,
        resources=_resources(position, t),
        encounter_tokens=position.board.encounter_tokens,
        encounter_deck=tuple(sorted(c for c in t.encounters if c not in drawn)),
        encounter_bottom=position.decks.encounters_drawn,
        combat_deck=_counts(deck),
        combat_discard=position.decks.combat_discard,
        objective_deck=tuple(sorted(objective_deck)),
        factory_cards=factory_cards,
        factory_seen_by=tuple(seen),
        structure_tile=position.structure_tile,
        turn=Turn(
            seat=turn.seat,
            stage=turn_stage(position),  # type: ignore[arg-type]
            section=turn.section,
            coercion_used=turn.coercion_used,
            moved_from=turn.moved_from,
            encounter_at=turn.encounter_at,
            forced_retreat=turn.forced_retreat,
            moved=bool(turn.moved_from),
        ),
        pending=tuple(tasks),
        turns_taken=turn.turns_taken,
    )
    try:
        checks.check_state(s, t)
    except InvalidState as e:
        named = {pointer: step for step, pointer in all_steps}
        # the same refusal, pointing into the position instead of the state built from it
        e.pointer = position_pointer(e.pointer, where, named)
        raise
    check_at_rest(s, t)
    return s


# ------------------------------------------------------------------------ the reverse


def not_expressible(message: str, pointer: str = "/pending") -> InvalidState:
    return InvalidState("scythe.position.not_expressible", message, pointer)


def _seat(p: PlayerState) -> SeatPosition:
    return SeatPosition(
        faction=p.faction,
        mat=p.mat,
        power=p.power,
        popularity=p.popularity,
        coins=p.coins,
        combat_cards=p.hand,
        objectives=p.objectives,
        revealed_objectives=p.revealed,
        character=p.character,
        mechs=p.mechs,
        mech_abilities=p.mech_abilities,
        workers=p.workers,
        structures=p.structures,
        recruits=p.recruits,
        cubes=p.cubes,
        covered=canon(p.covered, NOT_COVERED),
        stars=p.stars,
        last_section=p.last_section,
        factory_card=p.factory_card,
    )


def position_of(s: State) -> ScythePosition:
    """The position of a state, everything known (hands and Factory cards as cards). Refuses
    (``scythe.position.not_expressible``) a state no position describes: one still in setup, or
    waiting on an automatic step."""
    if s.phase == "setup" or s.structure_tile is None:
        raise not_expressible(
            text("a position is a table after setup; this game is still being set up"), "/phase"
        )
    after_move: AfterMoveStage | None = None
    under_way: tuple[Step, ...] = ()
    decision: Step = GameOver(turn_at=TURN_AT[s.turn.stage])
    if s.phase != "over":
        try:
            after_move, under_way, decision = steps_of(s)
        except NotExpressible as e:
            raise not_expressible(e.args[0]) from e
    if s.turn.moved != bool(s.turn.moved_from):
        raise not_expressible(text("a unit moved, and no unit is recorded as moved"), "/turn/moved")
    position = ScythePosition(
        options=s.options,
        structure_tile=s.structure_tile,
        seats=tuple(_seat(p) for p in s.players),
        board=BoardPosition(resources=dict(s.resources), encounter_tokens=s.encounter_tokens),
        decks=DecksPosition(
            combat_discard=canon(s.combat_discard, NO_CARDS),
            encounters_drawn=s.encounter_bottom,
            factory_cards=s.factory_cards,
        ),
        turn=TurnPosition(
            seat=s.turn.seat,
            section=s.turn.section,
            turns_taken=s.turns_taken,
            after_move=after_move,
            moved_from=s.turn.moved_from,
            encounter_at=s.turn.encounter_at,
            forced_retreat=s.turn.forced_retreat,
            coercion_used=s.turn.coercion_used,
        ),
        decision=decision,
        under_way=under_way,
    )
    if turn_stage(position) != s.turn.stage:
        raise not_expressible(
            text("the turn is at stage {stage}, which its steps do not imply", stage=s.turn.stage),
            "/turn/stage",
        )
    return position
