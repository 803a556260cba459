"""Discord side of Miss Lupun: the table, the "My tasks" panel and the notices."""

from bot.discord.adapters.lupun.adapter import ADAPTER

__all__ = ["ADAPTER"]
