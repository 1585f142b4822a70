"""Every rule code the ancient wargame refuses with, and the section of the rules it enforces."""

from __future__ import annotations

from arbiter.core import RuleCode
from arbiter.core.types import RuleCodes
from arbiter.games.ancient_wargame import diplomacy, legality
from arbiter.games.ancient_wargame.checks import STATE_CODES
from arbiter.games.ancient_wargame.content_checks import CONTENT_CODES
from arbiter.games.ancient_wargame.position_checks import POSITION_CODES

codes = RuleCodes("ancient-wargame")

RULE_CODES: tuple[RuleCode, ...] = (
    # the descriptions as plain strings: a code's listing is encoded as it is (in English)
    *(codes.move(tail, section, "", str(said)) for tail, section, said in legality.CODES),
    *(codes.move(tail, section, "", str(said)) for tail, section, said in diplomacy.CODES),
    *(codes.state(tail, section, "", str(said)) for tail, section, said in STATE_CODES),
    *(codes.position(tail, section, "", str(said)) for tail, section, said in POSITION_CODES),
    *CONTENT_CODES,
)
