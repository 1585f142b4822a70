"""Where every card of a state lies: decks, piles, rows, face-up cards, players, decisions."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter.games.the_ancient_world.state import (
    DECKS,
    AncientWorldState,
    ChooseEnlist,
    ChooseProvince,
    ChooseSetAside,
    ChooseTitanOrder,
    Deck,
)


def places(s: AncientWorldState) -> Iterator[tuple[str, str, str]]:
    """Every card on the table: (card, kind, JSON pointer)."""
    for name in DECKS:
        deck: Deck = getattr(s, name)
        kind = "empire" if name.startswith("empire") else name.split("_")[0]
        for part in ("top", "middle", "bottom"):
            for i, c in enumerate(getattr(deck, part)):
                yield c, kind, f"/{name}/{part}/{i}"
    for i, c in enumerate(s.empire_discard):
        yield c, "empire", f"/empire_discard/{i}"
    for i, c in enumerate(s.army_discard):
        yield c, "army", f"/army_discard/{i}"
    for i, c in enumerate(s.empire_row):
        yield c, "empire", f"/empire_row/{i}"
    for i, c in enumerate(s.army_row):
        yield c, "army", f"/army_row/{i}"
    if s.province_top is not None:
        yield s.province_top, "province", "/province_top"
    for k, top in enumerate(s.titan_tops.cards(), start=1):
        if top is not None:
            yield top, "titan", f"/titan_tops/titan_{k}"
    for seat, p in enumerate(s.players):
        base = f"/players/{seat}"
        for field, kind in (
            ("empire", "empire"),
            ("lost", "empire"),
            ("set_aside", "empire"),
            ("provinces", "province"),
            ("titans", "titan"),
        ):
            for i, c in enumerate(getattr(p, field)):
                yield c, kind, f"{base}/{field}/{i}"
        for a, army in enumerate(p.armies):
            yield army.active, "army", f"{base}/armies/{a}/active"
            for i, c in enumerate(army.retired):
                yield c, "army", f"{base}/armies/{a}/retired/{i}"
    for k, task in enumerate(s.pending):
        base = f"/pending/{k}"
        if isinstance(task, ChooseSetAside):
            for i, c in enumerate(task.drawn):
                yield c, "empire", f"{base}/drawn/{i}"
        elif isinstance(task, ChooseProvince):
            for i, c in enumerate(task.options):
                yield c, "province", f"{base}/options/{i}"
        elif isinstance(task, ChooseTitanOrder):
            for i, c in enumerate(task.cards):
                yield c, "titan", f"{base}/cards/{i}"
            for i, c in enumerate(task.ordered):
                yield c, "titan", f"{base}/ordered/{i}"
        elif isinstance(task, ChooseEnlist):
            yield task.card, "army", f"{base}/card"
