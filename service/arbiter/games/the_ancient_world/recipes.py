"""Table recipes of The Ancient World (:mod:`arbiter.core.recipes`): how a companion app at a
real table says the card turned up, the destruction die rolled, the titan fight under way, and
what ``as_seat`` shows; each one a script the README's example test runs."""

from __future__ import annotations

from arbiter.core.recipes import Call, Recipe, body
from arbiter.games.the_ancient_world.examples import DMITRY, DMITRY_DICE

GAME = "/v1/games/the-ancient-world"


def table_recipes() -> list[Recipe]:
    return [_next_card(), _die(), _titan_fight(), _as_seat()]


def _next_card() -> Recipe:
    return Recipe(
        title="The next card is one the table names",
        text=(
            "At a real table the decks are shuffled by hand, so the service must not draw: set "
            'the game up with ``"resolve_chance": false`` (a position from a table is set up so '
            'by default). Every draw then waits with ``to_act`` ``["chance"]``, and '
            "``legal_moves`` lists a ``draw_card`` for each card the deck may still hold; send "
            "the one the table turned up. Setup («Подготовка к игре») turns up the province "
            "deck's top card first, then each titan deck's, then the empire row.\n\n"
            "A position cannot say a deck's order instead: known cards lie on top of a titan "
            "deck only, where a Forest refuge puts them back (``top`` and ``top_known_to`` of "
            "``titan_1`` to ``titan_3``); known cards on top of any other deck are refused "
            "(``the-ancient-world.state.deck``). Tell each card when it is drawn."
        ),
        calls=(
            Call(
                say="A 2-player game whose draws the table makes: the province deck's top first.",
                path=f"{GAME}/states",
                body=body({"players": 2, "seed": 7, "resolve_chance": False}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "resolve_chance": false, "to_act": ["chance"], '
                '"legal_moves": [{"type": "draw_card", "deck": "province", "card": '
                '"P01-broad-valley"}, ...], ...}',
            ),
            Call(
                say="The table turned up Highland pass: the titan decks' tops come next.",
                path=f"{GAME}/moves",
                body=body(
                    {
                        "state_id": "<STATE_ID>",
                        "move": {
                            "type": "draw_card",
                            "deck": "province",
                            "card": "P11-highland-pass",
                        },
                    }
                ),
                status=200,
                answer='{"to_act": ["chance"], "legal_moves": [{"type": "draw_card", "deck": '
                '"titan_1", "card": "T1-01-mud-golem"}, ...], "events": [{"type": '
                '"card_revealed", "deck": "province", "card": "P11-highland-pass", "to": '
                '"province_top", ...}], ...}',
            ),
        ),
    )


def _die() -> Recipe:
    return Recipe(
        title="A destruction die rolled at the table",
        text=(
            "«Пример боя с титаном», after the victory: Dmitry rolls a destruction die for each "
            "banner of the titan he defeated. Set up the position with ``after_victory`` and "
            '``dice`` still to roll; each die waits with ``to_act`` ``["chance"]`` and the '
            "faces a destruction die has as ``roll_die`` moves. Send the face the table rolled."
        ),
        calls=(
            Call(
                say="Dmitry (seat 0) has 2 destruction dice to roll.",
                path=f"{GAME}/positions",
                body=body({"position": DMITRY_DICE, "seed": 3}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "to_act": ["chance"], "legal_moves": '
                '[{"type": "roll_die", "face": "blank"}, {"type": "roll_die", "face": "coin"}, '
                '{"type": "roll_die", "face": "titan"}], ...}',
            ),
            Call(
                say="The first die shows the titan face; the second is still to roll.",
                path=f"{GAME}/moves",
                body=body(
                    {"state_id": "<STATE_ID>", "move": {"type": "roll_die", "face": "titan"}}
                ),
                status=200,
                answer='{"to_act": ["chance"], "events": [{"type": "die_rolled", "seat": 0, '
                '"face": "titan", ...}], ...}',
            ),
        ),
    )


def _titan_fight() -> Recipe:
    return Recipe(
        title="A titan fight in progress",
        text=(
            "«Пример боя с титаном»: Dmitry attacks the Stone creature (defence 8) and decides "
            "which armies to pay. A fight under way is a ``titan_fight`` step of the position "
            "(its ``stars`` and the ``armies`` used so far); the seat fighting is the one to act, "
            "and ``legal_moves`` lists the armies it may still use."
        ),
        calls=(
            Call(
                say="The fight as the table shows it: seat 0 to choose its armies.",
                path=f"{GAME}/positions",
                body=body({"position": DMITRY, "seed": 3}),
                status=201,
                answer='{"state_id": "<STATE_ID>", "to_act": [0], "legal_moves": [{"type": '
                '"use_army", "seat": 0, "army": 0}, {"type": "use_army", "seat": 0, "army": 1}], '
                "...}",
            ),
        ),
    )


def _as_seat() -> Recipe:
    return Recipe(
        title="Anytime moves and as_seat",
        text=(
            "The Ancient World has no anytime moves: a seat acts only when ``to_act`` names it, "
            "so no answer carries ``anytime`` (Scythe's coins changing hands are one). ``as_seat`` still matters at a real table: the "
            "answer's ``view`` is what that seat may know (its own set-aside cards, not the "
            "others')."
        ),
        calls=(
            Call(
                say="Seat 1's view of a new game; it has nothing to do out of turn.",
                path=f"{GAME}/states",
                body=body({"players": 2, "seed": 7, "as_seat": 1}),
                status=201,
                answer='{"as_seat": 1, "to_act": [0], "view": {...seat 1\'s view...}, ...}',
            ),
        ),
    )
