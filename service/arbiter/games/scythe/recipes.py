"""Table recipes of Scythe (:mod:`arbiter.core.recipes`): how a companion app at a real table
says the encounter card drawn, the tiles and cards dealt at setup, a battle under way, and the
coins changing hands at any moment (``give_coins`` with ``as_seat``); each one a script the
README's example test runs."""

from __future__ import annotations

import msgspec

from arbiter.core.recipes import Call, Recipe, body
from arbiter.games.scythe.position_examples import BATTLE_OF_THE_RULEBOOK, ENCOUNTER_DRAWN

GAME = "/v1/games/scythe"


def table_recipes() -> list[Recipe]:
    return [_next_card(), _dealt(), _battle(), _give_coins()]


def _next_card() -> Recipe:
    # «Случайные встречи»: the character has stopped on the token; no card is drawn yet.
    encounter = ENCOUNTER_DRAWN.decision
    stopped = msgspec.structs.replace(
        ENCOUNTER_DRAWN, decision=msgspec.structs.replace(encounter, card=None)
    )
    return Recipe(
        title="The next card is one the table names",
        text=(
            "At a real table the cards are shuffled by hand, so the service must not draw: set "
            'the game up with ``"resolve_chance": false`` (a position from a table is set up so '
            'by default). Every draw then waits with ``to_act`` ``["chance"]``, and '
            "``legal_moves`` lists each card the deck may give: ``draw_encounter_card`` by its "
            "number, ``draw_combat_card`` by its value, ``deal_objective`` and "
            "``deal_factory_card`` by number. Send the card the table turned up.\n\n"
            "«Случайные встречи»: Polania's character stopped on the encounter token of r4c1 "
            "(an ``encounter`` step with ``card`` ``null``: not drawn yet). The table draws card 5."
        ),
        calls=(
            Call(
                say="The character stands on the token; the encounter card is to be drawn.",
                path=f"{GAME}/positions",
                body=body({"position": stopped, "seed": 3}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "resolve_chance": false, "to_act": '
                '["chance"], "legal_moves": [{"type": "draw_encounter_card", "card": 1}, ...], '
                "...}",
            ),
            Call(
                say="Card 5 it is: Polania (seat 1) chooses among its options.",
                path=f"{GAME}/moves",
                body=body(
                    {"state_id": "<STATE_ID>", "move": {"type": "draw_encounter_card", "card": 5}}
                ),
                status=200,
                answer='{"to_act": [1], "legal_moves": [{"type": "choose_encounter_option", '
                '"seat": 1, "option": 0}, ...], "events": [{"type": "encounter_drawn", "seat": 1, '
                '"card": 5, ...}], ...}',
            ),
        ),
    )


def _dealt() -> Recipe:
    return Recipe(
        title="Setup dealt at the table",
        text=(
            "Scythe has no dice: its chance is what is dealt and drawn. A game set up at the "
            'table with ``"resolve_chance": false`` waits for each of them in the order of '
            "«Подготовка к игре»: the structure bonus tile, the factions, the player mats, each "
            "seat's combat cards and objective cards, the Factory cards set out."
        ),
        calls=(
            Call(
                say="A 2-player game whose setup the table deals: the structure bonus tile first.",
                path=f"{GAME}/states",
                body=body({"players": 2, "seed": 7, "resolve_chance": False}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "to_act": ["chance"], "legal_moves": '
                '[{"type": "deal_structure_tile", "tile": "adjacent_tunnels"}, ...], ...}',
            ),
            Call(
                say="The tile drawn: lakes. The factions are next.",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<STATE_ID>",
                        "move": {"type": "deal_structure_tile", "tile": "adjacent_lakes"},
                    }
                ),
                status=200,
                answer='{"to_act": ["chance"], "legal_moves": [{"type": "deal_factions", '
                '"factions": ["nordic", "rusviet"]}, ...], "events": [{"type": '
                '"structure_tile_drawn", "tile": "adjacent_lakes", ...}], ...}',
            ),
        ),
    )


