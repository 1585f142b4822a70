"""Arbiter: rules as a service for tabletop board games.

The package has three layers:

* :mod:`arbiter.core` -- the game protocol, shared types and helpers (pure, no I/O);
* :mod:`arbiter.games` -- one subpackage per game, each a :class:`arbiter.core.Game`;
* :mod:`arbiter.api` -- the REST and GraphQL service over the same core.
"""

__version__ = "0.1.0"
