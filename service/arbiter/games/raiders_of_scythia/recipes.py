"""Table recipes of Raiders of Scythia (:mod:`arbiter.core.recipes`): how a companion app at a
real table says the card turned up, a raid under way and the dice rolled for it, and what
``as_seat`` shows; each one a script the README's example test runs.

The raid is the rulebook's «ПРИМЕР НАБЕГА» (the worked position ``GREEK_RAID``): the purple
player raids Greece, spends 3 kumis, and the dice -- 2 red, 2 white, 1 yellow -- add 8 strength
and 6 wounds (4 to place, the Strongman ignoring 2), for a raid of 30 strength and 7 VP.
"""

from __future__ import annotations

from typing import Any

from arbiter.core import Game
from arbiter.core.recipes import Call, Recipe, body
from arbiter.games.raiders_of_scythia.moves import Raid, RollDie, SpendKumis
from arbiter.games.raiders_of_scythia.position_examples import GREEK_RAID
from arbiter.games.raiders_of_scythia.state import RaidersState

GAME = "/v1/games/raiders-of-scythia"
#: The seed the recipes set the Greek raid up with (it deals the hidden hand and the decks).
SEED = 3
#: «ПРИМЕР НАБЕГА»: the faces rolled, red, red, white, white, yellow -- 8 strength, 6 wounds.
FACES = (
    RollDie(colour="red", strength=3),
    RollDie(colour="red", strength=1, wounds=1),
    RollDie(colour="white", wounds=2),
    RollDie(colour="white", strength=1, wounds=1),
    RollDie(colour="yellow", strength=3, wounds=2),
)
Raiders = Game[RaidersState, Any, Any, Any]


def table_recipes(game: Raiders) -> list[Recipe]:
    return [_next_card(), _raid(), _dice(game), _as_seat()]


def _next_card() -> Recipe:
    return Recipe(
        title="The next card is one the table names",
        text=(
            "At a real table the decks are shuffled by hand, so the service must not draw: set "
            'the game up with ``"resolve_chance": false`` (a position from a table is set up so '
            'by default). Every draw then waits with ``to_act`` ``["chance"]``, and '
            "``legal_moves`` lists a ``draw_card`` for each card the deck may still give; send "
            "the one the table turned up. Setup («Подготовка к игре») turns up the village's "
            "quests first."
        ),
        calls=(
            Call(
                say="A 2-player game whose draws the table makes.",
                path=f"{GAME}/states",
                body=body({"players": 2, "seed": 7, "resolve_chance": False}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "resolve_chance": false, "to_act": ["chance"], '
                '"legal_moves": [{"type": "draw_card", "deck": "quests", "card": "quest-01"}, '
                "...], ...}",
            ),
            Call(
                say="The table turned up quest 9 for the village.",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<STATE_ID>",
                        "move": {"type": "draw_card", "deck": "quests", "card": "quest-09"},
                    }
                ),
                status=200,
                answer='{"to_act": ["chance"], "events": [{"type": "village_quest_changed", '
                '"index": 0, "quest": "quest-09", ...}, ...], ...}',
            ),
        ),
    )


def _raid() -> Recipe:
    return Recipe(
        title="A raid in progress",
        text=(
            "«ПРИМЕР НАБЕГА»: the purple player (seat 0) raids Greece and spends 3 kumis; the "
            "dice are next. Set up the table before the raid, send the raid and the kumis; the "
            "position of the game then shows the raid under way -- its ``raid`` member, with "
            "the kumis spent and each die not rolled yet -- and a table in the middle of a raid "
            "is set up from such a position (next recipe)."
        ),
        calls=(
            Call(
                say="The table before the raid: seat 0 to act.",
                path=f"{GAME}/positions",
                body=body({"position": GREEK_RAID, "seed": SEED}),
                status=201,
                answer='{"state_id": "<BEFORE>", "to_act": [0], "legal_moves": [...], ...}',
            ),
            Call(
                say="Seat 0 raids Greece: how much kumis to spend (0 to 3)?",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<BEFORE>",
                        "move": {"type": "raid", "seat": 0, "settlement": "greece-west"},
                    }
                ),
                status=200,
                answer='{"state_id": "<RAIDING>", "to_act": [0], "legal_moves": [{"type": '
                '"spend_kumis", "seat": 0, "kumis": 0}], "move_ranges": [{"index": 0, "field": '
                '"kumis", "min": 0, "max": 3}], ...}',
            ),
            Call(
                say="3 kumis: the dice are the table's to roll.",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<RAIDING>",
                        "move": {"type": "spend_kumis", "seat": 0, "kumis": 3},
                    }
                ),
                status=200,
                answer='{"state_id": "<DICE>", "to_act": ["chance"], "legal_moves": [{"type": '
                '"roll_die", "colour": "red", "strength": 0, "wounds": 0}, ...], ...}',
            ),
            Call(
                say="The raid under way, as a position says it.",
                path=f"{GAME}/position",
                body=body({"state_id": "<DICE>"}),
                status=200,
                answer='{"position": {"raid": {"settlement": "greece-west", "kumis": 3, "dice": '
                '[{"colour": "red", "rolled": false}, {"colour": "red", "rolled": false}, '
                '{"colour": "white", "rolled": false}, {"colour": "white", "rolled": false}, '
                '{"colour": "yellow", "rolled": false}]}, ...}, ...}',
            ),
        ),
    )


