"""«Размещение жителя» (placing citizens): the skill rule and the special rules of Build,
Recruit and Rebuild; card action spaces; passing and the turn order."""

from __future__ import annotations

import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.games.the_ancient_world import actions, placement
from arbiter.games.the_ancient_world.moves import (
    Build,
    Decline,
    Disband,
    Pass,
    Place,
    PlaceOnCard,
    Recruit,
)
from arbiter.games.the_ancient_world.state import SPACES
from arbiter.games.the_ancient_world.titans import fight_refusal
from tests.walks import random_states

from .helpers import game, give, play, set_player, settle, start, to_army_row, to_row


def code(err: pytest.ExceptionInfo[IllegalMove]) -> str:
    return err.value.code.removeprefix("the-ancient-world.")


def refused(g, s, move) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as err:
        g.apply(s, move)
    return code(err)


def test_skill_must_be_higher_than_every_citizen_already_there() -> None:
    g = game()
    s = start(g, 3)
    s, _ = play(g, s, Place(seat=0, space="work", skill=2))
    assert s.players[0].coins == 6 + 2
    # Equal or lower skill: refused; higher: allowed.
    assert refused(g, s, Place(seat=1, space="work", skill=2)) == "place.skill_too_low"
    assert refused(g, s, Place(seat=1, space="work", skill=1)) == "place.skill_too_low"
    s, _ = play(g, s, Place(seat=1, space="work", skill=3), Pass(seat=2))
    # Including the seat's own citizens: seat 0's 3 is not higher than seat 1's 3.
    assert refused(g, s, Place(seat=0, space="work", skill=3)) == "place.skill_too_low"
    assert refused(g, s, Place(seat=0, space="work", skill=2)) == "place.citizen_placed"
    assert refused(g, s, Place(seat=0, space="work", skill=4)) == "place.no_such_citizen"
    assert refused(g, s, Place(seat=1, space="work", skill=1)) == "not_your_turn"


def test_build_and_recruit_take_any_skill_for_a_coin_unless_it_matches() -> None:
    g = game()
    s = start(g, 3)
    s = to_row(s, "a4", "a8", "a1", "a5", "a2")  # a4 and a8 cost 0 coins
    s = to_army_row(s, "spearmen", "archers", "mercian-army")
    # The first citizen on the space pays nothing.
    s, _ev = play(g, s, Place(seat=0, space="build", skill=3), Build(seat=0, card="a4"))
    assert s.players[0].coins == 6 and "a4" in s.players[0].empire
    # A lower skill may go there: 1 coin, as no citizen there has skill 1.
    s, _ = play(g, s, Place(seat=1, space="build", skill=1))
    assert s.players[1].coins == 7 - 1
    s, _ = play(g, s, Build(seat=1, card="a8"))
    # Skill 3 matches seat 0's citizen: free.
    s, _ = play(g, s, Place(seat=2, space="build", skill=3), Build(seat=2, card="a1"))
    assert s.players[2].coins == 8 - 1  # a1 costs 1
    # The same special rule on Recruit.
    s, _ = play(g, s, Place(seat=0, space="recruit", skill=2))
    assert s.players[0].coins == 6  # the first citizen on Recruit pays nothing
    s, _ = play(g, s, Recruit(seat=0, card="spearmen"))
    # At the army limit (2): the new card goes over a disbanded unused army.
    assert g.legal_moves(s, 0) == [Disband(seat=0, army=0), Disband(seat=0, army=1)]


def test_build_fee_needs_a_coin() -> None:
    g = game()
    s = start(g)
    s = to_row(s, "a4", "a8", "a1", "a5")
    s, _ = play(g, s, Place(seat=0, space="build", skill=3), Build(seat=0, card="a4"))
    s = set_player(s, 1, coins=0)
    assert refused(g, s, Place(seat=1, space="build", skill=2)) == "pay.not_enough_coins"
    listed = g.legal_moves(s, 1)
    assert Place(seat=1, space="build", skill=2) not in listed
    assert Place(seat=1, space="build", skill=3) in listed
    s, _ = play(g, s, Place(seat=1, space="build", skill=3), Build(seat=1, card="a8"))


def test_rebuild_ignores_the_citizens_already_there() -> None:
    g = game()
    s = start(g)
    s = give(s, 0, "fishing-dock", "lost")
    s, _ = play(g, s, Place(seat=0, space="rebuild", skill=3), Decline(seat=0))
    # Nothing lost: no rebuild decision at all.
    s, _ = play(g, s, Place(seat=1, space="rebuild", skill=1))
    assert g.to_act(s) == (0,)
    assert [c.skill for c in s.board.rebuild] == [3, 1]


