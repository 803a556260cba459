"""Test-only machinery: the bot against the double, the fake clock, the example game."""
