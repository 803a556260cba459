-- The schema version of the stored state (the game's `state_version` when it was
-- written), so a game whose state model changed is migrated when it is loaded.
ALTER TABLE games ADD COLUMN state_version INTEGER NOT NULL DEFAULT 1;
