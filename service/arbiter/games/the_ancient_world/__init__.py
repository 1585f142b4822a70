"""The Ancient World («Древний мир»): the game, its content type and its default pack."""

from arbiter.games.the_ancient_world.game import TheAncientWorld, load_default_content

__all__ = ["TheAncientWorld", "load_default_content"]
