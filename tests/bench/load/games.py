"""The game mix: how each game is opened and where its players find their controls.

To add a game to the benchmark, add a `Kind` to `MIX` (its seats, its /newgame options
with short time limits, the table's button that opens a player's panel).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Kind:
    id: str  # the registry id, /newgame <id>
    seats: int
    options: dict[str, Any]  # /newgame options: short limits, so nobody waits long
    panel: str  # the table's button that opens a player's private panel
    avoid: tuple[str, ...] = field(default=("Back", "Zurück"))  # labels that undo a step


LAMA = Kind("lama", 3, {"turn_seconds": 10}, "My cards")
TUFTELN = Kind("tufteln", 2, {"turn_seconds": 10}, "My sheet")  # live: both place at once
LUPUSBURG = Kind(
    "lupusburg",
    5,
    {"night_seconds": 5, "turn_seconds": 10, "discussion_minutes": 1, "defence_seconds": 5},
    "My panel",
)
LUPUN = Kind("lupun", 3, {"turn_seconds": 10}, "My tasks")
LUCKYBOX = Kind("luckybox", 3, {"reveal_limit": 10}, "My cards")
MIX: tuple[Kind, ...] = (LAMA, TUFTELN, LUPUSBURG, LUPUN, LUCKYBOX)
SCHEDULED_TUFTELN = Kind("tufteln", 200, {"schedule": "every 4h"}, "My sheet")


def mix(count: int) -> list[Kind]:
    """`count` games, the kinds in turn."""
    return [MIX[i % len(MIX)] for i in range(count)]
