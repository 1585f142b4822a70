"""The Ancient World (Red Raven Games 2014; Russian edition «Древний мир», Hobby World).

The complete rules of the rulebook, with its cards as a content pack (:mod:`.content`).

Rulings
=======

Where the rulebook is silent or ambiguous, a careful referee's reading was chosen:

* **Seats and neighbours.** Seat 0 is the oldest player and starts with the first-player token;
  play goes clockwise through seats 0, 1, 2, 3, so a seat's *left* neighbour (who plays after it)
  is seat + 1 and its *right* neighbour seat − 1 (Scribes' guild, Remote outpost).
* **First player.** The turn order of the current round is not changed by Rebuild or Town hall:
  the holder of the token simply starts the next round. The token starts hand side down. Rebuild
  takes it hand side up (nobody else may take it this round; the holder's own Rebuild keeps it);
  Town hall takes it only while it lies hand side down and leaves it hand side down.
* **Income** includes the capital's 5 coins («5 монет в раунд»); lost cards give no income.
* **Serve in the army** gives a generic attack symbol that counts against every titan (swords-only
  ones too), for every fight of the round.
* **Fights.** The fighter pays armies one at a time; :class:`~.moves.Attack` is offered once the
  attack reaches the defence (more armies may still be paid, for trophies or espionage). If the
  attack cannot reach it, :class:`~.moves.Withdraw` ends the fight without the titan; the armies
  paid stay used (the rulebook has no lost fights, so the coins stay spent). Espionage gives its
  knowledge when the army is paid; trophies after the victory; rebuild icons before the dice. The
  defeated titan is taken, the next one revealed, then trophies, rebuild icons, the destruction
  dice (one per banner of the titan; die ``i`` of the pack is used for the ``i``-th roll, cycling),
  the losses (the fighter's choice), and the discards over a reduced army limit (the fighter's
  choice of whole armies; discarded starting army cards go back to the box).
* **Build and Recruit buy a card: "may buy" is not "may buy nothing".** «Строить. Игрок может
  купить 1 карту империи» and «Рекрутировать. Игрок может купить одну карту войска» say what the
  action lets the player do, as «может» does for the turn's actions themselves («Игрок может
  поместить один из своих жетонов жителей»); the action is done at once («Поместив жетон жителя на ячейку действия, игрок немедленно выполняет это действие»),
  the board states it without a «может» («Купите 1 карту империи», «Купите 1 карту войска»), and
  a player who does not want to act passes («Если игрок не желает или не может ... размещать
  жителя на ячейке действия, он обязан спасовать»). Where a choice to do less is meant, the text
  says so: «до 2» on Rebuild, «ЛИБО» on Explore. So a citizen may be placed on Build or Recruit
  only if a card can be bought (placement fee included), and once placed it buys exactly one
  (``build.must_buy``, ``recruit.must_buy``: a :class:`~.moves.Decline` is refused); the army
  card bought goes into an army («должен поместить её в одну из своих армий»).
* **"May" actions need something to do.** Likewise a citizen may be placed on Expand borders only
  if a province is face up and can be paid for, on Learn / Increase population only with the
  coins, on Explore only if a card can be explored, on a Bridge / Trade city only if some other
  player's card action can be paid for, on a Forest refuge only if a titan deck is left. Rebuild
  may stop early («до 2»); rebuilding from a card action or an army icon is not optional when a
  card is lost.
* **Recruit.** Below the army limit the new card may start a new army or go over any unused
  active army (disbanding it, «поместить её в одну из своих армий»); at the limit it must go over
  an unused one. A disbanded card's coins go back to the supply.
* **Citizens.** 5 tokens a colour (20 in the box): a citizen symbol or Increase population gives
  the lowest skill the seat lacks, nothing when it has all five. A citizen from a card symbol is
  ready at once; one from Increase population waits on the starving space until next round.
  Starting cards do not give their citizen symbols (the setup gives citizens 1-3).
* **Feeding.** Food comes from the capital and face-up cards; when citizens outnumber it the seat
  chooses which citizens starve (all starve without a choice when there is no food for any). The
  feeding after round 6 also happens (it decides the −2 VP per starving citizen).
* **Spaces.** Every empire card, lost ones too, takes a space. Building with the Crane frees the
  Crane's space first (and takes away any space the Crane itself gave).
* **Duplicates** are cards of the same name (owned face up or lost); set-aside cards may repeat.
* **Empire decks.** The empire cards have one discard pile, whatever their deck: the row left at
  the end of a round, the cards of an Explore not set aside and a discarded Crane all go on it. When
  the deck in use runs out -- deck A in rounds 1-3, deck B from round 4 («Раунд 4. Используйте
  колоду империи В») -- the whole pile is shuffled into a new deck («Если колода империи
  закончилась, перемешайте сброшенные карты империи — они образуют новую колоду»), so from round 4
  the deck A cards discarded in rounds 1-3 join deck B. Deck A's cards left in round 4 stay apart,
  unused. The pile is kept face down (a view shows its size only). The army deck is refilled from
  the army discard pile; titan and province decks are not refilled. A deck that cannot give a card
  gives none (a shorter row, fewer Explore cards).
* **Positions from a table** (:mod:`.position`). A companion app may give a deck, the empire
  discard pile and a seat's set-aside cards as counts; they are dealt by the seed from what the
  pack leaves: deck A takes deck A cards, deck B deck B cards (all of them before round 4, when it
  is set aside untouched) and from round 4 deck A cards if it needs more (the discards shuffled
  into it), the discard pile and the set-aside piles the empire cards left. What the rules do by
  themselves is read from the table, not given: a face-up province or titan missing while its
  deck has cards is being revealed, the rows are being dealt in phase 1, the feeding of phase 3
  falls to the seats with more citizens than food, a seat over its army limit discards.
* **Set-aside cards** are face down: other seats see how many, not which, even those set aside
  from the face-up row.
* **Expand borders+** puts the unchosen provinces under the deck in the order they were drawn;
  their owner alone knows them. **Forest refuge** takes the face-up titan and the 3 under it, the
  player puts them back one at a time from the top; the new top is revealed and the player alone
  knows the rest.
* **Bridge / Trade city** use any other player's face-up empire card action (occupied or not,
  paying its cost), but not another Bridge or Trade city; the user gets the effect (Desert caravan
  counts the user's food, Town hall gives the user the token).
* **Card actions** of provinces and titans work like those of empire cards (owner only, once a
  round, any citizen). A citizen on a card that is lost later in the round stays there until the
  citizens go home. Cryptic ship explores even in round 1: its action is not the board's
  Explore space, which the round track closes.
* **Reactions.** Scribes' guild and Remote outpost are decided by their owners right after the
  Learn action, clockwise from the learner (a seat that passed may still react); with 2 players the
  other seat is both neighbours. Zorsk playwrights is decided right after passing.
* **Feeding decisions** are taken clockwise from the holder of the first-player token.
* **Expand borders+** with fewer than 3 province cards left offers the ones there are.
* **Numbers named by the card clarifications** are floors on the printed symbols, so a pack may
  print them or not without counting them twice (Great archivists: ≥1 income coin, ≥+2 Explore
  cards; Cryptic ship: ≥2 coins; Town hall: ≥1 knowledge).
* **Scoring.** Lost cards count as restored (banners, card scoring, the tie-break card count).
  A Citadel-like bonus uses the uncapped banner count; Moon festival counts sets of one banner of
  each of the pack's 5 tribes. Coin and knowledge supplies are unlimited.
"""

