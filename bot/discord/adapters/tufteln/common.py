"""Small helpers shared by the Tüfteln screens."""

from __future__ import annotations

NAMES_UP_TO = 10  # more players than this: counts instead of a wall of names


def ranks(totals: list[int]) -> list[int]:
    """Competition ranks (1, 1, 3, ...) for totals sorted from highest."""
    result: list[int] = []
    for k, points in enumerate(totals):
        result.append(result[-1] if k and points == totals[k - 1] else k + 1)
    return result
