"""No Prob-Lama (2-6 players): low cards and threes of a kind in a 3x3 layout."""

from games.lama.engine import GAME

__all__ = ["GAME"]
