"""Super Mega Lucky Box (1-6 players): cross boxes on your cards as numbers are revealed."""

from games.luckybox.engine import GAME

__all__ = ["GAME"]
