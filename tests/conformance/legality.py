"""Unlisted actions to try on a state: other seats' moves, moves of other states, and
listed moves with one field changed. Only valid models (the host parses first)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ValidationError


def _variants(value: Any, seen: set[Any]) -> list[Any]:
    if value is None:
        return [0, 1, -1, *sorted(seen, key=repr)[:3]]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1, -1, 0, 99, *sorted(seen, key=repr)[:4]]
    if isinstance(value, str):
        return ["", "Z9", value + value, *sorted(seen, key=repr)[:6]]
    if isinstance(value, list | tuple):
        items = list(value)
        out: list[Any] = [[], items[:-1], [*items, *items[-1:]], items[::-1]]
        for i, item in enumerate(items):
            for other in _variants(item, set()):
                out.append([*items[:i], other, *items[i + 1 :]])
        return out
    return []


def mutations(action: BaseModel, seen: dict[str, set[Any]]) -> list[BaseModel]:
    """`action` with one field changed at a time, or two of its fields swapped (values
    that still parse)."""
    data = action.model_dump(mode="python")
    found = []
    for name, value in data.items():
        if name == "type":
            continue
        for new in _variants(value, seen.get(name, set()) - {value}):
            try:
                found.append(type(action).model_validate({**data, name: new}))
            except (ValidationError, TypeError, ValueError):
                continue
    names = [n for n in data if n != "type"]
    for a, b in itertools.combinations(names, 2):  # two fields swapped (e.g. dice order)
        if type(data[a]) is type(data[b]) and data[a] != data[b]:
            try:
                found.append(type(action).model_validate({**data, a: data[b], b: data[a]}))
            except (ValidationError, TypeError, ValueError):
                continue
    return found


def field_values(actions: Iterable[BaseModel]) -> dict[str, set[Any]]:
    seen: dict[str, set[Any]] = {}
    for action in actions:
        for name, value in action.model_dump(mode="python").items():
            if name != "type" and not isinstance(value, list | dict):
                seen.setdefault(name, set()).add(value)
    return seen


def key(action: BaseModel) -> str:
    """A hashable identity of an action (models are not hashable)."""
    return f"{type(action).__qualname__}:{action.model_dump_json()}"


def unlisted(
    listed: list[BaseModel],
    others: Iterable[BaseModel],
    rng: random.Random,
    count: int,
) -> list[BaseModel]:
    """Up to `count` distinct actions not in `listed`: half from `others` (other seats'
    moves, moves of other states), half mutations of listed ones."""
    taken = {key(a) for a in listed}
    unique: dict[str, BaseModel] = {}
    for action in others:
        unique.setdefault(key(action), action)
    foreign = [a for k, a in unique.items() if k not in taken]
    picked = rng.sample(foreign, min(count // 2, len(foreign)))
    seen = field_values([*listed, *picked])
    mutated: dict[str, BaseModel] = {}
    for action in rng.sample(listed, min(len(listed), 8)):
        for changed in mutations(action, seen):
            k = key(changed)
            if k not in taken and k not in unique:
                mutated.setdefault(k, changed)
    rest = list(mutated.values())
    picked += rng.sample(rest, min(count - len(picked), len(rest)))
    return picked
