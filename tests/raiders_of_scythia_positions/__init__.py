"""Positions of Raiders of Scythia from a real table."""
