"""Custom ids of buttons and selects: everything a click needs, in at most 100 characters.

    lobby:<game>:<join|leave|start|cancel>
    abort:<game>:<yes|no>
    game:<game>:<phase>:<rest>   phase "-" when the control is valid in any phase

Carrying the game id (and the phase) makes every control work after a restart and
lets a click from an earlier phase be refused as stale.
"""

from __future__ import annotations

from dataclasses import dataclass

ANY_PHASE = "-"
MAX_LENGTH = 100


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


def game(game_id: int, phase: str | None, rest: str) -> str:
    custom_id = f"game:{game_id}:{phase or ANY_PHASE}:{rest}"
    if len(custom_id) > MAX_LENGTH:
        raise ValueError(f"custom_id too long: {custom_id}")
    return custom_id


def parse(custom_id: str) -> ControlId | None:
    scope, _, tail = custom_id.partition(":")
    if scope in ("lobby", "abort"):
        game_id, _, op = tail.partition(":")
        return ControlId(scope, int(game_id), None, op) if game_id.isdigit() else None
    if scope == "game":
        game_id, phase, rest = [*tail.split(":", 2), "", ""][:3]
        if not game_id.isdigit():
            return None
        return ControlId(scope, int(game_id), None if phase == ANY_PHASE else phase, rest)
    return None
