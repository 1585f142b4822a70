"""Solo play: the nameless chief (rulebook «ОДИНОЧНАЯ ИГРА», PL «WARIANT SOLO»).

After each of the player's turns a scheme card is turned up; going down its left side, the chief
checks a raidable settlement in the card's region, the card's provisions and its strength (the AI
crew card's plus its horses'). At the first check that fails it does the card's fallback for it
(take a quest / gain provisions / take a horse) and its turn ends; when all hold it raids. The
card's blocked building is closed to the player on their next turn.

Rulings (spec Q18-Q20, Q30):

* The target is a **raid space** (PL «pole Najazdu», the example's «третье ... слева»): the card's
  ``target``-th space in use of the region from the left; a raided one passes to the next on its
  right, wrapping to the left-most. Its plunder goes to the supply, its quest is turned face up,
  and **the worker above it goes to the box**; the chief uses no worker spot.
* Strength is paid with horses: the fewest horses that reach the strength needed beyond the AI
  crew's, then the least strength overspent, then the fewest VP lost, then the earliest taken.
* Quests: only face-up quests can be taken, top row first (the village's two rows, then one row a
  region, top to bottom) or bottom first, left-most or right-most in the row, as the card's arrows
  say; with none, the chief takes a horse.
* A horse is taken at the card's display position (left, centre, right); an empty position passes
  to the next card on its right, wrapping; with no card shown the chief does nothing. The display
  is refilled as usual.
* The player's first turn has no blocked building.
"""

from __future__ import annotations

from itertools import combinations

import msgspec

from arbiter.core import Event
from arbiter.games.raiders_of_scythia import buildings
from arbiter.games.raiders_of_scythia.common import State, pop, push
from arbiter.games.raiders_of_scythia.content import Scheme
from arbiter.games.raiders_of_scythia.events import ChiefActed, QuestCompleted, SchemeRevealed
from arbiter.games.raiders_of_scythia.raid import clear_space, open_spaces
from arbiter.games.raiders_of_scythia.state import Chief, Draw, EndChiefTurn
from arbiter.games.raiders_of_scythia.tables import Tables
from arbiter.games.raiders_of_scythia.turns import begin_turn, count_turn

POSITIONS = {"left": 0, "centre": 1, "right": 2}


def strength(chief: Chief, t: Tables) -> int:
    base = t.chiefs[chief.level].strength
    return base + sum(t.animals[h].horse.strength for h in chief.horses)


def horses_to_discard(chief: Chief, t: Tables, need: int) -> tuple[str, ...]:
    """The horses paid for ``need`` strength (Q18's order of preference)."""
    if need <= 0:
        return ()
    horses = list(enumerate(chief.horses))
    for k in range(1, len(horses) + 1):
        best: tuple[tuple[int, int, tuple[int, ...]], tuple[str, ...]] | None = None
        for combo in combinations(horses, k):
            total = sum(t.animals[h].horse.strength for _, h in combo)
            if total < need:
                continue
            vp = sum(t.animals[h].horse.vp for _, h in combo)
            key = (total - need, vp, tuple(i for i, _ in combo))
            if best is None or key < best[0]:
                best = (key, tuple(h for _, h in combo))
        if best is not None:
            return best[1]
    return chief.horses


def target_space(s: State, t: Tables, card: Scheme) -> int | None:
    """The raid space the chief raids: the card's target, else the next open one to its right."""
    spaces = [i for i in t.region_spaces[card.region] if s.spaces[i].in_use]
    if not any(s.spaces[i].open() for i in spaces):
        return None
    start = min(card.target, len(spaces)) - 1
    for k in range(len(spaces)):
        i = spaces[(start + k) % len(spaces)]
        if s.spaces[i].open():
            return i
    return None  # pragma: no cover - an open space exists


def quest_rows(s: State, t: Tables) -> list[list[str | None]]:
    """The face-up quests by row, top to bottom: the village's two rows, then a row a region."""
    rows: list[list[str | None]] = [[s.village_quests[0]], [s.village_quests[1]]]
    for region in t.regions:
        rows.append([s.spaces[i].quest for i in t.region_spaces[region]])
    return rows


