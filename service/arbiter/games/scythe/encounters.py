"""Encounters («Случайные встречи»).

When the Move action and its battles are over, a character that stopped on an encounter token
this turn and is still there discards the token and draws a card (public). Its owner must choose
one option it can pay («Вы должны выбрать одну и заплатить ее стоимость»), then takes as much of
the reward as it likes; what it gains is placed on the character's territory («Размещение
награды»), and gives no coins or recruit bonus («Отдельные затраты и награды»). Polania
(«Изворотливость») may choose up to two different options, in any order, the first's reward
paying for the second. The card goes under the deck.

Ruling: an encounter after a battle is not optional. «Если на территории есть жетон Случайной
встречи, а у победителя здесь стоит Герой, то он может воспользоваться Случайной встречей»
(«Битва») says who gets it -- the winner, whose character is still there; the encounter's own
section says it «проходит после того, как Герой победит в битве», and an encounter is drawn and
resolved without a choice («сбросьте жетон и возьмите карту», «Вы должны выбрать одну»). A
character that lost went home, and the token stays («В ином случае жетон остается»).
"""

from __future__ import annotations

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import text
from arbiter.games.scythe.board import pop, push, refuse, replace_top
from arbiter.games.scythe.content import EncounterCard, FactionId
from arbiter.games.scythe.events import EncounterDrawn
from arbiter.games.scythe.moves import ChooseEncounterOption, DrawEncounterCard, EndEncounter
from arbiter.games.scythe.rewards import cost_refusal, pay
from arbiter.games.scythe.state import EncounterTask, GainTask, ScytheState
from arbiter.games.scythe.tables import Tables

State = ScytheState
EncounterMove = ChooseEncounterOption | EndEncounter


def start(s: State, t: Tables, seat: int, territory: str) -> State:
    """Discard the token and wait for the card."""
    tokens = tuple(x for x in s.encounter_tokens if x != territory)
    s = msgspec.structs.replace(s, encounter_tokens=tokens)
    return push(s, EncounterTask(seat=seat, territory=territory))


def draw_outcomes(s: State) -> list[DrawEncounterCard]:
    """The cards that may come: any card of the deck; once it is spent, the cards put under it,
    in order."""
    if s.encounter_deck:
        return [DrawEncounterCard(card=c) for c in sorted(s.encounter_deck)]
    return [DrawEncounterCard(card=s.encounter_bottom[0])] if s.encounter_bottom else []


def apply_draw(s: State, task: EncounterTask, m: DrawEncounterCard, events: list[Event]) -> State:
    if m.card in s.encounter_deck:
        s = msgspec.structs.replace(
            s, encounter_deck=tuple(c for c in s.encounter_deck if c != m.card)
        )
    else:
        s = msgspec.structs.replace(s, encounter_bottom=s.encounter_bottom[1:])
    events.append(EncounterDrawn(seat=task.seat, card=m.card))
    return replace_top(s, msgspec.structs.replace(task, card=m.card))


def drawn(t: Tables, task: EncounterTask) -> EncounterCard:
    """The card drawn for this encounter (asked only once it is drawn)."""
    assert task.card is not None
    return t.encounters[task.card]


def refusal(s: State, t: Tables, task: EncounterTask, m: EncounterMove) -> IllegalMove | None:
    if isinstance(m, EndEncounter):
        if not task.chosen:
            return refuse("encounter.must_choose", text("«Вы должны выбрать одну» option"))
        return None
    if not 0 <= m.option < 3:
        return refuse("encounter.unknown_option", text("an encounter card has options 0, 1 and 2"))
    if m.option in task.chosen:
        return refuse("encounter.option_taken", text("Polania chooses two *different* options"))
    cost = drawn(t, task).options[m.option].cost
    why = cost_refusal(s.players[task.seat], cost)
    if why is not None:
        return refuse(
            "encounter.cannot_pay",
            text(
                "«Если у Вас нет популярности или монет для оплаты конкретной опции, эти опции для Вас недоступны»: {message}",
                message=why.message,
            ),
        )
    return None


def moves(s: State, t: Tables, task: EncounterTask) -> list[EncounterMove]:
    out: list[EncounterMove] = []
    for option in range(3):
        m = ChooseEncounterOption(seat=task.seat, option=option)
        if refusal(s, t, task, m) is None:
            out.append(m)
    if task.chosen:
        out.append(EndEncounter(seat=task.seat))
    return out


def options_allowed(t: Tables, faction: FactionId) -> int:
    """How many options of an encounter card a faction chooses: «Затем выберите одну из опций»;
    Polania «Изворотливость»: «Выберите до 2-х опций» -- decided by the faction, never by a
    member of the state a client could set."""
    return 2 if t.factions[faction].ability == "meander" else 1


def finished(s: State, t: Tables, task: EncounterTask) -> bool:
    return len(task.chosen) >= options_allowed(t, s.players[task.seat].faction)


def finish(s: State) -> State:
    task = s.pending[-1]
    assert isinstance(task, EncounterTask) and task.card is not None
    s = pop(s)
    return msgspec.structs.replace(s, encounter_bottom=(*s.encounter_bottom, task.card))


def apply(s: State, t: Tables, task: EncounterTask, m: EncounterMove) -> State:
    if isinstance(m, EndEncounter):
        return finish(s)
    option = drawn(t, task).options[m.option]
    s = replace_top(s, msgspec.structs.replace(task, chosen=(*task.chosen, m.option)))
    s = push(
        s,
        GainTask(
            seat=task.seat, reward=option.reward, place=task.territory, actions_at=task.territory
        ),
    )
    return pay(s, task.seat, option.cost)
