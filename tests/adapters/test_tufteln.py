"""Tüfteln's Discord screens built from engine states through contexts, without Discord."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest

from bot.discord import ids
from bot.discord.adapters.base import Happened
from bot.discord.adapters.context import Context
from bot.discord.adapters.pictures import Kept
from bot.discord.adapters.tufteln import ADAPTER, panel, render
from bot.discord.ui import Button, Picture, Screen, Section, Select
from bot.discord.ui import controls as all_controls
from games.engine import Event, Seat
from games.pictures import name_letters
from games.tufteln import GAME
from games.tufteln.models import Place, TuftelnState, TuftelnView
from tests.support.marked import (
    languages,
    marked_catalog,
    record_drawn_text,
    screen_texts,
    unmarked,
)
from tests.support.words import words

NOW = 1_800_000_000.0
GAME_IDS = itertools.count(7)  # each table its own game (the scoreboard cache keys on it)


class Table:
    """A started game as the host holds it: a state, names and the phase's deadline."""

    def __init__(
        self, seats: int, options: dict[str, Any] | None = None, locale: str = "en"
    ) -> None:
        self.state: TuftelnState = GAME.setup(seats, GAME.parse_options(options or {}), seed=11)
        self.names = tuple(f"Player{s:03}" for s in range(seats))
        self.deadline_at: float | None = None
        self.locale = locale
        self.game_id = next(GAME_IDS)

    def context(self, seat: Seat | None = None) -> Context[TuftelnView]:
        """What the host hands the adapter: the table's (None) or one player's context."""
        state = self.state
        return Context(
            view=GAME.view(state, seat),
            locale=self.locale,
            game_id=self.game_id,
            game_name=GAME.name,
            phase=GAME.phase_key(state),
            names=self.names,
            user_ids=tuple(100 + s for s in range(state.seats)),
            channel_id=2,
            version=1,
            deadline_at=self.deadline_at,
            finished=GAME.result(state) is not None,
            seat=seat,
            legal=tuple(GAME.legal_actions(state, seat)) if seat is not None else (),
            panel_key=ADAPTER.panel_key,
        )

    def play(self, seat: int, rnd: random.Random) -> list[Event]:
        action = rnd.choice(GAME.legal_actions(self.state, seat))
        self.state, events = GAME.apply(self.state, seat, action)
        return events

    def expire(self) -> list[Event]:
        self.state, events = GAME.expire(self.state)
        return events

    @property
    def over(self) -> bool:
        return self.state.over


def click(game: Table, seat: int, custom_id: str, values: list[str] | None = None) -> Any:
    """What the router does with a click: a panel step (a Screen) or the action."""
    control = ids.parse(custom_id)
    assert control is not None and control.phase is None  # valid across rolls (catch-up)
    rest = ids.fill(control.rest, values or [])
    if rest.startswith(ids.STEP):
        step = tuple(part for part in rest.removeprefix(ids.STEP).split(ids.FIELD) if part)
        return ADAPTER.panel(game.context(seat), step)
    data = ids.decode(rest, GAME.action_kinds())
    assert data is not None, rest
    return GAME.parse_action(data)


def rest(custom_id: str) -> str:
    control = ids.parse(custom_id)
    assert control is not None
    return control.rest


def check_limits(screen: Screen) -> None:
    assert len(screen.rows) <= 5
    for block in screen.blocks:
        if isinstance(block, Section) and isinstance(block.accessory, Button):
            assert len(block.accessory.custom_id) <= 100 and len(block.accessory.label) <= 80
    for row in screen.rows:
        if isinstance(row, Select):
            assert 1 <= len(row.options) <= 25 and len(row.custom_id) <= 100
            assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in row.options)
            assert len({o.value for o in row.options}) == len(row.options)
        else:
            assert len(row) <= 5
            assert all(len(b.custom_id) <= 100 and len(b.label) <= 80 for b in row)
    custom_ids = [c.custom_id for c in all_controls(screen)]
    assert len(custom_ids) == len(set(custom_ids))  # Discord wants them unique per message


@pytest.fixture
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip drawing sheets where a test walks hundreds of panels."""
    blank = Picture("sheet.png", b"", "")
    monkeypatch.setattr(panel, "sheet_picture", lambda *args, **kwargs: blank)


def beside(screen: Screen) -> list[tuple[str, Button]]:
    """Each section's words and the button beside them."""
    return [
        (block.texts[0], block.accessory)
        for block in screen.blocks
        if isinstance(block, Section) and isinstance(block.accessory, Button)
    ]


