-- The outbox: each committed change of a game, written in the same transaction as the
-- change itself, until the bot has shown it in Discord (table, announcements, DMs).
-- A crash between the commit and the messages loses nothing: at start-up every row
-- left here is shown, in order.
CREATE TABLE outbox (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,            -- the game version the change produced
    change     TEXT    NOT NULL,            -- JSON: kind, user, events, absences
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
