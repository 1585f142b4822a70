"""Positions from a real table (:mod:`arbiter.games.the_ancient_world.position`): the worked
examples played from their positions number for number, positions of random games round-trip,
positions with face-down cards given as counts are completed by the seed, and impossible positions
are refused with a pointer into the position."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE, InvalidState
from arbiter.games.the_ancient_world import TheAncientWorld
from arbiter.games.the_ancient_world.examples import DMITRY, DMITRY_DICE, MID_ROUND, SETUP_4
from arbiter.games.the_ancient_world.moves import (
    Attack,
    DrawCard,
    Pass,
    RollDie,
    SetAsideDrawn,
    UseArmy,
    Withdraw,
)
from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.position import (
    AfterVictory,
    AncientWorldPosition,
    ExploreChoice,
    Pile,
    RebuildChoice,
    SeatPosition,
    TitanFight,
)
from arbiter.games.the_ancient_world.rule_codes import RULE_CODES
from arbiter.games.the_ancient_world.state import DECKS, AncientWorldState, Placed, Prepare
from arbiter.games.the_ancient_world.titans import attack

from .helpers import game

State = AncientWorldState
R = msgspec.structs.replace
CODES = {entry.code for entry in RULE_CODES if entry.kind == "state"}


@pytest.fixture(scope="module")
def g() -> TheAncientWorld:
    return TheAncientWorld()


def hide(p: AncientWorldPosition) -> AncientWorldPosition:
    """The position as a table shows it: decks, the empire discard pile and set-aside cards as
    counts of face-down cards."""
    decks = R(
        p.decks,
        **{
            name: R(deck, cards=(), unknown=deck.unknown + len(deck.cards))
            for name in DECKS
            for deck in [getattr(p.decks, name)]
        },
    )
    players = tuple(
        R(q, set_aside=Pile(unknown=q.set_aside.unknown + len(q.set_aside.cards)))
        for q in p.players
    )
    discard = Pile(unknown=p.empire_discard.unknown + len(p.empire_discard.cards))
    return R(p, decks=decks, players=players, empire_discard=discard)


def refused(g: TheAncientWorld, p: AncientWorldPosition) -> tuple[str, str]:
    with pytest.raises(InvalidState) as err:
        g.state_of(p, 1)
    assert err.value.code in CODES, err.value.code
    assert resolves(p, err.value.pointer), err.value.pointer
    return err.value.code.removeprefix("the-ancient-world."), err.value.pointer


def resolves(p: AncientWorldPosition, pointer: str) -> bool:
    """Whether a JSON pointer names a member of the position (its JSON form)."""
    node: Any = msgspec.to_builtins(p)
    for part in pointer.split("/")[1:]:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, (list, tuple)) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


# ----------------------------------------------------------------- the rulebook's example


def test_dmitry_fights_the_stone_creature_from_the_position(g: TheAncientWorld) -> None:
    """«Пример боя с титаном», number for number, from the position of :data:`DMITRY`."""
    s = g.state_of(DMITRY, seed=3)
    t = g.tables(s.content_id)
    titan = t.titans["T2-03-stone-creature"]
    assert s.titan_tops.titan_2 == "T2-03-stone-creature"
    assert (titan.defence, titan.arrows_count, len(titan.symbols.banners)) == (8, True, 2)
    # «На области иллюстрации карты лежит 1 монета ... сейчас Дмитрий должен заплатить 2 монеты».
    assert UseArmy(seat=0, army=0) in g.legal_moves(s, 0)
    s, _ = g.apply(s, UseArmy(seat=0, army=0))
    mercian = s.players[0].armies[0]
    assert (mercian.scroll, mercian.picture) == (2, 1)  # «теперь на карте уже 3 монеты»
    assert s.players[0].coins == 1
    # «Войско приносит Дмитрию временное значение атаки 5 ... ещё 3 меча»: 8 against 8.
    face, exp = t.face["M12-mercian-army"], t.experience["S1-city-guard"]
    assert face.arrows + face.swords + exp.swords == 5
    assert attack(s, t, 0, (0,), "T2-03-stone-creature") == 8
    assert Attack(seat=0) in g.legal_moves(s, 0) and Withdraw(seat=0) not in g.legal_moves(s, 0)
    s, _ = g.apply(s, Attack(seat=0))
    # «Дмитрий забирает карту титана»; the next titan of the deck is revealed.
    assert s.players[0].titans == ("T2-03-stone-creature",)
    assert g.to_act(s) == (CHANCE,)
    s, _ = g.apply(s, DrawCard(deck="titan_2", card="T2-01-iron-cyclops"))
    assert s.titan_tops.titan_2 == "T2-01-iron-cyclops"
    # «бросает 2 кубика разрушений ... 1 пустая грань и 1 символ монеты»: he loses 1 coin.
    assert hide(g.position_of(s)) == DMITRY_DICE
    s, _ = g.apply(s, RollDie(face="blank"))
    s, _ = g.apply(s, RollDie(face="coin"))
    assert s.players[0].coins == 0
    assert s.players[0].empire == DMITRY.players[0].empire
    # One titan a turn: the other seat plays.
    assert g.to_act(s) == (1,) and not s.pending


def test_dmitry_rolls_the_dice_from_the_position(g: TheAncientWorld) -> None:
    """The same example from its second position: 2 dice for the 2 banners, then the turn ends."""
    s = g.state_of(DMITRY_DICE, seed=5)
    assert g.to_act(s) == (CHANCE,)
    assert {o.move.face: o.weight for o in g.chance_outcomes(s)} == {  # type: ignore[attr-defined]
        "titan": 1,
        "coin": 2,
        "blank": 3,
    }
    s, _ = g.apply(s, RollDie(face="blank"))
    assert hide(g.position_of(s)).steps == (AfterVictory(seat=0, dice=1),)
    s, _ = g.apply(s, RollDie(face="coin"))
    assert s.players[0].coins == 0 and g.to_act(s) == (1,)


def test_the_start_of_a_round_from_the_setup(g: TheAncientWorld) -> None:
    """«Подготовка к игре», steps 9-10: 6 coins, the second seat 1 more, the others 2 more; the
    oldest player begins. The position is a table a real setup could deal."""
    s = g.state_of(SETUP_4, seed=11)
    real, _ = g.resolve_chance(g.new_state(4, seed=11))
    assert [p.coins for p in s.players] == [p.coins for p in real.players] == [6, 7, 8, 8]
    for name in DECKS:
        assert getattr(s, name).size() == getattr(real, name).size()
    assert g.to_act(s) == g.to_act(real) == (0,)
    assert hide(g.position_of(real)).decks == SETUP_4.decks
    assert g.view(s, None).open_spaces == g.view(real, None).open_spaces


def test_a_round_in_progress(g: TheAncientWorld) -> None:
    s = g.state_of(MID_ROUND, seed=2)
    assert g.to_act(s) == (2,)
    drawn = MID_ROUND.steps[0].drawn  # type: ignore[union-attr]
    assert g.legal_moves(s, 2) == [SetAsideDrawn(seat=2, card=c) for c in drawn]
    s, _ = g.apply(s, SetAsideDrawn(seat=2, card="B10-bank"))
    assert "B10-bank" in s.players[2].set_aside and len(s.empire_discard) == 21 + 4
    # Seat 0 passed: seat 1 plays next.
    assert g.to_act(s) == (1,)


def test_the_examples_are_listed_and_complete(g: TheAncientWorld) -> None:
    titles = [title for title, _ in g.position_examples()]
    assert any("Пример боя с титаном" in title for title in titles)
    for _, p in g.position_examples():
        data = msgspec.json.encode(p)
        assert msgspec.json.decode(data, type=g.position_type) == p
        for seed in (0, 1):
            s = g.state_of(p, seed)
            assert s.seed == seed
            assert hide(g.position_of(s)) == p


# ------------------------------------------------------------------ positions of real games


def random_states(g: TheAncientWorld, seeds: range, plus: bool) -> list[State]:
    states = []
    for seed in seeds:
        rng = random.Random(seed)
        s = g.new_state(2 + seed % 3, AncientWorldOptions(expand_borders_plus=plus), seed=seed)
        while g.to_act(s):
            states.append(s)
            actor = g.to_act(s)[0]
            move = g.sample_chance(s) if actor == CHANCE else rng.choice(g.generate_moves(s, actor))
            s, _ = g.apply_unchecked(s, move)
        states.append(s)
    return states


@pytest.mark.parametrize(
    ("pack", "plus"), [("default", False), ("default", True), ("specials", True)]
)
def test_positions_of_random_games_round_trip(pack: str, plus: bool) -> None:
    """``position_of(state_of(p)) == p`` for the positions of every state of random games, and the
    state is the one the position came from (but for the count of decisions, and the seat of the
    last turn outside phase 2). With the face-down cards given as counts the position is still
    accepted, completed by the seed: the same table for every seat's eyes."""
    g = TheAncientWorld() if pack == "default" else game()
    for k, s in enumerate(random_states(g, range(3), plus)):
        p = g.position_of(s)
        again = g.state_of(p, s.seed, s.content_id)
        assert g.position_of(again) == p
        assert R(again, step=s.step, current=s.current) == s
        if k % 7:
            continue
        hidden = hide(p)
        dealt = g.state_of(hidden, k, s.content_id)
        assert hide(g.position_of(dealt)) == hidden
        assert R(g.view(dealt, None), step=s.step) == g.view(s, None) or s.phase != "actions"


