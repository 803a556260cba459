"""Per-game tuning of the conformance suite. A game needs no entry here: without one it
is played with its default options, up to 8 seats and the default step bound.

- OPTIONS: option variants, used in turn by a game's cases (cover timers and variants).
- MAX_SEATS: a lower seat cap for games whose playouts are slow with many seats.
- STEP_BOUND: steps per seat after which a playout that has not ended fails.
"""

from __future__ import annotations

from typing import Any

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "race": [{}, {"turn_seconds": 5, "target": 17}],
    "lama": [{}, {"variant": "points", "turn_seconds": 30}],
    "lupusburg": [
        {},
        {
            "discussion_minutes": 0,
            "defence_seconds": 0,
            "turn_seconds": 0,
            "burgomaster": "random",
            "series": 2,
            "second_vote": "players",
        },
    ],
    "tufteln": [{}, {"schedule": "every 4h"}, {"variant": "B", "turn_seconds": 60}],
    "luckybox": [{}, {"reveal_limit": 0, "lightning": 6}],
    "lupun": [
        {},
        {"variant": "jokers", "goal": "tiles", "turn_seconds": 30},
        {"variant": "jokers", "deck": "short", "rounds": 2, "turn_seconds": 60},
    ],
}

MAX_SEATS: dict[str, int] = {"tufteln": 3}

STEP_BOUND: dict[str, int] = {}

EXPIRE_CHANCE = 0.05  # in a timed phase, the chance per step that the time runs out
