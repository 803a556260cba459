"""Options, actions and state of Super Mega Lucky Box."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator

from games.engine import Options, State

ROUNDS = 4
REVEALS = 9  # number cards revealed per round (of 18)
KEEP, OFFER_START = 3, 5  # keep 3 of 5 at the start
OFFER_LATER = 3  # choose 1 of 3 before rounds 2-4


class LuckyOptions(Options):
    lightning: int = Field(4, ge=0, le=9, description="Lightning tokens each player starts with")
    reveal_limit: int = Field(
        60, ge=0, le=3600, description="Seconds per reveal (card choices: twice that), 0 for none"
    )


# -- actions ----------------------------------------------------------------------------


class Keep(BaseModel):
    """At the start: the 3 cards (ids) kept of the 5 dealt."""

    type: Literal["keep"] = "keep"
    cards: tuple[int, int, int]

    @field_validator("cards")
    @classmethod
    def _ordered(cls, value: tuple[int, int, int]) -> tuple[int, int, int]:
        a, b, c = sorted(value)
        return (a, b, c)


class Take(BaseModel):
    """Before rounds 2-4: the card (id) taken of the 3 offered."""

    type: Literal["take"] = "take"
    card: int


class Cross(BaseModel):
    """The reveal's crossing: box `box` (0-8, row by row) of card `card` (its id), with
    as much lightning as the number needs to become that box's digit."""

    type: Literal["cross"] = "cross"
    card: int
    box: int


class Bonus(BaseModel):
    """Use the current number or ? bonus: cross box `box` of card `card` (no lightning)."""

    type: Literal["bonus"] = "bonus"
    card: int
    box: int


class Pass(BaseModel):
    """Cross nothing for this reveal."""

    type: Literal["pass"] = "pass"


class Decline(BaseModel):
    """Leave the current number or ? bonus unused."""

    type: Literal["decline"] = "decline"


class Order(BaseModel):
    """Two bonuses from one crossing: resolve `first` (a bonus token) first."""

    type: Literal["order"] = "order"
    first: str


LuckyAction = Keep | Take | Cross | Bonus | Pass | Decline | Order
ACTION_MODEL = Annotated[LuckyAction, Field(discriminator="type")]


# -- state --------------------------------------------------------------------------------


class Held(BaseModel):
    """A card in play: its id and its crossed boxes (bit i = box i)."""

    card: int
    crossed: int = 0


class Done(BaseModel):
    """A completed card and the round its last box was crossed in."""

    card: int
    round: int


class Board(BaseModel):
    """Everything one player has."""

    cards: list[Held] = Field(default_factory=list)
    completed: list[Done] = Field(default_factory=list)
    lightning: int
    moons: int = 0
    stars: list[int] = Field(default_factory=lambda: [0] * ROUNDS)  # stars gained per round
    card_points: list[int] = Field(default_factory=lambda: [0] * ROUNDS)
    star_points: list[int] = Field(default_factory=lambda: [0] * ROUNDS)  # at each round's end


class Turn(BaseModel):
    """One player's part of the current reveal, private until the reveal resolves:
    their board with this reveal's crossings, and the bonuses still to resolve."""

    board: Board
    based: bool = False  # the reveal's own crossing is made (or passed)
    pending: list[str] = Field(default_factory=list)  # bonuses to resolve, current first
    ordering: bool = False  # the first two pending came from one crossing: choose the order
    crossings: int = 0  # boxes crossed in this reveal (the base one and bonus ones)
    spent: int = 0  # lightning spent on the base crossing
    numbers: int = 0  # number bonuses gained
    lost: int = 0  # number bonuses lost for lack of a box
    declined: int = 0
    completed: int = 0  # cards completed in this reveal


Stage = Literal["keep", "choose", "reveal", "over"]


class Stats(BaseModel):
    """Figures kept for the statistics (public: taken from resolved reveals)."""

    longest_chain: int = 0  # most boxes crossed by one player in one reveal
    lost_numbers: int = 0
    number_bonuses: int = 0  # number bonuses gained (lost or not)


class LuckyState(State):
    lightning_start: int
    reveal_limit: int
    stage: Stage = "keep"
    round: int = 1
    deck: list[int]  # undealt card ids; dealt from the end
    offers: list[list[int]]  # per seat: the cards to choose from (private until chosen)
    picks: list[list[int] | None]  # per seat: the cards chosen (private until all chose)
    discarded: list[int] = Field(default_factory=list)  # face up
    boards: list[Board]  # per seat, as the table knows them
    numbers: list[int] = Field(default_factory=list)  # the round's 18 shuffled number cards
    reveal: int = 0  # 1..9 during a round's reveals
    turns: list[Turn | None] = Field(default_factory=list)
    auto_passed: list[bool] = Field(default_factory=list)  # no box reachable this reveal
    stats: Stats = Field(default_factory=Stats)
    winners: list[int] | None = None
    tiebreak: bool = False  # the winner was found by the moons tie-break
