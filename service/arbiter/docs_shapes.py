"""The "State shapes" section of a game's reference: the changelog of its state's layout, rules
version by version (:mod:`arbiter.core.shapes`), and what ``POST .../migrate`` does with each."""

from __future__ import annotations

import msgspec

from arbiter.core.registry import AnyGame


class ReplacedDoc(msgspec.Struct, frozen=True):
    old: str
    new: str | None
    how: str


class ShapeDoc(msgspec.Struct, frozen=True):
    """One shape: its rules version, what it is, what it replaced, and whether a state of the
    shape before is upgraded to it."""

    version: str
    summary: str
    replaced: tuple[ReplacedDoc, ...]
    upgraded: bool


def shape_docs(game: AnyGame) -> tuple[ShapeDoc, ...]:
    return tuple(
        ShapeDoc(
            shape.version,
            shape.summary,
            tuple(ReplacedDoc(r.old, r.new, r.how) for r in shape.replaced),
            shape.upgrade is not None,
        )
        for shape in game.shapes()
    )


INTRO = (
    "The state's layout under each rules version, newest last: a layout changes only with the "
    "rules version (`rules_version` in every state). `POST /v1/games/{game}/migrate` brings a "
    "state of an earlier shape to today's, one shape at a time; sent anywhere else, such a state "
    "is refused with `422 rules_version_mismatch`, naming its version and what replaced the "
    "member that failed. States the service kept itself (sealed tables, cached states) are "
    "upgraded as they are read. Pointers: `*` stands for any one key or index."
)


def markdown(game_id: str, shapes: tuple[ShapeDoc, ...]) -> list[str]:
    """The section's lines."""
    out = ["## State shapes", "", INTRO.replace("{game}", game_id), ""]
    for k, shape in enumerate(shapes):
        current = " (today's)" if k == len(shapes) - 1 else ""
        out += [
            f"### Rules {shape.version}{current}",
            "",
            f"{shape.summary[:1].upper()}{shape.summary[1:]}.",
        ]
        if k == 0:
            out.append("")
            continue
        how = (
            "upgraded by `migrate`"
            if shape.upgraded
            else "**not upgraded**: refused, naming every member below"
        )
        out += ["", f"A state of rules {shapes[k - 1].version}: {how}.", ""]
        out += ["| before | now | how it is written now |", "|---|---|---|"]
        for r in shape.replaced:
            now = "removed" if r.new is None else f"`{r.new}`"
            how = r.how.replace("|", "\\|")
            out.append(f"| `{r.old}` | {now} | {how} |")
        out.append("")
    return out
