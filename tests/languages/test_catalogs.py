"""The catalogs (issue #40): every message the code says is in every language's catalog, with
the same placeholders, every plural form written; each catalog compiles."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from arbiter.games import registry
from arbiter.languages import LANGUAGES, SERVICE, domain_of, po_path
from arbiter.languages.catalogs import said_by_game, said_by_service, said_in_code

DOMAINS = [SERVICE, *(domain_of(g) for g in registry().ids())]
TRANSLATED = LANGUAGES[1:]
#: Three plural forms: «1 монета, 2 монеты, 5 монет»; «1 moneta, 2 monety, 5 monet».
PLURAL_FORMS = {"ru": 3, "pl": 3}
GAMES = [domain for domain in DOMAINS if domain != SERVICE]
#: A seat at a game's table is a player, as the rulebooks say: «игрок 0», «gracz 1».
PLAYER = {"ru": "игрок", "pl": "gracz"}
#: The word for a place (any case) right before a placeholder: «места {seat}», «miejsce {seat}».
PLACE_BEFORE = re.compile(
    r"\b(?:мест(?:о|а|у|е|ом|ам|ами|ах)?|miejsc(?:e|a|u|em|om|ami|ach)?)\s+\{(\w+)", re.IGNORECASE
)


def read(language: str, domain: str) -> Catalog:
    with po_path(language, domain).open("rb") as handle:
        return read_po(handle, locale=language)


def fields(template: str) -> set[str]:
    """The placeholders of a template (``{count}``, ``{seat}``)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def seat_fields(template: str) -> set[str]:
    """The placeholders a template calls a seat: ``{seat}``, ``seat {owner}``, ``seats {a} and
    {b}``."""
    named = {name for name in fields(template) if name.startswith("seat")}
    for match in re.finditer(r"\bseats?\s+\{(\w+)[^}]*\}(?:\s+and\s+\{(\w+))?", template, re.I):
        named.update(name for name in match.groups() if name)
    return named


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_the_code_says_is_translated(domain: str, language: str) -> None:
    catalog = read(language, domain)
    assert catalog.num_plurals == PLURAL_FORMS[language]
    said = list(said_in_code(domain))
    said += list(said_by_service() if domain == SERVICE else said_by_game(domain))
    missing = []
    for message, context in said:
        key = message[0] if isinstance(message, tuple) else message
        entry = catalog.get(key, context=context)
        forms = entry.string if entry is not None else ""
        forms = forms if isinstance(forms, tuple) else (forms,)
        if entry is None or not all(forms):
            missing.append(key)
    assert not missing, (
        f"{len(missing)} messages untranslated in {language}/{domain}: {missing[:10]}"
    )


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_keep_the_placeholders_and_every_plural_form(
    domain: str, language: str
) -> None:
    for entry in read(language, domain):
        if not entry.id:
            continue  # the header
        if isinstance(entry.id, tuple):
            wanted = fields(entry.id[0]) | fields(entry.id[1])
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            assert len(forms) == PLURAL_FORMS[language], entry.id
            for form in forms:
                if form:
                    # each form names every placeholder (in Russian «1» also says 21, 31...)
                    assert fields(form) == wanted, (entry.id, form)
        elif entry.string:
            assert fields(entry.string) == fields(entry.id), (entry.id, entry.string)
            assert not re.search(r"\{[^}]*$", entry.string), entry.string


def test_catalog_headers_name_their_plural_rule() -> None:
    for language in TRANSLATED:
        for domain in DOMAINS:
            catalog = read(language, domain)
            assert not catalog.fuzzy, f"{language}/{domain}: a fuzzy header is not compiled"
            assert catalog.plural_forms.startswith(f"nplurals={PLURAL_FORMS[language]};")


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", GAMES)
def test_a_game_calls_a_seat_a_player(domain: str, language: str) -> None:
    """At a game's table a seat is a player, in every game alike: «игрок 0», «gracz 1», never
    «место 0», «miejsce 1» (a place on the board stays «место»; the service's seat, a handle's,
    keeps «место»/«miejsce» in its own catalog)."""
    catalog = read(language, domain)
    player = PLAYER[language]
    for english, said in (("seat {seat}", player), ("Seat {seat}", player.capitalize())):
        entry = catalog.get(english)
        if entry is not None:
            assert entry.string == f"{said} {{seat}}", (english, entry.string)
    placed = []
    for entry in catalog:
        if not entry.id:
            continue  # the header
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        seats = set().union(*map(seat_fields, ids))
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            if any(match[1] in seats for match in PLACE_BEFORE.finditer(form or "")):
                placed.append(form)
    assert not placed, f"{language}/{domain} calls a seat a place: {placed[:5]}"
