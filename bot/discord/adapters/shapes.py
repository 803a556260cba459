"""The shapes every game's screens share, so that the five games read alike on a phone
(a message there is about 320 px wide: short lines, words before pictures, a button
beside what it acts on).

- `player_line`: one line per player, "A **Ana** · 2 cards · 14 points", with a mark
  in front where the game has one (whose turn it is, who is done).
- `ranking`: "1. A **Ana** · 14 points", players with equal scores sharing a rank.
- `status`: the table's line of what is expected of whom, with the panel button
  beside it (the table's one button, next to the words that say what it is for).
- `beside`: words with the button that acts on them ("B **Ben** · 3 face up [Give]").
- `small`: minor print (a legend, what a mark means) as Discord's subtext.
- `text`: lines as one text, the empty ones left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.discord.adapters.context import Context
from bot.discord.ui import Button, Section
from games.engine import Seat

DOT = " · "  # between the facts of a line
TURN = "▸ "  # the mark of the player a turn-based table waits for


def text(*lines: str | None) -> str:
    """The lines as one text display, the empty ones left out."""
    return "\n".join(line for line in lines if line)


def small(*lines: str | None) -> str:
    """Minor print, shown smaller and dimmer (Discord's subtext: `-# `), one per line."""
    return "\n".join(f"-# {line}" for line in lines if line)


def facts(*parts: str | None) -> str:
    """'2 cards · 14 points', the empty parts left out."""
    return DOT.join(part for part in parts if part)


def player_line(ctx: Context[Any], seat: Seat, *parts: str | None, mark: str = "") -> str:
    """'A **Ana** · 2 cards · 14 points': the player's mark in the pictures (a letter
    from the name), the name, then the facts; `mark` in front ("✅ ", `TURN`)."""
    said = facts(*parts)
    return ctx.say(
        "words.player_line",
        mark=mark,
        letter=ctx.letter(seat),
        seat=seat,
        facts=DOT + said if said else "",
    )


def ranks(scores: Sequence[float]) -> list[int]:
    """Competition ranks (1, 1, 3, ...) for scores already in ranking order."""
    found: list[int] = []
    for index, score in enumerate(scores):
        found.append(found[-1] if index and score == scores[index - 1] else index + 1)
    return found


def ranking(ctx: Context[Any], ranked: Iterable[tuple[Seat, float, str]]) -> list[str]:
    """One line per player in ranking order, '1. A **Ana** · 14 points'; `ranked`
    holds (seat, score, the score in words), best first (equal scores share a rank)."""
    entries = list(ranked)
    places = ranks([score for _, score, _ in entries])
    return [
        ctx.say(
            "words.rank_line",
            rank=place,
            letter=ctx.letter(seat),
            seat=seat,
            facts=DOT + said if said else "",
        )
        for place, (seat, _, said) in zip(places, entries, strict=True)
    ]


def beside(words: str, button: Button) -> Section:
    """Words with the button that acts on what they say, at their right."""
    return Section((words,), button)


def status(ctx: Context[Any], words: str) -> Section:
    """The table's line of what is expected of whom, with the panel button beside it."""
    return Section((words,), ctx.panel_button())
