"""The world a restarted bot finds: stored games, open games and overdue deadlines.

`prepare` fills the bot's SQLite file and the Discord double as if the bot had run for
a long time and then been down for a while:

- `open` games of No Prob-Lama, live Tüfteln and Lupusburg (`KINDS`; seats as in
  `games.py`, turn limits long enough that no new deadline falls due while the start-up
  is measured) are opened, joined and started through the real `GameService` and
  `Store`, each in its own thread of #general with its own members. Each has its table
  message in the thread (the bot's, with the panel button the real table offers), and
  the store knows it as the real presenter would have left it (message id, when it was
  posted, the chapter it shows); every player's DM channel is known, as after the
  bot's earlier DMs (Lupusburg's roles, reminders).
- `overdue` of them have their deadline shifted into the past (seconds to minutes, as
  when the bot was down); their reminders had fired before the stop and are gone. The
  other open games' timers are shifted well into the future.
- The remaining `stored - open` games are closed ones (mostly finished, some aborted or
  cancelled) in archived threads: copies of open games' rows with a synthetic action
  log, so the file has a realistic size. The bot never loads them at start-up.

The table messages carry text and the panel button, not the real table picture: what
the catch-up sends (edits with a new picture, announcements, DMs) does not depend on
what the old message showed, and drawing 1,000 tables here would add a minute to the
set-up.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.core.clock import SystemClock
from bot.core.service import DEADLINE, REMINDER, GameService, LiveGame
from bot.core.store import Store
from bot.discord.adapters import adapter_for
from bot.discord.contexts import table_context
from bot.discord.ui import Button
from bot.double import DiscordDouble, SimUser
from bot.double.model import Channel, Message
from tests.bench.load.games import LAMA, LUPUSBURG, TUFTELN, Kind

KINDS = (LAMA, TUFTELN, LUPUSBURG)  # the mix the issue measured the start-up with

# The mix's games with turn limits of minutes: a deadline set during the catch-up
# falls due long after it (a few seconds' limits would fire again while measured).
LIMITS: dict[str, dict[str, Any]] = {
    LAMA.id: {"turn_seconds": 600},
    TUFTELN.id: {"turn_seconds": 600},
    LUPUSBURG.id: {
        "night_seconds": 300,
        "turn_seconds": 600,
        "discussion_minutes": 10,
        "defence_seconds": 300,
    },
}
OVERDUE_BY = (5.0, 600.0)  # seconds past due at the moment of preparing (uniform)
CALM_AFTER = 900.0  # the other open games' timers move this far into the future
TABLE_AGE = 15 * 60.0  # seconds since the open games' tables were posted
CLOSED = (("finished", 8), ("aborted", 1), ("cancelled", 1))  # closed statuses, by weight
LOG_LENGTH = (20, 80)  # synthetic actions of a closed game
STYLES = {"primary": 1, "secondary": 2, "success": 3, "danger": 4}


@dataclass(frozen=True)
class Plan:
    stored: int = 10_000
    open: int = 1_000
    overdue: int = 700
    seed: int = 1

    def check(self) -> None:
        if not 0 <= self.overdue <= self.open <= self.stored:
            raise ValueError("need 0 <= overdue <= open <= stored")


@dataclass(frozen=True)
class OpenGame:
    id: int
    kind: Kind
    thread: Channel
    table: Message  # the table message in the double
    panel: Button  # the table's button that opens a player's panel
    players: tuple[SimUser, ...]


@dataclass
class Prepared:
    """What `prepare` made: the games, and the moment every overdue timer is due by."""

    games: list[OpenGame] = field(default_factory=list)
    overdue: set[int] = field(default_factory=set)  # game ids
    cutoff: float = 0.0  # Unix seconds: overdue timers are due before, others long after
    kinds: Counter[str] = field(default_factory=Counter)  # open games by kind
    overdue_kinds: Counter[str] = field(default_factory=Counter)
    closed: Counter[str] = field(default_factory=Counter)  # closed games by status
    seconds: float = 0.0  # how long preparing took

    @property
    def calm(self) -> list[OpenGame]:
        """Open games without an overdue timer."""
        return [g for g in self.games if g.id not in self.overdue]


async def prepare(double: DiscordDouble, database: Path, plan: Plan) -> Prepared:
    plan.check()
    started = time.perf_counter()
    rng = random.Random(plan.seed)
    prepared = Prepared()
    general = double.channel("general")
    store = await Store.open(database)
    try:
        service = GameService(store, SystemClock())
        for index in range(plan.open):
            kind = KINDS[index % len(KINDS)]
            game = await _open_game(double, service, general, kind, index)
            prepared.games.append(game)
            prepared.kinds[kind.id] += 1
        await service.shown()  # no listeners: the outbox rows are marked shown
    finally:
        await store.close()
    db = sqlite3.connect(database, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")  # one transaction: one sync to disk, not thousands
        _know_dm_channels(db, double, prepared.games)
        _close_many(db, double, general, prepared.games, plan.stored - plan.open, rng)
        prepared.overdue = {g.id for g in rng.sample(prepared.games, plan.overdue)}
        prepared.cutoff = _shift_timers(db, prepared.games, prepared.overdue, rng)
        db.execute("COMMIT")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()
    prepared.overdue_kinds = Counter(g.kind.id for g in prepared.games if g.id in prepared.overdue)
    prepared.closed = _closed_counts(database)
    prepared.seconds = time.perf_counter() - started
    return prepared


async def _open_game(
    double: DiscordDouble, service: GameService, general: Channel, kind: Kind, index: int
) -> OpenGame:
    """One running game of `kind` in a new thread, with its table message there."""
    players = tuple(double.add_member(f"{kind.id[:4]}{index}s{seat}") for seat in range(kind.seats))
    thread = double.state.create_thread(general, f"{kind.id} {index}")
    host = players[0]
    live = await service.open_lobby(
        kind=kind.id, options=LIMITS[kind.id], guild_id=double.guild.id, channel_id=thread.id,
        parent_id=general.id, host_id=host.id, host_name=host.name, locale="en",
    )  # fmt: skip
    for player in players[1:]:
        await service.join(live.id, player.id, player.name)
    await service.start(live.id, host.id)
    context = table_context(live)
    panel = context.panel_button()
    table = double.state.post(thread, double.state.bot, _table_body(live, panel), [])
    chapter = adapter_for(kind.id).chapter(context)
    await service.store.set_table_message(
        live.id, table.id, posted_at=time.time() - TABLE_AGE, chapter=chapter
    )
    await service.store.set_table_fingerprint(live.id, "before-the-stop")
    return OpenGame(live.id, kind, thread, table, panel, players)


def _table_body(live: LiveGame, panel: Button) -> dict[str, Any]:
    button = {
        "type": 2,
        "style": STYLES[panel.style],
        "label": panel.label,
        "custom_id": panel.custom_id,
    }
    return {
        "content": f"{live.game.name}: the table as shown before the bot stopped",
        "components": [{"type": 1, "components": [button]}],
    }


def _know_dm_channels(db: sqlite3.Connection, double: DiscordDouble, games: list[OpenGame]) -> None:
    rows = [
        (player.id, double.state.dm_channel(player.user).id)
        for game in games
        for player in game.players
    ]
    db.executemany("INSERT OR REPLACE INTO dm_channels (user_id, channel_id) VALUES (?, ?)", rows)


def _close_many(
    db: sqlite3.Connection,
    double: DiscordDouble,
    general: Channel,
    games: list[OpenGame],
    count: int,
    rng: random.Random,
) -> None:
    """`count` closed games, each a copy of an open one's rows in an archived thread."""
    statuses = [status for status, weight in CLOSED for _ in range(weight)]
    for index in range(count):
        template = games[index % len(games)]
        thread = double.state.create_thread(general, f"old {template.kind.id} {index}")
        double.state.update_thread(thread, {"archived": True})
        status = rng.choice(statuses)
        age = rng.uniform(86_400, 180 * 86_400)
        game_id = _copy_game(db, template.id, thread.id, status, age)
        _synthetic_log(db, game_id, rng.randint(*LOG_LENGTH), time.time() - age)


