"""What a message shows, independent of discord.py: text, pictures and controls.

Adapters describe screens with these small specs; `send_kwargs` turns one into the
arguments discord.py takes. Views are built already stopped, so discord.py never
stores them: every click is routed by its custom_id (see `bot.discord.router`), which works
the same after a restart.
"""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import discord

Style = Literal["primary", "secondary", "success", "danger"]
_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


@dataclass(frozen=True)
class Picture:
    name: str  # file name, e.g. "table.png"
    data: bytes
    description: str  # alt text, read out by screen readers


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: Style = "secondary"
    disabled: bool = False
    emoji: str | None = None


@dataclass(frozen=True)
class Option:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True)
class Select:
    custom_id: str
    options: tuple[Option, ...]
    placeholder: str = ""
    min_values: int = 1
    max_values: int = 1


Row = tuple[Button, ...] | Select


@dataclass(frozen=True)
class Screen:
    content: str = ""
    pictures: tuple[Picture, ...] = ()
    rows: tuple[Row, ...] = ()
    embed_title: str | None = None
    embed_text: str | None = None
    mentions: tuple[int, ...] = ()  # users this message may ping
    extra: dict[str, Any] = field(default_factory=dict)


def rows_to_json(rows: tuple[Row, ...]) -> list[dict[str, Any]]:
    """Controls as plain data (kept in the store until they are retired)."""
    return [
        {"select": asdict(row)}
        if isinstance(row, Select)
        else {"buttons": [asdict(button) for button in row]}
        for row in rows
    ]


def rows_from_json(data: list[dict[str, Any]]) -> tuple[Row, ...]:
    rows: list[Row] = []
    for row in data:
        if "select" in row:
            fields = dict(row["select"])
            fields["options"] = tuple(Option(**o) for o in fields["options"])
            rows.append(Select(**fields))
        else:
            rows.append(tuple(Button(**b) for b in row["buttons"]))
    return tuple(rows)


def build_view(rows: tuple[Row, ...], *, retired: bool = False) -> discord.ui.View | None:
    """The components of `rows`; `retired`: all disabled (their step is over)."""
    if not rows:
        return None
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(rows[:5]):
        if isinstance(row, Select):
            view.add_item(
                discord.ui.Select(
                    custom_id=row.custom_id,
                    placeholder=row.placeholder or None,
                    min_values=row.min_values,
                    max_values=min(row.max_values, len(row.options)),
                    options=[
                        discord.SelectOption(
                            label=o.label[:100], value=o.value, description=o.description
                        )
                        for o in row.options[:25]
                    ],
                    disabled=retired,
                    row=number,
                )
            )
            continue
        for button in row[:5]:
            view.add_item(
                discord.ui.Button(
                    label=button.label[:80],
                    custom_id=button.custom_id,
                    style=_STYLES[button.style],
                    disabled=button.disabled or retired,
                    emoji=button.emoji,
                    row=number,
                )
            )
    view.stop()  # routed by custom_id, never stored by discord.py
    return view


def send_kwargs(screen: Screen, *, editing: bool = False) -> dict[str, Any]:
    """Keyword arguments for send/edit/response calls."""
    kwargs: dict[str, Any] = {
        "content": screen.content[:2000] or None,
        "allowed_mentions": discord.AllowedMentions(
            everyone=False,
            roles=False,
            users=[discord.Object(u) for u in dict.fromkeys(screen.mentions)],
        ),
    }
    embed = None
    if screen.embed_title or screen.embed_text:
        embed = discord.Embed(
            title=screen.embed_title, description=screen.embed_text, colour=0x3B7A57
        )
    files = [
        discord.File(io.BytesIO(p.data), filename=p.name, description=p.description[:1024])
        for p in screen.pictures
    ]
    # Pictures go as plain attachments, never as the embed's image: Discord shows an
    # attachment larger (up to about 550 x 350 against 400 x 300; `games.pictures`).
    view = build_view(screen.rows)
    if editing:
        kwargs["embed"] = embed
        kwargs["attachments"] = files
        kwargs["view"] = view
    else:
        if embed is not None:
            kwargs["embed"] = embed
        if files:
            kwargs["files"] = files
        if view is not None:
            kwargs["view"] = view
    return kwargs


def pictures_digest(screen: Screen) -> str:
    """What a screen's attachments are (names, alt texts and bytes), as a short digest."""
    digest = hashlib.blake2b(digest_size=12)
    for picture in screen.pictures:
        digest.update(repr((picture.name, picture.description, len(picture.data))).encode())
        digest.update(picture.data)
    return digest.hexdigest()


class ShownPictures:
    """The pictures each recently edited message shows, so that an edit that leaves
    them as they are uploads nothing: without `attachments`, Discord keeps a message's
    attachments. In memory, for the last `KEPT` messages: after a restart, the first
    edit of a message uploads its pictures again."""

    KEPT = 4096

    def __init__(self) -> None:
        self._shown: OrderedDict[int, str] = OrderedDict()

    def edit_kwargs(self, message_id: int, screen: Screen) -> dict[str, Any]:
        """`send_kwargs` for an edit of `message_id` to `screen`, without the pictures
        when the message shows them already. Call `shown` once the edit went through."""
        kwargs = send_kwargs(screen, editing=True)
        if self._shown.get(message_id) == pictures_digest(screen):
            del kwargs["attachments"]
        return kwargs

    def shown(self, message_id: int, screen: Screen) -> None:
        self._shown[message_id] = pictures_digest(screen)
        self._shown.move_to_end(message_id)
        while len(self._shown) > self.KEPT:
            self._shown.popitem(last=False)
