"""Custom ids of the statistics' buttons. Each carries what its click needs and no
more: the page to show (read afresh when pressed, so an old message still shows the
board as it is now), the game; the server and the member come with the click.

    board:<game>:<page>          a page of a game's leaderboard
    history:<page>               a page of the server's history
    stats:again                  a member who left the statistics is counted again
    stats:forget:<yes|no>        /stats forget's question
    stats:reset:<game>:<yes|no>  /stats reset's question (Manage Server)
    past:<id>                    a finished game's page (its final table and result)
    replay:<id>:<step>:<reader>[:<tag>]  its replay at a step (reader `t`: the table, or
                                 a seat); tag `new`: in a message of its own, else the
                                 button's name (two buttons may lead to one step)
    replay:<id>:<step>:seen      the select of whose view; its value is the reader
    record:<id>                  its record, as a file

A game's id is no proof of anything: the click's server must be the game's, and the
game must be over and in that server's history (`bot.core.store.records`).
"""

from __future__ import annotations

from dataclasses import dataclass

SCOPES = ("board", "history", "stats", "past", "replay", "record")
HISTORY = "history"
COUNT_AGAIN = "stats:again"
TABLE = "t"  # a replay's reader: the public table
SEEN = "seen"  # the select of a replay's reader
NEW = "new"
TAGS = (NEW, "start", "back", "forward", "end")  # a replay button's last part


@dataclass(frozen=True)
class Click:
    scope: str
    kind: str  # the game, where the control has one ("" otherwise)
    page: int  # the page to show (paging controls); a replay's step
    answer: str  # yes / no / again (questions)
    game_id: int = 0  # a finished game (its page, replay and record)
    reader: int | None = None  # a replay's reader: a seat, or None for the table
    pick: bool = False  # the select of the reader (its chosen value says whose)
    new: bool = False  # shown in a message of its own, not in the clicked one


def board(kind: str) -> str:
    return f"board:{kind}"


def page(target: str, number: int) -> str:
    return f"{target}:{max(number, 0)}"


def forget(answer: str) -> str:
    return f"stats:forget:{answer}"


def reset(kind: str, answer: str) -> str:
    return f"stats:reset:{kind}:{answer}"


def past(game_id: int) -> str:
    return f"past:{game_id}"


def replay(game_id: int, step: int, reader: int | None, tag: str = "") -> str:
    who = TABLE if reader is None else str(reader)
    return f"replay:{game_id}:{max(step, 0)}:{who}" + (f":{tag}" if tag else "")


def replay_pick(game_id: int, step: int) -> str:
    return f"replay:{game_id}:{max(step, 0)}:{SEEN}"


def record(game_id: int) -> str:
    return f"record:{game_id}"


def reader_of(value: str) -> int | None:
    """A replay's reader from a control (`t`, or a seat); None: the table."""
    return _number(value) if value != TABLE else None


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 7 else None


def _game_id(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 20 else None


def _past(parts: list[str]) -> Click | None:
    """A control of a finished game: its page, its replay, its record."""
    scope = parts[0]
    game_id = _game_id(parts[1]) if len(parts) > 1 else None
    if game_id is None:
        return None
    if scope in ("past", "record") and len(parts) == 2:
        return Click(scope, "", 0, "", game_id)
    if scope != "replay" or len(parts) not in (4, 5) or (step := _number(parts[2])) is None:
        return None
    if parts[3] == SEEN and len(parts) == 4:
        return Click(scope, "", step, "", game_id, pick=True)
    if parts[3] != TABLE and _number(parts[3]) is None:
        return None
    if len(parts) == 5 and parts[4] not in TAGS:
        return None
    new = len(parts) == 5 and parts[4] == NEW
    return Click(scope, "", step, "", game_id, reader_of(parts[3]), new=new)


def parse(custom_id: str) -> Click | None:
    """The click a custom id stands for, or None (another scope, or malformed)."""
    parts = custom_id.split(":")
    scope = parts[0]
    if scope in ("past", "replay", "record"):
        return _past(parts)
    if scope == "board" and len(parts) == 3 and (number := _number(parts[2])) is not None:
        return Click(scope, parts[1], number, "")
    if scope == "history" and len(parts) == 2 and (number := _number(parts[1])) is not None:
        return Click(scope, "", number, "")
    if custom_id == COUNT_AGAIN:
        return Click("again", "", 0, "yes")
    if scope == "stats" and len(parts) == 3 and parts[1] == "forget":
        return Click("forget", "", 0, parts[2])
    if scope == "stats" and len(parts) == 4 and parts[1] == "reset":
        return Click("reset", parts[2], 0, parts[3])
    return None
