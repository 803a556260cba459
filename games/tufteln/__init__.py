"""Tüfteln: roll two dice, fill your own sheet of nine squares, score the patterns."""

from games.tufteln.engine import GAME
from games.tufteln.schedule import next_roll_time

__all__ = ["GAME", "next_roll_time"]
