"""The statistics' screens from what the store read: Tüfteln's best sheet drawn from a
finished game's public final table, the history naming who is left of a game, and an
old page of a shrunk board."""

from __future__ import annotations

from bot.core.ratings import Rating
from bot.core.store.stats_queries import BoardPage, HistoryPage, PastGame, Rated, SeatLine
from bot.discord.ui import Button, Section, controls
from bot.stats import chart
from bot.stats.screens import board_screen, history_screen
from bot.stats.sheet import best_sheet
from tests.conformance.screens import layout_problems_of
from tests.conformance.support import Case, playout
from tests.pictures import drawn
from tests.pictures.rules import broken


def test_tufteln_best_sheet_is_drawn_from_the_public_final_table() -> None:
    run = playout(Case("tufteln", 2, 5))
    game = run.case.game
    result = game.result(run.final)
    assert run.problem is None and result is not None
    final = game.view(run.final, None).model_dump(mode="json")
    picture = best_sheet(1, final, 1, result.scores[1], "Ben", "de")
    assert picture is not None and picture.data.startswith(b"\x89PNG")
    assert picture.description.startswith(f"Bester Tüfteln-Block von Ben: {result.scores[1]}")
    assert best_sheet(2, {"unreadable": True}, 0, 1, "Ben", "en") is None


def test_the_history_names_the_winners_first_and_counts_who_left_the_statistics() -> None:
    game = PastGame(
        7, "lama", 55, 1_700_000_000.0, 3, (SeatLine(1, 4, True), SeatLine(2, 9, False))
    )
    screen = history_screen(HistoryPage(0, 1, (game,)), set(), "en")
    (line, footer) = screen.blocks
    assert isinstance(line, Section)  # with the button to the game's page beside it
    assert line.texts == ("**No Prob-Lama** · <t:1700000000:R> · <#55>\n🏆 <@1> · <@2> 9, 1 more",)
    assert line.accessory == Button("Open", "past:7")
    assert footer == "-# Page 1 of 1" and screen.rows == ()
    gone = history_screen(HistoryPage(0, 1, (game,)), {55}, "en")
    assert "a deleted thread or channel" in str(gone.blocks[0].texts)  # type: ignore[union-attr]


def test_a_board_page_names_its_list_and_pages_only_when_there_are_more() -> None:
    rated = Rated(9, "lama", Rating(30.0, 2.0), 6, rank=1, ranked=1)
    one = board_screen(BoardPage("lama", 0, 1, 1, 0, (rated,), 1, ((9, 40),)), "en", 5)
    assert one.rows == ()
    assert "1. <@9> · **24.0** (30.0 ± 2.0) · 6 games" in str(one.blocks[0])
    assert "**Solo bests**" in one.blocks and "1. <@9> · 40" in one.blocks
    newcomer = Rated(8, "lama", Rating(25.0, 7.0), 1)
    two = board_screen(BoardPage("lama", 1, 2, 1, 1, (newcomer,), 1, ()), "de", 5)
    assert two.blocks[0] == "**Noch ohne Platz** (weniger als 5 gewertete Spiele)"
    assert "• <@8> · **4,0** (25,0 ± 7,0) · 1 Spiel" in str(two.blocks[1])
    (back, forward) = two.rows[0]  # type: ignore[misc]
    assert back.custom_id == "board:lama:0" and not back.disabled and forward.disabled


def test_the_rating_chart_reads_on_a_phone_and_a_desktop() -> None:
    ratings = [Rating(25 + n * 0.7, 8.3 - n * 0.25) for n in range(30)]
    points = tuple((r.mu, r.conservative) for r in ratings)
    with drawn.recording():
        picture = chart._draw(points, "Ana", "No Prob-Lama", "de", ",")
        assert broken(picture.data) == []
    assert picture.description.startswith(
        "Wertung von Ana in No Prob-Lama über die letzten 30 gewerteten Spiele: von 0,1 auf"
    )
    assert chart.rating_chart(ratings[:1], "Ana", "Lama", "en", ".") is None  # no line yet
    again = chart.rating_chart(ratings, "Ana", "Lama", "en", ".")
    assert again is chart.rating_chart(ratings, "Ana", "Lama", "en", ".")  # kept


def test_a_full_history_page_with_a_button_per_game_fits_in_one_message() -> None:
    seats = tuple(SeatLine(100 + n, 40 - n, n == 0) for n in range(6))
    games = tuple(
        PastGame(n, "lupusburg", 1_000_000_000_000_000_000 + n, 1.7e9, 8, seats) for n in range(10)
    )
    screen = history_screen(HistoryPage(1, 5, games), set(), "de")
    assert layout_problems_of(screen) == []
    pages = [c.custom_id for c in controls(screen) if c.custom_id.startswith("past:")]
    assert pages == [f"past:{n}" for n in range(10)]
