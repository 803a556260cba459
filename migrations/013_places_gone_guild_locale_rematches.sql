-- Threads and channels that held a game and were deleted: /games says so rather than
-- showing a mention Discord renders as "#unknown".
CREATE TABLE places_gone (
    channel_id INTEGER PRIMARY KEY
);

-- A server's default language for its games' public messages, set by a server admin
-- (Discord's own server locale is en-US on every server that is not a Community one).
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    locale   TEXT    NOT NULL
);

-- A rematch's lobby and the game it follows: the last game's players keep their seat
-- order in it, whatever order they join in.
CREATE TABLE rematches (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    previous_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE
);
