"""A table's feed keeps its events' texts whole (:mod:`arbiter.api.kept_texts`): read back, a
text says in Russian what it said when made, terms, plural forms and joined parts included; a
feed an earlier release wrote (events only) still reads, in English."""

from __future__ import annotations

import msgspec

from arbiter.api.codec import GameCodec
from arbiter.core.texts import joined, plural, term, text
from arbiter.games.ancient_wargame.events import Happened
from arbiter.games.ancient_wargame.game import AncientWargame
from arbiter.languages import domain_of, say

DOMAIN = domain_of("ancient-wargame")
BORN = "Chance: the die shows {face}: {count} hero(es) born"


def test_texts_read_back_from_a_feed_say_what_they_said() -> None:
    codec = GameCodec(AncientWargame())
    made = [
        Happened(what="hero_died", seat=0, text=text("{hero} dies", hero=term("Archery range"))),
        Happened(what="births", text=plural(BORN, BORN, count=5, face=3)),
        Happened(what="plain", text="no message kept"),
        Happened(what="joined", text=joined([text("after the battle"), "r2"], "; ")),
    ]
    again = codec.events(codec.events_bytes(made))
    assert again == made  # the same events, English and members
    for before, after in zip(made, again, strict=True):
        for language in ("ru", "pl"):
            assert say(after.text, language, DOMAIN) == say(before.text, language, DOMAIN)
    said = [say(e.text, "ru", DOMAIN) for e in again]
    assert said[0] == "Стрельбище погибает" and "после битвы" in said[3], said
    assert said[1] != again[1].text and said[2] == "no message kept", said


def test_a_feed_of_an_earlier_release_reads_in_english() -> None:
    codec = GameCodec(AncientWargame())
    made = [Happened(what="hero_died", seat=0, text=text("{hero} dies", hero=term("hero")))]
    earlier = msgspec.msgpack.encode([msgspec.structs.replace(made[0], text=str(made[0].text))])
    assert codec.events(earlier) == made
