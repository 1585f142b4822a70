"""Limits at the end of a turn, «КОНЕЦ ИГРЫ» and «ПОДСЧЁТ ПО» (spec §1.6, §1.17, §1.18; Q12,
Q17)."""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import ScoreLine
from arbiter.games.raiders_of_scythia.events import EndTriggered
from arbiter.games.raiders_of_scythia.moves import (
    DiscardCard,
    PickUp,
    Raid,
    Skip,
    TakeSilver,
    TakeSpace,
    Work,
)
from arbiter.games.raiders_of_scythia.state import (
    ChooseTurn,
    DiscardToLimit,
    Plunder,
    RaidersState,
)
from tests.raiders_of_scythia.helpers import (
    at_turn,
    begin,
    crew_only,
    draw,
    game,
    hand,
    hire,
    legal,
    of_type,
    play,
    raided,
    roll,
    set_player,
    set_space,
    stock,
    tables,
    village,
)

State = RaidersState


# ----------------------------------------------------------------------------------- limits


def test_tokens_over_8_go_back_at_the_end_of_the_owners_turn_plunder_has_no_limit() -> None:
    s = at_turn(2, 0, village=village(market="blue"))
    s = stock(s, 0, silver=8, provisions=9, kumis=12, gold=4, livestock=10)
    s = stock(s, 1, silver=11)
    s = begin(s, 0)
    s, _ = play(s, Work(seat=0, building="silversmith"), TakeSilver(seat=0))
    s, _ = play(s, PickUp(seat=0, building="market"), Skip(seat=0))
    st = s.players[0].stock
    assert (st.silver, st.provisions, st.kumis) == (8, 8, 8)
    assert (st.gold, st.livestock) == (4, 10)
    assert s.players[1].stock.silver == 11  # not seat 1's turn end yet
    assert s.current == 1


def test_a_hand_over_8_is_discarded_to_8_by_its_owners_choice() -> None:
    cards = [c.id for c in tables().content.crew[:10]]
    s = at_turn(2, 0, village=village(market="blue"))
    s = hand(s, 0, *cards)
    s = begin(s, 0)
    s, _ = play(s, Work(seat=0, building="farm"), Skip(seat=0))
    s, _ = play(s, PickUp(seat=0, building="market"), Skip(seat=0))
    assert s.pending[-1] == DiscardToLimit(seat=0)
    assert set(legal(s)) == {DiscardCard(seat=0, card=c) for c in cards}
    s, _ = play(s, DiscardCard(seat=0, card=cards[5]))
    assert s.pending[-1] == DiscardToLimit(seat=0)
    s, _ = play(s, DiscardCard(seat=0, card=cards[0]))
    assert len(s.players[0].hand) == 8
    assert s.crew_discard[-2:] == (cards[5], cards[0])
    assert s.current == 1 and isinstance(s.pending[-1], ChooseTurn)


# ------------------------------------------------------------------------------------ the end


def idle_turn(s: State) -> tuple[State, list[Any]]:
    """The current seat places its worker on the first free building and picks up the first
    worker it may, skipping both actions."""
    seat = s.current
    work = next(m for m in legal(s) if isinstance(m, Work))
    s, ev = play(s, work, Skip(seat=seat))
    pick = legal(s)[0]
    assert isinstance(pick, PickUp)
    s, more = play(s, pick, Skip(seat=seat))
    return s, ev + more


def two_players_with_spaces_left(left: int, *keep: str) -> State:
    """Seat 0's turn with every raid space raided but the ``keep`` ones or the last ``left``."""
    s = at_turn(2, 0, village=village(market="blue", town_centre="blue"))
    t = tables()
    open_ids = [sp.id for i, sp in enumerate(t.spaces) if s.spaces[i].open()]
    kept = list(keep) or open_ids[len(open_ids) - left :]
    s = raided(s, *[sid for sid in open_ids if sid not in kept])
    return begin(s, 0)


def test_the_end_comes_when_2_raid_spaces_are_left_then_everyone_one_more_turn() -> None:
    """«КОНЕЦ ИГРЫ» (Q1, Q17): the turn ends, seat 1 then seat 0 have one more turn each."""
    s = two_players_with_spaces_left(3)
    s, ev = idle_turn(s)
    assert of_type(ev, EndTriggered) == [] and s.final_turns is None
    s = two_players_with_spaces_left(2)
    s, ev = idle_turn(s)
    assert of_type(ev, EndTriggered) == [EndTriggered(raid_spaces=2, quests=16, turns_left=2)]
    assert s.current == 1 and s.phase == "play"
    s, ev = idle_turn(s)
    assert s.current == 0 and s.phase == "play"
    s, ev = idle_turn(s)
    assert s.phase == "over" and game().to_act(s) == ()
    assert game().result(s) is not None


def test_a_raid_that_leaves_2_raid_spaces_triggers_the_end() -> None:
    s = two_players_with_spaces_left(
        3, "cimmeria-west-left", "cimmeria-west-right", "greece-west-left"
    )
    s = set_player(s, 0, worker="blue")
    s = crew_only(s, 0, "tyrant-1")
    s = stock(s, 0, provisions=1)
    for sid in ("cimmeria-west-left", "cimmeria-west-right"):
        s = set_space(s, sid, plunder=Plunder(livestock=1))
    s, _ = play(begin(s, 0), Raid(seat=0, settlement="cimmeria-west"))
    s, ev = roll(s, (3, 0))  # 4 + 3 = 7: 2 VP, no wounds
    s, more = play(s, TakeSpace(seat=0, space="cimmeria-west-left"))
    s, more2 = draw(s, "quests", s.quest_pool[0])
    assert s.current == 1
    assert s.final_turns == 2
    assert of_type(ev + more + more2, EndTriggered)[0].raid_spaces == 2


