"""Shared machinery of the conformance suite: the cases, seeded random playouts, and
sampled states. Nothing here knows a particular game; per-game knowledge (option
variants, how to shuffle secrets) lives in `hooks.py` and `secrets.py`.

A case is (game, seat count, seed, options). Every game in the registry gets cases
for a few seat counts in [min_players, min(max_players or 8, 8)] and a few seeds.
Playouts are cached per case, so the checks share one playout per case.
"""

from __future__ import annotations

import json
import random
import traceback
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from typing import Any

import pytest
from pydantic import BaseModel

from games import registry
from games.engine import AnyGame, Event, Seat, State, dump_action
from tests.conformance import hooks

NOW = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)  # every deadline is asked "as of" this moment
SEEDS = (1, 2)
SEAT_LIMIT = 8  # the suite never plays more seats than this
HEAVY = 4  # cases per game of the slower checks (every seat count, then other seeds)


# -- which games -----------------------------------------------------------------------------


def discovered() -> dict[str, AnyGame]:
    """Every registered game by id (the example game included)."""
    return registry.all_games()


def game_of(game_id: str) -> AnyGame:
    return discovered()[game_id]


# -- the cases -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    game_id: str
    seats: int
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    variant: int = 0  # which of the game's option variants (hooks.OPTIONS)

    @property
    def game(self) -> AnyGame:
        return game_of(self.game_id)

    def parsed_options(self) -> Any:
        return self.game.parse_options(dict(self.options))

    def __str__(self) -> str:
        return f"{self.game_id}-{self.seats}p-s{self.seed}-o{self.variant}"


def seat_counts(game: AnyGame) -> list[int]:
    low = game.min_players
    high = min(game.max_players or SEAT_LIMIT, SEAT_LIMIT)
    cap = hooks.MAX_SEATS.get(game.id)
    if cap is not None:
        high = max(low, min(high, cap))
    return sorted({low, (low + high) // 2, high})


def cases(*, seeds: tuple[int, ...] = SEEDS, per_game: int | None = None) -> list[Any]:
    """pytest params, one per case: seat counts x seeds, option variants taken in turn.

    `per_game`: at most this many cases per game (the slow checks), spread over the
    seat counts."""
    params: list[Any] = []
    for game_id, game in discovered().items():
        variants = hooks.OPTIONS.get(game_id, [{}])
        found: list[Case] = []
        number = 0
        for seed in seeds:
            for seats in seat_counts(game):
                variant = number % len(variants)
                number += 1
                options = tuple(sorted(variants[variant].items()))
                found.append(Case(game_id, seats, seed, options, variant))
        if per_game is not None:
            found = _spread(found, per_game)
        params += [pytest.param(case, id=str(case)) for case in found]
    return params


def _spread(found: list[Case], count: int) -> list[Case]:
    """Up to `count` cases, as many seat counts (and option variants) as possible."""
    chosen: list[Case] = []
    for case in found:  # first one per seat count
        if len(chosen) < count and all(c.seats != case.seats for c in chosen):
            chosen.append(case)
    for case in found:
        if len(chosen) < count and case not in chosen:
            chosen.append(case)
    return chosen


# -- playouts -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One entry of the log: an action by a seat, or a timeout (seat and action None)."""

    seat: Seat | None
    action: BaseModel | None
    events: tuple[Event, ...]
    after: State

    @property
    def is_timeout(self) -> bool:
        return self.action is None


@dataclass
class Playout:
    case: Case
    start: State
    steps: list[Step] = field(default_factory=list)
    problem: str | None = None  # why it stopped before the end

    @property
    def states(self) -> list[State]:
        return [self.start, *(step.after for step in self.steps)]

    @property
    def final(self) -> State:
        return self.steps[-1].after if self.steps else self.start

    @property
    def finished(self) -> bool:
        return self.case.game.result(self.final) is not None


def step_bound(game: AnyGame, seats: int) -> int:
    return hooks.STEP_BOUND.get(game.id, 5000) * max(1, seats)


@cache
def playout(case: Case) -> Playout:
    """A random game driven only by `legal_actions`, `expire` and `deadline`.

    Each step: with the phase timed (`deadline` not None), now and then the time runs
    out (`expire`); else a random seat with a legal action plays a random one. When no
    seat has a legal action, the deadline must move the game on."""
    game = case.game
    rng = random.Random(f"conformance/{case}")
    state = game.setup(case.seats, case.parsed_options(), case.seed)
    run = Playout(case, state)
    try:
        _play(run, rng)
    except Exception as error:
        where = traceback.extract_tb(error.__traceback__)[-1]
        run.problem = (
            f"{type(error).__name__}: {error} (at {where.filename.split('/work/main/')[-1]}:"
            f"{where.lineno}, in phase {game.phase(run.final)!r} after {len(run.steps)} steps)"
        )
    return run


def _play(run: Playout, rng: random.Random) -> None:
    case, game, state = run.case, run.case.game, run.start
    for _ in range(step_bound(game, case.seats)):
        if game.result(state) is not None:
            return
        movers = [
            (seat, legal)
            for seat in range(case.seats)
            if (legal := game.legal_actions(state, seat))
        ]
        timed = game.deadline(state, NOW) is not None
        if not movers or (timed and rng.random() < hooks.EXPIRE_CHANCE):
            if not timed:
                run.problem = (
                    f"stalled in phase {game.phase(state)!r} ({game.phase_key(state)}): "
                    f"no seat has a legal action and the phase has no deadline"
                )
                return
            new, events = game.expire(state)
            if not movers and not events and as_json(new) == as_json(state):
                run.problem = (
                    f"stalled in phase {game.phase(state)!r} ({game.phase_key(state)}): "
                    f"no seat has a legal action and its timeout changes nothing"
                )
                return
            state = new
            run.steps.append(Step(None, None, tuple(events), state))
            continue
        seat, legal = rng.choice(movers)
        action = rng.choice(legal)
        state, events = game.apply(state, seat, action)
        run.steps.append(Step(seat, action, tuple(events), state))
    if game.result(state) is None:
        run.problem = f"no result after {len(run.steps)} steps (phase {game.phase(state)!r})"


def sample(run: Playout, count: int, *, phases: bool = True) -> list[State]:
    """States of a playout: the first and the last, the first state of every phase met
    (when `phases`), and `count` more spread evenly, in playout order."""
    states = run.states
    game = run.case.game
    chosen = {0, len(states) - 1}
    if phases:
        seen: set[str] = set()
        for index, state in enumerate(states):
            name = game.phase(state)
            if name not in seen:
                seen.add(name)
                chosen.add(index)
    if count and len(states) > 2:
        chosen |= {round(k * (len(states) - 1) / (count + 1)) for k in range(1, count + 1)}
    return [states[i] for i in sorted(chosen)]


def as_json(state: State) -> str:
    return state.model_dump_json()


def roundtrip_action(game: AnyGame, action: BaseModel) -> Any:
    """An action as the log stores it (JSON) and reads it back."""
    return game.parse_action(json.loads(json.dumps(dump_action(action))))
