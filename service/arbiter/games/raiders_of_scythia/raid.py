"""Raids (rulebook «НАБЕГ», «БРОСОК КУБИКОВ», «СИЛА», «РАНЕНИЯ», «ПРИМЕР НАБЕГА»).

The order of a raid, fixed by the texts where they speak and by ruling where they do not (spec
§1.11, Q7-Q9):

1. the worker goes on the settlement's next worker spot for good; provisions and wagons are paid;
2. kumis, any number, +1 strength each (:class:`~.state.ChooseKumis`);
3. the dice: the region's red and white (a settlement may override them), then one yellow die per
   raid space of the settlement still holding gold (:class:`~.state.Roll`), rerolls if a crew
   ability gives them (:class:`~.state.ChooseReroll`);
4. strength = kumis + faces + crew (printed strength less wounds) + animals equipped to crew +
   strength abilities; the highest band whose minimum it reaches scores its VP; raid rewards
   («до получения ранений и её возможной смерти»), slot by slot;
5. wounds = dice wounds + the band's - reductions, placed one at a time on any living crew member
   the player chooses; at strength 0 a wound kills («Это не считается ранением»): «При гибели»
   at once, the card and its wounds discarded; wounds with no crew left are lost;
6. «При ранении» once for each crew member wounded and still alive, slot by slot;
7. the raider takes the plunder and worker of a remaining raid space of its choice; a quest under
   it is turned face up.

A doubling eagle doubles the numbers of its crew member's ability, not its strength (E10).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.games.raiders_of_scythia import effects
from arbiter.games.raiders_of_scythia.common import (
    State,
    add_stock,
    hired,
    pop,
    push,
    replace_top,
    update,
    with_slot,
)
from arbiter.games.raiders_of_scythia.content import (
    CrewAbility,
    IfKilled,
    IfWounded,
    Items,
    RaidGain,
    RaidReroll,
    RaidStrength,
    RaidWoundReduction,
)
from arbiter.games.raiders_of_scythia.events import (
    AbilityUsed,
    CrewKilled,
    CrewWounded,
    DieRolled,
    RaidScored,
    WorkerPlaced,
)
from arbiter.games.raiders_of_scythia.moves import (
    KeepDice,
    Raid,
    Reroll,
    RollDie,
    SpendKumis,
    TakeSpace,
    Wound,
)
from arbiter.games.raiders_of_scythia.state import (
    AssignWounds,
    ChooseKumis,
    ChooseReroll,
    ChooseSpace,
    Draw,
    Player,
    Plunder,
    RaidAftermath,
    Roll,
    Rolled,
    ScoreRaid,
    Spot,
)
from arbiter.games.raiders_of_scythia.state import Raid as RaidCtx
from arbiter.games.raiders_of_scythia.tables import Tables

# --------------------------------------------------------------------------- who may raid


def open_spaces(s: State, t: Tables, settlement: int) -> list[int]:
    """The settlement's raid spaces in use and not raided, left to right."""
    return [i for i in t.settlement_spaces[settlement] if s.spaces[i].open()]


def refusal(s: State, t: Tables, seat: int, settlement: int) -> str | None:
    """Why ``seat`` may not raid ``settlement`` now (a rule code's tail), ``None`` if it may."""
    st = t.settlements[settlement]
    p = s.players[seat]
    if not open_spaces(s, t, settlement):
        return "raid.no_space"
    if p.worker is None or p.worker not in st.workers:
        return "raid.worker"
    if hired(p) < st.min_crew:
        return "raid.crew"
    if p.stock.provisions < st.provisions:
        return "raid.provisions"
    if p.stock.wagons < st.wagons:
        return "raid.wagons"
    return None


def raid_moves(s: State, t: Tables, seat: int) -> list[Raid]:
    """The settlements ``seat`` may raid now: those :func:`refusal` accepts, listed legal as
    made (its tests, with the seat's own worker, crew and stock read once for every settlement;
    a test over random games holds the two equal)."""
    p = s.players[seat]
    worker = p.worker
    if worker is None:
        return []
    crew = hired(p)
    provisions, wagons = p.stock.provisions, p.stock.wagons
    return [
        Raid(seat=seat, settlement=st.id)
        for i, st in enumerate(t.settlements)
        if worker in st.workers
        and crew >= st.min_crew
        and provisions >= st.provisions
        and wagons >= st.wagons
        and open_spaces(s, t, i)
    ]


