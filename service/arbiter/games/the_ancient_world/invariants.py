"""Invariants of the table that a state must keep, beyond where its cards lie (:mod:`.checks`).

Each one is a consequence of the rulebook that every state the rules reach keeps, so a state that
breaks it was made by hand and cannot arise in play. They are checked once the cards are known to
be the pack's, each in one place (:func:`.checks.check_state` runs them last):

* the phase agrees with what is under way, and nothing automatic is left undone (``state.phase``,
  ``state.unsettled``);
* the turn order: a seat that passed takes no turn, every decision of phase 2 is the current
  seat's but the learn reactions, the passes and the first to pass agree (``state.turn``,
  ``state.passed``);
* the first-player token lies hand side up exactly when a citizen is on Rebuild this round
  (``state.first_player_token``); citizens go on a space in rising skill (``state.placement``);
* what a seat holds fits what its cards allow: spaces, no two empire cards of one name, armies
  within the limit (``state.space``, ``state.duplicate_card``, ``state.army_limit``), citizen
  tokens 1, 2, 3 then the next ones (``state.citizens``), army coins on a scroll only in phase 2
  (``state.army``);
* the rows, the decks and the face-up cards: row sizes, every deck holding its own cards, deck B
  untouched until round 4, known tops and bottoms only where a card puts them, a face-up card
  after every one taken (``state.row``, ``state.wrong_deck``, ``state.deck_b``, ``state.deck``,
  ``state.face_up``);
* what the pending decisions count comes from the cards, not from the decision: the destruction
  dice from the titan's banners, the starving citizens from the food, the drawn cards from the
  action, the card reactions and Zorsk playwrights from the seat's face-up cards, a card action's
  decisions from the card its citizen is on (``state.dice``,
  ``state.feeding``, ``state.drawn``, ``state.card_effect``, ``state.fight``, ``state.rebuild``).
"""

from __future__ import annotations

from arbiter.core.texts import text
from arbiter.games.the_ancient_world import flow
from arbiter.games.the_ancient_world import state as st
from arbiter.games.the_ancient_world.cards import BORROWERS
from arbiter.games.the_ancient_world.common import invalid
from arbiter.games.the_ancient_world.content import Effect
from arbiter.games.the_ancient_world.places import places
from arbiter.games.the_ancient_world.state import (
    EXPAND_PLUS_CARDS,
    EXPLORE_CARDS,
    FOREST_CARDS,
    REBUILD_ACTION_CARDS,
    ROUNDS,
    ROW_SIZE,
    SPACES,
    AncientWorldState,
    BoardSpace,
    Deck,
    Pending,
    PlayerState,
)
from arbiter.games.the_ancient_world.tables import Tables, has_effect, stats
from arbiter.games.the_ancient_world.words import given, seat_of

State = AncientWorldState

#: The steps the flow engine runs by itself at the bottom of the stack, by the phase they keep.
_BOTTOM: dict[str, tuple[type[Pending], ...]] = {
    "preparation": (st.Prepare, st.BeginActions),
    "actions": (st.EndTurn,),
    "end_of_round": (st.NextRound,),
}
_BOOKKEEPING = (st.Prepare, st.BeginActions, st.EndTurn, st.EndRound, st.NextRound)
#: The decisions of a board action, by the space whose citizen they follow.
_SPACE_OF: dict[type[Pending], BoardSpace] = {
    st.ChooseBuild: "build",
    st.ChooseExpandPay: "expand",
    st.ChooseProvince: "expand",
    st.ChooseRecruit: "recruit",
    st.ChooseEnlist: "recruit",
}
#: The spaces where a citizen goes only with a higher skill than every one there.
_RISING = tuple(space for space in SPACES if space not in ("build", "recruit", "rebuild"))


def check_table(s: State, t: Tables) -> None:
    """Refuse a state breaking an invariant of the table (cards known and each in one place)."""
    _phase(s)
    _passes(s)
    _token_and_board(s)
    for seat, p in enumerate(s.players):
        _seat(s, t, seat, p)
    _rows(s)
    check_decks(s, t)
    _face_up(s)
    for k, task in enumerate(s.pending):
        _task(s, t, k, task)
    check_settled(s, t)


# ------------------------------------------------------------------------------ the phase


