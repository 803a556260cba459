-- Timers and deliveries are claimed, not owned: any process may fire a due timer or
-- show a game's committed changes. A claim names its process and lasts until its
-- lease runs out (Unix seconds), so the claims of a process that died lapse by
-- themselves and another process takes its work over.
ALTER TABLE timers ADD COLUMN claimed_by TEXT;
ALTER TABLE timers ADD COLUMN claimed_until REAL;
-- The process showing a game's changes (its outbox rows, in version order): one at a
-- time per game, so two processes never interleave one game's messages.
CREATE TABLE deliveries (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    claimed_by    TEXT    NOT NULL,
    claimed_until REAL    NOT NULL
);