def quest_to_take(s: State, t: Tables, card: Scheme) -> str | None:
    rows = quest_rows(s, t)
    if card.quest_rows == "up":
        rows.reverse()
    for row in rows:
        found = [q for q in row if q is not None]
        if found:
            return found[0] if card.quest_in_row == "left" else found[-1]
    return None


def _set_chief(s: State, chief: Chief) -> State:
    return msgspec.structs.replace(s, chief=chief)


def _horse(s: State, t: Tables, card: Scheme, ev: list[Event]) -> State:
    display = s.animal_display
    start = POSITIONS[card.horse]
    for k in range(len(display)):
        i = (start + k) % len(display)
        taken = display[i]
        if taken is not None:
            chief = s.chief
            assert chief is not None
            shown = list(display)
            shown[i] = None
            s = msgspec.structs.replace(s, animal_display=tuple(shown))
            s = _set_chief(s, msgspec.structs.replace(chief, horses=(*chief.horses, taken)))
            ev.append(ChiefActed(action="horse", detail=taken))
            return push(s, Draw(deck="animals", to="display", index=i))
    ev.append(ChiefActed(action="nothing", detail="no animal card to take"))
    return s


def _fallback(s: State, t: Tables, card: Scheme, which: str, ev: list[Event]) -> State:
    chief = s.chief
    assert chief is not None
    if which == "quest":
        quest = quest_to_take(s, t, card)
        if quest is None:
            return _horse(s, t, card, ev)
        ev.append(ChiefActed(action="quest", detail=quest))
        ev.append(QuestCompleted(seat=None, quest=quest))
        return buildings.take_quest(s, None, quest)
    if which == "provisions":
        gain = t.chiefs[chief.level].provision_gain
        ev.append(ChiefActed(action="provisions", detail=str(gain)))
        return _set_chief(s, msgspec.structs.replace(chief, provisions=chief.provisions + gain))
    return _horse(s, t, card, ev)


def _raid(s: State, t: Tables, card: Scheme, index: int, ev: list[Event]) -> State:
    chief = s.chief
    assert chief is not None
    space = s.spaces[index]
    supply = s.supply
    for kind in ("gold", "equipment", "wagons", "livestock"):
        supply = supply.plus(kind, space.plunder.of(kind))  # type: ignore[arg-type]
    need = card.strength - t.chiefs[chief.level].strength
    paid = horses_to_discard(chief, t, need)
    horses = list(chief.horses)
    for h in paid:
        horses.remove(h)
    chief = msgspec.structs.replace(
        chief,
        provisions=chief.provisions - card.provisions,
        horses=tuple(horses),
        vp=chief.vp + card.vp,
    )
    s = msgspec.structs.replace(
        s,
        supply=supply,
        chief=chief,
        animal_discard=(*s.animal_discard, *paid),
    )
    ev.append(ChiefActed(action="raid", detail=t.spaces[index].id))
    return clear_space(s, index)


def chief_turn(s: State, t: Tables, ev: list[Event]) -> State:
    """The chief does what the scheme card on top of the scheme discard pile shows."""
    s = pop(s)
    chief = s.chief
    assert chief is not None and s.scheme_discard
    card = t.schemes[s.scheme_discard[-1]]
    ev.append(SchemeRevealed(scheme=card.id))
    s = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, blocked=card.blocked))
    region_open = any(
        open_spaces(s, t, k) for k, st in enumerate(t.settlements) if st.region == card.region
    )
    s = push(s, EndChiefTurn())
    if not region_open:
        return _fallback(s, t, card, card.fallbacks[0], ev)
    if chief.provisions < card.provisions:
        return _fallback(s, t, card, card.fallbacks[1], ev)
    if strength(chief, t) < card.strength:
        return _fallback(s, t, card, card.fallbacks[2], ev)
    index = target_space(s, t, card)
    assert index is not None
    return _raid(s, t, card, index, ev)


def end_chief_turn(s: State, ev: list[Event]) -> State:
    """The chief's turn counts (the end countdown); then the player's turn."""
    s = count_turn(pop(s), ev)
    return s if s.phase == "over" else begin_turn(s, 0)
