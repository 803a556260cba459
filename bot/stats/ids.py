"""Custom ids of the statistics' buttons. Each carries what its click needs and no
more: the page to show (read afresh when pressed, so an old message still shows the
board as it is now), the game; the server and the member come with the click.

    board:<game>:<page>          a page of a game's leaderboard
    history:<page>               a page of the server's history
    stats:again                  a member who left the statistics is counted again
    stats:forget:<yes|no>        /stats forget's question
    stats:reset:<game>:<yes|no>  /stats reset's question (Manage Server)
"""

from __future__ import annotations

from dataclasses import dataclass

SCOPES = ("board", "history", "stats")
HISTORY = "history"
COUNT_AGAIN = "stats:again"


@dataclass(frozen=True)
class Click:
    scope: str
    kind: str  # the game, where the control has one ("" otherwise)
    page: int  # the page to show (paging controls)
    answer: str  # yes / no / again (questions)


def board(kind: str) -> str:
    return f"board:{kind}"


def page(target: str, number: int) -> str:
    return f"{target}:{max(number, 0)}"


def forget(answer: str) -> str:
    return f"stats:forget:{answer}"


def reset(kind: str, answer: str) -> str:
    return f"stats:reset:{kind}:{answer}"


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 7 else None


def parse(custom_id: str) -> Click | None:
    """The click a custom id stands for, or None (another scope, or malformed)."""
    parts = custom_id.split(":")
    scope = parts[0]
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
