"""Contexts for adapters, made from a game: the one place where the Discord side turns
a state into views. The table gets the public view; a seat gets its own view and its
legal actions, and nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.core.service import LiveGame
from bot.discord.adapters import adapter_for
from bot.discord.adapters.context import Context
from games.engine import AnyGame, Seat, State


def table_context(
    live: LiveGame, locale: str | None = None, *, for_away: bool = False
) -> Context[Any]:
    """What the whole table may see, in `locale` (default: the game's). `for_away`: the
    context tells a step the bot played for away players (`Context.for_away`)."""
    return _context(live, None, locale, for_away)


def seat_context(
    live: LiveGame, seat: Seat, locale: str | None = None, *, for_away: bool = False
) -> Context[Any]:
    """What one player may see and do, in `locale` (default: the game's)."""
    return _context(live, seat, locale, for_away)


def _context(
    live: LiveGame, seat: Seat | None, locale: str | None, for_away: bool = False
) -> Context[Any]:
    state = live.state  # one read: the loop may replace it while a thread draws
    assert state is not None, "a game's screens need a started game"
    return context_of(
        live.game,
        state,
        seat,
        locale=locale or live.row.locale,
        game_id=live.id,
        names=[p.display_name for p in live.players],
        user_ids=[p.user_id for p in live.players],
        channel_id=live.row.channel_id,
        version=live.row.version,
        deadline_at=live.deadline_at,
        finished=live.status == "finished",
        for_away=for_away,
    )


def context_of(
    game: AnyGame,
    state: State,
    seat: Seat | None,
    *,
    locale: str | None,
    game_id: int,
    names: Sequence[str],
    user_ids: Sequence[int],
    channel_id: int = 0,
    version: int = 0,
    deadline_at: float | None = None,
    finished: bool = False,
    for_away: bool = False,
) -> Context[Any]:
    """The context of one reader (`seat`, or the table for None) of a game's state."""
    legal = tuple(game.legal_actions(state, seat)) if seat is not None else ()
    return Context(
        view=game.view(state, seat),
        locale=locale,
        game_id=game_id,
        game_name=game.name,
        phase=game.phase_key(state),
        names=tuple(names),
        user_ids=tuple(user_ids),
        channel_id=channel_id,
        version=version,
        deadline_at=deadline_at,
        finished=finished,
        seat=seat,
        legal=legal,
        panel_key=adapter_for(game.id).panel_key,
        for_away=for_away,
    )
