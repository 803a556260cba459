"""One codec for every game's controls: a custom_id names a concrete action."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field

from bot.discord import ids
from games.engine import action_kinds


class Place(BaseModel):
    type: Literal["place"] = "place"
    roll: int
    first: str
    second: str


class Call(BaseModel):
    type: Literal["call"] = "call"
    target: int | None = None


class Peek(BaseModel):
    type: Literal["peek"] = "peek"
    positions: tuple[int, int]


class Done(BaseModel):
    type: Literal["done"] = "done"


Action = Annotated[Place | Call | Peek | Done, Field(discriminator="type")]
KINDS = action_kinds(Action)


@pytest.mark.parametrize(
    ("action", "rest"),
    [
        (Place(roll=3, first="A1", second="B2"), "place:3:A1:B2"),
        (Call(target=None), "call:"),
        (Call(target=2), "call:2"),
        (Peek(positions=(0, 8)), "peek:0+8"),
        (Done(), "done"),
    ],
)
def test_an_action_is_its_tag_and_fields_and_decodes_to_itself(
    action: BaseModel, rest: str
) -> None:
    assert ids.encode(action) == rest
    data = ids.decode(rest, KINDS)
    assert data is not None and type(action).model_validate(data) == action


def test_a_select_fills_its_hole_with_the_chosen_values() -> None:
    assert ids.fill(ids.template("peek"), ["2", "7"]) == "peek:2+7"
    assert ids.fill(ids.template("place", 3), ["A1:B2"]) == "place:3:A1:B2"
    assert ids.fill("done", []) == "done"


@pytest.mark.parametrize("rest", ["fly:1", "place:3:A1", "place:3:A1:B2:C3", ""])
def test_what_names_no_action_of_the_game_decodes_to_nothing(rest: str) -> None:
    assert ids.decode(rest, KINDS) is None


def test_a_value_that_would_break_the_codec_is_refused_when_the_control_is_made() -> None:
    with pytest.raises(ValueError, match="cannot be part"):
        ids.encode(Place(roll=1, first="A:1", second="B2"))


@pytest.mark.parametrize("custom_id", ["game:²:r1:done", "game:٣:-:panel", "lobby:¹:join"])
def test_a_game_id_with_other_digits_than_ascii_is_no_control(custom_id: str) -> None:
    assert ids.parse(custom_id) is None


def test_custom_ids_stay_within_discords_limit() -> None:
    with pytest.raises(ValueError, match="too long"):
        ids.game(1, "r1", "x" * 100)
