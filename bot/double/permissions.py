"""Permission bits and Discord's algorithm for a member's permissions in a channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.double.model import Channel, Guild, Member

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

ALL = (1 << 51) - 1

EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
MODERATOR = MANAGE_GUILD | MANAGE_CHANNELS | MANAGE_MESSAGES | MANAGE_THREADS
BOT_DEFAULT = EVERYONE_DEFAULT | MANAGE_MESSAGES | MANAGE_THREADS

THREAD_TYPES = frozenset({10, 11, 12})


def base_permissions(guild: Guild, member: Member) -> int:
    if member.user.id == guild.owner_id:
        return ALL
    value = guild.everyone_role.permissions
    for role_id in member.roles:
        role = guild.roles.get(role_id)
        if role is not None:
            value |= role.permissions
    if value & ADMINISTRATOR:
        return ALL
    return value


def channel_permissions(guild: Guild, member: Member, channel: Channel | None) -> int:
    """Discord's documented computation: base, then @everyone, role and member overwrites."""
    value = base_permissions(guild, member)
    if value == ALL or channel is None:
        return value
    source = channel
    if channel.type in THREAD_TYPES and channel.parent_id is not None:
        parent = guild.channels.get(channel.parent_id)
        if parent is not None:
            source = parent
    overwrites = {ow.id: ow for ow in source.overwrites}
    everyone = overwrites.get(guild.id)
    if everyone is not None:
        value = (value & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role_id in member.roles:
        ow = overwrites.get(role_id)
        if ow is not None:
            allow |= ow.allow
            deny |= ow.deny
    value = (value & ~deny) | allow
    own = overwrites.get(member.user.id)
    if own is not None:
        value = (value & ~own.deny) | own.allow
    if not value & VIEW_CHANNEL:
        return 0
    return value