def is_back(button: Button) -> bool:
    return button.label == "Back"


def offered(game: Table, seat: int) -> list[Place]:
    """Every placement the panel lets the player make, following each step."""
    screen = ADAPTER.panel(game.context(seat))
    check_limits(screen)
    found = []
    for row in screen.rows:
        assert isinstance(row, Select)
        for option in row.options:
            result = click(game, seat, row.custom_id, [option.value])
            if isinstance(result, Place):
                found.append(result)
                continue
            assert isinstance(result, Screen)
            check_limits(result)
            found += [click(game, seat, b.custom_id) for _, b in beside(result)]
            for step in result.rows:
                if isinstance(step, Select):
                    found += [click(game, seat, step.custom_id, [o.value]) for o in step.options]
                else:
                    found += [click(game, seat, b.custom_id) for b in step if not is_back(b)]
    return found


# -- the panel --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["A", "B"])
@pytest.mark.usefixtures("no_pictures")
def test_the_panel_offers_exactly_the_legal_placements(variant: str) -> None:
    game = Table(1, {"variant": variant})
    rnd = random.Random(variant)
    while not game.over:
        found = {(a.roll, a.first, a.second) for a in offered(game, 0)}
        legal = {(a.roll, a.first, a.second) for a in GAME.legal_actions(game.state, 0)}
        assert found == legal  # equal dice too: whichever field comes first, one action
        game.play(0, rnd)


def test_every_offered_placement_is_accepted_and_the_next_panel_follows() -> None:
    game = Table(2, {"variant": "A"})
    screen = ADAPTER.panel(game.context(0))
    first = screen.rows[0]
    assert isinstance(first, Select) and rest(first.custom_id) == "@1:0:*"
    assert first.placeholder.endswith("rows 1–3…")
    step = click(game, 0, first.custom_id, [first.options[0].value])
    assert isinstance(step, Screen) and "goes into **A1**" in words(step)
    assert step.pictures == screen.pictures  # the sheet as it is: nothing to upload
    choice = step.rows[0]
    if isinstance(choice, Select):
        action = click(game, 0, choice.custom_id, [choice.options[0].value])
    else:
        action = click(game, 0, choice[0].custom_id)
    assert isinstance(action, Place) and action.first == "A1"
    assert GAME.is_legal(game.state, 0, action)
    game.state, _ = GAME.apply(game.state, 0, action)
    after = ADAPTER.panel(game.context(0))
    assert "You have placed roll 1" in words(after) and after.rows == ()
    # Back from the second step: the panel itself.
    back = step.rows[-1]
    assert isinstance(back, tuple) and is_back(back[0])
    assert rest(back[0].custom_id) == "@"


def test_late_in_the_game_one_select_holds_every_placement_with_what_it_completes() -> None:
    game = Table(1)
    rnd = random.Random(3)
    while len(GAME.legal_actions(game.state, 0)) > 25:
        game.play(0, rnd)
    screen = ADAPTER.panel(game.context(0))
    (select,) = screen.rows
    assert isinstance(select, Select)
    assert rest(select.custom_id) == f"place:{game.state.placed[0] + 1}:*"
    assert "Choose where the two dice go." in words(screen)
    while not game.over:
        (select,) = ADAPTER.panel(game.context(0)).rows
        assert isinstance(select, Select)
        if any(o.description for o in select.options):
            break
        game.play(0, rnd)
    assert any((o.description or "").startswith("completes ") for o in select.options)


def test_equal_dice_place_the_one_listed_action_whichever_field_comes_first() -> None:
    game = Table(1, {"variant": "B"})
    game.state.rolls[0] = (4, 4)
    step = ADAPTER.panel(game.context(0), ("1", "C1"))  # C1 first, then A1 (reading order)
    choice = step.rows[0]
    if isinstance(choice, Select):
        option = next(o for o in choice.options if o.value == "A1:C1")
        action = click(game, 0, choice.custom_id, [option.value])
    else:  # each field's words with its button beside them
        button = next(b for said, b in beside(step) if said.startswith("A1"))
        action = click(game, 0, button.custom_id)
    assert action == Place(roll=1, first="A1", second="C1")
    assert GAME.is_legal(game.state, 0, action)


