-- What the bot learned about each player's DMs (closed: a DM was refused), kept with
-- the game: after a restart the table is told the same as before (e.g. the night's
-- notice for players it cannot reach privately).
ALTER TABLE players ADD COLUMN dms_closed INTEGER NOT NULL DEFAULT 0;
