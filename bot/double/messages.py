"""A message body applied to a message: content, components, embeds and attachments.

Attachments follow Discord's rules: on create every uploaded file is attached; on edit
without an `attachments` list the old ones stay and new uploads are added; with a list,
exactly the listed ones remain (existing ids kept, upload indexes attached).
`attachment://name` in an embed's image or thumbnail, or in a layout's gallery,
thumbnail or file, points at that attachment (one the message keeps counts); a layout
naming an attachment the message does not have is refused.

The IS_COMPONENTS_V2 flag (layout components) is set by a create or an edit that
gives it and is never removed; such a message carries no content and no embeds (an
edit that sets it on an older message must clear them), and its components follow
`limits.layout_problems`. Everything is checked before the message changes.

Whom a new message pings (`message.pinged`): the users its content, or its text
displays, mention that `allowed_mentions` lets through (all of them without it). An
edit pings nobody.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from bot.double import components as comp
from bot.double import errors
from bot.double.bodies import Upload
from bot.double.limits import layout_problems, legacy_field_problems
from bot.double.model import IS_COMPONENTS_V2, Attachment, Json, Message

if TYPE_CHECKING:
    from bot.double.state import DoubleState

ATTACHMENT_PREFIX = "attachment://"
USER_MENTION = re.compile(r"<@!?(\d+)>")


def apply_body(
    state: DoubleState, message: Message, body: Json, uploads: list[Upload], creating: bool
) -> None:
    content = (body.get("content") or "") if "content" in body or creating else message.content
    given = "components" in body or creating
    components = list(body.get("components") or []) if given else message.components
    new_embeds = "embeds" in body or creating
    embeds = list(body.get("embeds") or []) if new_embeds else message.embeds
    v2 = bool((message.flags | int(body.get("flags") or 0)) & IS_COMPONENTS_V2)
    problems = layout_problems(components, ["components"], v2) if given or v2 else []
    if v2:
        problems += legacy_field_problems(content, embeds)
    if problems:
        raise errors.form_error(problems)
    attachments = _attachments(state, message, body, uploads, creating)
    if given:
        components = _resolve_media(components, attachments)
    message.content = content
    message.components = components
    message.attachments = attachments
    if new_embeds:
        typed = [dict(e, type=e.get("type", "rich")) for e in embeds]
        message.embeds = [_resolve_embed(e, attachments) for e in typed]
    if v2:
        message.flags |= IS_COMPONENTS_V2
    if creating:
        message.pinged = _pinged(body.get("allowed_mentions"), [content, *comp.texts(components)])


def _pinged(allowed: Any, texts: list[str]) -> list[int]:
    mentioned = list(dict.fromkeys(int(m) for t in texts for m in USER_MENTION.findall(t)))
    if not isinstance(allowed, dict) or "users" in (allowed.get("parse") or []):
        return mentioned
    listed = {int(u) for u in allowed.get("users") or []}
    return [user for user in mentioned if user in listed]


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


def _resolve_media(components: list[Json], attachments: list[Attachment]) -> list[Json]:
    """The components with each `attachment://name` made the attachment's media, as
    Discord answers it (url, size, type, attachment id); a name the message has no
    attachment of is refused."""
    media = comp.media_urls(components)
    if not any(str(m.get("url", "")).startswith(ATTACHMENT_PREFIX) for m in media):
        return components
    by_name = {a.filename: a for a in attachments}
    missing: list[str] = []
    for item in media:
        url = str(item.get("url", ""))
        if not url.startswith(ATTACHMENT_PREFIX):
            continue
        found = by_name.get(url.removeprefix(ATTACHMENT_PREFIX))
        if found is None:
            missing.append(url)
            continue
        shown: dict[str, Any] = found.to_dict()
        item.clear()
        item.update(
            url=found.url,
            proxy_url=found.url,
            content_type=found.content_type,
            attachment_id=str(found.id),
            **{k: shown[k] for k in ("width", "height") if k in shown},
        )
    if missing:
        problems: list[tuple[list[str | int], str, str]] = [
            (["components"], "UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND", f"No attachment {url}")
            for url in missing
        ]
        raise errors.form_error(problems)
    return components


def _resolve_embed(embed: Json, attachments: list[Attachment]) -> Json:
    by_name = {a.filename: a for a in attachments}
    for key in ("image", "thumbnail"):
        media = embed.get(key)
        if isinstance(media, dict) and str(media.get("url", "")).startswith(ATTACHMENT_PREFIX):
            found = by_name.get(media["url"].removeprefix(ATTACHMENT_PREFIX))
            if found is not None:
                embed[key] = {**media, "url": found.url, "proxy_url": found.url}
    return embed
