"""The Miss Lupun adapter: wires the table, the panel and the notices to the host.

The host does the rest: the turn notices ("@Ana: place a tile"), the table posted
anew each round (`chapter`), away players and "I'm back", and the Rematch button.
"""

from __future__ import annotations

from bot.discord.adapters.base import GameAdapter, Happened
from bot.discord.adapters.lupun import notices
from bot.discord.adapters.lupun.panel import panel_screen
from bot.discord.adapters.lupun.table import table_screen
from bot.discord.adapters.lupun.words import Ctx
from bot.discord.ui import Screen
from games.engine import Result, Seat
from games.lupun.views import LupunView


class LupunAdapter(GameAdapter[LupunView]):
    kind = "lupun"
    panel_key = "lupun.ui.my_tasks"

    def table(self, ctx: Ctx) -> Screen:
        return table_screen(ctx)

    def panel(self, ctx: Ctx, step: tuple[str, ...] = ()) -> Screen:
        return panel_screen(ctx, step)

    def announcement(self, ctx: Ctx, happened: Happened) -> Screen | None:
        return notices.announcement(ctx, happened)

    def turn_step(self, ctx: Ctx) -> str | None:
        return notices.turn_step(ctx)

    def chapter(self, ctx: Ctx) -> str:
        # Each round gets a table message of its own, at the bottom of the thread.
        return f"r{ctx.view.round}"

    def private_notices(self, ctx: Ctx, happened: Happened) -> list[tuple[Seat, Screen]]:
        return []  # the engine has no private events: secrets are in the panel

    def results(self, ctx: Ctx, result: Result) -> Screen:
        return notices.final_results(ctx, result)

    def ends_chapter(self, ctx: Ctx, happened: Happened) -> bool:
        # The last round's results come with the game's results.
        return notices.ends_round(happened) and not ctx.finished and ctx.view.winners is None

    def chapter_results(self, ctx: Ctx, happened: Happened) -> Screen:
        return notices.round_results(ctx, happened)


ADAPTER = LupunAdapter()
