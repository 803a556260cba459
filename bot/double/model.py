"""The double's world: users, guilds, roles, channels, threads, messages, attachments.

Each object knows how to show itself as Discord's JSON (`to_dict`). Tests read these
objects directly (`message.content`, `message.attachments[0].data`), and what a
message shows whether it uses content and embeds or layout components
(`message.said`, `message.cards`, `message.text`).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import Any

from bot.double import components as comp
from bot.double.ids import iso

TEXT = 0
DM = 1
CATEGORY = 4
ANNOUNCEMENT_THREAD = 10
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

Json = dict[str, Any]

# The languages a Discord client or server can be set to (Discord's locale codes).
LOCALES = (
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
    "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
    "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
)  # fmt: skip


@dataclass(eq=False)
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"  # the language of the user's Discord client

    @property
    def display_name(self) -> str:
        return self.global_name or self.username

    def to_dict(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    def to_dict(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class Overwrite:
    id: int
    type: int  # 0 role, 1 member
    allow: int = 0
    deny: int = 0

    def to_dict(self) -> Json:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass(eq=False)
class Member:
    user: User
    roles: list[int]
    joined_at: float
    nick: str | None = None

    def to_dict(self, permissions: int | None = None) -> Json:
        data: Json = {
            "user": self.user.to_dict(),
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.roles],
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None
    ephemeral: bool = False
    # Set once the bytes were let go (see `bot.double.pictures`): size and dimensions stay.
    dropped_size: int | None = None
    dropped_dims: tuple[int, int] | None = None

    @property
    def size(self) -> int:
        return len(self.data) if self.dropped_size is None else self.dropped_size

    @property
    def dropped(self) -> bool:
        return self.dropped_size is not None

    def drop_data(self) -> None:
        """Forget the bytes (an old picture), keeping what the message's JSON shows."""
        if self.dropped_size is None:
            self.dropped_size, self.dropped_dims = len(self.data), image_size(self.data)
            self.data = b""

    @property
    def is_image(self) -> bool:
        return self.content_type.startswith("image/")

    def to_dict(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        dims = image_size(self.data) if self.dropped_size is None else self.dropped_dims
        if dims is not None:
            data["width"], data["height"] = dims
        if self.ephemeral:
            data["ephemeral"] = True
        return data


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG (the pictures this project posts), else None."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    return None


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    timestamp: float
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edited_timestamp: float | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: Json | None = None
    visible_to: int | None = None
    message_reference: Json | None = None
    thread_id: int | None = None
    deleted: bool = False
    revision: int = 0
    reactions: dict[str, set[int]] = field(default_factory=dict)
    pinged: list[int] = field(default_factory=list)  # users notified when it was posted
    nonce: str | None = None  # the nonce it was created with (`enforce_nonce`)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred reply still "thinking"."""
        return bool(self.flags & LOADING)

    @property
    def buttons(self) -> list[Json]:
        return comp.buttons(self.components)

    @property
    def button_labels(self) -> list[str]:
        return [comp.button_label(b) for b in self.buttons]

    @property
    def selects(self) -> list[Json]:
        return comp.selects(self.components)

    @property
    def controls(self) -> list[Json]:
        """Every button and select, wherever it sits (rows, sections, containers)."""
        return [c for c in comp.walk(self.components) if c.get("type") in comp.CONTROLS]

    @property
    def rows(self) -> list[Json]:
        """Every action row, wherever it sits."""
        return [c for c in comp.walk(self.components) if c.get("type") == comp.ACTION_ROW]

    @property
    def text(self) -> str:
        """Content plus the visible text of embeds and text-display components."""
        parts = [self.content]
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for embed_field in embed.get("fields") or []:
                parts.append(f"{embed_field.get('name', '')}: {embed_field.get('value', '')}")
            footer = embed.get("footer") or {}
            if footer.get("text"):
                parts.append(str(footer["text"]))
        for component in comp.walk(self.components):
            if component.get("type") == 10 and component.get("content"):
                parts.append(str(component["content"]))
        return "\n".join(p for p in parts if p)

    @property
    def said(self) -> str:
        """What the message says outside any card: its content, or with layout
        components (IS_COMPONENTS_V2) its text displays outside containers."""
        if not self.flags & IS_COMPONENTS_V2:
            return self.content
        return "\n".join(comp.texts(self.components, in_containers=False))

    @property
    def cards(self) -> list[Json]:
        """The message's cards as `{"title", "description"}`: its embeds, or with layout
        components its containers (a first line written as a heading, "### ...", is the
        title; the rest of the container's text displays, sections' too, the
        description)."""
        if not self.flags & IS_COMPONENTS_V2:
            return self.embeds
        found: list[Json] = []
        for container in self.components:
            if container.get("type") != comp.CONTAINER:
                continue
            texts = comp.texts(container.get("components"))
            title = None
            if texts and texts[0].startswith("### "):
                title, _, rest = texts[0].removeprefix("### ").partition("\n")
                texts = [rest, *texts[1:]] if rest else texts[1:]
            found.append({"title": title, "description": "\n".join(texts)})
        return found

    def visible_for(self, user_id: int) -> bool:
        return self.visible_to is None or self.visible_to == user_id

    def to_dict(self, thread: Json | None = None) -> Json:
        data: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_dict(),
            "content": self.content,
            "timestamp": iso(self.timestamp),
            "edited_timestamp": iso(self.edited_timestamp) if self.edited_timestamp else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_dict() for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "components": self.components,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if thread is not None:
            data["thread"] = thread
        if self.reactions:
            data["reactions"] = [
                {
                    "emoji": {"id": None, "name": name},
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": False,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for name, users in self.reactions.items()
            ]
        return data


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    recipients: list[User] = field(default_factory=list)
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created_at: float = 0.0
    archived_at: float = 0.0
    thread_members: set[int] = field(default_factory=set)
    messages: list[Message] = field(default_factory=list)
    deleted: bool = False
    message_count: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in (ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def last_message_id(self) -> int | None:
        return self.messages[-1].id if self.messages else None

    def visible_messages(self, user_id: int | None = None) -> list[Message]:
        """Messages everyone sees, plus the ephemerals of `user_id` if given."""
        return [
            m
            for m in self.messages
            if not m.deleted and (m.visible_to is None or m.visible_to == user_id)
        ]

    def to_dict(self) -> Json:
        last = self.last_message_id
        data: Json = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": str(last) if last else None,
            "flags": 0,
        }
        if self.is_dm:
            data["recipients"] = [u.to_dict() for u in self.recipients]
            return data
        data.update(
            {
                "guild_id": str(self.guild_id),
                "name": self.name,
                "parent_id": str(self.parent_id) if self.parent_id else None,
                "rate_limit_per_user": 0,
                "nsfw": False,
            }
        )
        if self.is_thread:
            data.update(
                {
                    "owner_id": str(self.owner_id),
                    "message_count": self.message_count,
                    "total_message_sent": self.message_count,
                    "member_count": len(self.thread_members),
                    "applied_tags": [],
                    "thread_metadata": {
                        "archived": self.archived,
                        "locked": self.locked,
                        "auto_archive_duration": self.auto_archive_duration,
                        "archive_timestamp": iso(self.archived_at or self.created_at),
                        "create_timestamp": iso(self.created_at),
                        "invitable": True,
                    },
                }
            )
        else:
            data.update(
                {
                    "position": self.position,
                    "topic": self.topic,
                    "permission_overwrites": [o.to_dict() for o in self.overwrites],
                    "default_auto_archive_duration": 1440,
                }
            )
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    created_at: float
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    locale: str = "en-US"  # the server's preferred locale (Community servers set it)

    @property
    def everyone_role(self) -> Role:
        return self.roles[self.id]

    def text_channels(self) -> list[Channel]:
        return [c for c in self.channels.values() if not c.is_thread and not c.deleted]

    def threads(self) -> list[Channel]:
        return [c for c in self.channels.values() if c.is_thread and not c.deleted]

    def to_dict(self, joined_at: float) -> Json:
        """The full GUILD_CREATE payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": "deprecated",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "features": [],
            "roles": [r.to_dict() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "max_members": 500000,
            "max_video_channel_users": 25,
            "premium_progress_bar_enabled": False,
            "joined_at": joined_at and iso(joined_at),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [m.to_dict() for m in self.members.values()],
            "channels": [c.to_dict() for c in self.text_channels()],
            "threads": [c.to_dict() for c in self.threads() if not c.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "application_id": None,
            "lazy": True,
        }


@dataclass(eq=False)
class Modal:
    """A modal the bot opened for one user, waiting to be submitted."""

    custom_id: str
    title: str
    components: list[Json]
    user_id: int
    channel_id: int
    source_message_id: int | None
    interaction_id: int

    @property
    def fields(self) -> list[tuple[str, str | None]]:
        """(custom_id, label) of each field: text inputs, and selects inside Labels."""
        return [(c["custom_id"], label) for c, label in comp.modal_fields(self.components)]
