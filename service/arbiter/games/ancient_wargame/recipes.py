"""Table recipes of the ancient wargame (:mod:`arbiter.core.recipes`): how a companion app at a
real table says the cards dealt and drawn, a battle in progress with the dice rolled there, and
what ``as_seat`` shows; each one a script the README's example test runs."""

from __future__ import annotations

import msgspec

from arbiter.core.recipes import Call, Recipe, body
from arbiter.games.ancient_wargame.position_examples import position_examples

GAME = "/v1/games/ancient-wargame"


def table_recipes() -> list[Recipe]:
    return [_next_card(), _dice(), _battle(), _as_seat()]


def _next_card() -> Recipe:
    return Recipe(
        title="The next card is one the table names",
        text=(
            "At a real table the cards are shuffled by hand, so the service must not draw: set "
            'the game up with ``"resolve_chance": false``. Every draw then waits with '
            '``to_act`` ``["chance"]``, and ``legal_moves`` lists what it may give -- '
            "``state_dealt`` (the state each player plays, dealt at setup), ``trait_drawn`` "
            "(a hero's trait card), ``hero_kind_drawn``, ``basic_learned``; send what the table "
            "turned up."
        ),
        calls=(
            Call(
                say="A 2-player game whose deals the table makes: seat 0's state first.",
                path=f"{GAME}/states",
                body=body({"players": 2, "seed": 7, "resolve_chance": False}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "resolve_chance": false, "to_act": ["chance"], '
                '"legal_moves": [{"type": "state_dealt", "state": "rome"}, ...], ...}',
            ),
            Call(
                say="Seat 0 was dealt Gaul; seat 1's state is next.",
                path=f"{GAME}/moves",
                body=body(
                    {"state_id": "<STATE_ID>", "move": {"type": "state_dealt", "state": "gaul"}}
                ),
                status=200,
                answer='{"to_act": ["chance"], "legal_moves": [{"type": "state_dealt", "state": '
                '"rome"}, ...], "events": [{"type": "player_changed", "seat": 0, "state": "gaul", '
                "...}, ...], ...}",
            ),
        ),
    )


def _dice() -> Recipe:
    return Recipe(
        title="Dice rolled at the table",
        text=(
            "The dice are the table's the same way: with ``resolve_chance`` false a roll waits "
            'with ``to_act`` ``["chance"]``, and ``legal_moves`` lists its outcomes -- '
            "``roll_face`` (one D6 shows ``face``), ``hits_rolled`` (how many dice of a battle's "
            "pool hit), ``sixes_rolled`` (the research dice's sixes). Send what the table "
            "rolled: the battle below shows one, a fortress's die."
        ),
    )


def _battle() -> Recipe:
    deployed = msgspec.to_builtins(position_examples()[2][1])
    return Recipe(
        title="A battle in progress",
        text=(
            "A battle under way at a real table is set up from its position (``POST "
            ".../positions``): the table, turn 1's phase 9 («Битвы»), and the battle as it "
            "stands -- here seat 1 holds its capital Carthago with its whole army in the centre, "
            "seat 0 attacked on all three flanks, both deployments revealed (a flank's reserve "
            "is counted within its soldiers). The fortress fires next («Крепость»): its owner "
            "picks the flank, then the table rolls the die."
        ),
        calls=(
            Call(
                say="The battle as the table shows it; chance is the table's (the default).",
                path=f"{GAME}/positions",
                body=body({"position": deployed, "seed": 3}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "to_act": [1], "legal_moves": [{"type": '
                '"fire_at", "seat": 1, "flank": 0}, ...], ...}',
            ),
            Call(
                say="Seat 1's fortress fires at seat 0's left flank; the die is the table's.",
                path=f"{GAME}/moves",
                body=body(
                    {"state_id": "<STATE_ID>", "move": {"type": "fire_at", "seat": 1, "flank": 0}}
                ),
                status=200,
                answer='{"state_id": "<ROLL_ID>", "to_act": ["chance"], "legal_moves": [{"type": '
                '"roll_face", "face": 1}, ...], ...}',
            ),
            Call(
                say="The table rolled a 6.",
                path=f"{GAME}/moves",
                body=body({"state_id": "<ROLL_ID>", "move": {"type": "roll_face", "face": 6}}),
                status=200,
                answer='{"events": [{"type": "dice_rolled", "purpose": "fortress", "seat": 1, '
                '"at": "carthago", "face": 6, ...}, ...], ...}',
            ),
        ),
    )


def _as_seat() -> Recipe:
    return Recipe(
        title="Anytime moves and as_seat",
        text=(
            "The ancient wargame has no anytime moves: a seat acts only when ``to_act`` names "
            "it, so no answer carries ``anytime`` (Scythe's coins changing hands are one). "
            "``as_seat`` still matters at a real table: the answer's ``view`` is what that seat "
            "may know."
        ),
        calls=(
            Call(
                say="Seat 1's view of a new game, while seat 0 chooses its upper hero.",
                path=f"{GAME}/states",
                body=body({"players": 2, "seed": 7, "as_seat": 1}),
                status=201,
                answer='{"as_seat": 1, "to_act": [0], "legal_moves": [{"type": "upper_hero", '
                '"seat": 0, "hero": "h4"}, ...], "view": {...seat 1\'s view...}, ...}',
            ),
        ),
    )