def _phase(s: State) -> None:
    if s.phase == "over":
        if s.round != ROUNDS or s.pending:
            raise invalid(
                "state.phase",
                text("the game is over only after round 6, with nothing left"),
                "/phase",
            )
        return
    if not s.pending:
        if s.phase != "actions":
            raise invalid(
                "state.phase",
                text(
                    "nothing is under way in phase {phase}: only a turn of phase 2 (actions) waits for no step",
                    phase=given(s.phase),
                ),
                "/phase",
            )
        return
    if s.round == 0 and s.pending != (st.Prepare(),):
        raise invalid(
            "state.phase", text("before round 1 only its preparation is under way"), "/round"
        )
    if s.round > 0 and s.phase == "preparation" and isinstance(s.pending[0], st.Prepare):
        raise invalid(
            "state.phase", text("round {round} is already prepared", round=s.round), "/pending/0"
        )
    if not isinstance(s.pending[0], _BOTTOM[s.phase]):
        raise invalid(
            "state.phase",
            text(
                "phase {phase} does not go on with step {step}",
                phase=given(s.phase),
                step=given(_kind(s.pending[0])),
            ),
            "/pending/0",
        )
    for k, task in enumerate(s.pending[1:], start=1):
        if isinstance(task, _BOOKKEEPING):
            raise invalid(
                "state.phase",
                text("step {step} comes only first", step=given(_kind(task))),
                f"/pending/{k}",
            )
        if s.phase == "preparation" and not (
            isinstance(task, st.Draw)
            and task.to in ("empire_row", "army_row", "province_top", "titan_top")
        ):
            raise invalid(
                "state.phase",
                text("the preparation only deals the rows and turns the face-up cards"),
                f"/pending/{k}",
            )
        if (s.phase == "end_of_round") != isinstance(task, st.ChooseStarving):
            raise invalid(
                "state.phase",
                text("at the end of the round only the feeding waits for decisions")
                if s.phase == "end_of_round"
                else text("the starving citizens are chosen at the end of the round"),
                f"/pending/{k}",
            )


def _kind(task: Pending) -> str:
    return str(type(task).__struct_config__.tag)


# ------------------------------------------------------------------------ turns and passes


def _passes(s: State) -> None:
    passed = [seat for seat, p in enumerate(s.players) if p.passed]
    if s.phase != "actions":
        if passed:
            raise invalid(
                "state.passed",
                text(
                    "the passes are cleared when the round ends: nobody has passed outside phase 2"
                ),
                f"/players/{passed[0]}/passed",
            )
        if s.first_passer is not None:
            raise invalid("state.passed", text("nobody passed outside phase 2"), "/first_passer")
        return
    if s.first_passer is None:
        if passed:
            raise invalid(
                "state.passed",
                text(
                    "seat {passed} passed, so some seat was the first to pass (first_passer)",
                    passed=passed[0],
                ),
                f"/players/{passed[0]}/passed",
            )
    elif s.first_passer not in passed:
        raise invalid(
            "state.passed",
            text(
                "seat {first_passer} is the first to pass but has not passed",
                first_passer=s.first_passer,
            ),
            "/first_passer",
        )
    if len(passed) == len(s.players):
        raise invalid(
            "state.turn",
            text("every seat has passed: the round is over («пока не спасуют все»)"),
            f"/players/{passed[-1]}/passed",
        )
    if s.players[s.current].passed and not _zorsk_only(s):
        raise invalid(
            "state.turn",
            text(
                "seat {current} has passed and takes no more turns this round («просто пропускайте ходы спасовавших игроков»)",
                current=s.current,
            ),
            "/current",
        )


def _zorsk_only(s: State) -> bool:
    """Whether what is under way is Zorsk playwrights of the seat that just passed."""
    rest = s.pending[1:]
    return bool(rest) and all(
        isinstance(task, st.ChooseZorsk) or (isinstance(task, st.Draw) and task.to == "set_aside")
        for task in rest
    )


