"""Raiders of Scythia (Garphill Games; designer Shem Phillips): the game for 1-4 players."""
