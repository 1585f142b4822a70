"""«Подготовка к игре» (setup).

Every seat: a player board (the capital), the starting empire cards («Рыбное место», «Пшеничные
поля») and army cards («Городская стража», «Ополчение») of the pack, citizens 1, 2 and 3, and 6
coins -- the second seat 1 more, the third and fourth 2 more. Seat 0 (the oldest player) holds the
first-player token. The decks are shuffled (their cards go to the hidden middles); the face-up
province, titans, empire row and army row are drawn by chance in round 1's preparation.
"""

from __future__ import annotations

from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.state import (
    EXTRA_COINS,
    STARTING_COINS,
    AncientWorldState,
    Army,
    Deck,
    PlayerState,
    Prepare,
)
from arbiter.games.the_ancient_world.tables import Tables

STARTING_CITIZENS: tuple[int, ...] = (1, 2, 3)


def initial_state(
    players: int,
    options: AncientWorldOptions,
    seed: int,
    content_id: str,
    t: Tables,
    rules_version: str,
) -> AncientWorldState:
    content = t.content
    seats = tuple(
        PlayerState(
            coins=STARTING_COINS + EXTRA_COINS[seat],
            citizens=STARTING_CITIZENS,
            ready=STARTING_CITIZENS,
            empire=content.starting_empire,
            armies=tuple(Army(active=a) for a in content.starting_armies),
        )
        for seat in range(players)
    )
    return AncientWorldState(
        rules_version=rules_version,
        content_id=content_id,
        seed=seed,
        options=options,
        players=seats,
        empire_a=Deck(middle=t.deck_a),
        empire_b=Deck(middle=t.deck_b),
        army=Deck(middle=t.army_deck),
        province=Deck(middle=t.province_deck),
        titan_1=Deck(middle=t.titan_decks[0]),
        titan_2=Deck(middle=t.titan_decks[1]),
        titan_3=Deck(middle=t.titan_decks[2]),
        pending=(Prepare(),),
    )