def _token_and_board(s: State) -> None:
    rebuild = s.board.rebuild
    if s.token_hand_up and not rebuild:
        raise invalid(
            "state.first_player_token",
            text(
                "the token lies hand side up only when Rebuild gave it this round, and nobody is on "
                "Rebuild"
            ),
            "/token_hand_up",
        )
    if rebuild and not s.token_hand_up:
        raise invalid(
            "state.first_player_token",
            text(
                "seat {seat} is on Rebuild, so it holds the token hand side up («кладёт его перед собой символом с рукой вверх»)",
                seat=rebuild[0].seat,
            ),
            "/token_hand_up",
        )
    if rebuild and s.first_player != rebuild[0].seat:
        raise invalid(
            "state.first_player_token",
            text(
                "seat {seat} went first on Rebuild this round, so it holds the token («В этом раунде больше никто не сможет забрать у него жетон первого игрока»)",
                seat=rebuild[0].seat,
            ),
            "/first_player",
        )
    for space in SPACES:
        spot = s.board.at(space)
        if spot and s.phase != "actions":
            raise invalid(
                "state.placement",
                text(
                    "the citizens go home at the end of the round: the board is empty outside phase 2"
                ),
                f"/board/{space}",
            )
        if space not in _RISING:
            continue
        for i in range(1, len(spot)):
            if spot[i].skill <= max(c.skill for c in spot[:i]):
                raise invalid(
                    "state.placement",
                    text(
                        "a citizen of skill {skill} cannot follow a higher or equal one on {space} («навык его жителя выше навыков любых уже размещённых»)",
                        skill=spot[i].skill,
                        space=space,
                    ),
                    f"/board/{space}/{i}/skill",
                )


# ---------------------------------------------------------------------------------- seats


def _seat(s: State, t: Tables, seat: int, p: PlayerState) -> None:
    base = f"/players/{seat}"
    if p.citizens != tuple(range(1, len(p.citizens) + 1)) or len(p.citizens) < 3:
        raise invalid(
            "state.citizens",
            text(
                "a seat's citizen tokens are 1, 2, 3 and the next skills it gained in order (4, 5)"
            ),
            f"{base}/citizens",
        )
    if p.on_cards and s.phase != "actions":
        raise invalid(
            "state.placement",
            text("the citizens go home at the end of the round: none is on a card outside phase 2"),
            f"{base}/on_cards",
        )
    cards = [oc.card for oc in p.on_cards]
    for i, card in enumerate(cards):
        if card in cards[:i]:
            raise invalid(
                "state.placement",
                text(
                    "a card's action is done once a round: a second citizen on {card}",
                    card=given(card),
                ),
                f"{base}/on_cards/{i}",
            )
        if card not in t.action:
            raise invalid(
                "state.placement",
                text("{card} has no action space", card=given(card)),
                f"{base}/on_cards/{i}",
            )
    owned = (*p.empire, *p.lost)
    for start in t.content.starting_empire:
        if start not in owned:
            raise invalid(
                "state.card_missing",
                text(
                    "every seat keeps its starting card {start} (face up or lost)",
                    start=given(start),
                ),
                f"{base}/empire",
            )
    names: dict[str, str] = {}
    for field in ("empire", "lost"):
        for i, card in enumerate(getattr(p, field)):
            name = t.name[card]
            if name in names:
                raise invalid(
                    "state.duplicate_card",
                    text(
                        "seat {seat} has two empire cards named {name} («У игрока не может быть одинаковых карт империи»)",
                        seat=seat,
                        name=given(name),
                    ),
                    f"{base}/{field}/{i}",
                )
            names[name] = card
    # Every empire card, lost ones too, takes a space; a lost card's own spaces count as its
    # owner rebuilds it (it was built while they were there).
    symbols = stats(t, p)
    space = symbols.space + sum(t.sym(c).space for c in p.lost)
    if len(owned) > space:
        raise invalid(
            "state.space",
            text(
                "seat {seat} has {owned} empire cards (lost ones included) and {space} spaces («Для каждой карты империи требуется 1 место»)",
                seat=seat,
                owned=len(owned),
                space=space,
            ),
            f"{base}/empire",
        )
    limit = symbols.army_limit
    top = s.pending[-1] if s.pending else None
    if len(p.armies) > limit and not (isinstance(top, st.ChooseDiscardArmy) and top.seat == seat):
        raise invalid(
            "state.army_limit",
            text(
                "seat {seat} has {armies} armies and an army limit of {limit}, and is not discarding the ones over it («обязан немедленно сбросить»)",
                seat=seat,
                armies=len(p.armies),
                limit=limit,
            ),
            f"{base}/armies",
        )
    if s.phase != "actions":
        for a, army in enumerate(p.armies):
            if army.scroll:
                raise invalid(
                    "state.army",
                    text(
                        "the coins on the scrolls move down to the pictures at the end of the round"
                    ),
                    f"{base}/armies/{a}/scroll",
                )


