"""A finished game's page and replay screens for every game: within Discord's limits
at every kind of step and for every reader, with no control but the replay's own, in
English and German; a record whose moves this release refuses says so."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.core.records import GameRecord, Logged, Seated
from bot.discord.adapters import adapter_for
from bot.discord.drawing import Drawing
from bot.discord.ui import Screen, controls
from bot.stats import ids
from bot.stats.past_screens import past_screen, replay_screen
from games import registry
from games.computers import Decision
from games.engine import AnyGame
from tests.conformance.screens import layout_problems_of
from tests.support.marked import languages, marked_catalog, screen_texts, unmarked

KINDS = ("lama", "luckybox", "lupun", "lupusburg", "tufteln")
SEATS = {"lupusburg": 5}


def played(game: AnyGame, seats: int, seed: int) -> GameRecord:
    """A game played to its end by the casual policy, as its record."""
    state = game.setup(seats, game.parse_options({}), seed)
    rng, log = random.Random(seed), list[Logged]()
    policy = game.computers().casual
    while game.result(state) is None:
        active = sorted(game.active(state))
        legal = game.legal_actions(state, active[0]) if active else []
        if not legal:
            state, _ = game.expire(state)
            log.append(Logged(len(log) + 3, None, {"type": "timeout"}, 1_800_000_000.0))
            continue
        action = policy(Decision(active[0], game.view(state, active[0]), legal, rng, budget=0))
        state, _ = game.apply(state, active[0], action)
        entry = Logged(len(log) + 3, 100 + active[0], action.model_dump(mode="json"), 1.8e9)
        log.append(entry)
    result = game.result(state)
    assert result is not None
    return GameRecord(
        game_id=42,
        guild_id=1,
        kind=game.id,
        status="finished",
        locale="en",
        channel_id=5,
        options={},
        seed=seed,
        created_at=1.7e9,
        players=tuple(Seated(s, 100 + s, f"Player {s}") for s in range(seats)),
        log=tuple(log),
        finished_at=1.8e9,
        final=game.view(state, None).model_dump(mode="json"),
        outcome=result.model_dump(mode="json"),
    )


def problems(screen: Screen) -> list[str]:
    found = layout_problems_of(screen)
    for control in controls(screen):
        click = ids.parse(control.custom_id)
        if click is None or click.scope not in ("past", "replay", "record", "history"):
            found.append(f"a control that is not the replay's: {control.custom_id}")
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_every_step_and_reader_of_a_replay_fits_and_only_looks(kind: str) -> None:
    game = registry.get(kind)
    record = played(game, SEATS.get(kind, 3), seed=5)
    adapter = adapter_for(kind)
    steps = record.steps
    for locale in ("en", "de"):
        page = past_screen(record, adapter.final_table(record, locale), False, locale)
        assert problems(page) == [], (kind, "page")
        assert ("1. 🏆 " in page.content) and (
            "Replay" in str(page.rows) or "Wiederholung" in str(page.rows)
        )
        for number in sorted({0, 1, steps // 3, steps // 2, steps - 1, steps}):
            for reader in (None, 0, 1):
                frame = adapter.replay(record, number, reader, locale)
                screen = replay_screen(record, frame, reader, locale)
                assert problems(screen) == [], (kind, number, reader, locale)
                assert f"{number} / {steps}" in screen.content
                assert frame.extra["said"], (kind, number, "who did what")


def test_a_record_this_release_refuses_says_so() -> None:
    record = played(registry.get("lama"), 2, seed=3)
    broken = replace(record, log=(replace(record.log[0], action={"type": "nonsense"}),))
    adapter = adapter_for("lama")
    frame = adapter.replay(broken, 1, None, "en")
    screen = replay_screen(broken, frame, None, "en")
    assert "cannot be replayed by this release" in screen.content
    assert [c.custom_id for c in controls(screen)][-1] == ids.past(42)
    assert adapter.replay(broken, 0, None, "en").extra["said"]  # the deal still shows


@pytest.mark.parametrize("kind", KINDS)
def test_a_german_reader_reads_every_word_of_a_replay_from_the_catalog_in_german(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    marked_catalog(monkeypatch)
    game = registry.get(kind)
    record = played(game, SEATS.get(kind, 3), seed=9)
    adapter = adapter_for(kind)
    names = record.names
    screens = [past_screen(record, adapter.final_table(record, "de"), False, "de")]
    for number in (0, record.steps // 2, record.steps):
        for reader in (None, 1):
            frame = adapter.replay(record, number, reader, "de")
            screens.append(replay_screen(record, frame, reader, "de"))
    for screen in screens:
        for text in screen_texts(screen):
            assert unmarked(text, names) == "", (kind, text)
            assert languages(text) <= {"de"}, (kind, text)


async def test_a_replay_step_built_in_a_drawing_worker_is_the_one_built_here() -> None:
    """Replays are drawn in the drawing workers: the record and the step travel there
    and back (the end-to-end tests draw in threads)."""
    record = played(registry.get("tufteln"), 2, seed=5)
    adapter = adapter_for("tufteln")
    drawing = Drawing(workers=1)
    try:
        step = await drawing.build("tufteln", "replay", record, 7, 1, "de")
        final = await drawing.build("tufteln", "final_table", record, "en")
        assert len(drawing.pids()) == 1  # a worker, not a thread, drew them
    finally:
        drawing.close()
    assert step == adapter.replay(record, 7, 1, "de")
    assert final == adapter.final_table(record, "en") and final.pictures
