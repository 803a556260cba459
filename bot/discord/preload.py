"""Imported by the drawing workers' fork server (`bot.discord.drawing`): every game's
adapter and pictures, once, for every worker forked from it."""

from bot.discord.adapters import adapters

adapters()