def test_a_stale_step_shows_the_current_panel() -> None:
    game = Table(1, {"schedule": "every 4h"})
    game.expire()
    game.expire()
    first = ADAPTER.panel(game.context(0), ("1", "A1"))
    game.play(0, random.Random(1))  # roll 1 placed from another panel
    assert isinstance(first, Screen)
    again = ADAPTER.panel(game.context(0), ("1", "B1"))
    assert again.embed_text is not None
    assert again.embed_text.startswith("Roll 1 is already placed.")
    assert "**Roll 2 of 15**" in words(again)


def test_a_double_click_is_told_the_roll_is_placed() -> None:
    game = Table(1)
    action = GAME.legal_actions(game.state, 0)[0]
    game.state, _ = GAME.apply(game.state, 0, action)  # roll 2 is on the table now
    assert not GAME.is_legal(game.state, 0, action)
    refusal = GAME.refusal(game.state, 0, action)
    assert (refusal.key, refusal.params) == ("tufteln.roll_placed", {"roll": 1})


def test_a_player_behind_sees_the_oldest_open_roll() -> None:
    game = Table(2, {"schedule": "every 4h"})
    for _ in range(3):
        game.expire()
    screen = ADAPTER.panel(game.context(1))
    dice = game.state.rolls[0]
    assert f"**Roll 1 of 15**: die 1 shows **{dice[0]}**" in words(screen)
    assert "You have 3 open rolls; this is the oldest." in words(screen)


def test_the_panel_shows_only_the_viewers_sheet() -> None:
    game = Table(3)
    screen = ADAPTER.panel(game.context(1))
    assert [p.name for p in screen.pictures] == ["sheet.png"]
    assert screen.pictures[0].description.startswith("Player001's Tüfteln sheet")
    assert "Player000" not in words(screen) and "Player002" not in words(screen)


def test_the_final_panel_shows_the_rank_and_the_solo_rating() -> None:
    duo = Table(2)
    while not duo.over:
        duo.expire()
    assert "rank" in words(ADAPTER.panel(duo.context(1)))
    solo = Table(1)
    while not solo.over:
        solo.expire()
    content = words(ADAPTER.panel(solo.context(0)))
    assert "Your final sheet" in content and "Player000 scored" in content


# -- the table and announcements -----------------------------------------------------------


def table_pictures(game: Table) -> list[str]:
    return [p.name for p in ADAPTER.table(game.context()).pictures]


def test_the_table_shows_dice_and_never_a_sheet_until_the_end() -> None:
    game = Table(3, {"schedule": "every 4h"})
    assert table_pictures(game) == []  # phase r0: the first roll is being made
    rnd = random.Random(2)
    for _ in range(15):
        game.expire()
        assert table_pictures(game) == ["roll.png"]
        game.play(0, rnd)
    game.expire()  # the final deadline
    screen = ADAPTER.table(game.context())
    assert [p.name for p in screen.pictures] == ["scores.png"]
    [button] = all_controls(screen)  # beside the winners
    assert isinstance(button, Button) and button.label == "My sheet"


def test_a_small_table_names_players_and_who_is_behind() -> None:
    game = Table(3, {"schedule": "every 4h"})
    game.deadline_at = NOW + 4 * 3600
    game.expire()
    game.play(0, random.Random(1))
    game.expire()
    text = words(ADAPTER.table(game.context()))
    assert "To place: Player000, Player001 (2 open), Player002 (2 open)" in text
    assert f"Next roll: <t:{int(NOW) + 4 * 3600}:F>" in text


def test_a_big_table_counts_instead_of_naming() -> None:
    game = Table(200, {"schedule": "every 4h"})
    game.expire()
    rnd = random.Random(5)
    for seat in range(150):
        game.play(seat, rnd)
    game.expire()
    for seat in range(50):
        game.play(seat, rnd)
    text = words(ADAPTER.table(game.context()))
    assert "50 of 200 players have placed roll 2." in text
    assert "150 still to place, 50 of them two or more rolls behind." in text
    assert "Player1" not in text


