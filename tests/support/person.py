"""A person who plays any game to its end through Discord, beside computer players.

The person acts only as one would in Discord: they open their panel from the table's
button (or read their newest DM prompt) and press one of the controls it offers, chosen
at random (seeded). Every offered button and select option is legal by construction,
so any choice moves the game on; a panel that offers several steps (a die, then a
field) is followed through in place. When the person has nothing to do, the fake clock
moves on so the computers take their turns (each 1-3 s after its turn begins) and the
game's timers (a night) run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.core.service import LiveGame
from bot.double import SimUser
from bot.double.model import Channel, Message
from tests.support.harness import World, table

PAUSE = 3.0  # seconds of the fake clock while the person waits for the computers


def is_panel_button(control: dict[str, Any]) -> bool:
    custom_id = str(control.get("custom_id", ""))
    return custom_id.startswith("game:") and custom_id.endswith(":panel")


def offered(message: Message) -> list[dict[str, Any]]:
    """The game's enabled controls on a message, the panel button left out."""
    return [
        c
        for c in message.controls
        if str(c.get("custom_id", "")).startswith("game:")
        and not c.get("disabled")
        and not is_panel_button(c)
    ]


@dataclass
class Person:
    """One person at a game with computers; `clicks` counts their moves."""

    world: World
    place: Channel
    user: SimUser
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    clicks: int = 0
    waits: int = 0  # times the person had nothing to do and let the clock run

    async def running(self) -> bool:
        return await self.live() is not None

    async def live(self) -> LiveGame | None:
        assert self.world.bot is not None and self.world.bot.service is not None
        return await self.world.bot.service.game_in(self.place.id)

    async def may_act(self) -> bool:
        """Whether the rules let the person act now (read from the engine, as a person
        reads the table, so that they open their panel only when it is worth it)."""
        live = await self.live()
        if live is None or live.state is None:
            return False
        seat = live.seat_of(self.user.id)
        return seat is not None and bool(live.game.legal_actions(live.state, seat))

    def prompt(self) -> Message | None:
        """The newest DM of this game's that offers a control (a secret step's prompt)."""
        for message in reversed(self.user.dms()):
            if offered(message):
                return message
        return None

    async def panel(self) -> Message | None:
        """The person's private panel, opened from the table's button (None: the table
        offers none, e.g. between two tables)."""
        buttons = [b for b in table(self.place).buttons if is_panel_button(b)]
        if not buttons:
            return None
        result = await self.user.click(table(self.place), custom_id=buttons[0]["custom_id"])
        await self.world.settle()
        return await self.world.answer(result)

    async def press(self, message: Message) -> bool:
        """Press one of the controls `message` offers (a select: as many of its options
        as it asks for); False if it offers none."""
        controls = offered(message)
        if not controls:
            return False
        control = self.rng.choice(controls)
        if control.get("options") is not None:
            values = [o["value"] for o in control["options"]]
            count = max(1, int(control.get("min_values", 1)))
            chosen = self.rng.sample(values, min(count, len(values)))
            await self.user.select(message, chosen, custom_id=control["custom_id"])
        else:
            await self.user.click(message, custom_id=control["custom_id"])
        await self.world.settle()
        self.clicks += 1
        return True

    async def move(self) -> bool:
        """One move of the person's, from a DM prompt or the panel, followed through the
        panel's steps; False if nothing was offered."""
        prompt = self.prompt()
        if prompt is not None:
            return await self.press(prompt)
        panel = await self.panel()
        if panel is None or not await self.press(panel):
            return False
        for _ in range(5):  # the same panel, edited in place to the step's next choice
            if not await self.press(panel):
                break
        return True

    async def play_to_the_end(self, max_moves: int = 2000) -> None:
        """Move whenever something is offered, else let the clock run, until the game
        is over."""
        while await self.running():
            assert self.clicks + self.waits < max_moves, "the game did not end"
            if not (await self.may_act() and await self.move()):
                self.waits += 1
                await self.world.advance(PAUSE)
