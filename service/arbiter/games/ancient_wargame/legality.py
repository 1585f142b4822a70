"""Why a move is refused: the most specific rule code that applies, with its reason."""

from __future__ import annotations

from typing import Any

from arbiter.core import IllegalMove
from arbiter.core.texts import Text, text
from arbiter.games.ancient_wargame import diplomacy
from arbiter.games.ancient_wargame.common import State
from arbiter.games.ancient_wargame.flow import generate_moves, to_act
from arbiter.games.ancient_wargame.moves import (
    BasicLearned,
    BuildFortress,
    BuyVp,
    Commit,
    HeroGiven,
    HeroKindDrawn,
    Hire,
    HitsRolled,
    MoveHero,
    RollFace,
    SixesRolled,
    StartBuilding,
    StateDealt,
    TraitDrawn,
)
from arbiter.games.ancient_wargame.state import Sealed
from arbiter.games.ancient_wargame.tables import Tables

GAME = "ancient-wargame"
CHANCE_MOVES = (
    RollFace,
    HitsRolled,
    SixesRolled,
    BasicLearned,
    HeroKindDrawn,
    HeroGiven,
    TraitDrawn,
    StateDealt,
)

#: The move codes (tail, section, description) besides diplomacy's (:data:`.diplomacy.CODES`).
CODES: tuple[tuple[str, str, Text], ...] = (
    ("decision", "Описание хода", text("the decision now is another one")),
    ("chance.outcome", "Описание хода", text("not an outcome of the pending chance decision")),
    ("sealed.committed", "Описание хода", text("your choices of this step are committed already")),
    (
        "sealed.commit",
        "Фаза 2: содержание войск",
        text("you must disband soldiers until you can pay the upkeep"),
    ),
    (
        "P1.hire",
        "Фаза 1: покупка войск",
        text(
            "you cannot hire that: a building, control, a general or fortress, the count or the price"
        ),
    ),
    (
        "P4.build",
        "Фаза 4: строительство",
        text("you cannot start that building: its science, the capital or its price"),
    ),
    (
        "P4.fortress",
        "Фаза 4: строительство",
        text(
            "no fortress there: a fortress or an administrator, at most 3, not under siege, 5 ₣ + 5 $"
        ),
    ),
    ("P6.vp", "Фаза 6: получение дохода", text("one VP a turn for 10 ₣ and 10 $")),
    ("P8.move", "Фаза 8: перемещение героев", text("not a province this hero may enter now")),
    ("illegal", "Описание хода", text("this move is not among the legal moves now")),
)
MESSAGES = {tail: reason for tail, _, reason in CODES}


def _refuse(rule: str, detail: str = "") -> IllegalMove:
    if not detail:
        return IllegalMove(f"{GAME}.{rule}", MESSAGES[rule])
    return IllegalMove(
        f"{GAME}.{rule}", text("{reason}: {detail}", reason=MESSAGES[rule], detail=detail)
    )


def explain(s: State, t: Tables, move: Any) -> IllegalMove:
    if isinstance(move, CHANCE_MOVES):
        return _refuse("chance.outcome")
    if not s.pending:
        return _refuse("illegal")
    task = s.pending[-1]
    seat = getattr(move, "seat", None)
    try:
        found = diplomacy.refusal(s, t, task, move)
    except (LookupError, ValueError, AttributeError, AssertionError):
        found = None
    if found is not None:
        tail, message = found
        return IllegalMove(f"{GAME}.{tail}", message)
    if isinstance(task, Sealed) and seat in task.seats:
        if s.drafts[seat].committed:
            return _refuse("sealed.committed")
        if isinstance(move, Commit):
            return _refuse("sealed.commit")
        codes = {
            Hire: "P1.hire",
            StartBuilding: "P4.build",
            BuildFortress: "P4.fortress",
            BuyVp: "P6.vp",
        }
        for kind, code in codes.items():
            if isinstance(move, kind):
                return _refuse(code)
    if isinstance(move, MoveHero):
        return _refuse("P8.move", move.to)
    if seat is not None and seat in to_act(s):
        legal = generate_moves(s, t, seat)
        if any(type(m) is type(move) for m in legal):
            return _refuse("illegal", text("not one of the choices offered"))
    return _refuse("decision", text("now: {step}", step=task.__struct_config__.tag))
