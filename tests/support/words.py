"""What a screen says, as a reader sees it from the top: for tests that look for a
sentence wherever the layout puts it (above the card, its heading, its words, the
texts of its blocks and of the sections beside their buttons)."""

from __future__ import annotations

from bot.discord.ui import Screen, Section


def words(screen: Screen) -> str:
    """Every text of `screen` in reading order, one per line (labels and alt texts
    left out: see `tests.support.marked.screen_texts` for those)."""
    parts = [screen.content, screen.embed_title or "", screen.embed_text or ""]
    for block in screen.blocks:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, Section):
            parts += block.texts
    return "\n".join(part for part in parts if part)