from __future__ import annotations

import importlib.resources
from typing import Any, ClassVar

import msgspec

from arbiter.core.recipes import Recipe
from arbiter.core.tabled import Rules, TabledGame
from arbiter.games.the_ancient_world import (
    checks,
    examples,
    flow,
    hidden,
    legality,
    positions,
    recipes,
    render,
    scoring,
    setup,
    view,
)
from arbiter.games.the_ancient_world.content import AncientWorldContent, cards
from arbiter.games.the_ancient_world.describe import describe_move
from arbiter.games.the_ancient_world.events import AncientWorldEvent, redact
from arbiter.games.the_ancient_world.moves import AncientWorldMove
from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.position import AncientWorldPosition
from arbiter.games.the_ancient_world.rule_codes import RULE_CODES
from arbiter.games.the_ancient_world.shapes import SHAPES
from arbiter.games.the_ancient_world.state import AncientWorldState
from arbiter.games.the_ancient_world.tables import Tables
from arbiter.games.the_ancient_world.view import AncientWorldView

PACKAGE = "arbiter.games.the_ancient_world"
DEFAULT_PACK = "data/default.json"
#: Why a seat's food, army limit and spaces change without an event of their own.
_DERIVED = (
    "derived: the capital's symbols plus those of the seat's face-up empire cards, provinces and "
    "titans (symbols from the content pack; every change of those cards comes with an event)"
)


