"""What the sandbox page shows one member: JSON built from the double's world.

Messages come as changes: with the `since` version the page holds, only messages
changed after it (and the ids of those deleted), so the page's work per change does
not grow with a thread's length; without it (or from an earlier run), all of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.double import components as comp
from bot.double.model import LOCALES, Channel, Json, Message
from bot.double.web.layout import control, is_layout, layout, media

if TYPE_CHECKING:
    from bot.double.server import DiscordDouble
    from bot.double.users import SimUser


def version_of(double: DiscordDouble) -> str:
    notifier = double.state.notifier
    return f"{notifier.epoch}-{notifier.version}"


def _since(double: DiscordDouble, since: str | None) -> int | None:
    """The version number the page holds, if it is one of this run's."""
    epoch, _, number = (since or "").partition("-")
    if epoch != double.state.notifier.epoch or not number.isdigit():
        return None
    return int(number)


def snapshot(double: DiscordDouble, me: SimUser | None, since: str | None = None) -> Json:
    state = double.state
    guild = double.guild
    viewer = me.id if me else None
    channels = []
    for channel in guild.text_channels():
        threads = [t for t in guild.threads() if t.parent_id == channel.id]
        channels.append({**_channel(channel), "threads": [_channel(t) for t in threads]})
    held = _since(double, since)
    messages, removed = _messages(double, viewer, held)
    return {
        "version": version_of(double),
        "full": held is None,
        "guild": {"id": str(guild.id), "name": guild.name, "locale": guild.locale},
        "bot": {
            "id": str(state.bot.id),
            "name": state.bot.display_name,
            "connected": double.gateway.connected,
        },
        "me": _member(double, me) if me else None,
        "members": [_member(double, m) for m in double.members],
        "roles": [
            {"id": str(r.id), "name": r.name} for r in guild.roles.values() if r.id != guild.id
        ],
        "channels": channels,
        "dm": _channel(me.dm_channel) if me else None,
        "messages": messages,
        "removed": removed,
        "commands": [_command(c) for c in double.commands() if c.get("type", 1) == 1],
        "modals": [_modal(m) for m in me.modals()] if me else [],
        "failures": [
            r.describe() for r in double.interactions.failed_records if r.user.id == viewer
        ],
        "locales": list(LOCALES),
    }


def _messages(
    double: DiscordDouble, viewer: int | None, held: int | None
) -> tuple[list[Json], list[str]]:
    """The messages `viewer` sees changed after version `held` (all if None), and the
    ids of those deleted since."""
    state = double.state
    if held is None:
        shown = _viewed_channels(double, viewer)
        return [_message(double, m) for c in shown for m in c.visible_messages(viewer)], []
    messages, removed = [], []
    for message_id in state.message_changes.since(held):
        message = state.messages.get(message_id)
        if message is None or message.visible_to not in (None, viewer):
            continue
        if message.deleted:
            removed.append(str(message.id))
        elif _sees(double, viewer, message):
            messages.append(_message(double, message))
    return messages, removed


def _viewed_channels(double: DiscordDouble, viewer: int | None) -> list[Channel]:
    guild = double.guild
    found = [*guild.text_channels(), *guild.threads()]
    me = next((m for m in double.members if m.id == viewer), None)
    if me is not None:
        found.append(me.dm_channel)
    return found


def _sees(double: DiscordDouble, viewer: int | None, message: Message) -> bool:
    """Whether the message is in a guild channel or in the viewer's own DM channel."""
    if message.guild_id is not None:
        return True
    me = next((m for m in double.members if m.id == viewer), None)
    return me is not None and message.channel_id == me.dm_channel.id


def _member(double: DiscordDouble, sim: SimUser) -> Json:
    return {
        "id": str(sim.id),
        "name": sim.name,
        "admin": sim.is_admin,
        "dms_open": sim.dms_open,
        "locale": sim.user.locale,
    }


def _channel(channel: Channel) -> Json:
    return {
        "id": str(channel.id),
        "name": channel.name or "Direct messages",
        "kind": "dm" if channel.is_dm else "thread" if channel.is_thread else "text",
        "archived": channel.archived,
    }


def _command(command: Json) -> Json:
    return {
        "name": command["name"],
        "description": command.get("description", ""),
        "options": command.get("options") or [],
    }


def _modal(modal: Any) -> Json:
    fields = []
    for component, label in comp.modal_fields(modal.components):
        field = {
            "custom_id": component.get("custom_id"),
            "label": label or component.get("custom_id"),
            "paragraph": component.get("style") == 2,
            "required": component.get("required", True),
            "placeholder": component.get("placeholder") or "",
            "value": component.get("value") or "",
            "max_length": component.get("max_length"),
        }
        if component.get("type") in comp.SELECTS:
            field["select"] = control(component)
        fields.append(field)
    return {"id": str(modal.interaction_id), "title": modal.title, "fields": fields}


def _message(double: DiscordDouble, message: Message) -> Json:
    meta = message.interaction_metadata or {}
    invoker = (meta.get("user") or {}).get("global_name")
    tree, rows = layout(message)
    v2 = is_layout(message)
    return {
        "id": str(message.id),
        "channel": str(message.channel_id),
        "author": message.author.display_name,
        "bot": message.author.bot,
        "content": message.content,
        "type": message.type,
        "timestamp": message.timestamp,
        "edited": message.edited_timestamp is not None,
        "ephemeral": message.ephemeral,
        "loading": message.loading,
        "command": meta.get("name") if invoker else None,
        "invoker": invoker,
        "embeds": [_embed(message, e) for e in message.embeds],
        "attachments": [
            {
                "filename": a.filename,
                "url": a.url,
                "image": a.is_image,
                "description": a.description,
                "size": a.size,
                "dropped": a.dropped,  # its bytes were let go: the page shows a placeholder
            }
            for a in message.attachments
        ],
        "v2": v2,  # IS_COMPONENTS_V2: the page draws `layout`, Discord's layout components
        "layout": tree if v2 else [],
        "rows": rows,
        "thread": str(message.thread_id) if message.thread_id else None,
        "reactions": {k: len(v) for k, v in message.reactions.items()},
    }


def _embed(message: Message, embed: Json) -> Json:
    image = (embed.get("image") or {}).get("url")
    thumbnail = (embed.get("thumbnail") or {}).get("url")
    return {
        "title": embed.get("title"),
        "description": embed.get("description"),
        "color": embed.get("color"),
        "fields": [
            {"name": f.get("name"), "value": f.get("value"), "inline": f.get("inline", False)}
            for f in embed.get("fields") or []
        ],
        "image": media(message, image) if image else None,
        "thumbnail": media(message, thumbnail) if thumbnail else None,
        "footer": (embed.get("footer") or {}).get("text"),
    }
