"""Simulated members who use slash commands, click buttons, pick options, fill in modals.

ana = double.add_member("Ana")
result = await ana.slash("newgame tabula", discussion=2)
reply = await result.reply()
await ana.click(reply, "Join")
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.double import components as comp
from bot.double import permissions as perms
from bot.double.interactions import (
    ACK_DEADLINE,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
)
from bot.double.model import Channel, Json, Member, Message, Modal, User
from bot.double.options import (
    CHANNEL,
    MENTIONABLE,
    ROLE,
    USER,
    CommandInput,
    CommandNotAvailable,
    resolve_channel,
)
from bot.double.results import InteractionFailed, InteractionResult

if TYPE_CHECKING:
    from bot.double.server import DiscordDouble

MessageRef = Message | InteractionResult | int
__all__ = ["CommandNotAvailable", "MessageRef", "SimUser"]


class SimUser:
    def __init__(self, double: DiscordDouble, user: User) -> None:
        self.double = double
        self.user = user

    def __repr__(self) -> str:
        return f"<SimUser {self.name} {self.id}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SimUser) and other.id == self.id

    def __hash__(self) -> int:
        return self.id

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.display_name

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def member(self) -> Member:
        return self.double.guild.members[self.id]

    @property
    def dms_open(self) -> bool:
        return self.user.dms_open

    @dms_open.setter
    def dms_open(self, value: bool) -> None:
        self.user.dms_open = value

    # -- reading ---------------------------------------------------------------------

    @property
    def dm_channel(self) -> Channel:
        return self.double.state.dm_channel(self.user)

    def dms(self) -> list[Message]:
        """Messages the bot sent this user by DM, oldest first."""
        return self.dm_channel.visible_messages()

    def ephemerals(self, channel: Channel | str | None = None) -> list[Message]:
        """Ephemeral messages only this user sees, oldest first."""
        target = self._channel(channel) if channel is not None else None
        return [
            m
            for m in self.double.state.messages.values()
            if m.visible_to == self.id
            and not m.deleted
            and (target is None or m.channel_id == target.id)
        ]

    def sees(self, channel: Channel | str | None = None) -> list[Message]:
        """The channel as this user sees it: everyone's messages plus their ephemerals."""
        return self._channel(channel).visible_messages(self.id)

    def modals(self) -> list[Modal]:
        return [m for m in self.double.state.modals if m.user_id == self.id]

    async def wait_for_dm(
        self, predicate: Callable[[Message], bool] | None = None, within: float = 5.0
    ) -> Message:
        """The first DM (already there or arriving) matching `predicate`."""

        def probe() -> Message | None:
            return next((m for m in self.dms() if predicate is None or predicate(m)), None)

        return await self.double.wait_for(probe, within, f"a DM to {self.name}")

    async def wait_for_ephemeral(
        self, predicate: Callable[[Message], bool] | None = None, within: float = 5.0
    ) -> Message:
        def probe() -> Message | None:
            found = [m for m in self.ephemerals() if predicate is None or predicate(m)]
            return found[-1] if found else None

        return await self.double.wait_for(probe, within, f"an ephemeral for {self.name}")

    def can_see(self, message: Message) -> bool:
        return message.visible_for(self.id) and not message.deleted

    # -- slash commands --------------------------------------------------------------

    async def slash(
        self,
        command: str,
        *,
        channel: Channel | str | None = None,
        options: dict[str, Any] | None = None,
        wait: bool = True,
        **kwargs: Any,
    ) -> InteractionResult:
        """Run `/command [group] [subcommand]` with options given as keyword arguments."""
        target = self._channel(channel)
        values = {**(options or {}), **kwargs}
        data = CommandInput(self.double, self.user).command_data(command, values, target, None)
        return await self._interact(APPLICATION_COMMAND, target, data, None, wait)

    async def autocomplete(
        self,
        command: str,
        focused: str,
        typed: str,
        *,
        channel: Channel | str | None = None,
        within: float = 5.0,
        **kwargs: Any,
    ) -> list[Json]:
        """The choices the bot suggests while this user types `typed` into `focused`."""
        if not self.double.gateway.connected:
            raise RuntimeError("the bot is not connected to the Discord double")
        target = self._channel(channel)
        values = {**kwargs, focused: typed}
        data = CommandInput(self.double, self.user).command_data(command, values, target, focused)
        record = self.double.interactions.create(AUTOCOMPLETE, self.user, target, data)
        await self.double.wait_for(
            lambda: record.choices is not None, within, f"autocomplete for {command}"
        )
        return list(record.choices or [])

    # -- components --------------------------------------------------------------------

    async def click(
        self,
        message: MessageRef,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        wait: bool = True,
    ) -> InteractionResult:
        """Click the button with this label (or custom_id) on a message this user sees."""
        target = self._message(message)
        found = comp.find_button(target.components, label, custom_id, target.id)
        data = {"custom_id": found["custom_id"], "component_type": comp.BUTTON}
        channel = self.double.state.channels[target.channel_id]
        return await self._interact(COMPONENT, channel, data, target, wait)

    async def select(
        self,
        message: MessageRef,
        values: Sequence[Any],
        *,
        custom_id: str | None = None,
        placeholder: str | None = None,
        wait: bool = True,
    ) -> InteractionResult:
        """Pick `values` (option values or labels; users/channels for those selects)."""
        target = self._message(message)
        menu = comp.find_select(target.components, custom_id, placeholder, target.id)
        kind = int(menu["type"])
        data: Json = {"custom_id": menu["custom_id"], "component_type": kind}
        count = len(values)
        low, high = int(menu.get("min_values", 1)), int(menu.get("max_values", 1))
        if not low <= count <= high:
            raise ValueError(
                f"select {menu['custom_id']!r} takes {low}..{high} values, got {count}"
            )
        if kind == comp.STRING_SELECT:
            data["values"] = [comp.option_value(menu, v) for v in values]
        else:
            resolved: Json = {}
            typing = CommandInput(self.double, self.user)
            spec = {comp.USER_SELECT: USER, comp.ROLE_SELECT: ROLE, comp.CHANNEL_SELECT: CHANNEL}
            option_kind = spec.get(kind, MENTIONABLE)
            data["values"] = [
                typing.convert({"type": option_kind, "name": "value"}, v, resolved) for v in values
            ]
            data["resolved"] = resolved
        channel = self.double.state.channels[target.channel_id]
        return await self._interact(COMPONENT, channel, data, target, wait)

    async def submit_modal(
        self,
        values: dict[str, Any] | None = None,
        *,
        modal: Modal | InteractionResult | None = None,
        wait: bool = True,
        **fields: Any,
    ) -> InteractionResult:
        """Fill in and submit the latest modal the bot opened for this user.

        Fields are matched by custom_id or label; required fields must be given.
        """
        if isinstance(modal, InteractionResult):
            modal = modal.modal
        pending = self.modals()
        if modal is None:
            if not pending:
                raise LookupError(f"the bot has not opened a modal for {self.name}")
            modal = pending[-1]
        given = {**(values or {}), **fields}
        answers = comp.modal_answers(modal.components, given, modal.title)
        self.double.state.modals.remove(modal)
        channel = self.double.state.channels[modal.channel_id]
        source = self.double.state.messages.get(modal.source_message_id or 0)
        data = {"custom_id": modal.custom_id, "components": answers}
        return await self._interact(MODAL_SUBMIT, channel, data, source, wait)

    # -- plumbing --------------------------------------------------------------------

    async def _interact(
        self, kind: int, channel: Channel, data: Json, source: Message | None, wait: bool
    ) -> InteractionResult:
        if not self.double.gateway.connected:
            raise RuntimeError("the bot is not connected to the Discord double")
        if not channel.is_dm and not self.double.state.permissions(self.user, channel):
            raise PermissionError(f"{self.name} cannot see #{channel.name}")
        record = self.double.interactions.create(kind, self.user, channel, data, source)
        result = InteractionResult(self.double, record)
        if wait:
            await self._acknowledged(record)
        return result

    async def _acknowledged(self, record: InteractionRecord) -> None:
        limit = max(self.double.interactions.ack_timeout, ACK_DEADLINE) + 2.0
        await self.double.wait_for(
            lambda: record.acknowledged or record.failed or record.callback_errors,
            limit,
            f"the bot to acknowledge {record.describe()}",
        )
        if record.failed:
            raise InteractionFailed(f"{record.describe()}: {record.failed}", record)
        if not record.acknowledged and record.callback_errors:
            error = record.callback_errors[-1]
            raise InteractionFailed(
                f"{record.describe()}: the bot's answer was refused: {error}", record
            )

    def _channel(self, channel: Channel | str | int | None) -> Channel:
        return resolve_channel(self.double, channel)

    def _message(self, message: MessageRef) -> Message:
        if isinstance(message, InteractionResult):
            found = message.message
            if found is None:
                raise LookupError(f"{message.record.describe()} produced no message")
            message = found
        if isinstance(message, int):
            found = self.double.state.messages.get(message)
            if found is None:
                raise LookupError(f"no message {message}")
            message = found
        if message.deleted:
            raise LookupError(f"message {message.id} was deleted")
        if not message.visible_for(self.id):
            raise PermissionError(f"{self.name} cannot see message {message.id} (an ephemeral)")
        return message

    def permissions_in(self, channel: Channel | str | None = None) -> int:
        return self.double.state.permissions(self.user, self._channel(channel))

    @property
    def is_admin(self) -> bool:
        return bool(self.permissions_in() & perms.MANAGE_GUILD)
