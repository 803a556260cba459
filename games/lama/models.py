"""Options, actions and state of No Prob-Lama."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator

from games.engine import Options, State
from games.lama.scoring import LayoutScore


class LamaOptions(Options):
    variant: Literal["lamas", "points"] = Field(
        "lamas",
        description="lamas: first to 3 wins (2 with 5-6 players); points: fewest after 4 rounds",
    )
    turn_seconds: int = Field(0, ge=0, le=86400, description="Seconds per turn step, 0 for none")


# -- actions ----------------------------------------------------------------------------


class Peek(BaseModel):
    """At the start of a round: look at two of one's own face-down cards."""

    type: Literal["peek"] = "peek"
    positions: tuple[int, int]

    @field_validator("positions")
    @classmethod
    def _ordered(cls, value: tuple[int, int]) -> tuple[int, int]:
        return (min(value), max(value))


class Draw(BaseModel):
    """Action A: take the top card of the draw pile."""

    type: Literal["draw"] = "draw"


class TakeDiscard(BaseModel):
    """Action B: take the top card of the discard pile."""

    type: Literal["take_discard"] = "take_discard"


class Exchange(BaseModel):
    """Put the held card at `position` (0..8, row by row); that card goes to the discard."""

    type: Literal["exchange"] = "exchange"
    position: int


class Discard(BaseModel):
    """Put a card drawn from the pile face up on the discard pile."""

    type: Literal["discard"] = "discard"


class Give(BaseModel):
    """Give the held Drama-Lama or Karma-Lama to another player."""

    type: Literal["give"] = "give"
    to_seat: int


class Pass(BaseModel):
    """Pass one's final turn (once someone has turned over their last card)."""

    type: Literal["pass"] = "pass"


LamaAction = Peek | Draw | TakeDiscard | Exchange | Discard | Give | Pass
ACTION_MODEL = Annotated[LamaAction, Field(discriminator="type")]


# -- state --------------------------------------------------------------------------------

Stage = Literal["peek", "turn", "over"]  # the round's stage (the engine's phases split "turn")
Step = Literal["choose", "drawn", "taken"]  # in a turn: before taking, holding a drawn/taken card


class SeatResult(BaseModel):
    """One seat's final layout and score in a finished round."""

    cards: list[str]  # the 9 kinds, row by row, all revealed
    received: list[str]  # special cards received
    layout: LayoutScore
    received_points: int
    total: int


class RoundReport(BaseModel):
    """A finished round, public: everything is revealed at the end of a round."""

    round: int
    seats: list[SeatResult]
    winners: list[int]  # lowest score; each receives a Lama in the lamas variant
    ender: int  # who turned over their last card


class LamaState(State):
    variant: Literal["lamas", "points"]
    turn_seconds: int
    target: int  # Lamas needed to win; rises by one after a tie at the decider
    round: int = 1
    dealer: int
    starter: int  # left of the dealer; began this round
    phase: Stage = "peek"
    # Card ids; layouts row by row, piles with the top card last.
    layouts: list[list[int]]
    face_up: list[list[bool]]
    peeked: list[list[int]]  # the two positions each seat looked at (empty: not yet)
    received: list[list[int]]
    draw_pile: list[int]
    discard: list[int]
    to_act: int = 0
    step: Step = "choose"
    held: int | None = None
    turn: int = 0  # turns begun in this round
    substep: int = 0  # actions within this turn
    ender: int | None = None  # who turned over their last card; final turns follow
    lamas: list[int]
    totals: list[int]
    history: list[list[int]] = Field(default_factory=list)  # each finished round's scores by seat
    last_round: RoundReport | None = None
    winners: list[int] | None = None
