"""A message's components as the sandbox page draws them.

Layout components ("components v2": containers, sections, text displays, thumbnails,
media galleries, separators, files) come as a tree the page draws as Discord does;
`attachment://name` is resolved to the attachment's address. Every interactive control
(in an action row, or a section's button accessory) is also listed in `rows`, in reading
order, and carries its place there (`row`, `index`), which the page puts on the element
it draws: a script finds a control the same way in a classic message and in a layout.
"""

from __future__ import annotations

from typing import Any

from bot.double import components as comp
from bot.double.model import IS_COMPONENTS_V2, Attachment, Json, Message, image_size

SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    9, 10, 11, 12, 13, 14, 17
)  # fmt: skip
SELECT_KINDS = {
    comp.STRING_SELECT: "string",
    comp.USER_SELECT: "user",
    comp.ROLE_SELECT: "role",
    comp.CHANNEL_SELECT: "channel",
    comp.MENTIONABLE_SELECT: "user",
}


LAYOUT_ONLY = frozenset(
    {SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)


def is_layout(message: Message) -> bool:
    """Whether the message is one of layout components: flagged IS_COMPONENTS_V2 (then it
    has no content or embeds), or carrying components only such a message may have (an
    edit that made it one, where the flag is not kept)."""
    if message.flags & IS_COMPONENTS_V2:
        return True
    return any(c.get("type") in LAYOUT_ONLY for c in message.components)


def layout(message: Message) -> tuple[list[Json], list[list[Json]]]:
    """The message's components as drawn, and its controls by row."""
    rows: list[list[Json]] = []
    tree = [_component(message, c, rows) for c in message.components]
    return tree, rows


def _component(message: Message, component: Json, rows: list[list[Json]]) -> Json:
    kind = component.get("type")
    if kind == comp.ACTION_ROW:
        row = [control(c) for c in component.get("components") or []]
        _place(row, rows)
        return {"type": kind, "components": row}
    if kind == SECTION:
        accessory = component.get("accessory") or {}
        drawn = _accessory(message, accessory, rows)
        texts = [_component(message, c, rows) for c in component.get("components") or []]
        return {"type": kind, "components": texts, "accessory": drawn}
    if kind == TEXT_DISPLAY:
        return {"type": kind, "content": str(component.get("content") or "")}
    if kind == THUMBNAIL:
        return {
            "type": kind,
            "media": media(message, _url(component.get("media"))),
            "description": component.get("description"),
            "spoiler": bool(component.get("spoiler")),
        }
    if kind == MEDIA_GALLERY:
        items = [
            {
                "media": media(message, _url(item.get("media"))),
                "description": item.get("description"),
                "spoiler": bool(item.get("spoiler")),
            }
            for item in component.get("items") or []
        ]
        return {"type": kind, "items": items}
    if kind == FILE:
        return {
            "type": kind,
            "file": media(message, _url(component.get("file"))),
            "spoiler": bool(component.get("spoiler")),
        }
    if kind == SEPARATOR:
        spacing = component.get("spacing")
        divider = component.get("divider")
        return {"type": kind, "spacing": spacing or 1, "divider": divider is not False}
    if kind == CONTAINER:
        children = [_component(message, c, rows) for c in component.get("components") or []]
        return {
            "type": kind,
            "components": children,
            "accent_color": component.get("accent_color"),
            "spoiler": bool(component.get("spoiler")),
        }
    return {"type": kind}  # one the page does not know: it says so


def _accessory(message: Message, accessory: Json, rows: list[list[Json]]) -> Json:
    if accessory.get("type") == comp.BUTTON:
        drawn = control(accessory)
        _place([drawn], rows)
        return drawn
    return _component(message, accessory, rows)


def _place(row: list[Json], rows: list[list[Json]]) -> None:
    for index, item in enumerate(row):
        item["row"], item["index"] = len(rows), index
    rows.append(row)


def _url(unfurled: Any) -> str:
    return str((unfurled or {}).get("url") or "") if isinstance(unfurled, dict) else ""


def _found(message: Message, url: str) -> Attachment | None:
    for attachment in message.attachments:
        if url in (attachment.url, f"attachment://{attachment.filename}"):
            return attachment
    return None


def media(message: Message, url: str) -> Json:
    """A picture's or file's address (`attachment://name` resolved), whether its bytes
    are gone, and what the page shows of it (name, size, dimensions)."""
    found = _found(message, url)
    if found is None:
        return {"url": url, "dropped": False, "filename": url.rsplit("/", 1)[-1]}
    dims = found.dropped_dims if found.dropped else image_size(found.data)
    drawn: Json = {
        "url": found.url,
        "dropped": found.dropped,
        "filename": found.filename,
        "size": found.size,
        "image": found.is_image,
    }
    if dims is not None:
        drawn["width"], drawn["height"] = dims
    return drawn


def _emoji(raw: Any) -> str | None:
    """A unicode emoji's text (a server's own emoji, by id, shows its name)."""
    return str(raw.get("name") or "") or None if isinstance(raw, dict) else None


def control(component: Json) -> Json:
    """A button or a select as the page draws it."""
    kind = component.get("type")
    if kind == comp.BUTTON:
        return {
            "kind": "button",
            "label": comp.button_label(component),
            "text": component.get("label") or "",
            "emoji": _emoji(component.get("emoji")),
            "custom_id": component.get("custom_id"),
            "style": component.get("style", 1),
            "url": component.get("url"),
            "disabled": bool(component.get("disabled")),
        }
    return {
        "kind": "select",
        "select": SELECT_KINDS.get(int(kind or 0), "string"),
        "custom_id": component.get("custom_id"),
        "placeholder": component.get("placeholder") or "Make a selection",
        "min_values": component.get("min_values", 1),
        "max_values": component.get("max_values", 1),
        "disabled": bool(component.get("disabled")),
        "options": [
            {
                "label": o.get("label"),
                "value": o.get("value"),
                "description": o.get("description"),
                "emoji": _emoji(o.get("emoji")),
                "default": bool(o.get("default")),
            }
            for o in component.get("options") or []
        ],
    }
