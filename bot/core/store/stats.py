"""What a server remembers of its finished games (migrations/019_stats.sql): recorded
in the transaction that ends a game (`record_finish`), read by /stats, /leaderboard and
/history (`StatsStore`), removed by /stats forget and a leaderboard's reset.

Only finished games have rows here: nothing of a game still running can be shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.core.ratings import Rating, is_person, rate
from bot.core.store.engine import Connection, Row
from bot.core.store.rows import PlayerRow
from games.engine import Match, Result, Seat, free_for_all

if TYPE_CHECKING:
    from bot.core.store.queries import Store

MIN_GAMES = 5  # rated games before a player is ranked (fewer: listed apart as newcomers)
# Every table with rows of a member on a server (`forget_member` empties them).
MEMBER_TABLES = (
    "result_seats", "ratings", "solo_scores", "member_totals", "member_streaks",
)  # fmt: skip


@dataclass(frozen=True)
class Finished:
    """A game as it ended, for the statistics."""

    game_id: int
    guild_id: int
    kind: str
    channel_id: int
    finished_at: float
    players: tuple[PlayerRow, ...]  # by seat, as the game ended (who is away)
    result: Result
    matches: tuple[Match, ...]
    final: str  # the public view at the end (JSON)


def record_finish(db: Connection, finished: Finished, for_update: str = "") -> bool:
    """(In the transaction that ends the game.) Record the game and move its people's
    ratings, once per game: for a game recorded before, nothing changes. A game no
    person played to the end (every one of them away) does not count. `for_update`:
    what locks the rating rows read (PostgreSQL: two games ending at once for one
    player do not both start from the same rating). Whether it was recorded now."""
    people = [p for p in finished.players if is_person(p)]
    if not people or all(p.away for p in people):
        return False
    left = _left(db, finished.guild_id, [p.user_id for p in people])
    counted = [p for p in people if p.user_id not in left]
    result = finished.result
    inserted = db.execute(
        "INSERT INTO results (game_id, guild_id, kind, channel_id, finished_at, people, rated,"
        " lower_is_better, final) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)"
        " ON CONFLICT (game_id) DO NOTHING",
        (
            finished.game_id,
            finished.guild_id,
            finished.kind,
            finished.channel_id,
            finished.finished_at,
            len(people),
            int(result.lower_is_better),
            finished.final,
        ),
    ).rowcount
    if inserted != 1:
        return False  # recorded already: rated once
    after = _rate(db, finished, counted, for_update) if len(counted) >= 2 else {}
    if after:
        db.execute("UPDATE results SET rated = 1 WHERE game_id = ?", (finished.game_id,))
    places = free_for_all(result).places
    alone = len(people) == 1  # nobody to win against: neither won nor lost
    db.executemany(
        "INSERT INTO result_seats (game_id, seat, guild_id, kind, user_id, display_name, score,"
        " lower_is_better, won, place, mu, sigma, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                finished.game_id,
                p.seat,
                finished.guild_id,
                finished.kind,
                p.user_id,
                p.display_name,
                result.scores[p.seat],
                int(result.lower_is_better),
                None if alone else int(p.seat in result.winners),
                places[p.seat],
                after[p.seat].mu if p.seat in after else None,
                after[p.seat].sigma if p.seat in after else None,
                finished.finished_at,
            )
            for p in counted
        ],
    )
    _add_totals(db, finished, counted, alone)
    return True


def _add_totals(
    db: Connection, finished: Finished, counted: Sequence[PlayerRow], alone: bool
) -> None:
    """Count the game in each counted player's totals and streaks (see migration 020)."""
    result, kind, guild = finished.result, finished.kind, finished.guild_id
    lower = int(result.lower_is_better)
    higher = "excluded.high > member_totals.high"
    db.executemany(
        "INSERT INTO member_totals (guild_id, user_id, kind, lower_is_better, games, decided,"
        " wins, score_sum, high, high_game, low, last_at)"
        " VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, user_id, kind, lower_is_better) DO UPDATE SET"
        " games = member_totals.games + 1,"
        " decided = member_totals.decided + excluded.decided,"
        " wins = member_totals.wins + excluded.wins,"
        " score_sum = member_totals.score_sum + excluded.score_sum,"
        f" high_game = CASE WHEN {higher} THEN excluded.high_game ELSE member_totals.high_game END,"
        f" high = CASE WHEN {higher} THEN excluded.high ELSE member_totals.high END,"
        " low = CASE WHEN excluded.low < member_totals.low THEN excluded.low"
        " ELSE member_totals.low END,"
        " last_at = excluded.last_at",
        [
            (guild, p.user_id, kind, lower, int(not alone),
             int(not alone and p.seat in result.winners), result.scores[p.seat],
             result.scores[p.seat], finished.game_id, result.scores[p.seat],
             finished.finished_at)
            for p in counted
        ],
    )  # fmt: skip
    if alone:
        return
    db.executemany(
        "INSERT INTO member_streaks (guild_id, user_id, kind, streak) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (guild_id, user_id, kind) DO UPDATE SET streak = CASE"
        " WHEN excluded.streak > 0 AND member_streaks.streak > 0 THEN member_streaks.streak + 1"
        " WHEN excluded.streak < 0 AND member_streaks.streak < 0 THEN member_streaks.streak - 1"
        " ELSE excluded.streak END",
        [
            (guild, p.user_id, which, 1 if p.seat in result.winners else -1)
            for p in counted
            for which in (kind, "")
        ],
    )


