"""The No Prob-Lama adapter: wires the table, the panel and the notices to the host."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from bot.discord.adapters.base import GameAdapter
from bot.discord.adapters.lama import notices
from bot.discord.adapters.lama.panel import decode, panel_screen
from bot.discord.adapters.lama.table import table_screen
from bot.core.service import Change, LiveGame
from bot.discord.ui import Screen
from games.engine import Seat

if TYPE_CHECKING:
    from bot.discord.presenter import Presenter


class LamaAdapter(GameAdapter):
    kind = "lama"
    panel_key = "lama.ui.my_cards"

    def table(self, live: LiveGame, locale: str) -> Screen:
        return table_screen(live, locale, self.panel_button(live, locale))

    def panel(self, live: LiveGame, seat: int, locale: str) -> Screen:
        return panel_screen(live, seat, locale)

    def decode(self, live: LiveGame, seat: int, rest: str, values: list[str]) -> dict[str, Any]:
        return decode(live, seat, rest, values)

    def announcement(self, live: LiveGame, change: Change, locale: str) -> Screen | None:
        return notices.announcement(live, change, locale, self.panel_button(live, locale))

    def mention_turn(self, live: LiveGame, change: Change) -> bool:
        # Once per turn: not after a draw (same player), nor while everyone looks.
        return notices.new_turn(live, change)

    def private_notices(
        self, live: LiveGame, change: Change, locale: str
    ) -> list[tuple[Seat, Screen]]:
        # The only private event, "you drew", is on the drawer's panel already.
        return []

    def results(self, live: LiveGame, locale: str) -> Screen:
        return notices.final_results(live, locale)

    async def after(self, presenter: Presenter, change: Change) -> None:
        live = change.game
        if live.status != "running" or not notices.ends_round(change):
            return  # the last round's results come with the game's results
        locale = live.row.locale
        button = self.panel_button(live, locale)
        screen = await asyncio.to_thread(notices.round_results, live, change, locale, button)
        await presenter.post(live, screen)


ADAPTER = LamaAdapter()
