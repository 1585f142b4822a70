"""The ancient wargame (rules «Версия 1.1»): 11 phases a turn for 2-6 players."""
