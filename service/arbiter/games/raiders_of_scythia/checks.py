"""Invariants of a submitted state, and the content checks the rules add to the pack's own.

:func:`check_state` refuses a state that no game could reach (spec §4.9): every card of the pack
in exactly one place, plunder conserved, wounds within a crew member's strength, 5 slots, a worker
in hand except between placing and picking up, workers in the village, and the turn's record
consistent with the village. Each refusal names its member with a JSON pointer.

Once the table is laid out (after setup) it also holds what play keeps true: the cards a pending
step holds (an animal taken, a crew card being hired, an eagle returned) are counted with the
rest; every seat has its own hero; a raid space not raided still shows the pack's worker and its
plunder; the village holds 3 workers (4 between placing one and picking one up); the workers on a
settlement's spots are one a raided space (the chief uses none), and one more during a raid on
it; a seat not taking its turn keeps the limits («не более 8»); a raid under way has its worker on
the settlement's last spot and the settlement's dice, each showing one of its faces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from arbiter.core import InvalidState
from arbiter.core.texts import Text, term, text
from arbiter.games.raiders_of_scythia import content_checks
from arbiter.games.raiders_of_scythia.content import BUILDINGS, RaidersContent
from arbiter.games.raiders_of_scythia.naming import colour
from arbiter.games.raiders_of_scythia.state import (
    ALL_PLUNDER,
    LIMIT,
    ChooseHireSlot,
    ChoosePickUp,
    ChooseSwapHorse,
    PlaceAnimal,
    RaidersState,
)
from arbiter.games.raiders_of_scythia.tables import Tables

GAME = "raiders-of-scythia"
#: The tokens the checks count, as the rulebook names them.
_KINDS: dict[str, Text] = {
    "gold": term("gold"),
    "equipment": term("equipment"),
    "wagons": term("wagons"),
    "livestock": term("livestock"),
    "silver": term("silver"),
    "provisions": term("provisions"),
    "kumis": term("kumis"),
}


def _invalid(rule: str, message: Text, pointer: str) -> InvalidState:
    return InvalidState(f"{GAME}.{rule}", message, pointer)


def check_content(c: RaidersContent) -> None:
    content_checks.check_content(c)


def _once(
    seen: Counter[str], cards: tuple[str, ...], known: Mapping[str, object], pointer: str
) -> None:
    for j, card in enumerate(cards):
        if card not in known:
            raise _invalid(
                "state.unknown_card",
                text("{card} is no card of the pack", card=repr(card)),
                f"{pointer}/{j}",
            )
        seen[card] += 1
        if seen[card] > 1:
            raise _invalid(
                "state.card_twice",
                text("{card} lies in two places", card=repr(card)),
                f"{pointer}/{j}",
            )


def check_state(s: RaidersState, t: Tables) -> None:
    if len(s.spaces) != len(t.spaces):
        raise _invalid(
            "state.spaces", text("the pack has {count} raid spaces", count=len(t.spaces)), "/spaces"
        )
    if len(s.spots) != len(t.settlements):
        raise _invalid(
            "state.spots",
            text("the pack has {count} settlements", count=len(t.settlements)),
            "/spots",
        )
    if (s.chief is not None) != (len(s.players) == 1):
        raise _invalid("state.chief", text("the chief plays in solo games only"), "/chief")
    crew: Counter[str] = Counter()
    _once(crew, s.crew_deck, t.crew, "/crew_deck")
    _once(crew, s.crew_discard, t.crew, "/crew_discard")
    for i, p in enumerate(s.players):
        _once(crew, p.hand, t.crew, f"/players/{i}/hand")
        _once(crew, p.set_aside, t.crew, f"/players/{i}/set_aside")
        for k, slot in enumerate(p.slots):
            at = f"/players/{i}/slots/{k}"
            if slot.crew is not None:
                _once(crew, (slot.crew,), t.crew, f"{at}/crew")
                if slot.wounds > t.card_strength(slot.crew):
                    raise _invalid(
                        "state.wounds",
                        text("a crew member holds more wounds than its strength"),
                        f"{at}/wounds",
                    )
            elif slot.wounds:
                raise _invalid("state.wounds", text("wounds lie on an empty slot"), f"{at}/wounds")
        if p.hero is not None and p.hero not in t.heroes:
            raise _invalid(
                "state.unknown_card",
                text("{hero} is no hero", hero=repr(p.hero)),
                f"/players/{i}/hero",
            )
    _once(crew, tuple(p.crew for p in s.pairs if p.crew is not None), t.crew, "/pairs")
    animals: Counter[str] = Counter()
    _once(animals, s.animal_deck, t.animals, "/animal_deck")
    _once(animals, s.animal_discard, t.animals, "/animal_discard")
    _once(
        animals, tuple(c for c in s.animal_display if c is not None), t.animals, "/animal_display"
    )
    for i, p in enumerate(s.players):
        for k, slot in enumerate(p.slots):
            for half in ("eagle", "horse"):
                card = getattr(slot, half)
                if card is not None:
                    _once(animals, (card,), t.animals, f"/players/{i}/slots/{k}/{half}")
    if s.chief is not None:
        _once(animals, s.chief.horses, t.animals, "/chief/horses")
    quests: Counter[str] = Counter()
    _once(quests, s.quest_pool, t.quests, "/quest_pool")
    _once(quests, tuple(q for q in s.village_quests if q is not None), t.quests, "/village_quests")
    _once(quests, tuple(sp.quest for sp in s.spaces if sp.quest is not None), t.quests, "/spaces")
    for i, p in enumerate(s.players):
        _once(quests, p.quests, t.quests, f"/players/{i}/quests")
    if s.chief is not None:
        _once(quests, s.chief.quests, t.quests, "/chief/quests")
    for k, task in enumerate(s.pending):
        if isinstance(task, (PlaceAnimal, ChooseSwapHorse)):
            card = task.card if isinstance(task, PlaceAnimal) else task.returned
            _once(animals, (card,), t.animals, f"/pending/{k}")
        elif isinstance(task, ChooseHireSlot):
            _once(crew, (task.card,), t.crew, f"/pending/{k}")
    hidden = sum(1 for sp in s.spaces if sp.hidden_quest)
    if hidden > len(s.quest_pool):
        raise _invalid(
            "state.quests", text("more face-down quests than quests unseen"), "/quest_pool"
        )
    total = s.bag.total() + s.supply.total()
    for kind in ("gold", "equipment", "wagons", "livestock"):
        held = getattr(s.bag, kind) + getattr(s.supply, kind)
        held += sum(getattr(sp.plunder, kind) for sp in s.spaces)
        held += sum(getattr(p.stock, kind) for p in s.players)
        if held != getattr(ALL_PLUNDER, kind):
            raise _invalid(
                "state.plunder",
                text(
                    "{held} {kind} on the table, the bag holds {total}",
                    held=held,
                    kind=_KINDS[kind],
                    total=getattr(ALL_PLUNDER, kind),
                ),
                "/supply",
            )
    del total
    for i, sp in enumerate(s.spaces):
        if sp.raided and (sp.plunder.total() or sp.worker is not None or sp.hidden_quest):
            raise _invalid("state.raided", text("a raided space keeps nothing"), f"/spaces/{i}")
        if not sp.in_use and (sp.plunder.total() or sp.worker or sp.hidden_quest or sp.raided):
            raise _invalid("state.unused", text("a space not used holds nothing"), f"/spaces/{i}")
    for k, spots in enumerate(s.spots):
        if len(spots) > len(t.settlement_spaces[k]):
            raise _invalid("state.spots", text("more workers than worker spots"), f"/spots/{k}")
        for j, spot in enumerate(spots):
            if spot.seat >= len(s.players):
                raise _invalid("state.spots", text("no such seat"), f"/spots/{k}/{j}/seat")
    for b in ("stables", "chiefs_tent"):
        if s.village.at(b) == "blue":  # type: ignore[arg-type]
            raise _invalid(
                "state.village", text("a blue worker never stands there"), f"/village/{b}"
            )
    if s.phase == "play" and s.pending:
        placed = sum(1 for p in s.players if p.worker is None)
        if placed > 1:
            raise _invalid(
                "state.workers", text("only the acting seat may be without a worker"), "/players"
            )
    if s.phase != "setup":
        _check_table(s, t)


def _check_table(s: RaidersState, t: Tables) -> None:
    """What play keeps true once the table is laid out (module docstring)."""
    heroes: set[str] = set()
    for i, p in enumerate(s.players):
        if p.hero is None:
            raise _invalid("state.hero", text("every seat has its hero"), f"/players/{i}/hero")
        if p.hero in heroes:
            raise _invalid(
                "state.card_twice",
                text("{hero} is two seats' hero", hero=repr(p.hero)),
                f"/players/{i}/hero",
            )
        heroes.add(p.hero)
    need = sum(sp.plunder for i, sp in enumerate(t.spaces) if s.spaces[i].in_use)
    full = need <= ALL_PLUNDER.total()
    raiding = s.raid.settlement if s.raid is not None else None
    for i, sp in enumerate(s.spaces):
        if not sp.open():
            continue
        if sp.worker != t.spaces[i].worker:
            raise _invalid(
                "state.space_worker",
                text(
                    "a raid space not raided shows its {worker} worker",
                    worker=colour(t.spaces[i].worker),
                ),
                f"/spaces/{i}/worker",
            )
        held = sp.plunder.total()
        if held > t.spaces[i].plunder or (full and held != t.spaces[i].plunder):
            raise _invalid(
                "state.space_plunder",
                text(
                    "the raid space holds the {count} plunder put on it at setup",
                    count=t.spaces[i].plunder,
                ),
                f"/spaces/{i}/plunder",
            )
    picking = any(isinstance(task, ChoosePickUp) for task in s.pending)
    workers = sum(1 for b in BUILDINGS if s.village.at(b) is not None)
    if workers != 3 + picking:
        raise _invalid(
            "state.village",
            text(
                "the village holds 3 workers ({between} between placing and picking up), not "
                "{workers}",
                between=3 + picking,
                workers=workers,
            ),
            "/village",
        )
    for k, spots in enumerate(s.spots):
        raided = sum(1 for i in t.settlement_spaces[k] if s.spaces[i].raided)
        expected = raided + (1 if raiding == k else 0)
        if len(spots) > expected or (s.chief is None and len(spots) != expected):
            raise _invalid(
                "state.spots",
                text(
                    "{workers} workers on the worker spots of a settlement with {raided} raid "
                    "spaces raided: one a raid by a player",
                    workers=len(spots),
                    raided=raided,
                ),
                f"/spots/{k}",
            )
    for i, p in enumerate(s.players):
        if p.worker is None and (i != s.current or not (picking or s.raid is not None)):
            raise _invalid(
                "state.workers",
                text(
                    "a seat is without its worker only in its turn, between placing and picking "
                    "up, or on a raid"
                ),
                f"/players/{i}/worker",
            )
        if i == s.current and s.phase == "play":
            continue
        for kind in ("silver", "provisions", "kumis"):
            if getattr(p.stock, kind) > LIMIT:
                raise _invalid(
                    "state.limits",
                    text(
                        "at most {limit} {kind} at the end of a turn",
                        limit=LIMIT,
                        kind=_KINDS[kind],
                    ),
                    f"/players/{i}/stock/{kind}",
                )
        if len(p.hand) > LIMIT:
            raise _invalid(
                "state.limits",
                text("at most {limit} cards at the end of a turn", limit=LIMIT),
                f"/players/{i}/hand",
            )
    if len(s.animal_display) != 3:
        raise _invalid(
            "state.display", text("the animal display has 3 positions"), "/animal_display"
        )
    if s.raid is not None:
        _check_raid(s, t)


def _check_raid(s: RaidersState, t: Tables) -> None:
    raid = s.raid
    assert raid is not None
    k = raid.settlement
    if k >= len(t.settlements) or not any(s.spaces[i].open() for i in t.settlement_spaces[k]):
        raise _invalid(
            "state.raid",
            text("a raid is on a settlement with a raid space left"),
            "/raid/settlement",
        )
    spots = s.spots[k]
    if not spots or spots[-1].seat != s.current or spots[-1].worker != raid.worker:
        raise _invalid(
            "state.raid",
            text("the raiding worker stands on the settlement's last worker spot"),
            f"/spots/{k}",
        )
    red, white = t.dice_of(k)
    gold = sum(1 for i in t.settlement_spaces[k] if s.spaces[i].open() and s.spaces[i].plunder.gold)
    colours = ("red",) * red + ("white",) * white + ("yellow",) * gold
    if tuple(d.colour for d in raid.dice) != colours:
        raise _invalid(
            "state.dice",
            text(
                "a raid on this settlement rolls {red} red, {white} white and {gold} yellow dice",
                red=red,
                white=white,
                gold=gold,
            ),
            "/raid/dice",
        )
    for j, die in enumerate(raid.dice):
        faces = {(f.strength, f.wounds) for f in t.faces[die.colour]}
        if die.rolled and (die.strength, die.wounds) not in faces:
            raise _invalid(
                "state.dice",
                text("no face of a {colour} die shows that", colour=colour(die.colour)),
                f"/raid/dice/{j}",
            )
        if not die.rolled and (die.strength or die.wounds):
            raise _invalid("state.dice", text("a die not rolled shows no face"), f"/raid/dice/{j}")
    p = s.players[s.current]
    for j, slot in enumerate(raid.wounded):
        if p.slots[slot].crew is None:
            raise _invalid(
                "state.raid", text("a wounded crew member of the raid lives"), f"/raid/wounded/{j}"
            )
