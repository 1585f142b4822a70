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
from arbiter.core.texts import Text, joined, plural, text
from arbiter.games.the_ancient_world.content import ArmyIcons
from arbiter.games.the_ancient_world.state import DECKS, ROUNDS, SPACES, Army
from arbiter.games.the_ancient_world.tables import Tables
from arbiter.games.the_ancient_world.view import AncientWorldView, DeckView, PendingView, PlayerView
from arbiter.games.the_ancient_world.words import (
    DECK_NAMES,
    DRAWN_TO,
    FROM_DECK,
    SPACE_NAMES,
    cards,
    coins,
    destruction_dice,
    drawn_for,
    hidden_cards,
    knowledge,
    name,
    names,
    price,
    seat_of,
    stars,
    titan,
    titan_faces,
)

View = AncientWorldView

PHASES: Final[dict[str, Text]] = {
    "preparation": text("preparation"),
    "actions": text("players' actions"),
    "end_of_round": text("end of the round"),
    "over": text("the game is over"),
}


# ------------------------------------------------------------------------ names


def _who(v: View, seat: int | None) -> Text:
    """``seat 1``; ``seat 1 (you)`` for the viewer."""
    if seat is None:
        return text("nobody")
    return text("seat {seat} (you)", seat=seat) if seat == v.seat else seat_of(seat)


def _icons(icons: ArmyIcons) -> Text:
    """``2 swords, 1 arrow``."""
    parts: list[str] = []
    if icons.swords:
        parts.append(plural("{count} sword", "{count} swords", count=icons.swords))
    if icons.arrows:
        parts.append(plural("{count} arrow", "{count} arrows", count=icons.arrows))
    if icons.trophy:
        parts.append(plural("{count} trophy", "{count} trophys", count=icons.trophy))
    if icons.espionage:
        parts.append(plural("{count} espionage", "{count} espionages", count=icons.espionage))
    if icons.rebuild:
        parts.append(plural("{count} rebuild", "{count} rebuilds", count=icons.rebuild))
    return joined(parts, ", ") if parts else text("no icons")


def _empire_card(t: Tables, card: str) -> str:
    """``Great temple (5 coins and 1 knowledge)``."""
    c = t.empire.get(card)
    if c is None:
        return card
    return text("{card} ({price})", card=name(t, card), price=price(c.cost_coins, c.cost_knowledge))


def _army_card(t: Tables, card: str) -> str:
    """``Spearmen (2 coins; 2 swords)``."""
    c = t.armies.get(card)
    if c is None:
        return card
    return text(
        "{card} ({price}; {icons})",
        card=name(t, card),
        price=price(c.cost_coins, 0),
        icons=_icons(c.face),
    )


# ------------------------------------------------------------------------ now


def _private(v: View, t: Tables, task: PendingView, step: Text) -> Text:
    """A private step's sentence, then its cards: named for their owner (``cards``), counted
    for others."""
    if task.cards or task.ordered:
        if task.ordered:
            return text(
                "{step}: {cards} (put back so far, from the top: {ordered})",
                step=step,
                cards=names(t, task.cards),
                ordered=names(t, task.ordered),
            )
        return text("{step}: {cards}", step=step, cards=names(t, task.cards))
    if task.hidden:
        return text("{step} ({hidden})", step=step, hidden=hidden_cards(task.hidden))
    return step


def _draw(v: View, t: Tables, task: PendingView) -> Text:
    deck = FROM_DECK.get(task.deck or "") or text("from a deck")  # type: ignore[call-overload]
    count = cards(task.count or 1)
    if task.to in DRAWN_TO:
        to = DRAWN_TO[task.to]  # type: ignore[index]
    elif task.to:
        to = drawn_for(task.to, _who(v, task.seat))
    else:
        return text("{cards} to be drawn {deck}", cards=count, deck=deck)
    return text("{cards} to be drawn {deck} {to}", cards=count, deck=deck, to=to)


