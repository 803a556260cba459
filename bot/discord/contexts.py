"""Contexts for adapters, made from a live game: the one place where the Discord side
turns a state into views. The table gets the public view; a seat gets its own view
and its legal actions, and nothing else."""

from __future__ import annotations

from typing import Any

from bot.core.service import LiveGame
from bot.discord.adapters import adapter_for
from bot.discord.adapters.context import Context
from games.engine import Seat


def table_context(live: LiveGame, locale: str | None = None) -> Context[Any]:
    """What the whole table may see, in `locale` (default: the game's)."""
    return _context(live, None, locale)


def seat_context(live: LiveGame, seat: Seat, locale: str | None = None) -> Context[Any]:
    """What one player may see and do, in `locale` (default: the game's)."""
    return _context(live, seat, locale)


def _context(live: LiveGame, seat: Seat | None, locale: str | None) -> Context[Any]:
    state = live.state  # one read: the loop may replace it while a thread draws
    assert state is not None, "a game's screens need a started game"
    game = live.game
    legal = tuple(game.legal_actions(state, seat)) if seat is not None else ()
    return Context(
        view=game.view(state, seat),
        locale=locale or live.row.locale,
        game_id=live.id,
        game_name=game.name,
        phase=game.phase_key(state),
        names=tuple(p.display_name for p in live.players),
        user_ids=tuple(p.user_id for p in live.players),
        channel_id=live.row.channel_id,
        version=live.row.version,
        deadline_at=live.deadline_at,
        finished=live.status == "finished",
        seat=seat,
        legal=legal,
        panel_key=adapter_for(live.row.kind).panel_key,
    )
