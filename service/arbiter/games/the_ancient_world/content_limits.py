"""The bounds of a content pack of The Ancient World: every string, number and collection of it.

Content packs come from clients (``POST /v1/games/the-ancient-world/content``). Every card of a pack
lies somewhere in every state of its games (decks, rows, players), so the number of cards and the
length of their ids set the size of each state and answer; a titan rolls one destruction die per
banner, one chance decision each; and every pack a process keeps costs memory. The types below are
the field types of :mod:`.content` with their bounds (``msgspec.Meta``), so a pack that breaks one
is refused while it is decoded, with a JSON pointer to the member. Each bound admits the rulebook's
box (45 + 47 empire cards, 25 army cards, 20 titans, 11 provinces, 3 dice) two to four times over,
and numbers far beyond any printed symbol (the largest printed is 12, a titan's defence).
"""

from __future__ import annotations

from typing import Annotated, Final, TypeAlias

import msgspec

# --------------------------------------------------------------------------------------------
# Strings
# --------------------------------------------------------------------------------------------

#: A card id (``A07-great-archivists``; the longest of the default pack has 21 characters): it is
#: copied into states, moves and events wherever the card goes.
CardId: TypeAlias = Annotated[str, msgspec.Meta(max_length=40)]
#: A printed name, English or Russian (the longest of the default pack has 25 characters), and the
#: pack's name.
Name: TypeAlias = Annotated[str, msgspec.Meta(max_length=120)]
#: Where a pack's values come from (the longest of the default pack has 103 characters).
Source: TypeAlias = Annotated[str, msgspec.Meta(max_length=1000)]
#: Notes on the provenance (the longest of the default pack has 686 characters).
Notes: TypeAlias = Annotated[str, msgspec.Meta(max_length=4000)]

# --------------------------------------------------------------------------------------------
# Numbers
# --------------------------------------------------------------------------------------------

#: The largest ongoing symbol (:data:`Symbol`) and the largest cost, gain or army icon
#: (:data:`Amount`) a pack may print: the bounds of positions (:mod:`.position`) multiply them.
MAX_SYMBOL: Final = 10
MAX_AMOUNT: Final = 10
#: An ongoing symbol of a card or the capital (the capital's 5 income coins is the largest).
Symbol: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_SYMBOL)]
#: Citizen symbols: a seat has at most 5 citizens (``state.MAX_CITIZENS``).
CitizenSymbol: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=5)]
#: A cost or gain of a card action and an army icon (the largest printed is 5).
Amount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)]
#: A card's purchase price in coins or knowledge (the largest is 7 coins).
Price: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=30)]
#: A titan's defence (3-12).
Defence: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=50)]
#: Victory points of a banner bonus for some number of banners (0-3).
Points: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=50)]

# --------------------------------------------------------------------------------------------
# Collections (the default pack's count in parentheses)
# --------------------------------------------------------------------------------------------

#: Empire cards of all three decks (94: 2 starting, 45 in deck A, 47 in deck B).
MAX_EMPIRE: Final = 256
#: Army cards (27: 2 starting, 25 in the army deck).
MAX_ARMIES: Final = 100
#: Titans of the three star decks (20).
MAX_TITANS: Final = 64
#: Provinces (11).
MAX_PROVINCES: Final = 48
#: Starting empire and army cards each seat gets (2 each).
MAX_STARTING: Final = 8
#: Destruction dice (3) and the faces of one die (6).
MAX_DICE: Final = 8
MAX_FACES: Final = 20
#: Banners on one card (1-3): a titan rolls a destruction die per banner.
MAX_BANNERS: Final = 10
#: Entries of a banner bonus's points table (7).
MAX_POINTS: Final = 16
#: Provenance entries (3).
MAX_PROVENANCE: Final = 16


def at_most(n: int) -> msgspec.Meta:
    """The bound of a collection: at most ``n`` items."""
    return msgspec.Meta(max_length=n)