# ---------------------------------------------------------------------------- abilities


def _doubled(t: Tables, p: Player, slot: int) -> int:
    """2 if a doubling eagle is equipped to the crew member in ``slot``, else 1."""
    eagle = p.slots[slot].eagle
    return 2 if eagle is not None and t.animals[eagle].eagle.kind == "double" else 1


def _abilities(t: Tables, p: Player) -> list[tuple[int, str, CrewAbility, int]]:
    """The hired crew's abilities in slot order: (slot, card, ability, factor)."""
    out = []
    for i, slot in enumerate(p.slots):
        if slot.crew is None:
            continue
        ability = t.crew[slot.crew].ability
        if ability is not None:
            out.append((i, slot.crew, ability, _doubled(t, p, i)))
    return out


def _applies(ability: RaidGain | RaidStrength | RaidWoundReduction, region: str) -> bool:
    return ability.region is None or ability.region == region


# ------------------------------------------------------------------------------ perform


def start(s: State, t: Tables, move: Raid, ev: list[Event]) -> State:
    """«НАБЕГ» steps 1-2, then the kumis, the dice and the rest as pending steps."""
    seat = move.seat
    index = t.settlement_index[move.settlement]
    st = t.settlements[index]
    p = s.players[seat]
    assert p.worker is not None
    worker = p.worker
    ev.append(WorkerPlaced(seat=seat, worker=worker, at=st.id))
    spots = list(s.spots)
    spots[index] = (*spots[index], Spot(seat=seat, worker=worker))
    s = msgspec.structs.replace(s, spots=tuple(spots))
    s = update(s, seat, worker=None)
    s = effects.pay(s, seat, Items(provisions=st.provisions, wagons=st.wagons))
    red, white = t.dice_of(index)
    gold = sum(1 for i in open_spaces(s, t, index) if s.spaces[i].plunder.gold)
    dice = (
        *(Rolled(colour="red") for _ in range(red)),
        *(Rolled(colour="white") for _ in range(white)),
        *(Rolled(colour="yellow") for _ in range(gold)),
    )
    rerolls = sum(
        a.dice * f for _, _, a, f in _abilities(t, s.players[seat]) if isinstance(a, RaidReroll)
    )
    ctx = RaidCtx(settlement=index, worker=worker, dice=dice, rerolls=rerolls)
    s = msgspec.structs.replace(s, raid=ctx)
    rolls = tuple(Roll(die=i) for i in reversed(range(len(dice))))
    tail: tuple[Any, ...] = (RaidAftermath(), ScoreRaid())
    if rerolls and dice:
        tail = (*tail, ChooseReroll(seat=seat))
    return push(pop(s), *tail, *rolls, ChooseKumis(seat=seat))


def kumis_moves(s: State, seat: int) -> list[SpendKumis]:
    return [SpendKumis(seat=seat, kumis=n) for n in range(s.players[seat].stock.kumis + 1)]


def spend_kumis(s: State, move: SpendKumis) -> State:
    p = s.players[move.seat]
    assert s.raid is not None
    raid = msgspec.structs.replace(s.raid, kumis=move.kumis)
    s = update(s, move.seat, stock=add_stock(p.stock, kumis=-move.kumis))
    s = msgspec.structs.replace(s, raid=raid)
    return pop(s)


def die_outcomes(t: Tables, colour: str) -> list[tuple[RollDie, int]]:
    """The faces of a die of ``colour``, equal faces grouped, with their multiplicity."""
    counts: dict[tuple[int, int], int] = {}
    for face in t.faces[colour]:
        key = (face.strength, face.wounds)
        counts[key] = counts.get(key, 0) + 1
    return [
        (RollDie(colour=colour, strength=st, wounds=w), n)  # type: ignore[arg-type]
        for (st, w), n in counts.items()
    ]