def _dice(v: View, t: Tables, task: PendingView) -> Text:
    dice = destruction_dice(task.remaining or 0)
    if task.rolled:
        return text(
            "{dice} to roll for {seat} ({rolled} rolled, {faces})",
            dice=dice,
            seat=_who(v, task.seat),
            rolled=task.rolled,
            faces=titan_faces(task.titan_faces or 0),
        )
    return text("{dice} to roll for {seat}", dice=dice, seat=_who(v, task.seat))


def _armies(v: View, t: Tables, task: PendingView) -> Text:
    fighter = _who(v, task.seat)
    the_titan = titan(t, v.titan_tops.of(task.stars) if task.stars else None)
    if task.used:
        return text(
            "{seat} fights {titan}: pays armies, then attacks or withdraws; armies paid: {used}",
            seat=fighter,
            titan=the_titan,
            used=", ".join(map(str, task.used)),
        )
    return text(
        "{seat} fights {titan}: pays armies, then attacks or withdraws",
        seat=fighter,
        titan=the_titan,
    )


StepText = Callable[[View, Tables, PendingView], Text]


def _enlist(v: View, t: Tables, task: PendingView) -> Text:
    return text(
        "{seat} puts {card} in a new army or over a disbanded one",
        seat=_who(v, task.seat),
        card=name(t, task.card) if task.card else "",
    )


def _loss(v: View, t: Tables, task: PendingView) -> Text:
    return plural(
        "{seat} loses (turns face down) {count} more empire card",
        "{seat} loses (turns face down) {count} more empire cards",
        count=task.count or 0,
        seat=_who(v, task.seat),
    )


def _starving(v: View, t: Tables, task: PendingView) -> Text:
    return plural(
        "{seat} puts {count} more unfed citizen on the starving space",
        "{seat} puts {count} more unfed citizens on the starving space",
        count=task.count or 0,
        seat=_who(v, task.seat),
    )


def _province(v: View, t: Tables, task: PendingView) -> Text:
    step = text("{seat} keeps one of the provinces drawn", seat=_who(v, task.seat))
    return _private(v, t, task, step)


def _set_aside(v: View, t: Tables, task: PendingView) -> Text:
    step = text("{seat} sets aside one of the cards drawn", seat=_who(v, task.seat))
    return _private(v, t, task, step)


def _titan_order(v: View, t: Tables, task: PendingView) -> Text:
    step = text("{seat} puts the titans back in an order of its choice", seat=_who(v, task.seat))
    return _private(v, t, task, step)


#: What each pending step says, by its ``kind``.
STEPS: Final[dict[str, StepText]] = {
    "draw": _draw,
    "dice": _dice,
    "end_turn": lambda v, t, task: text("the turn ends"),
    "end_round": lambda v, t, task: text("the round ends: income, armies, citizens home, feeding"),
    "next_round": lambda v, t, task: text("the next round begins"),
    "prepare": lambda v, t, task: text("the round is prepared: round track, empire row, army row"),
    "begin_actions": lambda v, t, task: text("the players' actions begin"),
    "choose_build": lambda v, t, task: text(
        "{seat} chooses the empire card to build", seat=_who(v, task.seat)
    ),
    "choose_expand_pay": lambda v, t, task: text(
        "{seat} pays for Expand borders: 1 knowledge or 3 coins", seat=_who(v, task.seat)
    ),
    "choose_province": _province,
    "choose_recruit": lambda v, t, task: text(
        "{seat} chooses the army card to recruit", seat=_who(v, task.seat)
    ),
    "choose_enlist": _enlist,
    "choose_explore": lambda v, t, task: text(
        "{seat} explores: draws empire cards or sets aside one of the row", seat=_who(v, task.seat)
    ),
    "choose_set_aside": _set_aside,
    "choose_rebuild": lambda v, t, task: text(
        "{seat} rebuilds lost empire cards", seat=_who(v, task.seat)
    ),
    "choose_armies": _armies,
    "choose_loss": _loss,
    "choose_discard_army": lambda v, t, task: text(
        "{seat} discards an army (over the army limit)", seat=_who(v, task.seat)
    ),
    "choose_borrow": lambda v, t, task: text(
        "{seat} chooses another player's empire-card action to use", seat=_who(v, task.seat)
    ),
    "choose_titan_deck": lambda v, t, task: text(
        "{seat} chooses the titan deck to reorder (Forest refuge)", seat=_who(v, task.seat)
    ),
    "choose_titan_order": _titan_order,
    "choose_forest_fight": lambda v, t, task: text(
        "{seat} may fight the new face-up titan now (Forest refuge)", seat=_who(v, task.seat)
    ),
    "choose_scribes": lambda v, t, task: text(
        "{seat} may buy 1 knowledge for 1 coin (Scribes' guild)", seat=_who(v, task.seat)
    ),
    "choose_outpost": lambda v, t, task: text(
        "{seat} may remove a coin from an army card (Remote outpost)", seat=_who(v, task.seat)
    ),
    "choose_zorsk": lambda v, t, task: text(
        "{seat} may set aside a card of the row or the deck (Zorsk playwrights)",
        seat=_who(v, task.seat),
    ),
    "choose_starving": _starving,
}


