"""A game's record as replays and downloads read it: plain data, no I/O.

`Shown` is written while a game is played (one row per table change, migration 021);
the rest is read back from the store once the game is over (`bot.core.store.records`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from games.engine import Result, Seat, free_for_all
from games.replay import Move


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


@dataclass(frozen=True)
class Seated:
    """A seat as the game was played: its member (a computer's id is negative), the
    name shown, and a computer's level (None: a person). `left`: the member left the
    server's statistics (/stats forget), so the record names only the seat."""

    seat: Seat
    user_id: int
    name: str
    computer: str | None = None
    left: bool = False


@dataclass(frozen=True)
class Logged:
    """An entry of the action log: the game version it made, who (None: a deadline
    passed), what, and when (Unix seconds)."""

    seq: int
    user_id: int | None
    action: dict[str, Any]
    at: float


@dataclass(frozen=True)
class GameRecord:
    """Everything a finished game's replay and download are made of."""

    game_id: int
    guild_id: int
    kind: str
    status: str
    locale: str
    channel_id: int
    options: dict[str, Any]
    seed: int
    created_at: float
    players: tuple[Seated, ...]
    log: tuple[Logged, ...]
    shown: tuple[Shown, ...] = ()  # by version
    finished_at: float | None = None
    final: Any = None  # the public view at the end (JSON), as the statistics keep it
    outcome: dict[str, Any] | None = None  # the engine's Result (JSON); None: not kept

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(p.user_id for p in self.players)

    def left(self, user_id: int | None) -> bool:
        """Whether `user_id` is of a member who left the statistics."""
        return any(p.left for p in self.players if p.user_id == user_id)

    def seat_of(self, user_id: int | None) -> Seat | None:
        for player in self.players:
            if player.user_id == user_id:
                return player.seat
        return None

    def moves(self) -> list[Move]:
        """The log as the engine replays it (each action by its seat)."""
        return [Move(self.seat_of(entry.user_id), entry.action) for entry in self.log]

    @property
    def steps(self) -> int:
        """The moves of the game: a replay shows steps 0 (the deal) to `steps`."""
        return len(self.log)

    @cached_property
    def _seqs(self) -> list[int]:
        return [entry.seq for entry in self.log]

    @cached_property
    def _versions(self) -> list[int]:
        return [shown.version for shown in self.shown]

    def step_of(self, version: int) -> int:
        """How many moves the game had made at `version`."""
        return bisect_right(self._seqs, version)

    def version_of(self, step: int) -> int:
        """The version a step's state was made by (the deal: the one before the first
        move's, as the game started there)."""
        if step > 0:
            return self.log[step - 1].seq
        first = self.log[0].seq if self.log else 1
        known = [s.version for s in self.shown if s.version < first]
        return known[-1] if known else first - 1

    def shown_at(self, step: int) -> Shown | None:
        """The table last shown while the game stood at `step` (None: none was, e.g.
        a burst of moves drew only the last)."""
        # The step's state stood from its move's version until the next move's.
        until = self.log[step].seq if step < len(self.log) else None
        last = (bisect_left(self._versions, until) if until is not None else len(self.shown)) - 1
        if last < 0 or (step > 0 and self.shown[last].version < self.log[step - 1].seq):
            return None
        return self.shown[last]


FORMAT = "tabletop-game-record/1"


def _when(at: float | None) -> str | None:
    return None if at is None else datetime.fromtimestamp(at, UTC).isoformat()


def record_document(
    record: GameRecord, name: str, outcome: dict[str, Any] | None
) -> dict[str, Any]:
    """The game's record as a JSON document (the download): what it was, its options
    and seed, its players, every move with who made it and when, and its result. The
    seed and the log replay the game with this release's rules (`games.replay`)."""
    result: dict[str, Any] | None = None
    if outcome is not None:
        parsed = Result.model_validate(outcome)
        result = {**parsed.model_dump(mode="json"), "places": list(free_for_all(parsed).places)}
    return {
        "format": FORMAT,
        "game_id": record.game_id,
        "kind": record.kind,
        "game": name,
        "options": record.options,
        "seed": record.seed,
        "locale": record.locale,
        "created_at": _when(record.created_at),
        "finished_at": _when(record.finished_at),
        "players": [
            {
                "seat": p.seat,
                "user_id": None if p.left else p.user_id,  # null: left the statistics
                "name": p.name,
                "computer": p.computer,
            }
            for p in record.players
        ],
        "actions": [
            {
                "seq": entry.seq,
                "seat": record.seat_of(entry.user_id),
                # null: the step's deadline passed (no seat either), or a member who
                # left the statistics (their seat only)
                "user_id": None if record.left(entry.user_id) else entry.user_id,
                "time": _when(entry.at),
                "action": entry.action,
            }
            for entry in record.log
        ],
        "result": result,
    }
