"""«ПОДГОТОВКА К ИГРЕ» steps 1-17 and «ПОДГОТОВКА К ОДИНОЧНОЙ ИГРЕ» (spec §1.2, E1, E2, E21)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.games.raiders_of_scythia.moves import DiscardDealt, DrawCard, StartPlayer, TakePair
from arbiter.games.raiders_of_scythia.options import RaidersOptions
from arbiter.games.raiders_of_scythia.state import (
    ALL_PLUNDER,
    ChoosePair,
    Draw,
    FirstPlayer,
    RaidersState,
    SetAside,
    Stock,
)
from tests.raiders_of_scythia.helpers import game, play, setup_to_play, tables

State = RaidersState


def to_first_player(players: int, seed: int = 3) -> State:
    """Setup's chance steps up to the first player, the first pair forced to (Vadasz,
    Merchant)."""
    g = game()
    s = g.new_state(players, None, seed)
    while not isinstance(s.pending[-1], (FirstPlayer, ChoosePair)):
        task = s.pending[-1]
        if isinstance(task, Draw) and task.to == "pair_hero" and not s.pairs:
            move: Any = DrawCard(deck="heroes", card="vadasz")
        elif isinstance(task, Draw) and task.to == "pair_crew" and task.index == 0:
            move = DrawCard(deck="crew", card="merchant-1")
        else:
            move = g.chance_outcomes(s)[0].move
        s, _ = g.apply(s, move)
    return s


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_pair_more_than_players_solo_two(players: int) -> None:
    s = to_first_player(players)
    assert len(s.pairs) == (2 if players == 1 else players + 1)
    assert all(p.crew is not None for p in s.pairs)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_table_after_setup(players: int) -> None:
    """E1 for every player count: the village, the quests, the plunder, the raid spaces used."""
    s = setup_to_play(players, seed=players)
    t = tables()
    assert (s.village.town_centre, s.village.meeting_tent, s.village.market) == ("blue",) * 3
    assert (
        sum(
            1
            for b in ("stables", "barracks", "silversmith", "farm", "chiefs_tent")
            if s.village.at(b) is not None
        )
        == 0
    )
    assert all(q is not None for q in s.village_quests)
    assert all(c is not None for c in s.animal_display)
    placed = 0
    for i, sp in enumerate(t.spaces):
        space = s.spaces[i]
        region = t.settlements[t.space_settlement[i]].region
        if sp.four_players_only and players < 4:
            assert not space.in_use and space.plunder.total() == 0
            assert space.worker is None and not space.hidden_quest
            continue
        assert space.in_use and space.plunder.total() == sp.plunder
        assert space.worker == sp.worker
        assert space.hidden_quest == (region != "greece")
        placed += sp.plunder
    assert s.supply.total() == ALL_PLUNDER.total() - placed == 80 - placed
    for p in s.players:
        assert p.stock == Stock(silver=3, provisions=1) and p.vp == 0
        assert p.worker == "blue" and p.hero is not None
        assert p.slots[0].crew is not None and len(p.hand) == 3
    # the unchosen pairs' crew and the 2 discards of each seat; solo: the other pair is boxed
    assert len(s.crew_discard) == (2 if players == 1 else 1 + 2 * players)
    assert s.phase == "play" and s.current == s.start_player


def test_the_pairs_are_chosen_in_reverse_turn_order_the_first_player_last() -> None:
    """E2: seat 0 starts; seat 2, last in turn order, chooses first (Vadasz and the Merchant,
    hired for nothing), then seat 1, then seat 0."""
    s = to_first_player(3)
    s, _ = play(s, StartPlayer(first=0))
    assert game().to_act(s) == (2,)
    s, _ = play(s, TakePair(seat=2, hero="vadasz"))
    p = s.players[2]
    assert p.hero == "vadasz" and p.slots[0].crew == "merchant-1"
    assert p.stock.silver == 3
    assert game().to_act(s) == (1,)
    s, _ = play(s, TakePair(seat=1, hero=s.pairs[0].hero))
    assert game().to_act(s) == (0,)
    assert len(s.pairs) == 2


def test_five_cards_dealt_three_kept_the_discards_private_until_all_have_chosen() -> None:
    g = game()
    s = to_first_player(2)
    s, _ = play(s, StartPlayer(first=1))
    s, _ = play(s, TakePair(seat=0, hero=s.pairs[0].hero))
    s, _ = play(s, TakePair(seat=1, hero=s.pairs[0].hero))
    s, _ = g.resolve_chance(s)
    assert s.pending[-1] == SetAside(seat=0, left=2)
    assert all(len(p.hand) == 5 for p in s.players)
    first, second = s.players[0].hand[:2]
    s, _ = play(s, DiscardDealt(seat=0, card=first), DiscardDealt(seat=0, card=second))
    assert s.players[0].set_aside == (first, second)
    other = g.view(s, 1).players[0]
    assert other.set_aside is None and other.set_aside_size == 2
    assert first not in s.crew_discard
    cards = s.players[1].hand[:2]
    s, _ = play(s, *(DiscardDealt(seat=1, card=c) for c in cards))
    assert s.phase == "play" and s.current == 1
    assert {first, second, *cards} <= set(s.crew_discard)
    assert all(len(p.hand) == 3 and p.set_aside == () for p in s.players)


@pytest.mark.parametrize(
    ("level", "provisions"), [("trader", 1), ("lookout", 2), ("huntsman", 2), ("outrider", 3)]
)
def test_solo_setup_the_chiefs_ai_crew_card(level: str, provisions: int) -> None:
    """E21: the chief's provisions; 2 pairs, the other boxed; the player is seat 0 and first."""
    options = RaidersOptions(solo_chief=level)  # type: ignore[arg-type]
    s = setup_to_play(1, seed=5, options=options)
    assert s.chief is not None and s.chief.level == level
    assert s.chief.provisions == provisions and s.chief.vp == 0
    assert s.current == 0 and s.start_player == 0
    assert len(s.crew_discard) == 2
    t = tables()
    everywhere = set(s.crew_deck) | set(s.crew_discard) | set(s.players[0].hand)
    everywhere |= {sl.crew for sl in s.players[0].slots if sl.crew}
    assert len(everywhere) == len(t.content.crew) - 1  # the other pair's crew card is boxed
    assert s.turn.blocked is None  # Q19: nothing is blocked on the first turn


def test_solo_chief_strength_and_provision_gain_by_level() -> None:
    """E21's table: base strength and what "+2 provisions" gives."""
    t = tables()
    table = {c: (t.chiefs[c].strength, t.chiefs[c].provision_gain) for c in t.chiefs}
    assert table == {
        "trader": (0, 2),
        "lookout": (1, 2),
        "huntsman": (1, 3),
        "outrider": (2, 3),
    }
