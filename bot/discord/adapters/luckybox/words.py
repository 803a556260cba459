"""Lucky Box's shared words and pictures for the table, the panel and the notices."""

from __future__ import annotations

from functools import partial

from bot.discord.adapters.context import Context
from bot.discord.adapters.pictures import Kept
from bot.discord.ui import Picture
from games.luckybox.pictures import bonus_word, render_table
from games.luckybox.views import LuckyView, Mine

Ctx = Context[LuckyView]

_tables = Kept(32)


def bonus(ctx: Ctx, token: str) -> str:
    """A bonus in words: 'a 5', 'any box (?)', '2 lightning', 'a star', 'a moon'."""
    return bonus_word(token, ctx.say)


def mine(ctx: Ctx) -> Mine:
    assert ctx.view.me is not None, "a panel is a seat's own view"
    return ctx.view.me


def table_picture(ctx: Ctx, name: str = "luckybox-table.png") -> Picture:
    """The table picture, drawn once per public view, names and language (an edit that
    changes only the text does not draw it again)."""
    words = ctx.say("luckybox.picture.alt_stage", round=1)
    key = (ctx.view.model_dump_json(), "\n".join(ctx.names), words)
    return _tables.picture(
        key, name, partial(render_table, ctx.view, ctx.say, ctx.names, ctx.letters)
    )