def test_counts_read_right_for_one() -> None:
    game = Table(12, {"schedule": "every 4h"})
    game.expire()
    game.play(0, random.Random(1))
    text = words(ADAPTER.table(game.context()))
    assert "✅ 1 of 12 players has placed roll 1." in text
    german = Table(12, {"schedule": "every 4h"}, "de")
    german.expire()
    german.play(0, random.Random(1))
    assert "✅ 1 von 12 Spielern hat Wurf 1 eingetragen." in (
        words(ADAPTER.table(german.context()))
    )
    quick = Table(1, {"schedule": "every 4h", "final_hours": 1})
    for _ in range(15):
        events = quick.expire()
    (last,) = [e for e in events if e.key == "tufteln.last_roll"]
    assert "during the final hour;" in quick.context().event(last)
    solo = finish(Table(1))
    result = GAME.result(solo.state)
    ctx = solo.context()
    assert result is not None and ctx.view.sheets is not None
    sheet = ctx.view.sheets[0].model_copy(update={"total": 1})  # a poor sheet: one point
    poor = replace(ctx, view=ctx.view.model_copy(update={"sheets": [sheet]}))
    assert "🏆 Winner: Player000 (1 point)." in words(ADAPTER.results(poor, result))


def test_one_line_for_hundreds_of_default_placements() -> None:
    game = Table(200, {"turn_seconds": 60})
    game.play(0, random.Random(1))
    events = game.expire()
    screen = ADAPTER.announcement(game.context(), Happened("expired", tuple(events), None))
    assert screen is not None
    lines = words(screen).splitlines()
    assert lines[0] == "⏱️ Time ran out for roll 1: the bot placed the dice for 199 players."
    assert lines[1].startswith("🎲 **Roll 2 of 15**:") and len(lines) == 2


def test_a_placement_alone_is_not_announced() -> None:
    game = Table(3, {"schedule": "every 4h"})
    game.expire()
    events = game.play(1, random.Random(1))
    happened = Happened("acted", tuple(events), 1)
    assert ADAPTER.announcement(game.context(), happened) is None


def test_a_live_turn_names_the_roll_to_place_and_its_dice() -> None:
    game = Table(3, {"turn_seconds": 60})
    first, second = game.state.rolls[0]
    assert ADAPTER.turn_step(game.context()) == f"place roll 1 ({first} and {second})"
    game.play(0, random.Random(1))
    game.play(1, random.Random(1))
    game.play(2, random.Random(1))  # everyone placed: roll 2 is on the table
    first, second = game.state.rolls[1]
    assert ADAPTER.turn_step(game.context()) == f"place roll 2 ({first} and {second})"
    german = Table(2, {}, "de")
    first, second = german.state.rolls[0]
    assert ADAPTER.turn_step(german.context()) == f"Wurf 1 eintragen ({first} und {second})"
    assert ADAPTER.turn_step(finish(Table(2)).context()) is None  # over: nothing to do


def test_a_scheduled_game_names_no_step_its_dice_roll_on_the_schedule() -> None:
    game = Table(2, {"schedule": "every 4h"})
    assert ADAPTER.turn_step(game.context()) is None  # the first roll is coming
    game.expire()
    assert ADAPTER.turn_step(game.context()) is None  # reminders come by DM instead
    for _ in range(14):
        game.expire()
    assert ADAPTER.turn_step(game.context()) is None  # the catch-up after the last roll


def test_each_roll_is_a_chapter_so_the_table_comes_anew_with_it() -> None:
    game = Table(2, {"turn_seconds": 60})
    chapters = [ADAPTER.chapter(game.context())]
    rnd = random.Random(2)
    game.play(0, rnd)
    assert ADAPTER.chapter(game.context()) == chapters[0]  # a placement: the same roll
    game.play(1, rnd)
    chapters.append(ADAPTER.chapter(game.context()))
    game.expire()
    chapters.append(ADAPTER.chapter(game.context()))
    assert chapters == ["roll1", "roll2", "roll3"]
    finish(game)
    assert ADAPTER.chapter(game.context()) == "roll15"  # the end: edited, not posted anew
    waiting = Table(2, {"schedule": "daily 18:00 UTC"})
    before = ADAPTER.chapter(waiting.context())
    waiting.expire()
    assert before != ADAPTER.chapter(waiting.context()) == "roll1"