def _left(db: Connection, guild_id: int, user_ids: Sequence[int]) -> set[int]:
    """Those of the members who left the server's statistics (/stats forget)."""
    marks = ",".join("?" * len(user_ids))
    rows = db.execute(
        f"SELECT user_id FROM stats_optout WHERE guild_id = ? AND user_id IN ({marks})",
        (guild_id, *user_ids),
    ).fetchall()
    return {row["user_id"] for row in rows}


def _rate(
    db: Connection, finished: Finished, counted: Sequence[PlayerRow], for_update: str
) -> dict[Seat, Rating]:
    """Move the counted players' ratings by the game's matches; the seats' new ones."""
    key = (finished.guild_id, finished.kind)
    ordered = sorted(counted, key=lambda p: p.user_id)  # one lock order for every game
    start, now = Rating(), finished.finished_at
    # A row for every player first: a concurrent game's insert waits for this one (or
    # this for it), and the read below then sees, and locks, the committed row.
    db.executemany(
        "INSERT INTO ratings (guild_id, kind, user_id, display_name, mu, sigma, conservative,"
        " games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)"
        " ON CONFLICT (guild_id, kind, user_id) DO NOTHING",
        [(*key, p.user_id, p.display_name, start.mu, start.sigma, start.conservative, now)
         for p in ordered],
    )  # fmt: skip
    marks = ",".join("?" * len(ordered))
    rows = db.execute(
        f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND kind = ?"
        f" AND user_id IN ({marks}) ORDER BY user_id{for_update}",
        (*key, *(p.user_id for p in ordered)),
    ).fetchall()
    held = {row["user_id"]: Rating(row["mu"], row["sigma"]) for row in rows}
    before = {p.seat: held[p.user_id] for p in counted}
    after = rate(finished.matches, before)
    moved = {seat: rating for seat, rating in after.items() if rating != before[seat]}
    db.executemany(
        "UPDATE ratings SET display_name = ?, mu = ?, sigma = ?, conservative = ?,"
        " games = games + 1, updated_at = ? WHERE guild_id = ? AND kind = ? AND user_id = ?",
        [
            (p.display_name, r.mu, r.sigma, r.conservative, now, *key, p.user_id)
            for p in ordered
            if (r := moved.get(p.seat)) is not None
        ],
    )
    return moved


def forget_member(db: Connection, guild_id: int, user_id: int) -> None:
    """A member leaves the server's statistics: every row of theirs goes (their solo
    games' records with them), and their later games are not recorded for them."""
    member = (guild_id, user_id)
    db.execute(
        "DELETE FROM results WHERE people = 1 AND game_id IN"
        " (SELECT game_id FROM result_seats WHERE guild_id = ? AND user_id = ?)",
        member,
    )
    for table in MEMBER_TABLES:
        db.execute(f"DELETE FROM {table} WHERE guild_id = ? AND user_id = ?", member)
    db.execute(
        "INSERT INTO stats_optout (guild_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
        member,
    )


