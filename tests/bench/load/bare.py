"""The bare client: a minimal discord.py client that only acknowledges each interaction
(type 6, "deferred update", for a button or a select; type 5, "thinking", for a slash
command) and does nothing else: the floor any bot on discord.py stands on."""

from __future__ import annotations

import discord


class BareClient(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none(), guild_ready_timeout=0)
        self.deferred = 0

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # 6 for components, 5 for commands
        self.deferred += 1