def _copy_game(
    db: sqlite3.Connection, template: int, channel_id: int, status: str, age: float
) -> int:
    cursor = db.execute(
        "INSERT INTO games (guild_id, channel_id, parent_id, kind, options, status, host_id,"
        " locale, seed, state, version, created_at, updated_at, state_version)"
        " SELECT guild_id, ?, parent_id, kind, options, ?, host_id, locale, seed, state,"
        " version, created_at - ?, updated_at - ?, state_version FROM games WHERE id = ?",
        (channel_id, status, age, age, template),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    db.execute(
        "INSERT INTO players (game_id, seat, user_id, display_name)"
        " SELECT ?, seat, user_id, display_name FROM players WHERE game_id = ?",
        (game_id, template),
    )
    return game_id


def _synthetic_log(db: sqlite3.Connection, game_id: int, length: int, at: float) -> None:
    action = '{"type":"timeout","phase":"synthetic"}'
    rows = [(game_id, seq, None, action, at + seq) for seq in range(1, length + 1)]
    db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?)", rows)


def _shift_timers(
    db: sqlite3.Connection, games: list[OpenGame], overdue: set[int], rng: random.Random
) -> float:
    """Overdue deadlines into the past (their reminders gone), the rest into the future;
    the cutoff: now, between the two."""
    now = time.time()
    for game in games:
        if game.id in overdue:
            due = now - rng.uniform(*OVERDUE_BY)
            db.execute(
                "UPDATE timers SET due_at = ? WHERE game_id = ? AND kind = ?",
                (due, game.id, DEADLINE),
            )
            db.execute("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game.id, REMINDER))
        else:
            db.execute(
                "UPDATE timers SET due_at = due_at + ? WHERE game_id = ?", (CALM_AFTER, game.id)
            )
    late = db.execute("SELECT count(*) FROM timers WHERE due_at <= ?", (now,)).fetchone()[0]
    if late != len(overdue):
        raise RuntimeError(f"{late} timers due by now, expected {len(overdue)}")
    return now


def _closed_counts(database: Path) -> Counter[str]:
    db = sqlite3.connect(database)
    try:
        rows = db.execute(
            "SELECT status, count(*) FROM games WHERE status NOT IN ('lobby', 'running')"
            " GROUP BY status"
        ).fetchall()
    finally:
        db.close()
    return Counter({str(status): int(n) for status, n in rows})
