"""Custom ids of buttons and selects: everything a click needs, in at most 100 characters.

    lobby:<game>:<join|leave|start|cancel>
    abort:<game>:<yes|no>
    away:<game>:back                 a player away says they are back
    rematch:<game>:new               a new lobby like this finished game
    game:<game>:<phase>:panel        open the player's private panel
    game:<game>:<phase>:@<step>      a step within the panel (e.g. die 1 chosen, now die 2)
    game:<game>:<phase>:<action>     a concrete action of the game's action model

phase is "-" when the control is valid in any phase. One codec serves every game:
an action is its `type` tag and its other fields in declaration order, joined by
":"; list items are joined by "+", None is empty. `Add(amount=2)` is `add:2`,
`Place(roll=3, first="A1", second="B2")` is `place:3:A1:B2`.

A select's own id may hold `*` where its chosen values go (joined by "+"): a select
of houses `vote:*`, a select of two positions `peek:*`, a select whose values are
whole placements `place:3:*` with values such as `A1:B2`. Carrying the game id and
the phase makes every control work after a restart, and a click from an earlier
phase is refused as stale.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import NoneType, UnionType
from typing import Any

from pydantic import BaseModel

ANY_PHASE = "-"
MAX_LENGTH = 100
PANEL = "panel"
STEP = "@"
FIELD, ITEM, HOLE = ":", "+", "*"


@dataclass(frozen=True)
class ControlId:
    scope: str
    game_id: int
    phase: str | None
    rest: str


def lobby(game_id: int, op: str) -> str:
    return f"lobby:{game_id}:{op}"


def abort(game_id: int, answer: str) -> str:
    return f"abort:{game_id}:{answer}"


def back(game_id: int) -> str:
    return f"away:{game_id}:back"


def rematch(game_id: int) -> str:
    return f"rematch:{game_id}:new"


def game(game_id: int, phase: str | None, rest: str) -> str:
    custom_id = f"game:{game_id}:{phase or ANY_PHASE}:{rest}"
    if len(custom_id) > MAX_LENGTH:
        raise ValueError(f"custom_id too long: {custom_id}")
    return custom_id


def _number(text: str) -> int | None:
    """A game id: ASCII digits only (`int` would also read '²' or '٣')."""
    return int(text) if text.isascii() and text.isdigit() else None


def parse(custom_id: str) -> ControlId | None:
    scope, _, tail = custom_id.partition(":")
    if scope in ("lobby", "abort", "away", "rematch"):
        game_id, _, op = tail.partition(":")
        number = _number(game_id)
        return ControlId(scope, number, None, op) if number is not None else None
    if scope == "game":
        game_id, phase, rest = [*tail.split(":", 2), "", ""][:3]
        number = _number(game_id)
        if number is None:
            return None
        return ControlId(scope, number, None if phase == ANY_PHASE else phase, rest)
    return None


# -- actions ------------------------------------------------------------------------------


def _item(value: Any) -> str:
    text = "" if value is None else str(int(value) if isinstance(value, bool) else value)
    if any(mark in text for mark in (FIELD, ITEM, HOLE)):
        raise ValueError(f"{text!r} cannot be part of a control's id")
    return text


def encode(action: BaseModel) -> str:
    """An action as a control's `rest`: its tag, then its fields (see above)."""
    parts = [str(getattr(action, "type"))]  # noqa: B009
    for name in type(action).model_fields:
        if name == "type":
            continue
        value = getattr(action, name)
        if isinstance(value, list | tuple):
            parts.append(ITEM.join(_item(v) for v in value))
        else:
            parts.append(_item(value))
    return FIELD.join(parts)


def template(action_type: str, *fixed: Any) -> str:
    """A select's `rest`: the tag, the fields known already, and `*` for the choice."""
    return FIELD.join([action_type, *(_item(v) for v in fixed), HOLE])


def fill(rest: str, values: Sequence[str]) -> str:
    """A select's `rest` with its chosen values put in the hole."""
    if HOLE not in rest:
        return rest
    return rest.replace(HOLE, ITEM.join(values), 1)


def decode(rest: str, kinds: Mapping[str, type[BaseModel]]) -> dict[str, Any] | None:
    """The action data a control's `rest` stands for (the game then validates it), or
    None when it names no action of this game."""
    tag, *parts = rest.split(FIELD)
    model = kinds.get(tag)
    if model is None:
        return None
    names = [name for name in model.model_fields if name != "type"]
    if len(parts) != len(names):
        return None
    data: dict[str, Any] = {"type": tag}
    for name, part in zip(names, parts, strict=True):
        data[name] = _value(model.model_fields[name].annotation, part)
    return data


def _value(annotation: Any, part: str) -> Any:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (UnionType, typing.Union) and NoneType in args:
        if part == "":
            return None
        rest = [a for a in args if a is not NoneType]
        return _value(rest[0], part) if len(rest) == 1 else part
    if origin in (list, tuple):
        return part.split(ITEM) if part else []
    return part
