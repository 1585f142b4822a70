"""«Размещение жителя» (placing a citizen) and the turn's top-level choices.

Placement rule: a citizen may go on a board space only if it is empty or his skill is higher than
every citizen already there (the seat's own included). Special rules: Build and Recruit take any
skill, for 1 coin when no citizen there has the same skill (free for the first); Rebuild ignores
the citizens already there. Card action spaces: the owner only, once a round.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from arbiter.core import Event, IllegalMove
from arbiter.core.texts import text
from arbiter.games.the_ancient_world import actions, cards
from arbiter.games.the_ancient_world.common import push, refuse, with_player
from arbiter.games.the_ancient_world.events import CitizenOnCard, CitizenPlaced, Paid
from arbiter.games.the_ancient_world.moves import Fight, Pass, Place, PlaceOnCard
from arbiter.games.the_ancient_world.state import (
    SPACES,
    AncientWorldState,
    BoardSpace,
    CardCitizen,
    EndTurn,
    Placed,
)
from arbiter.games.the_ancient_world.tables import Tables
from arbiter.games.the_ancient_world.titans import start_fight
from arbiter.games.the_ancient_world.words import given

State = AncientWorldState

#: «Особое правило» of Build and Recruit: any skill, 1 coin unless a placed skill matches.
FEE_SPACES = ("build", "recruit")
STARS: tuple[Literal[1, 2, 3], ...] = (1, 2, 3)


def citizen_refusal(s: State, seat: int, skill: int) -> IllegalMove | None:
    p = s.players[seat]
    if skill in p.ready:
        return None
    if skill not in p.citizens:
        return refuse(
            "place.no_such_citizen", text("you have no citizen of skill {skill}", skill=skill)
        )
    if skill in p.starving:
        return refuse(
            "place.citizen_starving",
            text(
                "your citizen {skill} is on the starving space and cannot be used this round",
                skill=skill,
            ),
        )
    return refuse(
        "place.citizen_placed",
        text("your citizen {skill} is already placed this round", skill=skill),
    )


def placement_fee(s: State, space: BoardSpace, skill: int) -> int | None:
    """The coin the placement costs, or ``None`` when the skill is too low for the space."""
    placed = s.board.at(space)
    if not placed or space == "rebuild":
        return 0
    # loops, not any() over a generator: a spot holds a few citizens, and listing a turn asks
    # this for every space and ready citizen
    if space in FEE_SPACES:
        for c in placed:
            if c.skill == skill:
                return 0
        return 1
    for c in placed:
        if c.skill >= skill:
            return None
    return 0


def place_refusal(
    s: State,
    t: Tables,
    seat: int,
    space: str,
    skill: int,
) -> IllegalMove | None:
    """Why placing citizen ``skill`` on ``space`` is refused, if it is."""
    if space not in SPACES:
        return refuse(
            "place.unknown_space", text("there is no action space {space}", space=given(space))
        )
    why = citizen_refusal(s, seat, skill)
    if why is not None:
        return why
    board_space = SPACES[SPACES.index(space)]
    why = space_closed(s, board_space)
    if why is not None:
        return why
    return space_refusal(s, t, seat, board_space, skill)


def space_closed(s: State, space: BoardSpace) -> IllegalMove | None:
    """Round track: Explore opens in round 2, Increase population in round 3."""
    if space == "explore" and s.round < 2:
        return refuse(
            "place.action_closed", text("Explore («Исследовать местность») opens in round 2")
        )
    if space == "populate" and s.round < 3:
        return refuse(
            "place.action_closed",
            text("Increase population («Увеличивать население») opens in round 3"),
        )
    return None


def space_refusal(
    s: State,
    t: Tables,
    seat: int,
    space: BoardSpace,
    skill: int,
) -> IllegalMove | None:
    """The rest of :func:`place_refusal` for a known, open space and a ready citizen: the skill
    against the citizens there, the placement fee, and what the action needs."""
    fee = placement_fee(s, space, skill)
    if fee is None:
        top = max(c.skill for c in s.board.at(space))
        return refuse(
            "place.skill_too_low",
            text(
                "a citizen of skill {skill} is already there; yours must have a higher skill",
                skill=top,
            ),
        )
    coins = s.players[seat].coins
    if fee > coins:
        return refuse(
            "pay.not_enough_coins",
            text("placing here costs 1 coin: no citizen there has the same skill"),
        )
    return actions.action_precondition(s, t, seat, space, coins - fee)


def card_refusal(s: State, t: Tables, seat: int, card: str, skill: int) -> IllegalMove | None:
    """Б. Действия карт империи: only your own face-up card, once a round."""
    p = s.players[seat]
    if not cards.owns_card(s, seat, card):
        if card in p.lost:
            return refuse(
                "card.lost", text("{card} is lost: its properties do not work", card=given(card))
            )
        if any(cards.owns_card(s, o, card) for o in range(s.n)):
            return refuse(
                "card.not_owner",
                text("you may not place citizens on other players' empire cards"),
            )
        return refuse("card.not_owned", text("you do not own {card}", card=given(card)))
    if card not in t.action:
        return refuse("card.no_action", text("{card} has no action space", card=given(card)))
    if any(c.card == card for c in p.on_cards):
        return refuse(
            "card.used_this_round",
            text("your citizen is already on {card} this round", card=given(card)),
        )
    why = citizen_refusal(s, seat, skill)
    if why is not None:
        return why
    return cards.action_precondition(s, t, seat, card)


def turn_moves(s: State, t: Tables, seat: int) -> list[Place | PlaceOnCard | Fight | Pass]:
    """The moves of a turn: place a citizen (on the board or a card), fight a titan, or pass."""
    moves: list[Place | PlaceOnCard | Fight | Pass] = []
    moves.extend(place_moves(s, t, seat))
    moves.extend(card_moves(s, t, seat))
    moves.extend(fight_moves(s, t, seat))
    moves.append(Pass(seat=seat))
    return moves


def turn_candidates(
    s: State, t: Tables, seat: int, move: object
) -> list[Place | PlaceOnCard | Fight | Pass]:
    """The part of :func:`turn_moves` a move of this type can be in (``Game.candidate_moves``):
    for a placement, only its own space (or card) and citizen are looked at."""
    if isinstance(move, Place):
        return list(place_moves(s, t, seat, (move.space,), move.skill))
    if isinstance(move, PlaceOnCard):
        return list(card_moves(s, t, seat, move.card, move.skill))
    if isinstance(move, Fight):
        return list(fight_moves(s, t, seat))
    return [Pass(seat=seat)] if isinstance(move, Pass) else []


def place_moves(
    s: State,
    t: Tables,
    seat: int,
    spaces: tuple[BoardSpace, ...] = SPACES,
    skill: int | None = None,
) -> list[Place]:
    """Citizens placed on board spaces (``spaces``; only the citizen of ``skill`` if given).

    :func:`place_refusal` in parts: every space is known and every ready citizen may be placed
    (citizen_refusal), so what is left is whether the space is open, then each citizen. What an
    action needs (:func:`.actions.action_possible`) depends only on the space and the coins
    left, so it is asked once for each of those instead of once per citizen.
    """
    p = s.players[seat]
    skills = p.ready if skill is None else tuple(k for k in p.ready if k == skill)
    moves: list[Place] = []
    if not skills:
        return moves
    coins = p.coins
    for space in spaces:
        if space not in SPACES or space_closed(s, space) is not None:
            continue
        possible: dict[int, bool] = {}  # coins left -> whether the action can be done
        for k in skills:
            # space_refusal's tests, with no refusal made for a citizen left out
            fee = placement_fee(s, space, k)
            if fee is None or fee > coins:
                continue
            left = coins - fee
            able = possible.get(left)
            if able is None:
                able = possible[left] = actions.action_possible(s, t, seat, space, left)
            if able:
                moves.append(Place(seat=seat, space=space, skill=k))
    return moves


def card_moves(
    s: State, t: Tables, seat: int, only: str | None = None, skill: int | None = None
) -> list[PlaceOnCard]:
    """Citizens placed on the action spaces of the seat's own cards (only ``only``, and only the
    citizen of ``skill``, if given)."""
    p = s.players[seat]
    skills = p.ready if skill is None else tuple(k for k in p.ready if k == skill)
    moves: list[PlaceOnCard] = []
    if not skills:
        return moves
    used = {c.card for c in p.on_cards}
    for group in (p.empire, p.provinces, p.titans):
        for card in group:
            if only is not None and card != only:
                continue
            if (
                card in t.action
                and card not in used
                and cards.action_precondition(s, t, seat, card) is None
            ):
                moves.extend(PlaceOnCard(seat=seat, card=card, skill=k) for k in skills)
    return moves


def fight_moves(s: State, t: Tables, seat: int) -> list[Fight]:
    """Each face-up titan, when the seat can pay for an unused army (:func:`.titans.fight_refusal`
    is ``None``: an army it can pay for is an unused army)."""
    p = s.players[seat]
    coins = p.coins
    if not any(a.scroll == 0 and a.picture + 1 <= coins for a in p.armies):
        return []
    tops = s.titan_tops
    return [Fight(seat=seat, stars=stars) for stars in STARS if tops.of(stars) is not None]


def do_place(s: State, t: Tables, move: Place, ev: list[Event]) -> State:
    seat = move.seat
    fee = placement_fee(s, move.space, move.skill) or 0
    p = s.players[seat]
    p = msgspec.structs.replace(
        p, coins=p.coins - fee, ready=tuple(k for k in p.ready if k != move.skill)
    )
    s = with_player(s, seat, p)
    board = s.board.placing(move.space, Placed(seat=seat, skill=move.skill))
    s = msgspec.structs.replace(s, board=board)
    ev.append(CitizenPlaced(seat=seat, space=move.space, skill=move.skill, fee=fee))
    if fee:
        ev.append(Paid(seat=seat, coins=fee, reason="placement"))
    s = push(s, EndTurn())
    return actions.do_board_action(s, t, seat, move.space, ev)


def do_place_on_card(s: State, t: Tables, move: PlaceOnCard, ev: list[Event]) -> State:
    p = s.players[move.seat]
    p = msgspec.structs.replace(
        p,
        ready=tuple(k for k in p.ready if k != move.skill),
        on_cards=(*p.on_cards, CardCitizen(card=move.card, skill=move.skill)),
    )
    s = with_player(s, move.seat, p)
    ev.append(CitizenOnCard(seat=move.seat, card=move.card, skill=move.skill))
    s = push(s, EndTurn())
    return cards.do_card_action(s, t, move.seat, move.card, ev)


def do_fight(s: State, move: Fight, ev: list[Event]) -> State:
    return start_fight(push(s, EndTurn()), move.seat, move.stars, ev)
