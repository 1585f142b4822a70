"""The text of a seat's view: what is decided now, the seats, the map, the heroes, the diplomacy
and the battle -- and nothing the seat may not know."""

from __future__ import annotations

import random

import msgspec

from arbiter.core.render import render_generic
from arbiter.games.ancient_wargame.diplomacy_state import Deal
from arbiter.games.ancient_wargame.state import Draft, HeroTurn, HireLine, WargameState

from .helpers import battle_playout, game, playout, rome_and_carthage

SECTIONS = ("Seats:", "Provinces:", "Fleets", "Hero list (oldest first):", "Wars:")


def text(s: WargameState, seat: int | None) -> str:
    g = game()
    return g.render_view(g.view(s, seat))


def test_random_games_render_every_section_the_same_on_hidden_variants() -> None:
    g = game()
    rng = random.Random(5)
    for players in (2, 3, 4, 5, 6):
        states = list(playout(players, players, turns=4, draft=players == 3))
        for s in states[:: max(1, len(states) // 12)]:
            for seat in (None, *range(players)):
                shown = text(s, seat)
                assert shown != render_generic(g.view(s, seat))
                assert len(shown.splitlines()) < 300
                for section in SECTIONS:
                    assert section in shown, (section, shown)
                if g.to_act(s):
                    assert "\nNow: " in shown
                if seat is not None:
                    variant = g.hidden_variant(s, seat, rng)
                    assert text(variant, seat) == shown, "a leak"


def test_the_header_says_what_is_decided_now() -> None:
    s = rome_and_carthage(1)
    h = next(x for x in s.heroes if x.owner == 1)
    s = msgspec.structs.replace(s, phase=8, pending=(*s.pending, HeroTurn(seat=1, hero=h.id)))
    shown = text(s, 0)
    assert shown.splitlines()[0] == (
        "Ancient wargame -- seat 0 (Rome)'s view; turn 1 of 25, phase 8, hero movement"
    )
    assert f"Now: seat 1 (Carthage) decides where {h.name} ({h.kind}) moves" in shown
    assert "  Latium (Rome): 1 fortress(es)" in shown


def test_private_cards_are_shown_to_their_owner_only() -> None:
    s = rome_and_carthage(2)
    rome = msgspec.structs.replace(
        s.players[0], constructing=("stable",), studying="longbow", sciences=("riding",)
    )
    draft = Draft(hire=(HireLine(at="latium", unit="infantry", count=2),))
    s = msgspec.structs.replace(s, players=(rome, s.players[1]), drafts=(draft, *s.drafts[1:]))
    mine, theirs, nobody = text(s, 0), text(s, 1), text(s, None)
    assert "under construction: Stable" in mine
    assert "studying Longbow" in mine
    assert "your secret choices: hire 2 infantry at Latium (Rome)" in mine
    for other in (theirs, nobody):
        assert "1 building(s) under construction" in other
        assert "studies an advanced science" in other
        assert "Stable" not in other and "Longbow" not in other
        assert "secret choices" not in other


def test_wars_and_deals_with_their_terms_and_expiry() -> None:
    s = rome_and_carthage(3)
    deal = Deal(a=0, b=1, passage_ab=True, made=1, expires=4)
    s = msgspec.structs.replace(s, deals=(deal,), wars=())
    shown = text(s, None)
    assert "Wars: none" in shown
    assert (
        "  seat 0 (Rome) and seat 1 (Carthage): seat 0 grants seat 1 passage "
        "(made on turn 1, until phase 10 of turn 4)"
    ) in shown
    s = msgspec.structs.replace(s, deals=(), wars=((0, 1),))
    assert "Wars: seat 0 vs seat 1" in text(s, 1)


def test_the_battle_under_way_is_shown_flank_by_flank() -> None:
    seen = False
    for seed in range(6):
        for s in battle_playout(seed):
            if s.battle is None or not s.battle.sides or not s.battle.sides[0].flanks:
                continue
            shown = text(s, 0)
            assert "Battle in Etruria and Umbria" in shown
            assert "  defender seat 0 (Rome): lost" in shown
            assert "  attacker seat 1 (Carthage): lost" in shown
            assert "    left: " in shown and "    right: " in shown
            if s.battle.winner is None:
                assert "contested: Etruria and Umbria" in shown
            seen = True
    assert seen
