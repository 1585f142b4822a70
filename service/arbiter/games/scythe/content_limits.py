"""The bounds of a Scythe content pack: every string, number and collection of it has a limit.

Content packs come from clients (``POST /v1/games/scythe/content``), and the rules turn a pack's
numbers into work: a bribe is offered for every amount from $1 to the coins held, to every other
player; a top-row reward offers every amount from 0 to the printed one; the power dial every power
up to its maximum; setup draws the faction's combat cards and deals the mat's objective cards one
chance decision at a time. Without bounds one number decided how long a request took and how big
its answer was: starting coins of 20,000 on each mat (a 44 KB pack) made setup answer 80,004
``give_coins`` moves (4.1 MB), and 1,000,000 coins 4,000,004 moves (2 s, 210 MB); 3,000 starting
combat cards each made setup an answer of 15,016 events. Long lists and strings cost memory in
every process that keeps the pack and in every state that copies them.

The types below are the field types of :mod:`.content` with their bounds (``msgspec.Meta``), so a
pack that breaks one is refused while it is decoded, with a JSON pointer to the member. Each bound
admits the base game two to four times over, or what the rules could ever use (the tracks, the
hexes of the board); what depends on several fields (a starting value within its track, the units
of one reward) is checked by :func:`.content_checks.check_limits` when the pack is registered.

A position (:mod:`.position`) comes from clients too, and ``state_of`` turns its numbers into work
the same way: the last section bounds a table -- what a seat holds, the board, the decks and the
steps under way -- by the components (8 workers, 4 mechs), by the bounds of a pack above (a track
of a pack is at most ``Track``, its combat deck at most ``MAX_COMBAT_CARDS``) or, for what has no
printed limit (coins, resource tokens, turns), generously beyond any real table.
"""

from __future__ import annotations

from typing import Annotated, Final, TypeAlias

import msgspec

# --------------------------------------------------------------------------------------------
# Strings
# --------------------------------------------------------------------------------------------

#: An id of a space (``r4c3``, ``base_nordic``): printed in states, moves and events.
SpaceId: TypeAlias = Annotated[str, msgspec.Meta(min_length=1, max_length=32)]
#: A printed name (pack, mat, faction, character, objective card; the longest is 41 characters).
Name: TypeAlias = Annotated[str, msgspec.Meta(max_length=120)]
#: Prose of the provenance and doubts (sources, notes, resolutions, rulebook quotes; the longest of
#: the default pack is 665 characters).
Prose: TypeAlias = Annotated[str, msgspec.Meta(max_length=2000)]
#: A doubt's stable key (``factory_cards.4.coins``).
ItemKey: TypeAlias = Annotated[str, msgspec.Meta(max_length=120)]

# --------------------------------------------------------------------------------------------
# Numbers
# --------------------------------------------------------------------------------------------

#: Anything printed as a cost or reward on a card, a mat or a bonus, and a top-row option's amount
#: (the largest printed is 5). Rewards are taken one unit at a time or as one of 0..amount, so this
#: bounds those decisions.
MAX_AMOUNT: Final = 10
Amount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)]
#: A track's length or a position on it (popularity 18, power 16, Triumph goals up to 18).
Track: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=40)]
#: The most power the dial can commit (7): a battle offers every power from 0 to it.
MAX_DIAL: Final = 20
DialMax: TypeAlias = Annotated[int, msgspec.Meta(ge=1, le=MAX_DIAL)]
#: A player mat's starting coins (4-7): the first bribe offers $1..coins to every other player.
StartingCoins: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=20)]
#: Cards a faction or mat deals at setup, one chance decision each (combat cards 0-4, objectives 2).
StartingCards: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=10)]
#: End-game coins of a scoring row (the largest printed is 9).
Payoff: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=50)]
#: A count an objective or a structure bonus tile compares with (territories, resources, pieces:
#: at most 20 printed); the board has at most ``MAX_TERRITORIES`` territories.
Threshold: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=200)]
#: The number printed on a card (encounters 1-28, objectives 1-23, Factory cards 1-12).
CardNumber: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=999)]
#: A small ordinal printed on a component (a mat's number 1-5, a faction's seat 1-5).
Ordinal: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=99)]
#: A row or column of the board (rows 0-8, columns 0-7 on the printed board).
Coordinate: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=31)]
#: A combat card's power: the deck has cards of 2, 3, 4 and 5 (``state.CARD_VALUES``).
CardValue: TypeAlias = Annotated[int, msgspec.Meta(ge=2, le=5)]
#: Combat cards of one power (16, 12, 8, 6).
MAX_CARDS_OF_A_VALUE: Final = 40
CardCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_CARDS_OF_A_VALUE)]
#: Stars per player (6): the game ends when a player has placed them all.
MAX_STARS: Final = 12
StarsPerPlayer: TypeAlias = Annotated[int, msgspec.Meta(ge=1, le=MAX_STARS)]
#: The combat and objective star limits (2, 1), at most the stars per player.
Stars: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_STARS)]
#: How many resource tokens one end-game payout needs (2): a divisor, so at least 1.
PerPayout: TypeAlias = Annotated[int, msgspec.Meta(ge=1, le=10)]
#: A count of pieces in the box (``Components``; 80 coins is the largest). Not used by the rules.
BoxCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=999)]

