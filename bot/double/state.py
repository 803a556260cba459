"""The double's world and the rules for changing it (who may post where, threads, DMs).

Every change wakes waiters (`notifier`) and emits the matching Gateway event to the
listeners (the Gateway), tagged with the intent that gates it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from bot.core.clock import Clock
from bot.double import errors
from bot.double import permissions as perms
from bot.double.bodies import Upload
from bot.double.changes import MessageChanges
from bot.double.ids import Snowflakes
from bot.double.messages import apply_body
from bot.double.model import (
    DM,
    EPHEMERAL,
    IS_COMPONENTS_V2,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    Attachment,
    Channel,
    Guild,
    Json,
    Member,
    Message,
    Modal,
    Overwrite,
    Role,
    User,
)
from bot.double.nonces import Nonces
from bot.double.old_edits import OldMessageEdits
from bot.double.pictures import PictureMemory
from bot.double.waiting import Notifier

GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
GUILD_MESSAGE_REACTIONS = 1 << 10
DIRECT_MESSAGES = 1 << 12
ALWAYS = 0

EDITABLE_FLAGS = 1 << 2  # SUPPRESS_EMBEDS
SENDABLE_FLAGS = (1 << 2) | (1 << 12) | IS_COMPONENTS_V2

Listener = Callable[[str, Json, int], None]


class DoubleState:
    def __init__(
        self,
        clock: Clock,
        *,
        bot_name: str = "Tabletop",
        guild_name: str = "Test Server",
    ) -> None:
        self.clock = clock
        self.ids = Snowflakes(clock)
        self.notifier = Notifier()
        self.message_changes = MessageChanges()
        self.base_url = ""
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.dm_channels: dict[int, Channel] = {}
        self.modals: list[Modal] = []
        self.global_commands: list[Json] = []
        self.guild_commands: dict[int, list[Json]] = {}
        self._listeners: list[Listener] = []
        # What Discord would have refused or given up on while the bot thought all went
        # well: late interactions, too many edits of an old message (tests check it).
        self.failures: list[str] = []
        self.old_edits = OldMessageEdits()
        self.pictures = PictureMemory()  # bytes of recent files only (bounded memory)
        self.nonces = Nonces()
        self.bot = self.create_user(bot_name, bot=True)
        self.application_id = self.bot.id
        self.owner = self.create_user("Server Owner")
        self.guild = self.create_guild(guild_name)

    # -- events --------------------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def emit(self, event: str, data: Json, intent: int = ALWAYS) -> None:
        for listener in self._listeners:
            listener(event, data, intent)

    @contextlib.contextmanager
    def muted(self) -> Iterator[None]:
        """No events while building something that is announced once, whole."""
        listeners, self._listeners = self._listeners, []
        try:
            yield
        finally:
            self._listeners = listeners

    def changed(self, *messages: Message) -> None:
        """Wake waiters; `messages`: those this change touched (the page redraws them)."""
        self.notifier.notify()
        for message in messages:
            self.message_changes.touch(message.id, self.notifier.version)

    def now(self) -> float:
        return self.clock.now()

    # -- users, guilds, members ------------------------------------------------------

    def create_user(self, name: str, *, bot: bool = False, dms_open: bool = True) -> User:
        username = name.lower().replace(" ", "_")
        user = User(self.ids.next(), username, name, bot=bot, dms_open=dms_open)
        self.users[user.id] = user
        return user

    def create_guild(self, name: str, guild_id: int | None = None) -> Guild:
        guild_id = guild_id or self.ids.next()
        guild = Guild(guild_id, name, self.owner.id, self.now())
        guild.roles[guild_id] = Role(guild_id, "@everyone", perms.EVERYONE_DEFAULT)
        admin = Role(self.ids.next(), "Admin", perms.MODERATOR, position=2)
        bot_role = Role(
            self.ids.next(), self.bot.display_name, perms.BOT_DEFAULT, 1, True, self.bot.id
        )
        guild.roles[admin.id] = admin
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild_id] = guild
        self._join(guild, self.owner, [])
        self._join(guild, self.bot, [bot_role.id])
        self.add_channel(guild, "general")
        return guild

    def admin_role(self, guild: Guild) -> Role:
        return next(r for r in guild.roles.values() if r.name == "Admin")

    def _join(self, guild: Guild, user: User, roles: list[int]) -> Member:
        member = Member(user, roles, self.now())
        guild.members[user.id] = member
        return member

    def add_member(self, guild: Guild, user: User, roles: Iterable[int] = ()) -> Member:
        member = self._join(guild, user, list(roles))
        self.emit(
            "GUILD_MEMBER_ADD", {**member.to_dict(), "guild_id": str(guild.id)}, GUILD_MEMBERS
        )
        self.changed()
        return member

    def add_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(self.ids.next(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self.emit("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_dict()}, GUILDS)
        return role

    def member_update(self, guild: Guild, member: Member) -> None:
        data = {**member.to_dict(), "guild_id": str(guild.id)}
        self.emit("GUILD_MEMBER_UPDATE", data, GUILD_MEMBERS)
        self.changed()

    def set_locale(self, guild: Guild, locale: str) -> None:
        """The server's preferred locale (interactions carry it as `guild_locale`)."""
        guild.locale = locale
        self.emit("GUILD_UPDATE", self.describe_guild(guild), GUILDS)
        self.changed()

    def user(self, user_id: int) -> User:
        user = self.users.get(user_id)
        if user is None:
            raise errors.unknown_user()
        return user

    def guild_of(self, guild_id: int) -> Guild:
        guild = self.guilds.get(guild_id)
        if guild is None:
            raise errors.unknown_guild()
        return guild

    # -- channels ------------------------------------------------------------------

    def add_channel(
        self, guild: Guild, name: str, *, threads: bool = True, topic: str | None = None
    ) -> Channel:
        channel = Channel(
            self.ids.next(),
            TEXT,
            name,
            guild.id,
            position=len(guild.text_channels()),
            topic=topic,
            created_at=self.now(),
        )
        if not threads:
            deny = perms.CREATE_PUBLIC_THREADS | perms.CREATE_PRIVATE_THREADS
            channel.overwrites.append(Overwrite(guild.id, 0, deny=deny))
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self.emit("CHANNEL_CREATE", channel.to_dict(), GUILDS)
        self.changed()
        return channel

    def delete_channel(self, channel: Channel) -> None:
        channel.deleted = True
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self.emit(event, channel.to_dict(), GUILDS)
        self.changed()

    def channel(self, channel_id: int) -> Channel:
        channel = self.channels.get(channel_id)
        if channel is None or channel.deleted:
            raise errors.unknown_channel()
        return channel

    def dm_channel(self, user: User) -> Channel:
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self.ids.next(), DM, recipients=[user], created_at=self.now())
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def dm_recipient(self, channel: Channel) -> User | None:
        return channel.recipients[0] if channel.is_dm and channel.recipients else None

    def permissions(self, user: User, channel: Channel) -> int:
        if channel.is_dm or channel.guild_id is None:
            return perms.EVERYONE_DEFAULT
        guild = self.guild_of(channel.guild_id)
        member = guild.members.get(user.id)
        if member is None:
            return 0
        return perms.channel_permissions(guild, member, channel)

    def require(self, channel: Channel, needed: int) -> None:
        """Refuse the bot an action it lacks permissions for, as Discord does."""
        have = self.permissions(self.bot, channel)
        if not have & perms.VIEW_CHANNEL:
            raise errors.missing_access()
        if have & needed != needed:
            raise errors.missing_permissions()

    # -- messages --------------------------------------------------------------------

    def message(self, channel: Channel, message_id: int) -> Message:
        message = self.messages.get(message_id)
        if message is None or message.deleted or message.channel_id != channel.id:
            raise errors.unknown_message()
        return message

    def check_can_post(self, channel: Channel, body: Json, uploads: list[Upload]) -> None:
        if channel.is_dm:
            recipient = self.dm_recipient(channel)
            if recipient is not None and not recipient.dms_open:
                raise errors.cannot_dm()
            return
        needed = perms.SEND_MESSAGES_IN_THREADS if channel.is_thread else perms.SEND_MESSAGES
        if uploads:
            needed |= perms.ATTACH_FILES
        self.require(channel, needed)
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise errors.thread_archived()
            self.update_thread(channel, {"archived": False})

    def post(
        self,
        channel: Channel,
        author: User,
        body: Json,
        uploads: list[Upload],
        *,
        visible_to: int | None = None,
        interaction_metadata: Json | None = None,
        message_type: int = 0,
        extra_flags: int = 0,
    ) -> Message:
        from_app = interaction_metadata is not None
        message = Message(
            self.ids.next(),
            channel.id,
            channel.guild_id,
            author,
            self.now(),
            type=message_type,
            visible_to=visible_to,
            interaction_metadata=interaction_metadata,
            webhook_id=self.application_id if from_app else None,
            application_id=self.application_id if from_app else None,
        )
        flags = int(body.get("flags") or 0) & SENDABLE_FLAGS
        message.flags = flags | extra_flags | (EPHEMERAL if visible_to is not None else 0)
        apply_body(self, message, body, uploads, creating=True)
        let_go = self.pictures.touched(message)
        self.messages[message.id] = message
        channel.messages.append(message)
        if channel.is_thread:
            channel.message_count += 1
        if visible_to is None:
            self.emit("MESSAGE_CREATE", self.message_event(message), self._intent(channel))
        self.changed(message, *let_go)
        return message

    def edit(self, message: Message, body: Json, uploads: list[Upload]) -> Message:
        refused = self.old_edits.admit(message, self.now())
        if refused is not None:
            self.failures.append(self.old_edits.describe(message, self.now()))
            self.changed()
            raise refused
        if "flags" in body and body["flags"] is not None:
            keep = message.flags & ~EDITABLE_FLAGS
            message.flags = keep | (int(body["flags"]) & EDITABLE_FLAGS)
        before = message.attachments
        apply_body(self, message, body, uploads, creating=False)
        let_go = []
        if uploads or message.attachments != before:
            let_go = self.pictures.touched(message, before)
        message.edited_timestamp = self.now()
        message.revision += 1
        if message.visible_to is None:
            channel = self.channels[message.channel_id]
            self.emit("MESSAGE_UPDATE", self.message_event(message), self._intent(channel))
        self.changed(message, *let_go)
        return message

    def finish_loading(self, message: Message) -> None:
        message.flags &= ~(1 << 7)

    def delete(self, message: Message) -> None:
        message.deleted = True
        if message.visible_to is None:
            channel = self.channels[message.channel_id]
            data: Json = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            self.emit("MESSAGE_DELETE", data, self._intent(channel))
        self.changed(message)

    def _intent(self, channel: Channel) -> int:
        return DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES

    def message_json(self, message: Message) -> Json:
        thread = self.channels.get(message.thread_id) if message.thread_id else None
        return message.to_dict(thread.to_dict() if thread and not thread.deleted else None)

    def message_event(self, message: Message) -> Json:
        data = self.message_json(message)
        if message.guild_id is not None:
            member = self.guilds[message.guild_id].members.get(message.author.id)
            if member is not None:
                partial = member.to_dict()
                partial.pop("user")
                data["member"] = partial
        return data

    def react(self, message: Message, emoji: str, user: User, add: bool = True) -> None:
        users = message.reactions.setdefault(emoji, set())
        if add:
            users.add(user.id)
        else:
            users.discard(user.id)
            if not users:
                message.reactions.pop(emoji, None)
        self.changed(message)

    # -- threads ---------------------------------------------------------------------

    def create_thread(
        self,
        parent: Channel,
        name: str,
        *,
        thread_type: int = PUBLIC_THREAD,
        from_message: Message | None = None,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        if parent.is_dm or parent.is_thread or parent.guild_id is None:
            raise errors.wrong_channel_type()
        if from_message is not None and from_message.thread_id is not None:
            raise errors.thread_exists()
        private = thread_type == PRIVATE_THREAD and from_message is None
        needed = perms.CREATE_PRIVATE_THREADS if private else perms.CREATE_PUBLIC_THREADS
        self.require(parent, needed | perms.VIEW_CHANNEL)
        thread = Channel(
            from_message.id if from_message is not None else self.ids.next(),
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot.id,
            auto_archive_duration=auto_archive_duration,
            created_at=self.now(),
            thread_members={self.bot.id},
        )
        guild = self.guilds[parent.guild_id]
        guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        if from_message is not None:
            from_message.thread_id = thread.id
            self.changed(from_message)
        self.emit("THREAD_CREATE", {**thread.to_dict(), "newly_created": True}, GUILDS)
        if from_message is None and not private:
            notice = {"content": name}
            self.post(parent, self.bot, notice, [], message_type=18)
        self.changed()
        return thread

    def update_thread(self, thread: Channel, fields: Json) -> Channel:
        if fields.get("name"):
            thread.name = str(fields["name"])
        if fields.get("archived") is not None:
            thread.archived = bool(fields["archived"])
            thread.archived_at = self.now()
        if fields.get("locked") is not None:
            thread.locked = bool(fields["locked"])
        if fields.get("auto_archive_duration"):
            thread.auto_archive_duration = int(fields["auto_archive_duration"])
        self.emit("THREAD_UPDATE", thread.to_dict(), GUILDS)
        self.changed()
        return thread

    # -- commands --------------------------------------------------------------------

    def commands_for(self, guild_id: int | None) -> list[Json]:
        """Commands a member of `guild_id` sees: guild commands first, then global ones."""
        local = self.guild_commands.get(guild_id, []) if guild_id else []
        names = {c["name"] for c in local}
        return local + [c for c in self.global_commands if c["name"] not in names]

    def store_commands(self, payload: list[Json], guild_id: int | None) -> list[Json]:
        previous = self.guild_commands.get(guild_id, []) if guild_id else self.global_commands
        ids = {(c["name"], c.get("type", 1)): c["id"] for c in previous}
        stored = [
            self._command(c, guild_id, ids.get((c["name"], c.get("type", 1)))) for c in payload
        ]
        if guild_id:
            self.guild_commands[guild_id] = stored
        else:
            self.global_commands = stored
        self.changed()
        return stored

    def _command(self, data: Json, guild_id: int | None, ident: str | None) -> Json:
        command: Json = {
            "id": ident or str(self.ids.next()),
            "application_id": str(self.application_id),
            "version": str(self.ids.next()),
            "type": data.get("type", 1),
            "name": data["name"],
            "name_localizations": data.get("name_localizations"),
            "description": data.get("description", ""),
            "description_localizations": data.get("description_localizations"),
            "options": data.get("options") or [],
            "default_member_permissions": data.get("default_member_permissions"),
            "nsfw": bool(data.get("nsfw", False)),
            "contexts": data.get("contexts"),
            "integration_types": data.get("integration_types") or [0],
        }
        if guild_id:
            command["guild_id"] = str(guild_id)
        else:
            command["dm_permission"] = data.get("dm_permission", True)
        return command

    # -- lookups for tests ---------------------------------------------------------

    def find_channel(self, guild: Guild, name: str) -> Channel | None:
        for channel in guild.channels.values():
            if channel.name == name and not channel.deleted:
                return channel
        return None

    def describe_guild(self, guild: Guild) -> Json:
        return guild.to_dict(guild.members[self.bot.id].joined_at)


def as_int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise errors.form_error(
            [([], "NUMBER_TYPE_COERCE", f'Value "{value}" is not snowflake.')]
        ) from None
