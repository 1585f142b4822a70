"""The shapes of The Ancient World's states, rules version by version
(:mod:`arbiter.core.shapes`).

* **1.0.0** -- the first shape: the board as nine lists in the order of the action spaces, the
  face-up titans as a list of three, ``-1`` for "no seat".
* **1.1.0** -- named layouts: the board one member per action space, the face-up titans by
  deck, ``null`` for "no seat".
* **1.2.0** -- one empire discard pile for the cards of both empire decks («перемешайте
  сброшенные карты империи — они образуют новую колоду»), where there were two.
"""

from __future__ import annotations

from arbiter.core.shapes import ContentOf, Json, JsonObject, Replaced, StateShape

#: The board's action spaces in the order 1.0.0 listed them (``state.BoardSpace``'s order).
SPACES_1_0 = (
    "work",
    "build",
    "serve",
    "expand",
    "learn",
    "rebuild",
    "recruit",
    "explore",
    "populate",
)
TITAN_DECKS = ("titan_1", "titan_2", "titan_3")
#: The two empire discard piles of 1.1.0.
EMPIRE_PILES_1_1 = ("empire_discard_a", "empire_discard_b")


def _named_layouts(state: JsonObject, _: ContentOf) -> JsonObject:
    """1.0.0 to 1.1.0: the board and the face-up titans by name, ``null`` for no seat."""
    board = state.get("board")
    if isinstance(board, list) and len(board) == len(SPACES_1_0):
        state["board"] = {
            space: spot for space, spot in zip(SPACES_1_0, board, strict=True) if spot
        }
    tops = state.get("titan_tops")
    if isinstance(tops, list) and len(tops) == len(TITAN_DECKS):
        state["titan_tops"] = dict(zip(TITAN_DECKS, tops, strict=True))
    if state.get("first_passer") == -1:
        state["first_passer"] = None
    pending = state.get("pending")
    if isinstance(pending, list):
        state["pending"] = [_no_seat(task) for task in pending]
    return state


def _no_seat(task: Json) -> Json:
    if isinstance(task, dict) and task.get("kind") == "draw" and task.get("seat") == -1:
        return {**task, "seat": None}
    return task


def _one_empire_discard(state: JsonObject, _: ContentOf) -> JsonObject:
    """1.1.0 to 1.2.0: the two empire discard piles become one (sorted, as piles are kept)."""
    cards: list[str] = []
    for pile in EMPIRE_PILES_1_1:
        held = state.get(pile, [])
        if not isinstance(held, list) or not all(isinstance(card, str) for card in held):
            return state  # not card ids: left as it is, for the state's decoding to refuse
        cards.extend(str(card) for card in held)
    for pile in EMPIRE_PILES_1_1:
        state.pop(pile, None)
    if cards:
        state["empire_discard"] = list[Json](sorted(cards))
    return state


SHAPES = (
    StateShape("1.0.0", "the board and the face-up titans as lists, -1 for no seat"),
    StateShape(
        "1.1.0",
        "named layouts, null for no seat",
        (
            Replaced("/board", "/board", "an object with one list of citizens per action space"),
            Replaced("/titan_tops", "/titan_tops", "an object by titan deck (titan_1 ...)"),
            Replaced("/first_passer", "/first_passer", "null instead of -1"),
            Replaced("/pending/*/seat", "/pending/*/seat", "null instead of -1 (a draw's seat)"),
        ),
        upgrade=_named_layouts,
    ),
    StateShape(
        "1.2.0",
        "one empire discard pile",
        (
            Replaced("/empire_discard_a", "/empire_discard", "one pile for both empire decks"),
            Replaced("/empire_discard_b", "/empire_discard", "one pile for both empire decks"),
        ),
        upgrade=_one_empire_discard,
    ),
)
