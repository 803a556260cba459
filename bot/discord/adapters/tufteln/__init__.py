"""Discord side of Tüfteln: the table, private sheets, schedules and reminders."""

from bot.discord.adapters.tufteln.adapter import ADAPTER

__all__ = ["ADAPTER"]