def _battle() -> Recipe:
    return Recipe(
        title="A battle in progress",
        text=(
            "«БИТВА», ПРИМЕР: Ваня (Rusviet, seat 1, power 10) attacks Света (Nordic, seat 0, "
            "power 4) on a farm. A battle under way is a ``battle`` step of the position, at its "
            "``stage`` (``dials`` here). Both sides set their dials at once: ``to_act`` names "
            "both, and each sends its own moves. Meanwhile the two sides may not buy each other "
            "off («Вы не можете откупиться в этот момент»). Ваня dials 7; Света dials 4 and adds "
            "a card of 3; ties go to the attacker. «Если проигравший использовал хотя бы 1 силу "
            "на Круге Силы или в карте битвы, он получает 1 карту битвы»: the table tells which "
            "(see above)."
        ),
        calls=(
            Call(
                say="The battle at its dials.",
                path=f"{GAME}/positions",
                body=body({"position": BATTLE_OF_THE_RULEBOOK, "seed": 3}),
                status=201,
                answer='{"state_id": "<BATTLE>", "to_act": [1, 0], "legal_moves": [...], ...}',
            ),
            Call(
                say="Света offers Ваня a coin to call it off: refused.",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<BATTLE>",
                        "move": {"type": "give_coins", "seat": 0, "to": 1, "amount": 1},
                    }
                ),
                status=422,
                answer='{"code": "scythe.bribe.buy_out", "pointer": "/move", ...}',
            ),
            Call(
                say="Ваня dials 7.",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<BATTLE>",
                        "move": {"type": "commit_power", "seat": 1, "power": 7},
                    }
                ),
                status=200,
                answer='{"state_id": "<DIALLED>", "to_act": [0], ...}',
            ),
            Call(
                say="Света adds her card of 3...",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<DIALLED>",
                        "move": {"type": "add_combat_card", "seat": 0, "value": 3},
                    }
                ),
                status=200,
                answer='{"state_id": "<CARD_ADDED>", "to_act": [0], ...}',
            ),
            Call(
                say="...and dials 4: the dials are revealed, 7 against 7, and the attacker wins.",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<CARD_ADDED>",
                        "move": {"type": "commit_power", "seat": 0, "power": 4},
                    }
                ),
                status=200,
                answer='{"to_act": ["chance"], "legal_moves": [{"type": "draw_combat_card", '
                '"value": 2}, ...], "events": [{"type": "battle_revealed", "territory": "r2c5", '
                '"attacker": 1, "defender": 0, "attacker_power": 7, "attacker_cards": [], '
                '"defender_power": 4, "defender_cards": [3], "winner": 1, ...}, ...], ...}',
            ),
        ),
    )


def _give_coins() -> Recipe:
    return Recipe(
        title="Anytime moves and as_seat: coins changing hands",
        text=(
            "«Союзы и подкуп»: a seat may give coins to another at any moment of play, whoever "
            "is to act. Such *anytime moves* are not in ``to_act`` or ``legal_moves`` (nobody "
            "waits for them): an answer lists those of ``as_seat`` under ``anytime`` -- "
            "``moves``, and ``move_ranges`` for the amounts (each ``give_coins`` is listed once, "
            "with the smallest amount). Send one as ``move`` like any other (with ``as_seat`` the "
            "answer lists that seat's anytime moves again); the seat to act is unchanged. The two "
            "sides of a battle may not give each other coins until it is fought (above)."
        ),
        calls=(
            Call(
                say="Seat 0 waits for seat 1's first turn; what may it do meanwhile?",
                path=f"{GAME}/states",
                body=body({"players": 2, "seed": 7, "as_seat": 0}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "as_seat": 0, "to_act": [1], "anytime": '
                '{"moves": [{"type": "give_coins", "seat": 0, "to": 1, "amount": 1}], '
                '"move_ranges": [{"index": 0, "field": "amount", "min": 1, "max": 5}]}, ...}',
            ),
            Call(
                say="Seat 0 gives seat 1 two coins; seat 1 is still to act.",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<STATE_ID>",
                        "as_seat": 0,
                        "move": {"type": "give_coins", "seat": 0, "to": 1, "amount": 2},
                    }
                ),
                status=200,
                answer='{"as_seat": 0, "to_act": [1], "anytime": {"moves": [{"type": '
                '"give_coins", "seat": 0, "to": 1, "amount": 1}], "move_ranges": [{"index": 0, '
                '"field": "amount", "min": 1, "max": 3}]}, "events": [{"type": "coins_changed", '
                '"seat": 0, "coins": 3, "change": -2, "reason": "bribe", ...}, {"type": '
                '"coins_changed", "seat": 1, "coins": 6, "change": 2, "reason": "bribe", ...}], '
                "...}",
            ),
        ),
    )
