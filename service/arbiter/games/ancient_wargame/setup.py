"""Setup («Подготовка к игре», «Выбор государств», «Выбор героев»).

States are dealt at random (a chance decision per seat) or picked in seat order (option
``state_assignment``). Each seat then gets 5 ₣, 5 $, 2 VP tokens, its capital (the state's
starting province) with 1 fortress, and one administrator and one general there, each with one
positive and one negative trait drawn from the matching decks (Q7). Each seat chooses which of
its two heroes is written higher; the list is a snake: the first seat's heroes first and last,
the second's second and second-to-last, and so on (X4). The features of the state cards that
act at the start (``start_*``) are applied. Provinces and seas not in play at this player count
(``min_players``) stay empty; the capitals of states not in play are neutral provinces.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from arbiter.core import CHANCE, ChanceOutcome, Event
from arbiter.core.chance import pick_uniform
from arbiter.core.texts import term, text
from arbiter.games.ancient_wargame import modifiers
from arbiter.games.ancient_wargame.common import (
    State,
    add_troops,
    begin_turn,
    completed,
    hero,
    pop,
    province,
    push,
    set_hero,
    set_province,
    update,
)
from arbiter.games.ancient_wargame.events import Happened
from arbiter.games.ancient_wargame.moves import PickState, StateDealt, TraitDrawn, UpperHero
from arbiter.games.ancient_wargame.options import WargameOptions
from arbiter.games.ancient_wargame.rules import (
    SCIENCE_OF,
    START_FOOD,
    START_MONEY,
    START_VP,
)
from arbiter.games.ancient_wargame.state import (
    DealStates,
    Draft,
    DrawTrait,
    Hero,
    HeroList,
    Player,
    ProvinceState,
    SeaState,
    StartKits,
    Task,
    TraitDecks,
    Troops,
    WargameState,
)
from arbiter.games.ancient_wargame.state import PickState as PickStateTask
from arbiter.games.ancient_wargame.state import UpperHero as UpperHeroTask
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = (DealStates, PickStateTask, StartKits, UpperHeroTask, HeroList, DrawTrait)


def initial_state(
    players: int,
    options: WargameOptions,
    seed: int,
    content_id: str,
    t: Tables,
    rules_version: str,
) -> WargameState:
    c = t.content
    steps: list[Task] = []
    for seat in range(players):
        steps.append(
            DealStates(seat=seat)
            if options.state_assignment == "random"
            else PickStateTask(seat=seat)
        )
    steps.append(StartKits())
    return WargameState(
        rules_version=rules_version,
        content_id=content_id,
        seed=seed,
        options=options,
        players=tuple(Player() for _ in range(players)),
        provinces=tuple(ProvinceState(in_play=p.min_players <= players) for p in c.provinces),
        seas=tuple(SeaState(in_play=x.min_players <= players) for x in c.seas),
        traits=TraitDecks(
            admin_plus=t.trait_decks["admin_plus"],
            admin_minus=t.trait_decks["admin_minus"],
            general_plus=t.trait_decks["general_plus"],
            general_minus=t.trait_decks["general_minus"],
        ),
        states_left=tuple(x.id for x in c.states),
        drafts=tuple(Draft() for _ in range(players)),
        pending=tuple(reversed(steps)),
    )


def new_hero(s: State, t: Tables, seat: int, kind: str, at: str | None) -> tuple[State, str]:
    """A hero of ``kind`` for ``seat`` at ``at``, last in the list; its traits are drawn next."""
    number = s.created + 1
    hid = f"h{number}"
    names = t.content.hero_names
    name = names[(number - 1) % len(names)] if names else f"Hero {number}"
    made = Hero(id=hid, name=name, kind=kind, owner=seat, province=at)  # type: ignore[arg-type]
    s = msgspec.structs.replace(s, heroes=(*s.heroes, made), created=number)
    prefix = "admin" if kind == "administrator" else "general"
    s = push(
        s,
        DrawTrait(deck=f"{prefix}_minus", hero=hid),  # type: ignore[arg-type]
        DrawTrait(deck=f"{prefix}_plus", hero=hid),  # type: ignore[arg-type]
    )
    return s, hid


def _deck_cards(s: State, t: Tables, task: DrawTrait) -> tuple[str, ...]:
    cards = s.traits.of(task.deck)
    if cards:
        return cards
    # Q15: an empty deck is reshuffled from the traits of dead heroes of that deck.
    return tuple(c for c in s.traits.discards if t.traits[c].deck == task.deck)


def _start_kits(s: State, t: Tables, ev: list[Event]) -> State:
    for seat, p in enumerate(s.players):
        assert p.state is not None
        card = t.states[p.state]
        food = START_FOOD + modifiers.of_state(s, t, seat, "start_food")
        money = START_MONEY + modifiers.of_state(s, t, seat, "start_money")
        vp = START_VP + modifiers.of_state(s, t, seat, "start_vp")
        buildings = tuple(m.ref for m in card.features if m.kind == "start_building")
        sciences = [m.ref for m in card.features if m.kind == "start_science"]
        sciences += [SCIENCE_OF[b] for b in buildings if SCIENCE_OF[b] not in sciences]  # type: ignore[index]
        s = update(
            s,
            seat,
            food=max(0, food),
            money=max(0, money),
            vp=max(0, vp),
            buildings=buildings,
            sciences=tuple(sciences),
            appeared=2,
        )
        cap = card.capital
        s = set_province(
            s, t, cap, msgspec.structs.replace(province(s, t, cap), owner=seat, fortresses=1)
        )
        for m in card.features:
            if m.kind == "start_units" and m.unit is not None and m.value > 0:
                s = add_troops(s, t, cap, seat, Troops().plus(m.unit, m.value))
        for b in buildings:
            s = completed(s, seat, b)
        ev.append(
            Happened(
                what="state_taken",
                seat=seat,
                at=cap,
                text=text("seat {seat} rules {state}", seat=seat, state=term(card.name)),
            )
        )
    # The heroes: an administrator and a general each, in seat order; then each seat's choice.
    s = pop(s)
    tasks: list[Task] = [HeroList()]
    tasks.extend(UpperHeroTask(seat=seat) for seat in reversed(range(len(s.players))))
    s = push(s, *tasks)
    for seat in reversed(range(len(s.players))):
        cap = t.capital_of[s.players[seat].state or ""]
        s, _ = new_hero(s, t, seat, "general", cap)
        s, _ = new_hero(s, t, seat, "administrator", cap)
    # Heroes were created in reverse; put the list in seat order (admin, general) for now.
    heroes = sorted(s.heroes, key=lambda h: (h.owner, h.kind != "administrator"))
    return msgspec.structs.replace(s, heroes=tuple(heroes))


def _snake(s: State) -> State:
    """X4: [P1a, P2a, ..., Pna, Pnb, ..., P1b] (each seat's chosen hero is its ``a``)."""
    n = len(s.players)
    pairs = [[h for h in s.heroes if h.owner == seat] for seat in range(n)]
    upper = [p[0] for p in pairs]
    lower = [p[1] for p in reversed(pairs)]
    return msgspec.structs.replace(pop(s), heroes=(*upper, *lower))


def begin_play(s: State, t: Tables) -> State:
    return begin_turn(msgspec.structs.replace(s, stage="play"))


# --------------------------------------------------------------------------- protocol


def outcomes(s: State, t: Tables, task: Any) -> list[ChanceOutcome]:
    if isinstance(task, DealStates):
        return [ChanceOutcome(StateDealt(state=x), 1) for x in s.states_left]
    if isinstance(task, DrawTrait):
        return [ChanceOutcome(TraitDrawn(card=c), 1) for c in _trait_choices(s, t, task)]
    return []


def drawn(s: State, t: Tables, task: DealStates | DrawTrait, rng: random.Random) -> Any:
    """The outcome :func:`~arbiter.core.chance.pick` draws from :func:`outcomes` with ``rng``
    (every outcome weighs 1), without building one per state or trait card."""
    if isinstance(task, DealStates):
        return StateDealt(state=pick_uniform(s.states_left, rng))
    return TraitDrawn(card=pick_uniform(_trait_choices(s, t, task), rng))


def _trait_choices(s: State, t: Tables, task: DrawTrait) -> tuple[str, ...]:
    """The trait cards a draw may give: each card of the deck once."""
    return tuple(dict.fromkeys(_deck_cards(s, t, task)))


def actors(s: State, task: Any) -> tuple[Any, ...] | None:
    if isinstance(task, (DealStates, DrawTrait)):
        return (CHANCE,)
    return None


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    if isinstance(task, PickStateTask):
        return [PickState(seat=task.seat, state=x) for x in s.states_left]
    if isinstance(task, UpperHeroTask):
        return [UpperHero(seat=task.seat, hero=h.id) for h in s.heroes if h.owner == task.seat]
    return []


def _take_state(s: State, seat: int, state: str) -> State:
    s = update(s, seat, state=state)
    left = tuple(x for x in s.states_left if x != state)
    return pop(msgspec.structs.replace(s, states_left=left))


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    if isinstance(move, StateDealt):
        return _take_state(s, task.seat, move.state)
    if isinstance(move, PickState):
        return _take_state(s, move.seat, move.state)
    if isinstance(move, UpperHero):
        mine = [h for h in s.heroes if h.owner == move.seat]
        chosen = next(h for h in mine if h.id == move.hero)
        other = next(h for h in mine if h.id != move.hero)
        heroes = [h for h in s.heroes if h.owner != move.seat]
        heroes.extend((chosen, other))
        heroes.sort(key=lambda h: h.owner)
        return pop(msgspec.structs.replace(s, heroes=tuple(heroes)))
    assert isinstance(task, DrawTrait)
    card = move.card
    decks = s.traits
    if card in decks.of(task.deck):
        left = list(decks.of(task.deck))
        left.remove(card)
        decks = msgspec.structs.replace(decks, **{task.deck: tuple(left)})
    else:  # reshuffled from the discards (Q15)
        rest = [c for c in decks.discards if t.traits[c].deck == task.deck and c != card]
        others = [c for c in decks.discards if t.traits[c].deck != task.deck]
        decks = msgspec.structs.replace(decks, **{task.deck: tuple(rest)}, discards=tuple(others))
    h = hero(s, task.hero)
    h = msgspec.structs.replace(
        h, **({"plus": card} if task.deck.endswith("plus") else {"minus": card})
    )
    return pop(set_hero(msgspec.structs.replace(s, traits=decks), h))


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    if isinstance(task, StartKits):
        return _start_kits(s, t, ev)
    if isinstance(task, HeroList):
        return begin_play(_snake(s), t)
    if isinstance(task, DrawTrait) and not _deck_cards(s, t, task):
        return pop(s)  # Q15: no card left even after the reshuffle
    return None
