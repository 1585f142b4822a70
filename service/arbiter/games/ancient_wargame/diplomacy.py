"""Phase 10: diplomacy («Фаза 10: дипломатия»; spec §1.15, §4.6, Q67-Q74).

The phase begins by striking from the deal sheet the deals due to expire (Q67: a deal made in
turn t for d turns binds through phase 9 of turn t+d). Then a round-robin (:class:`Diplomacy`,
Q70) starts from seat ``(turn - 1) mod n`` -- the first seat still in the game at or after it --
and gives each seat in turn one slot: open a deal with a partner, propose to cancel every active
deal with a partner, declare war, kill a prisoner it holds, or pass. The phase ends when every
seat still in the game has passed in a row.

A deal (:class:`Offer`) is written term by term from a closed vocabulary, each term at most once:

* immediate transfers -- ₣, $ or VP tokens one way (``Transfer``, a ranged count from 1 to what
  the giver holds), the release of a prisoner held by one of the two from the other (a ransom,
  ``Release``) and a free general of one of the two given to the other (``GiveGeneral``, Q73: to
  the recipient's capital, or a province it chooses if it does not hold its capital; a recipient
  with no province cannot receive one);
* lasting terms -- passage one way or both, alliance (passage both ways), peace (only between
  seats at war: it ends the war), a joint attack on a third seat (recorded, not enforced).

Lasting terms other than peace need the two seats at peace, or peace in the same deal (Q71).
``Propose(duration)`` sends the deal: 1 to 5 turns with a lasting term, 0 for transfers alone
(they bind nothing). The partner answers at once; on acceptance the transfers happen and the
lasting terms go on the deal sheet with ``expires = turn + duration``.

Opening a deal or proposing a cancellation uses one of the seat's 3 proposals of the turn, even
if the deal is then abandoned (the seat keeps its slot): with every term used at most once, the
phase is bounded and a random playout always ends it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, Final

import msgspec

from arbiter.core import Event
from arbiter.core.lastcall import last_answer
from arbiter.core.texts import Text, joined, plural, term, text
from arbiter.games.ancient_wargame.common import (
    State,
    active,
    at_war,
    capital,
    deal_partners,
    deals_between,
    declare_war,
    has_deal,
    kill_heroes,
    make_peace,
    owned,
    pair,
    pop,
    province,
    push,
    replace_top,
    seats_in_play,
    set_hero,
    update,
)
from arbiter.games.ancient_wargame.diplomacy_state import Deal, Diplomacy, Offer
from arbiter.games.ancient_wargame.events import Happened
from arbiter.games.ancient_wargame.moves import (
    Abandon,
    AcceptDeal,
    AddTerm,
    DeclareWar,
    GiveGeneral,
    KillPrisoner,
    OpenDeal,
    Pass,
    Propose,
    ProposeCancel,
    RejectDeal,
    Release,
    Transfer,
)
from arbiter.games.ancient_wargame.rules import MAX_DEAL
from arbiter.games.ancient_wargame.state import Hero, PlaceHero, ProvinceState
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = (Diplomacy, Offer)
#: A slot can always pass, an offer be abandoned or rejected.
DECIDES: tuple[type, ...] = (Diplomacy, Offer)

SECTION: Final = "Фаза 10: дипломатия"
#: Proposals (deals opened and cancellations proposed) a seat may make each turn (Q70).
MAX_PROPOSALS: Final = 3

#: The lasting terms of :class:`~.moves.AddTerm`; the passage terms and the alliance (passage
#: both ways) exclude one another.
LASTING: Final = ("passage_to", "passage_from", "passage_both", "alliance", "peace", "joint_attack")
_PASSAGE: Final = frozenset({"passage_to", "passage_from", "passage_both", "alliance"})
RESOURCES: Final = ("food", "money", "vp")
#: The lasting terms by their ids, as the deal sentences of the events write them.
_TERM_IDS: Final[dict[str, Text]] = {
    "passage_to": term("passage_to"),
    "passage_from": term("passage_from"),
    "passage_both": term("passage_both"),
    "alliance": term("alliance"),
    "peace": term("peace"),
    "joint_attack": term("joint_attack"),
}

#: Every rule code this phase refuses with: (code tail, section, description).
CODES: tuple[tuple[str, str, Text], ...] = (
    ("P10.partner", SECTION, text("the partner or target is another seat still in the game")),
    (
        "P10.proposals",
        SECTION,
        text("a seat makes at most 3 proposals (deals or cancellations) a turn (Q70)"),
    ),
    (
        "P10.cancel.no_deal",
        SECTION,
        text("a cancellation is proposed only to a seat with an active deal (Q69)"),
    ),
    ("P10.war.already", SECTION, text("war is declared only on a seat one is not at war with")),
    (
        "P10.war.active_deal",
        SECTION,
        text(
            "«Запрещается объявлять войну игроку, с которым заключены действующие соглашения, без "
            "обоюдного согласия на их отмену» (N31)"
        ),
    ),
    ("P10.prisoner.not_held", SECTION, text("only a prisoner one holds may be killed (Q74)")),
    ("P10.deal.term_twice", SECTION, text("each term appears in a deal at most once (§4.6)")),
    ("P10.deal.peace", SECTION, text("peace is a term only between seats at war (Q68)")),
    (
        "P10.deal.at_war",
        SECTION,
        text(
            "passage, alliance and joint attack need the seats at peace, or peace in the deal (Q71)"
        ),
    ),
    ("P10.deal.target", SECTION, text("a joint attack targets a third seat still in the game")),
    (
        "P10.deal.unaffordable",
        SECTION,
        text("a transfer is at least 1 and at most what the giver holds, also on acceptance"),
    ),
    (
        "P10.deal.release",
        SECTION,
        text("a ransom releases a prisoner one of the two holds from the other (Q64)"),
    ),
    (
        "P10.deal.general",
        SECTION,
        text(
            "a general given is a free general of one of the two; the other holds a province (Q73)"
        ),
    ),
    ("P10.deal.empty", SECTION, text("a deal proposed has at least one term")),
    (
        "P10.deal.too_long",
        SECTION,
        text("«Игрок не может заключать сделки сроком более чем на 5 ходов» (N31)"),
    ),
    (
        "P10.deal.duration",
        SECTION,
        text("a deal with a lasting term lasts 1 to 5 turns; one of transfers alone, 0 (Q67)"),
    ),
)

_MESSAGES: Final = {code: reason for code, _, reason in CODES}
#: Why a move is not the decision now (made once: the listings ask these too).
_NOT_SLOT: Final = text("the decision now is a diplomacy slot")
_NOT_WRITING: Final = text("the decision now is writing a deal")
_NOT_ANSWER: Final = text("the decision now is an answer to a proposal")

Refusal = tuple[str, Text]


def _no(code: str) -> Refusal:
    return code, _MESSAGES[code]


# --------------------------------------------------------------------------------- begin


def begin(s: State, t: Tables, ev: list[Event]) -> State:
    """Strike the deals due to expire (Q67), then start the round-robin (Q70)."""
    kept = tuple(d for d in s.deals if d.expires > s.turn)
    for d in s.deals:
        if d.expires <= s.turn:
            ev.append(
                Happened(
                    what="deal_expired",
                    seat=d.a,
                    text=text(
                        "The deal between seats {seat} and {other} made in turn {turn} expired.",
                        seat=d.a,
                        other=d.b,
                        turn=d.made,
                    ),
                )
            )
    s = msgspec.structs.replace(s, deals=kept)
    seats = seats_in_play(s)
    if not seats:
        return s
    n = len(s.players)
    start = (s.turn - 1) % n if s.turn else 0
    first = next((seat for seat in _after(n, start - 1) if active(s, seat)), seats[0])
    return push(s, Diplomacy(seat=first, proposals=(0,) * n))


def _after(n: int, seat: int) -> Iterator[int]:
    """The seats after ``seat`` in turn order, ``seat`` last."""
    return ((seat + k) % n for k in range(1, n + 1))


def _advance(s: State, task: Diplomacy, passed: bool) -> State:
    """The slot of ``task.seat`` is over: the next seat in the game acts, or the phase ends."""
    passes = task.passes + 1 if passed else 0
    if passes >= len(seats_in_play(s)):
        return pop(s)
    seat = next(x for x in _after(len(s.players), task.seat) if active(s, x))
    return replace_top(s, msgspec.structs.replace(task, seat=seat, passes=passes))


def _used(task: Diplomacy, seat: int) -> int:
    return task.proposals[seat] if seat < len(task.proposals) else 0


def _count_proposal(task: Diplomacy) -> Diplomacy:
    proposals = list(task.proposals) + [0] * (task.seat + 1 - len(task.proposals))
    proposals[task.seat] += 1
    return msgspec.structs.replace(task, proposals=tuple(proposals))


# ------------------------------------------------------------------------------- the slot


def _other(s: State, seat: int, other: int) -> bool:
    return 0 <= other < len(s.players) and other != seat and active(s, other)


def _prisoner(s: State, hid: str) -> Hero | None:
    return next((h for h in s.heroes if h.id == hid and h.captor is not None), None)


def _slot_refusal(s: State, task: Diplomacy, move: Any) -> Refusal | None:
    seat = task.seat
    if isinstance(move, (OpenDeal, ProposeCancel)):
        if not _other(s, seat, move.partner):
            return _no("P10.partner")
        if _used(task, seat) >= MAX_PROPOSALS:
            return _no("P10.proposals")
        if isinstance(move, ProposeCancel) and not has_deal(s, seat, move.partner):
            return _no("P10.cancel.no_deal")
        return None
    if isinstance(move, DeclareWar):
        if not _other(s, seat, move.target):
            return _no("P10.partner")
        if at_war(s, seat, move.target):
            return _no("P10.war.already")
        if has_deal(s, seat, move.target):
            return _no("P10.war.active_deal")
        return None
    if isinstance(move, KillPrisoner):
        h = _prisoner(s, move.hero)
        if h is None or h.captor != seat:
            return _no("P10.prisoner.not_held")
        return None
    if isinstance(move, Pass):
        return None
    return ("decision", _NOT_SLOT)


def _slot_moves(s: State, task: Diplomacy) -> list[Any]:
    """The moves of a diplomacy slot, each legal as made (:func:`_slot_refusal` says why another
    is not): a proposal or a cancellation to each other seat while proposals are left, war on
    each seat at peace with no deal, killing a prisoner one holds, passing."""
    seat = task.seat
    others = [x for x in range(len(s.players)) if _other(s, seat, x)]
    partners = deal_partners(s, seat)
    bound = [x for x in others if x in partners]
    out: list[Any] = []
    if _used(task, seat) < MAX_PROPOSALS:
        out += [OpenDeal(seat=seat, partner=x) for x in others]
        out += [ProposeCancel(seat=seat, partner=x) for x in bound]
    out += [
        DeclareWar(seat=seat, target=x) for x in others if x not in bound and not at_war(s, seat, x)
    ]
    kills = [KillPrisoner(seat=seat, hero=h.id) for h in s.heroes if h.captor == seat]
    out += [m for m in kills if _slot_refusal(s, task, m) is None]  # rare: asked as is
    out.append(Pass(seat=seat))
    return out


def _perform_slot(s: State, task: Diplomacy, move: Any, ev: list[Event]) -> State:
    seat = task.seat
    if isinstance(move, Pass):
        return _advance(s, task, passed=True)
    if isinstance(move, OpenDeal):
        a, b = pair(seat, move.partner)
        s = replace_top(s, _count_proposal(task))
        return push(s, Offer(seat=seat, partner=move.partner, deal=Deal(a=a, b=b)))
    if isinstance(move, ProposeCancel):
        a, b = pair(seat, move.partner)
        s = replace_top(s, _count_proposal(task))
        ev.append(
            Happened(
                what="cancel_proposed",
                seat=seat,
                text=text(
                    "Seat {seat} proposes to seat {other} to cancel their deals.",
                    seat=seat,
                    other=move.partner,
                ),
            )
        )
        offer = Offer(seat=seat, partner=move.partner, deal=Deal(a=a, b=b), cancel=True)
        return push(s, msgspec.structs.replace(offer, proposed=True))
    if isinstance(move, DeclareWar):
        s = declare_war(s, seat, move.target)
        ev.append(
            Happened(
                what="war_declared",
                seat=seat,
                text=text(
                    "Seat {seat} declares war on seat {other}.", seat=seat, other=move.target
                ),
            )
        )
        return _advance(s, task, passed=False)
    if isinstance(move, KillPrisoner):
        h = _prisoner(s, move.hero)
        assert h is not None
        s = kill_heroes(s, [h])
        ev.append(
            Happened(
                what="prisoner_killed",
                seat=seat,
                text=text(
                    "Seat {seat} kills the prisoner {hero} of seat {other}.",
                    seat=seat,
                    hero=term(h.name),
                    other=h.owner,
                ),
            )
        )
        return _advance(s, task, passed=False)
    raise AssertionError(f"not a diplomacy slot move: {move!r}")


# ------------------------------------------------------------------------------ the offer


def _lasting(task: Offer) -> bool:
    return any(term in LASTING for term in task.terms)


def _giver(task: Offer, direction: str) -> int:
    return task.seat if direction == "to_partner" else task.partner


def _amount(task: Offer, resource: str) -> int:
    value: int = getattr(task, resource)
    return value


def _affordable(s: State, task: Offer) -> bool:
    for resource in RESOURCES:
        amount = _amount(task, resource)
        if amount:
            giver = task.seat if amount > 0 else task.partner
            if getattr(s.players[giver], resource) < abs(amount):
                return False
    if task.release is not None:
        h = _prisoner(s, task.release)
        if h is None or {h.owner, h.captor} != {task.seat, task.partner}:
            return False
    return task.general is None or _giftable(s, task, task.general)


def _giftable(s: State, task: Offer, hid: str) -> bool:
    """Whether ``hid`` is a free general of one of the deal's seats and the other holds a
    province to receive him (Q73)."""
    h = next((h for h in s.heroes if h.id == hid), None)
    return h is not None and _gift(h, _givers(s, task))


def _givers(s: State, task: Offer) -> tuple[int, ...]:
    """The deal's seats that may give a general: those whose other side holds a province to
    receive him (Q73)."""
    owners = _owners(s.provinces)
    return tuple(x for x in (task.seat, task.partner) if _other_side(task, x) in owners)


@last_answer  # each listing of an offer asks it, and phase 10 leaves the provinces alone
def _owners(provinces: tuple[ProvinceState, ...]) -> frozenset[int | None]:
    """The seats owning a province (``None`` among them if one is unowned)."""
    return frozenset(p.owner for p in provinces)


def _gift(h: Hero, givers: tuple[int, ...]) -> bool:
    """Whether ``h`` is a free general of one of ``givers`` (Q73)."""
    return h.kind == "general" and h.captor is None and h.owner in givers


def _other_side(task: Offer, seat: int) -> int:
    return task.partner if seat == task.seat else task.seat


def _offer_refusal(s: State, task: Offer, move: Any) -> Refusal | None:
    seat, partner = task.seat, task.partner
    if isinstance(move, AddTerm):
        clause = move.term
        if clause in task.terms or (clause in _PASSAGE and _PASSAGE.intersection(task.terms)):
            return _no("P10.deal.term_twice")
        war = at_war(s, seat, partner)
        if clause == "peace":
            return None if war else _no("P10.deal.peace")
        if war and "peace" not in task.terms:
            return _no("P10.deal.at_war")
        if clause == "joint_attack":
            target = move.target
            if target is None or target == partner or not _other(s, seat, target):
                return _no("P10.deal.target")
        return None
    if isinstance(move, Transfer):
        if move.resource in task.terms:
            return _no("P10.deal.term_twice")
        held = getattr(s.players[_giver(task, move.direction)], move.resource)
        if not 1 <= move.amount <= held:
            return _no("P10.deal.unaffordable")
        return None
    if isinstance(move, Release):
        if "release" in task.terms:
            return _no("P10.deal.term_twice")
        h = _prisoner(s, move.hero)
        if h is None or {h.owner, h.captor} != {seat, partner}:
            return _no("P10.deal.release")
        return None
    if isinstance(move, GiveGeneral):
        if "general" in task.terms:
            return _no("P10.deal.term_twice")
        if not _giftable(s, task, move.hero):
            return _no("P10.deal.general")
        return None
    if isinstance(move, Propose):
        if move.duration > MAX_DEAL:
            return _no("P10.deal.too_long")
        if not task.terms:
            return _no("P10.deal.empty")
        if (move.duration >= 1) != _lasting(task):
            return _no("P10.deal.duration")
        return None
    if isinstance(move, Abandon):
        return None
    return ("decision", _NOT_WRITING)


@functools.lru_cache(maxsize=1024)
def _transfers(seat: int, resource: str, direction: str, held: int) -> tuple[Transfer, ...]:
    """Every amount of ``resource`` from 1 to ``held`` (moves are immutable: shared by the
    listings that offer the same)."""
    return tuple(
        Transfer(seat=seat, resource=resource, direction=direction, amount=n)  # type: ignore[arg-type]
        for n in range(1, held + 1)
    )


def _offer_moves(s: State, task: Offer) -> list[Any]:
    """The moves writing a deal, each legal as made (:func:`_offer_refusal` says why another is
    not): the lasting terms, the transfers, ransoms, generals, the proposal, abandoning it."""
    seat, partner = task.seat, task.partner
    written = set(task.terms)
    out: list[Any] = []
    war = at_war(s, seat, partner)
    passage_written = bool(_PASSAGE & written)
    for clause in LASTING:
        if clause in written or (clause in _PASSAGE and passage_written):
            continue
        if clause == "peace" and not war:
            continue
        if clause != "peace" and war and "peace" not in written:
            continue
        if clause == "joint_attack":
            out += [
                AddTerm(seat=seat, term=clause, target=x)
                for x in range(len(s.players))
                if x != partner and _other(s, seat, x)
            ]
        else:
            out.append(AddTerm(seat=seat, term=clause))
    for resource in RESOURCES:
        if resource in written:
            continue
        for direction in ("to_partner", "from_partner"):
            held = getattr(s.players[_giver(task, direction)], resource)
            out += _transfers(seat, resource, direction, held)
    if "release" not in written:
        out += [
            Release(seat=seat, hero=h.id)
            for h in s.heroes
            if h.captor is not None and {h.owner, h.captor} == {seat, partner}
        ]
    if "general" not in written:
        givers = _givers(s, task)
        if givers:
            out += [GiveGeneral(seat=seat, hero=h.id) for h in s.heroes if _gift(h, givers)]
    if written:
        durations = range(1, MAX_DEAL + 1) if _lasting(task) else range(1)
        out += [Propose(seat=seat, duration=d) for d in durations]
    out.append(Abandon(seat=seat))
    return out


def _add(s: State, task: Offer, move: Any) -> Offer:
    """``task`` with the term of ``move`` written in."""
    seat, deal = task.seat, task.deal
    if isinstance(move, AddTerm):
        clause = move.term
        changes: dict[str, Any]
        if clause == "passage_to":
            changes = {"passage_ab" if seat == deal.a else "passage_ba": True}
        elif clause == "passage_from":
            changes = {"passage_ba" if seat == deal.a else "passage_ab": True}
        elif clause == "passage_both":
            changes = {"passage_ab": True, "passage_ba": True}
        elif clause == "joint_attack":
            changes = {"joint_attack": move.target}
        else:
            changes = {clause: True}
        deal = msgspec.structs.replace(deal, **changes)
        return msgspec.structs.replace(task, deal=deal, terms=(*task.terms, clause))
    if isinstance(move, Transfer):
        amount = move.amount if move.direction == "to_partner" else -move.amount
        return msgspec.structs.replace(
            task, **{move.resource: amount}, terms=(*task.terms, move.resource)
        )
    if isinstance(move, GiveGeneral):
        return msgspec.structs.replace(task, general=move.hero, terms=(*task.terms, "general"))
    assert isinstance(move, Release)
    return msgspec.structs.replace(task, release=move.hero, terms=(*task.terms, "release"))


def _given(resource: str, amount: int, seat: int) -> Text:
    """``3 ₣ to seat 1``: a resource the deal moves."""
    if resource == "food":
        return text("{amount} ₣ to seat {seat}", amount=amount, seat=seat)
    if resource == "money":
        return text("{amount} $ to seat {seat}", amount=amount, seat=seat)
    return plural("{count} VP to seat {seat}", "{count} VP to seat {seat}", count=amount, seat=seat)


def _describe(task: Offer) -> Text:
    parts: list[Text] = []
    for resource in RESOURCES:
        amount = _amount(task, resource)
        if amount > 0:
            parts.append(_given(resource, amount, task.partner))
        elif amount < 0:
            parts.append(_given(resource, -amount, task.seat))
    if task.release is not None:
        parts.append(text("the release of {hero}", hero=task.release))
    if task.general is not None:
        parts.append(text("the general {hero} given", hero=task.general))
    parts += [_TERM_IDS[clause] for clause in task.terms if clause in _TERM_IDS]
    return joined(parts, ", ")


def _send_home(s: State, t: Tables, h: Hero, seat: int) -> tuple[State, Text]:
    """``h``, now ``seat``'s and free, goes to ``seat``'s capital if it holds it, else to a
    province ``seat`` chooses; with none, he dies (Q64, Q73). What happened, said after his name."""
    home = capital(s, t, seat)
    h = msgspec.structs.replace(h, owner=seat, captor=None)
    if home is not None and province(s, t, home).owner == seat:
        return set_hero(s, msgspec.structs.replace(h, province=home)), text("goes to his capital")
    if owned(s, seat):
        s = set_hero(s, msgspec.structs.replace(h, province=None))
        chooses = text("seat {seat} chooses a province for him", seat=seat)
        return push(s, PlaceHero(seat=seat, hero=h.id)), chooses
    return kill_heroes(s, [h]), text("seat {seat} has no province: he dies", seat=seat)


def _release(s: State, t: Tables, hid: str, ev: list[Event]) -> State:
    """The prisoner ``hid`` goes home (Q64; :func:`_send_home`)."""
    h = _prisoner(s, hid)
    assert h is not None
    s, how = _send_home(s, t, h, h.owner)
    ev.append(
        Happened(
            what="prisoner_released",
            seat=h.owner,
            text=text("{hero} is released: {how}.", hero=term(h.name), how=how),
        )
    )
    return s


def _give_general(s: State, t: Tables, task: Offer, hid: str, ev: list[Event]) -> State:
    """The general ``hid`` changes sides (Q73; :func:`_send_home`)."""
    h = next(h for h in s.heroes if h.id == hid)
    to = _other_side(task, h.owner)
    s, how = _send_home(s, t, h, to)
    given = text(
        "{hero} of seat {other} is given to seat {seat}: {how}.",
        hero=term(h.name),
        other=h.owner,
        seat=to,
        how=how,
    )
    ev.append(Happened(what="general_given", seat=to, text=given))
    return s


def _accept(s: State, t: Tables, task: Offer, ev: list[Event]) -> State:
    seat, partner = task.seat, task.partner
    if task.cancel:
        kept = tuple(d for d in s.deals if d not in deals_between(s, seat, partner))
        ev.append(
            Happened(
                what="deals_cancelled",
                seat=partner,
                text=text(
                    "Seats {seat} and {other} cancel every deal between them.",
                    seat=seat,
                    other=partner,
                ),
            )
        )
        return msgspec.structs.replace(s, deals=kept)
    for resource in RESOURCES:
        amount = _amount(task, resource)
        if amount:
            giver, taker = (seat, partner) if amount > 0 else (partner, seat)
            n = abs(amount)
            s = update(s, giver, **{resource: getattr(s.players[giver], resource) - n})
            s = update(s, taker, **{resource: getattr(s.players[taker], resource) + n})
    if task.deal.peace:
        s = make_peace(s, seat, partner)
    if _lasting(task):
        s = msgspec.structs.replace(s, deals=(*s.deals, task.deal))
    ev.append(
        Happened(
            what="deal_made",
            seat=partner,
            text=text(
                "Seat {seat} accepts the deal of seat {other}: {deal}.",
                seat=partner,
                other=seat,
                deal=_describe(task),
            ),
        )
    )
    if task.release is not None:
        s = _release(s, t, task.release, ev)
    if task.general is not None:
        s = _give_general(s, t, task, task.general, ev)
    return s


def _proposed(task: Offer, duration: int) -> Text:
    """The sentence of a proposal: its deal, and for how many turns a lasting one holds."""
    if not duration:
        return text(
            "Seat {seat} proposes to seat {other}: {deal}.",
            seat=task.seat,
            other=task.partner,
            deal=_describe(task),
        )
    return plural(  # both English forms as the sentence always said them
        "Seat {seat} proposes to seat {other}: {deal} for {count} turns.",
        "Seat {seat} proposes to seat {other}: {deal} for {count} turns.",
        count=duration,
        seat=task.seat,
        other=task.partner,
        deal=_describe(task),
    )


def _perform_offer(s: State, t: Tables, task: Offer, move: Any, ev: list[Event]) -> State:
    if isinstance(move, Abandon):
        return pop(s)  # the seat keeps its slot (the proposal is used)
    if isinstance(move, Propose):
        deal = msgspec.structs.replace(
            task.deal, made=s.turn, expires=s.turn + move.duration if _lasting(task) else 0
        )
        ev.append(
            Happened(
                what="deal_proposed",
                seat=task.seat,
                text=_proposed(task, move.duration),
            )
        )
        return replace_top(s, msgspec.structs.replace(task, deal=deal, proposed=True))
    if isinstance(move, (AcceptDeal, RejectDeal)):
        s = pop(s)
        below = s.pending[-1]
        assert isinstance(below, Diplomacy)
        s = _advance(s, below, passed=False)
        if isinstance(move, RejectDeal):
            ev.append(
                Happened(
                    what="deal_rejected",
                    seat=task.partner,
                    text=text(
                        "Seat {seat} rejects the proposal of seat {other}.",
                        seat=task.partner,
                        other=task.seat,
                    ),
                )
            )
            return s
        return _accept(s, t, task, ev)
    return replace_top(s, _add(s, task, move))


def _answer_refusal(s: State, task: Offer, move: Any) -> Refusal | None:
    if isinstance(move, AcceptDeal):
        return None if _affordable(s, task) else _no("P10.deal.unaffordable")
    if isinstance(move, RejectDeal):
        return None
    return ("decision", _NOT_ANSWER)


# ------------------------------------------------------------------------------- protocol


def actors(s: State, task: Any) -> tuple[int, ...] | None:
    """The partner answers a proposal; otherwise the task's seat acts."""
    if isinstance(task, Offer) and task.proposed:
        return (task.partner,)
    return None


