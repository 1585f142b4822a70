"""Every rule code Scythe refuses with, and the rulebook section each one enforces.

The sections are the headings of the Russian rulebook (``../shared/rules/scythe.ru.txt``) as
printed; a paragraph is the lead-in of the paragraph that says the rule, as printed. Where the
rulebook is silent the code enforces a ruling of :mod:`.game` and says so. The list is documentation
(the reference page ``docs/games/scythe.md`` and the ``/problems/<code>`` pages), checked against
the source by ``tests/scythe/test_rule_codes.py``: every code the rules can raise is here, and
nothing else.
"""

from __future__ import annotations

from arbiter.core import RuleCode, RuleCodes

NS = "scythe"

# Headings of the rulebook, as printed.
SETUP = "ПОДГОТОВКА К ИГРЕ"
BOARD_SETUP = "ПОДГОТОВКА ИГРОВОГО ПОЛЯ"
PLAY = "ИГРОВОЙ ПРОЦЕСС"
TOP_ROW = "ДЕЙСТВИЯ ВЕРХНЕГО РЯДА"
MOVE = "ДВИЖЕНИЕ"
BOLSTER = "УСИЛЕНИЕ"
TRADE = "ТОРГОВЛЯ"
PRODUCE = "ПРОИЗВОДСТВО"
BOTTOM_ROW = "ДЕЙСТВИЯ НИЖНЕГО РЯДА"
UPGRADE = "УЛУЧШЕНИЕ"
DEPLOY = "ВВОД В СТРОЙ"
BUILD = "СТРОИТЕЛЬСТВО"
ENLIST = "МОБИЛИЗАЦИЯ"
FACTION_ABILITIES = "ОСОБЕННОСТИ ФРАКЦИЙ"
COMBAT = "БИТВА"
POWER_DIAL = "ВЫБОР СИЛЫ"
ENCOUNTERS = "СЛУЧАЙНЫЕ ВСТРЕЧИ"
FACTORY = "ФАКТОРИЯ"
FACTORY_CARDS = "КАРТЫ ФАКТОРИИ"
OBJECTIVES = "ЦЕЛИ"
BRIBES = "СОЮЗЫ И ПОДКУП"
END = "ОКОНЧАНИЕ ИГРЫ И ПОДСЧЕТ ОЧКОВ"
STARS = "РАЗМЕЩЕНИЕ ЗВЕЗД"
EDGE_CASES = "КРАЙНИЕ СЛУЧАИ"
CONCEPTS = "ОСНОВНЫЕ ПОНЯТИЯ"
UNITS = "ТИПЫ ИГРОВЫХ ЕДИНИЦ (ЮНИТОВ)"
COMPONENTS = "ОБЩИЕ КОМПОНЕНТЫ ИГРЫ"
FACTION_COMPONENTS = "КОМПОНЕНТЫ ФРАКЦИЙ"
FACTION_MAT = "ПЛАНШЕТ ФРАКЦИИ"

# Paragraphs quoted more than once.
COST_FIRST = "сначала заплатите его стоимость, потом получите награду (или часть награды"
RIVERS = "РЕКИ И ОЗЕРА"
SEAWORTHY = "МОРЕХОДЫ"
CARGO = "РЕСУРСЫ И РАБОЧИЕ"
REWARD_PLACE = "РАЗМЕЩЕНИЕ НАГРАДЫ"
CHOOSING = "ВЫБОР ФРАКЦИИ"
NOT_BUILT_ON = "ГДЕ НЕЛЬЗЯ СТРОИТЬ"
CONTROLLED_RESOURCES = "ИСПОЛЬЗОВАНИЕ РЕСУРСОВ С ПОДКОНТРОЛЬНЫХ ТЕРРИТОРИЙ"
COERCION = "КРИМЕЯ (ПРИНУЖДЕНИЕ)"
ONE_TIME_BONUS = "ЕДИНОВРЕМЕННЫЙ БОНУС"
TURN_ORDER = "В свой ход выполняйте действия в следующем порядке"

_codes = RuleCodes(NS)
_move = _codes.move
_state = _codes.state


