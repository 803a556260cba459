"""The contract every game engine implements.

An engine is pure and deterministic: no I/O, no clock, no Discord. The host gives it
seats (0..n-1 in turn order), options and a seed; the engine keeps all randomness in
its state so that a game replays exactly from its seed and action log.

Data flows one way: an action is validated and applied to the state (`apply`), the
host stores the new state, and everything shown to people is built from a view
(`view`), which holds only what that seat (or the public, for `None`) may see.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from datetime import datetime
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

Seat = int
"""A player's place at the table, 0..n-1, in clockwise (turn) order."""


class IllegalAction(Exception):
    """A refused action. `key` names a sentence in the message catalog.

    The engine never formats text for people; the host looks `key` up in the
    catalog (in the reader's language) and fills in `params`.
    """

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"IllegalAction({self.key!r}, {self.params!r})"


class Options(BaseModel):
    """A game's options (the `/newgame` command's parameters). Subclass per game.

    Each field becomes a slash command option; its `description` is shown in Discord.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)


class State(BaseModel):
    """Base of every game state: the seat count and the seeded random source."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    seats: int
    seed: int
    draws: int = 0

    def rng(self) -> random.Random:
        """A fresh generator for the next random step, reproducible from seed and count."""
        self.draws += 1
        return random.Random(f"{self.seed}/{self.draws}")


class Event(BaseModel):
    """Something worth telling people, as a catalog key and its parameters.

    `to` is `None` for the whole table, otherwise the only seats that may learn it.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = {}
    to: tuple[Seat, ...] | None = None


class Deadline(BaseModel):
    """The end of a timed phase. `key` is the phase key it belongs to."""

    model_config = ConfigDict(frozen=True)

    key: str
    at: datetime


class Result(BaseModel):
    """The end of a game: a score per seat and who won (ties: several winners)."""

    model_config = ConfigDict(frozen=True)

    scores: tuple[int, ...]
    winners: tuple[Seat, ...]
    lower_is_better: bool = False  # e.g. No Prob-Lama's points variant

    def ranking(self) -> list[Seat]:
        """Seats from best to worst score."""
        sign = 1 if self.lower_is_better else -1
        return sorted(range(len(self.scores)), key=lambda seat: sign * self.scores[seat])


S = TypeVar("S", bound=State)
A = TypeVar("A", bound=BaseModel)
O = TypeVar("O", bound=Options)  # noqa: E741


class Game(ABC, Generic[S, A, O]):
    """One kind of game. Subclasses set the class attributes and the abstract methods.

    `apply` and `expire` work on a deep copy, so a refused action (or a bug halfway
    through a move) never changes the state the caller holds.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int]
    max_players: ClassVar[int | None]  # None: no upper limit
    options_model: ClassVar[type[Options]] = Options
    state_model: ClassVar[type[State]]
    action_model: ClassVar[Any]  # a model class or an annotated union of models
    hidden: ClassVar[bool] = False  # not offered to players (test games)

    # -- construction -------------------------------------------------------------

    @abstractmethod
    def setup(self, seats: int, options: O, seed: int) -> S:
        """A new game for `seats` players, dealt from `seed`."""

    # -- moves -------------------------------------------------------------------

    def apply(self, state: S, seat: Seat, action: A) -> tuple[S, list[Event]]:
        """Validate and apply one action; raise `IllegalAction` if it is refused."""
        if self.result(state) is not None:
            raise IllegalAction("engine.game_over")
        if seat not in self.active(state):
            raise IllegalAction("engine.not_your_turn")
        new = copy_state(state)
        events = self.play(new, seat, action)
        return new, events

    @abstractmethod
    def play(self, state: S, seat: Seat, action: A) -> list[Event]:
        """Apply `action` by `seat` to `state` in place (a copy), or raise IllegalAction."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[A]:
        """Every action `seat` may take now; empty when it is not theirs to act."""

    @abstractmethod
    def active(self, state: S) -> frozenset[Seat]:
        """The seats expected to act now (several in a simultaneous phase)."""

    def waiting_for(self, state: S) -> frozenset[Seat]:
        """The seats the table may be told it waits for (mentions, "to play").

        Usually `active`; a game whose turns are secret (night roles) shows fewer.
        """
        return self.active(state)

    @abstractmethod
    def phase_key(self, state: S) -> str:
        """A short key naming the current step (e.g. 'r3' or 't17').

        Buttons carry it, so a button from an earlier step is refused as stale, and a
        deadline carries it, so a timer for a step that has passed does nothing.
        """

    # -- time ---------------------------------------------------------------------

    def deadline(self, state: S, now: datetime) -> Deadline | None:
        """When the current phase times out, if it is timed (`now`: when it began)."""
        return None

    def expire(self, state: S) -> tuple[S, list[Event]]:
        """Apply the documented default actions of the current phase's deadline."""
        new = copy_state(state)
        events = self.timeout(new)
        return new, events

    def timeout(self, state: S) -> list[Event]:
        """Default actions when the current phase's deadline passes (in place)."""
        raise NotImplementedError(f"{self.id} has no timed phases")

    # -- what people see ---------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> BaseModel:
        """What `seat` may see, or the public for `None`. Never another seat's secret."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The final result, or None while the game goes on."""

    # -- parsing ---------------------------------------------------------------------------

    def parse_action(self, data: Any) -> A:
        """Validate an action from JSON (the action log) or a dict."""
        return _adapter(self.action_model).validate_python(data)

    def parse_options(self, data: Any) -> O:
        return self.options_model.model_validate(data or {})  # type: ignore[return-value]

    def parse_state(self, data: Any) -> S:
        return self.state_model.model_validate(data)  # type: ignore[return-value]


def copy_state(state: S) -> S:
    """A deep copy, made through the state's JSON form: several times faster than
    `model_copy(deep=True)`, and exactly what the store would give back."""
    return state.model_validate(state.model_dump(mode="json"))


_adapters: dict[int, TypeAdapter[Any]] = {}


def _adapter(tp: Any) -> TypeAdapter[Any]:
    key = id(tp)
    if key not in _adapters:
        _adapters[key] = TypeAdapter(tp)
    return _adapters[key]


def dump_action(action: BaseModel) -> dict[str, Any]:
    return action.model_dump(mode="json")
