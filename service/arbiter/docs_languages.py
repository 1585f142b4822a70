"""The "Languages" section of a game's reference: the languages its texts are said in, from
which catalog, and whose words they use (each catalog's header says its sources)."""

from __future__ import annotations

from babel.messages.pofile import read_po

from arbiter.languages import LANGUAGES, domain_of, po_path

NAMES = {"ru": "Russian", "pl": "Polish"}
INTRO = (
    "Answers say their texts -- refusals, move `descriptions`, the rendered `text`, hint and "
    "option descriptions, events' texts (streams too), the final result's scoring lines and "
    "tie-breakers (`text`, `tie_breaker_texts`) -- in English, Russian or Polish, as the "
    "request's `Accept-Language` header (GraphQL: also a field's `language` argument; a stream: "
    "`?language=`) prefers; `Content-Language` says which. Codes, members, moves and states -- "
    "a scoring line's `label`, a tie-breaker's name -- are the same in every language. The "
    "texts come from "
    "gettext catalogs (`make catalogs` compiles them); each says where its words come from:"
)


def markdown(game_id: str) -> list[str]:
    out = ["## Languages", "", INTRO, ""]
    out += ["| language | catalog | messages | words from |", "|---|---|---|---|"]
    for language in LANGUAGES[1:]:
        path = po_path(language, domain_of(game_id))
        if not path.exists():
            out.append(f"| {NAMES[language]} | none | 0 | English only |")
            continue
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        done = sum(1 for m in catalog if m.id and all(_forms(m.string)))
        sources = [
            line.lstrip("# ").strip()
            for line in catalog.header_comment.splitlines()
            if line.lstrip("# ").strip() and not line.startswith("# Arbiter's ")
        ]
        shown = " ".join(sources) or "not said"
        where = path.relative_to(path.parents[6]).as_posix()
        out.append(f"| {NAMES[language]} | `{where}` | {done} of {len(catalog)} | {shown} |")
    return [*out, ""]


def _forms(string: object) -> tuple[object, ...]:
    return string if isinstance(string, tuple) else (string,)
