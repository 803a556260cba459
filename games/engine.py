"""The contract every game engine implements.

An engine is pure and deterministic: no I/O, no clock, no Discord. The host gives it
seats (0..n-1 in turn order), options and a seed; the engine keeps all randomness in
its state so that a game replays exactly from its seed and action log.

A game declares its flow as data: a table of `Phase`s, each saying who acts, which
kinds of action it accepts, when it times out and what its timeout does. The base
class dispatches on that table, so a game writes each of these once:

- `phase(state)` names the current phase, `moves(state, seat)` lists an active seat's
  candidate actions there; `legal_actions` is those, filtered by the phase's kinds.
- `apply` refuses whatever `is_legal` refuses, and `is_legal` is `legal_actions`
  (a game may answer it faster, the conformance suite checks both agree). `refusal`
  only words a refusal for the player; it never decides one.
- `play` then changes a copy of the state, trusting that the action is legal.

Data flows one way: an action is validated and applied to the state (`apply`), the
host stores the new state, and everything shown to people is built from a view
(`view`), which holds only what that seat (or the public, for `None`) may see.
"""

from __future__ import annotations

import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

if TYPE_CHECKING:
    from games.computers import Computers

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
    `pings`, here for every game, is the host's: how a player learns it is their turn.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    pings: Literal["mention", "dm", "off"] = Field(
        "mention", description="Turn notices: a mention in the channel, a DM, or none"
    )


