"""Positions of the ancient wargame (:mod:`arbiter.games.ancient_wargame.position`): the generic
checks of positions (:mod:`tests.conformance.positions`) run on the game directly, over whole
games and over battles; the worked examples; a phase jumped to; the refusals of impossible
tables, each with the rule code, a pointer into the position and a reason citing the rules, and
every gap collected; the deployment's questions as typed members of its moves."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core import CHANCE, MAX_GAPS, InvalidState
from arbiter.games.ancient_wargame.battle_state import Battle, Muster, Timing
from arbiter.games.ancient_wargame.diplomacy_state import Deal, Diplomacy, Offer
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.games.ancient_wargame.moves import Attach, Deploy, ReserveTiming
from arbiter.games.ancient_wargame.position import (
    ArmyPosition,
    ProvincePosition,
    SeatPosition,
    WargamePosition,
)
from arbiter.games.ancient_wargame.positions import gaps
from arbiter.games.ancient_wargame.state import (
    Deployment,
    Draft,
    Fleet,
    HeroTurn,
    HireLine,
    Sealed,
    TakeArmy,
)
from tests.conformance.positions import (
    check_completed,
    check_mutated,
    check_reachable,
    check_round_trip,
    plain,
    play,
    position_mutations,
    resolves,
    unbounded,
)

SETTINGS = settings(
    deadline=None,
    derandomize=True,
    max_examples=10,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@cache
def game() -> AncientWargame:
    return AncientWargame()


def replace(value: Any, **changes: Any) -> Any:
    return msgspec.structs.replace(value, **changes)


@cache
def worked() -> tuple[tuple[str, WargamePosition], ...]:
    return tuple(game().position_examples())


def example(words: str) -> WargamePosition:
    """The worked example whose title holds ``words``."""
    return next(p for title, p in worked() if words in title)


def deploying() -> WargamePosition:
    return example("deployment in seat 1's capital")


def refused(position: WargamePosition, code: str, pointer: str | None = None) -> InvalidState:
    """``state_of`` refuses ``position`` with ``code``, a pointer into it and a reason."""
    with pytest.raises(InvalidState) as caught:
        game().state_of(position, 1)
    err = caught.value
    assert err.code == f"ancient-wargame.{code}", (err.code, err.message, err.pointer)
    assert resolves(plain(position), err.pointer), err.pointer
    assert err.message
    if pointer is not None:
        assert err.pointer == pointer, (err.pointer, err.message)
    return err


def battle_states(seed: int, decisions: int = 120) -> list[Any]:
    """The states of random play from each worked example (battles, phases 9 to 11 and on)."""
    g = game()
    rng = random.Random(seed)
    out = []
    for _, position in g.position_examples():
        s = g.state_of(position, seed)
        for _ in range(decisions):
            actors = g.to_act(s)
            if not actors:
                break
            out.append(s)
            move = g.sample_chance(s) if actors[0] == CHANCE else rng.choice(g.all_legal_moves(s))
            s, _ = g.apply_unchecked(s, move)
    return out


# --------------------------------------------------------------------------- the generic checks


def test_the_position_type_is_bounded() -> None:
    assert unbounded(WargamePosition) == []


def test_the_setup_has_no_position() -> None:
    s = game().new_state(3, seed=2)
    assert s.stage == "setup"
    with pytest.raises(InvalidState) as caught:
        game().position_of(s)
    assert caught.value.code == "ancient-wargame.position.unexpressible"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_states_of_a_game_round_trip(players: int) -> None:
    """States along a random game, from every phase, have positions whose states decide the same
    way."""
    g = game()
    phases: Counter[int] = Counter()
    for decisions in range(100, 1300, 100):
        s = play(g, players, 40 + players, decisions)
        if s.stage == "setup":
            continue
        check_round_trip(g, s, 3)
        phases[g.position_of(s).phase] += 1
    assert len(phases) >= 3, phases


def test_battles_round_trip_stage_by_stage() -> None:
    """Each state of the battles played from the worked examples -- the deployment question by
    question, the reserves' timing, fortress fire, archery, the melees, the fates -- round-trips."""
    g = game()
    seen: Counter[str] = Counter()
    for s in battle_states(5):
        check_round_trip(g, s, 9)
        seen[type(s.pending[-1]).__name__] += 1
        if s.battle is not None and s.battle.stage is not None:
            seen[f"stage {s.battle.stage}"] += 1
    for kind in ("Muster", "Timing", "Hits", "Assign", "Diplomacy"):
        assert seen[kind], seen


