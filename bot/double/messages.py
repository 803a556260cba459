"""A message body applied to a message: content, components, embeds and attachments.

Attachments follow Discord's rules: on create every uploaded file is attached; on edit
without an `attachments` list the old ones stay and new uploads are added; with a list,
exactly the listed ones remain (existing ids kept, upload indexes attached).
`attachment://name` in an embed's image or thumbnail points at that attachment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

from bot.double import errors
from bot.double.bodies import Upload
from bot.double.model import Attachment, Json, Message

if TYPE_CHECKING:
    from bot.double.state import DoubleState


def apply_body(
    state: DoubleState, message: Message, body: Json, uploads: list[Upload], creating: bool
) -> None:
    if "content" in body or creating:
        message.content = body.get("content") or ""
    if "components" in body or creating:
        message.components = list(body.get("components") or [])
    message.attachments = _attachments(state, message, body, uploads, creating)
    if "embeds" in body or creating:
        embeds = [dict(e, type=e.get("type", "rich")) for e in body.get("embeds") or []]
        message.embeds = [_resolve_embed(e, message.attachments) for e in embeds]


def _attachments(
    state: DoubleState, message: Message, body: Json, uploads: list[Upload], creating: bool
) -> list[Attachment]:
    by_index = {u.index: u for u in uploads}
    listed = body.get("attachments")
    if listed is None:
        kept = [] if creating else list(message.attachments)
        return kept + [new_attachment(state, message.channel_id, u, None) for u in uploads]
    existing = {a.id: a for a in message.attachments}
    result: list[Attachment] = []
    for position, entry in enumerate(listed):
        ident = int(entry.get("id"))
        if ident in by_index:
            upload = by_index.pop(ident)
            filename = entry.get("filename") or upload.filename
            attachment = new_attachment(
                state, message.channel_id, upload, entry.get("description"), filename
            )
            result.append(attachment)
        elif ident in existing:
            result.append(existing[ident])
        else:
            path: list[str | int] = ["attachments", position, "id"]
            raise errors.form_error([(path, "ATTACHMENT_NOT_FOUND", "Unknown attachment")])
    if message.visible_to is not None:
        for attachment in result:
            attachment.ephemeral = True
    return result


def new_attachment(
    state: DoubleState,
    channel_id: int,
    upload: Upload,
    description: str | None,
    filename: str | None = None,
) -> Attachment:
    """Store an uploaded file; the double itself serves its bytes at the URL."""
    name = filename or upload.filename
    ident = state.ids.next()
    url = f"{state.base_url}/attachments/{channel_id}/{ident}/{quote(name)}"
    attachment = Attachment(ident, name, upload.data, upload.content_type, url, description)
    state.attachments[ident] = attachment
    return attachment


def _resolve_embed(embed: Json, attachments: list[Attachment]) -> Json:
    by_name = {a.filename: a for a in attachments}
    for key in ("image", "thumbnail"):
        media = embed.get(key)
        if isinstance(media, dict) and str(media.get("url", "")).startswith("attachment://"):
            found = by_name.get(media["url"].removeprefix("attachment://"))
            if found is not None:
                embed[key] = {**media, "url": found.url, "proxy_url": found.url}
    return embed
