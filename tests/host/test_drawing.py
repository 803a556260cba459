"""The drawing workers: screens come back as the bot's own process would build them,
errors are raised where the screen is awaited, and a worker that dies costs nothing but
the time to build its screen in a thread."""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import signal
from dataclasses import replace
from functools import partial
from typing import Any

import pytest
from PIL import Image

from bot.core.service import LiveGame
from bot.core.store.rows import GameRow, PlayerRow
from bot.discord import drawing as drawing_module
from bot.discord.adapters import adapter_for
from bot.discord.adapters import pictures as kept_pictures
from bot.discord.adapters.context import Context
from bot.discord.adapters.pictures import Kept, digest, sharing
from bot.discord.contexts import seat_context, table_context
from bot.discord.drawing import Drawing, _plain, _with_versions
from bot.discord.ui import Picture
from games.pictures import to_png
from tests.adapters.test_tufteln import Table
from tests.pictures.drawn import forget_cached_pictures


async def test_a_screen_is_built_in_a_worker_exactly_as_here() -> None:
    drawing = Drawing(workers=1)
    try:
        ctx = Table(2, {}).context(0)
        screen = await drawing.build("tufteln", "panel", ctx, ())
        assert drawing.pids() and os.getpid() not in drawing.pids()
        assert screen == adapter_for("tufteln").panel(ctx, ())
    finally:
        drawing.close()


async def test_an_error_in_a_worker_is_raised_where_the_screen_is_awaited() -> None:
    drawing = Drawing(workers=1)
    try:
        with pytest.raises(AttributeError):
            await drawing.build("tufteln", "no_such_screen", Table(2, {}).context(0))
        screen = await drawing.build("tufteln", "table", Table(2, {}).context())
        assert screen.pictures  # the worker goes on
    finally:
        drawing.close()


async def test_a_worker_that_dies_while_building_is_replaced_and_the_screen_still_comes() -> None:
    drawing = Drawing(workers=1)
    try:
        ctx = Table(2, {}).context()
        await drawing.build("tufteln", "table", ctx)  # the worker is up
        (first,) = drawing.pids()
        os.kill(first, signal.SIGSTOP)  # it takes the next job and never answers
        panel = Table(2, {}).context(1)
        building = asyncio.ensure_future(drawing.build("tufteln", "panel", panel, ()))
        await asyncio.sleep(0)  # the job is handed to the stopped worker
        os.kill(first, signal.SIGKILL)
        assert await building == adapter_for("tufteln").panel(panel, ())
        (second,) = drawing.pids()
        assert second != first
    finally:
        drawing.close()


async def test_a_worker_found_dead_when_handed_a_job_is_replaced() -> None:
    drawing = Drawing(workers=1)
    try:
        ctx = Table(2, {}).context()
        await drawing.build("tufteln", "table", ctx)
        (first,) = drawing.pids()
        os.kill(first, signal.SIGKILL)
        panel = Table(2, {}).context(1)
        assert await drawing.build("tufteln", "panel", panel, ()) == adapter_for("tufteln").panel(
            panel, ()
        )
        assert drawing.pids() and first not in drawing.pids()
    finally:
        drawing.close()


Queued = tuple[str, str, tuple[object, ...]]  # a name, the adapter method, its arguments


async def built_in_order(jobs: list[Queued], patience: float = 60.0) -> list[str]:
    """The names of `jobs` in the order one worker built them: the first is handed to
    it at once, the others queue while it builds."""
    drawing = Drawing(workers=1)
    drawing.patience = patience
    try:
        await drawing.build("tufteln", "table", Table(2, {}).context())  # the worker is up
        done: list[str] = []

        async def build(name: str, method: str, args: tuple[object, ...]) -> None:
            await drawing.build("tufteln", method, *args)
            done.append(name)

        await asyncio.gather(*(build(*job) for job in jobs))
        return done
    finally:
        drawing.close()


def table_job(name: str) -> Queued:
    return (name, "table", (Table(2, {}).context(),))


def panel_job(name: str, seat: int) -> Queued:
    return (name, "panel", (Table(2, {}).context(seat), ()))


async def test_a_panel_is_built_before_tables_that_were_waiting_longer() -> None:
    jobs = [*(table_job(f"table {n}") for n in range(3)), panel_job("panel", 0)]
    assert await built_in_order(jobs) == ["table 0", "panel", "table 1", "table 2"]