@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    decisions=st.integers(60, 400),
    again=st.integers(0, 2**63 - 1),
)
@SETTINGS
def test_positions_of_reachable_states_are_reachable(
    players: int, seed: int, decisions: int, again: int
) -> None:
    g = game()
    state = play(g, players, seed, decisions)
    if state.stage == "setup":
        return
    made = check_round_trip(g, state, again)
    check_reachable(g, made, random.Random(again))


@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), decisions=st.integers(60, 400))
@SETTINGS
def test_mutated_positions_are_refused_with_a_pointer_or_reachable(
    players: int, seed: int, decisions: int
) -> None:
    g = game()
    state = play(g, players, seed, decisions)
    if state.stage == "setup":
        return
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for mutated in position_mutations(g, g.position_of(state), rng, 20):
        seen[check_mutated(g, mutated, seed, rng)] += 1
    assert seen["refused"] > 0, seen


@pytest.mark.parametrize("seed", [1, 2])
def test_mutations_of_battles_are_refused_or_reachable(seed: int) -> None:
    """Mutations of the battle, the steps and the sealed deployments (the generic sampling
    mostly changes the table)."""
    g = game()
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    states = [s for s in battle_states(seed, 60) if s.battle and s.battle.province]
    for s in rng.sample(states, 4):
        p = g.position_of(s)
        for m in position_mutations(g, p, rng, 10_000):
            if (m.battle, m.steps, [x.sealed for x in m.players]) != (
                p.battle,
                p.steps,
                [x.sealed for x in p.players],
            ) and rng.random() < 0.1:
                seen[check_mutated(g, m, seed, rng)] += 1
    assert seen["refused"] > 0 and seen["accepted"] > 0, seen


def test_the_worked_examples_are_accepted() -> None:
    g = game()
    titles = [title for title, _ in g.position_examples()]
    assert len(titles) == 3
    for _, position in g.position_examples():
        decoder = msgspec.json.Decoder(WargamePosition)
        assert decoder.decode(msgspec.json.encode(position)) == position
        for seed in (0, 7, 2**40 + 3):
            made = check_completed(g, position, seed)
            check_reachable(g, made, random.Random(seed))
            assert g.position_of(made) == position  # nothing hidden left to complete


# --------------------------------------------------------------------------- what it shows


def test_the_deployment_under_way_is_told_side_by_side() -> None:
    p = deploying()
    assert p.phase == 9 and p.battle is not None and p.battle.stage == "timing"
    muster = p.steps[0]
    assert isinstance(muster, Muster) and muster.province == p.battle.province
    assert isinstance(p.steps[1], Battle)
    defender, attacker = muster.seats
    assert p.players[defender].sealed is not None and p.players[defender].sealed.committed
    assert p.players[attacker].sealed is not None and not p.players[attacker].sealed.committed
    assert muster.steps[1] == 2  # the attacker answered two questions
    s = game().state_of(p, 1)
    assert game().to_act(s) == (attacker,)


def test_a_phase_is_jumped_to_by_giving_the_table_and_the_phase() -> None:
    """No steps: the phase begins as at the table -- phase 8 lists every hero to move, the
    oldest first («первым ходит самый старший герой»)."""
    g = game()
    p = replace(example("phase 8"), steps=())
    s = g.state_of(p, 1)
    shown = g.position_of(s)
    assert shown.phase == 8
    turns = [x for x in shown.steps if isinstance(x, HeroTurn)]
    order = [h.id for h in p.heroes if h.captor is None and h.acts_from <= p.turn]
    assert [x.hero for x in turns] == order[: len(turns)] and turns
    # phase 3 rolls for the births at once: chance decides
    born = g.state_of(replace(p, phase=3, turn=2), 1)
    assert g.to_act(born) == (CHANCE,)


def test_what_the_table_hides_is_derived() -> None:
    g = game()
    p = example("phase 8")
    s = g.state_of(p, 1)
    named = {c for h in p.heroes for c in (h.plus, h.minus)}
    decks = s.traits
    for cards in (decks.admin_plus, decks.admin_minus, decks.general_plus, decks.general_minus):
        assert cards and not named & set(cards)
    assert s.states_left == ()
    assert g.state_of(p, 1) == s and g.state_of(p, 2).seed == 2


# ------------------------------------------------------------------------------ refusals