RULE_CODES: tuple[RuleCode, ...] = (
    # ------------------------------------------------------------------ raised by the core
    _move(
        "setup.players",
        SETUP,
        "",
        "A game is set up for 2 to 5 players (the solo Automa of the cover's «1-5» is not "
        "implemented).",
    ),
    _move(
        "not_your_turn",
        PLAY,
        "Игроки ходят по очереди",
        "This seat (or chance) may not decide now: the decision waits for another actor.",
    ),
    _move(
        "game_over",
        END,
        "Игра заканчивается, как только один из игроков размещает свою 6-ю звезду",
        "The game is over: a 6th star was placed, so no decision follows.",
    ),
    # ------------------------------------------------------------------ setup and the turn
    _move(
        "setup.faction_taken",
        SETUP,
        CHOOSING,
        "(`assignment: chosen`) The faction is unknown or another seat took it.",
    ),
    _move(
        "setup.mat_taken",
        SETUP,
        CHOOSING,
        "(`assignment: chosen`) The player mat is unknown or another seat took it.",
    ),
    _move(
        "chance.not_an_outcome",
        BOARD_SETUP,
        "Перемешайте",
        "A chance outcome (a deal, a draw from a shuffled deck) that the pending chance decision "
        "cannot give, or no chance decision is pending.",
    ),
    _move(
        "decision.wrong_move",
        PLAY,
        TURN_ORDER,
        "The move does not answer the decision pending now: the turn's stage (section, top "
        "action, bottom action, end) or the task on top of the stack.",
    ),
    _move(
        "move.not_legal_now",
        PLAY,
        TURN_ORDER,
        "The move answers the pending decision but is not among its legal moves, and no more "
        "specific rule names why.",
    ),
    _move(
        "section.unknown",
        PLAY,
        "Разместите фишку действия на одну из секций Вашего планшета",
        "The action token goes on section 0-3 of the player mat, or 4 for a Factory card.",
    ),
    _move(
        "section.same_as_last_turn",
        PLAY,
        "нельзя повторить действие, выполненное в предыдущий ход",
        "The section chosen last turn cannot be chosen again (Rusviet's Relentless excepted).",
    ),
    _move(
        "section.no_factory_card",
        FACTORY_CARDS,
        "ИСПОЛЬЗОВАНИЕ ДЕЙСТВИЙ ФАКТОРИИ",
        "Section 4 is a Factory card, and this seat has none.",
    ),
    _move(
        "top.unknown_choice",
        TOP_ROW,
        "Сделайте одно из следующего",
        "The top-row action (or the Factory card's top action) has no such choice.",
    ),
    _move(
        "bottom.wrong_action",
        BOTTOM_ROW,
        "",
        "The target (Upgrade, Deploy, Build or Enlist) is not that of the bottom-row action "
        "being taken.",
    ),
    # ------------------------------------------------------------------ costs and rewards
    _move("pay.not_enough_coins", PLAY, COST_FIRST, "The seat lacks the coins to pay (or give)."),
    _move("pay.not_enough_popularity", PLAY, COST_FIRST, "The seat lacks the popularity to pay."),
    _move("pay.not_enough_power", PLAY, COST_FIRST, "The seat lacks the power to pay."),
    _move(
        "pay.not_enough_combat_cards", PLAY, COST_FIRST, "The seat lacks the combat cards to pay."
    ),
    _move("pay.no_such_combat_card", PLAY, COST_FIRST, "The combat card paid is not in the hand."),
    _move(
        "pay.not_enough_resources",
        BOTTOM_ROW,
        "",
        "The bottom-row action costs more resource tokens of its kind than the territories the "
        "seat controls hold (Crimea counting one combat card by Coercion).",
    ),
    _move(
        "pay.no_resource_there",
        CONCEPTS,
        CONTROLLED_RESOURCES,
        "No resource token of the action's kind lies on that territory.",
    ),
    _move(
        "pay.not_controlled",
        CONCEPTS,
        CONTROLLED_RESOURCES,
        "Resources are spent only from territories the seat controls.",
    ),
    _move(
        "pay.coercion",
        FACTION_ABILITIES,
        COERCION,
        "Only Crimea pays a resource with a combat card (Coercion).",
    ),
    _move(
        "pay.coercion_used",
        FACTION_ABILITIES,
        COERCION,
        "Coercion pays with one combat card a turn, and this turn's is used.",
    ),
    _move(
        "gain.unknown_item",
        PLAY,
        COST_FIRST,
        "Not a kind of reward (coins, popularity, power, combat cards, a resource, a worker, "
        "an action).",
    ),
    _move("gain.not_in_reward", PLAY, COST_FIRST, "The pending reward holds none of that."),
    _move(
        "gain.amount",
        PLAY,
        COST_FIRST,
        "A top-row reward is taken as one amount from 0 to the full reward, short of passing a "
        "track's end or drawing more combat cards than the deck and discard pile hold.",
    ),
    _move(
        "gain.track_full",
        PLAY,
        COST_FIRST,
        "The track is at its end (power 16, popularity 18): no more of it can be taken.",
    ),
    _move(
        "gain.no_combat_card",
        BOLSTER,
        "Если колода сброса пуста, карту взять нельзя",
        "The combat deck and its discard pile are empty: no combat card can be drawn.",
    ),
    _move(
        "gain.no_worker_left",
        FACTION_COMPONENTS,
        "8 рабочих",
        "All 8 workers of the faction are on the board: none is left to gain.",
    ),
    _move(
        "gain.action_impossible",
        ENCOUNTERS,
        "ОТДЕЛЬНЫЕ ЗАТРАТЫ И НАГРАДЫ",
        "The reward's action (upgrade, deploy, build, enlist) has nothing it could do now.",
    ),
    _move(
        "gain.territory",
        ENCOUNTERS,
        REWARD_PLACE,
        "This reward goes where the rules put it (the character's territory), not on a "
        "territory of the seat's choosing.",
    ),
    # ------------------------------------------------------------------ top-row actions
    _move(
        "trade.no_worker",
        TRADE,
        "Нельзя использовать действие Торговли, если все Ваши рабочие находятся на домашней базе",
        "Trade needs a controlled territory with the seat's worker on it.",
    ),
    _move(
        "trade.territory",
        TRADE,
        "положите их на любую контролируемую Вами территорию с рабочим на ней",
        "Traded resources (and a Factory card's) go on a controlled territory with the seat's "
        "worker on it.",
    ),
    _move(
        "produce.territory",
        PRODUCE,
        "выберите 1-2 *различные* территории, которые Вы контролируете",
        "Production happens on a controlled territory with the seat's workers, or the Mill's.",
    ),
    _move(
        "produce.twice",
        PRODUCE,
        "выберите 1-2 *различные* территории",
        "Each territory produces once an action: the territories are different ones.",
    ),
    _move(
        "produce.amount",
        PRODUCE,
        "каждый рабочий может произвести 1 фишку ресурса",
        "A territory produces 1 to as many tokens as it has workers (the Mill counts as one).",
    ),
    # ------------------------------------------------------------------ Move
    _move("move.unknown_unit", UNITS, "", "Not a unit: a character, a mech or a worker is moved."),
    _move(
        "move.unknown_item",
        MOVE,
        CARGO,
        "Not something a unit carries: a worker (mechs only) or a resource token.",
    ),
    _move(
        "move.unknown_space",
        MOVE,
        "",
        "The destination is not a space of the board.",
    ),
    _move(
        "move.unit_moving",
        MOVE,
        "",
        "A unit is still moving: it stops (EndUnitMove) before another one is selected or the "
        "Move ends.",
    ),
    _move(
        "move.no_unit_moving",
        MOVE,
        "",
        "No unit is selected: picking up, dropping, stepping and stopping need one.",
    ),
    _move(
        "move.no_units_left",
        MOVE,
        "Передвиньте 1-2 *различных* юнита",
        "The Move action already moved all the units it may (two, one for a Factory card).",
    ),
    _move(
        "move.no_unit",
        MOVE,
        "Передвиньте 1-2 *различных* юнита",
        "No unit of the seat of that kind, not yet moved this action, stands there.",
    ),
    _move("move.stuck", MOVE, "", "That unit has no step it could take."),
    _move(
        "move.no_steps_left",
        MOVE,
        "",
        "The unit has no step left (one, more with Speed or a Factory card; entering an "
        "opponent's units or an encounter ends its move).",
    ),
    _move(
        "move.not_adjacent",
        MOVE,
        "с текущей на примыкающую территорию",
        "The destination is not adjacent (tunnels, the Mine, Underpass and Township joining "
        "spaces included).",
    ),
    _move(
        "move.river_crossing",
        MOVE,
        RIVERS,
        "Units cannot cross rivers (Riverwalk, and Nordic workers' Swim, excepted).",
    ),
    _move(
        "move.lake",
        MOVE,
        RIVERS,
        "Units cannot move onto lakes (Seaworthy and Submerge let characters and mechs).",
    ),
    _move(
        "move.home_base",
        MOVE,
        "ДОМАШНЯЯ БАЗА",
        "No unit moves onto a home base (Crimea's Wayfare excepted).",
    ),
    _move(
        "move.resources_to_home_base",
        MOVE,
        "ДОМАШНЯЯ БАЗА",
        "Resource tokens stay on territories: none is carried onto or dropped on a home base "
        "(a ruling).",
    ),
    _move(
        "move.worker_into_enemy",
        MOVE,
        "ДВИЖЕНИЕ ПО ТЕРРИТОРИИ, КОНТРОЛИРУЕМОЙ СОПЕРНИКОМ",
        "A worker does not move by itself onto a territory with an opponent's units.",
    ),
    _move(
        "move.worker_leaving_enemy",
        MOVE,
        "ЕСЛИ КОНТРОЛИРУЕТСЯ ГЕРОЕМ И/ИЛИ МЕХАНИЗМОМ",
        "A worker does not move by itself off a territory held by an opponent's character or mech.",
    ),
    _move(
        "move.worker_on_lake",
        DEPLOY,
        SEAWORTHY,
        "A worker does not leave a lake without a mech carrying it.",
    ),
    _move(
        "move.lake_cargo",
        DEPLOY,
        SEAWORTHY,
        "Workers and resource tokens are not left on a lake: the unit leaving takes them.",
    ),
    _move("move.carry_workers", MOVE, "МЕХАНИЗМЫ", "Only mechs carry workers."),
    _move(
        "move.nothing_to_load",
        MOVE,
        CARGO,
        "Nothing of that kind to pick up where the unit stands.",
    ),
    _move(
        "move.nothing_to_unload",
        MOVE,
        CARGO,
        "The unit carries nothing of that kind to drop.",
    ),
    _move(
        "move.dropped_here",
        MOVE,
        CARGO,
        "What a unit dropped on a space is not picked up there again, nor the reverse (a "
        "ruling: the choices stay finite).",
    ),
    # ------------------------------------------------------------------ combat
    _move(
        "combat.no_battle_there",
        COMBAT,
        "активный (атакующий) игрок выбирает порядок проведения битв",
        "The attacker chooses the next battle among the contested territories; none waits there.",
    ),
    _move(
        "combat.artillery_power",
        DEPLOY,
        "Артиллерия",
        "Nordic Artillery costs 1 power, and the seat has none.",
    ),
    _move(
        "combat.too_many_cards",
        POWER_DIAL,
        "ДОБАВИТЬ КАРТУ(Ы) БИТВЫ",
        "One combat card per character or mech in the battle (Rusviet's People's Army: one "
        "more with a worker there).",
    ),
    _move(
        "combat.no_such_card",
        POWER_DIAL,
        "ДОБАВИТЬ КАРТУ(Ы) БИТВЫ",
        "The combat card added is not in the hand.",
    ),
    _move("combat.power_negative", POWER_DIAL, "", "The power dial starts at 0."),
    _move(
        "combat.power_over_7",
        POWER_DIAL,
        "потратить на Круге Силы можете не более 7",
        "At most 7 on the power dial.",
    ),
    _move(
        "combat.power_over_track",
        POWER_DIAL,
        "Нельзя выбрать число больше того, что Вы имеете на треке Силы",
        "No more on the power dial than the seat's power track.",
    ),
    _move(
        "combat.retreat",
        DEPLOY,
        SEAWORTHY,
        "Beaten Nordic units go to the home base or all onto one adjacent lake free of other "
        "players' units.",
    ),
    # ------------------------------------------------------------------ encounters, Factory
    _move(
        "encounter.unknown_option",
        ENCOUNTERS,
        "",
        "An encounter card has options 0, 1 and 2.",
    ),
    _move(
        "encounter.must_choose",
        ENCOUNTERS,
        "Вы должны выбрать одну",
        "One option of the encounter card must be chosen before it ends.",
    ),
    _move(
        "encounter.option_taken",
        FACTION_ABILITIES,
        "ПОЛАНИЯ (ИЗВОРОТЛИВОСТЬ)",
        "Polania's Meander takes two different options of one card.",
    ),
    _move(
        "encounter.cannot_pay",
        ENCOUNTERS,
        "ОБЯЗАТЕЛЬНАЯ СТОИМОСТЬ И ДОПОЛНИТЕЛЬНАЯ НАГРАДА",
        "An option the seat cannot pay for is not available.",
    ),
    _move(
        "factory.no_such_card",
        FACTORY,
        "Выберите одну из них",
        "The Factory card taken is not among those set out.",
    ),
    # ------------------------------------------------------------------ bottom-row actions
    _move(
        "upgrade.unknown_section",
        UPGRADE,
        "",
        "Upgrade moves a cube between the mat's sections 0-3.",
    ),
    _move(
        "upgrade.no_cube",
        UPGRADE,
        "возьмите любой кубик технологий из любого зеленого квадрата",
        "No technology cube starts on that green square.",
    ),
    _move("upgrade.cube_moved", UPGRADE, "", "That technology cube was already moved."),
    _move(
        "upgrade.no_bracket",
        UPGRADE,
        "Красные квадраты без скобок не доступны для улучшений",
        "No free red square with black brackets is left on that bottom-row action.",
    ),
    _move(
        "deploy.mech_deployed",
        DEPLOY,
        "",
        "That mech is already deployed (it is no longer on the faction mat).",
    ),
    _move(
        "deploy.no_worker",
        DEPLOY,
        "подконтрольную территорию, на которой находится хотя бы один рабочий",
        "A mech is deployed on a controlled territory with the seat's worker on it.",
    ),
    _move(
        "deploy.lake",
        DEPLOY,
        "Нельзя ввести в строй Механизм на озере",
        "No mech is deployed on a lake.",
    ),
    _move(
        "deploy.place",
        ENCOUNTERS,
        REWARD_PLACE,
        "An encounter's mech is deployed where the character is.",
    ),
    _move(
        "build.unknown_structure",
        BUILD,
        "",
        "Not a structure: Armory, Monument, Mine or Mill.",
    ),
    _move("build.built", BUILD, "", "Each of the seat's 4 structures is built once."),
    _move(
        "build.no_worker",
        BUILD,
        "подконтрольную Вам территорию, на которой стоит хотя бы 1 Ваш рабочий",
        "A structure is built on a controlled territory with the seat's worker on it.",
    ),
    _move("build.lake", BUILD, NOT_BUILT_ON, "No structure is built on a lake."),
    _move(
        "build.home_base",
        BUILD,
        NOT_BUILT_ON,
        "A home base is not a territory: nothing is built there.",
    ),
    _move(
        "build.occupied",
        BUILD,
        "1 НА ТЕРРИТОРИЮ",
        "One structure per territory, whoever built it.",
    ),
    _move(
        "build.place",
        ENCOUNTERS,
        REWARD_PLACE,
        "An encounter's structure is built where the character is.",
    ),
    _move(
        "enlist.recruit_taken",
        ENLIST,
        "",
        "The recruit of that section's bottom-row action is already enlisted.",
    ),
    _move(
        "enlist.bonus_taken",
        ENLIST,
        ONE_TIME_BONUS,
        "That one-time recruit bonus already holds a recruit (or does not exist).",
    ),
    # ------------------------------------------------------------------ objectives, bribes
    _move(
        "objective.not_your_turn",
        OBJECTIVES,
        "в любой момент Вашего хода",
        "An objective is revealed during the seat's own turn.",
    ),
    _move("objective.not_held", OBJECTIVES, "", "The seat holds no such objective card."),
    _move(
        "objective.star_taken",
        OBJECTIVES,
        "Вы можете получить только 1 звезду цели",
        "The seat already has its objective star (Saxony: two).",
    ),
    _move(
        "objective.not_met",
        OBJECTIVES,
        "Вы должны суметь выполнить все требования карты",
        "The objective's requirements are not all met at this moment.",
    ),
    _move(
        "bribe.tournament",
        BRIBES,
        "В режиме турнира",
        "(`tournament`) No coins change hands in tournament mode.",
    ),
    _move(
        "bribe.window",
        BRIBES,
        "Игроки могут заключать неформальные соглашения",
        "Coins change hands while the game is played: not during setup, not once it is over.",
    ),
    _move(
        "bribe.buy_out",
        BRIBES,
        "Вы не можете откупиться в этот момент",
        "Once a Move has ended with battles to fight, the attacker and a defender it must fight "
        "give each other no coins until that battle is revealed.",
    ),
    _move("bribe.recipient", BRIBES, "", "Coins go to another player of the game."),
    _move("bribe.amount", BRIBES, "", "A gift is at least $1."),
    # ------------------------------------------------------------------ content packs
    _codes.content(
        "invalid_content",
        COMPONENTS,
        "",
        "A pack has factions and as many player mats, the Factory, tracks, rewards and texts "
        "within their bounds, no space that does not exist, and provenance labels (if any) that "
        "label each card once, naming only values the card has.",
    ),
    # ------------------------------------------------------------------ invariants of a state
    _state(
        "invalid_state",
        FACTION_COMPONENTS,
        "",
        "Pieces and tracks as the components allow: 2-5 seats, power 0-16, popularity 0-18, "
        "8 workers, 4 mechs, 4 structures and 6 stars a faction, every combat and objective "
        "card somewhere, one structure per territory.",
    ),
    _state(
        "state.players",
        SETUP,
        CHOOSING,
        "One player state per seat; each faction and player mat once, dealt or chosen in seat "
        "order.",
    ),
    _state("state.faction", SETUP, CHOOSING, "A player's faction is one of the pack's."),
    _state(
        "state.lake",
        FACTION_ABILITIES,
        SEAWORTHY,
        "A worker on a lake stands with a mech of its own: workers reach a lake only carried by "
        "a mech and are never left there.",
    ),
    _state(
        "state.together",
        COMBAT,
        "Битва происходит, если Герой и/или Механизмы одного игрока находятся на территории",
        "Outside a Move and its battles no territory holds units of two seats: a Move ends in a "
        "battle there, or sends the workers home.",
    ),
    _state(
        "state.moved_from",
        EDGE_CASES,
        "Вы должны отменить эту часть действия Движения",
        "While battles wait, each of the attacker's units on a battle territory remembers where "
        "it came from this turn (the game's end sends it back there).",
    ),
    _state(
        "state.stars",
        STARS,
        "",
        "At most 2 stars for battles but for Saxony, one for an objective (two for Saxony) and "
        "never more than revealed, every other goal once.",
    ),
    _state(
        "state.star_missing",
        STARS,
        "Когда Вы достигнете одной из этих целей, Вы должны положить фишку звезды",
        "At a decision outside a bottom-row action every goal a seat has reached holds its star.",
    ),
    _state("state.mat", SETUP, CHOOSING, "A player's player mat is one of the pack's."),
    _state(
        "state.seat",
        PLAY,
        "Далее ход передается по часовой стрелке",
        "The active seat and the seats that saw the Factory cards are seats of the game.",
    ),
    _state(
        "state.task_seat",
        PLAY,
        TURN_ORDER,
        "A pending decision names a seat of the game, the active seat where it acts for it, "
        "and a battle two different sides.",
    ),
    _state(
        "state.task_stack",
        PLAY,
        TURN_ORDER,
        "The pending decisions form a stack the turn's order can produce (setup, section, top "
        "action, Move and what follows it, bottom action).",
    ),
    _state(
        "state.task_count",
        PLAY,
        TURN_ORDER,
        "The counts of a pending decision (steps, units, rewards) are not below their minimum.",
    ),
    _state(
        "state.section",
        PLAY,
        "Разместите фишку действия на одну из секций Вашего планшета",
        "A section is 0-3 of the mat (4: the Factory card) and matches its action.",
    ),
    _state(
        "state.unit",
        UNITS,
        "",
        "A unit named by a decision exists and stands where it says; each worker is carried once.",
    ),
    _state(
        "state.territory",
        CONCEPTS,
        "ТЕРРИТОРИЯ",
        "A named space is a territory of the board; encounter tokens lie on encounter spaces, "
        "one each; resources are carried on territories only.",
    ),
    _state(
        "state.mech_slot",
        FACTION_MAT,
        "МЕХАНИЗМЫ",
        "Each of the faction mat's 4 mech slots is deployed at most once.",
    ),
    _state(
        "state.recruit",
        ENLIST,
        ONE_TIME_BONUS,
        "Each enlisted recruit comes from a different section and sits on a different one-time "
        "bonus of the faction.",
    ),
    _state(
        "state.cube",
        UPGRADE,
        "",
        "Each moved technology cube comes from a green square with a cube, once.",
    ),
    _state(
        "state.covered",
        UPGRADE,
        "Красные квадраты без скобок не доступны для улучшений",
        "A bottom-row action has at most as many covered squares as it has black brackets.",
    ),
    _state(
        "state.combat_card",
        POWER_DIAL,
        "Колода битвы состоит из следующих карт",
        "Combat cards are worth 2-5, and no count of them is negative.",
    ),
    _state("state.objective", OBJECTIVES, "", "An objective card is one of the pack's."),
    _state(
        "state.factory_card",
        FACTORY_CARDS,
        "МАКСИМУМ 1 КАРТА",
        "A Factory card is one of the pack's, and each is set out or held once.",
    ),
    _state(
        "state.encounter_card",
        ENCOUNTERS,
        "",
        "An encounter card is one of the pack's, and each is in the deck or drawn once.",
    ),
    _state(
        "state.encounter_option",
        ENCOUNTERS,
        "",
        "A chosen encounter option is 0, 1 or 2.",
    ),
    _state(
        "state.structure_tile",
        BUILD,
        "БОНУС В КОНЦЕ ИГРЫ",
        "The structure bonus tile is one of the pack's.",
    ),
    # ------------------------------------------------------------------ positions from a table
    _state(
        "position.seats",
        SETUP,
        CHOOSING,
        "A position has 2-5 seats, each with a faction and a player mat of the pack.",
    ),
    _state("position.turn", PLAY, TURN_ORDER, "The seat whose turn it is sits at the table."),
    _state(
        "position.section",
        PLAY,
        "нельзя повторить действие, выполненное в предыдущий ход",
        "The section chosen this turn is not the one the seat's action token stood on last "
        "turn (Rusviet's Relentless excepted).",
    ),
    _state(
        "position.upgrades",
        UPGRADE,
        "переставьте его на любой красный квадрат с черными скобками",
        "A seat has moved as many technology cubes as it has covered red squares: each Upgrade "
        "moves one cube onto one square.",
    ),
    _state(
        "position.combat_cards",
        POWER_DIAL,
        "Колода битвы состоит из следующих карт",
        "The combat cards shown (hands, under the dials, the discard pile) and the hands counted "
        "are worth 2-5 and no more than the deck holds, value by value.",
    ),
    _state(
        "position.objectives",
        OBJECTIVES,
        "",
        "The objective cards shown are the pack's, each in one place, and the hands counted are "
        "no more than the cards left.",
    ),
    _state(
        "position.factory_cards",
        FACTORY_CARDS,
        "МАКСИМУМ 1 КАРТА",
        "The Factory cards kept or set out are the pack's, each in one place, and those counted "
        "are no more than the cards left.",
    ),
    _state(
        "position.unit",
        UNITS,
        "",
        "A unit a step names is the character or an entry of its seat's mechs or workers.",
    ),
    _state(
        "position.decision",
        PLAY,
        TURN_ORDER,
        "The decision pending is one the turn waits on where it stands: a turn's own decision "
        "with nothing under way, a bottom-row action's steps under the section chosen on the "
        "player mat, something left to decide.",
    ),
    _state(
        "position.game_over",
        END,
        "Игра заканчивается, как только один из игроков размещает свою 6-ю звезду",
        "The game is over exactly when a seat has placed its sixth star.",
    ),
    _state(
        "position.not_expressible",
        SETUP,
        "",
        "A position describes a table after setup, at a decision (the factions being chosen or "
        "dealt, or a step the rules run by themselves, have none).",
    ),
)
