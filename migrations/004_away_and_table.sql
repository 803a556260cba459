-- Absent players: a seat whose time ran out twice in a row is away, and the bot plays
-- its default at once until its player is back (or the host says otherwise).
ALTER TABLE players ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;  -- in a row
ALTER TABLE players ADD COLUMN away INTEGER NOT NULL DEFAULT 0;

-- The table message follows the conversation: when it was posted (Discord limits
-- edits to messages older than an hour) and the game's chapter it was posted for.
ALTER TABLE games ADD COLUMN table_posted_at REAL;
ALTER TABLE games ADD COLUMN table_chapter TEXT NOT NULL DEFAULT '';
-- What the table message shows (a digest): an unchanged table is never edited, not
-- even after a restart, so an edit cannot tell that someone acted in secret.
ALTER TABLE games ADD COLUMN table_fingerprint TEXT NOT NULL DEFAULT '';
