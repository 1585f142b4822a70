"""The turn: going to the village (place a worker, pick up another) or raiding, the limits at the
end of a turn, and the end of the game (rulebook «ХОД ИГРЫ», «ДЕРЕВНЯ», «КОНЕЦ ИГРЫ»).

Rulings (spec Q1, Q12, Q17):

* **The limits** («не более 8 ... на конец хода») are applied at the end of the owner's turn:
  silver, provisions and kumis above 8 go back to the supply; a hand above 8 is discarded down to
  8 by its owner's choice, one card at a time.
* **The end** («Игра заканчивается, когда на поле остаются либо 2 ячейки набегов с трофеями, либо
  2 жетона заданий»): counted after every turn, over the raid spaces in use not yet raided and the
  quests on the board face up or down. The turn that triggers it ends; then every player (and
  the chief in solo play) has exactly one more turn, in turn order; the conditions are not
  counted again.
"""

from __future__ import annotations

import msgspec

from arbiter.core import Event
from arbiter.games.raiders_of_scythia import buildings
from arbiter.games.raiders_of_scythia.common import (
    State,
    pop,
    push,
    turn_takers,
    update,
    without,
)
from arbiter.games.raiders_of_scythia.content import BUILDINGS, Building
from arbiter.games.raiders_of_scythia.events import EndTriggered, WorkerPickedUp, WorkerPlaced
from arbiter.games.raiders_of_scythia.moves import DiscardCard, PickUp, Work
from arbiter.games.raiders_of_scythia.state import (
    LIMIT,
    BuildingAction,
    ChiefTurn,
    ChoosePickUp,
    ChooseTurn,
    DiscardToLimit,
    Draw,
    EndTurn,
    Turn,
)
from arbiter.games.raiders_of_scythia.tables import Tables

# --------------------------------------------------------------------------- the village


def work_refusal(s: State, seat: int, building: Building) -> str | None:
    """Why ``seat`` may not place its worker on ``building`` (a rule code's tail)."""
    worker = s.players[seat].worker
    if s.village.at(building) is not None:
        return "work.occupied"
    if worker is None or not buildings.allows(building, worker):
        return "work.worker"
    if s.turn.blocked == building:
        return "work.blocked"
    return None


def work_moves(s: State, seat: int) -> list[Work]:
    return [Work(seat=seat, building=b) for b in BUILDINGS if work_refusal(s, seat, b) is None]


def work(s: State, move: Work, ev: list[Event]) -> State:
    seat = move.seat
    worker = s.players[seat].worker
    assert worker is not None
    ev.append(WorkerPlaced(seat=seat, worker=worker, at=move.building))
    s = update(s, seat, worker=None)
    s = msgspec.structs.replace(
        s,
        village=s.village.put(move.building, worker),
        turn=msgspec.structs.replace(s.turn, placed=move.building),
    )
    action = BuildingAction(seat=seat, building=move.building, worker=worker, source="placed")
    return push(pop(s), ChoosePickUp(seat=seat), action)


def pick_up_refusal(s: State, building: Building) -> str | None:
    if building not in s.turn.start_workers or s.village.at(building) is None:
        return "pick_up.not_there"
    if s.turn.blocked == building:
        return "pick_up.blocked"
    return None


def pick_up_moves(s: State, seat: int) -> list[PickUp]:
    return [PickUp(seat=seat, building=b) for b in BUILDINGS if pick_up_refusal(s, b) is None]


def pick_up(s: State, move: PickUp, ev: list[Event]) -> State:
    worker = s.village.at(move.building)
    assert worker is not None
    ev.append(WorkerPickedUp(seat=move.seat, worker=worker, building=move.building))
    s = update(s, move.seat, worker=worker)
    s = msgspec.structs.replace(s, village=s.village.put(move.building, None))
    action = BuildingAction(
        seat=move.seat, building=move.building, worker=worker, source="picked_up"
    )
    return push(pop(s), action)


# ------------------------------------------------------------------------ turns and the end


def begin_turn(s: State, seat: int) -> State:
    """``seat``'s turn begins: the workers now in the village are the ones it may pick up."""
    start = tuple(b for b in BUILDINGS if s.village.at(b) is not None)
    turn = Turn(start_workers=start, blocked=s.turn.blocked if s.chief is not None else None)
    s = msgspec.structs.replace(s, current=seat, turn=turn)
    return push(s, EndTurn(seat=seat), ChooseTurn(seat=seat))


def raid_spaces_left(s: State) -> int:
    return sum(1 for sp in s.spaces if sp.open())


def quests_left(s: State) -> int:
    """Quests on the board, face up or face down."""
    on_spaces = sum(1 for sp in s.spaces if sp.hidden_quest or sp.quest is not None)
    return on_spaces + sum(1 for q in s.village_quests if q is not None)


def end_reached(s: State) -> bool:
    return raid_spaces_left(s) <= 2 or quests_left(s) <= 2


def discard_moves(s: State, seat: int) -> list[DiscardCard]:
    return [DiscardCard(seat=seat, card=c) for c in dict.fromkeys(s.players[seat].hand)]


def discard(s: State, move: DiscardCard) -> State:
    p = s.players[move.seat]
    s = update(s, move.seat, hand=without(p.hand, move.card))
    s = msgspec.structs.replace(s, crew_discard=(*s.crew_discard, move.card))
    return s if len(s.players[move.seat].hand) > LIMIT else pop(s)


def count_turn(s: State, ev: list[Event]) -> State:
    """A turn (a player's or the chief's) is over: the end countdown; ``phase`` ``over`` at 0."""
    s = msgspec.structs.replace(s, turns=s.turns + 1)
    if s.final_turns is not None:
        left = s.final_turns - 1
        s = msgspec.structs.replace(s, final_turns=left)
        if left == 0:
            return msgspec.structs.replace(s, phase="over", pending=())
    elif end_reached(s):
        ev.append(
            EndTriggered(
                raid_spaces=raid_spaces_left(s), quests=quests_left(s), turns_left=turn_takers(s)
            )
        )
        s = msgspec.structs.replace(s, final_turns=turn_takers(s))
    return s


def end_turn(s: State, t: Tables, task: EndTurn, ev: list[Event]) -> State:
    """The limits, the end of the game, the next turn (the chief's in solo play)."""
    seat = task.seat
    p = s.players[seat]
    if len(p.hand) > LIMIT:
        return push(s, DiscardToLimit(seat=seat))
    stock = p.stock
    capped = msgspec.structs.replace(
        stock,
        silver=min(stock.silver, LIMIT),
        provisions=min(stock.provisions, LIMIT),
        kumis=min(stock.kumis, LIMIT),
    )
    if capped != stock:
        s = update(s, seat, stock=capped)
    s = count_turn(pop(s), ev)
    if s.phase == "over":
        return s
    if s.chief is not None:
        return push(s, ChiefTurn(), Draw(deck="schemes", to="scheme"))
    return begin_turn(s, (seat + 1) % len(s.players))
