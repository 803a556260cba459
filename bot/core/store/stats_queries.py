"""The statistics as members and admins ask for them (/stats, /leaderboard, /history,
/stats forget, /stats reset): a few indexed reads each, whatever the server's history
(a member's totals are kept per game: see `stats.record_finish`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.core.ratings import Rating
from bot.core.store.engine import Connection, Row
from bot.core.store.stats import (
    MIN_GAMES,
    Finished,
    forget_member,
    record_finish,
    reset_board,
)  # fmt: skip

if TYPE_CHECKING:
    from bot.core.store.queries import Store


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

    # -- games that finished before the statistics (migration 022) ----------------------------

    async def backlog(self, limit: int) -> list[int]:
        """The oldest `limit` games finished before the statistics, still to record."""
        rows = await self._rows(
            "SELECT b.game_id FROM stats_backlog b JOIN games g ON g.id = b.game_id"
            " ORDER BY g.updated_at, g.id LIMIT ?",
            limit,
        )
        return [row["game_id"] for row in rows]

    async def record_backlogged(self, game_id: int, finished: Finished | None) -> None:
        """Record one of them (None: it cannot be, e.g. its state is unreadable) and take
        it off the backlog, in one transaction: recorded once, even by two processes."""
        for_update = self._store.engine.dialect.for_update

        def record(db: Connection) -> None:
            if finished is not None:
                record_finish(db, finished, for_update)
            db.execute("DELETE FROM stats_backlog WHERE game_id = ?", (game_id,))

        await self._store._write(record)


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
