"""Invariants of a submitted state and sanity checks of a content pack.

Both raise :class:`~arbiter.core.InvalidState` with a rule code and a JSON pointer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arbiter.core.errors import Gaps
from arbiter.core.provenance import check_labels
from arbiter.core.texts import text
from arbiter.games.the_ancient_world import invariants
from arbiter.games.the_ancient_world.common import invalid
from arbiter.games.the_ancient_world.content import (
    AncientWorldContent,
    ArmyCard,
    EmpireCard,
    ProvinceCard,
    TitanCard,
)
from arbiter.games.the_ancient_world.content import cards as pack_cards
from arbiter.games.the_ancient_world.places import places
from arbiter.games.the_ancient_world.state import (
    MAX_CITIZENS,
    ROUNDS,
    SPACES,
    AncientWorldState,
    ChooseArmies,
    ChooseEnlist,
    ChooseProvince,
    ChooseSetAside,
    ChooseTitanOrder,
    is_open,
)
from arbiter.games.the_ancient_world.tables import Tables
from arbiter.games.the_ancient_world.words import given

_Card = EmpireCard | ArmyCard | TitanCard | ProvinceCard
#: The kinds of cards (their backs, «они различаются рубашками»), as refusals name them.
_KINDS = {
    "empire": text("empire"),
    "army": text("army"),
    "province": text("province"),
    "titan": text("titan"),
}
#: The spaces the round track opens (Explore in round 2, Increase population in round 3).
_NOT_OPENED = {
    "explore": text("the round track has not opened explore yet"),
    "populate": text("the round track has not opened populate yet"),
}


# ---------------------------------------------------------------------------------- state


def check_state(s: AncientWorldState, t: Tables) -> None:
    n = len(s.players)
    if not 2 <= n <= 4:
        raise invalid("state.players", text("2 to 4 players"), "/players")
    if not 0 <= s.round <= ROUNDS:
        raise invalid("state.round", text("the round is 0 to 6"), "/round")
    for field in ("current", "first_player"):
        if not 0 <= getattr(s, field) < n:
            raise invalid("state.seat", text("{field} is not a seat", field=field), f"/{field}")
    if s.first_passer is not None and not 0 <= s.first_passer < n:
        raise invalid("state.seat", text("first_passer is not a seat"), "/first_passer")
    placed: list[list[int]] = [[] for _ in range(n)]
    for space in SPACES:
        spot = s.board.at(space)
        if spot and not is_open(space, s.round):
            raise invalid(
                "state.board",
                _NOT_OPENED.get(space)
                or text("the round track has not opened {space} yet", space=space),
                f"/board/{space}",
            )
        for i, c in enumerate(spot):
            if not 0 <= c.seat < n:
                raise invalid(
                    "state.seat", text("a citizen of no seat"), f"/board/{space}/{i}/seat"
                )
            placed[c.seat].append(c.skill)
    for k, task in enumerate(s.pending):
        seat: int | None = getattr(task, "seat", None)
        if seat is not None and not 0 <= seat < n:
            raise invalid("state.seat", text("a pending decision of no seat"), f"/pending/{k}/seat")
        for field in ("count", "remaining"):
            if getattr(task, field, 0) < 0:
                raise invalid(
                    "state.negative",
                    text("{field} cannot be negative", field=field),
                    f"/pending/{k}/{field}",
                )
        if isinstance(task, ChooseArmies):
            # «Бой с титаном»: the armies paid in this fight, each one of the seat's armies once.
            armies = len(s.players[task.seat].armies)
            for i, a in enumerate(task.used):
                if not 0 <= a < armies or a in task.used[:i]:
                    raise invalid(
                        "state.army", text("not one of the seat's armies"), f"/pending/{k}/used/{i}"
                    )
    for seat, p in enumerate(s.players):
        for field in ("coins", "knowledge"):
            if getattr(p, field) < 0:
                raise invalid(
                    "state.negative",
                    text("{field} cannot be negative", field=field),
                    f"/players/{seat}/{field}",
                )
        for a, army in enumerate(p.armies):
            if army.scroll < 0 or army.picture < 0:
                field = "scroll" if army.scroll < 0 else "picture"
                raise invalid(
                    "state.negative",
                    text("army coins cannot be negative"),
                    f"/players/{seat}/armies/{a}/{field}",
                )
        cit = p.citizens
        if len(set(cit)) != len(cit) or (cit and not 1 <= min(cit) <= max(cit) <= MAX_CITIZENS):
            raise invalid(
                "state.citizens",
                text("a seat's citizen tokens are distinct skills 1 to 5 (5 tokens a colour)"),
                f"/players/{seat}/citizens",
            )
        where = sorted((*p.ready, *p.starving, *placed[seat], *(c.skill for c in p.on_cards)))
        if where != sorted(cit):
            raise invalid(
                "state.citizens",
                text("every citizen is exactly once ready, starving or placed"),
                f"/players/{seat}/ready",
            )
        for i, oc in enumerate(p.on_cards):
            if all(oc.card not in group for group in (p.empire, p.lost, p.provinces, p.titans)):
                raise invalid(
                    "state.citizens",
                    text("a citizen on a card the seat does not own"),
                    f"/players/{seat}/on_cards/{i}",
                )
    if not _cards_in_place(s, t):
        _check_cards(s, t)
    invariants.check_table(s, t)


def _cards_in_place(s: AncientWorldState, t: Tables) -> bool:
    """A fast sufficient test that :func:`_check_cards` finds nothing wrong.

    Every card is a known card of the kind its place holds; starting cards lie only on players,
    at most once a seat; every other card of the pack lies exactly once somewhere. When this is
    false, :func:`_check_cards` (slower, with a JSON pointer) names the first fault.
    """
    empire: list[str] = [*s.empire_discard, *s.empire_row]
    army: list[str] = [*s.army_discard, *s.army_row]
    province: list[str] = []
    titan: list[str] = [top for top in s.titan_tops.cards() if top is not None]
    if s.province_top is not None:
        province.append(s.province_top)
    for deck, kind in (
        (s.empire_a, empire),
        (s.empire_b, empire),
        (s.army, army),
        (s.province, province),
        (s.titan_1, titan),
        (s.titan_2, titan),
        (s.titan_3, titan),
    ):
        kind += deck.top
        kind += deck.middle
        kind += deck.bottom
    for task in s.pending:
        if isinstance(task, ChooseSetAside):
            empire += task.drawn
        elif isinstance(task, ChooseProvince):
            province += task.options
        elif isinstance(task, ChooseTitanOrder):
            titan += task.cards
            titan += task.ordered
        elif isinstance(task, ChooseEnlist):
            army.append(task.card)
    starting = t.start_cards
    off_players = [*empire, *army, *province, *titan]
    if not starting.isdisjoint(off_players):
        return False
    others = off_players
    for p in s.players:
        mine = [*p.empire, *p.lost, *p.set_aside]
        empire += mine
        province += p.provinces
        titan += p.titans
        owned = [*mine, *p.provinces, *p.titans]
        for a in p.armies:
            army.append(a.active)
            army += a.retired
            owned.append(a.active)
            owned += a.retired
        if starting.isdisjoint(owned):
            others += owned
            continue
        first = [c for c in owned if c in starting]
        if len(set(first)) != len(first):
            return False
        others += (c for c in owned if c not in starting)
    if not (
        t.empire.keys() >= set(empire)
        and t.armies.keys() >= set(army)
        and t.provinces.keys() >= set(province)
        and t.titans.keys() >= set(titan)
    ):
        return False
    # Every other card is a card of the pack, not a starting one: all there, each once.
    return len(others) == len(set(others)) == t.placed_cards


def _check_cards(s: AncientWorldState, t: Tables) -> None:
    seen = check_named(s, t)
    for kind, table in _tables(t).items():
        for card in table:
            if card not in seen and card not in t.start_empire and card not in t.start_armies:
                raise invalid(
                    "state.card_missing",
                    text("{kind} card {card} is nowhere", kind=_KINDS[kind], card=given(card)),
                    "",
                )


def _tables(t: Tables) -> dict[str, Mapping[str, object]]:
    return {"empire": t.empire, "army": t.armies, "province": t.provinces, "titan": t.titans}


def check_named(s: AncientWorldState, t: Tables) -> dict[str, str]:
    """Every card named in ``s`` is a card of the pack of the kind its place holds, starting
    cards only on players and once a seat, every other card in one place; returns where each card
    but the starting ones lies (card -> JSON pointer). Every misplaced card is said together."""
    seen: dict[str, str] = {}
    tables = _tables(t)
    start_seen: set[tuple[str, str]] = set()
    found = Gaps()
    for card, kind, pointer in places(s):
        if card not in tables[kind]:
            found.add(
                invalid(
                    "state.unknown_card",
                    text("{card} is not a {kind} card", card=given(card), kind=_KINDS[kind]),
                    pointer,
                )
            )
        elif card in t.start_empire or card in t.start_armies:
            owner = pointer.split("/")[2] if pointer.startswith("/players/") else ""
            if not owner:
                found.add(
                    invalid(
                        "state.card_place",
                        text("starting card {card} off a player", card=given(card)),
                        pointer,
                    )
                )
            elif (owner, card) in start_seen:
                found.add(
                    invalid(
                        "state.card_twice",
                        text("seat {owner} has {card} twice", owner=owner, card=given(card)),
                        pointer,
                    )
                )
            start_seen.add((owner, card))
        elif card in seen:
            found.add(
                invalid(
                    "state.card_twice",
                    text("{card} is also at {seen}", card=given(card), seen=seen[card]),
                    pointer,
                )
            )
        else:
            seen[card] = pointer
    found.refuse()
    return seen


# -------------------------------------------------------------------------------- content


def check_content(c: AncientWorldContent) -> None:
    ids: dict[str, str] = {}
    groups: tuple[tuple[str, Sequence[_Card]], ...] = (
        ("empire", c.empire),
        ("armies", c.armies),
        ("titans", c.titans),
        ("provinces", c.provinces),
    )
    for name, cards in groups:
        for i, card in enumerate(cards):
            pointer = f"/{name}/{i}/id"
            if not card.id:
                raise invalid("content.id", text("a card needs an id"), pointer)
            if card.id in ids:
                raise invalid(
                    "content.duplicate_id",
                    text("id {id} is also {id2}", id=given(card.id), id2=ids[card.id]),
                    pointer,
                )
            ids[card.id] = pointer
    empire = {e.id: e for e in c.empire}
    armies = {a.id: a for a in c.armies}
    for i, cid in enumerate(c.starting_empire):
        if cid not in empire or empire[cid].deck != "start":
            raise invalid(
                "content.starting",
                text("{cid} is no starting empire card", cid=given(cid)),
                f"/starting_empire/{i}",
            )
    for i, cid in enumerate(c.starting_armies):
        if cid not in armies or armies[cid].deck != "start":
            raise invalid(
                "content.starting",
                text("{cid} is no starting army card", cid=given(cid)),
                f"/starting_armies/{i}",
            )
    if not c.starting_armies:
        raise invalid(
            "content.starting", text("every seat needs starting armies"), "/starting_armies"
        )
    if c.capital.symbols.space < len(c.starting_empire):
        raise invalid(
            "content.capital", text("the capital has no space for the starting cards"), "/capital"
        )
    # Enough cards for 4 players: a full empire row from each deck, the army row, one province and
    # one titan of each star.
    if sum(1 for e in c.empire if e.deck == "A") < 6:
        raise invalid(
            "content.deck_size", text("deck A needs at least 6 cards (4-player row)"), "/empire"
        )
    if sum(1 for e in c.empire if e.deck == "B") < 6:
        raise invalid(
            "content.deck_size", text("deck B needs at least 6 cards (4-player row)"), "/empire"
        )
    if sum(1 for a in c.armies if a.deck == "army") < 4:
        raise invalid("content.deck_size", text("the army deck needs at least 4 cards"), "/armies")
    if not c.provinces:
        raise invalid("content.deck_size", text("the province deck is empty"), "/provinces")
    for stars in (1, 2, 3):
        if not any(ti.stars == stars for ti in c.titans):
            raise invalid(
                "content.titans", text("no titan with {stars} stars", stars=stars), "/titans"
            )
    if not c.dice or any(not die for die in c.dice):
        raise invalid("content.dice", text("destruction dice need faces"), "/dice")
    for i, e in enumerate(c.empire):
        if e.cost_coins < 0 or e.cost_knowledge < 0:
            raise invalid("content.negative", text("negative price"), f"/empire/{i}")
        if e.scoring is not None and not e.scoring.points:
            raise invalid(
                "content.scoring", text("a banner bonus needs points"), f"/empire/{i}/scoring"
            )
    for i, a in enumerate(c.armies):
        if a.cost_coins < 0:
            raise invalid("content.negative", text("negative price"), f"/armies/{i}/cost_coins")
    for i, ti in enumerate(c.titans):
        if ti.defence < 0:
            raise invalid("content.negative", text("negative defence"), f"/titans/{i}/defence")
    symbol_groups: tuple[tuple[str, Sequence[EmpireCard | TitanCard | ProvinceCard]], ...] = (
        ("empire", c.empire),
        ("titans", c.titans),
        ("provinces", c.provinces),
    )
    for name, sym_cards in symbol_groups:
        for i, card in enumerate(sym_cards):
            sym = card.symbols
            for field in sym.__struct_fields__:
                value = getattr(sym, field)
                if isinstance(value, int) and value < 0:
                    raise invalid(
                        "content.negative",
                        text("negative {field}", field=field),
                        f"/{name}/{i}/symbols/{field}",
                    )
            action = card.action
            if action is not None:
                for field in action.__struct_fields__:
                    if getattr(action, field) < 0:
                        raise invalid(
                            "content.negative",
                            text("negative {field}", field=field),
                            f"/{name}/{i}/action/{field}",
                        )
    for i, a in enumerate(c.armies):
        for side in ("face", "experience"):
            icons = getattr(a, side)
            for field in icons.__struct_fields__:
                if getattr(icons, field) < 0:
                    raise invalid(
                        "content.negative",
                        text("negative {field}", field=field),
                        f"/armies/{i}/{side}/{field}",
                    )
    # Provenance: which values a source gives (checked last: a pack cut short fails above).
    problem = check_labels(pack_cards(c), c.labels)
    if problem is not None:
        raise invalid("content.labels", problem.message, problem.pointer)
