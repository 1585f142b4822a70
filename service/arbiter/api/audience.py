"""Who an answer is for, and so what it may show and what the request may do.

An :class:`Audience` is decided once per request from the handle and ``as_seat``
(:func:`audience_of`): an open game shows everything; a sealed game's seat handle is its seat
only; the master handle sees the view of ``as_seat`` and the moves of every actor that must
decide. :func:`authorize` refuses a move the handle may not submit before any rule looks at it,
from the handle and the move's ``seat`` alone, so a refusal tells nothing about hidden values.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from arbiter.api.envelope import AnytimeMoves
from arbiter.api.handles import Resolved
from arbiter.api.languages import said
from arbiter.api.memo import Known
from arbiter.api.problems import Problem
from arbiter.api.sealing import Ticket
from arbiter.core import CHANCE, Actor, MoveRange, compact, seat_count
from arbiter.core.registry import AnyGame
from arbiter.core.texts import plural, text
from arbiter.languages import domain_of


class Audience(msgspec.Struct, frozen=True):
    """Who an answer is for, and so what it may show.

    ``seat`` is the seat whose view, moves and events are shown (``None``: the public view, and
    every actor's moves where ``all_moves``); ``sealed`` games show no state; ``master`` gets the
    handles of every seat.
    """

    sealed: bool
    seat: int | None
    master: bool = False
    #: Answers carry ``descriptions``, one English sentence per listed legal move.
    describe: bool = False
    #: Answers to a sealed game's master carry ``acting``: each seat that must act, with its
    #: view, moves and events, so a backend serves every such seat from one answer.
    acting: bool = False
    #: Answers carry ``text``, the game's text of the view they show (:func:`render_text`).
    render: bool = False

    @property
    def all_moves(self) -> bool:
        return not self.sealed or (self.master and self.seat is None)


def check_seat(
    state: Any, as_seat: int | None, seats: int | None = None, member: str = "as_seat"
) -> None:
    """Refuse an ``as_seat`` (or the request's ``member`` naming a seat) that names no seat of
    the game (``422 invalid_seat``)."""
    if as_seat is None:
        return
    seats = seat_count(state) if seats is None else seats
    if seats is not None and as_seat >= seats:
        raise Problem(
            "invalid_seat",
            plural(
                "{member} {seat} names no seat: the game has {count} seats, counted from 0",
                "{member} {seat} names no seat: the game has {count} seats, counted from 0",
                count=seats,
                member=member,
                seat=as_seat,
            ),
            pointer=f"/{member}",
        )


def audience_of(
    resolved: Resolved,
    as_seat: int | None,
    describe: bool = False,
    acting: bool = False,
    *,
    render: bool = False,
) -> Audience:
    """Who the answer to a request on ``resolved`` is for; a seat's handle is its seat only."""
    check_seat(resolved.state, as_seat)
    ticket: Ticket | None = resolved.ticket
    if ticket is None:
        if acting:
            raise acting_needs_master()
        return Audience(resolved.sealed, as_seat, describe=describe, render=render)
    if ticket.is_master:
        return Audience(True, as_seat, master=True, describe=describe, acting=acting, render=render)
    if acting:
        raise acting_needs_master()
    if ticket.is_spectator:  # the public view: a spectator sees no seat's, moves for none
        if as_seat is not None:
            raise Problem(
                "forbidden_seat",
                text("a spectator's handle sees the public view only, no seat's"),
                pointer="/as_seat",
                status=403,
            )
        return Audience(True, None, describe=describe, render=render)
    if as_seat is not None and as_seat != ticket.seat:
        raise Problem(
            "forbidden_seat",
            text(
                "this handle is seat {own}'s; it cannot see seat {seat}'s view",
                own=ticket.seat,
                seat=as_seat,
            ),
            pointer="/as_seat",
            status=403,
        )
    return Audience(True, ticket.seat, describe=describe, render=render)


def authorize(resolved: Resolved, actor: Actor) -> None:
    """Refuse a move the handle may not submit or ask about, before any rule looks at it.

    Decided from the handle and the move's ``seat`` alone, so the refusal tells nothing.
    """
    ticket = resolved.ticket
    if ticket is None:
        return
    if actor == CHANCE:
        assert resolved.table is not None
        if not ticket.is_master or resolved.table.resolve_chance:
            raise Problem(
                "chance_forbidden",
                text("chance outcomes of this sealed game are drawn by the server")
                if resolved.table.resolve_chance
                else text("only the master handle supplies the outcomes of chance"),
                pointer="/move",
                status=403,
            )
        return
    if not ticket.is_master and actor != ticket.seat:
        raise Problem(
            "forbidden_seat",
            text("this handle acts for seat {seat} only", seat=ticket.seat),
            pointer="/move/seat",
            status=403,
        )


def moves_for(
    game: AnyGame, state: Any, audience: Audience, known: Known | None = None
) -> list[Any]:
    """The legal moves ``audience`` may see: every actor's, or one seat's."""
    known = known or Known(state, game.to_act(state), b"", 0)
    if audience.all_moves:
        return known.all_legal_moves(game, state)
    seat = audience.seat
    return [] if seat is None else known.legal_moves(game, state, seat)


class Listing(msgspec.Struct, frozen=True):
    """Legal moves as an answer lists them: moves differing only in an amount compacted into one
    listed move and its range (:mod:`arbiter.core.ranges`), with the descriptions if asked."""

    moves: list[Any]
    ranges: list[MoveRange] | UnsetType
    descriptions: list[str] | UnsetType


def listing(game: AnyGame, state: Any, moves: list[Any], audience: Audience) -> Listing:
    """The answer's listing of ``moves`` (every legal move ``audience`` may see)."""
    listed, ranges = compact(moves)
    return Listing(listed, ranges or UNSET, describe_moves(game, state, listed, ranges, audience))


def anytime_for(
    game: AnyGame, state: Any, seat: int | None, audience: Audience
) -> AnytimeMoves | UnsetType:
    """The anytime moves of ``seat`` (the seat an answer is for), when it has any."""
    if seat is None:
        return UNSET
    moves = game.anytime_moves(state, seat)
    if not moves:
        return UNSET
    listed = listing(game, state, moves, audience)
    return AnytimeMoves(
        moves=listed.moves, move_ranges=listed.ranges, descriptions=listed.descriptions
    )


def describe_moves(
    game: AnyGame, state: Any, moves: list[Any], ranges: list[MoveRange], audience: Audience
) -> list[str] | UnsetType:
    """One sentence per listed move in the answer's language, when the request asked for them
    (``describe``); a move standing for a range says so."""
    if not audience.describe:
        return UNSET
    described: list[str] = [game.describe(state, move) for move in moves]
    for r in ranges:
        described[r.index] = text(
            "{move} (or any {member} from {min} to {max})",
            move=described[r.index],
            member=r.field,
            min=r.min,
            max=r.max,
        )
    domain = domain_of(game.id)
    return [said(line, domain) for line in described]


def render_text(game: AnyGame, view: Any, audience: Audience) -> str | UnsetType:
    """The game's text of ``view`` -- the view the answer shows, so the text shows no more --
    when the request asked for it (``render``)."""
    if not audience.render:
        return UNSET
    return said(game.render_view(view), domain_of(game.id))


def acting_needs_master() -> Problem:
    return Problem(
        "master_only",
        text(
            "acting_seats answers the master handle of a sealed game (an open game's answer "
            "already shows everything)"
        ),
        pointer="/acting_seats",
        status=403,
    )
