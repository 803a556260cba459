"""A game's record as replays and downloads read it: plain data, no I/O.

`Shown` is written while a game is played (one row per table change, migration 021);
the rest is read back from the store once the game is over (`bot.core.store.records`).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Seat


@dataclass(frozen=True)
class Shown:
    """What the table message showed at one version of its game: a digest of the
    screen (`bot.discord.tables.fingerprint`), and what the action log cannot replay:
    the end of the countdown it showed and the seats marked away."""

    version: int
    fingerprint: str
    deadline_at: float | None = None
    away: tuple[Seat, ...] = ()

    @property
    def away_text(self) -> str:
        """The seats away as stored ('0,2')."""
        return ",".join(str(seat) for seat in self.away)

    @staticmethod
    def away_from(text: str) -> tuple[Seat, ...]:
        return tuple(int(part) for part in text.split(",") if part.strip().isdigit())
