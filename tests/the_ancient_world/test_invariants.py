"""Impossible tables are refused by ``check_state`` (422 over the API), each with its rule code and
a JSON pointer naming the problem (:mod:`arbiter.games.the_ancient_world.invariants`).

The first four are those issue #9 found accepted; the others are impossible positions of the same
kinds: counts beyond what the cards allow, cards where they cannot be, a seat acting out of turn,
flags that contradict each other, and counts a client could set instead of the cards.
"""

from __future__ import annotations

import msgspec
import pytest

from arbiter.core import IllegalMove, InvalidState
from arbiter.games.the_ancient_world import TheAncientWorld
from arbiter.games.the_ancient_world import state as st
from arbiter.games.the_ancient_world.moves import (
    Attack,
    Fight,
    Pass,
    Place,
    UseArmy,
)
from arbiter.games.the_ancient_world.state import (
    AncientWorldState,
    Army,
    ChooseArmies,
    ChooseBuild,
    ChooseRebuild,
    ChooseSetAside,
    ChooseStarving,
    ChooseZorsk,
    Deck,
    Dice,
    EndTurn,
    NextRound,
    Placed,
)

from . import helpers
from .helpers import armies, empire, game, give, pack, play, set_player, start

State = AncientWorldState
TWIN = empire("a4-twin", name="a4")
SPACIOUS = pack((*helpers.SPECIALS, TWIN))


def refusal(g: TheAncientWorld, s: State) -> tuple[str, str, str]:
    with pytest.raises(InvalidState) as err:
        g.check_state(s)
    return err.value.code.removeprefix("the-ancient-world."), err.value.pointer, str(err.value)


def replace(s: State, **fields: object) -> State:
    return msgspec.structs.replace(s, **fields)


@pytest.fixture(scope="module")
def g() -> TheAncientWorld:
    return game(SPACIOUS)


@pytest.fixture(scope="module")
def s0(g: TheAncientWorld) -> State:
    s = start(g, 2)
    g.check_state(s)
    return s


# ------------------------------------------------------------------ the cases of the issue


def test_eight_empire_cards_in_four_spaces(g: TheAncientWorld, s0: State) -> None:
    """«Для каждой карты империи требуется 1 место»: the capital gives 4."""
    s = s0
    for card in ("a1", "a2", "a3", "a5", "a6", "a7"):
        s = give(s, 0, card)
    code, pointer, message = refusal(g, s)
    assert (code, pointer) == ("state.space", "/players/0/empire")
    assert "8 empire cards" in message and "4 spaces" in message
    # Lost cards take a space too; 4 cards, one of them lost, fit.
    s = give(give(s0, 0, "a1"), 0, "a2", "lost")
    g.check_state(s)


def test_two_empire_cards_of_one_name(g: TheAncientWorld, s0: State) -> None:
    """«У игрока не может быть одинаковых карт империи» -- a lost one included."""
    s = give(give(s0, 1, "a4"), 1, "a4-twin", "lost")
    code, pointer, message = refusal(g, s)
    assert (code, pointer) == ("state.duplicate_card", "/players/1/lost/0")
    assert "'a4'" in message
    # Set-aside cards may repeat what the seat owns.
    g.check_state(give(give(s0, 1, "a4"), 1, "a4-twin", "set_aside"))


def test_a_seat_that_passed_does_not_act(g: TheAncientWorld, s0: State) -> None:
    """«просто пропускайте ходы спасовавших игроков»."""
    s, _ = play(g, s0, Pass(seat=0))
    assert s.current == 1
    code, pointer, _ = refusal(g, replace(s, current=0))
    assert (code, pointer) == ("state.turn", "/current")


def test_passed_without_a_first_to_pass(g: TheAncientWorld, s0: State) -> None:
    s, _ = play(g, s0, Pass(seat=0))
    code, pointer, _ = refusal(g, replace(s, first_passer=None))
    assert (code, pointer) == ("state.passed", "/players/0/passed")
    code, pointer, _ = refusal(g, replace(s, first_passer=1))
    assert (code, pointer) == ("state.passed", "/first_passer")
    # Outside phase 2 nobody has passed.
    code, pointer, _ = refusal(g, replace(s, phase="end_of_round"))
    assert code == "state.phase"


# ---------------------------------------------------------------- flags and the turn order


def test_everyone_passed_is_the_end_of_the_round(g: TheAncientWorld, s0: State) -> None:
    s, _ = play(g, s0, Pass(seat=0))
    s = set_player(s, 1, passed=True)
    code, pointer, _ = refusal(g, s)
    assert (code, pointer) == ("state.turn", "/players/1/passed")