def test_the_final_deadline_names_whose_rolls_the_default_filled() -> None:
    game = Table(2, {"schedule": "every 4h"})
    for _ in range(15):
        game.expire()
    rnd = random.Random(1)
    for _ in range(15):
        game.play(0, rnd)
    events = game.expire()
    screen = ADAPTER.announcement(game.context(), Happened("finished", tuple(events), None))
    assert screen is not None
    assert words(screen).splitlines() == [
        "⏱️ Time ran out for the open rolls: the bot placed them for Player001 (15 rolls).",
        "🏁 All sheets are full.",
    ]
    result = GAME.result(game.state)
    assert result is not None
    results = ADAPTER.results(game.context(), result)
    assert results.embed_title == "🏁 Tüfteln: final scores"
    assert [p.name for p in results.pictures] == ["scores.png"]


# -- scheduled play ----------------------------------------------------------------------------


def test_the_lobby_announces_the_first_roll_time() -> None:
    first = NOW + 4 * 3600
    (line,) = ADAPTER.lobby_lines({"schedule": "every 4h"}, first, "en")
    assert f"<t:{int(first)}:F>" in line and "A roll every 4 hours." in line
    assert ADAPTER.lobby_lines({"schedule": ""}, None, "en") == []
    (line,) = ADAPTER.lobby_lines({"schedule": "daily 08:00,20:00 Europe/Berlin"}, first, "de")
    assert line.startswith("🎲 Ein Wurf täglich um 08:00, 20:00 (Europe/Berlin).")
    (line,) = ADAPTER.lobby_lines({"schedule": "every 1d"}, first, "de")
    assert line.startswith("🎲 Ein Wurf jeden Tag.")


def test_a_reminder_names_the_oldest_open_roll_and_the_deadline() -> None:
    game = Table(2, {"schedule": "every 4h"})
    game.deadline_at = NOW + 4 * 3600
    game.expire()
    game.expire()
    game.play(0, random.Random(1))
    one = ADAPTER.reminder(game.context(0))
    many = ADAPTER.reminder(game.context(1))
    assert one is not None and many is not None
    (a, b), (c, d) = game.state.rolls
    assert words(one).splitlines() == [
        f"⏰ **Tüfteln** in <#2>: roll 2 ({c} and {d}) is waiting on your sheet.",
        f"Next roll: <t:{int(NOW) + 4 * 3600}:F> (<t:{int(NOW) + 4 * 3600}:R>).",
    ]
    assert f"you have 2 open rolls to place, starting with roll 1 ({a} and {b})" in words(many)
    [button] = all_controls(many)  # beside the reminder's words
    assert isinstance(button, Button) and button.label == "My sheet"
    game.play(0, random.Random(1))
    assert ADAPTER.reminder(game.context(0)) is None  # caught up meanwhile
    for _ in range(13):
        game.expire()
    final = ADAPTER.reminder(game.context(1))
    assert final is not None and "Final deadline" in words(final)
    assert "the bot places your open rolls" in words(final)


def test_a_live_reminder_says_which_dice_to_place_and_when_time_runs_out() -> None:
    game = Table(2, {"turn_seconds": 600})
    game.deadline_at = NOW + 60
    first, second = game.state.rolls[0]
    reminder = ADAPTER.reminder(game.context(1))
    assert reminder is not None
    assert words(reminder) == (
        f"⏰ **Tüfteln** in <#2>: place roll 1 ({first} and {second}). "
        f"Time runs out <t:{int(NOW) + 60}:R>; then the bot places your dice."
    )
    [button] = all_controls(reminder)
    assert isinstance(button, Button) and button.label == "My sheet"
    game.play(1, random.Random(1))
    assert ADAPTER.reminder(game.context(1)) is None  # placed meanwhile
    untimed = Table(2)
    assert ADAPTER.reminder(untimed.context(0)) is None  # no limit: nothing runs out


def test_the_panel_says_which_rolls_the_bot_placed() -> None:
    game = Table(2, {"turn_seconds": 60})
    game.play(0, random.Random(1))
    game.expire()
    assert "The bot placed" not in words(ADAPTER.panel(game.context(0)))
    assert "⏱️ The bot placed one of your rolls when time ran out." in (
        words(ADAPTER.panel(game.context(1)))
    )
    game.expire()
    assert "The bot placed 2 of your rolls" in words(ADAPTER.panel(game.context(1)))


# -- every word from the catalog, in the reader's language ----------------------------------


def finish(game: Table) -> Table:
    while not game.over:
        game.expire()
    return game


