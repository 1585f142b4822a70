"""Readable moves of phase 10, the diplomacy: one sentence per slot move (a deal opened, a
cancellation proposed, war, a prisoner killed, a pass), per term written into a deal, per
proposal and per answer (the describers :data:`.describe.DESCRIBERS` maps those move types to).

A deal's terms are said as the seat reading them sees them (:func:`offer_terms`: «you give»,
«you get»), the sentence of the table's step too (:mod:`.render`). No ruling is applied here.
"""

from __future__ import annotations

from arbiter.core.texts import Text, joined, plural, text
from arbiter.games.ancient_wargame.diplomacy_state import Offer
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
from arbiter.games.ancient_wargame.naming import (
    Table,
    hero_of,
    hero_text,
    resource_text,
    seat_text,
    top_task,
    turns_text,
)
from arbiter.games.ancient_wargame.state import WargameState
from arbiter.games.ancient_wargame.tables import Tables


def open_deal(s: WargameState, t: Tables, m: OpenDeal) -> str:
    return text("Write a deal with {seat}", seat=seat_text(s, t, m.partner))


def cancel(s: WargameState, t: Tables, m: ProposeCancel) -> str:
    return text(
        "Propose to {seat} to cancel every deal between you", seat=seat_text(s, t, m.partner)
    )


def war(s: WargameState, t: Tables, m: DeclareWar) -> str:
    return text("Declare war on {seat}", seat=seat_text(s, t, m.target))


def kill_prisoner(s: WargameState, t: Tables, m: KillPrisoner) -> str:
    h = hero_of(s, m.hero)
    return text(
        "Kill your prisoner {hero} of {seat}", hero=hero_text(h), seat=seat_text(s, t, h.owner)
    )


def pass_(s: WargameState, t: Tables, m: Pass) -> str:
    return text("Pass (no more diplomacy for now)")


def _term_text(s: Table, t: Tables, clause: str, target: int | None) -> Text:
    if clause == "passage_to":
        return text("passage")
    if clause == "passage_from":
        return text("passage for you in return")
    if clause == "passage_both":
        return text("passage both ways")
    if clause == "alliance":
        return text("an alliance")
    if clause == "peace":
        return text("peace")
    if target is not None:
        return text("a joint attack on {seat}", seat=seat_text(s, t, target))
    return text("a joint attack")


def add_term(s: WargameState, t: Tables, m: AddTerm) -> str:
    task = top_task(s, Offer)
    partner = seat_text(s, t, task.partner)
    if m.term == "passage_to":
        return text("Add a term: grant {seat} passage through your provinces", seat=partner)
    if m.term == "passage_from":
        return text("Add a term: {seat} grants you passage through its provinces", seat=partner)
    if m.term == "passage_both":
        return text("Add a term: passage both ways with {seat}", seat=partner)
    if m.term == "alliance":
        return text("Add a term: an alliance with {seat} (passage both ways)", seat=partner)
    if m.term == "peace":
        return text("Add a term: peace with {seat} (ends your war)", seat=partner)
    return text(
        "Add a term: a joint attack with {seat} on {target}",
        seat=partner,
        target=seat_text(s, t, m.target or 0),
    )


def transfer(s: WargameState, t: Tables, m: Transfer) -> str:
    task = top_task(s, Offer)
    partner = seat_text(s, t, task.partner)
    what = resource_text(m.amount, m.resource)
    if m.direction == "to_partner":
        return text("Add a term: you give {seat} {what}", seat=partner, what=what)
    return text("Add a term: {seat} gives you {what}", seat=partner, what=what)


def release(s: WargameState, t: Tables, m: Release) -> str:
    h = hero_of(s, m.hero)
    if h.captor == m.seat:
        return text("Add a term: you release your prisoner {hero}", hero=hero_text(h))
    return text(
        "Add a term: {seat} releases your {hero}",
        seat=seat_text(s, t, h.captor or 0),
        hero=hero_text(h),
    )


def give_general(s: WargameState, t: Tables, m: GiveGeneral) -> str:
    h = hero_of(s, m.hero)
    if h.owner == m.seat:
        return text("Add a term: you give your general {hero}", hero=hero_text(h))
    return text(
        "Add a term: {seat} gives you its general {hero}",
        seat=seat_text(s, t, h.owner),
        hero=hero_text(h),
    )


