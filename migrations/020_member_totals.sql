-- Each member's totals per game on a server, kept up to date by the transaction that
-- records a finished game (bot/core/store/stats.py), so /stats reads a few rows however
-- many games the member has played. Scores of one direction per row (No Prob-Lama's
-- variants score lower-is-better or higher-is-better).
CREATE TABLE member_totals (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    kind            TEXT    NOT NULL,
    lower_is_better INTEGER NOT NULL,
    games           INTEGER NOT NULL,
    decided         INTEGER NOT NULL,      -- games with someone to win against
    wins            INTEGER NOT NULL,
    score_sum       INTEGER NOT NULL,
    high            INTEGER NOT NULL,
    high_game       INTEGER NOT NULL,      -- the (first) game with the highest score
    low             INTEGER NOT NULL,
    last_at         REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, kind, lower_is_better)
);

-- A member's current run per game, and over every game (kind ''): wins (> 0) or games
-- not won (< 0) in a row.
CREATE TABLE member_streaks (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    streak   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, kind)
);