# ------------------------------------------------------------------- rows, decks, face up


def _drawing(s: State, to: str) -> int:
    return sum(task.count for task in s.pending if isinstance(task, st.Draw) and task.to == to)


def _rows(s: State) -> None:
    size = ROW_SIZE[s.n]
    if len(s.empire_row) + _drawing(s, "empire_row") > size:
        raise invalid(
            "state.row",
            text("the empire row of {n} players holds {size} cards at most", n=s.n, size=size),
            "/empire_row",
        )
    if len(s.army_row) + _drawing(s, "army_row") > s.n:
        raise invalid(
            "state.row",
            text("the army row holds as many cards as players ({n}) at most", n=s.n),
            "/army_row",
        )


def check_decks(s: State, t: Tables) -> None:
    """Every deck holds its own cards (deck B untouched before round 4); known tops and
    bottoms only where a card puts them."""
    for name in ("empire_a", "empire_b", "titan_1", "titan_2", "titan_3"):
        if name == "empire_b" and s.round >= 4:
            continue  # refilled from the one discard pile, deck A cards included
        deck: Deck = getattr(s, name)
        own = t.deck_cards[name]
        if own.issuperset(deck.middle) and own.issuperset(deck.top) and own.issuperset(deck.bottom):
            continue
        for part in ("top", "middle", "bottom"):
            for i, card in enumerate(getattr(deck, part)):
                if card not in own:
                    raise invalid(
                        "state.wrong_deck",
                        text(
                            "{card} is not a card of {name} («они различаются рубашками»)",
                            card=given(card),
                            name=name,
                        ),
                        f"/{name}/{part}/{i}",
                    )
    for stars, top in enumerate(s.titan_tops.cards(), start=1):
        if top is not None and t.titans[top].stars != stars:
            raise invalid(
                "state.wrong_deck",
                text("{top} is not a titan of {stars} stars", top=given(top), stars=stars),
                f"/titan_tops/titan_{stars}",
            )
    if s.round < 4 and len(s.empire_b.middle) != len(t.deck_cards["empire_b"]):
        for card, _, pointer in places(s):
            if card in t.deck_cards["empire_b"] and not pointer.startswith("/empire_b/middle/"):
                raise invalid(
                    "state.deck_b",
                    text(
                        "deck B is set aside until round 4 («до 4-го раунда они вам не понадобятся»), yet {card} is out of it",
                        card=given(card),
                    ),
                    pointer,
                )
    for name in ("empire_a", "empire_b", "army", "province", "titan_1", "titan_2", "titan_3"):
        deck = getattr(s, name)
        if deck.top and not name.startswith("titan"):
            raise invalid(
                "state.deck",
                text("only a Forest refuge puts known cards on top of a deck (a titan deck)"),
                f"/{name}/top",
            )
        if len(deck.top_known) > 1 or any(not 0 <= k < s.n for k in deck.top_known):
            raise invalid(
                "state.deck", text("one seat at most knows a deck's top"), f"/{name}/top_known"
            )
        if deck.top_known and not deck.top:
            raise invalid("state.deck", text("no known cards lie on top"), f"/{name}/top_known")
        if deck.bottom and not (name == "province" and s.options.expand_borders_plus):
            raise invalid(
                "state.deck",
                text("only Expand borders+ puts cards under a deck (the province deck)"),
                f"/{name}/bottom",
            )
        if len(deck.bottom_by) != len(deck.bottom) or any(not 0 <= k < s.n for k in deck.bottom_by):
            raise invalid(
                "state.deck",
                text("every card under a deck is known to the seat that put it there"),
                f"/{name}/bottom_by",
            )