def _rolled(game: Raiders) -> Any:
    """The Greek raid with its kumis spent and four of its five dice rolled."""
    state = game.state_of(GREEK_RAID, SEED)
    for move in (Raid(seat=0, settlement="greece-west"), SpendKumis(seat=0, kumis=3), *FACES[:4]):
        state, _ = game.apply(state, move)
    return game.position_of(state)


def _dice(game: Raiders) -> Recipe:
    return Recipe(
        title="Dice rolled at the table",
        text=(
            "The raid's dice are rolled at the table: each waits with ``to_act`` "
            '``["chance"]``, ``legal_moves`` listing the faces of the die rolled next (its '
            "``colour``, ``strength`` and ``wounds``; a blank face is 0 and 0). Here the raid "
            "is set up from the table with four dice rolled -- red 3, red 1 and a wound, white 2 "
            "wounds, white 1 and a wound -- and the table rolls the yellow die: 3 and 2 wounds. "
            "The raid totals 30 («Совокупная сила набега — 30»: kumis 3, dice 8, crew and "
            "animals 16, crew abilities 3) and brings 7 VP; of the 6 wounds rolled the Strongman "
            "ignores 2 in Greece, and seat 0 places the other 4."
        ),
        calls=(
            Call(
                say="The raid with the yellow die still to roll.",
                path=f"{GAME}/positions",
                body=body({"position": _rolled(game), "seed": SEED}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "to_act": ["chance"], "legal_moves": '
                '[{"type": "roll_die", "colour": "yellow", "strength": 2, "wounds": 0}, ...], '
                "...}",
            ),
            Call(
                say="The yellow die shows 3 and 2 wounds: the raid is scored, the wounds placed next.",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<STATE_ID>",
                        "move": {
                            "type": "roll_die",
                            "colour": "yellow",
                            "strength": 3,
                            "wounds": 2,
                        },
                    }
                ),
                status=200,
                answer='{"events": [{"type": "die_rolled", "seat": 0, "die": 4, "colour": '
                '"yellow", "strength": 3, "wounds": 2, ...}, {"type": "ability_used", "card": '
                '"strongman-1", ...}, {"type": "raid_scored", "seat": '
                '0, "settlement": "greece-west", "strength": 30, "kumis": 3, "dice": 8, '
                '"crew_and_animals": 16, "abilities": 3, "vp": 7, "wounds": 4}, ...], "to_act": [0], '
                '"legal_moves": [{"type": "wound", "seat": 0, "slot": 1}, ...], ...}',
            ),
        ),
    )


def _as_seat() -> Recipe:
    return Recipe(
        title="Anytime moves and as_seat",
        text=(
            "Raiders of Scythia has no anytime moves: a seat acts only when ``to_act`` names it, "
            "so no answer carries ``anytime`` (Scythe's coins changing hands are one). "
            "``as_seat`` still matters at a real table: the answer's ``view`` is what that seat "
            "may know (its own hand, the others' as counts)."
        ),
        calls=(
            Call(
                say="Seat 0's view of a new game, while seat 1 takes its pair.",
                path=f"{GAME}/states",
                body=body({"players": 2, "seed": 7, "as_seat": 0}),
                status=201,
                answer='{"as_seat": 0, "to_act": [1], "view": {...seat 0\'s view...}, ...}',
            ),
        ),
    )
