"""A tiny hidden game used to test the host: never offered to players."""

from games.example.engine import GAME

__all__ = ["GAME"]
