"""Small helpers shared by the Tüfteln screens."""

from __future__ import annotations

NAMES_UP_TO = 10  # more players than this: counts instead of a wall of names
