"""Options, actions and state of Miss Lupun.

Cards are strings: a task card is its task's id (`tasks.Task.id`), a joker card
`J1`..`J7`, a win card `W1`..`W3`. A placed tile is a number 0..9 or `JOKER`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.engine import Options, State

JOKER = -1  # a joker tile, in `Place.tile` and on the board
TILES = tuple(range(10))
JOKER_CARDS = tuple(f"J{n}" for n in range(1, 8))
WIN_CARDS = tuple(f"W{n}" for n in range(1, 4))


def is_joker_card(card: str) -> bool:
    return card in JOKER_CARDS


def is_win_card(card: str) -> bool:
    return card in WIN_CARDS


def is_task_card(card: str) -> bool:
    return not (is_joker_card(card) or is_win_card(card))


class LupunOptions(Options):
    variant: Literal["basic", "jokers"] = Field(
        "basic", description="jokers: 7 joker cards and 3 win cards are shuffled into the deck"
    )
    goal: Literal["rounds", "tiles"] = Field(
        "rounds",
        description="rounds: highest total after the rounds; tiles: first to turn all 10 tiles",
    )
    rounds: int = Field(
        0, ge=0, le=12, description="Rounds of the rounds goal; 0: one per other player"
    )
    deck: Literal["full", "short"] = Field(
        "full", description="full: 139 tasks; short: 36 tasks, easier to guess"
    )
    turn_seconds: int = Field(0, ge=0, le=86400, description="Seconds per step, 0 for none")


# -- actions ----------------------------------------------------------------------------


class Keep(BaseModel):
    """Keep 3 of the 4 task cards drawn: `drop` goes under the stack."""

    type: Literal["keep"] = "keep"
    drop: str


class Place(BaseModel):
    """Choose where a tile goes: a number tile (0..9) or a joker tile (`JOKER`) on an
    empty space ('B3'). Nothing is placed before `Confirm` (misclicks cost games)."""

    type: Literal["place"] = "place"
    space: str
    tile: int


class Confirm(BaseModel):
    """Put the chosen tile on the chosen space."""

    type: Literal["confirm"] = "confirm"


class Change(BaseModel):
    """Drop the choice of tile and space, to choose again."""

    type: Literal["change"] = "change"


class Toggle(BaseModel):
    """The long game: add a tile to the tiles to turn, or take it back (after a
    round: summing to at most its points, the 0 free; before the first round: a
    handicap, keeping one tile at least)."""

    type: Literal["toggle"] = "toggle"
    tile: int


class Done(BaseModel):
    """Turn the chosen tiles (see `Toggle`)."""

    type: Literal["done"] = "done"


LupunAction = Keep | Place | Confirm | Change | Toggle | Done
ACTION_MODEL = Annotated[LupunAction, Field(discriminator="type")]


# -- state ------------------------------------------------------------------------------

Stage = Literal["handicap", "keep", "place", "turn", "over"]  # the engine adds "confirm"
Reason = Literal["tiles", "win_card", "points", "limit"]


class SeatReport(BaseModel):
    """One seat's revealed round: its tasks, which it solved, the joker values it chose."""

    tasks: list[str]
    solved: list[str]
    points: int
    jokers: dict[str, int] = {}  # joker values by space name ('C3': 5)
    win_card: bool = False


class RoundReport(BaseModel):
    """A finished round, public: every task is revealed at its end."""

    round: int
    board: list[int | None]
    owners: list[int | None]
    seats: list[SeatReport]
    win_card_winners: list[int] = Field(default_factory=list)


def _empty_board() -> list[int | None]:
    return [None] * 24


class LupunState(State):
    variant: Literal["basic", "jokers"]
    goal: Literal["rounds", "tiles"]
    rounds: int  # the rounds goal's number of rounds
    turn_seconds: int
    stage: Stage = "keep"
    round: int = 1
    first: int = 0  # the seat that begins this round
    to_act: int = 0
    turn: int = 0  # placements made this round
    # Cards: the stack's top is the end of the list; "under the stack" is index 0.
    stack: list[str]
    discard: list[str] = Field(default_factory=list)
    # By seat: the 4 tasks drawn (until 3 are kept), the kept tasks (secret until
    # the round's end), the joker and win cards drawn this round.
    drawn: list[list[str]] = Field(default_factory=list)
    hands: list[list[str]] = Field(default_factory=list)
    specials: list[list[str]] = Field(default_factory=list)
    win_card: list[bool] = Field(default_factory=list)  # a win card lies face up before the seat
    jokers: list[int] = Field(default_factory=list)  # joker tiles each seat still holds
    tiles: list[list[int]] = Field(default_factory=list)  # number tiles each seat still holds
    board: list[int | None] = Field(default_factory=lambda: _empty_board())  # JOKER for a joker
    owners: list[int | None] = Field(default_factory=lambda: _empty_board())
    turned: list[list[int]] = Field(default_factory=list)  # the long game: each seat's turned tiles
    to_turn: list[int] = Field(default_factory=list)  # seats still to turn (handicap / turn)
    pending: list[list[int]] = Field(default_factory=list)  # the tiles each seat means to turn
    draft: tuple[int, int] | None = None  # the placer's chosen (space, tile), unconfirmed
    totals: list[int] = Field(default_factory=list)
    history: list[list[int]] = Field(default_factory=list)  # each finished round's points by seat
    last_round: RoundReport | None = None
    winners: list[int] | None = None
    reason: Reason | None = None
