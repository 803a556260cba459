"""What the sandbox page shows one member: JSON built from the double's world."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.double import components as comp
from bot.double.model import Channel, Json, Message

if TYPE_CHECKING:
    from bot.double.server import DiscordDouble
    from bot.double.users import SimUser


def snapshot(double: DiscordDouble, me: SimUser | None) -> Json:
    state = double.state
    guild = double.guild
    viewer = me.id if me else None
    channels = []
    for channel in guild.text_channels():
        threads = [t for t in guild.threads() if t.parent_id == channel.id]
        channels.append(
            {
                **_channel(double, channel, viewer),
                "threads": [_channel(double, t, viewer) for t in threads],
            }
        )
    return {
        "version": state.notifier.version,
        "guild": {"id": str(guild.id), "name": guild.name},
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
        "dm": _channel(double, me.dm_channel, viewer) if me else None,
        "commands": [_command(c) for c in double.commands() if c.get("type", 1) == 1],
        "modals": [_modal(m) for m in me.modals()] if me else [],
        "failures": [r.describe() for r in _mine(double, viewer) if r.failed],
    }


def _mine(double: DiscordDouble, viewer: int | None) -> list[Any]:
    return [r for r in double.interactions.records.values() if r.user.id == viewer]


def _member(double: DiscordDouble, sim: SimUser) -> Json:
    return {
        "id": str(sim.id),
        "name": sim.name,
        "admin": sim.is_admin,
        "dms_open": sim.dms_open,
    }


def _channel(double: DiscordDouble, channel: Channel, viewer: int | None) -> Json:
    return {
        "id": str(channel.id),
        "name": channel.name or "Direct messages",
        "kind": "dm" if channel.is_dm else "thread" if channel.is_thread else "text",
        "archived": channel.archived,
        "messages": [_message(double, m) for m in channel.visible_messages(viewer)],
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
            field["select"] = _item(component)
        fields.append(field)
    return {"id": str(modal.interaction_id), "title": modal.title, "fields": fields}


def _message(double: DiscordDouble, message: Message) -> Json:
    meta = message.interaction_metadata or {}
    invoker = (meta.get("user") or {}).get("global_name")
    texts, rows, images = _components(message.components)
    return {
        "id": str(message.id),
        "author": message.author.display_name,
        "bot": message.author.bot,
        "content": message.content,
        "texts": texts,
        "type": message.type,
        "timestamp": message.timestamp,
        "edited": message.edited_timestamp is not None,
        "ephemeral": message.ephemeral,
        "loading": message.loading,
        "command": meta.get("name") if invoker else None,
        "invoker": invoker,
        "embeds": [_embed(e) for e in message.embeds],
        "attachments": [
            {
                "filename": a.filename,
                "url": a.url,
                "image": a.is_image,
                "description": a.description,
                "size": a.size,
            }
            for a in message.attachments
        ],
        "images": images,
        "rows": rows,
        "thread": str(message.thread_id) if message.thread_id else None,
        "reactions": {k: len(v) for k, v in message.reactions.items()},
    }


def _embed(embed: Json) -> Json:
    return {
        "title": embed.get("title"),
        "description": embed.get("description"),
        "color": embed.get("color"),
        "fields": [
            {"name": f.get("name"), "value": f.get("value"), "inline": f.get("inline", False)}
            for f in embed.get("fields") or []
        ],
        "image": (embed.get("image") or {}).get("url"),
        "thumbnail": (embed.get("thumbnail") or {}).get("url"),
        "footer": (embed.get("footer") or {}).get("text"),
    }


def _components(components: list[Json]) -> tuple[list[str], list[list[Json]], list[str]]:
    """Text displays, rows of interactive items, and gallery images, in reading order."""
    texts: list[str] = []
    rows: list[list[Json]] = []
    images: list[str] = []
    for component in comp.walk(components):
        kind = component.get("type")
        if kind == comp.ACTION_ROW:
            rows.append([_item(c) for c in component.get("components") or []])
        elif kind == 9 and isinstance(component.get("accessory"), dict):
            accessory = component["accessory"]
            if accessory.get("type") == comp.BUTTON:
                rows.append([_item(accessory)])
        elif kind == 10 and component.get("content"):
            texts.append(str(component["content"]))
        elif kind == 12:
            for item in component.get("items") or []:
                url = (item.get("media") or {}).get("url")
                if url:
                    images.append(url)
    return texts, rows, images


def _item(component: Json) -> Json:
    kind = component.get("type")
    if kind == comp.BUTTON:
        return {
            "kind": "button",
            "label": comp.button_label(component),
            "custom_id": component.get("custom_id"),
            "style": component.get("style", 1),
            "url": component.get("url"),
            "disabled": bool(component.get("disabled")),
        }
    select_kinds = {
        comp.STRING_SELECT: "string",
        comp.USER_SELECT: "user",
        comp.ROLE_SELECT: "role",
        comp.CHANNEL_SELECT: "channel",
        comp.MENTIONABLE_SELECT: "user",
    }
    return {
        "kind": "select",
        "select": select_kinds.get(int(kind or 0), "string"),
        "custom_id": component.get("custom_id"),
        "placeholder": component.get("placeholder") or "Make a selection",
        "min_values": component.get("min_values", 1),
        "max_values": component.get("max_values", 1),
        "disabled": bool(component.get("disabled")),
        "options": [
            {"label": o.get("label"), "value": o.get("value"), "description": o.get("description")}
            for o in component.get("options") or []
        ],
    }
