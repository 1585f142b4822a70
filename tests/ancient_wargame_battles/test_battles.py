"""Phase 9 («Фаза 9: битвы на суше»): sieges (X2), deployment, fortress fire, archery, melee,
the result, the retreat and the captured generals (spec §1.14, §4.3, N20-N28, Q46-Q66)."""

from __future__ import annotations

from arbiter.games.ancient_wargame import battles
from arbiter.games.ancient_wargame.battle_state import (
    Battle,
    BattleCtx,
    Clash,
    FlankState,
    Muster,
    Side,
)
from arbiter.games.ancient_wargame.moves import (
    AcceptGeneral,
    Allocate,
    Besiege,
    Fight,
    FireAt,
    Hide,
    HitsRolled,
    HoldSiege,
    Keep,
    Kill,
    ReserveTiming,
    RetreatTo,
    RollFace,
    SpillTo,
    TakeProvince,
)
from arbiter.games.ancient_wargame.state import D6, Hits, ProvinceState
from arbiter.games.ancient_wargame.view import make_view
from tests.ancient_wargame_battles.helpers import (
    T,
    admin,
    army,
    begin,
    deploy,
    general,
    legal,
    play,
    settle,
    table,
    timing,
    troops,
)


def _siege_table(fortresses: int) -> ProvinceState:
    return ProvinceState(
        owner=0,
        fortresses=fortresses,
        armies=(army(0, infantry=2), army(1, since=5, entered_from=("c",), infantry=3)),
    )


# ------------------------------------------------------------------------------- sieges


def test_x2_three_fortresses_hold_out_three_turns_then_the_owner_must_fight() -> None:
    s = table(_siege_table(3), clashes=("b",))
    for left in (2, 1, 0):
        s = begin(s)
        assert s.clashes == ()
        assert legal(s) == [Hide(seat=0), Fight(seat=0)]
        s = play(s, Hide(seat=0))
        assert legal(s) == [Besiege(seat=1), HoldSiege(seat=1)]
        s = play(s, Besiege(seat=1))
        assert not s.pending
        assert s.provinces[1].fortresses == left
        assert s.battle == BattleCtx(sieges=("b",))
    s = begin(s)  # turn 4: no fortress left, no choice
    assert isinstance(s.pending[-1], Muster)


def test_hold_keeps_the_fortress_and_the_siege_goes_on() -> None:
    s = play(begin(table(_siege_table(1))), Hide(seat=0), HoldSiege(seat=1))
    assert s.provinces[1].fortresses == 1 and s.battle == BattleCtx(sieges=("b",))


def test_q49_sieges_carried_over_are_resolved_first() -> None:
    d = ProvinceState(owner=0, fortresses=1, armies=(army(0, infantry=1), army(1, infantry=1)))
    s = table(_siege_table(1), d=d, clashes=("b",), battle=BattleCtx(sieges=("d",)))
    s = battles.begin(s, T, [])
    assert s.pending == (Clash(province="b"), Clash(province="d"))
    assert s.battle is None and s.clashes == ()


# ------------------------------------------------------------------------ undefended


def test_q47_undefended_province_is_taken_generals_captured_administrators_retreat() -> None:
    b = ProvinceState(owner=0, armies=(army(1, entered_from=("c",), infantry=2),))
    s = table(b, heroes=(general("g0", 0, "b"), admin("a0", 0, "b")))
    s = begin(s)
    assert s.provinces[1].owner == 1  # taken, then the fate (Q60)
    assert s.heroes[0].captor == 1 and s.heroes[0].province is None
    assert s.heroes[1].province == "a"  # the only friendly neighbour
    assert s.pending[-1] == D6(purpose="fate", seat=1, at="b", hero="g0")
    s = play(s, RollFace(face=4), Keep(seat=1))
    assert not s.pending and s.heroes[0].captor == 1


def test_q47_undefended_with_a_fortress_is_besieged_and_its_generals_shelter() -> None:
    b = ProvinceState(owner=0, fortresses=1, armies=(army(1, infantry=2),))
    s = begin(table(b, heroes=(general("g0", 0, "b"),)))
    assert legal(s) == [Besiege(seat=1), HoldSiege(seat=1)]
    s = play(s, Besiege(seat=1))
    assert s.provinces[1].owner == 0 and s.provinces[1].fortresses == 0
    assert s.heroes[0].captor is None and s.battle == BattleCtx(sieges=("b",))


def test_q46_a_lone_general_among_enemy_soldiers_is_captured() -> None:
    d = ProvinceState(armies=(army(1, infantry=1),))
    s = begin(table(ProvinceState(owner=0), d=d, heroes=(general("g0", 0, "d"),)))
    assert s.pending[-1] == D6(purpose="fate", seat=1, at="d", hero="g0")


