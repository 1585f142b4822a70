"""Phase 10 («Фаза 10: дипломатия»): the round-robin, deals term by term, war and peace,
cancellation, prisoners (spec §1.15, §4.6, Q64, Q67-Q74, N31)."""

from __future__ import annotations

import random

import msgspec
import pytest

from arbiter.core import CHANCE
from arbiter.games.ancient_wargame import diplomacy
from arbiter.games.ancient_wargame.common import passage
from arbiter.games.ancient_wargame.diplomacy_state import Deal, Diplomacy, Offer
from arbiter.games.ancient_wargame.game import AncientWargame
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
    WargameMove,
)
from arbiter.games.ancient_wargame.state import (
    Hero,
    PlaceHero,
    Player,
    ProvinceState,
    WargameState,
)
from tests.ancient_wargame_diplomacy.helpers import (
    TABLES,
    begin,
    in_phase,
    legal,
    play,
    refusal,
    table,
)


def code(s: WargameState, move: object) -> str | None:
    found = refusal(s, move)
    return found[0] if found else None


def slot(s: WargameState) -> int:
    task = s.pending[-1]
    assert isinstance(task, Diplomacy)
    return task.seat


def make_deal(
    s: WargameState, seat: int, partner: int, *terms: object, duration: int
) -> WargameState:
    """``seat`` (in its slot) proposes ``terms`` to ``partner``, who accepts."""
    return play(
        s,
        OpenDeal(seat=seat, partner=partner),
        *terms,
        Propose(seat=seat, duration=duration),
        AcceptDeal(seat=partner),
    )


# -------------------------------------------------------------------------- round-robin


@pytest.mark.parametrize(("turn", "start"), [(1, 0), (2, 1), (3, 2), (4, 0), (5, 1)])
def test_the_round_robin_starts_at_turn_minus_one_mod_n(turn: int, start: int) -> None:
    s = begin(table(3, turn=turn))
    assert slot(s) == start
    s = play(s, Pass(seat=start))
    assert slot(s) == (start + 1) % 3


def test_eliminated_seats_are_skipped() -> None:
    players = (
        Player(state="s0"),
        Player(state="s1", eliminated=3),
        Player(state="s2"),
        Player(state="s3"),
    )
    s = begin(table(turn=2, players=players, provinces=()))
    assert slot(s) == 2  # seat 1 is out: the next seat in the game starts
    assert OpenDeal(seat=2, partner=1) not in legal(s)
    assert code(s, DeclareWar(seat=2, target=1)) == "P10.partner"
    s = play(s, Pass(seat=2), Pass(seat=3))
    assert slot(s) == 0
    s = play(s, Pass(seat=0))
    assert not s.pending  # three seats in the game passed in a row


def test_the_phase_ends_after_a_full_cycle_of_passes() -> None:
    s = begin(table(3))
    s = play(s, Pass(seat=0), DeclareWar(seat=1, target=0), Pass(seat=2), Pass(seat=0))
    assert in_phase(s)  # seat 1 acted: the cycle starts again
    s = play(s, Pass(seat=1))
    assert not s.pending
    assert s.wars == ((0, 1),)


def test_random_playouts_always_end_the_phase() -> None:
    move_type = msgspec.json.Decoder(WargameMove)
    for seed in range(40):
        rng = random.Random(seed)
        heroes = (
            Hero(id="h1", name="A", kind="general", owner=1, captor=0, plus="t1"),
            Hero(id="h2", name="B", kind="general", owner=0, captor=2),
            Hero(id="h3", name="C", kind="general", owner=3, captor=1),
        )
        s = begin(table(4, turn=1 + seed % 7, heroes=heroes, wars=((0, 2), (1, 3))))
        steps = 0
        while in_phase(s):
            moves = legal(s)
            assert moves
            for m in moves:
                assert refusal(s, m) is None
                assert move_type.decode(msgspec.json.encode(m)) == m
            s = play(s, rng.choice(moves))
            steps += 1
            assert steps < 2000
        assert not s.pending or isinstance(s.pending[-1], PlaceHero)
        msgspec.json.decode(msgspec.json.encode(s), type=WargameState)