def test_card_actions_owner_only_once_a_round() -> None:
    g = game()
    s = start(g)
    s = give(s, 0, "mine", "provinces")  # action: gain 2 coins
    s, _ = play(g, s, PlaceOnCard(seat=0, card="mine", skill=1))
    assert s.players[0].coins == 8
    # «Игроки не могут размещать жетоны жителей на чужих картах империи».
    assert refused(g, s, PlaceOnCard(seat=1, card="mine", skill=1)) == "card.not_owner"
    assert refused(g, s, PlaceOnCard(seat=1, card="a1", skill=1)) == "card.not_owned"
    assert refused(g, s, PlaceOnCard(seat=1, card="wheat-fields", skill=1)) == "card.no_action"
    s, _ = play(g, s, Pass(seat=1))
    # Once a round («лишь на карту, где ещё нет его жетона жителя»).
    assert refused(g, s, PlaceOnCard(seat=0, card="mine", skill=2)) == "card.used_this_round"


def test_lost_card_action_is_refused() -> None:
    g = game()
    s = start(g)
    from .helpers import TOWN_HALL

    s = give(s, 0, TOWN_HALL.id, "lost")
    assert refused(g, s, PlaceOnCard(seat=0, card=TOWN_HALL.id, skill=1)) == "card.lost"


def test_passing_players_are_skipped_until_all_pass() -> None:
    g = game()
    s = start(g, 3)
    s, _ = play(g, s, Pass(seat=0), Place(seat=1, space="work", skill=1))
    assert g.to_act(s) == (2,)
    s, _ = play(g, s, Place(seat=2, space="work", skill=2))
    assert g.to_act(s) == (1,)  # seat 0 passed: skipped
    s, _ = play(g, s, Pass(seat=1))
    assert g.to_act(s) == (2,)
    s, _ = play(g, s, Place(seat=2, space="learn", skill=3))
    assert g.to_act(s) == (2,)  # the only one left keeps playing
    s, _ = play(g, s, Pass(seat=2))
    # Everybody passed: the round ended; round 2's rows are dealt (chance), then the first player.
    s, _ = settle(g, s)
    assert s.round == 2 and g.to_act(s) == (0,)


def test_wrong_decision_and_malformed_moves() -> None:
    g = game()
    s = start(g)
    assert refused(g, s, Build(seat=0, card="a1")) == "decision.expected"
    assert refused(g, s, Place(seat=0, space="nowhere", skill=1)) == "place.unknown_space"  # type: ignore[arg-type]
    assert refused(g, s, Place(seat=7, space="work", skill=1)) == "not_your_turn"


def test_board_placements_are_listed_exactly_when_their_refusal_accepts_them() -> None:
    """The listing tries each citizen on each space without making a refusal: over random
    games, every placement of every citizen (ready or not) on every space is listed exactly when
    place_refusal accepts it."""
    g = game()
    checked = left_out = 0
    for s in random_states(g, tuple((n, k) for n in (2, 3, 4) for k in range(1, 9))):
        if g.to_act(s)[0] == CHANCE or s.pending:
            continue
        t = g.tables(s.content_id)
        seat = s.current
        listed = set(placement.place_moves(s, t, seat))
        skills = {0, 9, *s.players[seat].citizens}
        candidates = [Place(seat=seat, space=x, skill=k) for x in SPACES for k in skills]
        accepted = {
            m for m in candidates if placement.place_refusal(s, t, seat, m.space, m.skill) is None
        }
        assert listed == accepted, (s.step, seat)
        checked += 1
        left_out += len(candidates) - len(accepted)
    assert checked >= 100 and left_out, (checked, left_out)


def test_a_listing_asks_what_an_action_needs_as_its_refusal_does() -> None:
    """Build and Recruit are listed by can_build / can_recruit (no refusal made per card), and
    a fight by one test of the armies: over random games, with every number of coins left after
    a fee, each answers what action_precondition and fight_refusal answer."""
    g = game()
    checked = {"build": [0, 0], "recruit": [0, 0]}
    fights = [0, 0]
    for s in random_states(g, tuple((n, k) for n in (2, 3, 4) for k in range(1, 7))):
        if g.to_act(s)[0] == CHANCE or s.pending:
            continue
        t = g.tables(s.content_id)
        seat = s.current
        for space in SPACES:
            for coins in range(0, 12):
                possible = actions.action_possible(s, t, seat, space, coins)
                assert possible == (
                    actions.action_precondition(s, t, seat, space, coins) is None
                ), (s.step, seat, space, coins)
                if space in checked:
                    checked[space][possible] += 1
        listed = {m.stars for m in placement.fight_moves(s, t, seat)}
        assert listed == {
            stars for stars in (1, 2, 3) if fight_refusal(s, t, seat, stars) is None
        }, s.step
        fights[bool(listed)] += 1
    assert all(no and yes for no, yes in checked.values()) and all(fights), (checked, fights)
