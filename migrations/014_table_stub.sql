-- The newest old table shrunk to a link ("the table moved down"): the link before it is
-- deleted when the next one is made, so a long game leaves one such line, not dozens.
ALTER TABLE games ADD COLUMN table_stub INTEGER;