# ------------------------------------------------------------------------------- N31


def test_n31_a_deal_of_six_turns_is_refused() -> None:
    s = begin(table(2))
    s = play(s, OpenDeal(seat=0, partner=1), AddTerm(seat=0, term="passage_to"))
    assert Propose(seat=0, duration=6) not in legal(s)
    assert code(s, Propose(seat=0, duration=6)) == "P10.deal.too_long"
    assert code(s, Propose(seat=0, duration=0)) == "P10.deal.duration"
    assert [m.duration for m in legal(s) if isinstance(m, Propose)] == [1, 2, 3, 4, 5]
    # the move decodes: the refusal is the rules', not the schema's
    raw = b'{"type":"propose","seat":0,"duration":6}'
    assert msgspec.json.decode(raw, type=WargameMove) == Propose(seat=0, duration=6)


def test_n31_no_war_on_a_partner_until_a_cancellation_is_accepted() -> None:
    s = begin(table(2))
    s = make_deal(s, 0, 1, AddTerm(seat=0, term="passage_to"), duration=3)
    assert slot(s) == 1
    assert DeclareWar(seat=1, target=0) not in legal(s)
    assert code(s, DeclareWar(seat=1, target=0)) == "P10.war.active_deal"
    s = play(s, ProposeCancel(seat=1, partner=0), RejectDeal(seat=0))
    assert len(s.deals) == 1
    assert code(s, DeclareWar(seat=0, target=1)) == "P10.war.active_deal"
    s = play(s, ProposeCancel(seat=0, partner=1), AcceptDeal(seat=1))
    assert s.deals == ()
    assert code(s, ProposeCancel(seat=1, partner=0)) == "P10.cancel.no_deal"
    s = play(s, DeclareWar(seat=1, target=0))  # in the same phase (Q69)
    assert s.wars == ((0, 1),)
    assert code(s, DeclareWar(seat=0, target=1)) == "P10.war.already"


# ------------------------------------------------------------------------------ deals


def test_deals_expire_at_phase_10_of_turn_t_plus_d() -> None:
    s = begin(table(2, turn=3))
    s = make_deal(s, 0, 1, AddTerm(seat=0, term="alliance"), duration=2)
    (deal,) = s.deals
    assert (deal.made, deal.expires) == (3, 5)
    kept = begin(msgspec.structs.replace(s, pending=(), turn=4))
    assert kept.deals == (deal,)
    gone = begin(msgspec.structs.replace(s, pending=(), turn=5))
    assert gone.deals == ()
    assert DeclareWar(seat=0, target=1) in legal(gone)


def test_transfers_each_way_bind_nothing() -> None:
    s = begin(table(2))
    s = play(s, OpenDeal(seat=0, partner=1))
    amounts = [m.amount for m in legal(s) if isinstance(m, Transfer) and m.resource == "food"]
    assert amounts == list(range(1, 11)) * 2  # 1..10 each way
    s = play(
        s,
        Transfer(seat=0, resource="food", direction="to_partner", amount=3),
        Transfer(seat=0, resource="money", direction="from_partner", amount=7),
        Transfer(seat=0, resource="vp", direction="from_partner", amount=2),
    )
    assert not any(isinstance(m, Transfer) for m in legal(s))  # each resource once
    assert code(s, Transfer(seat=0, resource="food", direction="to_partner", amount=1)) == (
        "P10.deal.term_twice"
    )
    assert [m.duration for m in legal(s) if isinstance(m, Propose)] == [0]
    assert code(s, Propose(seat=0, duration=2)) == "P10.deal.duration"
    s = play(s, Propose(seat=0, duration=0), AcceptDeal(seat=1))
    p0, p1 = s.players
    assert (p0.food, p0.money, p0.vp) == (7, 17, 4)
    assert (p1.food, p1.money, p1.vp) == (13, 3, 0)
    assert s.deals == ()
    assert slot(s) == 1


