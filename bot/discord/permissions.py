"""Where the bot can host a game: the permission checks `/newgame` and Rematch share."""

from __future__ import annotations

import discord

from bot.core.errors import Refused
from bot.discord.replies import listed
from bot.i18n import t


def opens_thread(channel: object, granted: discord.Permissions) -> bool:
    """Whether a game from `channel` gets its own thread: a text channel where the bot
    may both create threads and write in them (else it is played in the channel)."""
    return (
        isinstance(channel, discord.TextChannel)
        and granted.create_public_threads
        and granted.send_messages_in_threads
    )


def required_permissions(granted: discord.Permissions, *, in_thread: bool) -> list[str]:
    """What the bot lacks to host a game where it will be played (a thread needs
    Send Messages in Threads, a channel Send Messages): permission keys
    (`permission.<name>`, Discord's own names for them)."""
    send = "send_messages_in_threads" if in_thread else "send_messages"
    checks = (
        (send, getattr(granted, send)),
        ("attach_files", granted.attach_files),
    )
    return [name for name, ok in checks if not ok]


def require_hosting(
    channel: object, granted: discord.Permissions, *, in_thread: bool, locale: str
) -> None:
    """Refuse, in one sentence, to open a game where the bot could not post and edit
    its messages: a thread a moderator locked (the bot does not undo that, even where
    it may), or a place where it lacks a permission (named)."""
    if isinstance(channel, discord.Thread) and channel.locked:
        raise Refused("host.thread_locked")
    needed = required_permissions(granted, in_thread=in_thread)
    if needed:
        what = listed([t(f"permission.{p}", locale) for p in needed], locale)
        raise Refused("host.missing_permissions", what=what, count=len(needed))
