"""The words of The Ancient World's texts: the names of things and their counts, as texts.

Move descriptions (:mod:`.describe`), the rendered table (:mod:`.render`) and the refusals name
the same things the same way: the board's action spaces («Действия на игровом поле»: «Работать»
-- Work, «Строить» -- Build ...), the decks, the cards by the content pack's names (each a
:func:`~arbiter.core.texts.term`, said from the catalogs' ``term`` entries), counted things with
their plural forms (``1 coin``, ``2 coins``; «1 монета, 2 монеты, 5 монет»), prices and titans.
Every template here is a literal, so the catalogs hold it (``python -m arbiter.languages update
the_ancient_world``).
"""

from __future__ import annotations

from typing import Final

from arbiter.core.texts import Text, joined, plural, text

# The rulebook's and the content pack's names are terms (``msgctxt "term"``), made here with
# ``term`` under another name: Babel's extractor cannot read a ``term(...)`` call with the keyword
# spec of :mod:`arbiter.languages.catalogs` (``((1, "c"),)`` names a context and no message, and
# extraction fails with an IndexError), so this game's terms are kept by hand in its catalogs and
# checked by its tests (``tests/the_ancient_world/test_languages.py``).
from arbiter.core.texts import term as printed
from arbiter.games.the_ancient_world.state import BoardSpace, DeckName, DrawTarget
from arbiter.games.the_ancient_world.tables import Tables

#: The board's action spaces («Действия на игровом поле»), as the rulebook names them.
SPACE_NAMES: Final[dict[BoardSpace, Text]] = {
    "work": printed("Work"),
    "build": printed("Build"),
    "serve": printed("Serve in the army"),
    "expand": printed("Expand borders"),
    "learn": printed("Learn"),
    "rebuild": printed("Rebuild"),
    "recruit": printed("Recruit"),
    "explore": printed("Explore"),
    "populate": printed("Increase population"),
}
#: The decks, as the subject of a line (``empire deck A: 12 cards``).
DECK_NAMES: Final[dict[DeckName, Text]] = {
    "empire_a": text("empire deck A"),
    "empire_b": text("empire deck B"),
    "army": text("the army deck"),
    "province": text("the province deck"),
    "titan_1": text("the 1-star titan deck"),
    "titan_2": text("the 2-star titan deck"),
    "titan_3": text("the 3-star titan deck"),
}
#: The decks a card comes from (``from empire deck A``).
FROM_DECK: Final[dict[DeckName, Text]] = {
    "empire_a": text("from empire deck A"),
    "empire_b": text("from empire deck B"),
    "army": text("from the army deck"),
    "province": text("from the province deck"),
    "titan_1": text("from the 1-star titan deck"),
    "titan_2": text("from the 2-star titan deck"),
    "titan_3": text("from the 3-star titan deck"),
}
#: Where a public draw goes.
DRAWN_TO: Final[dict[DrawTarget, Text]] = {
    "empire_row": text("into the empire row"),
    "army_row": text("into the army row"),
    "province_top": text("as the face-up province"),
    "titan_top": text("as the face-up titan"),
}


def drawn_for(to: str, seat: str) -> Text:
    """Where a draw goes: a public place, or a seat's private choice (``seat`` said)."""
    if to == "explore":
        return text("for the Explore of {seat}", seat=seat)
    if to == "expand":
        return text("for the Expand borders+ of {seat}", seat=seat)
    if to == "forest":
        return text("for the Forest refuge of {seat}", seat=seat)
    if to == "set_aside":
        return text("for {seat} to set aside (Zorsk playwrights)", seat=seat)
    return DRAWN_TO[to]  # type: ignore[index]


def seat_of(seat: int | None) -> Text:
    """``seat 1``."""
    return text("seat {seat}", seat=seat)


# ------------------------------------------------------------------------ counted things


def coins(n: int) -> Text:
    return plural("{count} coin", "{count} coins", count=n)


def knowledge(n: int) -> Text:
    """Knowledge is not counted in English (``2 knowledge``), but is in Russian and Polish."""
    return plural("{count} knowledge", "{count} knowledge", count=n)


def cards(n: int) -> Text:
    return plural("{count} card", "{count} cards", count=n)


def hidden_cards(n: int) -> Text:
    return plural("{count} hidden card", "{count} hidden cards", count=n)


def stars(n: int) -> Text:
    return plural("{count} star", "{count} stars", count=n)


def destruction_dice(n: int) -> Text:
    return plural("{count} destruction die", "{count} destruction dice", count=n)


def titan_faces(n: int) -> Text:
    return plural("{count} titan face", "{count} titan faces", count=n)


def lost_cards(n: int) -> Text:
    return plural("{count} lost card", "{count} lost cards", count=n)


def disbanded_cards(n: int) -> Text:
    return plural("{count} disbanded card", "{count} disbanded cards", count=n)


def price(coins_: int, knowledge_: int) -> Text:
    """``3 coins and 1 knowledge``; ``nothing``."""
    if coins_ and knowledge_:
        return text("{coins} and {knowledge}", coins=coins(coins_), knowledge=knowledge(knowledge_))
    if coins_:
        return coins(coins_)
    if knowledge_:
        return knowledge(knowledge_)
    return text("nothing")


# ------------------------------------------------------------------------ cards


def name(t: Tables, card: str | None) -> str:
    """A card's name in the content pack (its id if the pack has no such card)."""
    if card is None:
        return text("no card")
    for table in (t.empire, t.armies, t.provinces, t.titans):
        c = table.get(card)
        if c is not None:
            return printed(str(c.name))
    return card


def names(t: Tables, cards_: tuple[str, ...]) -> str:
    """``Granary, Market``; ``-`` for none."""
    return joined([name(t, c) for c in cards_], ", ") or "-"


def quoted(card_name: str) -> Text:
    """A card's name in quotes, as ``repr`` quotes it in English: ``'Granary'``."""
    if repr(card_name).startswith('"'):
        return text('"{name}"', name=printed(card_name))
    return text("'{name}'", name=printed(card_name))


def given(value: object) -> str:
    """What a move gave, as it gave it (an id, a field's value): ``'A01-granary'``."""
    return repr(value)


def titan(t: Tables, card: str | None) -> Text:
    """``the 2-star titan Stone Creature (defence 8, swords and arrows)``."""
    c = t.titans.get(card or "")
    if c is None:
        return text("the titan")
    if c.arrows_count:
        return text(
            "the {stars}-star titan {name} (defence {defence}, swords and arrows)",
            stars=c.stars,
            name=printed(c.name),
            defence=c.defence,
        )
    return text(
        "the {stars}-star titan {name} (defence {defence}, swords only)",
        stars=c.stars,
        name=printed(c.name),
        defence=c.defence,
    )
