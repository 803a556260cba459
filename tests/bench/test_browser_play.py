"""The browser benchmark's command line and report, without a browser (it is a script,
not a test: `python -m tests.bench.browser_play`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games import registry
from tests.bench.browser_play import (
    OPTIONS,
    Click,
    Shot,
    is_move,
    is_panel,
    newest,
    parse,
    report,
)


def test_one_game_or_all_at_a_size() -> None:
    args = parse(["--game", "lama", "--width", "1280", "--height", "800", "--out", "shots"])
    assert (args.game, args.all, args.width, args.height) == ("lama", False, 1280, 800)
    assert args.out == Path("shots")
    phone = parse(["--all", "--out", "shots"])
    assert phone.all and (phone.width, phone.height) == (390, 844)
    for wrong in (["--out", "x"], ["--game", "lama", "--all", "--out", "x"], ["--game", "go"]):
        with pytest.raises(SystemExit):
            parse(wrong)


def test_every_game_has_options_without_turn_limits() -> None:
    assert set(OPTIONS) == {g.id for g in registry.offered()}
    for game, options in OPTIONS.items():
        model = registry.get(game).options_model
        assert set(options) <= set(model.model_fields), game
        limits = {k: v for k, v in options.items() if k.endswith(("_seconds", "_limit"))}
        assert all(v == "0" or k == "night_seconds" for k, v in limits.items()), game


def test_moves_are_panel_controls_and_the_report_compares_start_and_end() -> None:
    def control(custom_id: str, ephemeral: bool = True, message: str = "1") -> dict[str, object]:
        return {"custom_id": custom_id, "ephemeral": ephemeral, "message": message}

    assert is_move(control("game:7:play:take"))
    assert not is_move(control("game:7:play:take", ephemeral=False))
    assert not is_move(control("game:7:play:panel")) and is_panel(control("game:7:-:panel"))
    assert not is_move(control("lobby:7:join"))
    old, new = control("game:7:a:draw"), control("game:7:a:take", message="2")
    assert newest([old, new, control("game:7:a:panel", message="3")]) == [new]
    clicks = [Click("Ana", "x", 10.0, 20.0)] * 20 + [Click("Ben", "y", 30.0, None)] * 20
    text = report("lama", clicks)
    assert "first 20 clicks: answer median 10 ms" in text
    assert "last 20 clicks: answer median 30 ms" in text
    assert text.endswith("ratio_last_first=3.00")


def test_a_screenshots_line_names_its_smallest_text_and_its_pictures_scale() -> None:
    shot = Shot(Path("a.png"), 12.0, "Round 2", [(640, 318), (404, 318)])
    assert shot.line() == "text >= 12 px ('Round 2'); pictures: 640 px at 318, 404 px at 318"
    assert Shot(Path("b.png"), None, "", []).line() == "no text (''); pictures: none"
