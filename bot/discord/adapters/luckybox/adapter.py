"""The Super Mega Lucky Box adapter: wires the table, the panel and the notices."""

from __future__ import annotations

from bot.discord.adapters.base import GameAdapter, Happened
from bot.discord.adapters.luckybox import table
from bot.discord.adapters.luckybox.panel import panel_screen
from bot.discord.adapters.luckybox.words import Ctx
from bot.discord.ui import Screen
from games.engine import Result, Seat
from games.luckybox.views import LuckyView


class LuckyBoxAdapter(GameAdapter[LuckyView]):
    kind = "luckybox"
    panel_key = "luckybox.ui.my_cards"

    def table(self, ctx: Ctx) -> Screen:
        return table.table_screen(ctx)

    def panel(self, ctx: Ctx, step: tuple[str, ...] = ()) -> Screen:
        return panel_screen(ctx, step)

    def announcement(self, ctx: Ctx, happened: Happened) -> Screen | None:
        return table.announcement(ctx, happened)

    def turn_step(self, ctx: Ctx) -> str | None:
        return table.turn_step(ctx)

    def chapter(self, ctx: Ctx) -> str:
        # Each round gets a table message of its own, at the bottom of the thread.
        return f"r{ctx.view.round}"

    def private_notices(self, ctx: Ctx, happened: Happened) -> list[tuple[Seat, Screen]]:
        return []  # the engine has no private events: the panel shows everything

    def results(self, ctx: Ctx, result: Result) -> Screen:
        return table.results(ctx, result)


ADAPTER = LuckyBoxAdapter()
