"""The languages Arbiter speaks: English, Russian and Polish, from gettext message catalogs.

The rules write every text a person reads as a :class:`~arbiter.core.texts.Text`: English, with
its message kept. :func:`say` says it in another language from the catalogs in ``locales/``:

* ``locales/<language>/LC_MESSAGES/<domain>.po`` -- one catalog per game (``scythe``,
  ``the_ancient_world``, ...: :func:`domain_of`) and language, and ``service`` for the API's own
  texts (problem titles, the service's refusals). A game's text not in its catalog is looked up
  in the service's (the core's shared texts live there).
* Each entry's ``msgid`` is the English template (with ``{named}`` placeholders), ``msgctxt
  "term"`` marks the names a rulebook prints (:func:`~arbiter.core.texts.term`), and plural
  entries carry every plural form of the language (CLDR's rules, as Babel writes them in the
  catalog's header: three in Russian and Polish).
* Compiling is part of the build (``make catalogs``, run by ``make install``): each ``.po`` gets
  its ``.mo`` beside it (not kept in git, never edited). A catalog whose ``.mo`` is missing or
  older than its ``.po`` is compiled in memory when first read, with a warning.

English is the rules' own language: saying a text in English is its string as it is.
"""

from __future__ import annotations

import functools
import gettext
import io
import logging
from collections.abc import Callable
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from arbiter.core.texts import JOINED, TERM, Text

log = logging.getLogger("arbiter.languages")

#: The languages texts are said in, the default first.
LANGUAGES = ("en", "ru", "pl")
DEFAULT = "en"
#: The catalog of the service's own texts (and the core's shared ones).
SERVICE = "service"
LOCALES = Path(__file__).parent / "locales"


class Untranslated(LookupError):
    """A text has no entry in the catalogs of a language (or is no :class:`Text` at all)."""


def domain_of(game_id: str) -> str:
    """The catalog domain of a game (``the-ancient-world`` -> ``the_ancient_world``)."""
    return game_id.replace("-", "_")


def po_path(language: str, domain: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


class Catalog:
    """One compiled catalog: its entries and the plural rule of its language."""

    def __init__(self, translations: gettext.GNUTranslations | None) -> None:
        self._translations = translations
        self._entries: dict[object, str] = getattr(translations, "_catalog", {})

    def lookup(self, said: Text) -> str | None:
        """The translated template of ``said`` (the plural form its count asks for), or
        ``None`` when the catalog has no (non-empty) entry."""
        key = said.template if said.context is None else f"{said.context}\x04{said.template}"
        if said.plural is None:
            found = self._entries.get(key)
        else:
            count = said.params.get("count", 1)
            rule: Callable[[int], int] = getattr(self._translations, "plural", lambda n: 0)
            form = rule(count if isinstance(count, int) else 1)
            found = self._entries.get((key, form))
        return found or None


@functools.cache
def catalog(language: str, domain: str) -> Catalog:
    """The compiled catalog of ``domain`` in ``language`` (empty when there is none)."""
    po = po_path(language, domain)
    if not po.exists():
        return Catalog(None)
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as handle:
            return Catalog(gettext.GNUTranslations(handle))
    log.warning("catalog %s is not compiled (make catalogs): compiled in memory", po)
    return Catalog(gettext.GNUTranslations(io.BytesIO(compiled(po))))


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of the catalog ``po``."""
    with po.open("rb") as handle:
        parsed = read_po(handle)
    out = io.BytesIO()
    write_mo(out, parsed, use_fuzzy=False)
    return out.getvalue()


def compile_one(po: Path) -> Path:
    """Write the ``.mo`` of the catalog ``po`` beside it (make's rule, one catalog)."""
    mo = po.with_suffix(".mo")
    mo.write_bytes(compiled(po))
    return mo


def compile_all() -> list[Path]:
    """Compile every catalog (``make catalogs``): each ``.po``'s ``.mo`` beside it."""
    written = [compile_one(po) for po in sorted(LOCALES.glob("*/LC_MESSAGES/*.po"))]
    catalog.cache_clear()
    return written


def say(value: str, language: str, domain: str = SERVICE, *, strict: bool = False) -> str:
    """``value`` in ``language``: a :class:`Text` from the catalog of ``domain`` (then the
    service's), its text parameters said first; English, or anything not a :class:`Text`, as it
    is. A text with no entry is said in English -- or, ``strict``, refused with
    :class:`Untranslated` (the tests' check that nothing falls back; a plain string with no
    letters, a number or a separator, needs no message)."""
    if language == DEFAULT:
        return str(value)
    if not isinstance(value, Text):
        if strict and any(c.isalpha() for c in value):  # words written with no message kept
            raise Untranslated(f"not a Text (no message kept): {value!r}")
        return str(value)
    if value.context == JOINED:
        parts = value.params["parts"]
        assert isinstance(parts, tuple)
        return value.template.join(say(part, language, domain, strict=strict) for part in parts)
    found = catalog(language, domain).lookup(value)
    if found is None and domain != SERVICE:
        found = catalog(language, SERVICE).lookup(value)
    if found is None:
        if strict:
            raise Untranslated(f"no {language} entry in {domain}: {value.template!r}")
        return str(value)
    params = {
        name: say(given, language, domain, strict=strict) if isinstance(given, Text) else given
        for name, given in value.params.items()
    }
    try:
        return found.format(**params)
    except (KeyError, IndexError, ValueError):
        if strict:
            raise Untranslated(f"the {language} entry of {value.template!r} is broken") from None
        return str(value)


__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "SERVICE",
    "TERM",
    "Catalog",
    "Untranslated",
    "catalog",
    "compile_all",
    "compile_one",
    "domain_of",
    "say",
]
