"""Roll schedules for asynchronous play: 'every 4h', 'every 30m', 'daily 18:00 Europe/Berlin'.

A schedule is parsed once when the options are validated and stored in its
canonical spelling. A schedule that cannot be read raises ValueError with a catalog
key (`tufteln.option_error.*`): the host tells the player its sentence in their
language. German spellings are read too ('alle 4h',
'alle 2 Stunden', 'täglich 18:00 Europe/Berlin'). `describe` says a schedule in the
reader's language. `next_roll_time` is pure: the host uses it to announce the first
roll, the engine to time each next one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

if TYPE_CHECKING:  # the engine stays free of the drawing library
    from games.pictures import Say

MIN_INTERVAL = timedelta(minutes=5)
MAX_INTERVAL = timedelta(days=7)

# Keyed by the unit's first letter: m(inutes), h(ours), d(ays); German s(td, Stunden), t(age).
_MINUTES_PER = {"m": 1, "h": 60, "d": 1440, "s": 60, "t": 1440}
_INTERVAL = re.compile(
    r"(?:every|alle)\s+(\d+)\s*"
    r"(m|mins?|minutes?|minuten?|h|hrs?|hours?|std|stunden?|d|days?|t|tage?n?)",
    re.I,
)
_DAILY = re.compile(
    r"(?:daily|täglich|taeglich)\s+(\d{1,2}:\d{2}(?:\s*,\s*\d{1,2}:\d{2})*)(?:\s+(\S+))?",
    re.I,
)

UNREADABLE = "tufteln.option_error.unreadable"


@dataclass(frozen=True)
class Every:
    """A roll every `interval`, counted from the previous roll."""

    interval: timedelta

    def __str__(self) -> str:
        minutes = int(self.interval.total_seconds()) // 60
        if minutes % 1440 == 0:
            return f"every {minutes // 1440}d"
        if minutes % 60 == 0:
            return f"every {minutes // 60}h"
        return f"every {minutes}m"


@dataclass(frozen=True)
class Daily:
    """A roll at each of `times` (local wall-clock time in `zone`) every day."""

    times: tuple[time, ...]
    zone: str

    def __str__(self) -> str:
        clock = ",".join(t.strftime("%H:%M") for t in self.times)
        return f"daily {clock} {self.zone}"


Schedule = Every | Daily


NOT_PLACES = frozenset({"Factory", "localtime", "posixrules"})


def _is_place(zone: str) -> bool:
    return zone in ("UTC", "GMT") or ("/" in zone and zone.split("/")[0] not in NOT_PLACES)


@cache
def _zone_names() -> dict[str, str]:
    return {name.casefold(): name for name in available_timezones()}


def _zone(name: str) -> str:
    """The canonical IANA name for `name` (any case), or ValueError."""
    canonical = _zone_names().get(name.casefold())
    # Only IANA names of places ("Europe/Berlin") and UTC: "localtime" would mean the
    # server's zone and "Factory" is no zone anyone lives in.
    if canonical is None or not _is_place(canonical):
        raise ValueError("tufteln.option_error.zone")
    try:
        ZoneInfo(canonical)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError("tufteln.option_error.zone") from None
    return canonical


@cache
def parse_schedule(text: str) -> Schedule:
    """Parse a schedule; ValueError with a catalog key if it is not one."""
    text = " ".join(text.split())
    if match := _INTERVAL.fullmatch(text):
        amount, unit = int(match[1]), match[2].lower()
        minutes = amount * _MINUTES_PER[unit[0]]
        if minutes > MAX_INTERVAL.total_seconds() / 60:  # before timedelta overflows
            raise ValueError("tufteln.option_error.interval")
        interval = timedelta(minutes=minutes)
        if not MIN_INTERVAL <= interval <= MAX_INTERVAL:
            raise ValueError("tufteln.option_error.interval")
        return Every(interval)
    if match := _DAILY.fullmatch(text):
        times = []
        for clock in match[1].split(","):
            hours, minutes = (int(part) for part in clock.strip().split(":"))
            if hours > 23 or minutes > 59:
                raise ValueError("tufteln.option_error.clock")
            times.append(time(hours, minutes))
        zone = _zone(match[2]) if match[2] else "UTC"
        return Daily(tuple(sorted(set(times))), zone)
    raise ValueError(UNREADABLE)


def canonical(text: str) -> str:
    """The stored spelling of a schedule ('' stays '' for live play)."""
    return str(parse_schedule(text)) if text.strip() else ""


def describe(schedule: str, say: Say) -> str:
    """A schedule in the reader's words: 'every 4 hours', 'täglich um 18:00 (Europe/Berlin)'."""
    rule = parse_schedule(schedule)
    if isinstance(rule, Every):
        minutes = int(rule.interval.total_seconds()) // 60
        if minutes % 1440 == 0:
            return say("tufteln.schedule.days", count=minutes // 1440)
        if minutes % 60 == 0:
            return say("tufteln.schedule.hours", count=minutes // 60)
        return say("tufteln.schedule.minutes", count=minutes)
    times = ", ".join(t.strftime("%H:%M") for t in rule.times)
    return say("tufteln.schedule.daily", times=times, zone=rule.zone)


def next_roll_time(schedule: str, after: datetime) -> datetime:
    """The first scheduled roll strictly after `after` (naive means UTC), in UTC."""
    if after.tzinfo is None:
        after = after.replace(tzinfo=UTC)
    after = after.astimezone(UTC)
    rule = parse_schedule(schedule)
    if isinstance(rule, Every):
        return after + rule.interval
    zone = ZoneInfo(rule.zone)
    today = after.astimezone(zone).date()
    # Wall-clock times are resolved per day, so a roll stays at 18:00 local across a
    # DST change. A time skipped by the change lands on the shifted hour (fold=0).
    for offset in range(3):
        day = today + timedelta(days=offset)
        for clock in rule.times:
            at = _local(day, clock, zone).astimezone(UTC)
            if at > after:
                return at
    raise AssertionError("a daily schedule always has a time within three days")


def _local(day: date, clock: time, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, clock, tzinfo=zone)
