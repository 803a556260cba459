"""Lupusburg (Tabula): a hidden-role game of a Werewolf among the village's houses."""

from games.lupusburg.engine import GAME

__all__ = ["GAME"]