# --------------------------------------------------------------------------------------------
# Collections (base game count in parentheses)
# --------------------------------------------------------------------------------------------

#: Territories of the board (47, lakes and the Factory included).
MAX_TERRITORIES: Final = 128
#: Home bases: one per ``HomeBaseOwner`` (7).
MAX_HOME_BASES: Final = 7
#: Sides of a hex (3-6 neighbours listed).
MAX_NEIGHBOURS: Final = 6
#: Territories that get a worker at setup: «всего 2 рабочих», and the Produce cost slots are
#: uncovered from the third worker on the board (``state.STARTING_WORKERS``).
MAX_STARTING_WORKERS: Final = 2
#: Player mats and factions: one per ``MatId`` / ``FactionId`` (5).
MAX_MATS: Final = 5
MAX_FACTIONS: Final = 5
#: Choices of a top-row action (1-2).
MAX_TOP_OPTIONS: Final = 4
#: Encounter cards (28), objective cards (23), Factory cards (12).
MAX_ENCOUNTERS: Final = 112
MAX_OBJECTIVES: Final = 96
MAX_FACTORY_CARDS: Final = 48
#: Requirements of one objective card (1-5).
MAX_CONDITIONS: Final = 8
#: Choices of a Factory card's top action (1-2).
MAX_FACTORY_CHOICES: Final = 8
#: Popularity tiers (3).
MAX_TIERS: Final = 8
#: Tie-breakers: one per ``TieBreaker`` (6).
MAX_TIE_BREAKERS: Final = 6
#: Structure bonus tiles: one per ``StructureBonusKind`` (6).
MAX_BONUS_TILES: Final = 6
#: Rows of one structure bonus tile (3-4).
MAX_PAYOUTS: Final = 12
#: Kinds of combat cards: one per power 2-5 (4).
MAX_COMBAT_KINDS: Final = 4
#: Spaces of the Triumph track (10).
MAX_TRIUMPH_SLOTS: Final = 20
#: Provenance entries (8) with their sources (up to 13) and notes (up to 6); doubts (25) with
#: their candidate values (up to 2).
MAX_PROVENANCE: Final = 32
MAX_SOURCES: Final = 32
MAX_NOTES: Final = 32
MAX_DOUBTS: Final = 128
MAX_DOUBT_VALUES: Final = 8
#: Characters of all the prose together (28,220 in the default pack): every process that keeps
#: the pack keeps them.
MAX_PROSE: Final = 100_000

#: The most units one reward may give in all (the largest printed is 5): each unit is one decision.
MAX_REWARD_UNITS: Final = 20


def at_most(n: int, least: int = 0) -> msgspec.Meta:
    """The bound of a collection: at most ``n`` items (and at least ``least``)."""
    return msgspec.Meta(min_length=least, max_length=n) if least else msgspec.Meta(max_length=n)