def _behind_twice(locale: str) -> Table:
    game = Table(3, {"schedule": "daily 08:00,20:00 Europe/Berlin"}, locale)
    game.deadline_at = NOW + 3600
    game.expire()
    game.expire()
    return game


def every_screen(locale: str) -> list[tuple[str, Screen]]:
    """The table, every kind of panel (and panel step), announcement, reminder and
    result Tüfteln has, read in `locale`."""
    out: list[tuple[str, Screen]] = []
    rnd = random.Random(4)

    def add(what: str, screen: Screen | None) -> None:
        assert screen is not None, what
        out.append((what, screen))

    # Scheduled play: the first roll is coming, then players fall behind.
    waiting = Table(3, {"schedule": "every 4h"}, locale)
    add("table before the first roll", ADAPTER.table(waiting.context()))
    add("panel before the first roll", ADAPTER.panel(waiting.context(0)))
    game = _behind_twice(locale)
    add("table, scheduled, some behind", ADAPTER.table(game.context()))
    first = ADAPTER.panel(game.context(1))  # two steps: die 1's field in two selects
    add("panel, two open rolls", first)
    select = first.rows[0]
    assert isinstance(select, Select)
    add("panel, die 2 step", ADAPTER.panel(game.context(1), ("1", select.options[0].value)))
    buttons = ADAPTER.panel(game.context(1), ("1", "A2"))  # blue A2: only A3 beside it
    # The field's words with its button beside them, and Back in a row.
    [(said, _)] = beside(buttons)
    (back,) = buttons.rows
    assert "A3" in said and isinstance(back, tuple) and back[0].custom_id.endswith(":@")
    add("panel, die 2 as buttons", buttons)
    add("panel, stale step", ADAPTER.panel(game.context(1), ("9", "A1")))
    add("panel, bad choice", ADAPTER.panel(game.context(1), ("1", "B2")))
    add("reminder, many", ADAPTER.reminder(game.context(1)))
    game.play(0, rnd)
    game.play(0, rnd)
    add("panel, all placed (scheduled)", ADAPTER.panel(game.context(0)))
    game.play(2, rnd)
    add("reminder, one", ADAPTER.reminder(game.context(2)))
    for _ in range(13):
        events = game.expire()
    add("announcement, last roll", ADAPTER.announcement(game.context(), expired(events)))
    add("table, final deadline", ADAPTER.table(game.context()))
    add("panel, final deadline", ADAPTER.panel(game.context(1)))
    add("reminder, final", ADAPTER.reminder(game.context(1)))
    events = game.expire()
    add("announcement, final deadline", ADAPTER.announcement(game.context(), expired(events)))
    add("table, the end", ADAPTER.table(game.context()))
    add("panel, the end", ADAPTER.panel(game.context(0)))
    result = GAME.result(game.state)
    assert result is not None
    add("results", ADAPTER.results(game.context(), result))

    # Live play: one select for a late roll; the second step as buttons.
    live = Table(2, {"turn_seconds": 60}, locale)
    live.deadline_at = NOW + 60
    add("table, live", ADAPTER.table(live.context()))
    while len(GAME.legal_actions(live.state, 0)) > 25:
        live.play(0, rnd)
        live.play(1, rnd)
    add("panel, one select", ADAPTER.panel(live.context(0)))
    while True:  # a placement that completes a square says so
        screen = ADAPTER.panel(live.context(0))
        (select,) = screen.rows
        assert isinstance(select, Select)
        if any(o.description for o in select.options):
            add("panel, what a placement completes", screen)
            break
        live.play(0, rnd)
        live.play(1, rnd)
    live.play(0, rnd)
    add("panel, placed (live)", ADAPTER.panel(live.context(0)))
    add("table, one missing", ADAPTER.table(live.context()))
    add("reminder, live", ADAPTER.reminder(live.context(1)))
    add("turn step, live", Screen(content=ADAPTER.turn_step(live.context()) or ""))
    events = live.expire()
    add("announcement, turn limit", ADAPTER.announcement(live.context(), expired(events)))
    add("panel, the bot placed a roll", ADAPTER.panel(live.context(1)))
    buttons_step = Table(1, {"variant": "B"}, locale)
    buttons_step.state.rolls[0] = (4, 4)
    add("panel, equal dice", ADAPTER.panel(buttons_step.context(0)))
    add("panel, equal dice, die 2", ADAPTER.panel(buttons_step.context(0), ("1", "C1")))
    nolimit = Table(2, {}, locale)
    add("table, no limit", ADAPTER.table(nolimit.context()))

    # A solo game with its rating; a big table counts; a long ranking.
    solo = finish(Table(1, {}, locale))
    add("panel, solo end", ADAPTER.panel(solo.context(0)))
    solo_result = GAME.result(solo.state)
    assert solo_result is not None
    add("results, solo", ADAPTER.results(solo.context(), solo_result))
    big = Table(12, {"schedule": "every 1d"}, locale)
    big.expire()
    big.play(0, rnd)
    big.expire()
    add("table, counted", ADAPTER.table(big.context()))
    crowd = Table(24, {"turn_seconds": 30}, locale)
    events = crowd.expire()
    add("announcement, many defaults", ADAPTER.announcement(crowd.context(), expired(events)))
    finish(crowd)
    crowd_result = GAME.result(crowd.state)
    assert crowd_result is not None
    add("results, 24 players", ADAPTER.results(crowd.context(), crowd_result))
    return out