@pytest.mark.parametrize(("patience", "table_after"), [(60.0, 4), (0.0, 1)])
async def test_a_stream_of_panels_holds_a_table_back_only_until_it_has_waited_long_enough(
    patience: float, table_after: int
) -> None:
    panels = [panel_job(f"panel {n}", n % 2) for n in range(4)]
    done = await built_in_order([panels[0], table_job("table"), *panels[1:]], patience)
    assert done.index("table") == table_after


def test_a_job_reaches_a_worker_with_its_contexts_versions() -> None:
    """The pickle a worker gets leaves versions out (it is also the key of the screens
    kept); they travel beside it and are put back."""
    ctx = replace(Table(2, {}).context(0), version=7)
    plain, versions = _plain(("tufteln", "panel", (ctx, ())))
    assert versions == (7, None)
    assert _plain(("tufteln", "panel", (replace(ctx, version=8), ())))[0] == plain
    assert _with_versions(pickle.loads(plain), versions) == ("tufteln", "panel", (ctx, ()))


def test_a_context_is_pickled_once_for_all_the_screens_made_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A panel's steps are built from the same context: its placements are pickled for
    the first step only."""
    pickled: list[object] = []
    dumps = pickle.dumps

    def counted(value: object, *args: Any, **kwargs: Any) -> bytes:
        if isinstance(value, Context):
            pickled.append(value)
        return dumps(value, *args, **kwargs)

    monkeypatch.setattr(pickle, "dumps", counted)
    ctx = Table(2, {}).context(0)
    first, _ = _plain(("tufteln", "panel", (ctx, ())))
    second, _ = _plain(("tufteln", "panel", (ctx, ("A1",))))
    assert len(pickled) == 1 and first != second
    other = Table(2, {}).context(1)
    _plain(("tufteln", "panel", (other, ())))
    assert len(pickled) == 2


def _live(table: Table) -> LiveGame:
    """`table` as the host holds a running game of it."""
    row = GameRow(
        id=table.game_id, guild_id=1, channel_id=2, parent_id=None, kind="tufteln",
        options={}, status="running", host_id=100, locale="en", seed=11, state=None,
        version=3, table_message_id=None, created_at=0.0, updated_at=0.0,
    )  # fmt: skip
    players = [PlayerRow(seat, 100 + seat, name) for seat, name in enumerate(table.names)]
    return LiveGame(row=row, players=players, state=table.state)


async def test_a_seat_with_many_legal_moves_crosses_as_the_games_state() -> None:
    """A Tüfteln seat's 200-odd placements are worked out again in the worker from the
    state (far cheaper than pickling them): the worker's context and screen are this
    process's, the table's (no legal actions) crosses as it is."""
    live = _live(Table(2, {}))
    ctx = seat_context(live, 0)
    assert len(ctx.legal) > 100
    plain, versions = _plain(("tufteln", "panel", (ctx, ())))
    assert len(plain) < len(pickle.dumps(ctx)) / 4
    assert _with_versions(pickle.loads(plain), versions) == ("tufteln", "panel", (ctx, ()))
    public = table_context(live)
    plain, versions = _plain(("tufteln", "table", (public,)))
    assert _with_versions(pickle.loads(plain), versions) == ("tufteln", "table", (public,))
    drawing = Drawing(workers=1)
    try:
        screen = await drawing.build("tufteln", "panel", ctx, ())
        assert screen == adapter_for("tufteln").panel(ctx, ())
    finally:
        drawing.close()


class Encodings:
    """Counts the pictures encoded in this process (a build in a thread)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0

        def counted(image: Image.Image) -> bytes:
            self.count += 1
            return to_png(image)

        monkeypatch.setattr(kept_pictures, "to_png", counted)
        forget_cached_pictures()  # drawn in this test, not found from an earlier one


async def test_a_readers_picture_that_did_not_change_is_not_drawn_again_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker that never drew the reader's sheet (here: the caches emptied) takes it
    from the pictures that travel with the reader's job, and draws only what changed."""
    encodings = Encodings(monkeypatch)
    drawing = Drawing(workers=0)
    game = Table(2, {})
    first = await drawing.build("tufteln", "panel", game.context(0), ())
    assert encodings.count == 1
    forget_cached_pictures()
    later = replace(game.context(0), deadline_at=1e9)  # other words, the same sheet
    again = await drawing.build("tufteln", "panel", later, ())
    assert encodings.count == 1 and again.pictures == first.pictures
    assert again != first
    game.play(0, random.Random(3))  # the sheet changes: drawn anew
    forget_cached_pictures()
    changed = await drawing.build("tufteln", "panel", game.context(0), ())
    assert encodings.count == 2 and changed.pictures != first.pictures


