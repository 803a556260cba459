-- The table message that was replaced by a new one at the bottom and still has to shrink
-- to a link (stored with the new table's id, so a crash in between cannot leave the old
-- table's buttons live).
ALTER TABLE games ADD COLUMN table_moved_from INTEGER;