def test_a_transfer_beyond_the_holding_is_refused() -> None:
    s = begin(table(2))
    s = play(s, OpenDeal(seat=0, partner=1))
    assert code(s, Transfer(seat=0, resource="vp", direction="to_partner", amount=3)) == (
        "P10.deal.unaffordable"
    )
    assert code(s, Transfer(seat=0, resource="vp", direction="to_partner", amount=0)) == (
        "P10.deal.unaffordable"
    )
    # an answer to a deal no longer affordable: only Reject
    offer = Offer(seat=0, partner=1, deal=Deal(a=0, b=1), food=11, terms=("food",), proposed=True)
    s = msgspec.structs.replace(s, pending=(*s.pending[:-1], offer))
    assert legal(s) == [RejectDeal(seat=1)]
    assert code(s, AcceptDeal(seat=1)) == "P10.deal.unaffordable"


def test_empty_deals_are_not_proposed_and_abandoning_keeps_the_slot() -> None:
    s = begin(table(2))
    s = play(s, OpenDeal(seat=0, partner=1))
    assert code(s, Propose(seat=0, duration=0)) == "P10.deal.empty"
    s = play(s, AddTerm(seat=0, term="passage_to"), Abandon(seat=0))
    assert slot(s) == 0 and s.deals == ()


def test_peace_ends_a_war_and_opens_the_other_lasting_terms() -> None:
    s = begin(table(3, wars=((0, 1),)))
    s = play(s, OpenDeal(seat=0, partner=1))
    assert code(s, AddTerm(seat=0, term="passage_both")) == "P10.deal.at_war"
    assert code(s, AddTerm(seat=0, term="joint_attack", target=2)) == "P10.deal.at_war"
    assert [m.term for m in legal(s) if isinstance(m, AddTerm)] == ["peace"]
    s = play(s, AddTerm(seat=0, term="peace"), AddTerm(seat=0, term="passage_both"))
    assert AddTerm(seat=0, term="alliance") not in legal(s)  # passage once
    s = play(s, Propose(seat=0, duration=2), AcceptDeal(seat=1))
    assert s.wars == ()
    (deal,) = s.deals
    assert deal.peace and deal.passage_ab and deal.passage_ba
    assert code(s, DeclareWar(seat=1, target=0)) == "P10.war.active_deal"


def test_peace_only_at_war() -> None:
    s = begin(table(2))
    s = play(s, OpenDeal(seat=0, partner=1))
    assert code(s, AddTerm(seat=0, term="peace")) == "P10.deal.peace"


def test_a_ransom_is_allowed_at_war() -> None:
    heroes = (Hero(id="h1", name="A", kind="general", owner=1, captor=0),)
    s = begin(table(2, wars=((0, 1),), heroes=heroes))
    s = play(s, OpenDeal(seat=0, partner=1))
    assert Release(seat=0, hero="h1") in legal(s)
    assert Transfer(seat=0, resource="money", direction="from_partner", amount=5) in legal(s)


@pytest.mark.parametrize(
    ("term", "ab", "ba"),
    [("passage_to", False, True), ("passage_from", True, False), ("passage_both", True, True)],
)
def test_passage_is_recorded_one_way_or_both(term: str, ab: bool, ba: bool) -> None:
    s = begin(table(3, turn=2))  # seat 1 proposes to seat 0
    s = make_deal(s, 1, 0, AddTerm(seat=1, term=term), duration=1)
    (deal,) = s.deals
    assert (deal.a, deal.b, deal.passage_ab, deal.passage_ba) == (0, 1, ab, ba)
    assert passage(s, 0, 1) == ab and passage(s, 1, 0) == ba
    assert (deal.made, deal.expires) == (2, 3)


