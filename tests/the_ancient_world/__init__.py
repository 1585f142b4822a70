"""Tests of The Ancient World («Древний мир»), reading like the rulebook."""
