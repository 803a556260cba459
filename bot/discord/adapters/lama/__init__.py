"""Discord side of No Prob-Lama: the table, the "My cards" panel and the notices."""

from bot.discord.adapters.lama.adapter import ADAPTER

__all__ = ["ADAPTER"]