def test_alliance_and_joint_attack_are_recorded() -> None:
    s = begin(table(3))
    s = play(s, OpenDeal(seat=0, partner=1))
    targets = [m.target for m in legal(s) if isinstance(m, AddTerm) and m.term == "joint_attack"]
    assert targets == [2]
    assert code(s, AddTerm(seat=0, term="joint_attack", target=1)) == "P10.deal.target"
    s = play(
        s,
        AddTerm(seat=0, term="alliance"),
        AddTerm(seat=0, term="joint_attack", target=2),
        Propose(seat=0, duration=5),
        AcceptDeal(seat=1),
    )
    (deal,) = s.deals
    assert deal.alliance and deal.joint_attack == 2 and deal.expires == 6
    assert passage(s, 0, 1) and passage(s, 1, 0)


def test_two_players_have_no_joint_attack() -> None:
    s = begin(table(2))
    s = play(s, OpenDeal(seat=0, partner=1))
    assert not [m for m in legal(s) if isinstance(m, AddTerm) and m.term == "joint_attack"]


def test_a_rejected_deal_changes_nothing_but_the_slot() -> None:
    s = begin(table(2))
    before = s.players
    s = play(
        s,
        OpenDeal(seat=0, partner=1),
        Transfer(seat=0, resource="food", direction="from_partner", amount=4),
        Propose(seat=0, duration=0),
    )
    assert legal(s) == [AcceptDeal(seat=1), RejectDeal(seat=1)]
    s = play(s, RejectDeal(seat=1))
    assert s.players == before and slot(s) == 1


def test_three_proposals_a_turn() -> None:
    s = begin(table(2))
    for _ in range(3):
        s = play(s, OpenDeal(seat=0, partner=1), Abandon(seat=0))
    assert not any(isinstance(m, (OpenDeal, ProposeCancel)) for m in legal(s))
    assert code(s, OpenDeal(seat=0, partner=1)) == "P10.proposals"
    s = play(s, Pass(seat=0))
    s = make_deal(s, 1, 0, AddTerm(seat=1, term="passage_to"), duration=1)
    assert code(s, ProposeCancel(seat=0, partner=1)) == "P10.proposals"
    s = play(s, Pass(seat=0))
    s = play(s, ProposeCancel(seat=1, partner=0), RejectDeal(seat=0), Pass(seat=0))
    s = play(s, OpenDeal(seat=1, partner=0), Abandon(seat=1))
    assert code(s, OpenDeal(seat=1, partner=0)) == "P10.proposals"
    s = play(s, Pass(seat=1))  # seat 0 passed just before: a full cycle
    assert not s.pending


# ---------------------------------------------------------------------------- prisoners


def prisoners() -> tuple[Hero, ...]:
    return (
        Hero(id="h1", name="Ajax", kind="general", owner=1, captor=0, plus="t1", minus="t2"),
        Hero(id="h2", name="Brasidas", kind="general", owner=0, province="p0"),
    )


def test_killing_a_prisoner() -> None:
    s = begin(table(2, heroes=prisoners()))
    assert [m for m in legal(s) if isinstance(m, KillPrisoner)] == [KillPrisoner(seat=0, hero="h1")]
    assert code(s, KillPrisoner(seat=0, hero="h2")) == "P10.prisoner.not_held"
    s = play(s, KillPrisoner(seat=0, hero="h1"))
    assert [h.id for h in s.heroes] == ["h2"]
    assert s.traits.discards == ("t1", "t2")
    assert slot(s) == 1


def ransom(s: WargameState) -> WargameState:
    """Seat 1 pays 5 $ to seat 0 for the release of h1."""
    return play(
        s,
        Pass(seat=0),
        OpenDeal(seat=1, partner=0),
        Transfer(seat=1, resource="money", direction="to_partner", amount=5),
        Release(seat=1, hero="h1"),
        Propose(seat=1, duration=0),
        AcceptDeal(seat=0),
    )


