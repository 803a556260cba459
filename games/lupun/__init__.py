"""Miss Lupun (2-6 players): place number tiles on a shared board to solve secret tasks."""

from games.lupun.engine import GAME

__all__ = ["GAME"]
