"""Tüfteln's Discord screens built from engine states, without Discord."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.discord import ids
from bot.discord.adapters.tufteln import ADAPTER, panel, timers
from bot.core.service import Change, LiveGame
from bot.core.store import GameRow, PlayerRow
from bot.discord.ui import Button, Picture, Screen, Select
from games.tufteln import GAME
from games.tufteln.models import Place, TuftelnState

NOW = 1_800_000_000.0


def make_live(
    seats: int, options: dict[str, Any] | None = None, status: str = "running"
) -> LiveGame:
    parsed = GAME.parse_options(options or {})
    row = GameRow(
        id=7, guild_id=1, channel_id=2, parent_id=None, kind="tufteln",
        options=parsed.model_dump(mode="json"), status=status, host_id=100, locale="en",
        seed=11, state=None, version=1, table_message_id=None, created_at=NOW, updated_at=NOW,
    )  # fmt: skip
    players = [PlayerRow(s, 100 + s, f"Player{s:03}") for s in range(seats)]
    live = LiveGame(row=row, players=players)
    if status != "lobby":
        live.state = GAME.setup(seats, parsed, seed=11)
    return live


def state(live: LiveGame) -> TuftelnState:
    assert isinstance(live.state, TuftelnState)
    return live.state


def play(live: LiveGame, seat: int, rnd: random.Random) -> None:
    live.state, _ = GAME.apply(state(live), seat, rnd.choice(GAME.legal_actions(live.state, seat)))


def expire(live: LiveGame) -> list[Any]:
    live.state, events = GAME.expire(state(live))
    return events


def rest(custom_id: str) -> str:
    control = ids.parse(custom_id)
    assert control is not None and control.phase is None  # valid across rolls (catch-up)
    return control.rest


def check_limits(screen: Screen) -> None:
    assert len(screen.rows) <= 5
    for row in screen.rows:
        if isinstance(row, Select):
            assert 1 <= len(row.options) <= 25 and len(row.custom_id) <= 100
            assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in row.options)
        else:
            assert len(row) <= 5
            assert all(len(b.custom_id) <= 100 and len(b.label) <= 80 for b in row)


@pytest.fixture
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip drawing sheets where a test walks hundreds of panels."""
    blank = Picture("sheet.png", b"", "")
    monkeypatch.setattr(panel, "sheet_picture", lambda *args, **kwargs: blank)


def offered(live: LiveGame, seat: int) -> set[tuple[int, str, str]]:
    """Every placement the panel lets the player make, following each step."""
    screen = ADAPTER.panel(live, seat, "en")
    check_limits(screen)
    found = set()
    for row in screen.rows:
        assert isinstance(row, Select)
        for option in row.options:
            result = ADAPTER.decode(live, seat, rest(row.custom_id), [option.value])
            if isinstance(result, dict):
                found.add((result["roll"], result["first"], result["second"]))
                continue
            check_limits(result)
            for step in result.rows:
                choices: list[tuple[str, list[str]]]
                if isinstance(step, Select):
                    choices = [(rest(step.custom_id), [o.value]) for o in step.options]
                else:
                    choices = [
                        (rest(b.custom_id), []) for b in step if "b" not in rest(b.custom_id)[:1]
                    ]
                for code, values in choices:
                    action = ADAPTER.decode(live, seat, code, values)
                    assert isinstance(action, dict)
                    found.add((action["roll"], action["first"], action["second"]))
    return found


def legal(live: LiveGame, seat: int) -> set[tuple[int, str, str]]:
    return {(a.roll, a.first, a.second) for a in GAME.legal_actions(state(live), seat)}


def same(live: LiveGame, placements: set[tuple[int, str, str]]) -> set[tuple[int, frozenset[str]]]:
    """Placements of equal dice: which die goes where does not matter."""
    return {(roll, frozenset((a, b))) for roll, a, b in placements}


