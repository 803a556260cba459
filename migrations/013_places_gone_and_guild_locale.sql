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
