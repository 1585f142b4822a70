"""Tests of the ancient wargame default content pack and content checks."""
