"""Scythe (Stonemaier Games 2016, base game): the rules engine (:class:`~.game.Scythe`), its
content types (``content.py``) and the default content pack (``data/*.json``).

The game is registered with the service under the id ``scythe`` (``arbiter.games.registry``).
"""

from arbiter.games.scythe.game import Scythe

__all__ = ["Scythe"]
