"""Time-outs read as time-outs: every default the clock plays for a player is told with
its own key ("Time ran out: ..."), never as the player's choice; the night's only to
the role itself. Reminders come before the end of the steps that wait for several
players at once (placement, the second vote) and of the night's prompts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.i18n import t
from games.engine import Event
from games.lupusburg import GAME
from games.lupusburg.actions import Assign, Call, Draw, Peek
from games.lupusburg.model import LupusState
from games.lupusburg.rules import role_seat

NOW = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)
NAMES = ("Andrew", "Bea", "Carl", "David", "Emma")


def told(events: list[Event], key: str) -> list[Event]:
    return [e for e in events if e.key == f"lupusburg.{key}"]


def english(event: Event) -> str:
    params = dict(event.params)
    for name in ("seat", "target_seat", "owner_seat"):
        if name in params:
            params[name.replace("seat", "player")] = NAMES[params[name]]
    return t(event.key, "en", **params)


def timed_out(lb, state: LupusState) -> tuple[LupusState, list[Event]]:
    lb.events.clear()
    state = lb.expire(state)
    return state, list(lb.events)


def test_a_timed_out_first_vote_token_is_told_as_the_clocks(lb) -> None:
    state = lb.all_done(lb.to_discussion(lb.night(lb.new(5), claw=8)))
    state = lb.first_vote(state, [2])  # Andrew chooses
    assert english(lb.events[-1]) == "Andrew puts a token on Bea's house 1."
    state, events = timed_out(lb, state)  # Bea's turn runs out
    (voted,) = told(events, "voted_timeout")
    token = state.tokens[-1]
    assert token.seat == 1 and voted.params == {
        "seat": 1,
        "owner_seat": token.house // 2,
        "owner_n": token.house % 2 + 1,
    }
    assert english(voted).startswith("Time ran out: Bea's token went to ")
    assert not told(events, "voted") and voted.to is None


def test_timed_out_privilege_show_and_bets(lb) -> None:
    state = lb.night(lb.new(5), claw=8)
    state, events = timed_out(lb, state)  # Andrew lets the privilege pass
    assert [english(e) for e in events] == [
        "Time ran out: Andrew, the Burgomaster, does not use the privilege today."
    ]
    assert state.phase == "betting"
    state, events = timed_out(lb, state)  # Andrew does not bet
    assert [english(e) for e in events] == ["Time ran out: Andrew does not bet today."]
    state = lb.act(state, 1, Draw())
    state, events = timed_out(lb, state)  # Bea drew but kept no coin
    assert [english(e) for e in events] == [
        "Time ran out: Bea kept no coin. The coins go back into the bag; the seal stays unused."
    ]

    state = lb.night(lb.lynch(lb.night(lb.new(5), claw=8), 9), claw=0)  # day 2: Bea's privilege
    state = lb.act(state, 1, Call(target=3))
    state, events = timed_out(lb, state)  # David does not choose what to show
    public = [e for e in events if e.to is None]
    assert [english(e) for e in public] == [
        "Time ran out: David showed Bea a character chosen at random, in secret."
    ]
    (seen,) = [e for e in events if e.to == (1,)]
    assert seen.key.endswith("_timeout") and english(seen).startswith(
        "Time ran out for David, so chance chose what you see: their house "
    )
    (shown,) = told(events, "showed_timeout")
    assert shown.to == (3,) and shown.params["target_seat"] == 1
    assert english(shown).startswith("Time ran out: Bea was shown the character of your house")
    state = lb.act(state, 1, lb.GAME.legal_actions(state, 1)[0])  # Bea shows back herself
    chosen = [e for e in lb.events if e.to is None][-1]
    assert english(chosen) == "Bea has shown David a character in secret."


def test_timed_out_placement_and_second_vote(lb) -> None:
    state = lb.setup(5)
    state = lb.act(state, 0, Assign(chest=1))
    state, events = timed_out(lb, state)
    placed = told(events, "placed_timeout")
    assert [e.params["seat"] for e in placed] == [1, 2, 3, 4] and all(e.to is None for e in placed)
    assert english(placed[0]) == "Time ran out: Bea's characters were placed at random."
    private = told(events, "chest_placed_timeout")
    assert [e.to for e in private] == [(1,), (2,), (3,), (4,)]
    assert english(private[0]).startswith("Time ran out: your chest went into your house ")
    assert state.phase == "thief" and told(events, "night")

    state = lb.all_done(lb.to_discussion(lb.night(lb.new(5), claw=8)))
    state = lb.all_done(lb.first_vote(state, [2, 6] * 5))
    state = lb.act(state, 2, lb.GAME.legal_actions(state, 2)[0])  # only Carl votes
    state, events = timed_out(lb, state)
    missed = told(events, "ballot_timeout")
    assert [(e.params["seat"], e.params["count"]) for e in missed] == [
        (0, 2),
        (1, 1),
        (3, 1),
        (4, 1),
    ]
    assert english(missed[0]) == (
        "Time ran out: Andrew cast no ballot, so their 2 tokens count for nobody."
    )
    assert (
        english(missed[1]) == "Time ran out: Bea cast no ballot, so their token counts for nobody."
    )


def test_the_nights_time_outs_are_told_to_the_role_alone(lb) -> None:
    state = lb.new(5)
    thief = role_seat(state, "thief")
    state, events = timed_out(lb, state)  # the Thief did not look
    (nothing,) = told(events, "peek_timeout")
    assert nothing.to == (thief,)
    assert english(nothing) == "Time ran out: you looked under no house tonight."
    public = [e.key for e in events if e.to is None]
    assert public == ["lupusburg.werewolf_wakes"]
    state, events = timed_out(lb, state)  # the Werewolf did not choose either
    (claw,) = told(events, "claw_default")
    assert claw.to == (role_seat(state, "werewolf"),)
    assert english(claw).startswith("Time ran out: your claw fell on ")

    looked = lb.act(lb.new(5), thief, Peek(house=0))
    _, events = timed_out(lb, looked)
    assert not told(events, "peek_timeout")  # the Thief looked: nothing to tell
    assert [e.key for e in events if e.to is None] == public  # the table hears the same


@pytest.mark.parametrize(
    ("phase", "options", "seconds", "before"),
    [
        ("assign", {"turn_seconds": 60}, 60, 15),  # a short phase: at three quarters
        ("assign", {"turn_seconds": 600}, 600, 60),  # a long one: a minute before its end
        ("thief", {"night_seconds": 30}, 30, 7.5),
        ("werewolf", {"night_seconds": 120}, 120, 30),
        ("second_vote", {"turn_seconds": 300}, 300, 60),
    ],
)
def test_reminders_before_the_end_of_simultaneous_and_night_steps(
    lb, phase: str, options: dict[str, int], seconds: int, before: float
) -> None:
    state = lb.setup(5, **options)
    while state.phase != phase:
        if state.phase == "assign":
            state = lb.new(5, **options)
        elif state.phase == "discussion":
            state = lb.all_done(state)
        elif state.phase == "first_vote":
            state = lb.all_done(lb.first_vote(state, [2, 6] * 5))
        elif state.phase in ("privilege", "betting"):
            state = lb.to_discussion(state)
        else:
            state = lb.expire(state)
    deadline = GAME.deadline(state, NOW)
    assert deadline is not None and deadline.at == NOW + timedelta(seconds=seconds)
    assert deadline.remind_at == deadline.at - timedelta(seconds=before)


def test_no_reminder_in_very_short_phases_or_turn_by_turn_steps(lb) -> None:
    state = lb.new(5, night_seconds=10)
    deadline = GAME.deadline(state, NOW)
    assert deadline is not None and deadline.remind_at is None
    day = lb.night(lb.new(5), claw=8)
    assert day.phase == "privilege"
    deadline = GAME.deadline(day, NOW)
    assert deadline is not None and deadline.remind_at is None  # the host pings this one
