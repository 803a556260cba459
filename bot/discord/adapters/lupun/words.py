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


def runs(values: Iterable[int]) -> str:
    """Tiles in short, runs of three or more as a range: '0–4 7 9' (the table's lines;
    the panel names each tile)."""
    ordered = sorted(set(values))
    parts: list[str] = []
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and ordered[end + 1] == ordered[end] + 1:
            end += 1
        if end - start >= 2:
            parts.append(f"{ordered[start]}–{ordered[end]}")
        else:
            parts += [str(v) for v in ordered[start : end + 1]]
        start = end + 1
    return " ".join(parts)


def task_text(ctx: Ctx, card: str) -> str:
    return ctx.say(f"lupun.task.{card}")
