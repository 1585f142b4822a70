"""Keeping the catalogs: the messages the code says, added to every language's catalog; and
compiling them (the build's step).

``python -m arbiter.languages update [domain ...]`` adds to ``locales/<ru|pl>/LC_MESSAGES/
<domain>.po`` every message the domain's code says that the catalog lacks (``msgstr`` empty, for a
translator; nothing is removed): the literal templates of :func:`~arbiter.core.texts.text`,
:func:`~arbiter.core.texts.plural` and :func:`~arbiter.core.texts.term` in its modules (Babel's
extractor), and the texts no literal holds -- a game's description and its options' (their
docstrings), the service's problem titles. ``python -m arbiter.languages compile`` writes each catalog's ``.mo``
(``make catalogs``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from arbiter.core.texts import TERM
from arbiter.languages import LANGUAGES, SERVICE, domain_of, po_path

SERVICE_ROOT = Path(__file__).resolve().parents[1]
#: The keywords of the text functions, as Babel's extractor takes them; ``term``'s messages are
#: extracted apart, with the context every term has (Babel's keywords cannot fix a context).
KEYWORDS = {"text": (1,), "plural": (1, 2)}
TERM_KEYWORDS = {"term": (1,)}
#: The folders whose code says a domain's texts.
SERVICE_FOLDERS = ("api", "core", "languages")


def folders(domain: str) -> list[Path]:
    if domain == SERVICE:
        return [SERVICE_ROOT / name for name in SERVICE_FOLDERS]
    return [SERVICE_ROOT / "games" / domain]


Message = tuple[str | tuple[str, str], str | None]  # (msgid or (singular, plural), context)


def said_in_code(domain: str) -> Iterator[Message]:
    """The literal messages of a domain's code."""
    for folder in folders(domain):
        found = extract_from_dir(str(folder), keywords=KEYWORDS)  # type: ignore[arg-type]
        for _file, _line, message, _comments, context in found:
            if isinstance(message, tuple):
                yield (message[0], message[1]), context
            else:
                yield message, context
        terms = extract_from_dir(str(folder), keywords=TERM_KEYWORDS)  # type: ignore[arg-type]
        for _file, _line, name, _comments, _context in terms:
            assert isinstance(name, str)  # a term has one argument
            yield name, TERM


def said_by_game(domain: str) -> Iterator[Message]:
    """A game's texts that no literal in its code holds: its description and its options'."""
    from arbiter.games import registry  # imported here: the service's catalogs need no game

    games = registry()
    for game_id in games.ids():
        if domain_of(game_id) != domain:
            continue
        info = games.get(game_id).info()
        yield info.title, TERM  # the core names a game by its title (a player count refused)
        yield info.description, None
        for option in info.options:
            if option.description:
                yield option.description, None


def said_by_service() -> Iterator[Message]:
    """The titles of the service's problems (said from their codes, :mod:`arbiter.api.problems`)
    and msgspec's validation sentences (:mod:`arbiter.api.validation_texts`)."""
    from arbiter.api.problems import CODES, TITLES
    from arbiter.api.validation_texts import FORMS

    for title in (*(code.title for code in CODES.values()), *TITLES):
        yield title, None
    for _, template in FORMS:  # msgspec's sentences, said again (api.validation_texts)
        yield template, None


def update(domain: str) -> dict[str, int]:
    """Add the domain's messages its catalogs lack; the count added per language."""
    messages = list(said_in_code(domain))
    messages += list(said_by_service() if domain == SERVICE else said_by_game(domain))
    added = {}
    for language in LANGUAGES[1:]:
        path = po_path(language, domain)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=language)
        else:
            catalog = Catalog(
                locale=language,
                domain=domain,
                project="Arbiter",
                fuzzy=False,
                header_comment=f"# Arbiter's {domain} texts in {language} (arbiter.languages).",
            )
        count = 0
        for message, context in messages:
            key = message[0] if isinstance(message, tuple) else message
            if catalog.get(key, context=context) is None:
                string: str | tuple[str, ...] = (
                    ("",) * catalog.num_plurals if isinstance(message, tuple) else ""
                )
                catalog.add(message, string, context=context)
                count += 1
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, sort_output=False, omit_header=False)
        added[language] = count
    return added
