"""Tüfteln's adapter: the table, the private panel, reminders and the lobby's first roll.

Time is the engine's: a scheduled lobby starts itself at the first roll time
(`starts_at`), each roll phase ends at the next roll time and names when to remind
whoever is behind; the host keeps the timers and asks `reminder` for each DM.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.discord.adapters.base import GameAdapter, Happened
from bot.discord.adapters.context import Context
from bot.discord.adapters.tufteln import panel, table
from bot.discord.ui import Screen
from games.engine import Result
from games.tufteln.models import TuftelnView


class TuftelnAdapter(GameAdapter[TuftelnView]):
    kind = "tufteln"
    panel_key = "tufteln.ui.panel_button"
    panel_after_end = True  # each player's final sheet stays one click away

    def table(self, ctx: Context[TuftelnView]) -> Screen:
        return table.table(ctx)

    def panel(self, ctx: Context[TuftelnView], step: tuple[str, ...] = ()) -> Screen:
        return panel.panel(ctx, step)

    def announcement(self, ctx: Context[TuftelnView], happened: Happened) -> Screen | None:
        return table.announcement(ctx, happened)

    def mention_turn(self, ctx: Context[TuftelnView], happened: Happened) -> bool:
        # Scheduled play waits for nobody (the dice roll on the schedule); whoever is
        # behind gets a DM reminder rather than a public mention.
        return not ctx.view.schedule

    def reminder(self, ctx: Context[TuftelnView]) -> Screen | None:
        return table.reminder(ctx)

    def results(self, ctx: Context[TuftelnView], result: Result) -> Screen:
        return table.results(ctx)

    def lobby_lines(
        self, options: Mapping[str, Any], starts_at: float | None, locale: str | None
    ) -> list[str]:
        return table.lobby_lines(options, starts_at, locale)


ADAPTER = TuftelnAdapter()
