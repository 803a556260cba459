"""Computer players: policies that choose a seat's action from what that seat may see.

A policy is given a `Decision`: the seat's own view (`Game.view(state, seat)`), its legal
actions, a random source and a time budget. It never sees the state, so it cannot use
another seat's secret; the conformance suite checks that its choice does not change when
the hidden information is dealt differently (`Computers.sample` deals it).

Each game has three policies (`Game.computers()`):

- `default`: the documented timeout default for one seat (the baseline);
- `casual`: a simple, plausible heuristic that makes human-like mistakes;
- `strong`: a search over what it cannot see, within the budget (`search` below is the
  shared one: flat Monte Carlo over determinizations).

Policies are pure functions of their `Decision`, so a computer's move replays from the
same view and seed, and can run in a worker process.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from games.engine import AnyGame, Result, Seat, State

Level = Literal["casual", "strong"]
LEVELS: tuple[Level, ...] = ("casual", "strong")
BUDGET = 0.5  # seconds of CPU a strong move may take (p99 target: 1 s on two cores)


@dataclass(frozen=True)
class Decision:
    """What a computer knows when it chooses: never the state itself."""

    seat: Seat
    view: Any  # the game's view model for `seat`
    legal: Sequence[Any]  # the seat's legal actions, in the engine's order
    rng: random.Random
    budget: float = BUDGET  # seconds of CPU
    samples: int | None = None  # a fixed number of deals instead (repeatable: the tests)

    @classmethod
    def of(
        cls,
        game: AnyGame,
        state: State,
        seat: Seat,
        seed: str,
        budget: float = BUDGET,
        samples: int | None = None,
    ) -> Decision:
        """The decision `seat` faces in `state`. `seed` must not depend on hidden
        information (the host uses the game's id, the seat and the stored version)."""
        return cls(
            seat=seat,
            view=game.view(state, seat),
            legal=game.legal_actions(state, seat),
            rng=random.Random(seed),
            budget=budget,
            samples=samples,
        )


class Policy(Protocol):
    def __call__(self, decision: Decision) -> Any: ...


Sampler = Callable[[Any, Seat, random.Random], State]
"""A full state consistent with a seat's view: what it cannot see, dealt at random."""


@dataclass(frozen=True)
class Computers:
    """A game's computer players."""

    default: Policy
    casual: Policy
    strong: Policy
    sample: Sampler
    # One line per level for /rules: catalog keys `<game>.computer.<level>`.

    def policy(self, level: str) -> Policy:
        if level == "casual":
            return self.casual
        if level == "strong":
            return self.strong
        if level == "default":
            return self.default
        raise ValueError(f"no computer level {level!r}")


# -- values of an outcome -----------------------------------------------------------


def outcome(result: Result, seat: Seat) -> float:
    """1 for a sole win, a share of it for a tie, else by rank (0 for last place).
    What a strong policy maximizes by default."""
    if seat in result.winners:
        return 1.0 / len(result.winners)
    ranking = result.ranking()
    places = len(ranking) - 1
    return 0.5 * (places - ranking.index(seat)) / places if places else 0.0


# -- playouts -------------------------------------------------------------------------


def playout(
    game: AnyGame, state: State, policy: Policy, rng: random.Random, max_steps: int = 10_000
) -> State:
    """Play `state` to its end (or `max_steps`), every seat choosing with `policy` from its
    own view; a step nobody may act in (a timer's) is expired. The state is changed in
    place where the game allows, so pass a copy."""
    for _ in range(max_steps):
        if game.result(state) is not None:
            return state
        active = sorted(game.active(state))
        if not active:
            state, _ = game.expire(state)
            continue
        seat = active[0]
        legal = game.legal_actions(state, seat)
        if not legal:
            state, _ = game.expire(state)
            continue
        choice = policy(Decision(seat, game.view(state, seat), legal, rng, budget=0.0))
        state, _ = game.apply(state, seat, choice)
    return state


Evaluate = Callable[[State, Seat, random.Random], float]


def search(
    game: AnyGame,
    decision: Decision,
    sample: Sampler,
    evaluate: Evaluate,
    candidates: Sequence[Any] | None = None,
    min_samples: int = 4,
) -> Any:
    """Flat Monte Carlo over determinizations: deal what the seat cannot see at random
    (`sample`), play each candidate there and `evaluate` the result for the seat (a
    playout, or a game's estimate); repeat round-robin until the budget is spent, and
    choose the candidate with the best mean. Every candidate is tried on the same deals
    (common random numbers), so the comparison is less noisy.

    `candidates` defaults to every legal action (a game may prune to a casual short list).
    """
    options = list(candidates if candidates is not None else decision.legal)
    if len(options) <= 1:
        return options[0] if options else None
    totals = [0.0] * len(options)
    rounds = 0
    deadline = time.process_time() + decision.budget
    while (
        rounds < decision.samples
        if decision.samples is not None
        else rounds < min_samples or time.process_time() < deadline
    ):
        deal = sample(decision.view, decision.seat, decision.rng)
        seed = decision.rng.random()
        for index, action in enumerate(options):
            state = game.copy(deal)
            state, _ = game.apply(state, decision.seat, action)
            totals[index] += evaluate(state, decision.seat, random.Random(seed))
        rounds += 1
        if rounds >= 10_000:
            break
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return options[best]


def rollout_value(
    game: AnyGame, policy: Policy, value: Callable[[Result, Seat], float] = outcome
) -> Evaluate:
    """An `Evaluate` that plays the game to its end with `policy` for every seat."""

    def evaluate(state: State, seat: Seat, rng: random.Random) -> float:
        final = playout(game, state, policy, rng)
        result = game.result(final)
        return value(result, seat) if result is not None else 0.0

    return evaluate


# -- tournaments -------------------------------------------------------------------------


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate (Wilson's score interval)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def sees_only_its_view(
    game: AnyGame, policy: Policy, state: State, seat: Seat, seed: str, deals: int = 3
) -> bool:
    """Whether `policy` chooses the same in `state` and in `deals` other states that deal
    what `seat` cannot see differently (each giving the seat the same view and moves).
    A strong policy searches a fixed number of deals here, so its choice is repeatable."""
    sample = game.computers().sample

    def decide(dealt: State) -> Any:
        return policy(Decision.of(game, dealt, seat, seed, budget=math.inf, samples=6))

    first = decide(state)
    rng = random.Random(seed)
    view = game.view(state, seat)
    for _ in range(deals):
        other = sample(view, seat, rng)
        if game.view(other, seat) != view:
            raise AssertionError("the sampler changed what the seat sees")
        if game.legal_actions(other, seat) != game.legal_actions(state, seat):
            raise AssertionError("the sampler changed the seat's legal actions")
        if decide(other) != first:
            return False
    return True


__all__ = [
    "BUDGET",
    "LEVELS",
    "Computers",
    "Decision",
    "Level",
    "Policy",
    "Sampler",
    "outcome",
    "playout",
    "rollout_value",
    "search",
    "sees_only_its_view",
    "wilson",
]