# --------------------------------------------------------------------------------------------
# A table: what a position holds (:mod:`.position`; base game in parentheses)
# --------------------------------------------------------------------------------------------

#: Seats at a table (2-5, ``Scythe.min_players`` and ``max_players``: five factions in the box).
MIN_SEATS: Final = 2
MAX_SEATS: Final = 5
#: A seat, by its number clockwise from 0.
Seat: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS - 1)]

#: The coins a seat holds. Nothing printed limits them (the coins of the box are change, not a
#: limit: ``Components`` is not used by the rules), so the bound is one no real table comes near: a
#: seat gains a few coins a turn and spends them, and random play (320 games of up to 4,622 turns)
#: held at most 68. It bounds the anytime ``give_coins`` moves, one per amount from $1 to the
#: coins held to every other seat: at most 4 x 999 of them.
MAX_COINS: Final = 999
Coins: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_COINS)]
#: Resource tokens of one type on a territory, carried by a unit or picked up or dropped on a
#: space. The rules do not count the tokens of the box either; random play heaped at most 82 food
#: on one territory.
MAX_TOKENS: Final = 999
Tokens: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_TOKENS)]

#: Workers of a faction («8 рабочих»; ``state.WORKERS``).
MAX_WORKERS: Final = 8
#: Mechs of a faction («4 механизма»; the four abilities of ``Faction.mech_abilities``).
MAX_MECHS: Final = 4
#: Structures of a faction: one of each ``Structure`` (4).
MAX_STRUCTURES: Final = 4
#: Recruits of a faction: one above each bottom-row action (4).
MAX_RECRUITS: Final = 4
#: Units of a faction: the character, the mechs and the workers (13).
MAX_UNITS: Final = 1 + MAX_MECHS + MAX_WORKERS
#: Workers together on one space (picked up or dropped there, carried by a mech): all of them.
Workers: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_WORKERS)]
#: A mech or a worker, by its index in the seat's list (0 for the character): 0-7.
UnitIndex: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_WORKERS - 1)]
#: A mech, by its index in the seat's list: 0-3.
MechIndex: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_MECHS - 1)]
#: Technology cubes moved by Upgrade: one per top-row choice with a cube, at most
#: ``MAX_TOP_OPTIONS`` on each of the four top-row actions (6, «Завершить 6 улучшений»).
MAX_CUBES: Final = 4 * MAX_TOP_OPTIONS

#: Combat cards in all: ``MAX_COMBAT_KINDS`` powers of at most ``MAX_CARDS_OF_A_VALUE`` cards each
#: (42: 16, 12, 8 and 6). A hand, the cards to draw or to discard are at most the deck.
MAX_COMBAT_CARDS: Final = MAX_COMBAT_KINDS * MAX_CARDS_OF_A_VALUE
CombatCardCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_COMBAT_CARDS)]
#: Objective cards held, when only their count is shown: at most the deck (23).
ObjectiveCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_OBJECTIVES)]
#: Factory cards set out, when only their count is shown: at most the deck (12; players + 1 are
#: set out).
FactoryCardCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_FACTORY_CARDS)]
#: Options of an encounter card (3, ``EncounterCard.options``): one is chosen by index 0-2, two
#: by Polania («Изворотливость»).
ENCOUNTER_OPTIONS: Final = 3
EncounterChoice: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=ENCOUNTER_OPTIONS - 1)]

#: Steps of a Move: printed (1; a Factory card's ``moves``, 2), and Speed adds one for the
#: character and mechs.
Steps: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT + 1)]
#: Turns completed. A counter: nothing is done per turn. A real game takes some 20 turns a seat;
#: random play, which rarely wins, ends within 5,000 (320 games: at most 4,622).
MAX_TURNS: Final = 1_000_000
Turns: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_TURNS)]
#: Steps a decision is part of (``ScythePosition.under_way``): the rules nest a few (a battle's
#: draw in a Move; an encounter's reward's bottom-row action and its recruits' bonuses); random
#: play nests at most 3.
MAX_UNDER_WAY: Final = 16
