"""Small helpers shared by the Tüfteln screens: views, names, times."""

from __future__ import annotations

from typing import cast

from bot.core.service import LiveGame
from games.tufteln.models import TuftelnState, TuftelnView

NAMES_UP_TO = 10  # more players than this: counts instead of a wall of names


def state_of(live: LiveGame) -> TuftelnState:
    assert live.state is not None, "a Tüfteln screen needs a started game"
    return cast(TuftelnState, live.state)


def public_view(live: LiveGame) -> TuftelnView:
    return cast(TuftelnView, live.game.view(state_of(live), None))


def names(live: LiveGame) -> list[str]:
    return [p.display_name for p in live.players]


def when(at: float) -> str:
    """A moment as Discord shows it in each reader's time zone, with a countdown."""
    stamp = int(at)
    return f"<t:{stamp}:F> (<t:{stamp}:R>)"


def ranks(totals: list[int]) -> list[int]:
    """Competition ranks (1, 1, 3, ...) for totals sorted from highest."""
    result: list[int] = []
    for k, points in enumerate(totals):
        result.append(result[-1] if k and points == totals[k - 1] else k + 1)
    return result
