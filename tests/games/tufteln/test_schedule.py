"""Schedules: parsing in the options model and the next roll time (with DST)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from bot.i18n import has, t
from games.tufteln import GAME, next_roll_time

BERLIN_SPRING = datetime(2024, 3, 30, 12, 0, tzinfo=UTC)  # DST starts 31 March, 02:00
BERLIN_AUTUMN = datetime(2024, 10, 26, 12, 0, tzinfo=UTC)  # DST ends 27 October, 03:00


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("", ""),
        ("every 4h", "every 4h"),
        ("every 30m", "every 30m"),
        ("Every 90 minutes", "every 90m"),
        ("every 2 days", "every 2d"),
        ("every 120m", "every 2h"),
        ("daily 18:00 Europe/Berlin", "daily 18:00 Europe/Berlin"),
        ("daily 18:00 europe/berlin", "daily 18:00 Europe/Berlin"),
        ("daily 8:00,20:00", "daily 08:00,20:00 UTC"),
    ],
)
def test_options_store_the_canonical_schedule(text: str, stored: str) -> None:
    assert GAME.parse_options({"schedule": text}).schedule == stored


def refusal(options: dict[str, object]) -> str:
    """The catalog key an option error names (the host says its sentence)."""
    with pytest.raises(ValidationError) as caught:
        GAME.parse_options(options)
    key = str(caught.value.errors()[0]["msg"]).removeprefix("Value error, ")
    assert has(key), key
    return key


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("weekly", "unreadable"),
        ("every " + "4" * 80 + "h", "unreadable"),
        ("every 2m", "interval"),
        ("every 8d", "interval"),
        ("daily 24:00", "clock"),
        ("daily 18:00 Mars/Olympus", "zone"),
        ("every 9999999999d", "interval"),  # no overflow, a sentence
        ("daily 18:00 localtime", "zone"),  # the server's zone, not a place
        ("daily 18:00 Factory", "zone"),
        ("daily 18:00 EST", "zone"),
    ],
)
def test_bad_schedules_are_refused_with_a_sentence(text: str, key: str) -> None:
    assert refusal({"schedule": text}) == f"tufteln.option_error.{key}"


def test_a_turn_limit_and_a_schedule_do_not_mix() -> None:
    key = refusal({"schedule": "every 4h", "turn_seconds": 60})
    assert t(key, "en").startswith("A turn limit is for live play")
    assert t(key, "de").startswith("Ein Zeitlimit gibt es nur im Live-Spiel")


def test_interval_counts_from_the_previous_roll() -> None:
    after = utc(2024, 5, 6, 9, 13)
    assert next_roll_time("every 4h", after) == after + timedelta(hours=4)
    assert next_roll_time("every 30m", after) == after + timedelta(minutes=30)


def test_daily_is_the_next_local_time_strictly_after() -> None:
    assert next_roll_time("daily 18:00 UTC", utc(2024, 5, 6, 9)) == utc(2024, 5, 6, 18)
    assert next_roll_time("daily 18:00 UTC", utc(2024, 5, 6, 18)) == utc(2024, 5, 7, 18)
    # Berlin in summer is UTC+2.
    assert next_roll_time("daily 18:00 Europe/Berlin", utc(2024, 5, 6, 9)) == utc(2024, 5, 6, 16)


def test_daily_several_times_a_day() -> None:
    schedule = "daily 08:00,20:00 UTC"
    assert next_roll_time(schedule, utc(2024, 5, 6, 9)) == utc(2024, 5, 6, 20)
    assert next_roll_time(schedule, utc(2024, 5, 6, 21)) == utc(2024, 5, 7, 8)


def test_naive_times_are_taken_as_utc() -> None:
    naive = datetime(2024, 5, 6, 9, 0)
    assert next_roll_time("daily 18:00 UTC", naive) == utc(2024, 5, 6, 18)


def test_daily_keeps_the_local_hour_across_dst_changes() -> None:
    berlin = "daily 18:00 Europe/Berlin"
    before = next_roll_time(berlin, BERLIN_SPRING)  # Saturday, still winter time
    after = next_roll_time(berlin, before)  # Sunday, summer time
    assert before == utc(2024, 3, 30, 17)
    assert after == utc(2024, 3, 31, 16)
    assert after - before == timedelta(hours=23)
    autumn = next_roll_time(berlin, BERLIN_AUTUMN)
    assert next_roll_time(berlin, autumn) - autumn == timedelta(hours=25)


def test_a_time_skipped_by_dst_rolls_at_the_shifted_hour() -> None:
    # 02:30 does not exist in Berlin on 31 March 2024; it becomes 03:30 CEST.
    assert next_roll_time("daily 02:30 Europe/Berlin", BERLIN_SPRING) == utc(2024, 3, 31, 1, 30)


def test_scheduled_deadlines_follow_the_schedule() -> None:
    state = GAME.setup(2, GAME.parse_options({"schedule": "daily 18:00 Europe/Berlin"}), 3)
    # The lobby starts itself at the first roll time, and r0 is due as it starts.
    first = GAME.starts_at(GAME.parse_options({"schedule": state.schedule}), BERLIN_SPRING)
    assert first == utc(2024, 3, 30, 17)
    deadline = GAME.deadline(state, first)
    assert deadline is not None
    assert (deadline.key, deadline.at) == ("r0", first)
    state, _ = GAME.expire(state)
    deadline = GAME.deadline(state, deadline.at)
    assert deadline is not None
    assert (deadline.key, deadline.at) == ("r1", utc(2024, 3, 31, 16))