def roll(s: State, t: Tables, move: RollDie, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, Roll) and s.raid is not None
    dice = list(s.raid.dice)
    dice[task.die] = Rolled(
        colour=move.colour, strength=move.strength, wounds=move.wounds, rolled=True
    )
    ev.append(
        DieRolled(
            seat=s.current,
            die=task.die,
            colour=move.colour,
            strength=move.strength,
            wounds=move.wounds,
        )
    )
    s = msgspec.structs.replace(s, raid=msgspec.structs.replace(s.raid, dice=tuple(dice)))
    return pop(s)


def reroll_moves(s: State, seat: int) -> list[Any]:
    assert s.raid is not None
    out: list[Any] = [Reroll(seat=seat, die=i) for i in range(len(s.raid.dice))]
    return [*out, KeepDice(seat=seat)]


def reroll(s: State, move: Reroll | KeepDice) -> State:
    assert s.raid is not None
    if isinstance(move, KeepDice):
        return pop(s)
    left = s.raid.rerolls - 1
    s = msgspec.structs.replace(s, raid=msgspec.structs.replace(s.raid, rerolls=left))
    if not left:
        s = pop(s)
    return push(s, Roll(die=move.die))


def strength_parts(s: State, t: Tables, seat: int) -> tuple[int, int, int]:
    """(dice, crew and equipped animals, abilities) of the raid under way."""
    raid = s.raid
    assert raid is not None
    p = s.players[seat]
    region = t.settlements[raid.settlement].region
    dice = sum(d.strength for d in raid.dice)
    crew = 0
    for slot in p.slots:
        if slot.crew is None:
            continue  # «в набегах участвуют только карты животных, совмещённые с картами соратников»
        crew += max(0, t.card_strength(slot.crew) - slot.wounds)
        if slot.eagle is not None:
            crew += t.animals[slot.eagle].eagle.strength
        if slot.horse is not None:
            crew += t.animals[slot.horse].horse.strength
    extra = 0
    for _, _, a, f in _abilities(t, p):
        if isinstance(a, RaidStrength) and _applies(a, region) and a.worker in (None, raid.worker):
            extra += a.amount * f
    return dice, crew, extra


def score(s: State, t: Tables, ev: list[Event]) -> State:
    """Step 4-5: the strength, the band, the raid rewards, the wounds to place."""
    raid = s.raid
    assert raid is not None
    seat = s.current
    st = t.settlements[raid.settlement]
    dice, crew, extra = strength_parts(s, t, seat)
    strength = raid.kumis + dice + crew + extra
    band = [b for b in st.bands if b.min_strength <= strength][-1]
    s = pop(s)
    s = effects.gain(s, seat, Items(vp=band.vp))
    reduction = 0
    for _, card, a, f in _abilities(t, s.players[seat]):
        if isinstance(a, RaidGain) and _applies(a, st.region):
            ev.append(AbilityUsed(seat=seat, card=card, ability="raid_gain", doubled=f > 1))
            s = effects.gain(s, seat, effects.scaled(a.gain, f))
        elif isinstance(a, RaidWoundReduction) and _applies(a, st.region):
            ev.append(AbilityUsed(seat=seat, card=card, ability="raid_fewer_wounds", doubled=f > 1))
            reduction += a.amount * f
    wounds = max(0, sum(d.wounds for d in raid.dice) + band.wounds - reduction)
    ev.append(
        RaidScored(
            seat=seat,
            settlement=st.id,
            strength=strength,
            kumis=raid.kumis,
            dice=dice,
            crew_and_animals=crew,
            abilities=extra,
            vp=band.vp,
            wounds=wounds,
        )
    )
    ctx = msgspec.structs.replace(
        raid,
        strength=strength,
        crew_strength=crew,
        ability_strength=extra,
        vp=band.vp,
        wounds=wounds,
    )
    s = msgspec.structs.replace(s, raid=ctx)
    if wounds and hired(s.players[seat]):
        # The aftermath waits under the wounds: a draw an ability pushed comes first.
        return push(s, AssignWounds(seat=seat, left=wounds))
    return s


def wound_moves(s: State, seat: int) -> list[Wound]:
    slots = s.players[seat].slots
    return [Wound(seat=seat, slot=i) for i, sl in enumerate(slots) if sl.crew is not None]