# -- the panel --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["A", "B"])
@pytest.mark.usefixtures("no_pictures")
def test_the_panel_offers_exactly_the_legal_placements(variant: str) -> None:
    live = make_live(1, {"variant": variant})
    rnd = random.Random(variant)
    while not state(live).over:
        dice = state(live).rolls[state(live).placed[0]]
        if dice[0] == dice[1]:
            assert same(live, offered(live, 0)) == same(live, legal(live, 0))
        else:
            assert offered(live, 0) == legal(live, 0)
        play(live, 0, rnd)


def test_every_offered_placement_is_accepted_and_the_next_panel_follows() -> None:
    live = make_live(2, {"variant": "A"})
    screen = ADAPTER.panel(live, 0, "en")
    first = screen.rows[0]
    assert isinstance(first, Select) and rest(first.custom_id) == "f1:0"
    assert first.placeholder.endswith("rows 1–3…")
    step = ADAPTER.decode(live, 0, rest(first.custom_id), [first.options[0].value])
    assert isinstance(step, Screen) and "goes into **A1**" in step.content
    assert "Last placed: A1" in step.pictures[0].description  # die 1 pencilled in
    choice = step.rows[0]
    code, values = (
        (rest(choice.custom_id), [choice.options[0].value])
        if isinstance(choice, Select)
        else (rest(choice[0].custom_id), [])
    )
    action = ADAPTER.decode(live, 0, code, values)
    assert isinstance(action, dict)
    live.state, _ = GAME.apply(state(live), 0, Place.model_validate(action))
    after = ADAPTER.panel(live, 0, "en")
    assert "You have placed roll 1" in after.content and after.rows == ()


def test_late_in_the_game_one_select_holds_every_placement_with_what_it_completes() -> None:
    live = make_live(1)
    rnd = random.Random(3)
    while len(GAME.legal_actions(state(live), 0)) > 25:
        play(live, 0, rnd)
    screen = ADAPTER.panel(live, 0, "en")
    (select,) = screen.rows
    assert isinstance(select, Select) and rest(select.custom_id).startswith("p")
    assert "Choose where the two dice go." in screen.content
    while not state(live).over:
        (select,) = ADAPTER.panel(live, 0, "en").rows
        assert isinstance(select, Select)
        if any(o.description for o in select.options):
            break
        play(live, 0, rnd)
    assert any((o.description or "").startswith("completes ") for o in select.options)


def test_a_stale_step_shows_the_current_panel() -> None:
    live = make_live(1, {"schedule": "every 4h"})
    expire(live)
    expire(live)
    first = ADAPTER.decode(live, 0, "f1:0", ["A1"])
    play(live, 0, random.Random(1))  # roll 1 placed from another panel
    assert isinstance(first, Screen)
    again = ADAPTER.decode(live, 0, "f1:0", ["B1"])
    assert isinstance(again, Screen)
    assert (
        again.content.startswith("Roll 1 is already placed.")
        and "**Roll 2 of 15**" in again.content
    )


def test_a_player_behind_sees_the_oldest_open_roll() -> None:
    live = make_live(2, {"schedule": "every 4h"})
    for _ in range(3):
        expire(live)
    screen = ADAPTER.panel(live, 1, "en")
    dice = state(live).rolls[0]
    assert f"**Roll 1 of 15**: die 1 shows **{dice[0]}**" in screen.content
    assert "You have 3 open rolls; this is the oldest." in screen.content


def test_the_panel_shows_only_the_viewers_sheet() -> None:
    live = make_live(3)
    screen = ADAPTER.panel(live, 1, "en")
    assert [p.name for p in screen.pictures] == ["sheet.png"]
    assert screen.pictures[0].description.startswith("Player001's Tüfteln sheet")
    assert "Player000" not in screen.content and "Player002" not in screen.content


def test_the_final_panel_shows_the_rank_and_the_solo_rating() -> None:
    duo = make_live(2)
    while not state(duo).over:
        expire(duo)
    assert "rank" in ADAPTER.panel(duo, 1, "en").content
    solo = make_live(1)
    while not state(solo).over:
        expire(solo)
    content = ADAPTER.panel(solo, 0, "en").content
    assert "Your final sheet" in content and "Player000 scored" in content


# -- the table and announcements -----------------------------------------------------------


