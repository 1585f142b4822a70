"""Worked positions of Scythe, the rulebook's own examples first (the game's reference docs show
them; ``tests/scythe/test_positions.py`` plays them).

* **The battle of «БИТВА»** («ПРИМЕР»): Ваня (Rusviet) moved his character onto an unoccupied
  farm and a mech carrying 2 workers onto a farm Света (Nordic) holds with her character, a
  mech, a worker and 3 food. He has 10 power, she 4. The position is the battle at the dial
  choice, neither side committed: he will dial 7 and add no card (one unit: one card at most),
  she 4 and a card of 3 (two units: two cards at most); 7 against 7, the attacker wins the tie.
  Ваня takes the farm and its 3 food, loses 1 popularity for the worker sent home and places a
  combat star; Света's units go home and she draws a combat card for the power she spent.
* **The start of a game** («Подготовка к игре»): Nordic on the Industrial mat, Rusviet on the
  Engineering mat; the pieces and tracks as the mats print them, hands and objectives as counts
  (a table does not show them), the Factory cards set out face down. The Industrial mat's
  number is lowest: Nordic chooses a section first.
* **An encounter with its card drawn** («Случайные встречи»): Polania's character stopped on the
  encounter token of the village r4c1 and the Move is over; card 1 is drawn and shown. Polania
  may choose two of its options («Изворотливость»), the first's reward paying for the second.
"""

from __future__ import annotations

from arbiter.games.scythe.position import (
    Battle,
    BoardPosition,
    ChooseSection,
    DecksPosition,
    Encounter,
    ScythePosition,
    SeatPosition,
    TurnPosition,
)
from arbiter.games.scythe.state import MovedFrom, Resources

#: The encounter spaces of the base game's board (11 tokens at the start).
ENCOUNTER_SPACES = (
    "r1c3",
    "r2c1",
    "r2c4",
    "r2c6",
    "r4c1",
    "r4c5",
    "r5c0",
    "r6c1",
    "r6c2",
    "r6c5",
    "r7c4",
)


def _without(*taken: str) -> tuple[str, ...]:
    return tuple(x for x in ENCOUNTER_SPACES if x not in taken)


#: «ПРИМЕР» of «БИТВА»: the battle on the farm r2c5 at the dial choice.
BATTLE_OF_THE_RULEBOOK = ScythePosition(
    structure_tile="adjacent_lakes",
    seats=(
        SeatPosition(  # Света
            faction="nordic",
            mat="industrial",
            power=4,
            popularity=6,
            coins=5,
            combat_cards=(2, 3),
            objectives=2,
            character="r2c5",
            mechs=("r2c5",),
            mech_abilities=("riverwalk",),
            workers=("r2c5", "r1c4", "r1c5"),
            last_section="produce",
        ),
        SeatPosition(  # Ваня
            faction="rusviet",
            mat="engineering",
            power=10,
            popularity=7,
            coins=6,
            combat_cards=2,
            objectives=2,
            character="r2c6",
            mechs=("r2c5",),
            mech_abilities=("riverwalk",),
            workers=("r2c5", "r2c5", "r4c6"),
            last_section="bolster",
        ),
    ),
    board=BoardPosition(resources={"r2c5": Resources(food=3)}, encounter_tokens=_without("r2c6")),
    decks=DecksPosition(combat_discard=(1, 0, 0, 0), encounters_drawn=(17,), factory_cards=3),
    turn=TurnPosition(
        seat=1,
        section="move_gain",
        turns_taken=9,
        moved_from=(
            MovedFrom(kind="character", index=0, origin="r3c6"),
            MovedFrom(kind="mech", index=0, origin="r2c6"),
            MovedFrom(kind="worker", index=0, origin="r2c6"),
            MovedFrom(kind="worker", index=1, origin="r2c6"),
        ),
    ),
    decision=Battle(territory="r2c5", attacker=1, defender=0),
)

#: «Подготовка к игре»: two seats, before the first turn.
START_OF_A_GAME = ScythePosition(
    structure_tile="on_tunnels",
    seats=(
        SeatPosition(
            faction="nordic",
            mat="industrial",
            power=4,
            popularity=2,
            coins=4,
            combat_cards=1,
            objectives=2,
            character="base_nordic",
            workers=("r1c5", "r1c4"),
        ),
        SeatPosition(
            faction="rusviet",
            mat="engineering",
            power=3,
            popularity=2,
            coins=5,
            combat_cards=2,
            objectives=2,
            character="base_rusviet",
            workers=("r4c6", "r3c6"),
        ),
    ),
    board=BoardPosition(encounter_tokens=ENCOUNTER_SPACES),
    decks=DecksPosition(factory_cards=3),
    turn=TurnPosition(seat=0),
    decision=ChooseSection(),
)

#: «Случайные встречи»: Polania's encounter on r4c1, card 1 drawn, no option chosen yet.
ENCOUNTER_DRAWN = ScythePosition(
    structure_tile="adjacent_encounters",
    seats=(
        SeatPosition(
            faction="saxony",
            mat="patriotic",
            power=3,
            popularity=3,
            coins=7,
            combat_cards=4,
            objectives=2,
            character="r6c0",
            workers=("r6c0", "r7c1", "r7c1"),
            last_section="trade",
        ),
        SeatPosition(
            faction="polania",
            mat="mechanical",
            power=2,
            popularity=4,
            coins=6,
            combat_cards=3,
            objectives=2,
            character="r4c1",
            workers=("r3c1", "r4c0", "r4c0"),
            last_section="produce",
        ),
    ),
    board=BoardPosition(
        resources={"r4c0": Resources(food=2)}, encounter_tokens=_without("r4c1", "r5c0")
    ),
    decks=DecksPosition(encounters_drawn=(12,), factory_cards=3),
    turn=TurnPosition(
        seat=1,
        section="move_gain",
        turns_taken=5,
        moved_from=(MovedFrom(kind="character", index=0, origin="r3c1"),),
        encounter_at="r4c1",
    ),
    decision=Encounter(territory="r4c1", card=1),
)


def examples() -> list[tuple[str, ScythePosition]]:
    """The worked positions, each with where it comes from (see the module docs)."""
    return [
        (
            "«БИТВА», ПРИМЕР: Ваня (Rusviet, power 10) attacks Света (Nordic, power 4) on a farm; "
            "the dials are next -- 7 against 4 and a card of 3, and the attacker wins the tie",
            BATTLE_OF_THE_RULEBOOK,
        ),
        (
            "«Подготовка к игре»: Nordic (Industrial mat) and Rusviet (Engineering mat) before "
            "the first turn; hands and objectives as counts, drawn by the seed",
            START_OF_A_GAME,
        ),
        (
            "«Случайные встречи»: Polania's character stopped on the encounter of r4c1; card 1 "
            "is drawn and Polania may choose two of its options («Изворотливость»)",
            ENCOUNTER_DRAWN,
        ),
    ]