def test_the_table_is_the_packs() -> None:
    p = example("phase 8")
    first = p.players[0]
    refused(
        replace(p, players=(first, replace(p.players[1], state=first.state))),
        "position.seats",
        "/players/1/state",
    )
    refused(replace(p, provinces={**p.provinces, "atlantis": ProvincePosition(owner=0)}),
            "position.map", "/provinces/atlantis")  # fmt: skip
    pid = next(k for k, v in p.provinces.items() if v.owner is not None)
    four = replace(p.provinces[pid], fortresses=3, owner=None)
    refused(replace(p, provinces={**p.provinces, pid: four}), "position.fortresses")
    twice = replace(p.provinces[pid], armies=(ArmyPosition(seat=0, infantry=1),) * 2)
    refused(replace(p, provinces={**p.provinces, pid: twice}), "position.map",
            f"/provinces/{pid}/armies/1")  # fmt: skip


def test_ships_keep_to_open_seas_and_ship_cards() -> None:
    g = game()
    p = example("phase 8")
    t = g.tables(g.default_content_id)
    closed = next((x.id for x in t.seas if x.storm >= 6), None)
    if closed is not None:
        refused(replace(p, seas={closed: (Fleet(seat=0, ships=1),)}), "position.map")
    open_sea = next(x.id for x in t.seas if x.storm < 6 and x.min_players <= 2)
    too_many = t.content.ships_per_state + 1
    refused(replace(p, seas={open_sea: (Fleet(seat=0, ships=too_many),)}), "position.map", "/seas")


def test_the_hero_list_and_its_trait_cards() -> None:
    p = example("phase 8")
    h = p.heroes[0]
    other = p.heroes[1]
    refused(replace(p, heroes=(replace(h, plus=other.plus), *p.heroes[1:])), "position.heroes")
    refused(replace(p, heroes=(replace(h, id="h99"), *p.heroes[1:])), "position.heroes",
            "/heroes/0/id")  # fmt: skip
    refused(replace(p, heroes=(replace(h, captor=h.owner, province=None), *p.heroes[1:])),
            "position.heroes", "/heroes/0/captor")  # fmt: skip


def test_buildings_follow_their_sciences_and_sciences_their_order() -> None:
    p = example("phase 8")
    seat = replace(p.players[0], buildings=("admiralty",))
    err = refused(replace(p, players=(seat, *p.players[1:])), "position.buildings",
                  "/players/0/buildings/0")  # fmt: skip
    assert "navigation" in err.message
    seat = replace(p.players[0], sciences=("longbow",))
    refused(replace(p, players=(seat, *p.players[1:])), "position.sciences",
            "/players/0/sciences/0")  # fmt: skip


def test_wars_and_deals_follow_the_diplomacy_rules() -> None:
    p = example("phase 8")
    deal = Deal(a=0, b=1, peace=True, made=1, expires=9)
    refused(replace(p, deals=(deal,)), "position.diplomacy", "/deals/0/expires")
    at_war = replace(p, wars=((0, 1),), deals=(replace(deal, expires=3),))
    err = refused(at_war, "position.diplomacy", "/deals/0")
    assert "Запрещается объявлять войну" in err.message


def test_a_step_belongs_to_its_phase() -> None:
    p = example("phase 8")
    hire = Sealed(step="hire", seats=(0, 1))
    err = refused(replace(p, steps=(hire, *p.steps)), "position.turn", "/steps/0")
    assert "phase 1" in err.message
    short = replace(p, options=replace(p.options, turn_limit=1), turn=2)
    refused(short, "position.turn", "/turn")


def test_steps_name_seats_heroes_and_provinces() -> None:
    p = example("phase 8")
    turn = p.steps[0]
    assert isinstance(turn, HeroTurn)
    refused(replace(p, steps=(replace(turn, hero="h77"), *p.steps[1:])), "position.steps",
            "/steps/0/hero")  # fmt: skip
    other = 1 - turn.seat
    refused(replace(p, steps=(replace(turn, seat=other), *p.steps[1:])), "position.steps",
            "/steps/0/hero")  # fmt: skip
    march = TakeArmy(seat=turn.seat, hero=turn.hero, origin="atlantis", to="atlantis")
    refused(replace(p, steps=(march, *p.steps[1:])), "position.steps", "/steps/0/origin")


