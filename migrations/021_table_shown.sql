-- What the table message showed at each version of a game (a digest, as
-- games.table_fingerprint keeps of the latest only), with the two things the action log
-- cannot replay: the end of the countdown it showed and the seats marked away. A replay
-- draws each step's table from them, the seed and the log, and is checked against the
-- digest. One row per table change; nothing here names a member (seats only).
CREATE TABLE table_shown (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,      -- the game's version the table was drawn from
    fingerprint TEXT    NOT NULL,
    deadline_at REAL,                  -- the countdown's end it showed (NULL: none)
    away        TEXT    NOT NULL DEFAULT '',  -- seats marked away then, e.g. '0,2'
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;

-- A finished game's result for every seat, computers included (the engine's Result as
-- JSON: scores, winners, direction): its page in /history and its record (download).
-- NULL for games recorded before this migration (their people's seats still tell).
ALTER TABLE results ADD COLUMN outcome TEXT;