def offer_terms(s: Table, t: Tables, task: Offer, viewer: int) -> Text:
    """The terms of a deal being written or proposed, as ``viewer`` (one of its two seats)
    reads them: ``passage for 3 turns; you give 5 food``."""
    mine = viewer == task.seat
    other = task.partner if mine else task.seat
    parts: list[str] = []
    for clause in task.terms:
        if clause in ("food", "money", "vp"):
            amount = getattr(task, clause)
            what = resource_text(abs(amount), clause)
            if (amount > 0) == mine:
                parts.append(text("you give {what}", what=what))
            else:
                parts.append(text("you get {what}", what=what))
        elif clause == "release" and task.release is not None:
            parts.append(text("the release of {hero}", hero=hero_text(hero_of(s, task.release))))
        elif clause == "general" and task.general is not None:
            given = hero_of(s, task.general)
            if given.owner == viewer:
                parts.append(text("you give the general {hero}", hero=hero_text(given)))
            else:
                parts.append(
                    text(
                        "seat {seat} gives you the general {hero}",
                        seat=other,
                        hero=hero_text(given),
                    )
                )
        elif clause in ("passage_to", "passage_from"):
            if (clause == "passage_to") == mine:
                parts.append(text("you grant passage"))
            else:
                parts.append(text("seat {seat} grants you passage", seat=other))
        elif clause not in ("release", "general"):
            parts.append(_term_text(s, t, clause, task.deal.joint_attack))
    return joined(parts, "; ") if parts else text("no terms")


def propose(s: WargameState, t: Tables, m: Propose) -> str:
    task = top_task(s, Offer)
    partner = seat_text(s, t, task.partner)
    lasting = [x for x in task.terms if x not in ("food", "money", "vp", "release", "general")]
    if lasting and len(task.terms) == 1 and lasting[0] == "passage_to":
        return text("Offer {seat} passage for {turns}", seat=partner, turns=turns_text(m.duration))
    terms = offer_terms(s, t, task, m.seat)
    if m.duration:
        turns = turns_text(m.duration)
        said = text(
            "Offer {seat} a deal for {turns}: {terms}", seat=partner, turns=turns, terms=terms
        )
        if len(said) <= 155:
            return said
        return plural(
            "Offer {seat} a deal for {turns} ({count} terms)",
            "Offer {seat} a deal for {turns} ({count} terms)",
            count=len(task.terms),
            seat=partner,
            turns=turns,
        )
    said = text("Offer {seat} a deal: {terms}", seat=partner, terms=terms)
    if len(said) <= 155:
        return said
    return plural(
        "Offer {seat} a deal ({count} terms)",
        "Offer {seat} a deal ({count} terms)",
        count=len(task.terms),
        seat=partner,
    )


def abandon(s: WargameState, t: Tables, m: Abandon) -> str:
    task = top_task(s, Offer)
    return text(
        "Tear up the deal with {seat} (it counts as a proposal)",
        seat=seat_text(s, t, task.partner),
    )


def answer(s: WargameState, t: Tables, m: AcceptDeal | RejectDeal) -> str:
    task = top_task(s, Offer)
    verb = text("Accept") if isinstance(m, AcceptDeal) else text("Reject")
    who = seat_text(s, t, task.seat)
    if task.cancel:
        return text(
            "{verb} {seat}'s proposal to cancel every deal between you", verb=verb, seat=who
        )
    turns = task.deal.expires - task.deal.made if task.deal.expires else 0
    terms = offer_terms(s, t, task, m.seat)
    if turns:
        span = turns_text(turns)
        said = text(
            "{verb} {seat}'s deal for {turns}: {terms}",
            verb=verb,
            seat=who,
            turns=span,
            terms=terms,
        )
        if len(said) <= 155:
            return said
        return plural(
            "{verb} {seat}'s deal for {turns} ({count} terms)",
            "{verb} {seat}'s deal for {turns} ({count} terms)",
            count=len(task.terms),
            verb=verb,
            seat=who,
            turns=span,
        )
    said = text("{verb} {seat}'s deal: {terms}", verb=verb, seat=who, terms=terms)
    if len(said) <= 155:
        return said
    return plural(
        "{verb} {seat}'s deal ({count} terms)",
        "{verb} {seat}'s deal ({count} terms)",
        count=len(task.terms),
        verb=verb,
        seat=who,
    )
