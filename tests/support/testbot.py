"""A small real discord.py bot exercising what the tabletop bot uses."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands


class JoinView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.joined: list[str] = []

    @discord.ui.button(label="Join", style=discord.ButtonStyle.primary, custom_id="lobby:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.joined.append(interaction.user.display_name)
        await interaction.response.edit_message(content=f"Players: {', '.join(self.joined)}")

    @discord.ui.button(label="My hand", style=discord.ButtonStyle.secondary, custom_id="lobby:hand")
    async def hand(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message(
            f"Secret hand of {interaction.user.display_name}", ephemeral=True
        )

    @discord.ui.button(label="Rename", custom_id="lobby:rename")
    async def rename(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_modal(RenameModal())

    @discord.ui.select(
        custom_id="lobby:colour",
        placeholder="Pick a colour",
        options=[discord.SelectOption(label=c.title(), value=c) for c in ("red", "green", "blue")],
    )
    async def colour(
        self, interaction: discord.Interaction, select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.send_message(f"You picked {select.values[0]}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Name your table"):
    table: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Table name", custom_id="table_name", max_length=40
    )
    motto: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Motto", required=False, custom_id="motto"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Table {self.table.value} ({self.motto.value})")


class RenameModal(discord.ui.Modal, title="Rename the table"):
    table: discord.ui.TextInput[Any] = discord.ui.TextInput(label="New name", custom_id="new_name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"Table: {self.table.value}")


class InviteView(discord.ui.View):
    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="invite:who", max_values=2)
    async def who(
        self, interaction: discord.Interaction, select: discord.ui.UserSelect[Any]
    ) -> None:
        names = ", ".join(sorted(u.display_name for u in select.values))
        await interaction.response.send_message(f"Invited {names}")


class SeatModal(discord.ui.Modal, title="Take a seat"):
    nick: discord.ui.Label[Any] = discord.ui.Label(
        text="Table nickname", component=discord.ui.TextInput(custom_id="nick")
    )
    seat: discord.ui.Label[Any] = discord.ui.Label(
        text="Seat",
        component=discord.ui.Select(
            custom_id="seat",
            options=[discord.SelectOption(label=s, value=s.lower()) for s in ("North", "South")],
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert isinstance(self.nick.component, discord.ui.TextInput)
        assert isinstance(self.seat.component, discord.ui.Select)
        nick, seat = self.nick.component.value, self.seat.component.values[0]
        await interaction.response.send_message(f"{nick} sits {seat}", ephemeral=True)


class DiceView(discord.ui.View):
    @discord.ui.button(label="Roll", emoji="🎲")
    async def roll(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(
            content=f"{interaction.user.display_name} rolled 6"
        )


class TestBot(discord.Client):
    __test__ = False  # a bot, not a test class

    def __init__(self) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(intents=intents, guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.errors: list[BaseException] = []
        self.release = asyncio.Event()
        self.dm_results: list[str] = []
        self.threads: list[str] = []
        self.edits: list[discord.Message] = []
        _register(self)

        @self.tree.error
        async def on_error(
            interaction: discord.Interaction, error: app_commands.AppCommandError
        ) -> None:
            self.errors.append(getattr(error, "original", error))

    @staticmethod
    def png(width: int = 2, height: int = 3) -> bytes:
        return png(width, height)

    async def setup_hook(self) -> None:
        self.add_view(JoinView())
        await self.tree.sync()


def png(width: int = 2, height: int = 3) -> bytes:
    """A small real PNG (a coloured board) as the renderers would post."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (40, 120, 200)).save(buffer, format="PNG")
    return buffer.getvalue()


