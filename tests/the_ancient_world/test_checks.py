"""State invariants, content-pack sanity, options, events and moves as JSON, hidden variants."""

from __future__ import annotations

import random

import msgspec
import pytest

from arbiter.core import InvalidState
from arbiter.games.the_ancient_world import TheAncientWorld, load_default_content
from arbiter.games.the_ancient_world.checks import check_content
from arbiter.games.the_ancient_world.events import AncientWorldEvent, CardDrawn
from arbiter.games.the_ancient_world.moves import AncientWorldMove, ExploreDeck, Place
from arbiter.games.the_ancient_world.state import AncientWorldState, Army, Placed

from .helpers import game, give, pack, play, set_player, settle, start, with_round


def invalid(g: TheAncientWorld, s: AncientWorldState) -> InvalidState:
    with pytest.raises(InvalidState) as err:
        g.check_state(s)
    return err.value


def test_check_state_points_at_the_broken_field() -> None:
    g = game()
    s = start(g)
    g.check_state(s)
    err = invalid(g, set_player(s, 1, coins=-1))
    assert (err.code, err.pointer) == ("the-ancient-world.state.negative", "/players/1/coins")
    err = invalid(g, set_player(s, 0, ready=(1, 2)))
    assert err.code == "the-ancient-world.state.citizens"
    err = invalid(g, set_player(s, 0, armies=(Army(active="city-guard", scroll=-2),)))
    assert err.pointer == "/players/0/armies/0/scroll"
    # A card in two places.
    card = s.empire_row[0]
    err = invalid(g, set_player(s, 1, set_aside=(card,)))
    assert err.code == "the-ancient-world.state.card_twice"
    # A card nowhere.
    err = invalid(g, msgspec.structs.replace(s, empire_row=s.empire_row[1:]))
    assert err.code == "the-ancient-world.state.card_missing"
    err = invalid(g, set_player(s, 0, empire=("no-such-card",)))
    assert err.code == "the-ancient-world.state.unknown_card"
    err = invalid(g, msgspec.structs.replace(s, current=5))
    assert err.pointer == "/current"
    err = invalid(g, msgspec.structs.replace(s, first_passer=2))
    assert err.pointer == "/first_passer"
    # Round 1: the round track has not opened Explore; a citizen there is out of place.
    board = s.board.placing("explore", Placed(seat=0, skill=1))
    err = invalid(g, set_player(msgspec.structs.replace(s, board=board), 0, ready=(2, 3)))
    assert (err.code, err.pointer) == ("the-ancient-world.state.board", "/board/explore")
    board = s.board.placing("work", Placed(seat=3, skill=1))
    err = invalid(g, msgspec.structs.replace(s, board=board))
    assert (err.code, err.pointer) == ("the-ancient-world.state.seat", "/board/work/0/seat")


def test_check_content_refuses_unplayable_packs() -> None:
    check_content(load_default_content())
    base = pack()
    cases = {
        "content.duplicate_id": msgspec.structs.replace(base, provinces=base.provinces * 2),
        "content.titans": msgspec.structs.replace(
            base, titans=tuple(t for t in base.titans if t.stars != 3)
        ),
        "content.dice": msgspec.structs.replace(base, dice=()),
        "content.deck_size": msgspec.structs.replace(
            base, empire=tuple(e for e in base.empire if e.deck != "B")
        ),
        "content.starting": msgspec.structs.replace(base, starting_empire=("a1",)),
    }
    for code, content in cases.items():
        with pytest.raises(InvalidState) as err:
            check_content(content)
        assert err.value.code == f"the-ancient-world.{code}"
    with pytest.raises(InvalidState):
        TheAncientWorld(default=cases["content.dice"])


def test_fact_sheet_and_option() -> None:
    g = TheAncientWorld()
    info = g.info()
    assert (info.id, info.title, info.min_players, info.max_players) == (
        "the-ancient-world",
        "The Ancient World",
        2,
        4,
    )
    assert info.rules_version == "1.2.0" and info.chance and info.hidden_information
    [option] = info.options
    assert option.name == "expand_borders_plus" and option.type == "boolean"
    assert option.default is False and "Expand borders+" in option.description


def test_states_moves_and_events_round_trip_as_json() -> None:
    g = game()
    s = with_round(start(g), 2)
    s, events = play(g, s, Place(seat=0, space="explore", skill=1), ExploreDeck(seat=0))
    s, more = settle(g, s)
    events += more
    assert msgspec.json.decode(msgspec.json.encode(s), type=AncientWorldState) == s
    for move in g.legal_moves(s, 0):
        assert msgspec.json.decode(msgspec.json.encode(move), type=AncientWorldMove) == move
    decoded = msgspec.json.decode(msgspec.json.encode(events), type=list[AncientWorldEvent])
    assert decoded == events


def test_private_events_are_redacted_for_the_others() -> None:
    g = game()
    s = with_round(start(g), 2)
    s, _ = play(g, s, Place(seat=0, space="explore", skill=1), ExploreDeck(seat=0))
    s, events = settle(g, s)
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert len(drawn) == 5 and all(e.visible_to == (0,) for e in drawn)
    assert g.events_for(events, 0) == events
    others = g.events_for(events, 1)
    assert all(isinstance(e, CardDrawn) and e.card is None and e.visible_to is None for e in others)


def test_hidden_variant_changes_only_what_the_seat_cannot_know() -> None:
    g = game()
    s = with_round(start(g, 3), 4)
    s = give(give(s, 1, "a1", "set_aside"), 2, "b1", "set_aside")
    for seat in (None, 0, 1, 2):
        for k in range(5):
            v = g.hidden_variant(s, seat, random.Random(k))
            g.check_state(v)
            assert g.view(v, seat) == g.view(s, seat)
            assert v.seed != s.seed
            if seat is not None:
                assert v.players[seat].set_aside == s.players[seat].set_aside
    # Other seats' set-aside cards really are dealt again (swapped with hidden cards).
    variants = {g.hidden_variant(s, 0, random.Random(k)).players[1].set_aside for k in range(20)}
    assert len(variants) > 1


def test_a_fight_paying_an_army_the_seat_does_not_have_is_a_broken_state() -> None:
    from arbiter.games.the_ancient_world.moves import Fight
    from arbiter.games.the_ancient_world.state import ChooseArmies

    g = game()
    s = set_player(start(g), 0, coins=10)
    s, _ = play(g, s, Fight(seat=0, stars=1))
    assert isinstance(s.pending[-1], ChooseArmies)
    k = len(s.pending) - 1
    for used in ((7,), (0, 0), (-1,)):
        task = msgspec.structs.replace(s.pending[-1], used=used)
        broken = msgspec.structs.replace(s, pending=(*s.pending[:-1], task))
        err = invalid(g, broken)
        assert err.code == "the-ancient-world.state.army"
        assert err.pointer.startswith(f"/pending/{k}/used/")
