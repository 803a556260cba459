-- The game version that planned each timer: a process whose copy of the game is older
-- reloads it before it judges the timer spent, and a fired timer is deleted only as
-- that version left it (never one another process has set again since).
ALTER TABLE timers ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