def expired(events: list[Event]) -> Happened:
    return Happened("expired", tuple(events), None)


PLAYERS = [f"Player{s:03}" for s in range(24)]
NAMES = [*PLAYERS, *name_letters(PLAYERS), "Tüfteln", "Europe/Berlin"]  # marks from names too


@pytest.mark.parametrize("locale", ["de", "en"])
def test_every_word_comes_from_the_catalog_in_the_readers_language(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    marked_catalog(monkeypatch)
    drawn = record_drawn_text(monkeypatch)
    found: list[str] = []
    shown = every_screen(locale)
    lobby = ADAPTER.lobby_lines({"schedule": "daily 18:00 Europe/Berlin"}, NOW, locale)
    lobby += ADAPTER.lobby_lines({"schedule": "every 30m"}, NOW, locale)
    items = [(what, text) for what, screen in shown for text in screen_texts(screen)]
    items += [("lobby", line) for line in lobby]
    items += [("drawn in a picture", text) for text in drawn if text.strip()]
    assert len(drawn) > 100 and any(screen.pictures for _, screen in shown)
    for what, text in items:
        stray = unmarked(text, NAMES)
        if stray:
            found.append(f"{what}: not from the catalog: {stray!r} in {text[:80]!r}")
        # Every message text is a sentence in the reader's language; a picture may also
        # draw bare numbers and board codes (no sentence at all).
        bare = what == "drawn in a picture" and not languages(text)
        if languages(text) != {locale} and not bare:
            found.append(f"{what}: in {sorted(languages(text))}: {text[:80]!r}")
    assert not found, "\n".join(found[:20])


def test_the_pictures_draw_every_kind_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without marks: the German words themselves, drawn and described; what a sheet's
    picture leaves out (points per square, the legend, the rating) in the panel's words."""
    for kept in ("_dice", "_sheets", "_boards"):  # drawn afresh, not from an earlier test
        monkeypatch.setattr(render, kept, Kept(8))
    drawn = record_drawn_text(monkeypatch)
    game = finish(Table(1, {}, "de"))
    panel = ADAPTER.panel(game.context(0))
    (sheet,) = panel.pictures
    assert sheet.description.startswith("Tüfteln-Zettel von Player000, 15 von 15 Würfen")
    for said in ("Punkte pro Quadrat: ", "Viererpasch 5", "Straße 6", "vorgedruckte Zahlen"):
        assert said in words(panel)
    result = GAME.result(game.state)
    assert result is not None
    (board,) = ADAPTER.results(game.context(), result).pictures  # solo: the sheet, rated
    assert board.description.startswith("Tüfteln-Zettel von Player000, 15 von 15 Würfen")
    duo = finish(Table(2, {}, "de"))
    (board,) = ADAPTER.results(duo.context(), result).pictures
    assert board.description.startswith("Tüfteln: Endstand. Gewonnen ha")
    live = Table(2, {}, "de")
    (dice,) = ADAPTER.table(live.context()).pictures
    assert dice.description.startswith("Wurf 1 von 15: Würfel 1 zeigt")
    assert {"Würfel 1", "Würfel 2"} <= set(drawn)
    english = Table(2, {}, "en")
    (dice,) = ADAPTER.table(english.context()).pictures  # the same roll, cached per language
    assert dice.description.startswith("Roll 1 of 15: die 1 shows")
