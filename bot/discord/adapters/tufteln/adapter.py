"""Tüfteln's adapter: wires the table, the panel and the timers into the host."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.discord.adapters.base import GameAdapter
from bot.discord.adapters.tufteln import panel, table, timers
from bot.discord.adapters.tufteln.common import state_of
from bot.core.service import Change, LiveGame
from bot.core.store import TimerRow
from bot.discord.ui import Screen

if TYPE_CHECKING:
    from bot.discord.presenter import Presenter


class TuftelnAdapter(GameAdapter):
    kind = "tufteln"
    panel_key = "tufteln.ui.panel_button"
    timer_kinds = (timers.AUTOSTART, timers.REMINDER)
    panel_after_end = True  # each player's final sheet stays one click away

    def table(self, live: LiveGame, locale: str) -> Screen:
        return table.table(live, locale, self.panel_button(live, locale))

    def panel(self, live: LiveGame, seat: int, locale: str) -> Screen:
        return panel.panel(live, seat, locale)

    def decode(
        self, live: LiveGame, seat: int, rest: str, values: list[str]
    ) -> dict[str, Any] | Screen:
        return panel.decode(live, seat, rest, values)

    def announcement(self, live: LiveGame, change: Change, locale: str) -> Screen | None:
        return table.announcement(live, change, locale)

    def results(self, live: LiveGame, locale: str) -> Screen:
        return table.results(live, locale)

    def mention_turn(self, live: LiveGame, change: Change) -> bool:
        # Scheduled play waits for nobody (the dice roll on the schedule); whoever is
        # behind gets a DM reminder rather than a public mention.
        return not state_of(live).schedule

    def lobby_lines(self, live: LiveGame, locale: str) -> list[str]:
        return timers.lobby_lines(live, locale)

    async def after(self, presenter: Presenter, change: Change) -> None:
        await timers.after(presenter, change)

    async def on_timer(self, presenter: Presenter, live: LiveGame, timer: TimerRow) -> None:
        await timers.on_timer(presenter, live, timer, self.panel_button(live, live.row.locale))


ADAPTER = TuftelnAdapter()
