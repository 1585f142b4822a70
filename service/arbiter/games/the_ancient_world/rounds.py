"""«Игровой раунд»: preparation, the turn order of phase 2, passing, and the end of a round.

1. «Подготовка» (preparation): move the round marker; round 2 opens Explore, round 3 opens
   Increase population, round 4 switches to empire deck B; from round 2 on, discard the empire row
   and deal a new one (4/5/6 cards for 2/3/4 players) and top the army row up to the number of
   players.
2. «Действия игроков»: from the first player clockwise, one action a turn until everyone passed.
3. «Конец раунда»: income (not after round 6), army coins from scroll to picture, citizens home,
   the first-player token turned hand side down, feeding.
"""

from __future__ import annotations

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import text
from arbiter.games.the_ancient_world.common import add, pop, push, refuse, replace_top, with_player
from arbiter.games.the_ancient_world.decks import current_empire, discard_empire
from arbiter.games.the_ancient_world.events import (
    ActionsBegan,
    ArmyCoinsMoved,
    CitizensReturned,
    CitizensStarving,
    EmpireRowDiscarded,
    FirstPlayerTokenTurned,
    GameEnded,
    Income,
    Passed,
    RoundEnded,
    RoundStarted,
    TurnStarted,
)
from arbiter.games.the_ancient_world.moves import Pass, Starve
from arbiter.games.the_ancient_world.scoring import final_result
from arbiter.games.the_ancient_world.state import (
    OPENS_IN_ROUND,
    ROUNDS,
    ROW_SIZE,
    AncientWorldState,
    BeginActions,
    Board,
    ChooseStarving,
    ChooseZorsk,
    Draw,
    EndRound,
    EndTurn,
    NextRound,
    Pending,
    Prepare,
)
from arbiter.games.the_ancient_world.tables import Tables, has_effect, stats

State = AncientWorldState


def prepare(s: State, t: Tables, ev: list[Event]) -> State:
    """Phase 1 «Подготовка»."""
    s = pop(s)
    s = msgspec.structs.replace(s, round=s.round + 1, phase="preparation")
    opened = tuple(space for space, first in OPENS_IN_ROUND.items() if first == s.round)
    ev.append(RoundStarted(round=s.round, empire_deck="A" if s.round < 4 else "B", opened=opened))
    s = push(s, BeginActions())
    n = s.n
    if s.round == 1:
        # Setup steps 4, 5, 8, 7: the face-up province, the three face-up titans, the empire row
        # (from deck A) and the army row (as many cards as players).
        return push(
            s,
            Draw(deck="army", to="army_row", count=n),
            Draw(deck="empire_a", to="empire_row", count=ROW_SIZE[n]),
            Draw(deck="titan_3", to="titan_top"),
            Draw(deck="titan_2", to="titan_top"),
            Draw(deck="titan_1", to="titan_top"),
            Draw(deck="province", to="province_top"),
        )
    # «Переместите все оставшиеся на игровом поле открытые карты империи в стопку сброса».
    row = s.empire_row
    if row:
        s = discard_empire(msgspec.structs.replace(s, empire_row=()), row)
        ev.append(EmpireRowDiscarded(cards=row))
    tasks: list[Pending] = []
    # «Раскрывайте карты колоды войск ... пока их общее число не сравняется с количеством игроков».
    missing = n - len(s.army_row)
    if missing > 0:
        tasks.append(Draw(deck="army", to="army_row", count=missing))
    tasks.append(Draw(deck=current_empire(s), to="empire_row", count=ROW_SIZE[n]))
    return push(s, *tasks)


def begin_actions(s: State, ev: list[Event]) -> State:
    """Phase 2 starts with the holder of the first-player token."""
    s = pop(s)
    ev.append(ActionsBegan(round=s.round))
    ev.append(TurnStarted(seat=s.first_player))
    return msgspec.structs.replace(s, phase="actions", current=s.first_player)


def end_turn(s: State, ev: list[Event]) -> State:
    """Clockwise to the next seat that has not passed; when all passed, the round ends."""
    s = pop(s)
    n = s.n
    for k in range(1, n + 1):
        seat = (s.current + k) % n
        if not s.players[seat].passed:
            ev.append(TurnStarted(seat=seat))
            return msgspec.structs.replace(s, current=seat)
    return push(s, EndRound())


