"""Worked positions of The Ancient World (:mod:`.position`), the rulebook's examples first.

They use the default content pack's cards. The face-down decks and the empire discard pile are
given as counts, as a table shows them; :meth:`~.game.TheAncientWorld.state_of` deals them from the
cards the pack leaves.
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.games.the_ancient_world.position import (
    AfterVictory,
    AncientWorldPosition,
    DeckPosition,
    DecksPosition,
    ExploreSetAside,
    Pile,
    SeatPosition,
    TitanFight,
)
from arbiter.games.the_ancient_world.state import Army, Board, Placed, TitanTops

START = ("S1-fishing-dock", "S2-wheat-fields")
START_ARMIES = (Army(active="S1-city-guard"), Army(active="S2-militia"))


def _tops(titan_1: str, titan_2: str, titan_3: str) -> TitanTops:
    """The face-up titans of the 1-, 2- and 3-star decks."""
    return TitanTops(titan_1=titan_1, titan_2=titan_2, titan_3=titan_3)


def _decks(a: int, b: int, army: int, province: int, t1: int, t2: int, t3: int) -> DecksPosition:
    """Decks of unknown cards, by count."""
    return DecksPosition(
        empire_a=DeckPosition(unknown=a),
        empire_b=DeckPosition(unknown=b),
        army=DeckPosition(unknown=army),
        province=DeckPosition(unknown=province),
        titan_1=DeckPosition(unknown=t1),
        titan_2=DeckPosition(unknown=t2),
        titan_3=DeckPosition(unknown=t3),
    )


#: «Пример боя с титаном»: Dmitry (seat 0) fights the Stone creature (defence 8, swords and arrows
#: count) in round 3. His Mercian army (3 arrows, 1 sword) was used last round: 1 coin lies on its
#: picture, so it costs him 2 coins; under it lies his disbanded City guard, whose experience is
#: 1 sword. His Armoury, Smithy and Scouts' camp give 3 swords more: 5 + 3 = 8.
DMITRY = AncientWorldPosition(
    round=3,
    phase="actions",
    turn=0,
    first_player=1,
    board=Board(work=(Placed(seat=1, skill=2),)),
    empire_row=("A01-granary", "A09-market", "A29-shrine", "A35-well"),
    army_row=("M02-slingers", "M06-bowmen"),
    province_top="P02-river-delta",
    titan_tops=_tops("T1-01-mud-golem", "T2-03-stone-creature", "T3-01-mountain-titan"),
    decks=_decks(a=32, b=47, army=22, province=9, t1=7, t2=6, t3=4),
    empire_discard=Pile(unknown=5),
    players=(
        SeatPosition(
            coins=3,
            ready=(1, 2, 3),
            empire=(*START, "A23-armoury", "A26-smithy", "A20-scouts-camp"),
            provinces=("P01-broad-valley",),
            armies=(
                Army(active="M12-mercian-army", picture=1, retired=("S1-city-guard",)),
                Army(active="S2-militia"),
            ),
        ),
        SeatPosition(
            coins=6,
            ready=(1, 3),
            empire=(*START, "A15-school"),
            armies=START_ARMIES,
        ),
    ),
    steps=(TitanFight(seat=0, stars=2),),
)

#: The same fight after the victory: Dmitry took the Stone creature, the next 2-star titan (the
#: Iron cyclops) is face up, and he rolls 2 destruction dice, one a banner of the titan.
DMITRY_DICE = msgspec.structs.replace(
    DMITRY,
    titan_tops=msgspec.structs.replace(DMITRY.titan_tops, titan_2="T2-01-iron-cyclops"),
    decks=_decks(a=32, b=47, army=22, province=9, t1=7, t2=5, t3=4),
    players=(
        msgspec.structs.replace(
            DMITRY.players[0],
            coins=1,
            titans=("T2-03-stone-creature",),
            armies=(
                Army(active="M12-mercian-army", scroll=2, picture=1, retired=("S1-city-guard",)),
                Army(active="S2-militia"),
            ),
        ),
        DMITRY.players[1],
    ),
    steps=(AfterVictory(seat=0, dice=2),),
)

#: «Подготовка к игре», steps 4-10, for 4 players: the start of round 1. The oldest player (seat
#: 0) holds the first-player token and begins; the second seat has 1 coin more, the third and
#: fourth 2 more; 6 empire cards of deck A and 4 army cards lie face up; deck B waits apart.
SETUP_4 = AncientWorldPosition(
    round=1,
    phase="actions",
    turn=0,
    first_player=0,
    empire_row=(
        "A04-goat-pasture",
        "A12-toll-road",
        "A17-library",
        "A21-barracks",
        "A30-temple",
        "A41-town-hall",
    ),
    army_row=("M01-spearmen", "M05-sappers", "M13-spies", "M21-camel-riders"),
    province_top="P05-trade-crossing",
    titan_tops=_tops("T1-04-harpy", "T2-06-bronze-colossus", "T3-02-fire-drake"),
    decks=_decks(a=39, b=47, army=21, province=10, t1=7, t2=6, t3=4),
    players=tuple(
        SeatPosition(coins=coins, ready=(1, 2, 3), empire=START, armies=START_ARMIES)
        for coins in (6, 7, 8, 8)
    ),
)

#: A round in progress: round 5 of 3 players, deck B in use. Seat 0 passed first (an army used,
#: a card lost to a titan); seat 1 is on Work and Build; seat 2 works, increased its population
#: (the new citizen 4 starves until next round) and, on its turn now, placed citizen 2 on Explore
#: and drew 5 cards of deck B: it sets one aside, the other 4 are discarded.
MID_ROUND = AncientWorldPosition(
    round=5,
    phase="actions",
    turn=2,
    first_player=1,
    first_passer=0,
    board=Board(
        work=(Placed(seat=1, skill=1), Placed(seat=2, skill=3)),
        build=(Placed(seat=1, skill=2),),
        explore=(Placed(seat=2, skill=2),),
        populate=(Placed(seat=2, skill=1),),
    ),
    empire_row=("B02-vineyard", "B11-treasury", "B22-great-temple"),
    army_row=("M19-berserkers",),
    province_top="P07-fertile-plain",
    titan_tops=_tops("T1-06-bog-hydra", "T2-05-storm-roc", "T3-03-abyssal-kraken"),
    decks=_decks(a=25, b=27, army=21, province=6, t1=5, t2=5, t3=4),
    empire_discard=Pile(unknown=21),
    players=(
        SeatPosition(
            coins=2,
            knowledge=1,
            ready=(1, 2, 3, 4),
            empire=(*START, "A02-orchard", "A13-mint", "B06-colony"),
            lost=("A28-masons-lodge",),
            set_aside=Pile(unknown=1),
            provinces=("P01-broad-valley",),
            titans=("T1-01-mud-golem", "T1-03-cave-troll"),
            armies=(
                Army(active="M09-hoplites", scroll=3, picture=2, retired=("S1-city-guard",)),
                Army(active="S2-militia", picture=1),
            ),
            passed=True,
        ),
        SeatPosition(
            coins=4,
            knowledge=2,
            ready=(3, 4),
            empire=(*START, "A09-market", "A15-school", "A37-scribes-guild", "B20-citadel"),
            provinces=("P03-frontier-march", "P09-old-ruins"),
            titans=("T2-04-forest-giant",),
            armies=(
                Army(active="M07-axemen", picture=1),
                Army(active="M11-horse-archers"),
                Army(active="S2-militia", picture=2),
            ),
        ),
        SeatPosition(
            coins=5,
            starving=(4,),
            empire=(*START, "A05-goat-pasture", "A31-totem-pole"),
            provinces=("P11-highland-pass",),
            armies=START_ARMIES,
        ),
    ),
    steps=(
        ExploreSetAside(
            seat=2,
            drawn=(
                "B03-vineyard",
                "B10-bank",
                "B14-university",
                "B27-hanging-gardens",
                "B35-lighthouse",
            ),
        ),
    ),
)


def position_examples() -> list[tuple[str, Any]]:
    """The worked positions, each with where it comes from."""
    return [
        (
            "«Пример боя с титаном»: Dmitry decides which armies to pay against the Stone "
            "creature (defence 8)",
            DMITRY,
        ),
        (
            "«Пример боя с титаном», after the victory: Dmitry rolls 2 destruction dice",
            DMITRY_DICE,
        ),
        ("«Подготовка к игре» for 4 players: the start of round 1", SETUP_4),
        ("A round in progress: seat 2 sets aside one of the 5 cards it explored", MID_ROUND),
    ]