def reset_board(db: Connection, guild_id: int, kind: str) -> None:
    """A server admin starts a game's leaderboard afresh: ratings (and their history)
    and solo bests go; the games played stay in the history."""
    board = (guild_id, kind)
    db.execute("DELETE FROM ratings WHERE guild_id = ? AND kind = ?", board)
    db.execute("DELETE FROM solo_scores WHERE guild_id = ? AND kind = ?", board)
    db.execute(
        "UPDATE result_seats SET mu = NULL, sigma = NULL WHERE guild_id = ? AND kind = ?"
        " AND mu IS NOT NULL",
        board,
    )


# -- reading --------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameLine:
    """A member's games of one kind (scores of one direction: lower or higher better)."""

    kind: str
    games: int
    decided: int  # games with someone to win against
    wins: int
    best: int
    average: float
    lower_is_better: bool
    last: float  # when the latest ended


@dataclass(frozen=True)
class Rated:
    """A member's rating in one game, and where it places them."""

    user_id: int
    kind: str
    rating: Rating
    games: int
    rank: int | None = None  # 1-based among the ranked; None: too few games
    ranked: int = 0  # how many are ranked


@dataclass(frozen=True)
class MemberStats:
    lines: tuple[GameLine, ...]
    ratings: dict[str, Rated]
    streak: int  # the current run: wins (> 0) or games not won (< 0), newest first
    left: bool  # the member left the statistics


@dataclass(frozen=True)
class BoardPage:
    kind: str
    page: int  # 0-based, within the pages there are now
    pages: int
    ranked: int  # players with enough games
    newcomers: int  # players with fewer
    rows: tuple[Rated, ...]  # this page's: ranked ones, or newcomers past them
    first: int  # the 1-based position of the page's first row in its list
    solo: tuple[tuple[int, int], ...]  # (user, best solo score): on the first page


@dataclass(frozen=True)
class SeatLine:
    user_id: int
    score: int
    won: bool


@dataclass(frozen=True)
class PastGame:
    game_id: int
    kind: str
    channel_id: int
    finished_at: float
    people: int
    seats: tuple[SeatLine, ...]  # best first (a member who left the statistics is missing)


@dataclass(frozen=True)
class HistoryPage:
    page: int
    pages: int
    games: tuple[PastGame, ...]


