"""msgspec's validation messages as texts (issue #40): the forms msgspec writes, each a template
of the service's catalog, so that ``invalid_request`` details are said in the request's language.

msgspec writes a handful of sentences ("Expected `int`, got `str`", "Object missing required
field `seat`", "Expected `int` >= 0"); each is matched here and made the same English again as a
:class:`~arbiter.core.texts.Text`. A message of another form stays msgspec's English.
"""

from __future__ import annotations

import re

from arbiter.core.texts import text

#: (msgspec's sentence, the template that says it again): the same English, with placeholders.
FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), template)
    for pattern, template in (
        (
            r"Expected `(?P<expected>[^`]+)`, got `(?P<got>[^`]+)`",
            "Expected `{expected}`, got `{got}`",
        ),
        (
            r"Object missing required field `(?P<member>[^`]*)`",
            "Object missing required field `{member}`",
        ),
        (
            r"Object contains unknown field `(?P<member>[^`]*)`",
            "Object contains unknown field `{member}`",
        ),
        (
            r"Expected `(?P<expected>[^`]+)` (?P<bound>[<>]=?) (?P<limit>-?[0-9.e+]+)",
            "Expected `{expected}` {bound} {limit}",
        ),
        (
            r"Expected `(?P<expected>[^`]+)` of length (?P<bound>[<>]=?) (?P<limit>[0-9]+)",
            "Expected `{expected}` of length {bound} {limit}",
        ),
        (
            r"Expected `(?P<expected>[^`]+)` matching regex (?P<regex>.+)",
            "Expected `{expected}` matching regex {regex}",
        ),
        (r"Invalid enum value (?P<value>.+)", "Invalid enum value {value}"),
        (r"Invalid value (?P<value>.+)", "Invalid value {value}"),
        (r"Integer value out of range", "Integer value out of range"),
    )
)


def validation_text(message: str) -> str:
    """msgspec's ``message`` as a text of the service's catalog, or as it is."""
    for pattern, template in FORMS:
        found = pattern.fullmatch(message)
        if found is not None:
            return text(template, **found.groupdict())
    return message