# ------------------------------------------------------------------- deployment


def test_deployment_is_sealed_until_both_committed() -> None:
    b = ProvinceState(
        owner=0, armies=(army(0, infantry=3), army(1, entered_from=("c",), infantry=2, cavalry=1))
    )
    s = begin(table(b))
    assert set(legal(s, 0)) and set(legal(s, 1))  # both at once
    s = play(s, legal(s, 0)[1])  # 1 infantry on flank 0
    assert s.drafts[0].flanks[0].infantry == 1
    other = make_view(s, T, 1)
    assert other.players[0].draft is None and other.players[1].draft is not None
    assert s.battle is not None and s.battle.sides[0].flanks == ()
    s = deploy(s, 0, {("infantry", 1): 1})
    assert s.drafts[0].committed and not s.battle.sides[0].flanks
    s = deploy(s, 1, {("reserve_infantry", 0): 2})
    # R1: the reserve may not take the flank's last main soldier
    assert s.battle.sides[1].flanks[0].reserve_infantry == 2
    assert [f.infantry for f in s.battle.sides[0].flanks] == [1, 1, 1]
    assert legal(s, 1) and not legal(s, 0)  # reserve timing: only the side with a reserve


def test_q55_a_late_reserve_joins_after_the_first_melee() -> None:
    b = ProvinceState(
        owner=0, armies=(army(0, infantry=2), army(1, entered_from=("c",), infantry=5))
    )
    s = deploy(begin(table(b)), 0)
    s = deploy(s, 1, {("reserve_infantry", 0): 3})
    assert legal(s) == [
        ReserveTiming(seat=1, flank=0, early=True),
        ReserveTiming(seat=1, flank=0, early=False),
    ]
    s = timing(s, 1, (False,))
    assert s.battle is not None and not s.battle.sides[1].flanks[0].early
    assert s.battle.sides[1].flanks[0].infantry == 2  # not joined after the shooting
    s = play(s, HitsRolled(hits=0), HitsRolled(hits=0))  # the first melee
    assert s.battle is not None and s.battle.sides[1].flanks[0].infantry == 5


# --------------------------------------------------------------------- fortress fire


def test_n20_fortress_fire_spares_the_reserve_n22_a_broken_flank_loses_it() -> None:
    b = ProvinceState(
        owner=0,
        fortresses=1,
        armies=(
            army(0, infantry=1, archers=1),
            army(1, entered_from=("c",), archers=2, infantry=8),
        ),
    )
    s = play(begin(table(b)), Fight(seat=0))
    s = deploy(s, 0, {("archers", 0): 0, ("archers", 1): 1})
    s = deploy(s, 1, {("infantry", 0): 7, ("infantry", 1): 1, ("reserve_infantry", 0): 4})
    s = timing(s, 1, (True,))
    assert legal(s) == [FireAt(seat=0, flank=0), FireAt(seat=0, flank=1)]
    s = play(s, FireAt(seat=0, flank=0), RollFace(face=6))
    assert s.battle is not None
    att = s.battle.sides[1]
    assert att.flanks[0] == FlankState(reserve_infantry=4, fielded=True)  # 5 out, reserve intact
    assert (att.lost_archers, att.lost_infantry) == (2, 3)
    assert s.pending[-1] == Hits(purpose="archery", seat=0, dice=1, threshold=5, at="b", flank=1)
    s = play(s, HitsRolled(hits=0))
    att = s.battle.sides[1]
    assert att.flanks[0].broken and att.lost_infantry == 7  # the reserve is lost with it


# ----------------------------------------------------------------------- archery


def test_n21_archery_a_die_an_archer_5_6_or_4_6_with_the_workshop() -> None:
    b = ProvinceState(
        owner=0,
        armies=(
            army(0, archers=3, infantry=2),
            army(1, entered_from=("c",), archers=2, infantry=2),
        ),
    )
    s = table(
        b, heroes=(general("g0", 0, "b", plus="eagle"),), buildings=(("archery_workshop",), ())
    )
    s = deploy(deploy(begin(s), 0), 1)
    assert set(s.pending[-2:]) == {
        Hits(purpose="archery", seat=0, dice=5, threshold=4, at="b", flank=0),  # 3 + eagle 2
        Hits(purpose="archery", seat=1, dice=2, threshold=5, at="b", flank=0),
    }
    s = play(s, HitsRolled(hits=2), HitsRolled(hits=5))  # 5 hits on 2 infantry: the rest lost
    assert s.battle is not None
    d, a = s.battle.sides
    assert a.flanks[0].broken and d.flanks[0].broken and a.lost_archers == 2
    # N24: both annihilated, the defender wins; g0's flank broke: captured (3 points, Q58)
    assert s.battle.winner == 0 and (d.points, a.points) == (6, 10)
    assert s.heroes[0].captor == 1 and s.battle.retreated_to == "c"
    assert s.pending[-1] == D6(purpose="fate", seat=1, at="b", hero="g0")
    s = play(s, RollFace(face=6), AcceptGeneral(seat=1))  # R7: with the captor's army
    assert s.heroes[0].province == "c" and s.heroes[0].owner == 1


