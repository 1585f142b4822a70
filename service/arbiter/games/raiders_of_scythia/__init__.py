"""Raiders of Scythia (Garphill Games; designer Shem Phillips): the game for 1-4 players."""

from arbiter.games.raiders_of_scythia.game import RaidersOfScythia

__all__ = ["RaidersOfScythia"]
