"""A finished game played again from its record: the seed, the options, the seats and
the action log give back every state it passed through (the engine is deterministic:
the host's own check, `bot.core.service.replay`, holds a game's stored state to it).

Pure, like the engines: the host reads the record, a replay's screens are drawn from
the states here (`bot.discord.replaying`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from games.engine import AnyGame, Event, Seat, State


@dataclass(frozen=True)
class Move:
    """One entry of the action log: a seat's action, or (seat None) a passed deadline,
    whose documented defaults the engine plays."""

    seat: Seat | None
    action: Any  # as logged (JSON)


@dataclass(frozen=True)
class Step:
    """A state of the game: after `number` moves (0: as dealt), with the events the
    last move told and the seat that made it (None: the deal, or a deadline)."""

    number: int
    state: State
    events: tuple[Event, ...] = ()
    seat: Seat | None = None


class ReplayBroken(Exception):
    """A logged move this release of the game refuses: its rules changed since."""


def dealt(game: AnyGame, seats: int, options: Any, seed: int) -> Step:
    """The game as it was dealt, before the first move."""
    return Step(0, game.setup(seats, game.parse_options(options), seed))


def replayed(game: AnyGame, start: Step, moves: Iterable[Move]) -> Iterator[Step]:
    """The states after each of `moves`, made from `start` (the state after
    `start.number` moves). Raises `ReplayBroken` at a move the rules refuse."""
    state, number = start.state, start.number
    for move in moves:
        number += 1
        try:
            if move.seat is None:
                state, events = game.expire(state)
            else:
                state, events = game.apply(state, move.seat, game.parse_action(move.action))
        except Exception as error:  # an illegal move, or one this release cannot read
            raise ReplayBroken(f"move {number} no longer replays: {error!r}") from None
        yield Step(number, state, tuple(events), move.seat)