def test_an_offer_is_made_in_its_seats_diplomacy_turn() -> None:
    p = replace(example("phase 8"), phase=10, steps=(Diplomacy(seat=0, proposals=(1, 0)),))
    offer = Offer(seat=1, partner=0, deal=Deal(a=0, b=1))
    refused(replace(p, steps=(offer, *p.steps)), "position.steps", "/steps/0")
    wrong = Offer(seat=0, partner=1, deal=Deal(a=1, b=0))
    refused(replace(p, steps=(wrong, *p.steps)), "position.diplomacy", "/steps/0/deal")
    dated = Offer(seat=0, partner=1, deal=Deal(a=0, b=1, made=1, expires=12), proposed=True)
    refused(replace(p, steps=(dated, *p.steps)), "position.diplomacy", "/steps/0/deal/expires")


def test_a_battle_in_progress_is_in_phase_9_between_its_sides() -> None:
    p = deploying()
    assert p.battle is not None
    refused(replace(p, phase=10), "position.turn")  # the deployment belongs to phase 9
    refused(replace(p, steps=p.steps[:1]), "position.battle", "/battle/province")
    swapped = replace(p.battle, sides=tuple(reversed(p.battle.sides)))
    refused(replace(p, battle=swapped), "position.battle", "/battle/sides")
    refused(replace(p, battle=replace(p.battle, stage="melee1")), "position.battle", "/steps/0")


def test_the_deployment_written_down_is_one_the_questions_allow() -> None:
    """A side divides its whole army into three flanks («делят свои войска на 3 фланга»), each
    reserve within its flank's soldiers; what it wrote so far is checked answer by answer."""
    p = deploying()
    muster = p.steps[0]
    assert isinstance(muster, Muster)
    defender, attacker = muster.seats
    sealed = p.players[defender].sealed
    assert sealed is not None and len(sealed.flanks) == 3
    centre = sealed.flanks[1]
    more = replace(centre, infantry=centre.infantry + 1)
    extra = replace(sealed, flanks=(sealed.flanks[0], more, sealed.flanks[2]))
    players = tuple(
        replace(x, sealed=extra) if i == defender else x for i, x in enumerate(p.players)
    )
    err = refused(replace(p, players=players), "position.battle",
                  f"/players/{defender}/sealed/flanks")  # fmt: skip
    assert "whole army" in err.message
    # a reserve larger than the flank's soldiers in front: no answer writes it
    flanks = sealed.flanks
    held = replace(flanks[1], infantry=0, reserve_infantry=flanks[1].infantry)
    if flanks[1].infantry and not flanks[1].cavalry:
        bad = replace(sealed, flanks=(flanks[0], held, flanks[2]))
        players = tuple(
            replace(x, sealed=bad) if i == defender else x for i, x in enumerate(p.players)
        )
        refused(replace(p, players=players), "position.steps", f"/players/{defender}/sealed")
    # choices written down outside any sealed step
    quiet = example("phase 8")
    writing = replace(quiet.players[0], sealed=Draft(buy_vp=True))
    refused(replace(quiet, players=(writing, *quiet.players[1:])), "position.steps",
            "/players/0/sealed")  # fmt: skip
    assert attacker != defender


def test_sealed_choices_are_written_again_line_by_line() -> None:
    p = replace(example("phase 8"), phase=1, steps=(Sealed(step="hire", seats=(0, 1)),))
    capital = next(k for k, v in p.provinces.items() if v.owner == 0 and v.fortresses)
    rich = Draft(hire=(HireLine(at=capital, unit="infantry", count=500),))
    players = (replace(p.players[0], sealed=rich), *p.players[1:])
    err = refused(replace(p, players=players), "position.steps", "/players/0/sealed")
    assert "does not allow" in err.message
    fine = Draft(hire=(HireLine(at=capital, unit="infantry", count=1),))
    players = (replace(p.players[0], sealed=fine), *p.players[1:])
    s = game().state_of(replace(p, players=players), 1)
    assert s.drafts[0] == fine


def test_every_gap_is_collected_with_its_code_pointer_and_reason() -> None:
    g = game()
    t = g.tables(g.default_content_id)
    p = example("phase 8")
    broken = replace(
        p,
        players=(replace(p.players[0], state="atlantis"), *p.players[1:]),
        provinces={**p.provinces, "atlantis": ProvincePosition(owner=0)},
        wars=((1, 0),),
        turn=25,
        options=replace(p.options, turn_limit=3),
    )
    found = gaps(broken, t).found
    codes = {e.code for e in found}
    assert {
        "ancient-wargame.position.seats",
        "ancient-wargame.position.map",
        "ancient-wargame.position.diplomacy",
        "ancient-wargame.position.turn",
    } <= codes
    for e in found:
        assert resolves(plain(broken), e.pointer) and e.message, e
    # the first is the refusal's own, and the refusal lists them all
    err = refused(broken, "position.seats", "/players/0/state")
    assert [(e.code, e.pointer) for e in err.gaps] == [(e.code, e.pointer) for e in found]
    # bounded: at most MAX_GAPS listed, the rest counted
    many = replace(p, heroes=tuple(replace(h, id="h0") for h in p.heroes) * 10)
    assert len(gaps(many, t).found) <= MAX_GAPS