def test_mutated_positions_are_refused_or_playable() -> None:
    """Positions of random games with one member changed are refused with a listed rule code and a
    pointer into the position -- or, accepted, they are tables the rules could reach: every
    invariant holds and play goes on from them to the end of the round, every state checked."""
    g = game()
    rng = random.Random(4)
    states = random_states(g, range(2), True)
    refused_codes: set[str] = set()
    for s in rng.sample(states, 60):
        if s.phase == "over":
            continue
        p = g.position_of(s)
        for mutant in _mutants(p, rng):
            try:
                state = g.state_of(mutant, 0, s.content_id)
            except InvalidState as err:
                assert err.code in CODES, err.code
                assert resolves(mutant, err.pointer), (err.code, err.pointer)
                refused_codes.add(err.code)
                continue
            _play_on(g, state, rng)
    assert len(refused_codes) > 8, refused_codes


def _mutants(p: AncientWorldPosition, rng: random.Random) -> list[AncientWorldPosition]:
    seat = rng.randrange(len(p.players))
    q = p.players[seat]
    players = list(p.players)
    out = []
    for change in (
        {"coins": q.coins - 3},
        {"coins": q.coins + 2},
        {"passed": not q.passed},
        {"ready": q.ready[1:]},
        {"empire": q.empire + p.empire_row[:1]},
        {"armies": q.armies[:1]},
        {"lost": q.empire[:1]},
    ):
        players[seat] = R(q, **change)
        out.append(R(p, players=tuple(players)))
        players[seat] = q
    out.append(R(p, token_hand_up=not p.token_hand_up))
    out.append(R(p, first_passer=None if p.first_passer is not None else seat))
    out.append(R(p, turn=(p.turn + 1) % len(p.players)) if p.turn is not None else R(p, turn=0))
    out.append(R(p, round=min(6, p.round + 1)))
    out.append(R(p, empire_row=p.empire_row + p.army_row[:1]))
    out.append(R(p, steps=(*p.steps, ExploreChoice(seat=seat))))
    out.append(R(p, steps=(TitanFight(seat=seat, stars=2),)))
    out.append(R(p, steps=(RebuildChoice(seat=seat, up_to=2, source="rebuild_space"),)))
    out.append(R(p, players=(*p.players, SeatPosition(coins=6, ready=(1, 2, 3)))))
    return out