def test_a_ransom_sends_the_prisoner_home() -> None:
    s = ransom(begin(table(2, heroes=prisoners())))
    h1 = s.heroes[0]
    assert (h1.captor, h1.province) == (None, "p1")
    assert (s.players[0].money, s.players[1].money) == (15, 5)
    assert s.deals == () and slot(s) == 0


def test_a_released_prisoner_whose_capital_is_lost_is_placed_by_his_owner() -> None:
    provinces = (ProvinceState(owner=0), ProvinceState(owner=0), ProvinceState(owner=1))
    s = ransom(begin(table(2, heroes=prisoners(), provinces=provinces)))
    assert s.pending[-1] == PlaceHero(seat=1, hero="h1")
    assert isinstance(s.pending[-2], Diplomacy)
    assert s.heroes[0].captor is None


def test_a_released_prisoner_of_a_seat_without_provinces_dies() -> None:
    provinces = (ProvinceState(owner=0), ProvinceState(owner=0))
    s = ransom(begin(table(2, heroes=prisoners(), provinces=provinces)))
    assert [h.id for h in s.heroes] == ["h2"]
    assert s.traits.discards == ("t1", "t2")


def test_only_prisoners_between_the_two_are_released() -> None:
    heroes = (
        *prisoners(),
        Hero(id="h3", name="Cyrus", kind="general", owner=2, captor=0),
    )
    s = begin(table(3, heroes=heroes))
    s = play(s, OpenDeal(seat=0, partner=1))
    assert [m.hero for m in legal(s) if isinstance(m, Release)] == ["h1"]
    assert code(s, Release(seat=0, hero="h3")) == "P10.deal.release"
    assert code(s, Release(seat=0, hero="h2")) == "P10.deal.release"


# ------------------------------------------------------------------- a general given (Q73)


def generals() -> tuple[Hero, ...]:
    return (
        Hero(id="h1", name="Ajax", kind="general", owner=1, province="p1"),
        Hero(id="h2", name="Brasidas", kind="general", owner=0, province="p2"),
        Hero(id="h3", name="Cyrus", kind="administrator", owner=0, province="p0"),
        Hero(id="h4", name="Darius", kind="general", owner=1, captor=0),
        Hero(id="h5", name="Xerxes", kind="general", owner=2, province="p2"),
    )


def hero(s: WargameState, hid: str) -> Hero:
    return next(h for h in s.heroes if h.id == hid)


def test_q73_a_deal_may_give_a_free_general_of_either_seat_once() -> None:
    s = play(begin(table(3, heroes=generals())), OpenDeal(seat=0, partner=1))
    assert [m.hero for m in legal(s) if isinstance(m, GiveGeneral)] == ["h1", "h2"]
    assert code(s, GiveGeneral(seat=0, hero="h3")) == "P10.deal.general"  # an administrator
    assert code(s, GiveGeneral(seat=0, hero="h4")) == "P10.deal.general"  # a prisoner
    assert code(s, GiveGeneral(seat=0, hero="h5")) == "P10.deal.general"  # a third seat's
    s = play(s, GiveGeneral(seat=0, hero="h2"))
    assert code(s, GiveGeneral(seat=0, hero="h1")) == "P10.deal.term_twice"
    assert Propose(seat=0, duration=0) in legal(s)  # an immediate transfer binds nothing


def test_q73_the_general_given_goes_to_the_recipients_capital() -> None:
    s = begin(table(3, heroes=generals()))
    paid = Transfer(seat=0, resource="money", direction="from_partner", amount=4)
    s = make_deal(s, 0, 1, GiveGeneral(seat=0, hero="h2"), paid, duration=0)
    h2 = hero(s, "h2")
    assert (h2.owner, h2.province, h2.captor) == (1, "p1", None)
    assert (s.players[0].money, s.players[1].money) == (14, 6)
    assert s.deals == () and slot(s) == 1


