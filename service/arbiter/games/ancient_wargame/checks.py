"""Invariants of a submitted state, and the content checks.

:func:`check_state` refuses a state no game could reach: unknown states or heroes' traits,
fortresses beyond 3 or in a neutral province, soldiers or ships of an eliminated seat (or of no
seat), a second army or fleet of a seat in one place, ships in a class-6 sea or beyond a seat's
ship cards, a hero in an unknown province, wars between a seat and itself, deals longer than 5
turns. Each refusal names its member with a JSON pointer.
"""

from __future__ import annotations

from typing import Final

from arbiter.core import InvalidState
from arbiter.core.texts import Text, text
from arbiter.games.ancient_wargame import content_checks
from arbiter.games.ancient_wargame.content import WargameContent
from arbiter.games.ancient_wargame.rules import CLOSED_SEA, MAX_DEAL, MAX_FORTRESSES
from arbiter.games.ancient_wargame.state import WargameState
from arbiter.games.ancient_wargame.tables import Tables

GAME = "ancient-wargame"

STATE_CODES: tuple[tuple[str, str, str], ...] = (
    (
        "state.shape",
        "Игровое поле",
        "the provinces and seas are the pack's, owned by seats of the game; a seat has one army "
        "in a province and one fleet in a sea",
    ),
    ("state.card", "Выбор государств", "every state and trait is a card of the pack, each once"),
    (
        "state.fortresses",
        "Фаза 4: строительство",
        "at most 3 fortresses, only in a province someone owns",
    ),
    ("state.eliminated", "Победа завоеванием", "an eliminated seat has nothing on the board"),
    (
        "state.ships",
        "Проверка на прочность",
        "no ships in a class-6 sea; no more than a seat's ship cards",
    ),
    ("state.hero", "Выбор героев", "a hero stands in a province of the pack, or is a prisoner"),
    ("state.diplomacy", "Фаза 10: дипломатия", "wars between two seats; deals of at most 5 turns"),
)


def _invalid(rule: str, message: str, pointer: str) -> InvalidState:
    return InvalidState(f"{GAME}.{rule}", message, pointer)


def check_content(c: WargameContent) -> None:
    content_checks.check_content(c)


def check_state(s: WargameState, t: Tables) -> None:
    if len(s.provinces) != len(t.provinces) or len(s.seas) != len(t.seas):
        raise _invalid("state.shape", text("the provinces and seas are the pack's"), "/provinces")
    taken: set[str] = set()
    for i, player in enumerate(s.players):
        if player.state is None:
            continue
        if player.state not in t.states or player.state in taken:
            raise _invalid(
                "state.card",
                text("{state!r} is no free state card", state=player.state),
                f"/players/{i}/state",
            )
        taken.add(player.state)
    for x, p in zip(t.provinces, s.provinces, strict=True):
        at = f"/provinces/{t.province_index[x.id]}"
        if p.fortresses > MAX_FORTRESSES or (p.fortresses and p.owner is None):
            raise _invalid(
                "state.fortresses", text("at most 3, in an owned province"), f"{at}/fortresses"
            )
        if p.owner is not None and p.owner >= len(s.players):
            raise _invalid("state.shape", text("no such seat"), f"{at}/owner")
        # the rules keep a seat's soldiers in a province as one army
        _check_holders(s, [a.seat for a in p.armies], _ARMY, f"{at}/armies")
    for y, sea in zip(t.seas, s.seas, strict=True):
        at = f"/seas/{t.sea_index[y.id]}"
        if sea.fleets and y.storm >= CLOSED_SEA:
            raise _invalid("state.ships", text("no ships in a class-6 sea"), at)
        # the rules keep a seat's ships in a sea as one fleet
        _check_holders(s, [f.seat for f in sea.fleets], _FLEET, f"{at}/fleets")
    for seat in range(len(s.players)):
        if sum(sea.ships(seat) for sea in s.seas) > t.content.ships_per_state:
            raise _invalid("state.ships", text("more ships than ship cards"), "/seas")
    traits: set[str] = set()
    for i, h in enumerate(s.heroes):
        if h.province is not None and h.province not in t.province:
            raise _invalid(
                "state.hero",
                text("{province!r} is no province", province=h.province),
                f"/heroes/{i}/province",
            )
        if h.province is not None and h.captor is not None:
            raise _invalid("state.hero", text("a prisoner stands nowhere"), f"/heroes/{i}")
        for trait in (h.plus, h.minus):
            if trait is None:
                continue
            if trait not in t.traits or trait in traits:
                raise _invalid("state.card", text("trait {trait!r}", trait=trait), f"/heroes/{i}")
            traits.add(trait)
    for k, (low, high) in enumerate(s.wars):
        if low >= high or high >= len(s.players):
            raise _invalid(
                "state.diplomacy", text("a war is between two seats, the lower first"), f"/wars/{k}"
            )
    for k, d in enumerate(s.deals):
        if d.expires - d.made > MAX_DEAL:
            raise _invalid("state.diplomacy", text("a deal lasts at most 5 turns"), f"/deals/{k}")


#: What :func:`_check_holders` says of armies and of fleets: (none of a seat in play, a second).
_ARMY: Final = (text("an army of no seat in play"), text("a second army of a seat"))
_FLEET: Final = (text("a fleet of no seat in play"), text("a second fleet of a seat"))


def _check_holders(s: WargameState, seats: list[int], said: tuple[Text, Text], at: str) -> None:
    """The armies of a province or the fleets of a sea, by their seats in order: each of a seat
    in play, at most one of each seat (``said``: the refusals, :data:`_ARMY` or :data:`_FLEET`)."""
    held: set[int] = set()
    for j, seat in enumerate(seats):
        if seat >= len(s.players) or s.players[seat].eliminated is not None:
            raise _invalid(
                "state.eliminated",
                said[0],
                f"{at}/{j}",
            )
        if seat in held:
            raise _invalid("state.shape", said[1], f"{at}/{j}")
        held.add(seat)
