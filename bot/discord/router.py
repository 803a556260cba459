"""Routes every button and select click by its custom_id (see `bot.discord.ids`).

Each click is acknowledged first (Discord allows 3 seconds), then handled; the
service commits before anything is shown. Refusals come back as ephemeral sentences.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.core.errors import Refused
from bot.core.service import GameService, LiveGame
from bot.discord import ids
from bot.discord.contexts import seat_context
from bot.discord.drawing import Drawing
from bot.discord.echoless import edit_original
from bot.discord.lobby import ADD_COMPUTER, REMOVE_COMPUTER
from bot.discord.permissions import require_hosting
from bot.discord.replies import guarded, locale_of, show, tell
from bot.discord.retire import Retirer
from bot.discord.ui import Screen, ShownPictures, send_kwargs
from bot.i18n import t


def is_manager(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


class Router:
    def __init__(
        self, service: GameService, drawing: Drawing, retirer: Retirer | None = None
    ) -> None:
        self._service = service
        self._drawing = drawing
        self._retirer = retirer
        self._pictures = ShownPictures()  # what each private panel shows

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        control = ids.parse(str(data.get("custom_id", "")))
        if control is None:
            return
        handler = {
            "lobby": self._lobby,
            "abort": self._abort,
            "game": self._game,
            "away": self._back,
            "rematch": self._rematch,
        }[control.scope]
        await guarded(interaction, lambda: handler(interaction, control))

    async def _live(self, interaction: discord.Interaction, game_id: int) -> LiveGame:
        """The game a control belongs to; its controls work in its channel and in DMs."""
        live = await self._service.load(game_id)
        in_dm = interaction.guild_id is None
        if not in_dm and interaction.channel_id != live.row.channel_id:
            raise Refused("host.wrong_channel")
        return live

    async def _lobby(self, interaction: discord.Interaction, control: ids.ControlId) -> None:
        await interaction.response.defer()  # the presenter edits the lobby message
        live = await self._live(interaction, control.game_id)
        user, locale = interaction.user, locale_of(interaction)
        if control.rest == "join":
            await self._service.join(live.id, user.id, user.display_name)
            await tell(interaction, t("lobby.joined", locale))
        elif control.rest == "leave":
            await self._service.leave(live.id, user.id)
            await tell(interaction, t("lobby.left", locale))
        elif control.rest == "start":
            await self._service.start(live.id, user.id, manager=is_manager(interaction))
        elif control.rest == "cancel":
            await self._service.close(
                live.id, user.id, manager=is_manager(interaction), status="cancelled"
            )
        elif control.rest in (ADD_COMPUTER, REMOVE_COMPUTER):
            data: dict[str, Any] = dict(interaction.data or {})
            values = [str(v) for v in data.get("values", [])]
            if len(values) != 1:
                raise Refused("host.stale")
            manager = is_manager(interaction)
            if control.rest == ADD_COMPUTER:
                await self._service.add_computer(live.id, user.id, values[0], manager=manager)
            else:
                try:
                    computer = int(values[0])  # its user id (the option's value)
                except ValueError:
                    raise Refused("host.stale") from None
                await self._service.remove_computer(live.id, user.id, computer, manager=manager)

    async def _abort(self, interaction: discord.Interaction, control: ids.ControlId) -> None:
        """The answer to /abort's private question, shown in its place."""
        locale = locale_of(interaction)
        own = _on_own_message(interaction)
        if control.rest != "yes":
            kept = t("abort.kept", locale)
            if own:
                await interaction.response.edit_message(
                    **send_kwargs(Screen(content=kept), editing=True)
                )
            else:
                await tell(interaction, kept)
            return
        await _defer_in_place(interaction)
        live = await self._live(interaction, control.game_id)
        await self._service.close(
            live.id, interaction.user.id, manager=is_manager(interaction), status="aborted"
        )
        done = Screen(content=t("abort.done", locale))
        await edit_original(interaction, **send_kwargs(done, editing=True))

    async def _back(self, interaction: discord.Interaction, control: ids.ControlId) -> None:
        """ "I'm back": the bot stops playing for the player who presses it."""
        await interaction.response.defer()  # the presenter edits the table
        live = await self._live(interaction, control.game_id)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise Refused("host.not_a_player")
        if seat not in live.away:
            raise Refused("host.not_away")
        await self._service.set_away(live.id, interaction.user.id, seat, False)

    async def _rematch(self, interaction: discord.Interaction, control: ids.ControlId) -> None:
        """A new lobby in the same channel, with the same options; the presser hosts it
        and the last game's players are invited. Refused, as /newgame is, where the bot
        can no longer post (e.g. a moderator locked the thread)."""
        channel = interaction.channel
        in_thread = isinstance(channel, discord.Thread)
        granted, locale = interaction.app_permissions, locale_of(interaction)
        require_hosting(channel, granted, in_thread=in_thread, locale=locale)
        await interaction.response.defer()  # the presenter posts the new lobby
        old = await self._live(interaction, control.game_id)
        user = interaction.user
        if old.seat_of(user.id) is None:
            raise Refused("host.rematch_players_only")
        row = old.row
        try:
            new = await self._service.open_lobby(
                kind=row.kind,
                options=row.options,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                parent_id=row.parent_id,
                host_id=user.id,
                host_name=user.display_name,
                locale=row.locale,
                previous_id=row.id,
            )
        except Refused as refusal:
            opened = await self._service.game_in(row.channel_id)
            if refusal.key != "host.channel_busy" or opened is None:
                raise
            # Pressed again, or by another player: the rematch someone opened first.
            await self._service.shown_game(opened.id)  # its lobby is posted
            host, link = f"<@{opened.row.host_id}>", _table_link(opened) or ""
            raise Refused("host.rematch_opened", host=host, link=link) from None
        others = [p.user_id for p in old.players if p.user_id != user.id and not p.is_computer]
        await self._service.shown_game(new.id)  # the lobby is posted: the invite links it
        new_link = _table_link(new)
        if others and new_link is not None:
            mentions = " ".join(f"<@{u}>" for u in others)
            text = t(
                "table.rematch_invite", row.locale, host=f"<@{user.id}>", mentions=mentions,
                link=new_link,
            )  # fmt: skip
            invite = Screen(content=text, mentions=tuple(others))
            await interaction.followup.send(**send_kwargs(invite))

    async def _game(self, interaction: discord.Interaction, control: ids.ControlId) -> None:
        locale = locale_of(interaction)
        if control.rest == ids.PANEL:
            await interaction.response.defer(ephemeral=True, thinking=True)
            live = await self._live(interaction, control.game_id)
            panel = await self.panel(live, interaction.user.id, locale)
            message_id = await show(interaction, panel)
            if message_id is not None:
                self._pictures.shown(message_id, panel)
            self._keep(live, interaction, panel, message_id)
            return
        await _defer_in_place(interaction)  # a click on a private panel: update it
        live = await self._live(interaction, control.game_id)
        if live.seat_of(interaction.user.id) is None:
            raise Refused("host.not_a_player")
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        rest = ids.fill(control.rest, values)
        if rest.startswith(ids.STEP):  # a step within the panel: show it, nothing is played
            step = tuple(part for part in rest.removeprefix(ids.STEP).split(ids.FIELD) if part)
            panel = await self.panel(live, interaction.user.id, locale, step)
            await self._update_panel(interaction, panel)
            return
        action = ids.decode(rest, live.game.action_kinds())
        if action is None:
            raise Refused("host.stale")
        clicked = interaction.message.id if interaction.message is not None else None
        if self._retirer is not None:  # this panel is redrawn below, not retired
            self._retirer.forget(live.id, ("panel", clicked))
        await self._service.act(live.id, interaction.user.id, action, phase=control.phase)
        if live.status == "running" or _shows_final_panel(live):
            panel = await self.panel(live, interaction.user.id, locale)
        else:
            panel = Screen(content=t("table.over", locale))
        await self._update_panel(interaction, panel)
        self._keep(live, interaction, panel, clicked if _on_own_message(interaction) else None)

    async def _update_panel(self, interaction: discord.Interaction, panel: Screen) -> None:
        """Show `panel` on the clicked panel message (pictures it already shows are not
        uploaded again), or in the new private message a forged click got."""
        message = interaction.message if _on_own_message(interaction) else None
        if message is None:  # answered in a new private message
            await edit_original(interaction, **send_kwargs(panel, editing=True))
            return
        await edit_original(interaction, **self._pictures.edit_kwargs(message.id, panel))
        self._pictures.shown(message.id, panel)

    def _keep(
        self,
        live: LiveGame,
        interaction: discord.Interaction,
        panel: Screen,
        message_id: int | None,
    ) -> None:
        """Note a private panel message (each one: a player may have opened several), so
        its controls are retired when their step, or the game, is over."""
        if self._retirer is None or interaction.guild_id is None:
            return  # a panel in a DM is a DM prompt, which the presenter notes
        key = ("panel", message_id or interaction.id)
        self._retirer.keep(
            live.id,
            key,
            live.phase,
            panel,
            lambda view: edit_original(interaction, view=view),
            token=True,
        )

    async def panel(
        self, live: LiveGame, user_id: int, locale: str, step: tuple[str, ...] = ()
    ) -> Screen:
        seat = live.seat_of(user_id)
        if seat is None:
            raise Refused("host.not_a_player")
        if live.broken is not None:
            raise Refused("host.broken")
        if live.status == "lobby":
            raise Refused("host.not_started")
        if live.state is None or (live.status != "running" and not _shows_final_panel(live)):
            raise Refused("host.game_over")
        context = seat_context(live, seat, locale)
        return await self._drawing.build(live.row.kind, "panel", context, step)


def _table_link(live: LiveGame) -> str | None:
    """A link to the game's lobby or table message, once posted."""
    row = live.row
    if row.table_message_id is None:
        return None
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.table_message_id}"


async def _defer_in_place(interaction: discord.Interaction) -> None:
    """Acknowledge a click whose answer takes the clicked message's place: that message
    when it is the clicker's own, else (only a forged click can come from elsewhere,
    e.g. the public table) a new private message, so no public message is ever
    edited into a private answer."""
    if _on_own_message(interaction):
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


def _on_own_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is the clicker's own: an ephemeral message (only its
    reader can click it) or a DM. Only such a message may be edited into an answer."""
    message = interaction.message
    if interaction.guild_id is None:
        return True
    return message is not None and message.flags.ephemeral


def _shows_final_panel(live: LiveGame) -> bool:
    """A finished game (not an aborted one) still shows each player their own panel:
    their last cards, tasks or sheet, as the end revealed them, with no controls."""
    return live.status == "finished"
