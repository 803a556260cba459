-- Games, their players, the append-only action log and durable timers.
-- Times are Unix seconds (UTC) as REAL.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,      -- the thread (or channel) the game lives in
    parent_id        INTEGER,               -- the channel /newgame was used in
    kind             TEXT    NOT NULL,      -- the registry id, e.g. 'lama'
    options          TEXT    NOT NULL,      -- JSON of the game's options model
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'running', 'finished', 'cancelled', 'aborted')),
    host_id          INTEGER NOT NULL,
    locale           TEXT    NOT NULL DEFAULT 'en',
    seed             INTEGER NOT NULL,
    state            TEXT,                  -- JSON of the engine state once started
    version          INTEGER NOT NULL DEFAULT 0,
    table_message_id INTEGER,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);

-- One open game per thread or channel.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_guild ON games (guild_id, status);

CREATE TABLE players (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,            -- the game version this action produced
    user_id    INTEGER,                     -- NULL: the bot (a deadline passed)
    action     TEXT    NOT NULL,            -- JSON
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE timers (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: a fired timer is deleted by id
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind    TEXT    NOT NULL,               -- e.g. 'deadline', 'reminder', 'autostart'
    due_at  REAL    NOT NULL,
    payload TEXT    NOT NULL DEFAULT '{}',  -- JSON
    UNIQUE (game_id, kind)
);
CREATE INDEX timers_by_due ON timers (due_at, id);
