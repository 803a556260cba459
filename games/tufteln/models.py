"""Tüfteln's options, state, action and views (pydantic models)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from games.engine import Options, Seat, State
from games.tufteln.schedule import canonical

ROUNDS = 15
MAX_SCHEDULE = 80  # characters of a schedule as typed


class TuftelnOptions(Options):
    variant: Literal["A", "B"] = Field(
        "A",
        description="A: two light fields or two blue fields side by side; B: two of one colour",
    )
    schedule: str = Field(
        "",
        description="Empty: live. Or roll on a schedule: 'every 4h', 'daily 18:00 Europe/Berlin'",
    )
    turn_seconds: int = Field(
        0, ge=0, le=86400, description="Live play: seconds to place each roll, 0 for no limit"
    )
    final_hours: int = Field(
        24, ge=1, le=168, description="Scheduled play: hours after the last roll to catch up"
    )
    remind: bool = Field(
        True,
        description="Remind by DM shortly before a turn limit ends, and when behind on a schedule",
    )

    # A refused option reaches the player who typed it: each error is a catalog key
    # (the host says its sentence in the reader's language).
    @field_validator("schedule")
    @classmethod
    def _schedule(cls, value: str) -> str:
        if len(value) > MAX_SCHEDULE:
            raise ValueError("tufteln.option_error.unreadable")
        return canonical(value)

    @model_validator(mode="after")
    def _one_clock(self) -> TuftelnOptions:
        if self.schedule and self.turn_seconds:
            raise ValueError("tufteln.option_error.two_clocks")
        return self


class Place(BaseModel):
    """Place roll number `roll` (1 = the first): die 1 into `first`, die 2 into `second`."""

    model_config = ConfigDict(frozen=True)  # a value: the engine hands out shared ones

    type: Literal["place"] = "place"
    roll: int = Field(ge=1, le=ROUNDS)
    first: str
    second: str

    @field_validator("first", "second")
    @classmethod
    def _field_name(cls, value: str) -> str:
        """Field names as the sheet spells them ('c4 ' is C4), so equal placements are
        equal actions."""
        return value.strip().upper()


class TuftelnState(State):
    variant: Literal["A", "B"]
    schedule: str  # canonical spelling; "" for live play
    turn_seconds: int
    final_hours: int
    remind: bool
    rolls: list[tuple[int, int]] = Field(default_factory=list)  # every roll so far, in order
    # Per seat. A sheet is 36 digits in reading order, "0" for an empty field: an
    # immutable string keeps copying the state cheap with hundreds of players.
    sheets: list[str]
    placed: list[int]  # how many rolls each seat has placed
    defaulted: list[int]  # how many of them were placed by the default
    last: list[tuple[str, str]]  # fields of each seat's latest placement ("", "" if none)
    over: bool = False


class SheetView(BaseModel):
    """One sheet with its score so far (points of squares already full)."""

    seat: Seat
    values: list[int]  # 36 fields in reading order, 0 = empty
    last: list[str]  # fields of the latest placement, for highlighting
    squares: list[str | None]  # category per square, None while not full
    points: list[int | None]
    bonus: int
    total: int
    full: bool
    defaulted: int  # rolls placed by the default
    rating: str | None = None  # solo rating id, once the sheet is full


class OpenRoll(BaseModel):
    roll: int  # 1-based roll number
    dice: tuple[int, int]


class TuftelnView(BaseModel):
    """Public: the rolls and who is behind; every sheet only once the game is over."""

    variant: Literal["A", "B"]
    schedule: str
    remind: bool
    rounds: int = ROUNDS
    rolls: list[tuple[int, int]]
    current: tuple[int, int] | None  # the latest roll
    phase: Literal["play", "final", "end"]
    placed: list[int]
    behind: list[int]  # rolls each seat still has to place
    over: bool
    sheets: list[SheetView] | None = None  # at the end only
    winners: list[Seat] = []
    # The viewing seat's own sheet and open rolls (per-seat views only).
    me: SheetView | None = None
    open_rolls: list[OpenRoll] = []
