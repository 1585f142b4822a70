"""The games the service offers, one subpackage each."""

from arbiter.core import Registry


def registry() -> Registry:
    """A registry of every game the service offers, in the order clients see them."""
    from arbiter.games.ancient_wargame.game import AncientWargame
    from arbiter.games.raiders_of_scythia import RaidersOfScythia
    from arbiter.games.scythe import Scythe
    from arbiter.games.the_ancient_world import TheAncientWorld

    return Registry([TheAncientWorld(), Scythe(), RaidersOfScythia(), AncientWargame()])
