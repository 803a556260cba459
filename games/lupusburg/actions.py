"""The actions of Lupusburg, one model per kind, told apart by `type`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator


class Assign(BaseModel):
    """Put the chest in `chest` (one of your houses) with a Townsfolk under it.

    The Werewolf and the Thief never go under the chest and Townsfolk are alike, so
    the chest's house is the whole choice: your other character goes in the other house.
    """

    type: Literal["assign"] = "assign"
    chest: int


class Peek(BaseModel):
    """The Thief looks under a house."""

    type: Literal["peek"] = "peek"
    house: int


class Claw(BaseModel):
    """The Werewolf slaughters the character of a house."""

    type: Literal["claw"] = "claw"
    house: int


class Call(BaseModel):
    """The Burgomaster's privilege: call on a player, or `None` to skip it."""

    type: Literal["call"] = "call"
    target: int | None = None


class Show(BaseModel):
    """Show one of your living characters (the privilege, both ways)."""

    type: Literal["show"] = "show"
    house: int


class Draw(BaseModel):
    """Take your seal and draw three coins to bet."""

    type: Literal["draw"] = "draw"


class Pass(BaseModel):
    """Do not bet today (you may bet on a later day)."""

    type: Literal["pass"] = "pass"


class PlaceBet(BaseModel):
    """Keep the coin worth `coin` as a sealed bet that `target` is the Werewolf."""

    type: Literal["bet"] = "bet"
    coin: int
    target: int


class Done(BaseModel):
    """Done talking (the discussion, or your defence)."""

    type: Literal["done"] = "done"


class Vote(BaseModel):
    """First vote: put a token on the character of a house."""

    type: Literal["vote"] = "vote"
    house: int


class CastBallot(BaseModel):
    """Second vote: one suspect's house per token (twice the same one, or split)."""

    type: Literal["ballot"] = "ballot"
    houses: tuple[int, ...]

    @field_validator("houses")
    @classmethod
    def _canonical(cls, houses: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(houses))  # a ballot is a set of tokens: order does not matter


Action = Assign | Peek | Claw | Call | Show | Draw | Pass | PlaceBet | Done | Vote | CastBallot
LupusAction = Annotated[Action, Field(discriminator="type")]