def table_pictures(live: LiveGame) -> list[str]:
    return [p.name for p in ADAPTER.table(live, "en").pictures]


def test_the_table_shows_dice_and_never_a_sheet_until_the_end() -> None:
    live = make_live(3, {"schedule": "every 4h"})
    assert table_pictures(live) == []  # phase r0: the first roll is being made
    rnd = random.Random(2)
    for _ in range(15):
        expire(live)
        assert table_pictures(live) == ["roll.png"]
        play(live, 0, rnd)
    expire(live)  # the final deadline
    screen = ADAPTER.table(live, "en")
    assert [p.name for p in screen.pictures] == ["scores.png"]
    assert isinstance(screen.rows[0][0], Button) and screen.rows[0][0].label == "My sheet"


def test_a_small_table_names_players_and_who_is_behind() -> None:
    live = make_live(3, {"schedule": "every 4h"})
    live.deadline_at = NOW + 4 * 3600
    expire(live)
    play(live, 0, random.Random(1))
    expire(live)
    text = ADAPTER.table(live, "en").embed_text or ""
    assert "To place: Player000, Player001 (2 open), Player002 (2 open)" in text
    assert f"Next roll: <t:{int(NOW) + 4 * 3600}:F>" in text


def test_a_big_table_counts_instead_of_naming() -> None:
    live = make_live(200, {"schedule": "every 4h"})
    expire(live)
    rnd = random.Random(5)
    for seat in range(150):
        play(live, seat, rnd)
    expire(live)
    for seat in range(50):
        play(live, seat, rnd)
    text = ADAPTER.table(live, "en").embed_text or ""
    assert "50 of 200 players have placed roll 2." in text
    assert "150 still to place, 50 of them two or more rolls behind." in text
    assert "Player1" not in text


def test_one_line_for_hundreds_of_default_placements() -> None:
    live = make_live(200, {"turn_seconds": 60})
    play(live, 0, random.Random(1))
    events = expire(live)
    change = Change(live, "expired", None, tuple(events))
    screen = ADAPTER.announcement(live, change, "en")
    assert screen is not None
    lines = screen.content.splitlines()
    assert lines[0] == "⏱️ Time is up for roll 1: the default placement was used for 199 players."
    assert lines[1].startswith("🎲 **Roll 2 of 15**:") and len(lines) == 2


def test_a_placement_alone_is_not_announced() -> None:
    live = make_live(3, {"schedule": "every 4h"})
    expire(live)
    live.state, events = GAME.apply(state(live), 1, GAME.legal_actions(state(live), 1)[0])
    assert ADAPTER.announcement(live, Change(live, "acted", 101, tuple(events)), "en") is None
    assert not ADAPTER.mention_turn(live, Change(live, "acted", 101, tuple(events)))


def test_the_final_deadline_names_whose_rolls_the_default_filled() -> None:
    live = make_live(2, {"schedule": "every 4h"})
    for _ in range(15):
        expire(live)
    for _ in range(15):
        play(live, 0, random.Random(1))
    events = expire(live)
    screen = ADAPTER.announcement(live, Change(live, "finished", None, tuple(events)), "en")
    assert screen is not None
    assert screen.content.splitlines() == [
        "⏱️ The final deadline has passed: the default placement filled the open rolls of "
        "Player001 (15 rolls).",
        "🏁 All sheets are full.",
    ]
    results = ADAPTER.results(live, "en")
    assert results.content.startswith("🏁 **Tüfteln: final scores**")
    assert [p.name for p in results.pictures] == ["scores.png"]


# -- scheduled start ----------------------------------------------------------------------------


def test_the_lobby_announces_the_first_roll_time() -> None:
    lobby = make_live(1, {"schedule": "every 4h"}, status="lobby")
    first = int(NOW + 4 * 3600)
    assert timers.first_roll_at(lobby) == first
    (line,) = ADAPTER.lobby_lines(lobby, "en")
    assert f"<t:{first}:F>" in line and "every 4h" in line
    assert ADAPTER.lobby_lines(make_live(1, status="lobby"), "en") == []
