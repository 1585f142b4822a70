"""Positions (:mod:`.position`) to states and back.

:func:`state_of` builds the state a position describes: the table as given, the face-down cards
given as counts drawn by the seed from what the pack leaves (:func:`_deal`), and the steps under way
turned into the flow engine's stack, with what the rules do by themselves added
(:func:`_pending`). The state is then checked (:func:`.checks.check_state`); a problem is reported
with a pointer into the position (:func:`_translate`). :func:`position_of` reads a state back: the
stack is parsed into steps (:func:`_steps_of`), and a stack the steps cannot say is refused
(``position.unexpressible``), so ``position_of(state_of(p)) == p`` for every position it returns.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import msgspec

from arbiter.core import Gaps, InvalidState, every_gap
from arbiter.core.texts import text
from arbiter.games.the_ancient_world import checks, invariants
from arbiter.games.the_ancient_world import state as st
from arbiter.games.the_ancient_world.common import invalid
from arbiter.games.the_ancient_world.decks import can_draw, current_empire, get_deck, titan_deck
from arbiter.games.the_ancient_world.position import (
    AfterVictory,
    AncientWorldPosition,
    BorrowChoice,
    BuildChoice,
    DeckPosition,
    DecksPosition,
    EnlistChoice,
    ExpandChoice,
    ExpandPayment,
    ExploreChoice,
    ExploreSetAside,
    ForestDeckChoice,
    ForestFightChoice,
    ForestOrder,
    Pile,
    RebuildChoice,
    RecruitChoice,
    RemoteOutpostChoice,
    ScribesGuildChoice,
    SeatPosition,
    Step,
    TitanFight,
    ZorskChoice,
)
from arbiter.games.the_ancient_world.state import (
    DECKS,
    ROUNDS,
    ROW_SIZE,
    SPACES,
    AncientWorldState,
    Deck,
    DeckName,
    DrawTarget,
    Pending,
    PlayerState,
)
from arbiter.games.the_ancient_world.tables import Tables, army_limit, stats
from arbiter.games.the_ancient_world.words import given as as_given

State = AncientWorldState
#: How many deals of the unknown cards :func:`state_of` tries: a deal can leave the decision under
#: way without a choice (a seat deciding what to Build with no set-aside card it can buy), which
#: another deal may not.
DEALS = 20
#: Where a problem of one pending task lies in the position: a pointer, and the names the step
#: gives the task's members.
Where = dict[int, tuple[str, dict[str, str]]]

# The steps that are one decision each, and the task they are.
_SIMPLE: dict[type[Any], type[Any]] = {
    BuildChoice: st.ChooseBuild,
    ExpandPayment: st.ChooseExpandPay,
    RecruitChoice: st.ChooseRecruit,
    ExploreChoice: st.ChooseExplore,
    ScribesGuildChoice: st.ChooseScribes,
    RemoteOutpostChoice: st.ChooseOutpost,
    BorrowChoice: st.ChooseBorrow,
    ForestDeckChoice: st.ChooseTitanDeck,
}
_SIMPLE_TASKS = {task: step for step, task in _SIMPLE.items()}
#: Steps a card's rebuild icon may wait under (the rest of the card's action).
_NOT_UNDER_A_REBUILD = (
    BuildChoice,
    ExpandPayment,
    ExpandChoice,
    RecruitChoice,
    EnlistChoice,
    ZorskChoice,
    ScribesGuildChoice,
    RemoteOutpostChoice,
)


# ------------------------------------------------------------------------------ to a state


def state_of(
    p: AncientWorldPosition, seed: int, content_id: str, t: Tables, rules_version: str
) -> State:
    """The state the position describes (see the module's docstring)."""
    _basics(p)
    table = _table(p, seed, content_id, rules_version)
    steps0, where0 = _step_tasks(p, table, t)
    try:
        given = msgspec.structs.replace(table, pending=steps0)
        named = checks.check_named(given, t)
        invariants.check_decks(given, t)
    except InvalidState as err:
        raise _translate(err, where0) from None
    rng = random.Random(seed)
    for attempt in range(1, DEALS + 1):
        dealt = _deal(p, table, t, set(named), rng)
        pending, where = _pending(p, dealt, t)
        s = msgspec.structs.replace(dealt, pending=pending)
        try:
            checks.check_state(s, t)
        except InvalidState as err:
            if err.code.endswith(".state.unsettled") and attempt < DEALS:
                continue  # the cards dealt leave the decision without a choice: deal again
            raise _translate(err, where) from None
        return s
    raise AssertionError("unreachable")  # pragma: no cover


def _basics(p: AncientWorldPosition) -> None:
    """What must hold before the position can be read at all: the seats it names exist. Every
    gap is said together."""
    found = Gaps()
    n = len(p.players)
    if not 2 <= n <= 4:
        found.add(invalid("state.players", text("2 to 4 players"), "/players"))
    if not 1 <= p.round <= ROUNDS:
        found.add(invalid("state.round", text("a position is of round 1 to 6"), "/round"))
    if p.phase == "actions":
        if p.turn is None or not 0 <= p.turn < n:
            found.add(invalid("state.seat", text("phase 2 is some seat's turn"), "/turn"))
    elif p.turn is not None:
        found.add(
            invalid(
                "state.turn",
                text("only phase 2 has turns, not phase {phase}", phase=as_given(p.phase)),
                "/turn",
            )
        )
    if p.steps and p.phase != "actions":
        found.add(
            invalid(
                "position.steps", text("steps are under way only in a turn of phase 2"), "/steps/0"
            )
        )
    for k, step in enumerate(p.steps):
        if not 0 <= step.seat < n:
            found.add(invalid("state.seat", text("a step of no seat"), f"/steps/{k}/seat"))
        for field in ("to_draw", "up_to", "rebuilds", "dice", "titan_faces", "losses"):
            if getattr(step, field, 0) < 0:
                found.add(
                    invalid(
                        "state.negative",
                        text("{field} cannot be negative", field=field),
                        f"/steps/{k}/{field}",
                    )
                )
    piles = [("/empire_discard", p.empire_discard)]
    piles += [(f"/players/{i}/set_aside", seat.set_aside) for i, seat in enumerate(p.players)]
    piles += [(f"/decks/{name}", getattr(p.decks, name)) for name in DECKS]
    for at, pile in piles:
        if pile.unknown < 0:
            found.add(
                invalid(
                    "state.negative", text("a count of cards cannot be negative"), f"{at}/unknown"
                )
            )
    if not found.found:  # the order of the steps is read from their seats and the turn
        found.check(lambda: _steps_in_order(p))
    found.refuse()


def _steps_in_order(p: AncientWorldPosition) -> None:
    """The steps are what a turn can leave under way: the neighbours' reactions to a Learn in
    turn order, or one step followed by the rebuilds of the card actions it is part of."""
    steps, n, turn = p.steps, len(p.players), p.turn or 0
    reactions = [isinstance(x, (ScribesGuildChoice, RemoteOutpostChoice)) for x in steps]
    if any(reactions):
        order = [((x.seat - turn) % n, isinstance(x, RemoteOutpostChoice)) for x in steps]
        for k in range(len(steps)):
            if not reactions[k] or (k and order[k] <= order[k - 1]):
                raise invalid(
                    "position.steps",
                    text(
                        "after a Learn only the neighbours' reactions are under way, clockwise from "
                        "the learner (Scribes' guild before Remote outpost)"
                    ),
                    f"/steps/{k}",
                )
        return
    for k, step in enumerate(steps):
        if step.seat != turn:
            raise invalid(
                "position.steps",
                text("seat {seat} decides in seat {turn}'s turn", seat=step.seat, turn=turn),
                f"/steps/{k}",
            )
        if k and not (isinstance(step, RebuildChoice) and step.source == "card"):
            raise invalid(
                "position.steps",
                text("only the rebuilds of a card action wait under the step under way"),
                f"/steps/{k}",
            )
    head = steps[0] if steps else None
    if len(steps) > 3 or (len(steps) > 1 and isinstance(head, _NOT_UNDER_A_REBUILD)):
        raise invalid(
            "position.steps",
            text(
                "a card action (and one it borrows) leaves at most its rebuild under its other steps"
            ),
            "/steps/1",
        )
    if isinstance(head, RebuildChoice) and head.source == "rebuild_space" and len(steps) > 1:
        raise invalid("position.steps", text("the Rebuild space is no card action"), "/steps/0")


#: The members a position and a state share, of the table and of a seat: copied as they are.
_SAME = (
    "options",
    "round",
    "phase",
    "first_player",
    "token_hand_up",
    "first_passer",
    "board",
    "empire_row",
    "army_row",
    "province_top",
    "titan_tops",
)
_SAME_SEAT = (
    "coins",
    "knowledge",
    "ready",
    "starving",
    "on_cards",
    "empire",
    "lost",
    "provinces",
    "titans",
    "armies",
    "passed",
)


def _same(source: Any, fields: tuple[str, ...]) -> dict[str, Any]:
    return {field: getattr(source, field) for field in fields}


def _table(p: AncientWorldPosition, seed: int, content_id: str, rules_version: str) -> State:
    """The state of the table as given: the cards named, nothing under way."""
    players = []
    for i, seat in enumerate(p.players):
        placed = [c.skill for space in SPACES for c in p.board.at(space) if c.seat == i]
        on_cards = [c.skill for c in seat.on_cards]
        citizens = tuple(sorted((*seat.ready, *seat.starving, *placed, *on_cards)))
        players.append(
            PlayerState(
                **_same(seat, _SAME_SEAT), citizens=citizens, set_aside=seat.set_aside.cards
            )
        )
    state = State(
        **_same(p, _SAME),
        rules_version=rules_version,
        content_id=content_id,
        seed=seed,
        players=tuple(players),
        current=p.turn if p.turn is not None else p.first_player,
        empire_discard=tuple(sorted(p.empire_discard.cards)),
        army_discard=tuple(sorted(p.army_discard)),
    )
    decks = {name: _deck(getattr(p.decks, name)) for name in DECKS}
    return msgspec.structs.replace(state, **decks)


def _deck(d: DeckPosition) -> Deck:
    return Deck(
        top=d.top,
        top_known=() if d.top_known_to is None else (d.top_known_to,),
        middle=tuple(sorted(d.cards)),
        bottom=d.bottom,
        bottom_by=d.bottom_known_to,
    )


# ---------------------------------------------------------------- the face-down cards


def _deal(
    p: AncientWorldPosition, s: State, t: Tables, named: set[str], rng: random.Random
) -> State:
    """Deal the cards the position gives as counts from what the pack leaves, by the seed.

    Deck A takes deck A cards; deck B takes deck B cards (before round 4 all of them, untouched),
    then, from round 4, deck A cards too (the discards shuffled in); the empire discard pile and
    the set-aside piles take the empire cards left, at random. Every other deck takes what is
    left of its own cards, all of them.
    """

    def unseen(cards: tuple[str, ...]) -> list[str]:
        left = [c for c in cards if c not in named]
        rng.shuffle(left)
        return left

    decks: dict[str, Deck] = {}
    gaps: list[InvalidState] = []  # every deck and pile short or left over, not the first only

    def fill(name: DeckName, got: list[str], left: int = 0) -> None:
        want = getattr(p.decks, name).unknown
        if len(got) < want:
            gaps.append(
                invalid(
                    "position.unknown_cards",
                    text(
                        "{want} unknown cards in {name}, and the pack leaves {got} for it",
                        want=want,
                        name=name,
                        got=len(got),
                    ),
                    f"/decks/{name}/unknown",
                )
            )
        if left:
            gaps.append(
                invalid(
                    "position.unknown_cards",
                    text(
                        "{left} more cards of {name} are nowhere in the position",
                        left=left,
                        name=name,
                    ),
                    f"/decks/{name}/unknown",
                )
            )
        deck = get_deck(s, name)
        decks[name] = msgspec.structs.replace(deck, middle=tuple(sorted((*deck.middle, *got))))

    for name, cards in (
        ("army", t.army_deck),
        ("province", t.province_deck),
        ("titan_1", t.titan_decks[0]),
        ("titan_2", t.titan_decks[1]),
        ("titan_3", t.titan_decks[2]),
    ):
        pool = unseen(cards)
        got = _take(pool, getattr(p.decks, name).unknown)
        fill(name, got, len(pool))  # type: ignore[arg-type]
    a, b = unseen(t.deck_a), unseen(t.deck_b)
    fill("empire_a", _take(a, p.decks.empire_a.unknown))
    want_b = p.decks.empire_b.unknown
    got_b = _take(b, want_b)
    if s.round >= 4:
        got_b += _take(a, want_b - len(got_b))
    elif b:
        gaps.append(
            invalid(
                "position.unknown_cards",
                text(
                    "deck B is set aside until round 4: its {b} other cards are in it too", b=len(b)
                ),
                "/decks/empire_b/unknown",
            )
        )
        b = []  # said: not counted again below
    fill("empire_b", got_b)
    rest = a + b
    rng.shuffle(rest)
    slots = [("/empire_discard", p.empire_discard.unknown)]
    slots += [(f"/players/{i}/set_aside", x.set_aside.unknown) for i, x in enumerate(p.players)]
    dealt: list[list[str]] = []
    for at, want in slots:
        if len(rest) < want:
            gaps.append(
                invalid(
                    "position.unknown_cards",
                    text(
                        "{want} unknown empire cards here, and the pack leaves {rest} for it",
                        want=want,
                        rest=len(rest),
                    ),
                    f"{at}/unknown",
                )
            )
        dealt.append(_take(rest, want))
    if rest:
        gaps.append(
            invalid(
                "position.unknown_cards",
                text(
                    "{rest} empire cards of the pack are nowhere in the position: count them in a deck, the discard pile or a set-aside pile",
                    rest=len(rest),
                ),
                "/empire_discard/unknown" if s.round >= 4 else "/decks/empire_a/unknown",
            )
        )
    if gaps:
        raise every_gap(gaps)
    players = tuple(
        msgspec.structs.replace(x, set_aside=(*x.set_aside, *cards))
        for x, cards in zip(s.players, dealt[1:], strict=True)
    )
    discard = tuple(sorted((*s.empire_discard, *dealt[0])))
    return msgspec.structs.replace(s, players=players, empire_discard=discard, **decks)


def _take(cards: list[str], count: int) -> list[str]:
    """Up to ``count`` cards off the end of ``cards`` (removed from it)."""
    count = max(0, min(count, len(cards)))
    taken = cards[len(cards) - count :]
    del cards[len(cards) - count :]
    return taken


# ---------------------------------------------------------------- what is under way


def _step_tasks(p: AncientWorldPosition, s: State, t: Tables) -> tuple[tuple[Pending, ...], Where]:
    """The tasks of the steps, bottom first (the last step first), with where each one is."""
    tasks: list[Pending] = []
    where: Where = {}
    for k in reversed(range(len(p.steps))):
        for task, names in _tasks(p.steps[k], f"/steps/{k}", s, t):
            where[len(tasks) + 1] = (f"/steps/{k}", names)
            tasks.append(task)
    return tuple(tasks), where


def _tasks(step: Step, at: str, s: State, t: Tables) -> list[tuple[Pending, dict[str, str]]]:
    seat = step.seat
    simple = _SIMPLE.get(type(step))
    if simple is not None:
        return [(simple(seat=seat), {})]
    if isinstance(step, ExpandChoice):
        draw = st.Draw(deck="province", to="expand", count=step.to_draw, seat=seat)
        return [(st.ChooseProvince(seat=seat, options=step.offered), {"options": "offered"})] + (
            [(draw, {"count": "to_draw"})] if step.to_draw else []
        )
    if isinstance(step, EnlistChoice):
        return [(st.ChooseEnlist(seat=seat, card=step.card), {"card": "card"})]
    if isinstance(step, ExploreSetAside):
        draw = st.Draw(deck=current_empire(s), to="explore", count=step.to_draw, seat=seat)
        return [(st.ChooseSetAside(seat=seat, drawn=step.drawn), {"drawn": "drawn"})] + (
            [(draw, {"count": "to_draw"})] if step.to_draw else []
        )
    if isinstance(step, RebuildChoice):
        optional = step.source == "rebuild_space"
        task = st.ChooseRebuild(seat=seat, remaining=step.up_to, optional=optional)
        return [(task, {"remaining": "up_to"})]
    if isinstance(step, ForestOrder):
        order = st.ChooseTitanOrder(
            seat=seat, stars=step.stars, cards=step.taken, ordered=step.put_back
        )
        draw = st.Draw(deck=titan_deck(step.stars), to="forest", count=step.to_draw, seat=seat)
        names = {"stars": "stars", "cards": "taken", "ordered": "put_back"}
        return [(order, names)] + ([(draw, {"count": "to_draw"})] if step.to_draw else [])
    if isinstance(step, ForestFightChoice):
        return [(st.ChooseForestFight(seat=seat, stars=step.stars), {"stars": "stars"})]
    if isinstance(step, TitanFight):
        fight = st.ChooseArmies(seat=seat, stars=step.stars, used=step.armies)
        return [(fight, {"stars": "stars", "used": "armies"})]
    if isinstance(step, ZorskChoice):
        if step.from_deck:
            return [(st.Draw(deck=current_empire(s), to="set_aside", seat=seat), {})]
        return [(st.ChooseZorsk(seat=seat), {})]
    assert isinstance(step, AfterVictory)
    return _after_victory(step, at, s, t)


def _after_victory(
    step: AfterVictory, at: str, s: State, t: Tables
) -> list[tuple[Pending, dict[str, str]]]:
    seat = step.seat
    titans = s.players[seat].titans
    banners = len(t.titans[titans[-1]].symbols.banners) if titans and titans[-1] in t.titans else 0
    if step.dice and step.losses:
        raise invalid(
            "position.steps", text("the cards are lost once every die is rolled"), f"{at}/losses"
        )
    if step.rebuilds and step.dice != banners:
        raise invalid(
            "position.steps",
            text("the rebuild icons come before the destruction dice: no die is rolled yet"),
            f"{at}/rebuilds",
        )
    if step.titan_faces and not step.dice:
        raise invalid(
            "position.steps",
            text("the titan faces rolled are counted until the last die; then they are losses"),
            f"{at}/titan_faces",
        )
    tasks: list[tuple[Pending, dict[str, str]]] = [(st.ChooseDiscardArmy(seat=seat), {})]
    if step.dice:
        dice = st.Dice(
            seat=seat,
            remaining=step.dice,
            rolled=banners - step.dice,
            titan_faces=step.titan_faces,
        )
        tasks.append((dice, {"remaining": "dice", "titan_faces": "titan_faces"}))
    elif step.losses:
        tasks.append((st.ChooseLoss(seat=seat, count=step.losses), {"count": "losses"}))
    if step.rebuilds:
        tasks.append(
            (st.ChooseRebuild(seat=seat, remaining=step.rebuilds), {"remaining": "rebuilds"})
        )
    return tasks


def _pending(p: AncientWorldPosition, s: State, t: Tables) -> tuple[tuple[Pending, ...], Where]:
    """The whole stack: the phase's own step, the steps of the turn, and what the rules do by
    themselves now (see :mod:`.position`), with where each task is in the position."""
    where: Where = {0: ("/phase", {})}
    if p.phase == "over":
        return (), {}
    if p.phase == "end_of_round":
        # The feeding, clockwise from the first player: the first one on top.
        feeding: list[Pending] = []
        for k in range(s.n):
            seat = (s.first_player + k) % s.n
            q = s.players[seat]
            unfed = len(q.citizens) - stats(t, q).food - len(q.starving)
            if unfed > 0:
                feeding.append(st.ChooseStarving(seat=seat, count=unfed))
        tasks: list[Pending] = [st.NextRound(), *reversed(feeding)]
        for i, task in enumerate(tasks[1:], start=1):
            where[i] = (f"/players/{task.seat}/starving", {})  # type: ignore[union-attr]
        return tuple(tasks), where
    if p.phase == "preparation":
        tasks = [st.BeginActions()]
        missing = s.n - len(s.army_row)
        if missing > 0:
            where[len(tasks)] = ("/army_row", {})
            tasks.append(st.Draw(deck="army", to="army_row", count=missing))
        short = ROW_SIZE[s.n] - len(s.empire_row)
        if short > 0 and can_draw(s, current_empire(s)):
            where[len(tasks)] = ("/empire_row", {})
            tasks.append(st.Draw(deck=current_empire(s), to="empire_row", count=short))
        return _reveals(s, tasks, where, (3, 2, 1), True), where
    steps, where = _step_tasks(p, s, t)
    tasks = [st.EndTurn(), *steps]
    where[0] = ("/phase", {})
    for seat, q in enumerate(s.players):
        if len(q.armies) > army_limit(t, q):
            where[len(tasks)] = (f"/players/{seat}/armies", {})
            tasks.append(st.ChooseDiscardArmy(seat=seat))
            break
    tasks = list(_reveals(s, tasks, where, (1, 2, 3), False))
    return (tuple(tasks) if len(tasks) > 1 else ()), where


def _reveals(
    s: State, tasks: list[Pending], where: Where, order: tuple[int, ...], setup: bool
) -> tuple[Pending, ...]:
    """The face-up cards to reveal: a deck showing none while it has cards, unless a Forest
    refuge or Expand borders+ holds them (``setup``: round 1's preparation, province last)."""
    held = {f"titan_{x.stars}" for x in tasks if isinstance(x, st.ChooseTitanOrder)}
    if any(isinstance(x, st.ChooseProvince) for x in tasks):
        held.add("province")
    names: list[DeckName] = [f"titan_{k}" for k in order]  # type: ignore[misc]
    names = [*names, "province"] if setup else ["province", *names]
    for name in names:
        top = s.province_top if name == "province" else s.titan_tops.of(int(name[-1]))
        if top is None and get_deck(s, name).size() and name not in held:
            to: DrawTarget = "province_top" if name == "province" else "titan_top"
            where[len(tasks)] = (
                "/province_top" if name == "province" else f"/titan_tops/{name}",
                {},
            )
            tasks.append(st.Draw(deck=name, to=to))
    return tuple(tasks)


def _translate(err: InvalidState, where: Where) -> InvalidState:
    """The problem of a state, with its pointers (its own and its gaps') into the position it
    came from."""
    for gap in (err, *err.gaps):
        gap.pointer = _position_pointer(gap.pointer, where)
    return err


def _position_pointer(pointer: str, where: Where) -> str:
    """The pointer into the position of a state's member at ``pointer``."""
    parts = pointer.split("/")[1:] if pointer else []
    if not parts:
        pointer = ""
    elif parts[0] == "current":
        pointer = "/turn"
    elif parts[0] in DECKS:
        member = {
            "top": "top",
            "middle": "cards",
            "bottom": "bottom",
            "top_known": "top_known_to",
            "bottom_by": "bottom_known_to",
        }.get(parts[1] if len(parts) > 1 else "")
        exact = member in ("top", "bottom") and len(parts) > 2
        pointer = f"/decks/{parts[0]}" + (f"/{member}" if member else "")
        pointer += f"/{parts[2]}" if exact else ""
    elif parts[0] == "empire_discard":
        pointer = "/empire_discard"
    elif parts[0] == "players" and len(parts) > 2 and parts[2] in ("set_aside", "citizens"):
        pointer = f"/players/{parts[1]}" + ("/set_aside" if parts[2] == "set_aside" else "")
    elif parts[0] == "pending":
        base, names = where.get(int(parts[1]) if len(parts) > 1 else -1, ("/steps", {}))
        rest = names.get(parts[2]) if len(parts) > 2 else None
        pointer = base + (f"/{rest}" + "".join(f"/{x}" for x in parts[3:]) if rest else "")
    return pointer


# ----------------------------------------------------------------------------- from a state


def position_of(s: State, t: Tables) -> AncientWorldPosition:
    """The position of a state, every card named (for a master or an open game)."""
    if s.round == 0:
        raise invalid(
            "position.unexpressible",
            text("before round 1 is prepared the table has no position"),
            "/round",
        )
    p = AncientWorldPosition(
        **_same(s, _SAME),
        turn=s.current if s.phase == "actions" else None,
        decks=DecksPosition(**{name: _deck_position(getattr(s, name)) for name in DECKS}),
        empire_discard=Pile(cards=s.empire_discard),
        army_discard=s.army_discard,
        players=tuple(
            SeatPosition(**_same(q, _SAME_SEAT), set_aside=Pile(cards=q.set_aside))
            for q in s.players
        ),
        steps=_steps_of(s, t) if s.phase == "actions" else (),
    )
    table = msgspec.structs.replace(s, pending=())
    pending, _ = _pending(p, table, t)
    for k, (mine, theirs) in enumerate(zip((*pending, None), (*s.pending, None), strict=False)):
        if mine != theirs:
            raise invalid(
                "position.unexpressible",
                text(
                    "what is under way cannot be said as steps of a position (from {theirs})",
                    theirs=as_given(theirs),
                ),
                f"/pending/{min(k, len(s.pending) - 1)}",
            )
    return p


def _deck_position(d: Deck) -> DeckPosition:
    return DeckPosition(
        top=d.top,
        top_known_to=d.top_known[0] if d.top_known else None,
        cards=d.middle,
        bottom=d.bottom,
        bottom_known_to=d.bottom_by,
    )


def _steps_of(s: State, t: Tables) -> tuple[Step, ...]:
    """The steps of the stack of a turn, the decision now first (the reverse of :func:`_tasks`);
    what the rules do by themselves (reveals, a discard over the army limit) is left out."""
    tasks = s.pending[1:]
    steps: list[Step] = []
    k = 0
    while k < len(tasks):
        task, above = tasks[k], tasks[k + 1] if k + 1 < len(tasks) else None
        k += 1
        seat: int = getattr(task, "seat", s.current)
        if isinstance(task, st.Draw) and task.to in ("province_top", "titan_top"):
            continue
        simple = _SIMPLE_TASKS.get(type(task))
        if simple is not None:
            steps.append(simple(seat=seat))
        elif isinstance(task, st.ChooseDiscardArmy):
            if above is None and len(s.players[seat].armies) > army_limit(t, s.players[seat]):
                continue  # over the limit: derived
            step = AfterVictory(seat=seat)
            if isinstance(above, st.Dice):
                step = msgspec.structs.replace(
                    step, dice=above.remaining, titan_faces=above.titan_faces
                )
                k += 1
            elif isinstance(above, st.ChooseLoss):
                step = msgspec.structs.replace(step, losses=above.count)
                k += 1
            nxt = tasks[k] if k < len(tasks) else None
            if isinstance(nxt, st.ChooseRebuild) and not nxt.optional:
                step = msgspec.structs.replace(step, rebuilds=nxt.remaining)
                k += 1
            steps.append(step)
        elif isinstance(task, (st.ChooseSetAside, st.ChooseProvince, st.ChooseTitanOrder)):
            to_draw = 0
            if isinstance(above, st.Draw) and above.to in ("explore", "expand", "forest"):
                to_draw, k = above.count, k + 1
            steps.append(_private(task, to_draw))
        elif isinstance(task, st.ChooseRebuild):
            source: Literal["rebuild_space", "card"] = "rebuild_space" if task.optional else "card"
            steps.append(RebuildChoice(seat=seat, up_to=task.remaining, source=source))
        elif isinstance(task, st.ChooseEnlist):
            steps.append(EnlistChoice(seat=seat, card=task.card))
        elif isinstance(task, st.ChooseForestFight):
            steps.append(ForestFightChoice(seat=seat, stars=task.stars))
        elif isinstance(task, st.ChooseArmies):
            steps.append(TitanFight(seat=seat, stars=task.stars, armies=task.used))
        elif isinstance(task, st.ChooseZorsk):
            steps.append(ZorskChoice(seat=seat))
        elif isinstance(task, st.Draw) and task.to == "set_aside":
            steps.append(ZorskChoice(seat=seat, from_deck=True))
        else:
            raise invalid(
                "position.unexpressible",
                text(
                    "step {step} cannot be said as a step of a position", step=type(task).__name__
                ),
                f"/pending/{k}",
            )
    return tuple(reversed(steps))


def _private(
    task: st.ChooseSetAside | st.ChooseProvince | st.ChooseTitanOrder, to_draw: int
) -> Step:
    if isinstance(task, st.ChooseSetAside):
        return ExploreSetAside(seat=task.seat, drawn=task.drawn, to_draw=to_draw)
    if isinstance(task, st.ChooseProvince):
        return ExpandChoice(seat=task.seat, offered=task.options, to_draw=to_draw)
    return ForestOrder(
        seat=task.seat,
        stars=task.stars,
        taken=task.cards,
        put_back=task.ordered,
        to_draw=to_draw,
    )