def _step(v: View, t: Tables, task: PendingView) -> str:
    said = STEPS.get(task.kind)
    return said(v, t, task) if said else task.kind


def _now(v: View, t: Tables) -> list[str]:
    """What is being decided now, then the steps waiting under it."""
    if v.phase == "over":
        return now_lines(text("the game is over"), [])
    if v.pending:
        under = [_step(v, t, task) for task in v.pending[-2::-1]]
        return now_lines(_step(v, t, v.pending[-1]), under)
    if v.phase == "actions":
        return now_lines(
            text(
                "{seat} takes a turn: sends a citizen to an action space or a card, fights a "
                "titan, or passes",
                seat=_who(v, v.current),
            ),
            [],
        )
    return now_lines(PHASES.get(v.phase, v.phase), [])


# ------------------------------------------------------------------------ the table


def _board(v: View) -> list[str]:
    """The action spaces with the citizens on them (skills by seat)."""
    lines: list[str] = [text("Action spaces:")]
    for space in SPACES:
        space_name = SPACE_NAMES[space]
        if space not in v.open_spaces:
            lines.append(text("  {space}: not open yet", space=space_name))
            continue
        placed = [
            text("{seat} citizen {skill}", seat=_who(v, c.seat), skill=c.skill)
            for c in v.board.at(space)
        ]
        citizens = joined(placed, ", ") if placed else "-"
        lines.append(text("  {space}: {citizens}", space=space_name, citizens=citizens))
    return lines


def _deck(t: Tables, deck_name: str, deck: DeckView) -> Text:
    said = DECK_NAMES.get(deck_name, deck_name)  # type: ignore[call-overload]
    line = text("{deck}: {cards}", deck=said, cards=cards(deck.count))
    if deck.known_top:
        line = text(
            "{line} (on top, known to you: {cards})", line=line, cards=names(t, deck.known_top)
        )
    known = [name(t, c) for c in deck.known_bottom if c is not None]
    if known:
        line = text(
            "{line} (at the bottom, put there by you: {cards})",
            line=line,
            cards=joined(known, ", "),
        )
    return line


def _table(v: View, t: Tables) -> list[str]:
    titans = [
        text("  {line}", line=titan(t, card))
        if card
        else text("  none with {stars}", stars=stars(count))
        for count, card in enumerate(v.titan_tops.cards(), start=1)
    ]
    province = name(t, v.province_top) if v.province_top else text("none")
    empire_row = [_empire_card(t, c) for c in v.empire_row]
    army_row = [_army_card(t, c) for c in v.army_row]
    return [
        text("Empire row: {cards}", cards=joined(empire_row, ", ") if empire_row else "-"),
        text("Army row: {cards}", cards=joined(army_row, ", ") if army_row else "-"),
        text("Face-up province: {card}", card=province),
        text("Face-up titans:"),
        *titans,
        text("Decks:"),
        *(text("  {line}", line=_deck(t, deck, getattr(v.decks, deck))) for deck in DECKS),
        text(
            "  empire discard (face down): {cards}; army discard: {army}",
            cards=cards(v.discards.empire),
            army=names(t, v.discards.army),
        ),
    ]