def _register(bot: TestBot) -> None:
    tree = bot.tree
    game = app_commands.Group(name="game", description="Tabletop games")

    @tree.command(description="Say pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @tree.command(description="An ephemeral answer")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you", ephemeral=True)

    @game.command(name="new", description="Start a game")
    @app_commands.describe(name="Which game", players="How many", rival="Who to play")
    @app_commands.choices(
        name=[
            app_commands.Choice(name="Tabula", value="tabula"),
            app_commands.Choice(name="Lucky Box", value="luckybox"),
        ]
    )
    async def new(
        interaction: discord.Interaction,
        name: app_commands.Choice[str],
        players: app_commands.Range[int, 2, 6] = 2,
        rival: discord.Member | None = None,
        where: discord.TextChannel | None = None,
    ) -> None:
        text = f"New {name.value} for {players}"
        if rival is not None:
            text += f" against {rival.display_name}"
        if where is not None:
            text += f" in #{where.name}"
        await interaction.response.send_message(text, view=JoinView())

    @game.command(name="rename", description="Rename the table")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    tree.add_command(game)

    @tree.command(description="Defer, then follow up")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("done thinking")
        await interaction.followup.send("and one more", ephemeral=True)

    @tree.command(description="A picture, then a new one")
    async def picture(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        first = discord.File(io.BytesIO(png(240, 160)), filename="board.png", description="Board")
        await interaction.edit_original_response(content="board v1", attachments=[first])
        second = discord.File(io.BytesIO(png(320, 200)), filename="board2.png")
        message = await interaction.original_response()
        bot.edits.append(await message.edit(content="board v2", attachments=[second]))

    @tree.command(description="Post to the channel with a file, then edit it")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        file = discord.File(io.BytesIO(b"hello"), filename="notes.txt")
        message = await interaction.channel.send("table", file=file)
        kept = await message.edit(content="table (kept)")
        bot.edits.append(kept)
        extra = discord.File(io.BytesIO(png()), filename="extra.png")
        bot.edits.append(await kept.edit(attachments=[*kept.attachments, extra]))

    @tree.command(description="DM the caller")
    async def dm(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            await interaction.user.send("psst, your role is Spy")
            bot.dm_results.append("sent")
            await interaction.followup.send("Check your DMs", ephemeral=True)
        except discord.Forbidden as error:
            bot.dm_results.append(f"forbidden {error.code}")
            await interaction.followup.send("Your DMs are closed", ephemeral=True)

    @tree.command(description="Open a thread for the game")
    async def thread(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Game table")
        message = await interaction.original_response()
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            created = await message.create_thread(name="game-1")
            await created.send("Welcome to the thread")
            await created.edit(archived=True)
            bot.threads.append(created.name)
        except discord.Forbidden as error:
            bot.threads.append(f"forbidden {error.code}")
            await interaction.followup.send("Threads are off here; playing in the channel")

    @tree.command(description="Open a thread without a message")
    async def lobby(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        can = interaction.channel.permissions_for(interaction.guild.me).create_public_threads  # type: ignore[union-attr]
        if not can:
            await interaction.response.send_message("no threads here")
            return
        created = await interaction.channel.create_thread(
            name="lobby", type=discord.ChannelType.public_thread
        )
        await interaction.response.send_message(f"lobby in {created.mention}")

    @tree.command(description="Never answers in time")
    async def never(interaction: discord.Interaction) -> None:
        await bot.release.wait()
        await interaction.response.send_message("too late")

    @tree.command(description="Replies, follows up, edits and deletes")
    async def cleanup(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        second = await interaction.followup.send("second", wait=True)
        await second.edit(content="second edited")
        fetched = await interaction.followup.fetch_message(second.id)
        await interaction.followup.send(f"third after {fetched.content}")
        await second.delete()
        await interaction.delete_original_response()

    @tree.command(description="A modal with labels and a select")
    async def seat(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(SeatModal())

    @tree.command(description="Dice with a deferred update")
    async def dice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Roll the dice", view=DiceView())

    @tree.command(description="Invite players")
    async def invite(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Invite whom?", view=InviteView())

    @tree.command(description="Defer, wait for the test, then follow up")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await bot.release.wait()
        await interaction.followup.send("finally")

    @tree.command(description="A file over 25 MiB")
    async def huge(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        data = io.BytesIO(b"x" * (25 * 1024 * 1024 + 1))
        await interaction.followup.send(file=discord.File(data, filename="huge.bin"))

    @tree.command(description="Sends something Discord refuses")
    @app_commands.describe(what="content, rows, buttons, options, custom_id or embeds")
    async def broken(interaction: discord.Interaction, what: str) -> None:
        await interaction.response.defer()
        kwargs = _broken_payload(what)
        await interaction.followup.send(**kwargs)

    @tree.command(description="Admin only")
    @app_commands.default_permissions(manage_guild=True)
    async def admin(interaction: discord.Interaction) -> None:
        perms = interaction.permissions
        await interaction.response.send_message(f"manage_guild={perms.manage_guild}")

    @tree.command(description="Suggest games")
    async def pick(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(f"picked {game}")

    @pick.autocomplete("game")
    async def pick_complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        games = ["tabula", "tüfteln", "luckybox"]
        return [app_commands.Choice(name=g, value=g) for g in games if g.startswith(current)]


def _broken_payload(what: str) -> dict[str, Any]:
    view = discord.ui.View()
    if what == "content":
        return {"content": "x" * 2001}
    if what == "rows":
        for row in range(5):
            view.add_item(discord.ui.Button(label=f"b{row}", custom_id=f"b{row}", row=row))
        extra: discord.ui.Button[Any] = discord.ui.Button(label="sixth", custom_id="sixth")
        payload = view.to_components()
        payload.append({"type": 1, "components": [extra.to_component_dict()]})
        return {"content": "rows", "view": _RawView(payload)}
    if what == "buttons":
        six = [
            discord.ui.Button(label=f"b{i}", custom_id=f"b{i}").to_component_dict()
            for i in range(6)
        ]
        return {"content": "buttons", "view": _RawView([{"type": 1, "components": six}])}
    if what == "options":
        options = [{"label": f"o{i}", "value": f"o{i}"} for i in range(26)]
        select = {"type": 3, "custom_id": "many", "options": options}
        return {"content": "options", "view": _RawView([{"type": 1, "components": [select]}])}
    if what == "custom_id":
        button = {"type": 2, "style": 1, "label": "long", "custom_id": "x" * 101}
        return {"content": "custom_id", "view": _RawView([{"type": 1, "components": [button]}])}
    if what == "embeds":
        return {"embeds": [discord.Embed(description="d" * 4000) for _ in range(2)]}
    if what == "schema":
        button = {"type": 2, "label": "no style", "custom_id": "nostyle"}
        return {"content": "schema", "view": _RawView([{"type": 1, "components": [button]}])}
    raise ValueError(what)


class _RawView(discord.ui.View):
    """A view whose component payload is given verbatim (to send what Discord refuses)."""

    def __init__(self, payload: list[dict[str, object]]) -> None:
        super().__init__(timeout=None)
        self._payload = payload

    def to_components(self) -> list[dict[str, object]]:
        return self._payload

    def is_finished(self) -> bool:
        return True
