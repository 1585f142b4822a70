"""Every rule code The Ancient World refuses with, and the rulebook section each one enforces.

The sections are the headings of the Russian rulebook («Древний мир»,
``../shared/rules/the-ancient-world.ru.txt``) as printed; a paragraph is the lead-in of the
paragraph that says the rule, as printed (an action's name, a card's name in «Уточнения карт»).
Where the rulebook is silent the code enforces a ruling of :mod:`.game` and says so. The list is
documentation (the reference page ``docs/games/the-ancient-world.md`` and the
``/problems/<code>`` pages), checked against the source by
``tests/the_ancient_world/test_rule_codes.py``: every code the rules can raise is here, and
nothing else.
"""

from __future__ import annotations

from arbiter.core import RuleCode, RuleCodes
from arbiter.games.the_ancient_world.common import NS

# Headings of the rulebook, as printed.
COMPONENTS = "СОСТАВ ИГРЫ"
SETUP = "ПОДГОТОВКА К ИГРЕ"
ROUND = "ИГРОВОЙ РАУНД"
END = "КОНЕЦ ИГРЫ"
CITIZEN_ACTIONS = "ДЕЙСТВИЯ ЖИТЕЛЕЙ"
CARD_PROPERTIES = "СВОЙСТВА КАРТ"
CARD_NOTES = "УТОЧНЕНИЯ КАРТ"
EXPAND_PLUS = "АЛЬТЕРНАТИВНОЕ РАСШИРЕНИЕ ГРАНИЦ"

# Paragraphs quoted more than once.
PREPARATION = "1. Подготовка"
PLAYER_ACTIONS = "2. Действия игроков"
END_OF_ROUND = "3. Конец раунда"
PLACE = "А. Размещение жителя"
FIGHT = "Б. Бой с титаном"
CARD_ACTIONS = "Б. Действия карт империи"
DESTRUCTION = "Разрушения от титана"
BUILD = "Строить."
EXPAND = "Расширять границы."
RECRUIT = "Рекрутировать."
EXPLORE = "Исследовать местность."
BRIDGE = "Мост."
FOREST = "Лесное убежище."

_codes = RuleCodes(NS)
_move = _codes.move
_state = _codes.state
_content = _codes.content