def test_an_unsettled_position_is_refused() -> None:
    p = deploying()
    battle_only = replace(p, steps=p.steps[1:], players=tuple(
        replace(x, sealed=None) for x in p.players))  # fmt: skip
    refused(battle_only, "position.unsettled", "/steps/0")


def test_every_position_code_is_documented() -> None:
    codes = {c.code: c for c in game().rule_codes()}
    for tail in ("seats", "map", "heroes", "battle", "steps", "turn", "unsettled"):
        code = codes[f"ancient-wargame.position.{tail}"]
        assert code.kind == "position" and code.section


# ----------------------------------------------------------------- the deployment's questions


def test_the_deployment_moves_say_which_question_they_answer() -> None:
    """Each deployment move names the flank and the troops it counts; the legal counts run from
    0 to the question's limit; a reserve is counted within its flank's soldiers."""
    g = game()
    s = g.state_of(deploying(), 1)
    task = s.pending[-1]
    assert isinstance(task, Muster)
    seat = g.to_act(s)[0]
    moves = g.legal_moves(s, seat)
    assert moves and all(isinstance(m, Deploy) for m in moves)
    first = moves[0]
    assert {(m.flank, m.troops) for m in moves} == {(first.flank, first.troops)}
    assert [m.count for m in moves] == list(range(len(moves)))
    # play to the first reserve question: its limit is the flank's soldiers of that type
    rng = random.Random(3)
    while isinstance(s.pending[-1], Muster) and seat in g.to_act(s):
        moves = g.legal_moves(s, seat)
        m = moves[0]
        if isinstance(m, Deploy) and m.troops.startswith("reserve_"):
            unit = m.troops.removeprefix("reserve_")
            flank = s.drafts[seat].flanks[m.flank]
            in_front = getattr(flank, unit)
            main = flank.infantry + flank.cavalry
            limit = in_front - 1 if in_front == main else in_front  # R1: one stays in front
            assert max(x.count for x in moves) == max(0, limit)
            s, _ = g.apply(s, moves[-1])
            after = s.drafts[seat].flanks[m.flank]
            assert getattr(after, unit) + getattr(after, m.troops) == in_front
            break
        if isinstance(m, Attach):
            assert m.general in {h.id for h in s.heroes}
        s, _ = g.apply(s, rng.choice(moves))
    else:
        pytest.fail("no reserve question")
    # a move naming another question than the one asked now is refused
    wrong = Deploy(seat=seat, flank=2, troops="archers", count=0)
    assert not g.is_legal(s, wrong)


def test_the_reserve_timing_names_its_flank() -> None:
    g = game()
    for s in battle_states(7):
        if isinstance(s.pending[-1], Timing):
            seat = g.to_act(s)[0]
            moves = g.legal_moves(s, seat)
            assert [type(m) for m in moves] == [ReserveTiming, ReserveTiming]
            flank = moves[0].flank
            assert moves[1].flank == flank
            i = s.pending[-1].seats.index(seat)
            side = s.battle.sides[i].flanks[flank]
            assert side.reserve_infantry or side.reserve_cavalry
            return
    pytest.fail("no reserve timing reached")


def test_the_reference_documents_the_questions() -> None:
    doc = (Deploy.__doc__ or "") + (Deployment.__doc__ or "")
    assert "A flank's reserve is counted within its soldiers" in doc
    assert "Часть войск каждого фланга игрок может оставить в резерве" in doc
    assert "move_ranges" in doc


def test_a_seat_position_is_the_table_not_the_state() -> None:
    p = example("phase 8")
    assert all(isinstance(x, SeatPosition) and x.state for x in p.players)
    assert all(v.owner is not None or v.armies for v in p.provinces.values())
    encoded = msgspec.json.encode(p)
    assert b'"pending"' not in encoded and b'"traits"' not in encoded
