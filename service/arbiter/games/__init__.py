"""The games the service offers, one subpackage each."""

from arbiter.core import Registry


def registry() -> Registry:
    """A registry of every game the service offers (a new one each call)."""
    from arbiter.games.the_ancient_world import TheAncientWorld

    return Registry([TheAncientWorld()])
