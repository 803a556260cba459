"""Discord side of Super Mega Lucky Box: the table, the "My cards" panel and notices."""

from bot.discord.adapters.luckybox.adapter import ADAPTER

__all__ = ["ADAPTER"]
