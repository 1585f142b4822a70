"""Table recipes of the ancient wargame (:mod:`arbiter.core.recipes`): how a companion app at a
real table says the cards dealt and drawn, the dice rolled, and what ``as_seat`` shows; each one
a script the README's example test runs. The game takes no positions yet, so a battle in
progress cannot be set up from a table: that recipe says so, and shows the refusal it gets
today."""

from __future__ import annotations

from arbiter.core.recipes import Call, Recipe, body

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
            "rolled. Reaching a roll takes a game played up to a battle or a research: a recipe "
            "that sets one up directly waits for the game's positions (below)."
        ),
    )


def _battle() -> Recipe:
    return Recipe(
        title="A battle in progress (pending)",
        text=(
            "A battle under way at a real table is set up from its position, as in the other "
            "games; the ancient wargame does not take positions yet (they are being written), so "
            "the service refuses one with ``positions_unsupported``. Until then a battle is "
            "reached by playing the game to it, and its dice come as above."
        ),
        calls=(
            Call(
                say="Positions are not taken yet.",
                path=f"{GAME}/positions",
                body=body({"position": {}}),
                status=404,
                answer='{"code": "positions_unsupported", ...}',
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