def _face_up(s: State) -> None:
    """A face-up card taken is replaced at once while its deck has cards."""
    if any(isinstance(task, st.Prepare) for task in s.pending):
        return  # before round 1: nothing is face up yet
    busy = {task.deck for task in s.pending if isinstance(task, st.Draw)}
    expanding = any(isinstance(x, st.ChooseProvince) for x in s.pending)
    if s.province_top is None and s.province.size() and "province" not in busy and not expanding:
        raise invalid(
            "state.face_up",
            text(
                "the province deck holds {size} cards: its top one is face up («Игрок тут же открывает следующую карту колоды провинций»)",
                size=s.province.size(),
            ),
            "/province_top",
        )
    for stars, top in enumerate(s.titan_tops.cards(), start=1):
        name = f"titan_{stars}"
        deck: Deck = getattr(s, name)
        if top is not None or not deck.size() or name in busy:
            continue
        if any(isinstance(x, st.ChooseTitanOrder) and x.stars == stars for x in s.pending):
            continue
        raise invalid(
            "state.face_up",
            text(
                "the {stars}-star titan deck holds {size} cards: its top one is face up («Затем он открывает следующую карту соответствующей колоды титанов»)",
                stars=stars,
                size=deck.size(),
            ),
            f"/titan_tops/{name}",
        )


# -------------------------------------------------------------------------------- decisions


def _task(s: State, t: Tables, k: int, task: Pending) -> None:
    at = f"/pending/{k}"
    seat: int | None = getattr(task, "seat", None)
    if s.phase == "actions" and seat is not None:
        _whose(s, t, at, task, seat)
        _card_action(s, t, k, task, seat)
    if isinstance(task, st.Draw) and task.count < 1:
        raise invalid("state.drawn", text("a draw takes at least one card"), f"{at}/count")
    if (
        isinstance(task, (st.ChooseArmies, st.ChooseForestFight))
        and s.titan_tops.of(task.stars) is None
    ):
        raise invalid(
            "state.fight",
            text("no {stars}-star titan is face up to fight", stars=task.stars),
            f"{at}/stars",
        )
    if isinstance(task, st.ChooseArmies):
        armies = s.players[task.seat].armies
        for i, a in enumerate(task.used):
            if not armies[a].scroll:
                raise invalid(
                    "state.army",
                    text("an army paid in this fight has its coins on its scroll"),
                    f"{at}/used/{i}",
                )
    if isinstance(task, (st.Dice, st.ChooseLoss)):
        _dice(s, t, at, task)
    if isinstance(task, st.ChooseStarving):
        p = s.players[task.seat]
        unfed = len(p.citizens) - stats(t, p).food - len(p.starving)
        if task.count != unfed or task.count > len(p.ready):
            raise invalid(
                "state.feeding",
                text(
                    "seat {seat} has {citizens} citizens, {food} food and {starving} citizens starving: {max} more starve, not {count}",
                    seat=task.seat,
                    citizens=len(p.citizens),
                    food=stats(t, p).food,
                    starving=len(p.starving),
                    max=max(unfed, 0),
                    count=task.count,
                ),
                f"{at}/count",
            )
    if isinstance(task, st.ChooseRebuild) and not task.optional:
        _rebuild_icons(s, t, k, task)
    if isinstance(task, st.ChooseRebuild) and task.optional:
        on_rebuild = any(c.seat == task.seat for c in s.board.rebuild)
        if not on_rebuild or task.remaining > REBUILD_ACTION_CARDS:
            raise invalid(
                "state.rebuild",
                text(
                    "a rebuild that may stop early is the Rebuild space's: up to 2 cards, for a "
                    "seat with a citizen there («Игрок может восстановить до 2 потерянных карт»)"
                ),
                at,
            )
    _drawn(s, t, k, task)


