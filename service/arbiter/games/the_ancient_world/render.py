"""A seat's view of a game of The Ancient World as text, for a person to follow the game.

:func:`render_view` answers :meth:`~arbiter.core.Game.render_view` for The Ancient World. It reads
the :class:`~.view.AncientWorldView` only (and the content pack it names), so a seat's text shows
exactly what that seat may know: its own set-aside cards, the cards it drew or reorders, the deck
cards it put in place -- never another seat's.

The text, top to bottom: the round, who holds the first-player token, what is being decided now
(the step on top of the stack, then the steps under it); the board's action spaces with the
citizens on them; the empire row, the army row, the face-up province and titans; the decks; a
block per seat (coins, knowledge, citizens, empire, provinces, titans, armies, set-aside cards).
Cards are named as in the move descriptions (:mod:`.describe`), so a move's sentence and the text
agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from arbiter.core.render import now_lines
from arbiter.games.the_ancient_world.content import ArmyIcons
from arbiter.games.the_ancient_world.describe import (
    DECK_NAMES,
    DRAW_TARGETS,
    SPACE_NAMES,
    _count,
    _name,
    _price,
    _titan,
)
from arbiter.games.the_ancient_world.state import DECKS, ROUNDS, SPACES, Army
from arbiter.games.the_ancient_world.tables import Tables
from arbiter.games.the_ancient_world.view import AncientWorldView, DeckView, PendingView, PlayerView

View = AncientWorldView

PHASES: Final[dict[str, str]] = {
    "preparation": "preparation",
    "actions": "players' actions",
    "end_of_round": "end of the round",
    "over": "the game is over",
}


# ------------------------------------------------------------------------ names


def _who(v: View, seat: int | None) -> str:
    """``seat 1``; ``seat 1 (you)`` for the viewer."""
    if seat is None:
        return "nobody"
    return f"seat {seat} (you)" if seat == v.seat else f"seat {seat}"


def _names(t: Tables, cards: tuple[str, ...]) -> str:
    return ", ".join(_name(t, c) for c in cards) or "-"


def _icons(icons: ArmyIcons) -> str:
    """``2 swords, 1 arrow``."""
    parts = [
        _count(n, name)
        for n, name in (
            (icons.swords, "sword"),
            (icons.arrows, "arrow"),
            (icons.trophy, "trophy"),
            (icons.espionage, "espionage"),
            (icons.rebuild, "rebuild"),
        )
        if n
    ]
    return ", ".join(parts) or "no icons"


def _empire_card(t: Tables, card: str) -> str:
    """``Great temple (5 coins and 1 knowledge)``."""
    c = t.empire.get(card)
    return f"{c.name} ({_price(c.cost_coins, c.cost_knowledge)})" if c else card


def _army_card(t: Tables, card: str) -> str:
    """``Spearmen (2 coins; 2 swords)``."""
    c = t.armies.get(card)
    return f"{c.name} ({_price(c.cost_coins, 0)}; {_icons(c.face)})" if c else card


# ------------------------------------------------------------------------ now


def _private(v: View, t: Tables, task: PendingView) -> str:
    """The cards of a private step: named for their owner (``cards``), counted for others."""
    if task.cards or task.ordered:
        named = f": {_names(t, task.cards)}"
        if task.ordered:
            named += f" (put back so far, from the top: {_names(t, task.ordered)})"
        return named
    return f" ({_count(task.hidden, 'hidden card')})" if task.hidden else ""


def _draw(v: View, t: Tables, task: PendingView) -> str:
    deck = DECK_NAMES.get(task.deck, task.deck or "a deck")  # type: ignore[call-overload]
    target = DRAW_TARGETS.get(task.to, "")  # type: ignore[call-overload]
    to = target.format(seat=_who(v, task.seat)) if target else ""
    return f"{_count(task.count or 1, 'card')} to be drawn from {deck} {to}".rstrip()


def _dice(v: View, t: Tables, task: PendingView) -> str:
    done = f" ({task.rolled} rolled, {_count(task.titan_faces or 0, 'titan face')})"
    return (
        f"{_count(task.remaining or 0, 'destruction die', 'destruction dice')} to roll for "
        f"{_who(v, task.seat)}" + (done if task.rolled else "")
    )


def _armies(v: View, t: Tables, task: PendingView) -> str:
    titan = v.titan_tops.of(task.stars) if task.stars else None
    used = f"; armies paid: {', '.join(map(str, task.used))}" if task.used else ""
    return f"{_who(v, task.seat)} fights {_titan(t, titan)}: pays armies, then attacks or withdraws{used}"


StepText = Callable[[View, Tables, PendingView], str]


def _says(text: str, counted: str = "") -> StepText:
    """A step said in a fixed sentence: ``{seat}``, ``{card}`` and ``{count}`` (the step's count
    of ``counted`` things, ``2 more empire cards``) filled in."""

    def say(v: View, t: Tables, task: PendingView) -> str:
        card = _name(t, task.card) if task.card else ""
        count = _count(task.count or 0, counted) if counted else ""
        return text.format(seat=_who(v, task.seat), count=count, card=card)

    return say


def _with_cards(text: str) -> StepText:
    """A private step: its sentence, then its cards for its owner (a count for the others)."""
    say = _says(text)

    def private(v: View, t: Tables, task: PendingView) -> str:
        return say(v, t, task) + _private(v, t, task)

    return private


#: What each pending step says, by its ``kind``.
STEPS: Final[dict[str, StepText]] = {
    "draw": _draw,
    "dice": _dice,
    "end_turn": _says("the turn ends"),
    "end_round": _says("the round ends: income, armies, citizens home, feeding"),
    "next_round": _says("the next round begins"),
    "prepare": _says("the round is prepared: round track, empire row, army row"),
    "begin_actions": _says("the players' actions begin"),
    "choose_build": _says("{seat} chooses the empire card to build"),
    "choose_expand_pay": _says("{seat} pays for Expand borders: 1 knowledge or 3 coins"),
    "choose_province": _with_cards("{seat} keeps one of the provinces drawn"),
    "choose_recruit": _says("{seat} chooses the army card to recruit"),
    "choose_enlist": _says("{seat} puts {card} in a new army or over a disbanded one"),
    "choose_explore": _says("{seat} explores: draws empire cards or sets aside one of the row"),
    "choose_set_aside": _with_cards("{seat} sets aside one of the cards drawn"),
    "choose_rebuild": _says("{seat} rebuilds lost empire cards"),
    "choose_armies": _armies,
    "choose_loss": _says("{seat} loses (turns face down) {count}", "more empire card"),
    "choose_discard_army": _says("{seat} discards an army (over the army limit)"),
    "choose_borrow": _says("{seat} chooses another player's empire-card action to use"),
    "choose_titan_deck": _says("{seat} chooses the titan deck to reorder (Forest refuge)"),
    "choose_titan_order": _with_cards("{seat} puts the titans back in an order of its choice"),
    "choose_forest_fight": _says("{seat} may fight the new face-up titan now (Forest refuge)"),
    "choose_scribes": _says("{seat} may buy 1 knowledge for 1 coin (Scribes' guild)"),
    "choose_outpost": _says("{seat} may remove a coin from an army card (Remote outpost)"),
    "choose_zorsk": _says("{seat} may set aside a card of the row or the deck (Zorsk playwrights)"),
    "choose_starving": _says("{seat} puts {count} on the starving space", "more unfed citizen"),
}


def _step(v: View, t: Tables, task: PendingView) -> str:
    text = STEPS.get(task.kind)
    return text(v, t, task) if text else task.kind


def _now(v: View, t: Tables) -> list[str]:
    """What is being decided now, then the steps waiting under it."""
    if v.phase == "over":
        return now_lines("the game is over", [])
    if v.pending:
        under = [_step(v, t, task) for task in v.pending[-2::-1]]
        return now_lines(_step(v, t, v.pending[-1]), under)
    if v.phase == "actions":
        return now_lines(
            f"{_who(v, v.current)} takes a turn: sends a citizen to an action space or a card, "
            "fights a titan, or passes",
            [],
        )
    return now_lines(PHASES.get(v.phase, v.phase), [])


# ------------------------------------------------------------------------ the table


def _board(v: View) -> list[str]:
    """The action spaces with the citizens on them (skills by seat)."""
    lines = ["Action spaces:"]
    for space in SPACES:
        name = SPACE_NAMES[space]
        if space not in v.open_spaces:
            lines.append(f"  {name}: not open yet")
            continue
        placed = v.board.at(space)
        citizens = ", ".join(f"{_who(v, c.seat)} citizen {c.skill}" for c in placed)
        lines.append(f"  {name}: {citizens or '-'}")
    return lines


def _deck(t: Tables, name: str, deck: DeckView) -> str:
    name = DECK_NAMES.get(name, name)  # type: ignore[call-overload]
    text = f"{name}: {_count(deck.count, 'card')}"
    if deck.known_top:
        text += f" (on top, known to you: {_names(t, deck.known_top)})"
    known = [_name(t, c) for c in deck.known_bottom if c is not None]
    if known:
        text += f" (at the bottom, put there by you: {', '.join(known)})"
    return text


def _table(v: View, t: Tables) -> list[str]:
    titans = [
        f"  {_titan(t, card)}" if card else f"  none with {_count(stars, 'star')}"
        for stars, card in enumerate(v.titan_tops.cards(), start=1)
    ]
    province = _name(t, v.province_top) if v.province_top else "none"
    return [
        "Empire row: " + (", ".join(_empire_card(t, c) for c in v.empire_row) or "-"),
        "Army row: " + (", ".join(_army_card(t, c) for c in v.army_row) or "-"),
        f"Face-up province: {province}",
        "Face-up titans:",
        *titans,
        "Decks:",
        *(f"  {_deck(t, name, getattr(v.decks, name))}" for name in DECKS),
        f"  empire discard (face down): {_count(v.discards.empire, 'card')}; army discard: "
        f"{_names(t, v.discards.army)}",
    ]


# ------------------------------------------------------------------------ seats


def _army(t: Tables, index: int, army: Army) -> str:
    used = "used this round" if army.scroll else "ready"
    under = f", over {_names(t, army.retired)}" if army.retired else ""
    return (
        f"army {index}: {_name(t, army.active)}{under} ({used}; costs "
        f"{_count(army.picture + 1, 'coin')} to use)"
    )


def _seat_block(v: View, t: Tables, p: PlayerView) -> list[str]:
    marks = [" <- to act" if v.phase == "actions" and v.current == p.seat else ""]
    if p.passed:
        marks.insert(0, " (passed)")
    placed = len(p.citizens) - len(p.ready) - len(p.starving)
    on_cards = ", ".join(f"citizen {c.skill} on {_name(t, c.card)}" for c in p.on_cards)
    if p.set_aside is not None:
        set_aside = _names(t, p.set_aside)
    else:
        set_aside = _count(p.set_aside_count, "card") + " face down"
    lines = [
        f"{_who(v, p.seat)}{''.join(marks)}: {_count(p.coins, 'coin')}, {p.knowledge} knowledge; "
        f"food {p.food}, space {len(p.empire) + len(p.lost)}/{p.space}, "
        f"army limit {p.army_limit}",
        f"  citizens (by skill) {', '.join(map(str, p.citizens)) or '-'}: ready "
        f"{', '.join(map(str, p.ready)) or '-'}; starving {', '.join(map(str, p.starving)) or '-'}; "
        f"placed {placed}" + (f" ({on_cards} and on the board)" if on_cards else ""),
        f"  empire: {_names(t, p.empire)}" + (f"; lost: {_names(t, p.lost)}" if p.lost else ""),
        f"  provinces: {_names(t, p.provinces)}; titans: {_names(t, p.titans)}",
        f"  set aside: {set_aside}",
    ]
    lines += [f"  {_army(t, i, a)}" for i, a in enumerate(p.armies)] or ["  armies: none"]
    return lines


# ------------------------------------------------------------------------ the whole text


def render_view(v: View, t: Tables) -> str:
    """The text of a view (module docstring)."""
    seen = "public view" if v.seat is None else f"as seat {v.seat} sees it"
    token = "hand up: taken this round" if v.token_hand_up else "hand down"
    first = "" if v.first_passer is None else f"; {_who(v, v.first_passer)} passed first"
    lines = [
        f"The Ancient World -- round {v.round} of {ROUNDS}, {PHASES.get(v.phase, v.phase)}, "
        f"step {v.step} ({seen})",
        f"First player: {_who(v, v.first_player)} (token {token}){first}",
        *_now(v, t),
        "",
        *_board(v),
        *_table(v, t),
    ]
    for p in v.players:
        lines += ["", *_seat_block(v, t, p)]
    return "\n".join(lines)
