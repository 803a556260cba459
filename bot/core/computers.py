"""Computer seats as the host keeps them: who they are, what they are called, and when
they move.

A computer player is a row of `players` with a level (`PlayerRow.computer`) and a
negative user id (no Discord id is negative), so the action log, seat order and rematch
treat it as they treat a person. Its name says what it is ("🤖 Ada (strong)"), in the
game's language. Its moves are host timers (see the service's `_computer_moves`): due
after a short pause drawn from public facts only, so a replay (or the fake clock) sees
the same pauses, and nothing hidden shows in when a computer acts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.core.store import PlayerRow
from bot.i18n import t
from games.computers import LEVELS
from games.engine import AnyGame

# A computer's pause before its move (seconds): long enough for people to follow it on
# the table, short enough not to bore them. In a step everyone takes at once, it acts
# (nearly) at once: nobody is waiting to follow it.
PAUSE_TURN = (1.0, 3.0)
PAUSE_TOGETHER = (0.0, 1.0)


def has_computers(game: AnyGame) -> bool:
    """Whether the game offers computer players (`Game.computers()` is implemented)."""
    try:
        game.computers()
    except NotImplementedError:
        return False
    return True


def is_level(level: str) -> bool:
    return level in LEVELS


def computer_name(locale: str, user_id: int, level: str) -> str:
    """A computer's name in the game's language: "🤖 Ada (strong)". Computers of one
    game have different ids (-1, -2, ...), so different names."""
    names = [n.strip() for n in t("computer.names", locale).split(",") if n.strip()]
    number = -user_id - 1
    name = names[number % len(names)]
    if number >= len(names):
        name = f"{name} {number // len(names) + 1}"
    return t("computer.name", locale, name=name, level=t(f"computer.level.{level}", locale))


def new_computer(players: Sequence[PlayerRow], locale: str, level: str) -> PlayerRow:
    """A computer player to seat beside `players`: the first id none of them has."""
    taken = {p.user_id for p in players}
    user_id = next(i for i in range(-1, -len(taken) - 2, -1) if i not in taken)
    return PlayerRow(
        seat=len(players),
        user_id=user_id,
        display_name=computer_name(locale, user_id, level),
        computer=level,
    )


def pause(game_id: int, version: int, seat: int, *, together: bool) -> float:
    """Seconds before a computer acts in the state of `version`: drawn from public facts
    only (game, version, seat), so the same after a restart and under a fake clock."""
    low, high = PAUSE_TOGETHER if together else PAUSE_TURN
    return low + (high - low) * random.Random(f"pause/{game_id}/{version}/{seat}").random()


def seed(game_id: int, seat: int, version: int) -> str:
    """The random seed of a computer's decision: public facts only (never the state's
    seed, which deals what it cannot see)."""
    return f"{game_id}/{seat}/{version}"