def _whose(s: State, t: Tables, at: str, task: Pending, seat: int) -> None:
    """Phase 2 decisions are the current seat's, but the reactions to its Learn."""
    n, learner = s.n, s.current
    if isinstance(task, (st.ChooseScribes, st.ChooseOutpost)):
        scribes = isinstance(task, st.ChooseScribes)
        effect: Effect = "scribes_guild" if scribes else "remote_outpost"
        neighbour = (seat + 1) % n if scribes else (seat - 1) % n
        learned = any(c.seat == learner for c in s.board.learn)
        if has_effect(t, s.players[seat], effect) is None or neighbour != learner or not learned:
            raise invalid(
                "state.card_effect",
                text(
                    "only the owner of a face-up Scribes' guild decides this, when its left "
                    "neighbour has just placed a citizen on Learn"
                )
                if scribes
                else text(
                    "only the owner of a face-up Remote outpost decides this, when its right "
                    "neighbour has just placed a citizen on Learn"
                ),
                f"{at}/seat",
            )
        return
    if seat != s.current:
        raise invalid(
            "state.turn",
            text("seat {seat} decides during seat {current}'s turn", seat=seat, current=s.current),
            f"{at}/seat",
        )
    if isinstance(task, st.ChooseZorsk) or (isinstance(task, st.Draw) and task.to == "set_aside"):
        p = s.players[seat]
        if s.first_passer != seat or has_effect(t, p, "zorsk_playwrights") is None:
            raise invalid(
                "state.card_effect",
                text(
                    "only the first to pass, with face-up Zorsk playwrights, sets a card aside then "
                    "(«Если вы первый спасовавший игрок»)"
                ),
                at,
            )
    space = _SPACE_OF.get(type(task))
    if space is not None and all(c.seat != seat for c in s.board.at(space)):
        raise invalid(
            "state.placement",
            text(
                "seat {seat} decides the action of {space} without a citizen there («Поместив жетон жителя на ячейку действия, игрок немедленно выполняет это действие»)",
                seat=seat,
                space=space,
            ),
            at,
        )


#: The decisions of a card action, by what the seat's citizen must be on: the named effects of
#: the card (a Bridge or Trade city may borrow them), or (``None``) any card whose action rebuilds.
_CARD_OF: dict[type[Pending], tuple[Effect, ...] | None] = {
    st.ChooseBorrow: (),
    st.ChooseTitanDeck: ("forest_refuge",),
    st.ChooseTitanOrder: ("forest_refuge",),
    st.ChooseForestFight: ("forest_refuge",),
    st.ChooseRebuild: None,
}


def _card_action(s: State, t: Tables, k: int, task: Pending, seat: int) -> None:
    """A card action's decision is the seat's whose citizen is on such a card (its own, or a
    Bridge or Trade city borrowing it): a decision cannot give a card's action to a seat."""
    if type(task) not in _CARD_OF and not isinstance(task, (st.ChooseExplore, st.ChooseSetAside)):
        return
    if isinstance(task, st.ChooseRebuild) and (task.optional or _after_a_fight(s, k)):
        return  # the Rebuild space (state.rebuild) or the rebuild icons of the armies
    effects = _CARD_OF.get(type(task), ("cryptic_ship",))
    for oc in s.players[seat].on_cards:
        effect, action = t.effect.get(oc.card), t.action.get(oc.card)
        if effect in BORROWERS or (effect is not None and effects and effect in effects):
            return
        if effects is None and action is not None and action.rebuild:
            return
    if isinstance(task, (st.ChooseExplore, st.ChooseSetAside)) and any(
        c.seat == seat for c in s.board.explore
    ):
        return
    raise invalid(
        "state.card_effect",
        text(
            "seat {seat} decides a card action, and no citizen of it is on a card with that action",
            seat=seat,
        ),
        f"/pending/{k}",
    )


def _rebuild_icons(s: State, t: Tables, k: int, task: st.ChooseRebuild) -> None:
    """«Восстановление»: a rebuild icon restores 1 card, so a rebuild that is not the Rebuild
    space's restores at most as many cards as the icons it comes from: the armies' (after a
    victory) or the cards' its citizens are on (and the best a Bridge or Trade city can borrow)."""
    p = s.players[task.seat]
    if _after_a_fight(s, k):
        icons = sum(
            t.face[a.active].rebuild + sum(t.experience[c].rebuild for c in a.retired)
            for a in p.armies
        )
    else:
        actions = [t.action[oc.card] for oc in p.on_cards if oc.card in t.action]
        icons = sum(a.rebuild for a in actions)
        if any(t.effect.get(oc.card) in BORROWERS for oc in p.on_cards):
            others = [c for i, q in enumerate(s.players) if i != task.seat for c in q.empire]
            icons += max((t.action[c].rebuild for c in others if c in t.action), default=0)
    if task.remaining > icons:
        raise invalid(
            "state.rebuild",
            text(
                "a rebuild icon restores 1 card: {icons} icons here, not {remaining} cards",
                icons=icons,
                remaining=task.remaining,
            ),
            f"/pending/{k}/remaining",
        )