async def test_a_job_is_handed_only_its_own_readers_pictures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed: list[tuple[int | None, set[str]]] = []
    build = drawing_module._build

    def spying(kind: str, method: str, args: tuple[object, ...], given: Any = None) -> Any:
        seat = next(a.seat for a in args if isinstance(a, Context))
        handed.append((seat, {p.name for p in (given or {}).values()}))
        return build(kind, method, args, given)

    monkeypatch.setattr(drawing_module, "_build", spying)
    drawing = Drawing(workers=0)
    game = Table(2, {})
    await drawing.build("tufteln", "panel", game.context(0), ())
    await drawing.build("tufteln", "panel", game.context(1), ())
    await drawing.build("tufteln", "table", game.context())
    await drawing.build("tufteln", "panel", replace(game.context(0), deadline_at=1e9), ())
    assert handed == [(0, set()), (1, set()), (None, set()), (0, {"sheet.png"})]


async def test_a_picture_the_bot_holds_crosses_no_pipe_and_the_screen_still_shows_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker is handed only the digests of a reader's last pictures and answers an
    unchanged one by name; the bot puts in its own copy (uploading it, as before)."""
    answers: list[int] = []
    answered = Drawing._answered

    def measured(self: Drawing, worker: Any, message: bytes) -> None:
        answers.append(len(message))
        answered(self, worker, message)

    monkeypatch.setattr(Drawing, "_answered", measured)
    drawing = Drawing(workers=1)
    try:
        game = Table(2, {})
        first = await drawing.build("tufteln", "panel", game.context(0), ())
        later = replace(game.context(0), deadline_at=1e9)  # other words, the same sheet
        again = await drawing.build("tufteln", "panel", later, ())
    finally:
        drawing.close()
    (sheet,) = first.pictures
    assert again.pictures == first.pictures and again != first
    assert answers[0] > len(sheet.data) > answers[1]


def test_kept_takes_a_handed_picture_only_under_the_digest_of_its_own_inputs() -> None:
    kept = Kept(4)
    drawn: list[str] = []

    def draw(text: str) -> tuple[Image.Image, str]:
        drawn.append(text)
        return Image.new("RGB", (4, 4), (1, 2, 3)), text

    mine = partial(draw, "mine")
    handed = Picture("a.png", b"handed", "mine")
    known = digest("a.png", ("key", 1), mine)
    assert known is not None and known == digest("a.png", ("key", 1), partial(draw, "other"))
    assert known != digest("b.png", ("key", 1), mine) != digest("a.png", ("key", 2), mine)
    with sharing({known: handed}) as used:
        assert kept.picture(("key", 1), "a.png", mine) is handed
        other = kept.picture(("key", 2), "a.png", partial(draw, "other"))
    assert drawn == ["other"] and other.data.startswith(b"\x89PNG")
    assert list(used.values()) == [handed, other]


async def test_workers_that_keep_dying_give_way_to_threads_until_it_is_time_to_retry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A machine that kills every worker (out of memory, say) does not get a new one
    after each death: past `DEATHS` deaths in a minute screens are built here, and
    workers are tried again later."""
    drawing = Drawing(workers=1)
    try:
        for n in range(drawing_module.DEATHS):  # a table not built before each time
            # The worker killed last is found dead by this job (and replaced twice).
            await drawing.build("tufteln", "table", Table(2 + n, {}).context())
            (worker,) = drawing.pids()
            os.kill(worker, signal.SIGKILL)
        panel = Table(3, {}).context(1)
        assert await drawing.build("tufteln", "panel", panel, ()) == adapter_for("tufteln").panel(
            panel, ()
        )
        assert drawing.pids() == []  # built in a thread
        monkeypatch.setattr(drawing_module, "RETRY_AFTER", 0.0)  # the minute has passed
        await drawing.build("tufteln", "table", Table(6, {}).context())
        assert len(drawing.pids()) == 1
    finally:
        drawing.close()
