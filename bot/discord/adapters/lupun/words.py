"""Miss Lupun's own words, shared by the table, the panel and the notices."""

from __future__ import annotations

from collections.abc import Iterable

from bot.discord.adapters.context import Context
from games.lupun.models import JOKER
from games.lupun.views import LupunView

Ctx = Context[LupunView]


def tile(ctx: Ctx, value: int) -> str:
    """A tile's name: '7', or 'Joker'."""
    return ctx.say("lupun.ui.joker_tile") if value == JOKER else str(value)


def tiles(ctx: Ctx, values: Iterable[int]) -> str:
    """'0 3 9', or 'none'."""
    shown = " ".join(str(v) for v in sorted(values))
    return shown or ctx.say("lupun.ui.none")


def task_text(ctx: Ctx, card: str) -> str:
    return ctx.say(f"lupun.task.{card}")