def _after_a_fight(s: State, k: int) -> bool:
    """Whether the task ``k`` is part of what follows a victory (above its discard step)."""
    return any(isinstance(x, st.ChooseDiscardArmy) for x in s.pending[:k])


def _dice(s: State, t: Tables, at: str, task: st.Dice | st.ChooseLoss) -> None:
    """«Игрок бросает столько кубиков, сколько знамён племён изображено на карте титана»."""
    titans = s.players[task.seat].titans
    banners = len(t.titans[titans[-1]].symbols.banners) if titans else 0
    if isinstance(task, st.Dice):
        if task.remaining < 1 or task.rolled < 0 or task.rolled + task.remaining != banners:
            raise invalid(
                "state.dice",
                text(
                    "the titan defeated last shows {banners} banners: as many dice are rolled (rolled {rolled}, to roll {remaining})",
                    banners=banners,
                    rolled=task.rolled,
                    remaining=task.remaining,
                ),
                f"{at}/remaining",
            )
        if not 0 <= task.titan_faces <= task.rolled:
            raise invalid(
                "state.dice",
                text("a titan face is one of the dice rolled"),
                f"{at}/titan_faces",
            )
    elif task.count > banners:
        raise invalid(
            "state.dice",
            text("a card is lost per titan face of {banners} dice at most", banners=banners),
            f"{at}/count",
        )


def _drawn(s: State, t: Tables, k: int, task: Pending) -> None:
    """The private cards of an Explore, Expand borders+ or a Forest refuge, and those still to
    come (the draw above the decision), are as many as the action draws."""
    above = s.pending[k + 1] if k + 1 < len(s.pending) else None
    coming = above.count if isinstance(above, st.Draw) else 0
    if isinstance(task, st.ChooseSetAside):
        most = EXPLORE_CARDS + stats(t, s.players[task.seat]).extra_explore
        have, what = len(task.drawn), text("Explore draws")
    elif isinstance(task, st.ChooseProvince):
        if not s.options.expand_borders_plus:
            raise invalid(
                "state.drawn",
                text("only Expand borders+ offers provinces to choose"),
                f"/pending/{k}",
            )
        most, have, what = EXPAND_PLUS_CARDS, len(task.options), text("Expand borders+ takes")
    elif isinstance(task, st.ChooseTitanOrder):
        for card in (*task.cards, *task.ordered):
            if t.titans[card].stars != task.stars:
                raise invalid(
                    "state.wrong_deck",
                    text(
                        "{card} is not a titan of {stars} stars", card=given(card), stars=task.stars
                    ),
                    f"/pending/{k}",
                )
        most, have = FOREST_CARDS, len(task.cards) + len(task.ordered)
        what = text("Forest refuge takes")
    else:
        return
    if have + coming > most or have + coming < 1:
        raise invalid(
            "state.drawn",
            text(
                "{what} {most} cards at most, at least one ({have} taken, {coming} to come)",
                what=what,
                most=most,
                have=have,
                coming=coming,
            ),
            f"/pending/{k}",
        )


# ------------------------------------------------------------------------------- settled


def check_settled(s: State, t: Tables) -> None:
    """Nothing automatic is left undone, and whoever must decide has a choice."""
    if s.phase == "over":
        return
    if flow.advance(s, t, []) != s:
        k = len(s.pending) - 1
        raise invalid(
            "state.unsettled",
            text(
                "nothing is to be decided at step {step}: the game goes on by itself from here",
                step=given(_kind(s.pending[k])),
            ),
            f"/pending/{k}",
        )
    if not s.pending:
        return  # a turn: the seat may always pass
    actor = flow.to_act(s)[0]
    if not (flow.chance_outcomes(s, t) if actor == "chance" else flow.generate_moves(s, t, actor)):
        k = len(s.pending) - 1
        raise invalid(
            "state.unsettled",
            text(
                "{value} must decide and has no choice",
                value=text("chance") if actor == "chance" else seat_of(actor),
            ),
            f"/pending/{k}" if k >= 0 else "/current",
        )