# ------------------------------------------------------------------------ melee


def test_n23_melee_dice() -> None:
    mine = FlankState(infantry=3, cavalry=2)
    theirs = FlankState(infantry=4)
    assert battles.melee_dice(mine, theirs) == 10
    assert battles.melee_dice(theirs, mine) == 4


def test_n23_melee_n24_annihilation_n27_the_province_changes_hands() -> None:
    b = ProvinceState(
        owner=0,
        armies=(army(0, infantry=4), army(1, entered_from=("c",), infantry=3, cavalry=2)),
    )
    s = deploy(deploy(begin(table(b, buildings=(("armoury",), ()))), 0), 1)
    assert s.pending[-2:] == (
        Hits(purpose="melee", seat=0, dice=4, threshold=4, at="b", flank=0),
        Hits(purpose="melee", seat=1, dice=10, threshold=5, at="b", flank=0),
    )
    s = play(s, HitsRolled(hits=6), HitsRolled(hits=1))
    assert legal(s) == [Allocate(seat=0, count=0), Allocate(seat=0, count=1)]
    s = play(s, Allocate(seat=0, count=1))  # the horseman
    assert not s.pending and s.battle is None
    p = s.provinces[1]
    assert p.owner == 1
    assert p.army(1) == troops(infantry=3, cavalry=2)  # 1 knocked out: 0 killed, 1 back
    assert s.provinces[0].army(0) == troops(infantry=2)  # 4 out: 2 killed, 2 back, retreated


def test_q54_flank_attacks_spill_over_in_the_order_the_striker_chooses() -> None:
    b = ProvinceState(
        owner=0, armies=(army(0, infantry=6), army(1, entered_from=("c",), infantry=3))
    )
    s = begin(table(b))
    s = deploy(s, 0, {("infantry", 0): 0, ("infantry", 1): 6})
    s = deploy(s, 1, {("infantry", 0): 1, ("infantry", 1): 1})
    assert s.battle is not None
    assert [f.target for f in s.battle.sides[1].flanks] == [1, 1, 1]
    assert s.pending[0 - 4] == Hits(purpose="melee", seat=0, dice=11, threshold=5, at="b", flank=1)
    s = play(s, HitsRolled(hits=0), HitsRolled(hits=0), HitsRolled(hits=0), HitsRolled(hits=2))
    assert legal(s) == [SpillTo(seat=0, flank=0), SpillTo(seat=0, flank=2)]
    s = play(s, SpillTo(seat=0, flank=2))
    att = s.battle.sides[1]
    assert [f.broken for f in att.flanks] == [False, True, True]


# ------------------------------------------------------------------------ result


def _at_result(
    dside: Side, aside: Side, owner: int | None, entered: tuple[str, ...] = ("c",), **fields: object
) -> object:
    b = ProvinceState(
        owner=owner,
        fortresses=2 if owner == 0 else 0,
        armies=(army(0, infantry=9), army(1, entered_from=entered, infantry=9)),
    )
    ctx = BattleCtx(province="b", stage="result", sides=(dside, aside))
    return table(b, battle=ctx, pending=(Battle(province="b", defender=0, attacker=1),), **fields)


def test_n25_points_and_n26_loss_split() -> None:
    b_side = Side(seat=0, lost_infantry=7, flanks=(FlankState(fielded=True, broken=True),))
    a_side = Side(seat=1, lost_infantry=5, captured=("g1",))
    assert battles.points(b_side) == 9 and battles.points(a_side) == 8
    assert [battles.split(k) for k in (5, 4, 1)] == [(2, 3), (2, 2), (0, 1)]