def test_q73_a_general_may_be_asked_for_too() -> None:
    s = make_deal(
        begin(table(3, heroes=generals())), 0, 1, GiveGeneral(seat=0, hero="h1"), duration=0
    )
    h1 = hero(s, "h1")
    assert (h1.owner, h1.province) == (0, "p0")


def test_q73_a_recipient_without_its_capital_chooses_a_province() -> None:
    provinces = (ProvinceState(owner=0), ProvinceState(owner=0), ProvinceState(owner=1))
    s = begin(table(3, heroes=generals(), provinces=provinces))
    s = make_deal(s, 0, 1, GiveGeneral(seat=0, hero="h2"), duration=0)
    assert s.pending[-1] == PlaceHero(seat=1, hero="h2")
    assert (hero(s, "h2").owner, hero(s, "h2").province) == (1, None)


def test_q73_a_recipient_with_no_province_cannot_receive_one() -> None:
    provinces = (ProvinceState(owner=0), ProvinceState(owner=0), ProvinceState(owner=2))
    s = play(begin(table(3, heroes=generals(), provinces=provinces)), OpenDeal(seat=0, partner=1))
    assert code(s, GiveGeneral(seat=0, hero="h2")) == "P10.deal.general"
    assert GiveGeneral(seat=0, hero="h1") in legal(s)  # seat 0 holds provinces: it may receive


def test_codes_are_listed_with_the_section() -> None:
    tails = [c for c, _, _ in diplomacy.CODES]
    assert len(tails) == len(set(tails))
    assert {"P10.deal.too_long", "P10.war.active_deal", "P10.proposals"} <= set(tails)
    assert all(section == "Фаза 10: дипломатия" for _, section, _ in diplomacy.CODES)
    assert TABLES.capital_of["s0"] == "p0"


def test_a_deal_lists_exactly_the_terms_its_refusals_accept() -> None:
    """The terms offered while a deal is written, and the moves of a diplomacy slot, are built
    legal as made; across random games they are exactly the candidates that the refusals (the
    codes an API client gets) accept."""
    game = AncientWargame()
    checked = slots = 0
    for seed in range(1, 5):
        players = 2 + seed
        rng, s = random.Random(seed), game.new_state(players, seed=seed)
        while game.to_act(s):
            actor = game.to_act(s)[0]
            if actor == CHANCE:
                s, _ = game.apply_unchecked(s, game.sample_chance(s))
                continue
            moves = game.legal_moves(s, actor)
            task = s.pending[-1]
            if isinstance(task, Offer) and not task.proposed:
                checked += 1
                candidates: list[object] = [
                    *(AddTerm(seat=actor, term=t) for t in diplomacy.LASTING),
                    *(AddTerm(seat=actor, term="joint_attack", target=x) for x in range(players)),
                    *(Propose(seat=actor, duration=d) for d in range(7)),
                    *(Release(seat=actor, hero=h.id) for h in s.heroes),
                    *(GiveGeneral(seat=actor, hero=h.id) for h in s.heroes),
                ]
                for c in candidates:
                    accepted = diplomacy._offer_refusal(s, task, c) is None
                    assert accepted == (c in moves), (c, task)
            if isinstance(task, Diplomacy):
                slots += 1
                candidates = [
                    *(OpenDeal(seat=actor, partner=x) for x in range(-1, players + 1)),
                    *(ProposeCancel(seat=actor, partner=x) for x in range(-1, players + 1)),
                    *(DeclareWar(seat=actor, target=x) for x in range(-1, players + 1)),
                    *(KillPrisoner(seat=actor, hero=h.id) for h in s.heroes),
                    Pass(seat=actor),
                ]
                for c in candidates:
                    accepted = diplomacy._slot_refusal(s, task, c) is None
                    assert accepted == (c in moves), (c, task)
            s, _ = game.apply_unchecked(s, rng.choice(moves))
    assert checked > 500
    assert slots > 500