def option_key(game_id: str, field: str) -> str:
    """The catalog prefix of an option's words (`.name`, `.description`, `.label`,
    `.choice.<value>`): the game's own, or the host's for a field every game has."""
    return f"option.{field}" if field in Options.model_fields else f"{game_id}.option.{field}"


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
    """The end of a timed phase. `key` is the phase key it belongs to.

    `remind_at`: when the players the phase still waits for get a private reminder
    (long phases of a scheduled game), or None.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    at: datetime
    remind_at: datetime | None = None


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


@dataclass(frozen=True)
class Match:
    """One contest a finished game is rated by: teams of seats and each team's place
    (0 is first; equal places tie). A free-for-all has a team per seat."""

    teams: tuple[tuple[Seat, ...], ...]
    places: tuple[int, ...]


def free_for_all(result: Result) -> Match:
    """Every seat on its own: the winners first, then the others by score."""
    sign = 1 if result.lower_is_better else -1
    keys = [(seat not in result.winners, sign * s) for seat, s in enumerate(result.scores)]
    order = sorted(set(keys))
    return Match(
        teams=tuple((seat,) for seat in range(len(keys))),
        places=tuple(order.index(key) for key in keys),
    )


S = TypeVar("S", bound=State)
A = TypeVar("A", bound=BaseModel)
O = TypeVar("O", bound=Options)  # noqa: E741
V = TypeVar("V", bound=BaseModel)


def nobody(state: Any) -> frozenset[Seat]:
    return frozenset()


def in_seconds(now: datetime, seconds: float) -> datetime | None:
    """A phase end `seconds` after `now`; None for 0 (the phase is untimed)."""
    return now + timedelta(seconds=seconds) if seconds else None


@dataclass(frozen=True)
class Phase(Generic[S]):
    """One step of a game's flow, as data.

    - `actions`: the action models this phase accepts (any other kind is refused).
    - `active`: the seats expected to act now (several in a simultaneous phase).
    - `moves`: an active seat's candidate actions (or the game's `moves` lists them).
    - `ends`: when the phase times out, given the moment it began (None: untimed).
    - `timeout`: the documented defaults when it does, applied in place.
    - `secret`: the table may not learn who acts (night roles): no pings, no names.
    - `remind`: when to remind the seats still to act, given the phase's start and end.
    """

    actions: tuple[type[BaseModel], ...] = ()
    active: Callable[[S], Iterable[Seat]] = nobody
    moves: Callable[[S, Seat], Iterable[Any]] | None = None
    ends: Callable[[S, datetime], datetime | None] | None = None
    timeout: Callable[[S], list[Event]] | None = None
    secret: bool = False
    remind: Callable[[S, datetime, datetime], datetime | None] | None = None


class Game(ABC, Generic[S, A, O, V]):
    """One kind of game. Subclasses set the class attributes and the abstract methods.

    `apply` and `expire` work on a copy (`copy`), so a refused action (or a bug
    halfway through a move) never changes the state the caller holds.
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
    phases: ClassVar[Mapping[str, Phase[Any]]]  # every phase by name, see `phase`
    state_version: ClassVar[int] = 1  # bump with a `migrate_state` step when states change
    # A step may compute for longer than a few milliseconds (a search when scoring): the
    # host then applies its steps beside the event loop, which keeps its turn.
    slow_steps: ClassVar[bool] = False
    # Once the game is over, its replay may show what each seat saw at every step (its
    # own view: its role, hand, tasks), as the end of every game here reveals those
    # anyway. A game whose end leaves a secret for good sets False: its replay then
    # shows the public table only.
    replay_reveals: ClassVar[bool] = True

    # -- construction -------------------------------------------------------------

    @abstractmethod
    def setup(self, seats: int, options: O, seed: int) -> S:
        """A new game for `seats` players, dealt from `seed`."""

    def starts_at(self, options: O, opened_at: datetime) -> datetime | None:
        """When a lobby starts itself (a scheduled game), or None: the host starts it."""
        return None

    # -- the flow --------------------------------------------------------------------

    @abstractmethod
    def phase(self, state: S) -> str:
        """The name of the current phase (a key of `phases`)."""

    @abstractmethod
    def phase_key(self, state: S) -> str:
        """A short key naming the current step (e.g. 'r3' or 't17').

        Buttons carry it, so a button from an earlier step is refused as stale, and a
        deadline carries it, so a timer for a step that has passed does nothing. Moves
        inside a simultaneous phase keep it: its timer runs on.
        """

    def current(self, state: S) -> Phase[S]:
        return self.phases[self.phase(state)]

    def active(self, state: S) -> frozenset[Seat]:
        """The seats expected to act now (several in a simultaneous phase)."""
        if self.result(state) is not None:
            return frozenset()
        return frozenset(self.current(state).active(state))

    def waiting_for(self, state: S) -> frozenset[Seat]:
        """The seats the table may be told it waits for (mentions, "to play")."""
        return frozenset() if self.current(state).secret else self.active(state)

    # -- moves -------------------------------------------------------------------

    def moves(self, state: S, seat: Seat) -> Iterable[A]:
        """The actions an active `seat` may take in the current phase (by default, the
        phase's own `moves`)."""
        moves = self.current(state).moves
        return moves(state, seat) if moves is not None else ()

    def legal_actions(self, state: S, seat: Seat) -> list[A]:
        """Every action `seat` may take now; empty when it is not theirs to act."""
        if seat not in self.active(state):
            return []
        kinds = self.current(state).actions
        return [action for action in self.moves(state, seat) if isinstance(action, kinds)]

    def is_legal(self, state: S, seat: Seat, action: A) -> bool:
        """Whether `apply` accepts `action`: by definition, whether it is listed."""
        return action in self.legal_actions(state, seat)

    def refusal(self, state: S, seat: Seat, action: A) -> IllegalAction:
        """Why an action that is not legal is refused, in words a player understands:
        the game's own (`explain`) where it has them, else the contract's."""
        if self.result(state) is not None:
            return IllegalAction("engine.game_over")
        explained = self.explain(state, seat, action)
        if explained is not None:
            return explained
        if seat not in self.active(state):
            return IllegalAction("engine.not_your_turn")
        if not isinstance(action, self.current(state).actions):
            return IllegalAction("engine.wrong_step")
        return IllegalAction("engine.not_allowed")

    def explain(self, state: S, seat: Seat, action: A) -> IllegalAction | None:
        """A game's own words for a refused action (asked only once `is_legal` said
        no), or None for the contract's: "not your turn", "wrong step", "not allowed"."""
        return None

    def apply(self, state: S, seat: Seat, action: A) -> tuple[S, list[Event]]:
        """Apply one action, or raise `IllegalAction` if it is not legal."""
        if not self.is_legal(state, seat, action):
            raise self.refusal(state, seat, action)
        new = self.copy(state)
        events = self.play(new, seat, action)
        return new, events

    @abstractmethod
    def play(self, state: S, seat: Seat, action: A) -> list[Event]:
        """Apply a legal `action` by `seat` to `state` in place (a copy)."""

    def copy(self, state: S) -> S:
        """A copy that `play` and timeouts may change in place."""
        return copy_state(state)

    # -- time ---------------------------------------------------------------------

    def deadline(self, state: S, now: datetime) -> Deadline | None:
        """When the current phase times out, if it is timed (`now`: when it began)."""
        if self.result(state) is not None:
            return None
        phase = self.current(state)
        at = phase.ends(state, now) if phase.ends is not None else None
        if at is None:
            return None
        remind_at = phase.remind(state, now, at) if phase.remind is not None else None
        return Deadline(key=self.phase_key(state), at=at, remind_at=remind_at)

    def expire(self, state: S) -> tuple[S, list[Event]]:
        """Apply the documented default actions of the current phase's deadline."""
        timeout = self.current(state).timeout
        if timeout is None or self.result(state) is not None:
            return state, []
        new = self.copy(state)
        return new, timeout(new)

    # -- what people see ---------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> V:
        """What `seat` may see, or the public for `None`. Never another seat's secret."""

    def view_model(self) -> type[BaseModel]:
        """The model of this game's views (to read a stored view back, e.g. the public
        final table the statistics keep): by default the `V` of its `Game[...]` base."""
        for base in getattr(type(self), "__orig_bases__", ()):
            if typing.get_origin(base) is Game:
                model = typing.get_args(base)[3]
                if isinstance(model, type) and issubclass(model, BaseModel):
                    return model
        raise NotImplementedError(f"{self.id} names no view model")

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The final result, or None while the game goes on."""

    def matches(self, state: S) -> tuple[Match, ...]:
        """The contests a finished game is rated by (none while it goes on): by default
        one free-for-all by the result; a game of sides says who played on which."""
        result = self.result(state)
        return () if result is None else (free_for_all(result),)

    # -- computer players -------------------------------------------------------------

    def computers(self) -> Computers:
        """This game's computer players: its default, casual and strong policies and
        the sampler of what a seat cannot see (`games/computers.py`)."""
        raise NotImplementedError(f"{self.id} has no computer players yet")

    # -- parsing ---------------------------------------------------------------------------

    def parse_action(self, data: Any) -> A:
        """Validate an action from JSON (the action log) or a dict."""
        return typing.cast(A, _adapter(self.action_model).validate_python(data))

    def action_kinds(self) -> dict[str, type[BaseModel]]:
        """Each action model by its `type` tag (for compact encodings of actions)."""
        return action_kinds(self.action_model)

    def parse_options(self, data: Any) -> O:
        return typing.cast(O, self.options_model.model_validate(data or {}))

    def parse_state(self, data: dict[str, Any], version: int | None = None) -> S:
        """A stored state, brought up to `state_version` first (`version`: its own)."""
        version = self.state_version if version is None else version
        if version > self.state_version:
            raise ValueError(f"state version {version} is newer than {self.state_version}")
        while version < self.state_version:
            data = self.migrate_state(data, version)
            version += 1
        return typing.cast(S, self.state_model.model_validate(data))

    def migrate_state(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """A stored state of `version` as the state of `version + 1` (JSON in, JSON out)."""
        raise ValueError(f"{self.id} cannot read states of version {version}")


AnyGame = Game[Any, Any, Any, Any]
"""A game of any kind, as the host holds it."""


def copy_state(state: S) -> S:
    """A deep copy, made through the state's JSON form: several times faster than
    `model_copy(deep=True)`, and exactly what the store would give back."""
    return state.model_validate(state.model_dump(mode="json"))


@cache
def _adapter(tp: Any) -> TypeAdapter[Any]:
    return TypeAdapter(tp)


@cache
def action_kinds(model: Any) -> dict[str, type[BaseModel]]:
    """The model classes of an action model (a class, a union, or an annotated union)."""
    if isinstance(model, type) and issubclass(model, BaseModel):
        tag = model.model_fields["type"].default
        return {str(tag): model}
    found: dict[str, type[BaseModel]] = {}
    for arg in typing.get_args(model):
        if (isinstance(arg, type) and issubclass(arg, BaseModel)) or typing.get_args(arg):
            found.update(action_kinds(arg))
    return found


def dump_action(action: BaseModel) -> dict[str, Any]:
    return action.model_dump(mode="json")
