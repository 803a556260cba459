"""What a server remembers of its finished games (migrations 019 and 020): recorded in
the transaction that ends a game (`record_finish`), removed by /stats forget and a
leaderboard's reset; read by /stats, /leaderboard and /history (`stats_queries`).

Only finished games have rows here: nothing of a game still running can be shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.core.ratings import Rating, is_person, rate
from bot.core.store.engine import Connection
from bot.core.store.rows import PlayerRow
from games.engine import Match, Result, Seat, free_for_all

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
        " lower_is_better, final, outcome) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)"
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
            result.model_dump_json(),
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
