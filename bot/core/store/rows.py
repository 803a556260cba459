"""What the store keeps and returns, for every engine: its rows, its errors, and the
one place a stored JSON value is decoded."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

Notice = dict[str, Any]  # a committed change, as the outbox keeps it (see the service)
OPEN_STATUSES = ("lobby", "running")


class VersionConflict(Exception):
    """The game changed since the version the caller started from."""


class DatabaseUnusable(Exception):
    """The database cannot serve the bot (not a file, corrupted, read-only): the
    message is one sentence for the operator."""


class ChannelBusy(Exception):
    """The thread or channel already has an open game."""


class StoreBusy(Exception):
    """Another process held the database's write lock for longer than the write could
    wait: nothing was written."""

    key = "host.busy"  # the sentence a player is told (see bot.core.errors.Busy)


class StoreUnreachable(StoreBusy):
    """The database server cannot be reached (it restarts, the network is down): nothing
    was written, and the store is reconnecting."""

    key = "host.unreachable"


class Duplicate(Exception):
    """A write would have made a second row where one is allowed (a unique key)."""


class Unreadable(ValueError):
    """A stored JSON value that cannot be decoded; the message names the column and
    what is wrong, never the value (a state holds every player's secrets)."""


class Undecoded(str):
    """Text that was not valid UTF-8 (a flipped bit), with the bad bytes replaced."""


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    parent_id: int | None
    kind: str
    options: dict[str, Any]
    status: str
    host_id: int
    locale: str
    seed: int
    state: dict[str, Any] | None
    version: int
    table_message_id: int | None
    created_at: float
    updated_at: float
    paused_remaining: float | None = None  # set while paused: the phase's time left
    state_version: int = 1  # the game's `state_version` when `state` was written
    table_posted_at: float | None = None  # when the table message was posted
    table_chapter: str = ""  # the game's chapter when it was posted (see the presenter)
    table_fingerprint: str = ""  # a digest of what the table message shows now
    table_moved_from: int | None = None  # an old table message still to shrink to a link
    table_stub: int | None = None  # the newest old table shrunk to a link
    table_posting: str | None = None  # the nonce of a table being posted anew

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def paused(self) -> bool:
        return self.paused_remaining is not None


@dataclass(frozen=True, slots=True)
class PlayerRow:
    seat: int
    user_id: int
    display_name: str
    timeouts: int = 0  # steps in a row whose time ran out
    away: bool = False  # the bot plays this seat's defaults at once
    dms_closed: bool = False  # a DM to this player was refused
    computer: str | None = None  # a computer player's level (casual, strong); None: a person

    @property
    def is_computer(self) -> bool:
        return self.computer is not None


@dataclass(frozen=True, slots=True)
class TimerUpdate:
    """Set the game's timer of `kind` to fire at `due_at`, or cancel it (None)."""

    kind: str
    due_at: float | None
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TimerRow:
    id: int
    game_id: int
    kind: str
    due_at: float
    payload: dict[str, Any]
    version: int = 0  # the game version that planned it (0: unknown, an older release)


RAISE: Any = object()  # `Store._decode`: no fallback, raise Unreadable


def decode_object(text: Any, column: str) -> dict[str, Any]:
    """A stored JSON object; Unreadable when it is not one."""
    if isinstance(text, Undecoded) or not isinstance(text, str):
        raise Unreadable(f"{column} is not UTF-8 text")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise Unreadable(f"{column} is not JSON ({error.msg}, character {error.pos})") from None
    except (ValueError, RecursionError):
        raise Unreadable(f"{column} is not JSON") from None
    if not isinstance(value, dict):
        raise Unreadable(f"{column} is JSON but not an object")
    return value


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
