"""A reference client: it keeps the JSON form of a view current from the events it is shown.

:func:`follow` applies one event (as JSON) to a view (as JSON), as a client of the service would;
it knows nothing of the state, the content pack or the rules beyond what the events and the view
schema say. The members the game names in ``silent_view_members`` are not its business: a client
takes ``step`` and ``pending`` from each answer and derives food, army limit and space from the
cards (:func:`take_silent` copies them from the game's view).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Json = dict[str, Any]


def _draw(view: Json, deck: str) -> None:
    """A card leaves ``deck``: the known top first, else the middle, the bottom last."""
    d = view["decks"][deck]
    if d["known_top"]:
        d["known_top"].pop(0)
    elif d["known_bottom"] and d["count"] == len(d["known_bottom"]):
        d["known_bottom"].pop(0)
    d["count"] -= 1


def _player(view: Json, e: Json) -> Json:
    player: Json = view["players"][e["seat"]]
    return player


def _add(view: Json, e: Json, sign: int) -> None:
    p = _player(view, e)
    p["coins"] += sign * e.get("coins", 0)
    p["knowledge"] += sign * e.get("knowledge", 0)


def _round_started(view: Json, e: Json) -> None:
    view["round"] = e["round"]
    view["phase"] = "preparation"
    view["open_spaces"] += e["opened"]


def _round_ended(view: Json, e: Json) -> None:
    view["phase"] = "end_of_round"
    view["first_passer"] = None
    for p in view["players"]:
        p["passed"] = False


def _army_coins_moved(view: Json, e: Json) -> None:
    army = _player(view, e)["armies"][e["army"]]
    army["scroll"] -= e["coins"]
    army["picture"] += e["coins"]


def _citizens_returned(view: Json, e: Json) -> None:
    for space in view["board"]:
        view["board"][space] = []
    for p in view["players"]:
        p["ready"], p["starving"], p["on_cards"] = list(p["citizens"]), [], []


def _citizens_starving(view: Json, e: Json) -> None:
    p = _player(view, e)
    p["ready"] = [k for k in p["ready"] if k not in e["skills"]]
    p["starving"] = sorted(p["starving"] + e["skills"])


def _deck_reshuffled(view: Json, e: Json) -> None:
    view["decks"][e["deck"]]["count"] += e["cards"]
    view["discards"][e["pile"]] = [] if e["pile"] == "army" else 0


def _card_revealed(view: Json, e: Json) -> None:
    if e["to"] == "province_top":
        view["province_top"] = e["card"]
    else:
        view[e["to"]].append(e["card"])
    _draw(view, e["deck"])


def _titan_revealed(view: Json, e: Json) -> None:
    view["titan_tops"][e["deck"]] = e["card"]
    _draw(view, e["deck"])


def _cards_discarded(view: Json, e: Json) -> None:
    view["discards"]["empire"] += e["count"]


def _empire_row_discarded(view: Json, e: Json) -> None:
    view["empire_row"] = [c for c in view["empire_row"] if c not in e["cards"]]
    view["discards"]["empire"] += len(e["cards"])


def _citizen_placed(view: Json, e: Json) -> None:
    view["board"][e["space"]].append({"seat": e["seat"], "skill": e["skill"]})
    _player(view, e)["ready"].remove(e["skill"])


def _citizen_on_card(view: Json, e: Json) -> None:
    p = _player(view, e)
    p["ready"].remove(e["skill"])
    p["on_cards"].append({"card": e["card"], "skill": e["skill"]})


def _citizen_gained(view: Json, e: Json) -> None:
    p = _player(view, e)
    p["citizens"] = sorted([*p["citizens"], e["skill"]])
    where = "starving" if e["starving"] else "ready"
    p[where] = sorted([*p[where], e["skill"]])


def _first_player_token(view: Json, e: Json) -> None:
    view["first_player"], view["token_hand_up"] = e["seat"], e["hand_up"]


def _passed(view: Json, e: Json) -> None:
    _player(view, e)["passed"] = True
    if e["first"]:
        view["first_passer"] = e["seat"]


def _set_aside(view: Json, e: Json, card: str | None, source: str) -> None:
    """``card`` joins (``source`` "row" / "drawn" / "deck") or leaves ("built") the set-aside."""
    p = _player(view, e)
    if source == "built":
        if p["set_aside"] is not None:
            p["set_aside"].remove(card)
        p["set_aside_count"] -= 1
        return
    if source == "row":
        view["empire_row"].remove(card)
    if p["set_aside"] is not None:
        p["set_aside"].append(card)
    p["set_aside_count"] += 1


def _empire_built(view: Json, e: Json) -> None:
    if e["source"] == "row":
        view["empire_row"].remove(e["card"])
    else:
        _set_aside(view, e, e["card"], "built")
    p = _player(view, e)
    if e["crane"] is not None:
        p["empire"].remove(e["crane"])
    p["empire"].append(e["card"])


def _flip(view: Json, e: Json, origin: str, target: str) -> None:
    p = _player(view, e)
    p[origin].remove(e["card"])
    p[target].append(e["card"])


def _province_taken(view: Json, e: Json) -> None:
    _player(view, e)["provinces"].append(e["card"])
    if view["province_top"] == e["card"]:
        view["province_top"] = None


def _provinces_under(view: Json, e: Json) -> None:
    d = view["decks"]["province"]
    d["count"] += e["count"]
    if view["seat"] == e["seat"]:
        d["known_bottom"] += e["cards"]
    elif view["seat"] is not None:
        d["known_bottom"] += [None] * e["count"]


def _army_recruited(view: Json, e: Json) -> None:
    armies = _player(view, e)["armies"]
    new = {"active": e["card"], "scroll": 0, "picture": 0, "retired": []}
    if e["disbanded"] is None:
        armies.append(new)
    else:
        old = armies[e["army"]]
        armies[e["army"]] = dict(new, retired=[*old["retired"], old["active"]])


def _army_discarded(view: Json, e: Json) -> None:
    _player(view, e)["armies"].pop(e["army"])
    kept = [c for c in e["cards"] if c not in e["to_box"]]
    view["discards"]["army"] = sorted(view["discards"]["army"] + kept)


def _army_used(view: Json, e: Json) -> None:
    p = _player(view, e)
    p["coins"] -= e["paid"]
    p["armies"][e["army"]]["scroll"] += e["paid"]


def _army_coin_removed(view: Json, e: Json) -> None:
    _player(view, e)["armies"][e["army"]][e["spot"]] -= 1


def _titan_defeated(view: Json, e: Json) -> None:
    _player(view, e)["titans"].append(e["titan"])
    view["titan_tops"][e["deck"]] = None


def _titans_reordered(view: Json, e: Json) -> None:
    d = view["decks"][e["deck"]]
    d["count"] += e["count"]
    d["known_top"] = list(e["order"]) if view["seat"] == e["seat"] else []


def _nothing(view: Json, e: Json) -> None:
    """The event changes no member of the view (a fight, a die, a borrowed action)."""


def _set(*pairs: tuple[str, Any]) -> Callable[[Json, Json], None]:
    def apply(view: Json, e: Json) -> None:
        for member, value in pairs:
            view[member] = value

    return apply


FOLLOW: dict[str, Callable[[Json, Json], None]] = {
    "round_started": _round_started,
    "actions_began": _set(("phase", "actions")),
    "turn_started": lambda v, e: v.update(current=e["seat"]),
    "round_ended": _round_ended,
    "income": lambda v, e: _add(v, e, 1),
    "army_coins_moved": _army_coins_moved,
    "citizens_returned": _citizens_returned,
    "first_player_token_turned": _set(("token_hand_up", False)),
    "citizens_starving": _citizens_starving,
    "game_ended": _set(("phase", "over")),
    "deck_reshuffled": _deck_reshuffled,
    "card_revealed": _card_revealed,
    "titan_revealed": _titan_revealed,
    "card_drawn": lambda v, e: _draw(v, e["deck"]),
    "cards_discarded": _cards_discarded,
    "empire_row_discarded": _empire_row_discarded,
    "citizen_placed": _citizen_placed,
    "citizen_on_card": _citizen_on_card,
    "citizen_gained": _citizen_gained,
    "first_player_token": _first_player_token,
    "passed": _passed,
    "gained": lambda v, e: _add(v, e, 1),
    "paid": lambda v, e: _add(v, e, -1),
    "empire_built": _empire_built,
    "card_set_aside": lambda v, e: _set_aside(v, e, e["card"], e["source"]),
    "card_rebuilt": lambda v, e: _flip(v, e, "lost", "empire"),
    "card_lost": lambda v, e: _flip(v, e, "empire", "lost"),
    "action_borrowed": _nothing,
    "province_taken": _province_taken,
    "face_up_province_taken": _set(("province_top", None)),
    "provinces_under": _provinces_under,
    "army_card_taken": lambda v, e: v["army_row"].remove(e["card"]),
    "army_recruited": _army_recruited,
    "army_discarded": _army_discarded,
    "army_used": _army_used,
    "army_coin_removed": _army_coin_removed,
    "fight_started": _nothing,
    "titan_defeated": _titan_defeated,
    "fight_withdrawn": _nothing,
    "die_rolled": _nothing,
    "face_up_titan_taken": lambda v, e: v["titan_tops"].update({e["deck"]: None}),
    "titans_reordered": _titans_reordered,
}


def follow(view: Json, event: Json) -> None:
    """Apply one event a viewer was shown to its view (both as JSON), in place."""
    FOLLOW[event["type"]](view, event)


def take_silent(client: Any, actual: Any, path: tuple[str, ...]) -> Any:
    """``client`` with the member at ``path`` (``*``: every key) taken from ``actual``."""
    if not path:
        return actual
    key, rest = path[0], path[1:]
    if isinstance(actual, list):
        keys: list[Any] = list(range(len(actual))) if key == "*" else [int(key)]
    else:
        keys = list(actual) if key == "*" else [key]
    for k in keys:
        client[k] = take_silent(client[k], actual[k], rest)
    return client
