"""The bounds of a Scythe content pack across its fields (:mod:`.content_limits` bounds each
field): a starting value within its track, the units of one reward, the prose together, and
provenance labels that label each card once (:func:`arbiter.core.provenance.check_labels`).

Checked when a pack is registered (:func:`check_limits`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from arbiter.core import InvalidState
from arbiter.core.provenance import check_labels
from arbiter.core.texts import text
from arbiter.games.scythe.content import HomeBase, Reward, ScytheContent, Territory
from arbiter.games.scythe.content_cards import cards
from arbiter.games.scythe.content_limits import MAX_PROSE, MAX_REWARD_UNITS

# --------------------------------------------------------------------------------------------
# Bounds across fields
# --------------------------------------------------------------------------------------------


def _refuse(message: str, pointer: str) -> InvalidState:
    return InvalidState("scythe.invalid_content", message, pointer)


def check_limits(content: ScytheContent) -> None:
    """Refuse a pack whose fields are each within bounds but not together (``InvalidState`` with
    the pointer of the offending member)."""
    _check_prose(content)
    _check_starting_values(content)
    _check_rewards(content)
    _check_scoring(content)
    _check_board(content)
    # Provenance: which values a source gives (checked last: a pack cut short fails above).
    problem = check_labels(cards(content), content.labels)
    if problem is not None:
        raise _refuse(problem.message, problem.pointer)


def _check_prose(content: ScytheContent) -> None:
    """The provenance and doubts together stay within ``MAX_PROSE`` characters (memory)."""
    total = 0
    for i, entry in enumerate(content.provenance):
        total += sum(map(len, entry.sources)) + sum(map(len, entry.notes))
        if total > MAX_PROSE:
            raise _refuse(
                text("more than {MAX_PROSE} characters of prose", MAX_PROSE=MAX_PROSE),
                f"/provenance/{i}",
            )
    for i, doubt in enumerate(content.doubts):
        total += len(doubt.item) + len(doubt.resolution) + len(doubt.rulebook)
        total += sum(map(len, doubt.values))
        if total > MAX_PROSE:
            raise _refuse(
                text("more than {MAX_PROSE} characters of prose", MAX_PROSE=MAX_PROSE),
                f"/doubts/{i}",
            )


def _check_starting_values(content: ScytheContent) -> None:
    """Starting values within their tracks and the Triumph track's star limits within its stars:
    a state beyond them is refused by ``check_state``, so every game of the pack would be broken."""
    tracks = content.tracks
    for i, faction in enumerate(content.factions):
        if faction.power > tracks.power_max:
            raise _refuse(
                text("starting power above {power_max}", power_max=tracks.power_max),
                f"/factions/{i}/power",
            )
    for i, mat in enumerate(content.player_mats):
        if mat.popularity > tracks.popularity_max:
            raise _refuse(
                text(
                    "starting popularity above {popularity_max}",
                    popularity_max=tracks.popularity_max,
                ),
                f"/player_mats/{i}/popularity",
            )
        for k, section in enumerate(mat.sections):
            # Upgrade covers one bracketed square at a time: a cost never drops below 0.
            if section.bottom.upgrade_slots > section.bottom.cost:
                raise _refuse(
                    text("more upgrade slots than resources in the cost"),
                    f"/player_mats/{i}/sections/{k}/bottom/upgrade_slots",
                )
    track = content.triumph_track
    for name in ("combat_stars", "objective_stars"):
        if getattr(track, name) > track.stars:
            raise _refuse(
                text("{name} above the {stars} stars", name=name, stars=track.stars),
                f"/triumph_track/{name}",
            )


def _rewards(content: ScytheContent) -> Iterator[tuple[Reward, str]]:
    for i, mat in enumerate(content.player_mats):
        for k, section in enumerate(mat.sections):
            yield (
                section.bottom.recruit_bonus,
                f"/player_mats/{i}/sections/{k}/bottom/recruit_bonus",
            )
    for i, faction in enumerate(content.factions):
        for k, bonus in enumerate(faction.recruit_bonuses):
            yield bonus, f"/factions/{i}/recruit_bonuses/{k}"
    for i, card in enumerate(content.encounters):
        for k, option in enumerate(card.options):
            yield option.reward, f"/encounters/{i}/options/{k}/reward"
    for i, factory in enumerate(content.factory_cards):
        for k, choice in enumerate(factory.top.choices):
            yield choice, f"/factory_cards/{i}/top/choices/{k}"


def _check_rewards(content: ScytheContent) -> None:
    """A reward is taken one unit at a time, one decision each: its units are bounded in all."""
    for reward, pointer in _rewards(content):
        units = sum(getattr(reward, name) for name in reward.__struct_fields__)
        if units > MAX_REWARD_UNITS:
            raise _refuse(
                text(
                    "a reward of {units} units; at most {MAX_REWARD_UNITS}",
                    units=units,
                    MAX_REWARD_UNITS=MAX_REWARD_UNITS,
                ),
                pointer,
            )


def _check_scoring(content: ScytheContent) -> None:
    """Every popularity has its tier (end-game scoring looks it up)."""
    covered = 0
    for i, tier in enumerate(content.scoring.tiers):
        if tier.min != covered or tier.max < tier.min:
            raise _refuse(
                text("tiers must cover popularity from {covered} on", covered=covered),
                f"/scoring/tiers/{i}",
            )
        covered = tier.max + 1
    if covered <= content.tracks.popularity_max:
        raise _refuse(
            text(
                "tiers stop at popularity {covered}, the track at {popularity_max}",
                covered=covered - 1,
                popularity_max=content.tracks.popularity_max,
            ),
            "/scoring/tiers",
        )


def _check_board(content: ScytheContent) -> None:
    """Every space the board names exists once, and every faction has its home base: the rules
    look them up by id."""
    board = content.board
    spaces: tuple[tuple[str, Sequence[Territory | HomeBase]], ...] = (
        ("territories", board.territories),
        ("home_bases", board.home_bases),
    )
    ids: set[str] = set()
    for kind, nodes in spaces:
        for i, node in enumerate(nodes):
            if node.id in ids:
                raise _refuse(text("space {id!r} twice", id=node.id), f"/board/{kind}/{i}/id")
            ids.add(node.id)
    for kind, nodes in spaces:
        for i, node in enumerate(nodes):
            for k, edge in enumerate(node.neighbours):
                if edge.to not in ids:
                    raise _refuse(
                        text("unknown space {to!r}", to=edge.to),
                        f"/board/{kind}/{i}/neighbours/{k}/to",
                    )
    for i, base in enumerate(board.home_bases):
        for k, space in enumerate(base.starting_workers):
            if space not in ids:
                raise _refuse(
                    text("unknown space {space!r}", space=space),
                    f"/board/home_bases/{i}/starting_workers/{k}",
                )
    owners = {base.owner for base in board.home_bases}
    for i, faction in enumerate(content.factions):
        if faction.id not in owners:
            raise _refuse(text("no home base for {id!r}", id=faction.id), f"/factions/{i}/id")