def _actor(task: Any) -> int:
    if isinstance(task, Offer) and task.proposed:
        return task.partner
    seat: int = task.seat
    return seat


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    if actor != _actor(task):
        return []
    if isinstance(task, Diplomacy):
        return _slot_moves(s, task)
    if task.proposed:
        return [
            m
            for m in (AcceptDeal(seat=actor), RejectDeal(seat=actor))
            if _answer_refusal(s, task, m) is None
        ]
    return _offer_moves(s, task)


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    if isinstance(task, Diplomacy):
        return _perform_slot(s, task, move, ev)
    return _perform_offer(s, t, task, move, ev)


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    """A seat that left the game loses its slot; otherwise the phase waits for a decision."""
    if isinstance(task, Diplomacy) and not active(s, task.seat):
        if not seats_in_play(s):
            return pop(s)
        seat = next(x for x in _after(len(s.players), task.seat) if active(s, x))
        return replace_top(s, msgspec.structs.replace(task, seat=seat))
    return None


def refusal(s: State, t: Tables, task: Any, move: Any) -> Refusal | None:
    """The most specific (code tail, message) refusing ``move`` in ``task``, or ``None`` (a move
    of another seat or another decision is left to the generic checks)."""
    if getattr(move, "seat", None) != _actor(task):
        return None
    if isinstance(task, Diplomacy):
        found = _slot_refusal(s, task, move)
    elif task.proposed:
        found = _answer_refusal(s, task, move)
    else:
        found = _offer_refusal(s, task, move)
    return None if found is None or found[0] == "decision" else found
