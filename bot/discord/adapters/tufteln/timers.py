"""Scheduled play: the lobby's start at the first roll, and DM reminders.

A scheduled game stays open for joining until its first roll: an "autostart" timer,
set when the lobby opens, starts it at the first scheduled time (`next_roll_time`
after the lobby opened). The engine's first phase ("r0") would wait one more
interval after the start, so starting moves that deadline to now: the first roll
is made at once, whether the timer or the host started the game. Both timers live
in the store; a start interrupted by a restart is finished by the autostart timer.

A "reminder" timer some hours after each roll DMs the players who still have open
rolls: one timer per roll, so at most one reminder per roll and player.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.discord.adapters.tufteln.common import public_view, state_of, when
from bot.core.clock import as_datetime
from bot.core.errors import Refused
from bot.core.service import DEADLINE, Change, LiveGame
from bot.core.store import TimerRow
from bot.discord.ui import Button, Screen
from bot.discord.wording import say
from games.tufteln import next_roll_time

if TYPE_CHECKING:
    from bot.discord.presenter import Presenter

log = logging.getLogger(__name__)

AUTOSTART = "autostart"
REMINDER = "reminder"
REMIND_AFTER = 4 * 3600.0  # a reminder at most this long after a roll...
REMIND_SHARE = 0.5  # ...and halfway to the next deadline when that comes sooner
REMIND_MIN_GAP = 3600.0  # rolls closer together than this: no reminders


def schedule_of(live: LiveGame) -> str:
    return str(live.row.options.get("schedule") or "")


def first_roll_at(live: LiveGame) -> float:
    """When a scheduled game starts itself: the first roll time after its lobby opened."""
    return next_roll_time(schedule_of(live), as_datetime(live.row.created_at)).timestamp()


def lobby_lines(live: LiveGame, locale: str) -> list[str]:
    schedule = schedule_of(live)
    if not schedule:
        return []
    at = when(first_roll_at(live))
    return [say(live, "tufteln.ui.lobby_first_roll", locale, schedule=schedule, when=at)]


async def after(presenter: Presenter, change: Change) -> None:
    live = change.game
    if not schedule_of(live):
        return
    if change.kind == "opened":
        await presenter.service.scheduler.schedule(live.id, AUTOSTART, first_roll_at(live))
    elif change.kind == "started":
        await roll_now(presenter, live)
    elif live.status == "running" and any(e.key == "tufteln.rolled" for e in change.events):
        await _plan_reminder(presenter, live)


async def roll_now(presenter: Presenter, live: LiveGame) -> None:
    """Make the first roll now: move the deadline of phase r0 to this moment."""
    if live.status != "running" or live.phase != "r0":
        return
    now = presenter.service.clock.now()
    live.deadline_at = now
    await presenter.service.scheduler.schedule(live.id, DEADLINE, now, {"phase": "r0"})


async def _plan_reminder(presenter: Presenter, live: LiveGame) -> None:
    state = state_of(live)
    now = presenter.service.clock.now()
    if not state.remind or live.deadline_at is None:
        return
    gap = live.deadline_at - now
    if gap < REMIND_MIN_GAP:
        return
    due = now + min(REMIND_AFTER, gap * REMIND_SHARE)
    await presenter.service.scheduler.schedule(live.id, REMINDER, due, {"roll": len(state.rolls)})


async def on_timer(presenter: Presenter, live: LiveGame, timer: TimerRow, button: Button) -> None:
    if timer.kind == AUTOSTART:
        if live.status != "lobby":
            await roll_now(presenter, live)  # started, but the first roll never came
            return
        try:
            await presenter.service.start(live.id, None)
        except Refused as refusal:  # e.g. everyone left: the host may still start it
            log.info("game %s did not start itself: %s", live.id, refusal.key)
    elif timer.kind == REMINDER:
        await _remind(presenter, live, timer, button)


async def _remind(presenter: Presenter, live: LiveGame, timer: TimerRow, button: Button) -> None:
    """DM each player with open rolls (closed DMs: no reminder; the table shows it)."""
    if live.status != "running":
        return
    view = public_view(live)
    if timer.payload.get("roll") != len(view.rolls):
        return  # a later roll replaced this reminder
    locale = live.row.locale
    final = view.phase == "final"
    deadline = "tufteln.ui.reminder_final" if final else "tufteln.ui.reminder_next"
    tail = say(live, deadline, locale, when=when(live.deadline_at)) if live.deadline_at else ""
    for seat, count in enumerate(view.behind):
        if count < 1:
            continue
        key = "tufteln.ui.reminder_one" if count == 1 else "tufteln.ui.reminder_many"
        text = say(
            live,
            key,
            locale,
            channel=live.row.channel_id,
            count=count,
            roll=view.placed[seat] + 1,
        )
        content = f"{text}\n{tail}".strip()
        await presenter.direct(live, seat, Screen(content=content, rows=((button,),)))