def test_a_decision_of_another_seat_during_a_turn(g: TheAncientWorld, s0: State) -> None:
    s = replace(s0, pending=(EndTurn(), ChooseBuild(seat=1)))
    code, pointer, _ = refusal(g, s)
    assert (code, pointer) == ("state.turn", "/pending/1/seat")


def test_the_first_player_token_and_rebuild(g: TheAncientWorld, s0: State) -> None:
    """«Игрок также получает жетон первого игрока и кладёт его перед собой символом с рукой
    вверх. В этом раунде больше никто не сможет забрать у него жетон первого игрока»."""
    code, pointer, _ = refusal(g, replace(s0, token_hand_up=True))
    assert (code, pointer) == ("state.first_player_token", "/token_hand_up")
    s, _ = play(g, s0, Pass(seat=0), Place(seat=1, space="rebuild", skill=1))
    assert s.token_hand_up and s.first_player == 1
    code, pointer, _ = refusal(g, replace(s, token_hand_up=False))
    assert (code, pointer) == ("state.first_player_token", "/token_hand_up")
    code, pointer, _ = refusal(g, replace(s, first_player=0))
    assert (code, pointer) == ("state.first_player_token", "/first_player")


def test_citizens_lie_in_rising_skill(g: TheAncientWorld, s0: State) -> None:
    board = s0.board.placing("work", Placed(seat=0, skill=2))
    board = board.placing("work", Placed(seat=1, skill=1))
    s = set_player(set_player(replace(s0, board=board), 0, ready=(1, 3)), 1, ready=(2, 3))
    code, pointer, _ = refusal(g, s)
    assert (code, pointer) == ("state.placement", "/board/work/1/skill")
    # Build takes any skill.
    board = s0.board.placing("build", Placed(seat=0, skill=2))
    board = board.placing("build", Placed(seat=1, skill=1))
    g.check_state(
        set_player(set_player(replace(s0, board=board), 0, ready=(1, 3)), 1, ready=(2, 3))
    )


def test_the_phase_agrees_with_what_is_under_way(g: TheAncientWorld, s0: State) -> None:
    code, pointer, _ = refusal(g, replace(s0, phase="over"))
    assert (code, pointer) == ("state.phase", "/phase")
    code, pointer, _ = refusal(g, replace(s0, phase="preparation"))
    assert (code, pointer) == ("state.phase", "/phase")
    s = replace(s0, pending=(EndTurn(), EndTurn()))
    assert refusal(g, s)[:2] == ("state.phase", "/pending/1")


def test_nothing_automatic_is_left_undone(g: TheAncientWorld, s0: State) -> None:
    # A Rebuild with no lost card decides nothing: the game goes on by itself.
    s, _ = play(g, s0, Place(seat=0, space="rebuild", skill=1))
    rebuild = st.ChooseRebuild(seat=0, remaining=2, optional=True)
    s = replace(s, current=0, pending=(EndTurn(), rebuild))
    assert refusal(g, s)[:2] == ("state.unsettled", "/pending/1")


# ------------------------------------------------------------------------------- counts


def test_citizen_tokens_are_one_two_three_then_the_next(g: TheAncientWorld, s0: State) -> None:
    s = set_player(s0, 0, citizens=(1, 2, 4), ready=(1, 2, 4))
    assert refusal(g, s)[:2] == ("state.citizens", "/players/0/citizens")
    s = set_player(s0, 0, citizens=(1, 2), ready=(1, 2))
    assert refusal(g, s)[:2] == ("state.citizens", "/players/0/citizens")


def test_a_starting_card_is_never_gone(g: TheAncientWorld, s0: State) -> None:
    s = set_player(s0, 0, empire=("wheat-fields",))
    assert refusal(g, s)[:2] == ("state.card_missing", "/players/0/empire")


def test_armies_over_the_limit_are_discarded_at_once(g: TheAncientWorld, s0: State) -> None:
    s = armies(s0, 0, Army(active="city-guard"), Army(active="militia"), Army(active="spies"))
    code, pointer, message = refusal(g, s)
    assert (code, pointer) == ("state.army_limit", "/players/0/armies")
    assert "3 armies" in message and "limit of 2" in message


def test_rows_hold_what_the_setup_deals(g: TheAncientWorld, s0: State) -> None:
    extra = s0.empire_a.middle[0]
    deck = Deck(middle=s0.empire_a.middle[1:])
    s = replace(s0, empire_row=(*s0.empire_row, extra), empire_a=deck)
    assert refusal(g, s)[:2] == ("state.row", "/empire_row")