# ------------------------------------------------------------------------ seats


def _army(t: Tables, index: int, army: Army) -> Text:
    used = text("used this round") if army.scroll else text("ready")
    cost = coins(army.picture + 1)
    if army.retired:
        return text(
            "army {army}: {card}, over {under} ({used}; costs {price} to use)",
            army=index,
            card=name(t, army.active),
            under=names(t, army.retired),
            used=used,
            price=cost,
        )
    return text(
        "army {army}: {card} ({used}; costs {price} to use)",
        army=index,
        card=name(t, army.active),
        used=used,
        price=cost,
    )


def _skills(skills: tuple[int, ...]) -> str:
    """``1, 2, 3``; ``-`` for none."""
    return ", ".join(map(str, skills)) or "-"


def _seat_block(v: View, t: Tables, p: PlayerView) -> list[str]:
    marks: list[str] = []
    if p.passed:
        marks.append(text(" (passed)"))
    if v.phase == "actions" and v.current == p.seat:
        marks.append(text(" <- to act"))
    placed = len(p.citizens) - len(p.ready) - len(p.starving)
    on_cards = [
        text("citizen {skill} on {card}", skill=c.skill, card=name(t, c.card)) for c in p.on_cards
    ]
    if p.set_aside is not None:
        set_aside = names(t, p.set_aside)
    else:
        set_aside = text("{cards} face down", cards=cards(p.set_aside_count))
    citizens = {
        "citizens": _skills(p.citizens),
        "ready": _skills(p.ready),
        "starving": _skills(p.starving),
        "placed": placed,
    }
    lines: list[str] = [
        text(
            "{seat}{marks}: {coins}, {knowledge}; food {food}, space {used}/{space}, "
            "army limit {limit}",
            seat=_who(v, p.seat),
            marks=joined(marks, "") if marks else "",
            coins=coins(p.coins),
            knowledge=knowledge(p.knowledge),
            food=p.food,
            used=len(p.empire) + len(p.lost),
            space=p.space,
            limit=p.army_limit,
        ),
        text(
            "  citizens (by skill) {citizens}: ready {ready}; starving {starving}; placed "
            "{placed} ({on_cards} and on the board)",
            on_cards=joined(on_cards, ", "),
            **citizens,
        )
        if on_cards
        else text(
            "  citizens (by skill) {citizens}: ready {ready}; starving {starving}; placed {placed}",
            **citizens,
        ),
        text("  empire: {cards}; lost: {lost}", cards=names(t, p.empire), lost=names(t, p.lost))
        if p.lost
        else text("  empire: {cards}", cards=names(t, p.empire)),
        text(
            "  provinces: {provinces}; titans: {titans}",
            provinces=names(t, p.provinces),
            titans=names(t, p.titans),
        ),
        text("  set aside: {cards}", cards=set_aside),
    ]
    armies = [text("  {line}", line=_army(t, i, a)) for i, a in enumerate(p.armies)]
    return lines + (armies or [text("  armies: none")])


# ------------------------------------------------------------------------ the whole text


def render_view(v: View, t: Tables) -> str:
    """The text of a view (module docstring)."""
    seen = text("public view") if v.seat is None else text("as seat {seat} sees it", seat=v.seat)
    token = text("hand up: taken this round") if v.token_hand_up else text("hand down")
    first = (
        ""
        if v.first_passer is None
        else text("; {seat} passed first", seat=_who(v, v.first_passer))
    )
    lines: list[str] = [
        text(
            "The Ancient World -- round {round} of {rounds}, {phase}, step {step} ({seen})",
            round=v.round,
            rounds=ROUNDS,
            phase=PHASES.get(v.phase, v.phase),
            step=v.step,
            seen=seen,
        ),
        text(
            "First player: {seat} (token {token}){first}",
            seat=_who(v, v.first_player),
            token=token,
            first=first,
        ),
        *_now(v, t),
        "",
        *_board(v),
        *_table(v, t),
    ]
    for p in v.players:
        lines += ["", *_seat_block(v, t, p)]
    return joined(lines, "\n")
