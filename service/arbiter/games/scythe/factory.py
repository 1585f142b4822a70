"""The Factory («Фактория»).

«Когда Ваше действие Движения полностью завершено (в т.ч. после победы в битве), если Ваш Герой
на территории Фактории в первый раз за игру, возьмите и просмотрите карты Фактории. Выберите одну
из них». At most one card a player («МАКСИМУМ 1 КАРТА»); the choice is final. The card is a fifth
section (``factory``, :data:`~.state.Section`): its top action (pay, then one choice) and its bottom
Move (one unit up to two steps) are handled by :mod:`.top_actions` and :mod:`.bottom_actions`.
"""

from __future__ import annotations

import msgspec

from arbiter.core import IllegalMove
from arbiter.core.texts import text
from arbiter.games.scythe.board import pop, push, refuse, update_player
from arbiter.games.scythe.moves import TakeFactoryCard
from arbiter.games.scythe.state import FactoryChoice, ScytheState
from arbiter.games.scythe.tables import Tables

State = ScytheState


def visit(s: State, t: Tables, seat: int) -> State:
    """The character is on the Factory after a Move: a first visit looks at the cards."""
    p = s.players[seat]
    if p.character != t.factory or p.factory_card is not None or not s.factory_cards:
        return s
    seen = s.factory_seen_by if seat in s.factory_seen_by else (*s.factory_seen_by, seat)
    s = msgspec.structs.replace(s, factory_seen_by=seen)
    return push(s, FactoryChoice(seat=seat))


def refusal(s: State, m: TakeFactoryCard) -> IllegalMove | None:
    if m.card not in s.factory_cards:
        return refuse(
            "factory.no_such_card",
            text("Factory card {card} is not among those set out", card=m.card),
        )
    return None


def moves(s: State, task: FactoryChoice) -> list[TakeFactoryCard]:
    return [TakeFactoryCard(seat=task.seat, card=c) for c in sorted(s.factory_cards)]


def apply(s: State, m: TakeFactoryCard) -> State:
    s = pop(s)
    s = update_player(s, m.seat, factory_card=m.card)
    return msgspec.structs.replace(
        s, factory_cards=tuple(c for c in s.factory_cards if c != m.card)
    )