def test_army_coins_and_the_fight(g: TheAncientWorld, s0: State) -> None:
    s = set_player(s0, 0, coins=10)
    s, _ = play(g, s, Fight(seat=0, stars=1), UseArmy(seat=0, army=0))
    g.check_state(s)
    # The army paid holds its coins on the scroll.
    s2 = armies(s, 0, Army(active="city-guard"), Army(active="militia"))
    assert refusal(g, s2)[:2] == ("state.army", "/pending/1/used/0")
    # The titan fought is face up: not the 3-star one when seat 1 took them all.
    s3 = give(give(s, 1, "colossus", "titans"), 1, "leviathan", "titans")
    s3 = replace(s3, pending=(EndTurn(), ChooseArmies(seat=0, stars=3, used=(0,))))
    assert refusal(g, s3)[:2] == ("state.fight", "/pending/1/stars")


def test_the_dice_are_the_banners_of_the_titan(g: TheAncientWorld, s0: State) -> None:
    """«Игрок бросает столько кубиков, сколько знамён племён изображено на карте титана»."""
    s = helpers.titan_on_top(set_player(s0, 0, coins=10), 2, "stone-creature")
    s = armies(s, 0, Army(active="mercian-army", retired=("spearmen",)), Army(active="archers"))
    s, _ = play(g, s, Fight(seat=0, stars=2), UseArmy(seat=0, army=0), UseArmy(seat=0, army=1))
    s, _ = play(g, s, Attack(seat=0))
    task = s.pending[-1]
    assert isinstance(task, Dice) and task.remaining == 2
    g.check_state(s)
    forged = replace(s, pending=(*s.pending[:-1], Dice(seat=0, remaining=5)))
    code, pointer, message = refusal(g, forged)
    assert (code, pointer) == ("state.dice", f"/pending/{len(s.pending) - 1}/remaining")
    assert "2 banners" in message


def test_the_starving_citizens_come_from_the_food(g: TheAncientWorld, s0: State) -> None:
    s = set_player(s0, 0, citizens=(1, 2, 3, 4), ready=(1, 2, 3, 4))
    s = replace(s, phase="end_of_round", pending=(NextRound(), ChooseStarving(seat=0, count=1)))
    g.check_state(s)  # 4 citizens, 3 food
    forged = replace(s, pending=(NextRound(), ChooseStarving(seat=0, count=3)))
    code, pointer, message = refusal(g, forged)
    assert (code, pointer) == ("state.feeding", "/pending/1/count")
    assert "1 more starve" in message


# ------------------------------------------------------------------------ cards and decks


def test_deck_b_waits_for_round_4(g: TheAncientWorld, s0: State) -> None:
    """«Перемешайте карты империи В и отложите их стопкой в сторону — до 4-го раунда они вам не
    понадобятся»."""
    s = give(helpers.with_round(s0, 2), 1, "b1", "set_aside")
    code, pointer, message = refusal(g, s)
    assert (code, pointer) == ("state.deck_b", "/players/1/set_aside/0")
    assert "'b1'" in message
    g.check_state(give(helpers.with_round(s0, 4), 1, "b1", "set_aside"))


def test_every_deck_holds_its_own_cards(g: TheAncientWorld, s0: State) -> None:
    s = replace(s0, empire_a=Deck(middle=(*s0.empire_a.middle, "b1")))
    s = replace(s, empire_b=Deck(middle=tuple(c for c in s0.empire_b.middle if c != "b1")))
    assert refusal(g, helpers.with_round(s, 4))[0] == "state.wrong_deck"
    top = s0.titan_tops.titan_2
    assert top is not None
    s = replace(s0, titan_tops=s0.titan_tops.showing(1, top).showing(2, s0.titan_tops.titan_1))
    assert refusal(g, s)[:2] == ("state.wrong_deck", "/titan_tops/titan_1")


def test_known_tops_and_bottoms_only_where_cards_put_them(g: TheAncientWorld, s0: State) -> None:
    army = s0.army
    s = replace(s0, army=Deck(top=army.middle[:1], middle=army.middle[1:]))
    assert refusal(g, s)[:2] == ("state.deck", "/army/top")
    province = s0.province
    s = replace(s0, province=Deck(middle=province.middle[1:], bottom=province.middle[:1]))
    assert refusal(g, s)[:2] == ("state.deck", "/province/bottom")


