"""The table message's screen as the presenter shows it, in pure functions of plain
facts: what the presenter draws while a game is played and what a replay draws again
afterwards (`bot.discord.replaying`) are one code, so their digests can be compared."""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence
from dataclasses import replace

from bot.core.names import in_text
from bot.discord import ids
from bot.discord.ui import Button, Screen, Section
from bot.i18n import t
from games.engine import Seat


def away_line(
    screen: Screen, game_id: int, locale: str | None, names: Sequence[str], away: Collection[Seat]
) -> Screen:
    """The table with a line naming who is away, and an "I'm back" button beside it
    (on a card; else the line under the words and the button in a row of its own).
    `away`: the seats marked away while the game runs (none once it is over)."""
    if not away:
        return screen
    listed = ", ".join(in_text(names[seat]) for seat in sorted(away))
    line = t("table.away_line", locale, names=listed)
    button = Button(t("table.back_button", locale), ids.back(game_id), "success")
    if screen.has_card:
        return replace(screen, blocks=(*screen.blocks, Section((line,), button)))
    rows = (*screen.rows, (button,)) if len(screen.rows) < 5 else screen.rows
    return replace(screen, content="\n".join(filter(None, [screen.content, line])), rows=rows)


def fingerprint(screen: Screen) -> str:
    """A digest of everything a screen shows; the same in every process (unlike
    `hash`), so it can be stored and compared after a restart."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(repr((screen.content, screen.embed_title, screen.embed_text)).encode())
    digest.update(repr(screen.rows).encode())
    if screen.blocks or screen.accent is not None:  # (a table drawn before has neither)
        digest.update(repr((screen.blocks, screen.accent)).encode())
    for picture in screen.pictures:
        digest.update(repr((picture.name, picture.description)).encode())
        digest.update(picture.data)
    return digest.hexdigest()