def _play_on(g: TheAncientWorld, s: State, rng: random.Random) -> None:
    round_ = s.round
    for _ in range(200):
        g.check_state(s)
        actors = g.to_act(s)
        if not actors or s.round != round_:
            return
        actor = actors[0]
        move = g.sample_chance(s) if actor == CHANCE else rng.choice(g.legal_moves(s, actor))
        s, _ = g.apply(s, move)


# ------------------------------------------------------------------ impossible positions


def test_impossible_positions_are_refused_with_a_pointer_into_them(g: TheAncientWorld) -> None:
    p = DMITRY
    dmitry, other = p.players

    def with_seat(i: int, **fields: Any) -> AncientWorldPosition:
        players = list(p.players)
        players[i] = R(players[i], **fields)
        return R(p, players=tuple(players))

    assert refused(g, with_seat(1, coins=-2)) == ("state.negative", "/players/1/coins")
    eight = (*dmitry.empire, "A04-goat-pasture", "A07-fishing-village", "A08-bakery")
    assert refused(
        g,
        R(
            with_seat(0, empire=eight),
            decks=R(p.decks, empire_a=R(p.decks.empire_a, unknown=p.decks.empire_a.unknown - 3)),
        ),
    ) == (
        "state.space",
        "/players/0/empire",
    )
    twice = (*other.empire, "A23-armoury")
    assert refused(g, with_seat(1, empire=twice)) == ("state.card_twice", "/players/1/empire/3")
    passed = R(with_seat(0, passed=True), first_passer=0)
    assert refused(g, passed) == ("state.turn", "/turn")
    assert refused(g, with_seat(1, passed=True)) == ("state.passed", "/players/1/passed")
    assert refused(g, R(p, decks=R(p.decks, army=R(p.decks.army, unknown=21)))) == (
        "position.unknown_cards",
        "/decks/army/unknown",
    )
    assert refused(g, R(p, empire_discard=Pile(unknown=9))) == (
        "position.unknown_cards",
        "/empire_discard/unknown",
    )
    # Round 3: deck B is set aside, every card in it.
    assert refused(g, with_seat(1, set_aside=Pile(cards=("B01-great-granary",)))) == (
        "state.deck_b",
        "/players/1/set_aside",
    )
    assert refused(g, R(p, steps=(TitanFight(seat=0, stars=2, armies=(5,)),))) == (
        "state.army",
        "/steps/0/armies/0",
    )
    assert refused(g, R(p, steps=(TitanFight(seat=1, stars=2),))) == ("position.steps", "/steps/0")
    two = (ExploreChoice(seat=0), TitanFight(seat=0, stars=2))
    assert refused(g, R(p, steps=two)) == ("position.steps", "/steps/1")
    assert refused(g, R(DMITRY_DICE, steps=(AfterVictory(seat=0, dice=3),))) == (
        "state.dice",
        "/steps/0/dice",
    )
    assert refused(g, R(p, turn=None)) == ("state.seat", "/turn")
    assert refused(g, R(p, phase="end_of_round", turn=None)) == ("position.steps", "/steps/0")
    wrong_titan = R(p, titan_tops=R(p.titan_tops, titan_2="T1-02-giant-boar"))
    assert refused(g, wrong_titan) == ("state.wrong_deck", "/titan_tops/titan_2")


