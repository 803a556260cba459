"""The durable store: games, players, the action log, timers and the outbox.

One interface over two engines (see `engine`): SQLite, the default, and PostgreSQL
(`DATABASE_URL`). Every write is one transaction, a plain function of a connection
written once for both. Committing an action checks the game's version in the same
statement that changes it (PostgreSQL locks the game's row for it): of two concurrent
applies made from the same version, by one process or two, exactly one lands; the
other raises `VersionConflict`.

Every JSON column is decoded in one place (`Store._decode`): a value that cannot be
read (a torn write, a flipped bit, a bad hand edit) never stops a query; its game is
remembered as unreadable (`Store.unreadable`) and the host marks it broken.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from bot.core.names import clean_name
from bot.core.records import Shown
from bot.core.store import claims, migrations
from bot.core.store.engine import Connection, Engine, Row, T, Work
from bot.core.store.migrations import MIGRATIONS, migration_files
from bot.core.store.rows import (
    RAISE,
    ChannelBusy,
    DatabaseUnusable,
    Duplicate,
    GameRow,
    Notice,
    PlayerRow,
    StoreBusy,
    TimerRow,
    TimerUpdate,
    Unreadable,
    decode_object,
    dumps,
)
from bot.core.store.sql import (
    bump,
    seat_as_before,
    seat_host_first,
    to_outbox,
    update_seats,
    update_timer,
)
from bot.core.store.sqlite import SqliteEngine
from bot.core.store.stats import Finished, record_finish
from bot.core.store.stats_queries import StatsStore
from bot.core.store.target import is_postgres
from bot.core.store.wakeups import Wakeup

_GAME_COLUMNS = (
    "id, guild_id, channel_id, parent_id, kind, options, status, host_id, locale, seed,"
    " state, version, table_message_id, created_at, updated_at, paused_remaining, state_version,"
    " table_posted_at, table_chapter, table_fingerprint, table_moved_from, table_stub,"
    " table_posting"
)


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.owner = claims.new_owner()  # this process's name on its claims
        engine.sender = self.owner  # and on its wake-ups
        self._unreadable: dict[int, str] = {}  # game id -> what of it cannot be read
        # Seconds the wall clock stepped that the stored timers still have to move by
        # (see `shift_timers`); applied by the next write, added by every timer read.
        self._timer_shift = 0.0
        self._shift_applying = 0.0  # the part of it a write in progress is applying
        self.stats = StatsStore(self)  # what the server remembers of its finished games

    @classmethod
    async def open(cls, target: str | Path, migrations: Path = MIGRATIONS) -> Store:
        """Open the database (a SQLite file, created if needed, or a PostgreSQL URL) and
        bring its schema up to date. Raises DatabaseUnusable, at once, for a database
        the bot could not keep games in."""
        engine: Engine
        if is_postgres(target):
            from bot.core.store.postgres import PostgresEngine  # psycopg only when used

            engine = await PostgresEngine.open(str(target))
        else:
            engine = await SqliteEngine.open(target, migrations)
        store = cls(engine)
        try:
            await store.migrate(migrations)
            if migrations == MIGRATIONS:  # (tests migrate other folders: no claims there)
                await store._write(partial(claims.release_gone, me=store.owner))
        except BaseException as error:
            await engine.close()
            if isinstance(error, StoreBusy):
                raise engine.locked() from None
            raise
        return store

    @property
    def write_patience(self) -> float:
        return self.engine.write_patience

    @write_patience.setter
    def write_patience(self, seconds: float) -> None:
        self.engine.write_patience = seconds

    @property
    def shared(self) -> bool:
        """Whether other processes are expected on this database (PostgreSQL)."""
        return self.engine.dialect.name == "postgresql"

    @property
    def reachable(self) -> bool:
        """False while the database server cannot be reached (requests are refused)."""
        return self.engine.reachable

    async def close(self) -> None:
        await self.engine.close()

    async def listen(self, on_wake: Callable[[Wakeup], None]) -> None:
        """Until cancelled: the wake-ups of the other processes on this database, to
        `on_wake` (`wakeups`; over a SQLite file there are none, and it returns)."""

        def heard(payload: str) -> None:
            wakeup = Wakeup.parse(payload)
            if wakeup.sender != self.owner:
                on_wake(wakeup)

        await self.engine.listen(heard)

    async def _write(self, work: Work[T], *, background: bool = False) -> T:
        """Run `work` as one transaction, after moving the timers by the clock's steps
        not yet written (see `shift_timers`)."""
        # The part of the steps no other write is applying now: two writes at once (over
        # PostgreSQL, or queued for SQLite's writer) must not both move the timers.
        shift = self._timer_shift - self._shift_applying
        self._shift_applying += shift

        def shifted(db: Connection) -> T:
            if shift:  # (a claim's lease is a time, too)
                db.execute(
                    "UPDATE timers SET due_at = due_at + ?, claimed_until = claimed_until + ?",
                    (shift, shift),
                )
            return work(db)

        try:
            result = await self.engine.write(shifted, background=background)
        finally:
            self._shift_applying -= shift  # (rolled back: the next write applies it)
        self._timer_shift -= shift  # applied with the write (a step meanwhile stays)
        return result

    async def _read(self, sql: str, args: tuple[Any, ...]) -> tuple[list[Row], float]:
        """The rows of a query, and the timer shift still to apply to them."""
        rows = await self.engine.read(sql, args)
        return rows, self._timer_shift

    async def _fetchall(self, sql: str, args: tuple[Any, ...] = ()) -> list[Row]:
        rows, _ = await self._read(sql, args)
        return rows

    async def _fetchone(self, sql: str, args: tuple[Any, ...] = ()) -> Row | None:
        rows = await self._fetchall(sql, args)
        return rows[0] if rows else None

    # -- decoding ------------------------------------------------------------------------

    def _decode(self, game_id: int, column: str, text: Any, fallback: Any = RAISE) -> Any:
        """A JSON column of a game's row (the one place they are decoded). An unreadable
        value marks the game unreadable, then gives `fallback` (or raises Unreadable)."""
        try:
            return decode_object(text, column)
        except Unreadable as error:
            self._unreadable.setdefault(game_id, str(error))
            if fallback is RAISE:
                raise
            return fallback

    def unreadable(self, game_id: int) -> str | None:
        """What of the game's stored rows could not be read, if anything was."""
        return self._unreadable.get(game_id)

    def _game(self, row: Row) -> GameRow:
        values = dict(row)
        game_id = values["id"]
        values["options"] = self._decode(game_id, "options", values["options"], {})
        state = values["state"]
        values["state"] = None if state is None else self._decode(game_id, "state", state, None)
        return GameRow(**values)

    def _timer(self, row: Row, shift: float) -> TimerRow:
        return TimerRow(
            id=row["id"],
            game_id=row["game_id"],
            kind=row["kind"],
            due_at=row["due_at"] + shift,
            payload=self._decode(row["game_id"], "a timer's payload", row["payload"], {}),
            version=row["version"],
        )

    async def _timers(self, sql: str, args: tuple[Any, ...]) -> list[TimerRow]:
        rows, shift = await self._read(sql, args)
        return [self._timer(row, shift) for row in rows]

    # -- schema --------------------------------------------------------------------------

    async def migrate(self, folder: Path = MIGRATIONS) -> list[int]:
        """Apply the numbered `NNN_name.sql` files not yet recorded, in order (several
        processes starting at once apply each once). Raises DatabaseUnusable for a
        database a newer release has migrated further."""
        dialect = self.engine.dialect

        def create(db: Connection) -> None:
            if dialect.migration_lock:
                db.execute(dialect.migration_lock)
            db.execute(migrations.CREATE_TABLE)

        await self._write(create)
        done = set(await self.applied_migrations())
        files = migration_files(folder)
        newer = migrations.newer_schema(max(done, default=0), files, self.engine.name, dialect)
        if newer is not None:
            raise DatabaseUnusable(newer)
        applied = []
        for number, path in files:
            if number in done:
                continue
            statements = migrations.statements(path, dialect)

            apply = partial(
                _migration, dialect.migration_lock, statements, number=number, name=path.name
            )
            if await self._write(apply):
                applied.append(number)
        return applied

    async def applied_migrations(self) -> list[int]:
        rows = await self._fetchall("SELECT version FROM schema_migrations ORDER BY version")
        return [row["version"] for row in rows]

    # -- games ---------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        parent_id: int | None,
        kind: str,
        options: dict[str, Any],
        host_id: int,
        host_name: str,
        locale: str,
        seed: int,
        now: float,
        timers: Sequence[TimerUpdate] = (),
        notice: Notice | None = None,
        previous_id: int | None = None,
        computers: Sequence[PlayerRow] = (),
    ) -> GameRow:
        """A new game in its lobby, with the host seated first and `computers` after
        (and its lobby's timers, e.g. a scheduled start); `previous_id`: the game it is
        a rematch of."""
        values = (guild_id, channel_id, parent_id, kind, dumps(options), host_id, locale, seed)

        def create(db: Connection) -> int:
            game_id = int(
                db.execute(
                    "INSERT INTO games (guild_id, channel_id, parent_id, kind, options, host_id,"
                    " locale, seed, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?)"
                    " RETURNING id",
                    (*values, now, now),
                ).fetchone()["id"]
            )
            db.execute(
                "INSERT INTO players (game_id, seat, user_id, display_name) VALUES (?, 0, ?, ?)",
                (game_id, host_id, host_name),
            )
            for seat, computer in enumerate(computers, start=1):
                db.execute(
                    "INSERT INTO players (game_id, seat, user_id, display_name, computer)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, seat, computer.user_id, computer.display_name, computer.computer),
                )
            if previous_id is not None:
                db.execute("INSERT INTO rematches VALUES (?, ?)", (game_id, previous_id))
            for timer in timers:
                update_timer(db, game_id, timer, 0)
            if notice is not None:
                to_outbox(db, game_id, 0, notice, now)
            return game_id

        try:
            game_id = await self._write(create)
        except Duplicate as error:
            raise ChannelBusy(channel_id) from error
        game = await self.game(game_id)
        assert game is not None
        return game

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return self._game(row) if row else None

    async def version(self, game_id: int) -> int | None:
        """The game's stored version (None: no such game)."""
        rows = await self.engine.read_small("SELECT version FROM games WHERE id = ?", (game_id,))
        return int(rows[0]["version"]) if rows else None

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?"
            " AND status IN ('lobby', 'running')",
            (channel_id,),
        )
        return self._game(row) if row else None

    async def open_lobbies(self, guild_id: int, host_id: int, channel_id: int) -> tuple[int, int]:
        """How many lobbies of the guild are open: hosted by `host_id`, and opened from
        `channel_id` (a thread's parent, or the channel a game is played in)."""
        row = await self._fetchone(
            "SELECT COUNT(*) FILTER (WHERE host_id = ?) AS hosted,"
            " COUNT(*) FILTER (WHERE COALESCE(parent_id, channel_id) = ?) AS here"
            " FROM games WHERE guild_id = ? AND status = 'lobby'",
            (host_id, channel_id, guild_id),
        )
        return (int(row["hosted"]), int(row["here"])) if row is not None else (0, 0)

    async def games_in_guild(self, guild_id: int, limit: int = 25) -> list[GameRow]:
        """The guild's games, open ones first, newest first."""
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ?"
            " ORDER BY status NOT IN ('lobby', 'running'), updated_at DESC LIMIT ?",
            (guild_id, limit),
        )
        return [self._game(row) for row in rows]

    async def hosted(self, guild_id: int, host_id: int, kind: str) -> int:
        """How many games of `kind` the member has hosted on the server (any status)."""
        row = await self._fetchone(
            "SELECT COUNT(*) AS n FROM games WHERE guild_id = ? AND host_id = ? AND kind = ?",
            (guild_id, host_id, kind),
        )
        return int(row["n"]) if row is not None else 0

    async def place_gone(self, channel_id: int) -> None:
        """Remember that a thread or channel that held a game was deleted."""
        await self._write(
            lambda db: db.execute(
                "INSERT INTO places_gone SELECT ?"
                " WHERE EXISTS (SELECT 1 FROM games WHERE channel_id = ?)"
                " ON CONFLICT DO NOTHING",
                (channel_id, channel_id),
            )
        )

    async def places_gone(self, channel_ids: Iterable[int]) -> set[int]:
        """Those of the channels that were deleted (see `place_gone`)."""
        wanted = sorted(set(channel_ids))
        if not wanted:
            return set()
        marks = ",".join("?" * len(wanted))
        rows = await self._fetchall(
            f"SELECT channel_id FROM places_gone WHERE channel_id IN ({marks})", tuple(wanted)
        )
        return {row["channel_id"] for row in rows}

    async def guild_locale(self, guild_id: int) -> str | None:
        """The server's default language for its games, set by an admin; None: unset."""
        row = await self._fetchone(
            "SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return str(row["locale"]) if row is not None else None

    async def set_guild_locale(self, guild_id: int, locale: str) -> None:
        await self._write(
            lambda db: db.execute(
                "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                (guild_id, locale),
            )
        )

    async def players(self, game_id: int) -> list[PlayerRow]:
        rows = await self._fetchall(
            "SELECT seat, user_id, display_name, timeouts, away, dms_closed, computer"
            " FROM players WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [
            PlayerRow(
                row["seat"],
                row["user_id"],
                clean_name(row["display_name"]),  # stored before names were cleaned, too
                row["timeouts"],
                bool(row["away"]),
                bool(row["dms_closed"]),
                row["computer"],
            )
            for row in rows
        ]

    async def join(
        self,
        game_id: int,
        user_id: int,
        name: str,
        *,
        expected: int,
        now: float,
        notice: Notice | None = None,
        computer: str | None = None,
    ) -> int:
        """Seat the user last (in a rematch's lobby: see `seat_as_before`); the new
        version. `computer`: the level of a computer player seated so. Raises
        VersionConflict."""

        def join(db: Connection) -> int:
            version = bump(db, game_id, expected, now, notice=notice)
            db.execute(
                "INSERT INTO players (game_id, seat, user_id, display_name, computer)"
                " SELECT ?, COALESCE(MAX(seat) + 1, 0), ?, ?, ? FROM players WHERE game_id = ?",
                (game_id, user_id, name, computer, game_id),
            )
            seat_as_before(db, game_id)
            return version

        return await self._write(join)

    async def leave(
        self, game_id: int, user_id: int, *, expected: int, now: float, notice: Notice | None = None
    ) -> int:
        """Unseat the user and close the gap in seat order; the new version."""

        def leave(db: Connection) -> int:
            version = bump(db, game_id, expected, now, notice=notice)
            row = db.execute(
                "SELECT seat FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            ).fetchone()
            if row is not None:
                db.execute(
                    "DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                )
                # Two steps so the primary key never sees two rows on one seat.
                db.execute(
                    "UPDATE players SET seat = -seat WHERE game_id = ? AND seat > ?",
                    (game_id, row["seat"]),
                )
                db.execute(
                    "UPDATE players SET seat = -seat - 1 WHERE game_id = ? AND seat < 0",
                    (game_id,),
                )
            return version

        return await self._write(leave)

    async def start(
        self,
        game_id: int,
        state: str,
        *,
        expected: int,
        now: float,
        timers: Sequence[TimerUpdate] = (),
        state_version: int = 1,
        host_id: int | None = None,
        notice: Notice | None = None,
    ) -> int:
        """The lobby becomes a running game with its first state (JSON) and deadline;
        with `host_id`, the seats turn so the host sits first (`seat_host_first`)."""
        encoded = state

        def start(db: Connection) -> int:
            version = bump(
                db,
                game_id,
                expected,
                now,
                state=encoded,
                status="running",
                schema=state_version,
                notice=notice,
            )
            if host_id is not None:
                seat_host_first(db, game_id, host_id)
            for timer in timers:
                update_timer(db, game_id, timer, version)
            return version

        return await self._write(start)

    async def commit_action(
        self,
        game_id: int,
        *,
        expected: int,
        user_id: int | None,
        action: dict[str, Any],
        state: str,
        status: str = "running",
        now: float,
        timers: Sequence[TimerUpdate] = (),
        state_version: int = 1,
        seats: Sequence[PlayerRow] = (),
        notice: Notice | None = None,
        finished: Finished | None = None,
    ) -> int:
        """Log the action, store the state it produced (JSON) and set or cancel the
        deadline it brought, in one transaction. A game that ends loses all its timers.
        `seats`: players whose absence changed (timeouts in a row, away). `finished`:
        the game ended, recorded for the statistics (and ratings) in the same transaction.

        Raises VersionConflict when another action landed since `expected`.
        """
        encoded_state, encoded_action = state, dumps(action)
        for_update = self.engine.dialect.for_update

        def commit(db: Connection) -> int:
            version = bump(
                db,
                game_id,
                expected,
                now,
                state=encoded_state,
                status=status,
                schema=state_version,
                notice=notice,
            )
            db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                (game_id, version, user_id, encoded_action, now),
            )
            update_seats(db, game_id, seats)
            if status != "running":
                db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            if finished is not None:
                record_finish(db, finished, for_update)
            else:
                for timer in timers:
                    update_timer(db, game_id, timer, version)
            return version

        return await self._write(commit)

    async def pause(
        self,
        game_id: int,
        remaining: float | None,
        *,
        expected: int,
        now: float,
        timers: Sequence[TimerUpdate] = (),
        notice: Notice | None = None,
    ) -> int:
        """Pause (`remaining`: the phase's seconds left, -1 for none) or resume (None) a
        game, with the timers that changes (dropped on a pause, set again on resume),
        in one transaction."""

        def pause(db: Connection) -> int:
            version = bump(db, game_id, expected, now, notice=notice)
            db.execute("UPDATE games SET paused_remaining = ? WHERE id = ?", (remaining, game_id))
            for timer in timers:
                update_timer(db, game_id, timer, version)
            return version

        return await self._write(pause)

    async def set_absence(
        self,
        game_id: int,
        seats: Sequence[PlayerRow],
        *,
        expected: int,
        now: float,
        notice: Notice | None = None,
    ) -> int:
        """Mark players away or back (the host's word, or a player's own)."""

        def mark(db: Connection) -> int:
            version = bump(db, game_id, expected, now, notice=notice)
            update_seats(db, game_id, seats)
            return version

        return await self._write(mark)

    async def close_game(
        self,
        game_id: int,
        status: str,
        *,
        expected: int,
        now: float,
        notice: Notice | None = None,
    ) -> int:
        """End a game as cancelled, aborted or finished; its timers go with it."""

        def close(db: Connection) -> int:
            version = bump(db, game_id, expected, now, status=status, notice=notice)
            db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            return version

        return await self._write(close)

    async def set_table_message(
        self,
        game_id: int,
        message_id: int | None,
        *,
        posted_at: float | None,
        chapter: str,
        moved_from: int | None = None,
    ) -> None:
        """The message that shows the game's table now, when it was posted, the chapter
        of the game it was posted for, and the old table it replaces (to shrink); the
        nonce of a table being posted anew (`set_table_posting`) is cleared."""
        await self._write(
            lambda db: db.execute(
                "UPDATE games SET table_message_id = ?, table_posted_at = ?, table_chapter = ?,"
                " table_moved_from = ?, table_posting = NULL WHERE id = ?",
                (message_id, posted_at, chapter, moved_from, game_id),
            ),
            background=True,
        )

    async def set_table_posting(self, game_id: int, nonce: str | None) -> None:
        """The nonce of the table message about to be posted anew (None: no longer)."""
        await self._write(
            lambda db: db.execute(
                "UPDATE games SET table_posting = ? WHERE id = ?", (nonce, game_id)
            ),
            background=True,
        )

    async def table_shrunk(self, game_id: int, stub: int | None) -> None:
        """The old table message has become a link, `stub` (None: it is gone)."""
        await self._write(
            lambda db: db.execute(
                "UPDATE games SET table_moved_from = NULL, table_stub = ? WHERE id = ?",
                (stub, game_id),
            ),
            background=True,
        )

    async def record_solo(
        self, game_id: int, guild_id: int, kind: str, user_id: int, score: int, *, lowest: bool
    ) -> int | None:
        """Keep a finished solo game's score (once); the player's best score in other
        solo games of this kind on the server (the lowest where lower is better)."""
        await self._write(
            lambda db: db.execute(
                "INSERT INTO solo_scores (game_id, guild_id, kind, user_id, score)"
                " SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM stats_optout"
                " WHERE guild_id = ? AND user_id = ?) ON CONFLICT DO NOTHING",
                (game_id, guild_id, kind, user_id, score, guild_id, user_id),
            ),
            background=True,
        )
        best = "MIN" if lowest else "MAX"
        row = await self._fetchone(
            f"SELECT {best}(score) AS best FROM solo_scores"  # best: MIN or MAX, no input
            " WHERE guild_id = ? AND kind = ? AND user_id = ? AND game_id != ?",
            (guild_id, kind, user_id, game_id),
        )
        return None if row is None or row["best"] is None else int(row["best"])

    # -- controls to retire (see bot.discord.retire) ---------------------------------------

    async def keep_controls(
        self, game_id: int, channel_id: int, message_id: int, phase: str | None, rows: Any
    ) -> None:
        """A DM whose controls act in `phase`: to be shown disabled once it is over."""
        await self._write(
            lambda db: db.execute(
                "INSERT INTO controls_to_retire VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, message_id) DO UPDATE SET channel_id ="
                " excluded.channel_id, phase = excluded.phase, rows = excluded.rows",
                (game_id, message_id, channel_id, phase, dumps({"rows": rows})),
            ),
            background=True,
        )

    async def controls_to_retire(self) -> list[tuple[int, int, int, str | None, Any]]:
        """(game, channel, message, phase, rows) of every DM still to retire, of open
        games (those of games that ended meanwhile are dropped)."""
        await self._write(
            lambda db: db.execute(
                "DELETE FROM controls_to_retire WHERE game_id IN"
                " (SELECT id FROM games WHERE status NOT IN ('lobby', 'running'))"
            ),
            background=True,
        )
        rows = await self._fetchall(
            "SELECT game_id, channel_id, message_id, phase, rows FROM controls_to_retire"
            " ORDER BY game_id, message_id"
        )
        kept = []
        for r in rows:
            controls = self._decode(r["game_id"], "controls to retire", r["rows"], None)
            if controls is not None:  # unreadable: its game is marked broken
                kept.append(
                    (r["game_id"], r["channel_id"], r["message_id"], r["phase"], controls["rows"])
                )
        return kept

    async def controls_retired(self, game_id: int, message_ids: Sequence[int]) -> None:
        await self._write(
            lambda db: db.executemany(
                "DELETE FROM controls_to_retire WHERE game_id = ? AND message_id = ?",
                [(game_id, m) for m in message_ids],
            ),
            background=True,
        )

    async def dm_channel(self, user_id: int) -> int | None:
        row = await self._fetchone(
            "SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,)
        )
        return int(row["channel_id"]) if row is not None else None

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._write(
            lambda db: db.execute(
                "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                (user_id, channel_id),
            ),
            background=True,
        )

    async def set_dms_closed(self, game_id: int, seat: int, closed: bool) -> None:
        await self._write(
            lambda db: db.execute(
                "UPDATE players SET dms_closed = ? WHERE game_id = ? AND seat = ?",
                (int(closed), game_id, seat),
            ),
            background=True,
        )

    async def set_table_fingerprint(
        self, game_id: int, fingerprint: str, shown: Shown | None = None
    ) -> None:
        """What the table message shows now; `shown`: a game's table, also kept by its
        version for replays (the latest drawing of a version wins)."""

        def write(db: Connection) -> None:
            db.execute(
                "UPDATE games SET table_fingerprint = ? WHERE id = ?", (fingerprint, game_id)
            )
            if shown is not None:
                db.execute(
                    "INSERT INTO table_shown (game_id, version, fingerprint, deadline_at, away)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, version) DO UPDATE SET"
                    " fingerprint = excluded.fingerprint, deadline_at = excluded.deadline_at,"
                    " away = excluded.away",
                    (game_id, shown.version, shown.fingerprint, shown.deadline_at,
                     shown.away_text),
                )  # fmt: skip

        await self._write(write, background=True)

    async def outbox(self) -> list[tuple[int, int, Notice]]:
        """Every change not yet shown: (game id, version, notice), each game's in the
        order of its versions (not by time: the wall clock may have stepped back)."""
        rows = await self._fetchall(
            "SELECT game_id, version, change FROM outbox ORDER BY game_id, version"
        )
        return [
            (row["game_id"], row["version"], notice)
            for row in rows
            # An unreadable change stays in the table, and its game is marked broken.
            if (notice := self._decode(row["game_id"], "an outbox change", row["change"], None))
            is not None
        ]

    async def delivered(self, game_id: int, version: int) -> None:
        """A change has been shown: it leaves the outbox, with its record of what was sent."""

        def forget(db: Connection) -> None:
            key = (game_id, version)
            db.execute("DELETE FROM outbox WHERE game_id = ? AND version = ?", key)
            db.execute("DELETE FROM sent WHERE game_id = ? AND version = ?", key)

        await self._write(forget, background=True)

    # -- messages sent for a change still in the outbox --------------------------------------

    async def sent(self, game_id: int, version: int) -> dict[str, tuple[int, int]]:
        """The messages of a change that went out: slot -> (channel id, message id)."""
        rows = await self._fetchall(
            "SELECT slot, channel_id, message_id FROM sent WHERE game_id = ? AND version = ?",
            (game_id, version),
        )
        return {row["slot"]: (row["channel_id"], row["message_id"]) for row in rows}

    async def record_sent(
        self, game_id: int, version: int, slot: str, channel_id: int, message_id: int
    ) -> None:
        """A message of a change went out (see `sent`)."""
        await self._write(
            lambda db: db.execute(
                "INSERT INTO sent VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, version, slot)"
                " DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id",
                (game_id, version, slot, channel_id, message_id),
            ),
            background=True,
        )

    async def actions(self, game_id: int) -> list[tuple[int, int | None, dict[str, Any]]]:
        """The action log: (sequence, user id or None, action)."""
        rows = await self._fetchall(
            "SELECT seq, user_id, action FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [
            (row["seq"], row["user_id"], self._decode(game_id, "an action", row["action"]))
            for row in rows
        ]

    # -- timers --------------------------------------------------------------------------

    async def set_timer(
        self, game_id: int, kind: str, due_at: float, payload: dict[str, Any]
    ) -> None:
        """Create or replace the game's timer of this kind (planned by its version now)."""

        def set_timer(db: Connection) -> None:
            row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
            version = row["version"] if row is not None else 0
            update_timer(db, game_id, TimerUpdate(kind, due_at, payload), version)

        await self._write(set_timer)

    async def cancel_timer(self, game_id: int, kind: str) -> None:
        await self._write(lambda db: update_timer(db, game_id, TimerUpdate(kind, None), 0))

    async def delete_fired(self, timer: TimerRow) -> None:
        """Delete a timer that fired: only the row as the version that planned it left
        it, never one set again since (by its handler, or by another process)."""
        await self._write(
            lambda db: db.execute(
                "DELETE FROM timers WHERE id = ? AND version = ? AND due_at = ? AND payload = ?",
                (timer.id, timer.version, timer.due_at, dumps(timer.payload)),
            )
        )

    def shift_timers(self, seconds: float) -> None:
        """Move every stored timer by `seconds` (the wall clock stepped), so each keeps
        the time it had left. Takes effect at once for reads, and is written with the
        next write, before anything that write plans (already in the new time)."""
        self._timer_shift += seconds

    async def next_timer(self, excluding: Iterable[int] = ()) -> TimerRow | None:
        """The timer due first, leaving out those with the ids in `excluding`."""
        skip = tuple(excluding)
        unless = f"WHERE id NOT IN ({','.join('?' * len(skip))})" if skip else ""
        rows = await self._timers(
            f"SELECT * FROM timers {unless} ORDER BY due_at, id LIMIT 1", skip
        )
        return rows[0] if rows else None

    async def next_wake(self, now: float, excluding: Iterable[int] = ()) -> float | None:
        """When this process may next fire a timer (leaving out `excluding`): the first
        due time, or for a timer another process holds, the end of its claim."""
        skip = tuple(excluding)
        shift = self._timer_shift
        row = await self._fetchone(claims.next_wake_sql(skip), (now - shift, self.owner, *skip))
        return None if row is None or row["at"] is None else float(row["at"]) + shift

    async def claim_timer(
        self, now: float, excluding: Iterable[int] = (), lease: float = claims.TIMER_LEASE
    ) -> TimerRow | None:
        """The first due timer (leaving out `excluding`) no other process holds, now
        held by this one for `lease` seconds; None if there is none."""
        skip, dialect = tuple(excluding), self.engine.dialect

        def claim(db: Connection) -> Any:
            if dialect.unsynced:
                db.execute(dialect.unsynced)
            return claims.claim_timer(db, self.owner, now, lease, skip, dialect.skip_locked)

        row = await self._write(claim)
        return None if row is None else self._timer(row, 0.0)

    async def renew_timer(self, timer: TimerRow, until: float) -> None:
        await self._write(
            partial(claims.renew_timer, owner=self.owner, timer_id=timer.id, until=until),
            background=True,
        )

    async def claim_delivery(
        self, game_id: int, now: float, lease: float = claims.DELIVERY_LEASE
    ) -> bool:
        """Whether this process may show the game's changes now (and holds them for
        `lease` seconds): no other process is showing them."""
        dialect = self.engine.dialect

        def claim(db: Connection) -> bool:
            if dialect.unsynced:
                db.execute(dialect.unsynced)
            return claims.claim_delivery(db, self.owner, game_id, now, lease)

        return await self._write(claim, background=True)

    async def release_delivery(self, game_id: int) -> None:
        dialect = self.engine.dialect

        def release(db: Connection) -> None:
            if dialect.unsynced:
                db.execute(dialect.unsynced)
            claims.release_delivery(db, self.owner, game_id)

        await self._write(release, background=True)

    async def pending(self, game_id: int) -> list[tuple[int, Notice]]:
        """The game's changes not yet shown: (version, notice), in version order."""
        rows = await self.engine.read_small(
            "SELECT version, change FROM outbox WHERE game_id = ? ORDER BY version", (game_id,)
        )
        return [
            (row["version"], notice)
            for row in rows
            if (notice := self._decode(game_id, "an outbox change", row["change"], None))
            is not None
        ]

    async def unclaimed_outbox(self, now: float, older_than: float) -> list[int]:
        """Games with changes committed before `older_than` that no process is showing
        (their process died): another must show them."""
        rows = await self._fetchall(
            "SELECT DISTINCT game_id FROM outbox WHERE created_at < ? AND game_id NOT IN"
            " (SELECT game_id FROM deliveries WHERE claimed_until > ?) ORDER BY game_id",
            (older_than, now),
        )
        return [int(row["game_id"]) for row in rows]

    async def timers(self, game_id: int) -> list[TimerRow]:
        return await self._timers(
            "SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,)
        )


def _migration(
    lock: str | None, statements: list[str], db: Connection, *, number: int, name: str
) -> bool:
    if lock:
        db.execute(lock)
    return migrations.apply(db, statements=statements, number=number, name=name)