def pages_of(count: int, per_page: int) -> int:
    return max(1, -(-count // per_page))


class StatsStore:
    """The statistics' reads and the writes a member or an admin asks for."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def _rows(self, sql: str, *args: Any) -> list[Row]:
        return await self._store.engine.read(sql, args)

    # -- a member ----------------------------------------------------------------------

    async def member(self, guild_id: int, user_id: int, kind: str | None) -> MemberStats:
        """The member's totals per game (of `kind` only, if given), ratings and streak."""
        only, args = (" AND kind = ?", (kind,)) if kind else ("", ())
        rows = await self._rows(
            "SELECT kind, lower_is_better, games, decided, wins, score_sum, high, low, last_at"
            f" FROM member_totals WHERE guild_id = ? AND user_id = ?{only}",
            guild_id, user_id, *args,
        )  # fmt: skip
        lines = [
            GameLine(
                kind=row["kind"],
                games=int(row["games"]),
                decided=int(row["decided"]),
                wins=int(row["wins"]),
                best=int(row["low"] if row["lower_is_better"] else row["high"]),
                average=int(row["score_sum"]) / int(row["games"]),
                lower_is_better=bool(row["lower_is_better"]),
                last=float(row["last_at"]),
            )
            for row in rows
        ]
        ratings = {}
        for row in await self._rows(
            "SELECT kind, mu, sigma, games FROM ratings WHERE guild_id = ? AND user_id = ?"
            f" AND games > 0{only}",
            guild_id, user_id, *args,
        ):  # fmt: skip
            rated = Rated(user_id, row["kind"], Rating(row["mu"], row["sigma"]), row["games"])
            ratings[rated.kind] = await self._placed(guild_id, rated)
        streak = await self._rows(
            "SELECT streak FROM member_streaks WHERE guild_id = ? AND user_id = ? AND kind = ?",
            guild_id, user_id, kind or "",
        )  # fmt: skip
        left = await self._rows(
            "SELECT 1 AS x FROM stats_optout WHERE guild_id = ? AND user_id = ?",
            guild_id, user_id,
        )  # fmt: skip
        return MemberStats(
            lines=tuple(_merged(lines)),
            ratings=ratings,
            streak=int(streak[0]["streak"]) if streak else 0,
            left=bool(left),
        )

    async def _placed(self, guild_id: int, rated: Rated) -> Rated:
        """The rating with its place on the game's leaderboard."""
        if rated.games < MIN_GAMES:
            return rated
        (row,) = await self._rows(
            "SELECT COUNT(*) AS ranked, COUNT(*) FILTER (WHERE conservative > ?) AS above"
            " FROM ratings WHERE guild_id = ? AND kind = ? AND games >= ?",
            rated.rating.conservative, guild_id, rated.kind, MIN_GAMES,
        )  # fmt: skip
        return Rated(
            rated.user_id,
            rated.kind,
            rated.rating,
            rated.games,
            rank=int(row["above"]) + 1,
            ranked=int(row["ranked"]),
        )

    async def rating_history(
        self, guild_id: int, user_id: int, kind: str, last: int = 60
    ) -> list[Rating]:
        """The member's rating after each of their last rated games of `kind`, oldest first."""
        rows = await self._rows(
            "SELECT mu, sigma FROM result_seats WHERE guild_id = ? AND user_id = ? AND kind = ?"
            " AND mu IS NOT NULL ORDER BY finished_at DESC, game_id DESC LIMIT ?",
            guild_id, user_id, kind, last,
        )  # fmt: skip
        return [Rating(row["mu"], row["sigma"]) for row in reversed(rows)]

    async def best_game(
        self, guild_id: int, user_id: int, kind: str
    ) -> tuple[int, int, int, Any] | None:
        """The member's best-scoring game of `kind` (higher is better): its id, their
        seat and score, and that game's public final table (JSON, decoded)."""
        rows = await self._rows(
            "SELECT result_seats.game_id, seat, score, final FROM member_totals"
            " JOIN result_seats ON result_seats.game_id = high_game"
            " AND result_seats.user_id = member_totals.user_id"
            " JOIN results ON results.game_id = high_game"
            " WHERE member_totals.guild_id = ? AND member_totals.user_id = ?"
            " AND member_totals.kind = ? AND member_totals.lower_is_better = 0",
            guild_id, user_id, kind,
        )  # fmt: skip
        if not rows:
            return None
        row = rows[0]
        final = self._store._decode(row["game_id"], "a final table", row["final"], None)
        if final is None:
            return None
        return int(row["game_id"]), int(row["seat"]), int(row["score"]), final

    # -- a game's leaderboard ---------------------------------------------------------------

    async def board(self, guild_id: int, kind: str, page: int, per_page: int) -> BoardPage:
        """A page of the game's leaderboard: the ranked by conservative rating, then the
        newcomers. A page past the end (the board shrank since) shows the last one."""
        (counts,) = await self._rows(
            "SELECT COUNT(*) FILTER (WHERE games >= ?) AS ranked,"
            " COUNT(*) FILTER (WHERE games > 0 AND games < ?) AS newcomers"
            " FROM ratings WHERE guild_id = ? AND kind = ?",
            MIN_GAMES, MIN_GAMES, guild_id, kind,
        )  # fmt: skip
        ranked, newcomers = int(counts["ranked"]), int(counts["newcomers"])
        ranked_pages = -(-ranked // per_page)
        pages = max(1, ranked_pages + -(-newcomers // per_page))
        page = min(max(page, 0), pages - 1)
        if page < ranked_pages or newcomers == 0:
            rows = await self._rows(
                "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ?"
                " AND games >= ? ORDER BY conservative DESC, user_id LIMIT ? OFFSET ?",
                guild_id, kind, MIN_GAMES, per_page, page * per_page,
            )  # fmt: skip
            first, rank = page * per_page + 1, True
        else:
            offset = (page - ranked_pages) * per_page
            rows = await self._rows(
                "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ?"
                " AND games > 0 AND games < ? ORDER BY conservative DESC, user_id LIMIT ? OFFSET ?",
                guild_id, kind, MIN_GAMES, per_page, offset,
            )  # fmt: skip
            first, rank = offset + 1, False
        listed = tuple(
            Rated(
                row["user_id"],
                kind,
                Rating(row["mu"], row["sigma"]),
                row["games"],
                rank=first + i if rank else None,
                ranked=ranked,
            )
            for i, row in enumerate(rows)
        )
        solo: tuple[tuple[int, int], ...] = ()
        if page == 0:
            bests = await self._rows(
                "SELECT user_id, MAX(score) AS best FROM solo_scores"
                " WHERE guild_id = ? AND kind = ? GROUP BY user_id"
                " ORDER BY best DESC, user_id LIMIT 5",
                guild_id, kind,
            )  # fmt: skip
            solo = tuple((int(row["user_id"]), int(row["best"])) for row in bests)
        return BoardPage(kind, page, pages, ranked, newcomers, listed, first, solo)

    # -- the server's history ---------------------------------------------------------------

    async def history(self, guild_id: int, page: int, per_page: int) -> HistoryPage:
        """A page of the server's finished games, newest first."""
        (count,) = await self._rows(
            "SELECT COUNT(*) AS n FROM results WHERE guild_id = ?", guild_id
        )
        pages = pages_of(int(count["n"]), per_page)
        page = min(max(page, 0), pages - 1)
        rows = await self._rows(
            "SELECT game_id, kind, channel_id, finished_at, people FROM results"
            " WHERE guild_id = ? ORDER BY finished_at DESC, game_id DESC LIMIT ? OFFSET ?",
            guild_id, per_page, page * per_page,
        )  # fmt: skip
        seats: dict[int, list[SeatLine]] = {}
        if rows:
            ids = [row["game_id"] for row in rows]
            for seat in await self._rows(
                "SELECT game_id, user_id, score, won FROM result_seats"
                f" WHERE game_id IN ({','.join('?' * len(ids))}) ORDER BY game_id, place, seat",
                *ids,
            ):
                line = SeatLine(seat["user_id"], seat["score"], bool(seat["won"]))
                seats.setdefault(seat["game_id"], []).append(line)
        games = tuple(
            PastGame(
                row["game_id"],
                row["kind"],
                row["channel_id"],
                row["finished_at"],
                row["people"],
                tuple(seats.get(row["game_id"], ())),
            )
            for row in rows
        )
        return HistoryPage(page, pages, games)

    # -- a member's and an admin's wishes -------------------------------------------------------

    async def forget(self, guild_id: int, user_id: int) -> None:
        await self._store._write(partial(forget_member, guild_id=guild_id, user_id=user_id))

    async def count_again(self, guild_id: int, user_id: int) -> None:
        """A member who left the statistics is counted again from their next game."""
        await self._store._write(
            lambda db: db.execute(
                "DELETE FROM stats_optout WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )
        )

    async def reset(self, guild_id: int, kind: str) -> None:
        await self._store._write(partial(reset_board, guild_id=guild_id, kind=kind))


def _merged(lines: list[GameLine]) -> list[GameLine]:
    """One line per game: where a game scored both ways (No Prob-Lama's variants), the
    counts add up and the best and average are those of the way played more often."""
    by_kind: dict[str, GameLine] = {}
    for line in sorted(lines, key=lambda x: x.games, reverse=True):
        known = by_kind.get(line.kind)
        if known is None:
            by_kind[line.kind] = line
            continue
        by_kind[line.kind] = GameLine(
            kind=known.kind,
            games=known.games + line.games,
            decided=known.decided + line.decided,
            wins=known.wins + line.wins,
            best=known.best,
            average=known.average,
            lower_is_better=known.lower_is_better,
            last=max(known.last, line.last),
        )
    return sorted(by_kind.values(), key=lambda x: (-x.games, -x.last))