RULE_CODES: tuple[RuleCode, ...] = (
    # ------------------------------------------------------------------ whose decision
    _move(
        "setup.players",
        SETUP,
        "2 игрока — 4 карты, 3 игрока — 5 карт, 4 игрока — 6 карт",
        "A game is set up for 2 to 4 players.",
    ),
    _move(
        "not_your_turn",
        ROUND,
        PLAYER_ACTIONS,
        "This seat (or chance) may not decide now: the decision waits for another actor.",
    ),
    _move(
        "game_over",
        END,
        "Игра заканчивается после 6 раундов",
        "The game is over after round 6: no decision follows.",
    ),
    _move("move.bad_seat", ROUND, PLAYER_ACTIONS, "The move names no seat of this game."),
    _move(
        "decision.expected",
        ROUND,
        PLAYER_ACTIONS,
        "The move does not answer the pending decision (a turn, or a choice inside one).",
    ),
    _move(
        "move.not_legal",
        ROUND,
        PLAYER_ACTIONS,
        "The move answers the pending decision but is not among its legal moves, and no more "
        "specific rule names why.",
    ),
    # ------------------------------------------------------------------ chance
    _move(
        "chance.not_pending",
        ROUND,
        PREPARATION,
        "A card draw or a die roll when no chance decision is pending.",
    ),
    _move(
        "chance.wrong_deck",
        ROUND,
        PREPARATION,
        "The pending chance decision draws from another deck (or rolls a die).",
    ),
    _move(
        "chance.not_in_deck",
        ROUND,
        PREPARATION,
        "The card is not among the hidden cards of the deck being drawn from.",
    ),
    _move(
        "chance.not_a_roll",
        ROUND,
        DESTRUCTION,
        "No destruction die is being rolled.",
    ),
    _move(
        "chance.no_such_face",
        ROUND,
        DESTRUCTION,
        "The destruction die has no such face.",
    ),
    # ------------------------------------------------------------------ placing a citizen
    _move(
        "place.unknown_space",
        ROUND,
        PLACE,
        "The board has no such action space.",
    ),
    _move(
        "place.no_such_citizen",
        ROUND,
        PLACE,
        "The seat has no citizen token of that skill.",
    ),
    _move(
        "place.citizen_placed",
        ROUND,
        PLACE,
        "That citizen is already placed this round.",
    ),
    _move(
        "place.citizen_starving",
        ROUND,
        END_OF_ROUND,
        "That citizen is on the starving space and cannot be used this round.",
    ),
    _move(
        "place.action_closed",
        ROUND,
        PREPARATION,
        "Explore opens in round 2 and Increase population in round 3 (the round track).",
    ),
    _move(
        "place.skill_too_low",
        ROUND,
        PLACE,
        "A citizen goes on an action space only with a higher skill than every citizen there "
        "(Build, Recruit and Rebuild have their own rules).",
    ),
    _move(
        "card.not_owner",
        CITIZEN_ACTIONS,
        "Игроки не могут размещать жетоны жителей на чужих картах империи",
        "Citizens are not placed on other players' cards.",
    ),
    _move("card.not_owned", CITIZEN_ACTIONS, CARD_ACTIONS, "The seat owns no such card."),
    _move(
        "card.lost",
        ROUND,
        FIGHT,
        "A lost (face-down) card's properties do not work until it is rebuilt.",
    ),
    _move(
        "card.no_action",
        CITIZEN_ACTIONS,
        CARD_ACTIONS,
        "The card has no action space.",
    ),
    _move(
        "card.used_this_round",
        CITIZEN_ACTIONS,
        "Жетон можно поместить лишь на карту, где ещё нет его жетона жителя",
        "The seat's citizen is already on that card this round.",
    ),
    _move(
        "card.no_target",
        CARD_NOTES,
        BRIDGE,
        "Bridge and Trade city need another player's face-up card with an action the seat can "
        "pay for.",
    ),
    _move(
        "pay.not_enough_coins",
        CITIZEN_ACTIONS,
        "",
        "The seat lacks the coins: a card's price, the placement fee, an army's use, an "
        "action's cost, Expand borders, Learn, Increase population or Scribes' guild.",
    ),
    _move(
        "pay.not_enough_knowledge",
        CITIZEN_ACTIONS,
        "",
        "The seat lacks the knowledge: a card's price, an action's cost or Expand borders.",
    ),
    # ------------------------------------------------------------------ board actions
    _move(
        "build.no_card",
        CITIZEN_ACTIONS,
        BUILD,
        "Neither the empire row nor the seat's set-aside cards hold a card to build.",
    ),
    _move(
        "build.must_buy",
        CITIZEN_ACTIONS,
        "Поместив жетон жителя на ячейку действия, игрок немедленно выполняет это действие",
        "A citizen on Build buys one empire card: the purchase is the action and cannot be "
        "declined, so the citizen goes there only when a card can be bought (a ruling on «может "
        "купить»; the board says «Купите 1 карту империи»).",
    ),
    _move(
        "build.not_available",
        CITIZEN_ACTIONS,
        BUILD,
        "The card is neither in the empire row nor among the seat's set-aside cards.",
    ),
    _move(
        "build.no_crane",
        CARD_NOTES,
        "Кран.",
        "Building for free discards a face-up Crane, and the seat has none.",
    ),
    _move(
        "build.no_space",
        CITIZEN_ACTIONS,
        "Для каждой карты империи требуется 1 место",
        "Every empire card takes a space, and the seat has none free.",
    ),
    _move(
        "build.duplicate_card",
        CITIZEN_ACTIONS,
        "У игрока не может быть одинаковых карт империи",
        "The seat already owns a card of that name.",
    ),
    _move(
        "expand.no_province",
        CITIZEN_ACTIONS,
        EXPAND,
        "The province deck is empty.",
    ),
    _move(
        "expand.not_offered",
        EXPAND_PLUS,
        "Расширять границы+",
        "(`expand_borders_plus`) The province kept is not one of those drawn.",
    ),
    _move(
        "recruit.no_card",
        CITIZEN_ACTIONS,
        RECRUIT,
        "The army row is empty.",
    ),
    _move(
        "recruit.must_buy",
        CITIZEN_ACTIONS,
        "Выбрав карту и заплатив её цену, игрок должен поместить её в одну из своих армий",
        "A citizen on Recruit buys one army card and puts it in an army: neither can be declined, "
        "so the citizen goes there only when a card can be bought (a ruling on «может купить»; "
        "the board says «Купите 1 карту войска»).",
    ),
    _move(
        "recruit.not_available",
        CITIZEN_ACTIONS,
        RECRUIT,
        "The army card is not in the army row.",
    ),
    _move(
        "recruit.army_limit",
        CITIZEN_ACTIONS,
        RECRUIT,
        "At the army limit the new card goes over an unused active army: no new army starts.",
    ),
    _move(
        "recruit.army_used",
        CITIZEN_ACTIONS,
        "распустить можно лишь не использованную в текущем раунде карту войска",
        "Only an army not used this round (no coin on its scroll) may be disbanded.",
    ),
    _move(
        "recruit.no_unused_army",
        CITIZEN_ACTIONS,
        "распустить можно лишь не использованную в текущем раунде карту войска",
        "At the army limit with every active army used this round, nothing can be recruited.",
    ),
    _move(
        "explore.no_card",
        CITIZEN_ACTIONS,
        EXPLORE,
        "The empire row, deck and discard pile hold no card to explore.",
    ),
    _move(
        "explore.not_in_row",
        CITIZEN_ACTIONS,
        EXPLORE,
        "The card set aside is not in the empire row.",
    ),
    _move(
        "explore.not_drawn",
        CITIZEN_ACTIONS,
        EXPLORE,
        "The card set aside is not one of the cards drawn.",
    ),
    _move(
        "rebuild.not_lost",
        CITIZEN_ACTIONS,
        "Восстановить.",
        "The card is not one of the seat's lost empire cards.",
    ),
    _move(
        "rebuild.mandatory",
        CARD_PROPERTIES,
        "Восстановление.",
        "A rebuild icon restores 1 lost card: that rebuild cannot be declined (a ruling).",
    ),
    _move(
        "populate.no_citizen_left",
        CITIZEN_ACTIONS,
        "Увеличивать население.",
        "The seat already has all 5 citizen tokens of its colour.",
    ),
    # ------------------------------------------------------------------ titans
    _move(
        "fight.no_titan",
        ROUND,
        FIGHT,
        "No face-up titan is left in the deck of that many stars.",
    ),
    _move(
        "fight.no_unused_army",
        ROUND,
        "Использовать можно лишь те карты войск, которые ещё не были использованы",
        "Every army of the seat was used this round.",
    ),
    _move(
        "fight.army_used",
        ROUND,
        "Использовать можно лишь те карты войск, которые ещё не были использованы",
        "That army was already used this round (coins on its scroll).",
    ),
    _move(
        "fight.no_army_paid",
        ROUND,
        "Игрок не может вступить в бой с титаном, не выложив монеты хотя бы на одну карту войска",
        "A fight needs at least one army paid for.",
    ),
    _move(
        "fight.attack_too_low",
        ROUND,
        "значение атаки игрока должно быть больше или равно значению защиты титана",
        "The attack is below the titan's defence: the titan is not defeated.",
    ),
    _move(
        "fight.can_win",
        ROUND,
        FIGHT,
        "The attack already defeats the titan: the fight is not given up (a ruling).",
    ),
    _move(
        "army.no_such_army",
        ROUND,
        FIGHT,
        "The seat has no army of that number (fights, Recruit, Remote outpost, discards).",
    ),
    _move(
        "lose.not_owned",
        ROUND,
        DESTRUCTION,
        "The card lost is not one of the seat's face-up empire cards.",
    ),
    _move(
        "lose.already_lost",
        ROUND,
        DESTRUCTION,
        "The card is already lost.",
    ),
    # ------------------------------------------------------------------ card clarifications
    _move(
        "borrow.not_other_player",
        CARD_NOTES,
        BRIDGE,
        "Bridge and Trade city use another player's empire card.",
    ),
    _move(
        "borrow.not_owned",
        CARD_NOTES,
        BRIDGE,
        "That player has no such face-up empire card.",
    ),
    _move(
        "borrow.chain",
        CARD_NOTES,
        BRIDGE,
        "Bridge and Trade city do not use another Bridge or Trade city (a ruling).",
    ),
    _move(
        "forest.no_titans",
        CARD_NOTES,
        FOREST,
        "Forest refuge needs a titan deck that is not empty.",
    ),
    _move(
        "forest.not_taken",
        CARD_NOTES,
        FOREST,
        "The titan put back is not one of those Forest refuge took.",
    ),
    _move(
        "outpost.no_coin",
        CARD_NOTES,
        "Отдалённый аванпост.",
        "Remote outpost removes a coin, and that spot of the army holds none.",
    ),
    _move(
        "zorsk.no_card",
        CARD_NOTES,
        "Зорские драматурги.",
        "The empire deck and its discard pile are empty: no card to set aside from the deck.",
    ),
    _move(
        "starve.no_such_citizen",
        ROUND,
        END_OF_ROUND,
        "The seat has no fed citizen of that skill to put on the starving space.",
    ),
    # ------------------------------------------------------------------ content packs
    _content("content.id", COMPONENTS, "", "Every card of a pack has an id."),
    _content("content.duplicate_id", COMPONENTS, "", "No two cards of a pack share an id."),
    _content(
        "content.labels",
        COMPONENTS,
        "",
        "A pack with provenance labels labels each card once, naming only values the card has "
        "(a pack without labels is an owner's edition, as transcribed).",
    ),
    _content(
        "content.starting",
        SETUP,
        "стартовые карты империи «Рыбное место» и «Пшеничные поля»",
        "The starting empire and army cards are cards of the starting decks, and every seat "
        "gets starting armies.",
    ),
    _content(
        "content.capital",
        SETUP,
        "Столица даёт каждому игроку 1 еду, 4 места",
        "The capital has a space for each starting empire card.",
    ),
    _content(
        "content.deck_size",
        SETUP,
        "4 игрока — 6 карт",
        "Empire decks A and B hold a 4-player row each, the army deck a row, the province deck "
        "a card.",
    ),
    _content(
        "content.titans",
        SETUP,
        "3 колоды карт титанов (с 1, 2 и 3 звёздами)",
        "There is a titan of 1, 2 and 3 stars.",
    ),
    _content(
        "content.dice",
        COMPONENTS,
        "3 кубика",
        "The destruction dice have faces.",
    ),
    _content(
        "content.negative",
        CARD_PROPERTIES,
        "",
        "No price, defence or symbol count is negative.",
    ),
    _content(
        "content.scoring",
        END,
        "условия получения очков указаны на самих картах",
        "A card's banner bonus gives points.",
    ),
    # ------------------------------------------------------------------ invariants of a state
    _state(
        "state.players",
        SETUP,
        "2 игрока — 4 карты, 3 игрока — 5 карт, 4 игрока — 6 карт",
        "2 to 4 players.",
    ),
    _state(
        "state.round",
        ROUND,
        "Партия в «Древний мир» длится 6 раундов",
        "The round is 0 (setup) to 6.",
    ),
    _state(
        "state.seat",
        ROUND,
        PLAYER_ACTIONS,
        "The current seat, the first player, the first to pass, every placed citizen and "
        "pending decision name seats of the game.",
    ),
    _state(
        "state.board",
        ROUND,
        "Раунд 2. Откройте ячейку действия",
        "Citizens lie only on the action spaces the round track has opened (Explore from round 2, "
        "Increase population from round 3).",
    ),
    _state(
        "state.negative",
        COMPONENTS,
        "",
        "Coins, knowledge, army coins and the counts of pending decisions are not negative.",
    ),
    _state(
        "state.citizens",
        ROUND,
        PLACE,
        "A seat's citizen tokens are 1, 2, 3 and then the lowest skills it gained (4, 5), each "
        "exactly once ready, starving or placed, and placed only on the seat's own cards.",
    ),
    _state(
        "state.phase",
        ROUND,
        "Каждый раунд состоит из 3 фаз, которые проходят в следующем порядке",
        "The phase agrees with what is under way: a turn or a decision inside one in phase 2, "
        "the rows being dealt in phase 1, the feeding in phase 3, nothing once the game is over.",
    ),
    _state(
        "state.unsettled",
        ROUND,
        PLAYER_ACTIONS,
        "Whoever must decide has a choice, and nothing the game does by itself is left undone "
        "(a deck to draw from without a choice, a decision with nothing to decide).",
    ),
    _state(
        "state.turn",
        ROUND,
        "просто пропускайте ходы спасовавших игроков, пока не спасуют все",
        "A seat that passed takes no turn (only Zorsk playwrights may follow its pass), the "
        "round ends once all passed, and the decisions of a turn are its seat's, but the "
        "reactions to a Learn.",
    ),
    _state(
        "state.passed",
        ROUND,
        "Спасовав, игрок больше не принимает участия в текущем раунде",
        "A seat has passed only in phase 2, and then some seat that passed is the first to pass "
        "(first_passer).",
    ),
    _state(
        "state.first_player_token",
        CITIZEN_ACTIONS,
        "В этом раунде больше никто не сможет забрать у него жетон первого игрока",
        "The first-player token lies hand side up exactly when a citizen is on Rebuild this "
        "round, held by the seat that went there first.",
    ),
    _state(
        "state.placement",
        ROUND,
        "только если на ней нет других жителей или если навык его жителя выше навыков любых уже "
        "размещённых на ячейке жителей",
        "Citizens lie on a space in rising skill (but on Build, Recruit and Rebuild), on a card's "
        "action space once a round, and nowhere outside phase 2.",
    ),
    _state(
        "state.space",
        CITIZEN_ACTIONS,
        "Для каждой карты империи требуется 1 место",
        "A seat's empire cards, lost ones included, fit its spaces.",
    ),
    _state(
        "state.duplicate_card",
        CITIZEN_ACTIONS,
        "У игрока не может быть одинаковых карт империи",
        "No seat owns two empire cards of one name (face up or lost).",
    ),
    _state(
        "state.army_limit",
        ROUND,
        "обязан немедленно сбросить все карты войск, превышающие допустимый лимит",
        "A seat over its army limit is discarding armies now.",
    ),
    _state(
        "state.army",
        ROUND,
        FIGHT,
        "The armies paid in a fight are the seat's own, each once, with coins on their scrolls; "
        "coins lie on scrolls only in phase 2.",
    ),
    _state(
        "state.row",
        SETUP,
        "2 игрока — 4 карты, 3 игрока — 5 карт, 4 игрока — 6 карт",
        "The empire row holds 4, 5 or 6 cards at most (2, 3, 4 players), the army row as many "
        "as players, those still being dealt included.",
    ),
    _state(
        "state.wrong_deck",
        SETUP,
        "Отсортируйте карты по типу (они различаются рубашками)",
        "Every deck holds its own cards: deck A deck A cards, deck B deck B cards (and from round "
        "4 the discarded ones), a titan deck its titans of that many stars.",
    ),
    _state(
        "state.deck_b",
        SETUP,
        "до 4-го раунда они вам не понадобятся",
        "Before round 4 every deck B card is in deck B, untouched.",
    ),
    _state(
        "state.deck",
        CARD_NOTES,
        FOREST,
        "Known cards lie on top of a titan deck only (Forest refuge), under the province deck "
        "only (Expand borders+), each known to one seat.",
    ),
    _state(
        "state.face_up",
        CITIZEN_ACTIONS,
        "Игрок тут же открывает следующую карту колоды провинций",
        "A face-up province or titan that was taken is replaced at once while its deck has cards.",
    ),
    _state(
        "state.fight",
        ROUND,
        "Игрок может вступить в бой с открытой верхней картой титана",
        "A fight is against a face-up titan.",
    ),
    _state(
        "state.dice",
        ROUND,
        "Игрок бросает столько кубиков, сколько знамён племён изображено на карте титана",
        "The destruction dice rolled and to roll are the banners of the titan just defeated, and "
        "the cards to lose at most as many.",
    ),
    _state(
        "state.feeding",
        ROUND,
        "игрок обязан поместить всех «ненакормленных» жителей на ячейку «Голодающие» своего "
        "планшета",
        "The citizens left to starve are the seat's citizens beyond its food and those already "
        "starving.",
    ),
    _state(
        "state.rebuild",
        CITIZEN_ACTIONS,
        "Игрок может восстановить до 2 потерянных карт империи",
        "A rebuild that may stop early is the Rebuild space's: up to 2 cards, by a seat with a "
        "citizen there; any other restores one card a rebuild icon of the cards or armies used.",
    ),
    _state(
        "state.card_effect",
        CARD_NOTES,
        "Если вы первый спасовавший игрок",
        "A decision a card gives (Zorsk playwrights, Scribes' guild, Remote outpost) is its "
        "owner's, with the card face up, at the moment the card names; a card action's (Bridge, "
        "Trade city, Forest refuge, Cryptic ship, a rebuild icon) is the seat's whose citizen is "
        "on such a card.",
    ),
    _state(
        "state.drawn",
        CITIZEN_ACTIONS,
        "Возьмите 5 карт из колоды империи и отложите 1 из них",
        "The cards an Explore, Expand borders+ or a Forest refuge takes are as many as it draws "
        "(5 plus the eyes, 3, 4), and a draw takes at least one card.",
    ),
    # ------------------------------------------------------------------ positions from a table
    _state(
        "position.unknown_cards",
        COMPONENTS,
        "45 карт империи А",
        "The face-down cards a position counts are what the pack leaves once every card it names "
        "is taken out: each deck of its own cards, the empire cards left in the empire discard "
        "pile and the set-aside piles.",
    ),
    _state(
        "position.steps",
        ROUND,
        PLAYER_ACTIONS,
        "The steps of a position are what a turn of phase 2 can leave under way: the neighbours' "
        "reactions to a Learn in turn order, or one step of the seat whose turn it is followed by "
        "the rebuilds of the card actions it is part of.",
    ),
    _state(
        "position.unexpressible",
        ROUND,
        PLAYER_ACTIONS,
        "What is under way in the state cannot be said as the steps of a position (the state "
        "before round 1 is prepared).",
    ),
    _state(
        "state.unknown_card",
        COMPONENTS,
        "",
        "Every card named is a card of the pack, of the kind its place holds.",
    ),
    _state(
        "state.card_place",
        SETUP,
        "стартовые карты империи «Рыбное место» и «Пшеничные поля»",
        "Starting cards are only ever a player's.",
    ),
    _state(
        "state.card_twice",
        COMPONENTS,
        "",
        "Every card is in one place only (a starting card once per seat).",
    ),
    _state(
        "state.card_missing",
        COMPONENTS,
        "",
        "Every card of the pack is somewhere: a deck, a row, a discard pile, a player, the box.",
    ),
)
