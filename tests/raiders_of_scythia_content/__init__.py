"""Tests of the Raiders of Scythia content pack and content checks."""