def wound(s: State, t: Tables, move: Wound, ev: list[Event]) -> State:
    task = s.pending[-1]
    assert isinstance(task, AssignWounds) and s.raid is not None
    seat = move.seat
    p = s.players[seat]
    slot = p.slots[move.slot]
    assert slot.crew is not None
    card = slot.crew
    raid = s.raid
    left = task.left - 1
    gained: Items | None = None
    s = replace_top(s, msgspec.structs.replace(task, left=left))
    if slot.wounds < t.card_strength(card):
        ev.append(CrewWounded(seat=seat, slot=move.slot, card=card))
        new = msgspec.structs.replace(slot, wounds=slot.wounds + 1)
        s = update(s, seat, slots=with_slot(p, move.slot, new).slots)
        wounded = raid.wounded if move.slot in raid.wounded else (*raid.wounded, move.slot)
        raid = msgspec.structs.replace(raid, wounded=wounded)
    else:
        ev.append(CrewKilled(seat=seat, slot=move.slot, card=card))
        factor = _doubled(t, p, move.slot)
        new = msgspec.structs.replace(slot, crew=None, wounds=0)
        s = update(s, seat, slots=with_slot(p, move.slot, new).slots)
        s = msgspec.structs.replace(s, crew_discard=(*s.crew_discard, card))
        raid = msgspec.structs.replace(
            raid,
            wounded=tuple(i for i in raid.wounded if i != move.slot),
            killed=(*raid.killed, card),
        )
        ability = t.crew[card].ability
        if isinstance(ability, IfKilled):
            ev.append(AbilityUsed(seat=seat, card=card, ability="if_killed", doubled=factor > 1))
            gained = effects.scaled(ability.gain, factor)
    s = msgspec.structs.replace(s, raid=raid)
    if not left or not hired(s.players[seat]):
        s = pop(s)  # wounds no crew member can take are lost (Q7)
    return effects.gain(s, seat, gained) if gained is not None else s


def aftermath(s: State, t: Tables, ev: list[Event]) -> State:
    """Step 6-7: «При ранении», then the raid space (chosen when two remain)."""
    raid = s.raid
    assert raid is not None
    seat = s.current
    s = pop(s)
    spaces = open_spaces(s, t, raid.settlement)
    # The last space is taken at once; of two the raider chooses (after any card drawn below).
    s = take(s, t, seat, spaces[0], ev) if len(spaces) == 1 else push(s, ChooseSpace(seat=seat))
    p = s.players[seat]
    for i in sorted(raid.wounded):
        card = p.slots[i].crew
        if card is None:
            continue
        ability = t.crew[card].ability
        if isinstance(ability, IfWounded):
            factor = _doubled(t, p, i)
            ev.append(AbilityUsed(seat=seat, card=card, ability="if_wounded", doubled=factor > 1))
            s = effects.gain(s, seat, effects.scaled(ability.gain, factor))
    return s


def space_moves(s: State, t: Tables, seat: int) -> list[TakeSpace]:
    assert s.raid is not None
    return [
        TakeSpace(seat=seat, space=t.spaces[i].id) for i in open_spaces(s, t, s.raid.settlement)
    ]


def take(s: State, t: Tables, seat: int, index: int, ev: list[Event]) -> State:
    """Step 5-6: the plunder and worker of raid space ``index`` to ``seat``; its quest turned up."""
    space = s.spaces[index]
    p = s.players[seat]
    pl = space.plunder
    stock = add_stock(
        p.stock, gold=pl.gold, equipment=pl.equipment, wagons=pl.wagons, livestock=pl.livestock
    )
    s = update(s, seat, stock=stock, worker=space.worker)
    return clear_space(msgspec.structs.replace(s, raid=None), index)


def clear_space(s: State, index: int) -> State:
    """Raid space ``index`` is raided: its plunder and worker are gone (to the raider, or the
    supply and the box when the solo chief raids) and its quest, if any, is turned face up."""
    space = s.spaces[index]
    spaces = list(s.spaces)
    spaces[index] = msgspec.structs.replace(
        space, raided=True, plunder=Plunder(), worker=None, hidden_quest=False
    )
    s = msgspec.structs.replace(s, spaces=tuple(spaces))
    if space.hidden_quest:
        s = push(s, Draw(deck="quests", to="space_quest", index=index))
    return s


def take_space(s: State, t: Tables, move: TakeSpace, ev: list[Event]) -> State:
    return take(pop(s), t, move.seat, t.space_index[move.space], ev)