def test_the_end_comes_when_2_quests_are_left_face_up_or_down() -> None:
    s = at_turn(2, 0, village=village(market="blue", town_centre="blue"))
    hidden = [i for i, sp in enumerate(s.spaces) if sp.hidden_quest]
    spaces = list(s.spaces)
    for i in hidden[1:]:
        spaces[i] = msgspec.structs.replace(spaces[i], hidden_quest=False)
    s = msgspec.structs.replace(s, spaces=tuple(spaces))
    s = begin(s, 0)
    # 2 face-up village quests + 1 face-down = 3: not yet
    s, ev = idle_turn(s)
    assert s.final_turns is None
    spaces = list(s.spaces)
    spaces[hidden[0]] = msgspec.structs.replace(spaces[hidden[0]], hidden_quest=False)
    s = begin(msgspec.structs.replace(s, spaces=tuple(spaces)), 1)
    s, ev = idle_turn(s)
    (end,) = of_type(ev, EndTriggered)
    assert end.quests == 2 and s.final_turns == 2


def test_three_players_final_turns_clockwise_the_trigger_last() -> None:
    s = at_turn(3, 1, village=village(market="blue", town_centre="blue"))
    t = tables()
    open_ids = [sp.id for i, sp in enumerate(t.spaces) if s.spaces[i].open()]
    s = begin(raided(s, *open_ids[:-2]), 1)
    order = []
    while s.phase == "play":
        order.append(s.current)
        s, _ = idle_turn(s)
    assert order == [1, 2, 0, 1]


# ---------------------------------------------------------------------------------- scoring


def over(s: State) -> State:
    return msgspec.structs.replace(s, phase="over", pending=())


def scored_position() -> State:
    s = at_turn(2, 0)
    s = crew_only(s, 0)
    s = crew_only(s, 1)
    s = hire(s, 0, 0, "tyrant-1", eagle="animal-08")  # fixed 1; eagle 2 VP
    s = hire(s, 0, 1, "goldsmith-1", horse="animal-09")  # 1 per 2 gold; horse 2 VP
    s = hire(s, 0, 2, "chronicler-1")  # 1 per quest
    s = hire(s, 0, 4, None, eagle="animal-13")  # no crew: its eagle scores 2 VP all the same
    s = stock(s, 0, silver=5, gold=3, equipment=2, wagons=1, livestock=5)
    s = stock(s, 1)
    import tests.raiders_of_scythia.helpers as h

    s = h.take_quest(h.take_quest(s, "quest-01"), "quest-04")
    s = set_player(s, 0, vp=5, quests=("quest-01", "quest-04"))
    s = set_player(s, 1, vp=7)
    return over(s)


def test_final_scoring_every_line() -> None:
    """«ПОДСЧЁТ ПО»: VP scored, crew, animals (eagle or horse half), quests, gold 2, equipment
    1, wagons 1, livestock 1 per 2."""
    s = scored_position()
    game().check_state(s)
    result = game().result(s)
    assert result is not None
    lines = {line.label: line.points for line in result.breakdown if line.seat == 0}
    assert lines == {
        "raids and effects": 5,
        "crew": 1 + 1 + 2,
        "animals": 2 + 2 + 2,
        "quests": 5 + 6,
        "gold": 6,
        "equipment": 2,
        "wagons": 1,
        "livestock": 2,
    }
    assert result.scores == (sum(lines.values()), 7)
    assert result.winners == (0,) and result.places == (1, 2)
    assert ScoreLine(1, "raids and effects", 7, "VP scored in play (raids and effects)") in (
        result.breakdown
    )


def tied(**seat1: int) -> State:
    s = at_turn(2, 0)
    s = crew_only(s, 0, "merchant-1")
    s = crew_only(s, 1, "merchant-2")
    s = stock(s, 0, silver=2, kumis=1)
    s = stock(s, 1, **seat1)
    s = set_player(s, 0, vp=10)
    s = set_player(s, 1, vp=10)
    return s


def test_ties_go_to_the_most_quests_crew_and_animals() -> None:
    s = hire(tied(silver=9), 1, 1, None, horse="animal-07")  # horse 0 VP
    result = game().result(over(s))
    assert result is not None
    assert result.scores == (10, 10)
    assert result.tie_breakers == ("quests + crew + animals", "silver + provisions + kumis")
    assert result.tie_break_values == ((1, 3), (2, 9))
    assert result.winners == (1,) and result.ranking == (1, 0)


def test_then_to_the_most_silver_provisions_and_kumis() -> None:
    result = game().result(over(tied(provisions=2, kumis=2)))
    assert result is not None
    assert result.tie_break_values == ((1, 3), (1, 4))
    assert result.winners == (1,)


def test_still_tied_the_players_share_the_win() -> None:
    result = game().result(over(tied(silver=1, provisions=2)))
    assert result is not None
    assert result.winners == (0, 1) and result.places == (1, 1)


def test_the_game_goes_on_without_a_result() -> None:
    assert game().result(at_turn(2, 0)) is None


def test_an_illegal_move_after_the_end() -> None:
    s = over(at_turn(2, 0))
    from arbiter.core import IllegalMove

    try:
        game().apply(s, Work(seat=0, building="farm"))
    except IllegalMove as e:
        assert e.code == "raiders-of-scythia.game_over"
    else:  # pragma: no cover
        raise AssertionError("a move after the end was accepted")