def test_a_state_before_round_one_has_no_position(g: TheAncientWorld) -> None:
    s = g.new_state(2, seed=1)
    early = R(s, round=0, pending=(Prepare(),))
    with pytest.raises(InvalidState) as err:
        g.position_of(early)
    assert err.value.code == "the-ancient-world.position.unexpressible"


def test_a_turn_with_nothing_to_decide_is_refused(g: TheAncientWorld) -> None:
    """A rebuild with no lost card: the game moves on by itself; the position is refused."""
    dmitry = R(DMITRY.players[0], ready=(2, 3))
    p = R(
        DMITRY,
        players=(dmitry, DMITRY.players[1]),
        board=R(DMITRY.board, rebuild=(Placed(seat=0, skill=1),)),
        first_player=0,
        token_hand_up=True,
        steps=(RebuildChoice(seat=0, up_to=2, source="rebuild_space"),),
    )
    assert refused(g, p) == ("state.unsettled", "/steps/0")
    # A card's rebuild needs a citizen on a card that rebuilds.
    p = R(DMITRY, steps=(RebuildChoice(seat=0, up_to=1, source="card"),))
    assert refused(g, p) == ("state.card_effect", "/steps/0")
    s = g.state_of(R(DMITRY, steps=()), 1)
    assert g.legal_moves(s, 0)[-1] == Pass(seat=0)


