"""A player who knows no game: on its private panel it clicks an enabled button, or
picks values in a select, at random (what the crash test plays every game with).

The panel only offers legal moves, so random clicks play a real game; a click that
only opens a step within the panel is followed by more clicks on the new step.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.double import InteractionResult, Message, SimUser

BUTTON, STRING_SELECT = 2, 3
PANEL_SUFFIX = ":panel"  # the custom_id of the button that opens a player's panel


@dataclass(frozen=True)
class Control:
    custom_id: str
    values: tuple[str, ...] = ()  # the options of a select
    low: int = 1
    high: int = 1

    def use(self, user: SimUser, message: Message, rng: random.Random) -> Interaction:
        if not self.values:
            return lambda: user.click(message, custom_id=self.custom_id, wait=False)
        count = rng.randint(self.low, min(self.high, len(self.values)))
        picked = rng.sample(self.values, count)
        return lambda: user.select(message, picked, custom_id=self.custom_id, wait=False)


Interaction = Callable[[], Awaitable[InteractionResult]]


def controls(message: Message) -> list[Control]:
    """The enabled interactive controls of a message (links and disabled ones left out)."""
    found = []
    for item in message.controls:
        if item.get("disabled") or "custom_id" not in item:
            continue
        if item.get("type") == BUTTON:
            found.append(Control(item["custom_id"]))
        elif item.get("type") == STRING_SELECT and item.get("options"):
            values = tuple(str(o["value"]) for o in item["options"])
            low = int(item.get("min_values", 1))
            found.append(Control(item["custom_id"], values, low, int(item.get("max_values", 1))))
    return found


def panel_opener(message: Message) -> str | None:
    """The custom_id of the button that opens the reader's panel, if the message has one."""
    for control in controls(message):
        if control.custom_id.endswith(PANEL_SUFFIX) and not control.values:
            return control.custom_id
    return None