def test_a_face_up_card_taken_is_replaced(g: TheAncientWorld, s0: State) -> None:
    top = s0.province_top
    assert top is not None
    s = replace(s0, province_top=None, province=Deck(middle=(*s0.province.middle, top)))
    s = replace(s, province=Deck(middle=tuple(sorted(s.province.middle))))
    assert refusal(g, s)[:2] == ("state.face_up", "/province_top")


def test_private_draws_are_as_many_as_the_action_draws(g: TheAncientWorld, s0: State) -> None:
    s = helpers.with_round(s0, 2)
    drawn = s.empire_a.middle[:7]
    s = replace(
        s,
        empire_a=Deck(middle=s.empire_a.middle[7:]),
        pending=(EndTurn(), ChooseSetAside(seat=0, drawn=drawn)),
    )
    board = s.board.placing("explore", Placed(seat=0, skill=1))
    s = set_player(replace(s, board=board), 0, ready=(2, 3))
    assert refusal(g, s)[:2] == ("state.drawn", "/pending/1")


def test_card_decisions_come_from_the_cards(g: TheAncientWorld, s0: State) -> None:
    """Zorsk playwrights: «Если вы первый спасовавший игрок» -- and the seat has the card."""
    s, _ = play(g, s0, Pass(seat=0))
    s = replace(s, current=0, pending=(EndTurn(), ChooseZorsk(seat=0)))
    assert refusal(g, s)[:2] == ("state.card_effect", "/pending/1")
    g.check_state(give(s, 0, "zorsk"))
    # A rebuild that may stop early is the Rebuild space's.
    s = give(s0, 0, "a1", "lost")
    s = replace(s, pending=(EndTurn(), ChooseRebuild(seat=0, remaining=2, optional=True)))
    assert refusal(g, s)[:2] == ("state.rebuild", "/pending/1")


def test_a_crane_that_gives_a_space_takes_it_when_discarded() -> None:
    """«Кран. ... сбросить эту карту»: the Crane's own space goes with it, so building with it
    never leaves more empire cards than spaces."""
    g = game(pack((empire("crane", effect="crane", symbols={"space": 1}),)))
    s = start(g, 2)
    for card in ("crane", "a1", "a2"):
        s = give(s, 0, card)
    g.check_state(s)  # 5 empire cards in 4 + 1 spaces: full
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Place(seat=0, space="build", skill=1))
    assert err.value.code == "the-ancient-world.build.no_space"


def test_a_board_action_follows_a_citizen_there(g: TheAncientWorld, s0: State) -> None:
    """«Поместив жетон жителя на ячейку действия, игрок немедленно выполняет это действие»: no
    Build decision without a citizen on Build."""
    s = replace(s0, pending=(EndTurn(), ChooseBuild(seat=0)))
    assert refusal(g, s)[:2] == ("state.placement", "/pending/1")


def test_a_card_action_is_decided_only_with_a_citizen_on_such_a_card(
    g: TheAncientWorld, s0: State
) -> None:
    """«Мост. Поместив сюда жителя, вы можете выполнить действие карты империи другого игрока»:
    a Bridge decision needs the seat's citizen on its Bridge; an Explore, a citizen on Explore or
    on a Cryptic ship; a Forest refuge's, on the refuge."""
    s = helpers.with_round(s0, 2)
    for task in (st.ChooseBorrow(seat=0), st.ChooseExplore(seat=0), st.ChooseTitanDeck(seat=0)):
        broken = replace(s, pending=(EndTurn(), task))
        assert refusal(g, broken)[:2] == ("state.card_effect", "/pending/1")
    board = s.board.placing("explore", Placed(seat=0, skill=1))
    explore = set_player(replace(s, board=board), 0, ready=(2, 3))
    g.check_state(replace(explore, pending=(EndTurn(), st.ChooseExplore(seat=0))))


def test_a_rebuild_restores_one_card_an_icon() -> None:
    """«Восстановление. Игрок восстанавливает 1 потерянную карту империи»: a card action with one
    rebuild icon cannot restore 3 cards."""
    from arbiter.games.the_ancient_world.content import CardAction

    g = game(pack((empire("ruins", action=CardAction(rebuild=1)),)))
    s = start(g, 2)
    s = give(give(s, 0, "ruins"), 0, "a1", "lost")  # 4 empire cards in 4 spaces
    s = set_player(s, 0, ready=(2, 3), on_cards=(st.CardCitizen(card="ruins", skill=1),))
    g.check_state(replace(s, pending=(EndTurn(), st.ChooseRebuild(seat=0, remaining=1))))
    forged = replace(s, pending=(EndTurn(), st.ChooseRebuild(seat=0, remaining=3)))
    assert refusal(g, forged)[:2] == ("state.rebuild", "/pending/1/remaining")