def test_a_table_of_only_round_turn_and_players_is_refused_with_every_deck_it_misses(
    g: TheAncientWorld,
) -> None:
    """Issue #39: a position naming no card at all is refused with every deck and pile the pack's
    cards are missing from, not the first one only («Подготовка к игре»: every deck is on the
    table)."""
    bare = AncientWorldPosition(
        round=1, turn=0, players=(SeatPosition(coins=3), SeatPosition(coins=3))
    )
    with pytest.raises(InvalidState) as err:
        g.state_of(bare, 1)
    refusal = err.value
    assert (refusal.code, refusal.pointer) == (
        "the-ancient-world.position.unknown_cards",
        "/decks/army/unknown",
    )
    gaps = [(gap.code.removeprefix("the-ancient-world."), gap.pointer) for gap in refusal.gaps]
    assert gaps == [
        ("position.unknown_cards", f"/decks/{name}/unknown")
        for name in ("army", "province", "titan_1", "titan_2", "titan_3", "empire_b", "empire_a")
    ]
    assert (
        refusal.gaps[0].message
        == refusal.message
        == ("25 more cards of army are nowhere in the position")
    )
    assert "deck B is set aside until round 4" in refusal.gaps[5].message
    assert refusal.gaps_left_out == 0
    assert all(resolves(bare, gap.pointer) for gap in refusal.gaps)
    # One gap alone lists none: the refusal says it.
    short = R(SETUP_4, decks=R(SETUP_4.decks, army=R(SETUP_4.decks.army, unknown=1)))
    with pytest.raises(InvalidState) as one:
        g.state_of(short, 1)
    assert one.value.pointer == "/decks/army/unknown"
    assert (one.value.gaps, one.value.gaps_left_out) == ((), 0)


def test_every_gap_of_the_table_and_of_its_cards_is_said_together(g: TheAncientWorld) -> None:
    """The seats, round, turn and steps are read first, each gap said; then every card out of
    place, not the first one only (issue #39)."""
    p = DMITRY
    wrong = R(p, round=7, turn=5, steps=(TitanFight(seat=4, stars=-1),))
    with pytest.raises(InvalidState) as err:
        g.state_of(wrong, 1)
    said = [(gap.code.removeprefix("the-ancient-world."), gap.pointer) for gap in err.value.gaps]
    assert said == [
        ("state.round", "/round"),
        ("state.seat", "/turn"),
        ("state.seat", "/steps/0/seat"),
    ]
    assert all(resolves(wrong, pointer) for _, pointer in said)
    dmitry, other = p.players
    cards = R(
        p,
        players=(
            R(dmitry, empire=(*dmitry.empire, "A99-no-such-card")),
            R(other, empire=(*other.empire, "A23-armoury", "A23-armoury")),
        ),
    )
    with pytest.raises(InvalidState) as err:
        g.state_of(cards, 1)
    said = [(gap.code.removeprefix("the-ancient-world."), gap.pointer) for gap in err.value.gaps]
    assert ("state.unknown_card", "/players/0/empire/" + str(len(dmitry.empire))) in said
    assert ("state.card_twice", "/players/1/empire/" + str(len(other.empire))) in said
    assert ("state.card_twice", "/players/1/empire/" + str(len(other.empire) + 1)) in said
    assert all(resolves(cards, pointer) for _, pointer in said)
