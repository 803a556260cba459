-- What a server remembers of its finished games (/stats, /leaderboard, /history):
-- written in the transaction that ends a game, once per game (keyed by its id).
-- Games still running, aborted, cancelled or ended with everyone away have no row.

-- One finished game: when, where, and its public final table (the engine's public
-- view as JSON: nothing a game's end does not reveal to everyone).
CREATE TABLE results (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id        INTEGER NOT NULL,
    kind            TEXT    NOT NULL,
    channel_id      INTEGER NOT NULL,      -- the game's thread (or channel)
    finished_at     REAL    NOT NULL,
    people          INTEGER NOT NULL,      -- seats played by people (see bot.stats.ratings)
    rated           INTEGER NOT NULL,      -- whether the game moved ratings
    lower_is_better INTEGER NOT NULL,
    final           TEXT    NOT NULL       -- JSON: the public view at the end
);
CREATE INDEX results_by_guild ON results (guild_id, finished_at);

-- One person's seat in a finished game. `won` is NULL in a game of one person (nobody
-- to win against); mu and sigma: the rating after this game (NULL: not rated).
CREATE TABLE result_seats (
    game_id         INTEGER NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    guild_id        INTEGER NOT NULL,
    kind            TEXT    NOT NULL,
    user_id         INTEGER NOT NULL,
    display_name    TEXT    NOT NULL,
    score           INTEGER NOT NULL,
    lower_is_better INTEGER NOT NULL,
    won             INTEGER,
    place           INTEGER NOT NULL,      -- 0: first (ties share a place)
    mu              REAL,
    sigma           REAL,
    finished_at     REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX result_seats_by_member_kind ON result_seats (guild_id, user_id, kind, finished_at);

-- A person's rating in one game on one server (Weng-Lin, openskill's Plackett-Luce):
-- mu and sigma, and `conservative` = mu - 3 sigma, the leaderboard's order.
CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,         -- as of their last rated game
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    conservative REAL    NOT NULL,
    games        INTEGER NOT NULL,         -- rated games
    updated_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, kind, conservative);
CREATE INDEX ratings_by_member ON ratings (guild_id, user_id);

-- Members who asked to leave a server's statistics (/stats forget): their later games
-- are not recorded for them either, until they ask to be counted again.
CREATE TABLE stats_optout (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