def test_points_win_a_neutral_province_for_1_money_and_a_fate_roll() -> None:
    d = Side(
        seat=0,
        flanks=(
            FlankState(fielded=True, broken=True),
            FlankState(infantry=2, fielded=True),
            FlankState(),
        ),
        lost_infantry=5,
        lost_archers=1,
        lost_cavalry=1,
    )
    a = Side(
        seat=1,
        flanks=(FlankState(infantry=3, fielded=True), FlankState(), FlankState()),
        lost_infantry=4,
        lost_cavalry=1,
        captured=("g1",),
    )
    g1 = general("g1", 1, None)
    s = _at_result(d, a, None, heroes=(msgspec_replace(g1, captor=0),))
    s = settle(s)  # type: ignore[arg-type]
    assert s.battle is not None and s.battle.winner == 1
    assert [x.points for x in s.battle.sides] == [8, 9]
    assert s.provinces[0].army(0) == troops(infantry=5, archers=1, cavalry=1)  # retreated to a
    assert s.provinces[1].army(1) == troops(infantry=5, cavalry=1)
    assert legal(s) == [TakeProvince(seat=1), legal(s)[1]]
    s = play(s, TakeProvince(seat=1))
    assert s.provinces[1].owner == 1 and s.players[1].money == 4
    assert s.pending[-1] == D6(purpose="fate", seat=0, at="b", hero="g1")
    s = play(s, RollFace(face=5))
    assert legal(s) == [Keep(seat=0), Kill(seat=0)]
    s = play(s, Kill(seat=0))
    assert not s.heroes and not s.pending and s.battle is None


def test_q57_a_tie_goes_to_the_defender_and_the_attacker_chooses_its_way_back() -> None:
    d = Side(seat=0, flanks=(FlankState(infantry=1, fielded=True),), lost_infantry=3)
    a = Side(seat=1, flanks=(FlankState(infantry=1, fielded=True),), lost_infantry=3)
    s = settle(_at_result(d, a, 0, entered=("c", "d")))  # type: ignore[arg-type]
    assert s.battle is not None and s.battle.winner == 0
    assert legal(s) == [RetreatTo(seat=1, province="c"), RetreatTo(seat=1, province="d")]
    s = play(s, RetreatTo(seat=1, province="d"))
    assert s.provinces[3].army(1) == troops(infantry=3)
    assert s.provinces[1].owner == 0 and not s.pending


def test_n27_the_winner_takes_the_province_with_its_fortresses() -> None:
    d = Side(seat=0, flanks=(FlankState(fielded=True, broken=True),), lost_infantry=4)
    a = Side(seat=1, flanks=(FlankState(infantry=1, fielded=True),), lost_infantry=1)
    s = settle(_at_result(d, a, 0))  # type: ignore[arg-type]
    assert s.provinces[1].owner == 1 and s.provinces[1].fortresses == 2
    assert s.provinces[0].army(0) == troops(infantry=2)


def test_r3_nowhere_to_retreat_destroys_the_army_kills_administrators_captures_generals() -> None:
    d = Side(seat=0, flanks=(FlankState(fielded=True, broken=True),), lost_infantry=4)
    a = Side(seat=1, flanks=(FlankState(infantry=1, fielded=True),), lost_infantry=1)
    heroes = (general("g0", 0, "b"), admin("a0", 0, "b"))
    s = _at_result(d, a, 0, a=ProvinceState(owner=1), heroes=heroes)
    s = settle(s)  # type: ignore[arg-type]
    assert s.provinces[1].army(0) == troops() and s.provinces[0].army(0) == troops()
    assert [h.id for h in s.heroes] == ["g0"] and s.heroes[0].captor == 1
    assert s.pending[-1] == D6(purpose="fate", seat=1, at="b", hero="g0")


# ------------------------------------------------------------------------- fates


def _captive(minus: str | None = None) -> object:
    g = msgspec_replace(general("g0", 0, None, plus="brave", minus=minus), captor=1)
    b = ProvinceState(owner=1, armies=(army(1, infantry=2),))
    return table(b, heroes=(g,), pending=(D6(purpose="fate", seat=1, at="b", hero="g0"),))


def test_n28_fate_1_2_killed_3_5_prisoner_6_joins() -> None:
    for face in (1, 2):
        s = play(_captive(), RollFace(face=face))  # type: ignore[arg-type]
        assert not s.heroes and set(s.traits.discards) == {"brave"}
    for face in (3, 4, 5):
        s = play(_captive(), RollFace(face=face))  # type: ignore[arg-type]
        assert legal(s) == [Keep(seat=1), Kill(seat=1)]
    s = play(_captive(), RollFace(face=6))  # type: ignore[arg-type]
    assert legal(s) == [AcceptGeneral(seat=1), Keep(seat=1), Kill(seat=1)]
    s = play(s, AcceptGeneral(seat=1))
    h = s.heroes[0]
    assert (h.owner, h.captor, h.province, h.acts_from) == (1, None, "b", s.turn + 1)


def test_fate_roll_modifier_of_the_captive() -> None:
    s = play(_captive(minus="fickle"), RollFace(face=5))  # type: ignore[arg-type]
    assert AcceptGeneral(seat=1) in legal(s)
    s = play(_captive(minus="fickle"), RollFace(face=1))  # type: ignore[arg-type]
    assert not s.heroes  # 1 + 1 = 2: killed


def msgspec_replace(x: object, **changes: object) -> object:
    import msgspec

    return msgspec.structs.replace(x, **changes)  # type: ignore[type-var]
