"""What the state store says when it refuses: a sealed game's handle that names no game, an
earlier step, or a step the store no longer reaches; a history it does not keep; a step that
cannot be taken back (:mod:`arbiter.api.handles`). Texts (:mod:`arbiter.core.texts`), said in the
request's language."""

from __future__ import annotations

from arbiter.api.problems import Problem
from arbiter.core.texts import Text, plural, text

#: Why a sealed game's handle finds no game.
NO_TABLE = text(
    "the store holds no game of this handle: it expired (ARBITER_CACHE_TTL after its last move), "
    "the in-process store let it go (finished or idle, for its owner's newer games), or the store "
    "lost it (a Redis without persistence restarted)"
)

#: Why a game set up from a position has no record.
FROM_POSITION = text(
    "the game was set up from a position (POST .../positions), and a record starts from a "
    "setup: export the position of its state instead (POST .../position)"
)

#: Why an open state's history is cut: a state along it expired.
EARLIER_LOST = text(
    "an earlier state of this game is no longer kept (each expires ARBITER_CACHE_TTL after it "
    "was stored): its moves are lost"
)

INCONSISTENT = text("the history kept of this state is inconsistent")


def stale(game: str) -> Problem:
    """A sealed game's handle names an earlier step."""
    return Problem(
        "stale_state",
        text(
            "a later step of this sealed game exists; get it with POST /v1/games/{game}/current",
            game=game,
        ),
        pointer="/state_token",
        game=game,
    )


def went_back(game: str, held: int, given: int) -> Problem:
    """The store holds step ``held`` of a sealed game, older than the step ``given`` a handle was
    given for (or another state at that very step)."""
    values = {"held": held, "given": given, "game": game}
    return Problem(
        "table_rolled_back",
        text(
            "the store holds step {held} of this game, but this handle was given for another "
            "state at step {given}: the store went back (restored, or it lost writes). The moves "
            "after step {held} are not in it; get the game as the store holds it with "
            "POST /v1/games/{game}/current (any of its handles) and play them again if they stand",
            **values,
        )
        if given == held
        else text(
            "the store holds step {held} of this game, but this handle was given for step "
            "{given}: the store went back (restored, or it lost writes). The moves after step "
            "{held} are not in it; get the game as the store holds it with "
            "POST /v1/games/{game}/current (any of its handles) and play them again if they stand",
            **values,
        ),
        pointer="/state_token",
        game=game,
    )


def no_history(game: str, why: Text) -> Problem:
    """``404 history_unavailable``: the game's record cannot be exported, and ``why``."""
    return Problem("history_unavailable", cannot_export(why), game=game)


def cannot_export(why: Text) -> Text:
    """Why a game's record cannot be exported, said so."""
    return text("this game's record cannot be exported: {why}", why=why)


def too_long_to_keep(step: int, most: int) -> Text:
    return plural(
        "the game is {step} moves long: histories are kept up to ARBITER_MAX_REPLAY ({count}) "
        "moves, the longest replay",
        "the game is {step} moves long: histories are kept up to ARBITER_MAX_REPLAY ({count}) "
        "moves, the longest replay",
        count=most,
        step=step,
    )


def none_kept(inline: bool) -> Text:
    """Why an open state has no history: sent in full (``inline``) but not made here, or stored
    by an earlier release."""
    if inline:
        return text(
            "the service keeps no history of this state: it was not made by this service (or is "
            "no longer kept)"
        )
    return text("the service keeps no history of this state (it was stored by an earlier release)")


def log_not_kept(most: int) -> Text:
    return plural(
        "this game's move log was not kept: it grew longer than ARBITER_MAX_REPLAY ({count}) "
        "moves, or the game was set up by an earlier release",
        "this game's move log was not kept: it grew longer than ARBITER_MAX_REPLAY ({count}) "
        "moves, or the game was set up by an earlier release",
        count=most,
    )


def nothing_to_undo(game: str) -> Problem:
    """The last step of a sealed game cannot be taken back."""
    return Problem(
        "nothing_to_undo",
        text(
            "the last step cannot be taken back (nothing since setup, a revealed hidden value, "
            "or chance after it)"
        ),
        game=game,
    )