def do_pass(s: State, t: Tables, move: Pass, ev: list[Event]) -> State:
    """В. «Пас»: the seat takes no more part in this round."""
    seat = move.seat
    p = s.players[seat]
    s = with_player(s, seat, msgspec.structs.replace(p, passed=True))
    first = s.first_passer is None
    if first:
        s = msgspec.structs.replace(s, first_passer=seat)
    ev.append(Passed(seat=seat, first=first))
    s = push(s, EndTurn())
    if first and has_effect(t, p, "zorsk_playwrights") is not None:
        # «Зорские драматурги»: the first to pass may set aside a card (row or deck top).
        s = push(s, ChooseZorsk(seat=seat))
    return s


def end_round(s: State, t: Tables, ev: list[Event]) -> State:
    """Phase 3 «Конец раунда», in the rulebook's order: income, army coins down, citizens home,
    the first-player token hand side down, feeding."""
    s = pop(s)
    players = tuple(msgspec.structs.replace(p, passed=False) for p in s.players)
    s = msgspec.structs.replace(s, phase="end_of_round", players=players, first_passer=None)
    ev.append(RoundEnded(round=s.round))
    if s.round < ROUNDS:
        # Income: every coin and knowledge symbol with the green arrow (the capital's 5 coins
        # included); not after round 6.
        for seat, p in enumerate(s.players):
            st = stats(t, p)
            s = add(s, seat, coins=st.income_coins, knowledge=st.income_knowledge)
            ev.append(Income(seat=seat, coins=st.income_coins, knowledge=st.income_knowledge))
    # Army coins from the scroll down to the picture.
    for seat, p in enumerate(s.players):
        armies = list(p.armies)
        for i, a in enumerate(armies):
            if a.scroll:
                armies[i] = msgspec.structs.replace(a, picture=a.picture + a.scroll, scroll=0)
                ev.append(ArmyCoinsMoved(seat=seat, army=i, coins=a.scroll))
        s = with_player(s, seat, msgspec.structs.replace(p, armies=tuple(armies)))
    # Citizens back home, from the board, the cards and the starving space.
    players = tuple(
        msgspec.structs.replace(p, ready=p.citizens, starving=(), on_cards=()) for p in s.players
    )
    s = msgspec.structs.replace(s, players=players, board=Board())
    ev.append(CitizensReturned())
    if s.token_hand_up:
        s = msgspec.structs.replace(s, token_hand_up=False)
        ev.append(FirstPlayerTokenTurned(seat=s.first_player))
    # Feeding: citizens beyond the food go to the starving space, the seat choosing which.
    tasks: list[Pending] = []
    for k in range(s.n):
        seat = (s.first_player + k) % s.n
        p = s.players[seat]
        unfed = len(p.citizens) - stats(t, p).food
        if unfed >= len(p.citizens):
            s = with_player(s, seat, msgspec.structs.replace(p, ready=(), starving=p.citizens))
            ev.append(CitizensStarving(seat=seat, skills=p.citizens))
        elif unfed > 0:
            tasks.append(ChooseStarving(seat=seat, count=unfed))
    return push(s, NextRound(), *reversed(tasks))


def starve_moves(s: State, task: ChooseStarving) -> list[Starve]:
    return [Starve(seat=task.seat, skill=k) for k in s.players[task.seat].ready]


def starve_refusal(s: State, move: Starve) -> IllegalMove | None:
    if move.skill not in s.players[move.seat].ready:
        return refuse(
            "starve.no_such_citizen",
            text("you have no fed citizen of skill {skill}", skill=move.skill),
        )
    return None


def do_starve(s: State, move: Starve, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, ChooseStarving)
    p = s.players[move.seat]
    p = msgspec.structs.replace(
        p,
        ready=tuple(k for k in p.ready if k != move.skill),
        starving=tuple(sorted((*p.starving, move.skill))),
    )
    s = with_player(s, move.seat, p)
    ev.append(CitizensStarving(seat=move.seat, skills=(move.skill,)))
    if task.count > 1:
        return replace_top(s, msgspec.structs.replace(task, count=task.count - 1))
    return pop(s)


def next_round(s: State, t: Tables, ev: list[Event]) -> State:
    """After round 6 the game is over («Конец игры»); else the next round's preparation."""
    s = pop(s)
    if s.round >= ROUNDS:
        s = msgspec.structs.replace(s, phase="over")
        ev.append(GameEnded(scores=final_result(s, t).scores))
        return s
    return push(s, Prepare())
