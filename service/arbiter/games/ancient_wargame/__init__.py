"""The ancient wargame (rules «Версия 1.1»): 11 phases a turn for 2-6 players."""

from arbiter.games.ancient_wargame.game import AncientWargame

__all__ = ["AncientWargame"]