def load_default_content() -> AncientWorldContent:
    """The pack shipped in ``data/default.json``."""
    raw = importlib.resources.files(PACKAGE).joinpath(DEFAULT_PACK).read_bytes()
    return msgspec.json.decode(raw, type=AncientWorldContent)


class TheAncientWorld(
    TabledGame[
        AncientWorldState, AncientWorldContent, AncientWorldOptions, AncientWorldView, Tables
    ]
):
    id = "the-ancient-world"
    title = "The Ancient World"
    min_players = 2
    max_players = 4
    rules_version = "1.2.0"
    state_shapes = SHAPES
    description = (
        "Build a city-state over 6 rounds: place citizens on actions, buy empire cards, recruit "
        "armies and fight titans; score sets of tribe banners."
    )
    has_chance = True
    has_hidden_information = True
    #: Every other change of a view comes with an event (:mod:`.events`).
    silent_view_members: ClassVar[dict[str, str]] = {
        "/step": "counts every decision applied",
        "/pending": "the steps under way, the last one the decision told by to_act and the "
        "legal moves (private cards in it only for their owner)",
        "/players/*/food": _DERIVED,
        "/players/*/army_limit": _DERIVED,
        "/players/*/space": _DERIVED,
    }

    state_type = AncientWorldState
    options_type = AncientWorldOptions
    view_type = AncientWorldView
    content_type = AncientWorldContent
    #: The default pack before its provenance labels (#39): only the labels differ.
    former_default_content_ids = ("45d4d17819a11c59",)
    move_type = AncientWorldMove
    event_type = AncientWorldEvent

    rules = Rules(
        codes=RULE_CODES,
        load_default=load_default_content,
        check_content=checks.check_content,
        content_cards=cards,
        content_labels=lambda c: c.labels,
        make_tables=Tables,
        initial_state=setup.initial_state,
        advance=flow.advance,
        generate_moves=flow.generate_moves,
        candidate_moves=flow.candidate_moves,
        chance_outcomes=flow.chance_outcomes,
        explain=legality.explain,
        perform=flow.perform,
        make_view=view.make_view,
        final_result=scoring.final_result,
        over=lambda s: s.phase == "over",
        begun=lambda s: s.phase != "preparation",
        check_state=checks.check_state,
        describe=describe_move,
        render_view=render.render_view,
        redact=redact,
        hidden_variant=hidden.hidden_variant,
        state_of=positions.state_of,
        position_of=positions.position_of,
        position_examples=examples.position_examples,
    )
    position_type = AncientWorldPosition

    #: :func:`.flow.to_act` itself, not a method calling it: a decision asks it several times.
    #: The same signature without ``self``, which mypy cannot see through ``staticmethod``.
    to_act = staticmethod(flow.to_act)  # type: ignore[assignment]

    def table_recipes(self) -> list[Recipe]:
        """The recipes of a real table (:mod:`.recipes`)."""
        return recipes.table_recipes()

    def draw_without_listing(self, state: AncientWorldState) -> Any | None:
        return flow.drawn_card(state)  # a card: drawn without listing the deck
