"""Tüfteln's adapter: the table, the private panel, reminders and the lobby's first roll.

Time is the engine's: a scheduled lobby starts itself at the first roll time
(`starts_at`), each roll phase ends at the next roll time (or, live, at the turn
limit) and names when to remind whoever is behind; the host keeps the timers and
asks `reminder` for each DM. Live play names its step for the host's turn notice
(`turn_step`); each roll is a chapter, so the table is posted anew with it.
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

    def table(self, ctx: Context[TuftelnView]) -> Screen:
        return table.table(ctx)

    def panel(self, ctx: Context[TuftelnView], step: tuple[str, ...] = ()) -> Screen:
        return panel.panel(ctx, step)

    def announcement(self, ctx: Context[TuftelnView], happened: Happened) -> Screen | None:
        return table.announcement(ctx, happened)

    def turn_step(self, ctx: Context[TuftelnView]) -> str | None:
        return table.turn_step(ctx)

    def chapter(self, ctx: Context[TuftelnView]) -> str:
        return table.chapter(ctx)

    def reminder(self, ctx: Context[TuftelnView]) -> Screen | None:
        return table.reminder(ctx)

    def results(self, ctx: Context[TuftelnView], result: Result) -> Screen:
        return table.results(ctx)

    def lobby_lines(
        self, options: Mapping[str, Any], starts_at: float | None, locale: str | None
    ) -> list[str]:
        return table.lobby_lines(options, starts_at, locale)


ADAPTER = TuftelnAdapter()
